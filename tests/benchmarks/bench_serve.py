"""Benchmark: `ezbac serve` with many browser tabs at once.

Run on demand (not collected by pytest)::

    python tests/benchmarks/bench_serve.py              # 10, 20, 30 tabs
    python tests/benchmarks/bench_serve.py 30 --step 30 # 30 tabs at once, one stage
    python tests/benchmarks/bench_serve.py 60 --step 15 # growing, to see what gives first

Starts the real ``ezbac serve`` (its own data folder and SQLite history, or ``--db``) and
opens tabs as a browser does, with a websocket client that speaks textual-serve's protocol
(``/ws?width=&height=``; the server sends the terminal's bytes as binary messages, the page
sends ``["stdin", keys]``): no browser, so what is measured is the server's side, not
xterm.js drawing.  Tabs are added in stages of ``--step``; at each stage it reports:

- a new tab's first frame: from the websocket opening to the home screen's title in the
  bytes received (the trainer's process started, imported and drawn), p50 / max of the
  stage's new tabs;
- memory per tab: the tab processes' proportional set size (PSS, shared pages split among
  them, from /proc/PID/smaps_rollup) and resident size (RSS), mean; and ``ezbac serve``'s own;
- keypress to frame: every tab presses the down and up arrows in turn (the home screen's
  highlight moves: a redraw each time), each tab once a second at a random offset, for
  ``--keys`` presses in all; the time from sending a key to the first bytes of the next frame,
  p50 / p95 / max;
- CPU of the tabs and of the server over the keypress phase, and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TITLE = b"Baccarat"  # on the home screen's first frame
KEYS = ("\x1b[B", "\x1b[A")  # down, up: the highlight moves, the screen redraws
ESCAPES = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


class BadInput(Exception):
    """Said in one line, exit status 2."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stat_cpu(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _memory(pid: int) -> tuple[float, float]:
    """PSS and RSS of a process, MB."""
    pss = rss = 0.0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                pss = int(line.split()[1]) / 1024
            elif line.startswith("Rss:"):
                rss = int(line.split()[1]) / 1024
    except OSError:
        pass
    return pss, rss


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rpartition(")")[2].split()[1]) == pid:
                found.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Tab:
    """One browser tab's websocket: what it received, when."""

    def __init__(self, ws) -> None:  # type: ignore[no-untyped-def]
        self.ws = ws
        self.opened = time.perf_counter()
        self.first_frame: float | None = None
        self.seen = b""
        self.waiting: float | None = None  # when the key in flight was sent
        self.latencies: list[float] = []
        self.closed = False
        self.task = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        import aiohttp

        async for message in self.ws:
            now = time.perf_counter()
            if message.type == aiohttp.WSMsgType.BINARY:
                if self.first_frame is None:
                    self.seen += ESCAPES.sub(b"", message.data)
                    if TITLE in self.seen:
                        self.first_frame = now - self.opened
                        self.seen = b""
                elif self.waiting is not None:
                    self.latencies.append(now - self.waiting)
                    self.waiting = None
            elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.ERROR):
                break
        self.closed = True

    async def press(self, key: str) -> None:
        self.waiting = time.perf_counter()
        await self.ws.send_json(["stdin", key])


async def _open(session, url: str, timeout: float) -> Tab:  # type: ignore[no-untyped-def]
    ws = await session.ws_connect(url, max_msg_size=0)
    tab = Tab(ws)
    deadline = time.monotonic() + timeout
    while tab.first_frame is None and not tab.closed and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return tab


