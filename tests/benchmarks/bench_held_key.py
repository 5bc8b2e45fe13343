"""Benchmark: a trainer's memory while a key is held down (run on demand, never collected by
pytest)::

    python tests/benchmarks/bench_held_key.py              # 30 s
    python tests/benchmarks/bench_held_key.py --seconds 90

Starts the real trainer as `ezbac serve` starts a tab's (Textual's web driver, its keys in
textual-serve's packets on its standard input, a 142x36 terminal, its own data folder and
SQLite history) and, on the home screen, sends the down and up arrows in turn every 20 ms,
as a held arrow key repeats: keys that come faster than the garbage collector's settling
time (trainer.tui.collector), so the sweeps that follow a settled key never come.  Prints the
trainer's resident size (RSS) before, every 500 keys, at the end and after 4 s idle.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOWN, UP = "\x1b[B", "\x1b[A"


class BadInput(Exception):
    """Said in one line, exit status 2."""


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the key is held")
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 600:
        raise BadInput(f"--seconds: {args.seconds} is not from 1 to 600")
    with tempfile.TemporaryDirectory(prefix="ezbac-bench-held.") as folder:
        env = dict(
            os.environ,
            TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
            TEXTUAL_FPS="60",
            TEXTUAL_COLOR_SYSTEM="truecolor",
            COLUMNS="142",
            ROWS="36",
            EZBAC_HOME=str(Path(folder) / "home"),
        )
        db = str(Path(folder) / "history.sqlite3")
        trainer = subprocess.Popen(
            [sys.executable, "-m", "trainer", "--lang", "en", "--db", db],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            bufsize=0,
        )
        assert trainer.stdin is not None and trainer.stdout is not None
        stdout, stdin = trainer.stdout, trainer.stdin

        def drain() -> None:  # its frames, read and dropped as textual-serve would relay them
            while stdout.read(65536):
                pass

        def send(keys: str) -> None:
            data = keys.encode()
            stdin.write(b"D" + len(data).to_bytes(4, "big") + data)

        threading.Thread(target=drain, daemon=True).start()
        try:
            time.sleep(3.0)  # its first frame, and the collector taking over
            send(DOWN)
            time.sleep(1.0)
            before, marks, sent = _rss_mb(trainer.pid), [], 0
            started = time.monotonic()
            while time.monotonic() - started < args.seconds:
                send(UP if sent % 2 else DOWN)
                sent += 1
                time.sleep(0.02)
                if sent % 500 == 0:
                    marks.append(f"{_rss_mb(trainer.pid):.1f}")
            end = _rss_mb(trainer.pid)
            time.sleep(4.0)
            idle = _rss_mb(trainer.pid)
        finally:
            trainer.kill()
            trainer.wait()
    print(
        f"{sent} keys in {args.seconds:.0f} s: RSS {before:.1f} MB before, {end:.1f} MB at the "
        f"end, {idle:.1f} MB after 4 s idle; every 500 keys: {', '.join(marks)} MB"
    )
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BadInput as exc:
        print(f"bench_held_key: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
