"""The process around the commands: Ctrl+C at any moment, and any output encoding.

Ctrl+C (SIGINT) must end any command with one line and status 130 (or, before ezbac's main
takes over, by SIGINT itself, which shells also report as 130), never a traceback.  An
output encoding without ×, ♠ or · (``PYTHONIOENCODING=ascii``, latin-1) gets ASCII
spellings instead of a crash.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
INTERRUPTED = (130, -signal.SIGINT)

#: Start ezbac as its entry points do, with SIGINT sent by a timer once the first line of
#: ezbac's code has run (``import trainer``): the interpreter's own start-up before that is
#: Python's, not ezbac's.
_TIMED = """import trainer, os, signal, sys, threading
threading.Timer({delay}, os.kill, (os.getpid(), signal.SIGINT)).start()
sys.argv = ["ezbac", *{args!r}]
from trainer.cli import main
raise SystemExit(main())
"""


def _as_a_terminal_starts_it() -> None:
    """In the child, before ezbac starts: SIGINT at its default, as a command a terminal
    runs in the foreground has it.  A suite started in the background by a shell without
    job control has SIGINT ignored, which every process it starts inherits (and Python then
    leaves ignored): Ctrl+C could not reach the command at all."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


COMMANDS = [
    ("analyze",),
    ("check", "4h", "3s", "2d", "Kc", "8h", "--bet", "tie=5"),
    ("simulate", "--shoes", "200000", "--seed", "1"),
    ("--help",),
    ("drills", "list"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
@pytest.mark.parametrize("delay", [0, 0.002, 0.01, 0.05, 0.1, 0.3])
def test_ctrl_c_at_any_moment_is_quiet(args: tuple[str, ...], delay: float) -> None:
    run = subprocess.run(
        [sys.executable, "-c", _TIMED.format(delay=delay, args=args)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
        preexec_fn=_as_a_terminal_starts_it,
    )
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode in (0, *INTERRUPTED), run.stderr
    if run.returncode != 0:
        assert run.stderr.strip().splitlines()[-1] == "ezbac: interrupted"


def test_ctrl_c_in_a_long_run_of_the_real_command_exits_130() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer", "simulate", "--shoes", "10000000", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        preexec_fn=_as_a_terminal_starts_it,
    )
    _wait_for_cpu(proc.pid, seconds=1.0)  # well into the simulation, which runs for minutes
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert err.strip() == "ezbac: interrupted" and out == ""


def _wait_for_cpu(pid: int, seconds: float) -> None:
    """Wait until the process has used ``seconds`` of CPU (start-up takes a fraction of
    that), however loaded the machine is; a fixed sleep where /proc is missing."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        time.sleep(5)
        return
    tick = os.sysconf("SC_CLK_TCK")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        fields = stat.read_text().rsplit(")", 1)[1].split()
        if (int(fields[11]) + int(fields[12])) / tick >= seconds:  # utime + stime
            return
        time.sleep(0.05)


def _run(args: tuple[str, ...], encoding: str, db: Path | None = None) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    run = subprocess.run(
        [sys.executable, "-m", "trainer", *args],
        capture_output=True,
        env=env,
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )
    return run.returncode, run.stdout.decode(encoding), run.stderr.decode(encoding)


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.support.history import fill
    from trainer.history.store import open_history

    path = tmp_path_factory.mktemp("history") / "h.sqlite3"
    with open_history(path) as store:
        fill(store)
    return path


ENCODED = [
    ("check", "Ks", "2h", "As", "2c", "5d", "3c", "--bet", "dragon7=15"),
    ("check", "--help"),
    ("--help",),
    ("analyze",),
    ("analyze", "--help"),
    ("report",),
    ("report", "--format", "csv"),
    ("report", "--help"),
    ("drills", "list"),
    ("drills", "preview", "warmup", "--count", "2", "--seed", "1"),
    ("simulate", "--shoes", "2", "--seed", "1"),
    ("audit", "P:Ks", "B:2h", "As", "2c", "5d", "3c", "--seat", "1:dragon7=35:paid=1400"),
]


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", ENCODED, ids=" ".join)
def test_every_command_prints_in_a_narrow_encoding(
    args: tuple[str, ...], encoding: str, history: Path
) -> None:
    if args[0] == "report":
        args = (*args, "--db", str(history))
    status, out, err = _run(args, encoding)
    assert status == 0, err
    assert "Traceback" not in err and out


def test_ascii_spellings_are_the_expected_ones() -> None:
    _, out, _ = _run(ENCODED[0], "ascii")
    assert "Dragon 7 pays 40 to 1: 15 x 40 = 600" in out  # '×' spelled x
    _, out, _ = _run(("check", "--help"), "ascii")
    assert "(s h d c or s h d c)" in " ".join(out.split())  # ♠ ♥ ♦ ♣ spelled as letters
    _, out, _ = _run(("analyze", "--help"), "ascii")
    assert "416.415.414.413.412.411" in out  # the middle dot spelled .


def test_a_name_in_another_script_is_escaped_not_a_crash() -> None:
    status, _, err = _run(("check", "4h", "--bet", "тигр=5"), "ascii")
    assert status == 2 and "Traceback" not in err
    assert "\\u0442" in err  # т, escaped


def test_undecodable_input_is_a_bad_line_not_a_crash() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "trainer", "check", "-"],
        input=b"4h 3s 2d Kc 8h\n4\xff 3s 2d Kc\n",
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 1 and b"Traceback" not in run.stderr
    assert b"line 2" in run.stderr and b"line 1" in run.stdout