async def run(port: int, serve_pid: int, sizes: list[int], keys: int, timeout: float) -> None:
    import aiohttp

    url = f"ws://127.0.0.1:{port}/ws?width=100&height=30"
    tabs: list[Tab] = []
    async with aiohttp.ClientSession() as session:
        for size in sizes:
            new = size - len(tabs)
            opened = await asyncio.gather(*(_open(session, url, timeout) for _ in range(new)))
            tabs += opened
            starts = [t.first_frame for t in opened if t.first_frame is not None]
            failed = sum(t.first_frame is None for t in opened)
            await asyncio.sleep(2.0)  # the new tabs settle
            kids = _children(serve_pid)
            mems = [_memory(p) for p in kids]
            serve_pss, _ = _memory(serve_pid)
            cpu0 = sum(_stat_cpu(p) for p in kids), _stat_cpu(serve_pid)
            t0 = time.monotonic()
            live = [t for t in tabs if not t.closed and t.first_frame is not None]
            for t in live:
                t.latencies.clear()
            pressed = 0

            async def presser(tab: Tab, count: int) -> None:
                nonlocal pressed
                await asyncio.sleep(random.uniform(0, 1))
                for i in range(count):
                    if tab.closed:
                        return
                    await tab.press(KEYS[i % 2])
                    pressed += 1
                    await asyncio.sleep(1.0)

            per_tab = max(1, keys // max(1, len(live)))
            await asyncio.gather(*(presser(t, per_tab) for t in live))
            await asyncio.sleep(0.5)
            elapsed = time.monotonic() - t0
            cpu1 = sum(_stat_cpu(p) for p in _children(serve_pid)), _stat_cpu(serve_pid)
            lone = await _open(session, url, timeout)  # one more tab, alone, as a trainee opens it
            alone = lone.first_frame
            await lone.ws.close()
            lat = [x for t in live for x in t.latencies]
            lost = pressed - len(lat)
            pss = [m[0] for m in mems]
            rss = [m[1] for m in mems]
            print(
                f"{size:3d} tabs ({len(kids)} processes, {failed} with no first frame in "
                f"{timeout:g} s) | new tab first frame p50 "
                f"{1000 * _pct(starts, 0.5):.0f} ms, max {1000 * max(starts, default=0):.0f} ms "
                f"({new} opened at once); one tab opened alone "
                f"{'none' if alone is None else f'{1000 * alone:.0f} ms'} | memory a tab PSS "
                f"{sum(pss) / max(1, len(pss)):.1f} MB, "
                f"RSS {sum(rss) / max(1, len(rss)):.1f} MB; serve PSS {serve_pss:.1f} MB | "
                f"keypress to frame p50 {1000 * _pct(lat, 0.5):.1f} p95 "
                f"{1000 * _pct(lat, 0.95):.1f} max {1000 * max(lat, default=0):.0f} ms "
                f"({len(lat)} of {pressed} keys answered) | CPU over {elapsed:.0f} s: tabs "
                f"{cpu1[0] - cpu0[0]:.1f} s, serve {cpu1[1] - cpu0[1]:.1f} s | load "
                f"{os.getloadavg()[0]:.1f}",
                flush=True,
            )
            if lost > 0:
                print(f"  {lost} keys had no frame after them")
        for t in tabs:
            await t.ws.close()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bench_serve.py", description=__doc__.split("\n")[0])
    parser.add_argument("tabs", nargs="?", default="30", help="tabs at the end (default 30)")
    parser.add_argument("--step", default="10", help="tabs added a stage (default 10)")
    parser.add_argument("--keys", type=int, default=300, help="keypresses a stage (default 300)")
    parser.add_argument("--db", help="the history (default a new SQLite file)")
    args = parser.parse_args(argv)
    for name, value in (("tabs", args.tabs), ("--step", args.step)):
        if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 200:
            raise BadInput(f"{name} must be a number from 1 to 200, not {value!r}")
    if not 1 <= args.keys <= 100_000:
        raise BadInput(f"--keys must be from 1 to 100000, not {args.keys}")
    total, step = int(args.tabs), int(args.step)
    sizes = [*range(step, total, step), total]
    home = Path(tempfile.mkdtemp(prefix="ezbac-serve-bench."))
    port = free_port()
    db = args.db or str(home / "history.sqlite3")
    log = (home / "serve.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer", "serve", "--port", str(port), "--db", db],
        cwd=ROOT,
        env=dict(os.environ, EZBAC_HOME=str(home / "home")),
        stdout=log,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                text = (home / "serve.log").read_text().strip().splitlines()
                last = text[-1].removeprefix("ezbac: error: ") if text else ""
                raise BadInput(last or f"ezbac serve exited {proc.returncode}")
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            if time.monotonic() > deadline:
                raise BadInput("ezbac serve did not listen within 30 s")
            time.sleep(0.1)
        print(
            f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load "
            f"{os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs, history {db}",
            flush=True,
        )
        asyncio.run(run(port, proc.pid, sizes, args.keys, timeout=60.0))
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except BadInput as exc:
        print(f"bench_serve.py: error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
