"""A trainer whose terminal goes away (a closed window, a dropped SSH connection) exits.

The trainer runs in a real pseudo-terminal that is its controlling terminal, as under a
terminal emulator or sshd.  A key from home changes the screen (a drill, the warm-up, the
progress and class screens, the name dialog, the review); shortly after it, at several
delays, the terminal's side is closed: the kernel sends SIGHUP and the terminal can no
longer be read or written.  The process must end (the wait is bounded only so that a hang
fails instead of blocking the suite; the time taken is not asserted), leave no traceback in
its files, and leave no run open in the history: a drill under way is recorded as abandoned.

Once, `tmux kill-server` 0.05-0.4 s after p, i or w on home left ezbac running for
ever, deaf to SIGTERM (Textual's shutdown blocked writing to the dead terminal).
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from trainer.history.store import open_history

ROOT = Path(__file__).resolve().parents[2]
TRAINEE = "ana"
#: A hang detector, not a timing (the guard ends it within 5 s, 10 with answers to save).
HANG = 20.0
#: Every screen change reachable from home, by its key.
KEYS = {
    "enter-drill": b"\r",
    "warm-up": b"w",
    "progress": b"p",
    "class": b"i",
    "review": b"r",
    "name": b"n",
}
DELAYS = [0.02, 0.1, 0.3]


def _controlling_terminal() -> None:
    """In the child (a new session, stdin already the terminal): make it the controlling
    terminal, so closing the other side sends SIGHUP as a real terminal does."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _drain(fd: int, proc: subprocess.Popen[bytes], until: bytes, timeout: float) -> bytes:
    out = b""
    deadline = time.monotonic() + timeout
    while until not in out and time.monotonic() < deadline and proc.poll() is None:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
    return out


def _start(home: Path, db: Path, *, controlling: bool) -> tuple[int, subprocess.Popen[bytes]]:
    home.mkdir(parents=True, exist_ok=True)
    (home / "settings.json").write_text(json.dumps({"trainee": TRAINEE}), encoding="utf-8")
    env = {
        **os.environ,
        "EZBAC_HOME": str(home),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "COLUMNS": "80",
        "LINES": "24",
    }
    env.pop("EZBAC_DB", None)
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")  # 24 x 80
    proc = subprocess.Popen(
        [sys.executable, "-m", "trainer", "--db", str(db)],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=ROOT,
        env=env,
        start_new_session=True,
        preexec_fn=_controlling_terminal if controlling else None,
    )
    os.close(child)
    return main, proc


def _terminal_gone_after(tmp_path: Path, key: bytes, delay: float, *, controlling: bool) -> None:
    db = tmp_path / "history.sqlite3"
    main, proc = _start(tmp_path / "home", db, controlling=controlling)
    closed = False
    try:
        out = _drain(main, proc, b"Quit", timeout=HANG)  # home's key bar: home is up
        assert b"Quit" in out, out[-400:]
        time.sleep(0.2)
        os.write(main, key)
        time.sleep(delay)
        os.close(main)  # the window closes: SIGHUP, and the terminal is dead
        closed = True
        try:
            proc.wait(timeout=HANG)
        except subprocess.TimeoutExpired:
            pytest.fail(f"the trainer still runs {HANG:g} s after its terminal went away")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=HANG)
        if not closed:
            os.close(main)
    assert b"Traceback" not in out
    for path in (tmp_path / "home").rglob("*"):
        if path.is_file():
            assert b"Traceback" not in path.read_bytes(), path
    with open_history(db, readonly=True) as store:
        for record in store.sessions(TRAINEE):
            assert record.finished_at is not None, "a run was left open"
            assert record.abandoned or record.finished


@pytest.mark.parametrize("delay", DELAYS)
@pytest.mark.parametrize("key", KEYS.values(), ids=KEYS.keys())
def test_a_terminal_closed_during_a_screen_change_ends_the_trainer(
    tmp_path: Path, key: bytes, delay: float
) -> None:
    _terminal_gone_after(tmp_path, key, delay, controlling=True)


@pytest.mark.parametrize("key", [b"w", b"p"], ids=["warm-up", "progress"])
def test_a_dead_terminal_without_a_hangup_signal_ends_the_trainer(
    tmp_path: Path, key: bytes
) -> None:
    """No SIGHUP (not the controlling terminal): only reads and writes fail."""
    _terminal_gone_after(tmp_path, key, 0.1, controlling=False)


def test_a_drill_under_way_when_the_terminal_goes_is_recorded_as_abandoned(
    tmp_path: Path,
) -> None:
    db = tmp_path / "history.sqlite3"
    main, proc = _start(tmp_path / "home", db, controlling=True)
    closed = False
    try:
        assert b"Quit" in _drain(main, proc, b"Quit", timeout=HANG)
        time.sleep(0.2)
        os.write(main, b"w")
        _drain(main, proc, b"\x00never", timeout=3)  # the warm-up's first question is up
        os.write(main, b"d\r")  # one answer: a run is recorded from its first answer
        _drain(main, proc, b"next question", timeout=HANG)
        os.close(main)
        closed = True
        proc.wait(timeout=HANG)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=HANG)
        if not closed:
            os.close(main)
    with open_history(db, readonly=True) as store:
        (record,) = store.sessions(TRAINEE)
    assert record.abandoned and record.finished_at is not None


_GUARDED = """import sys, time
from pathlib import Path
from trainer.signals import ShutdownGuard

class App:  # what the guard uses of TrainerApp
    def abandon_drill(self):
        Path(sys.argv[1], "abandoned").write_text("yes")

guard = ShutdownGuard(App(), lambda: Path(sys.argv[1], "closed").write_text("yes"), 0.2)
guard.arm(7)
if sys.argv[2] == "disarm":
    guard.disarm()
time.sleep(3)  # a shutdown stuck for good, as on a dead terminal, or one that ended
"""


@pytest.mark.parametrize("how", ["stuck", "disarm"])
def test_the_guard_ends_a_stuck_shutdown_after_recording_the_drill(
    tmp_path: Path, how: str
) -> None:
    run = subprocess.run(
        [sys.executable, "-c", _GUARDED, str(tmp_path), how],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HANG,
    )
    assert run.stderr == ""
    if how == "stuck":  # ended by the guard: the drill recorded, the history closed first
        assert run.returncode == 7
        assert (tmp_path / "abandoned").exists() and (tmp_path / "closed").exists()
    else:  # the app ended on its own: the guard does nothing
        assert run.returncode == 0 and not list(tmp_path.iterdir())
