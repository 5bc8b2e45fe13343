"""A trainer stopped by SIGTERM, SIGHUP or SIGINT in the middle of a drill, in a real
pseudo-terminal: the terminal is given back (the alternate screen left, mouse tracking off),
the drill's session is recorded as abandoned, and the exit status is 128 + the signal."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from trainer.history.store import open_history

ROOT = Path(__file__).resolve().parents[2]
ALT_SCREEN_ON, ALT_SCREEN_OFF = b"\x1b[?1049h", b"\x1b[?1049l"
MOUSE_ON, MOUSE_OFF = b"\x1b[?1000h", b"\x1b[?1000l"


def _read_until(fd: int, proc: subprocess.Popen[bytes], wanted: bytes, timeout: float) -> bytes:
    """Everything the program writes until ``wanted`` appears (or it exits, or time is up)."""
    out = b""
    deadline = time.monotonic() + timeout
    while wanted not in out and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the program closed the terminal
                break
            if not chunk:
                break
            out += chunk
        elif proc.poll() is not None:
            break
    return out


def _start(tmp_path: Path, db: Path | str) -> tuple[int, subprocess.Popen[bytes]]:
    """`ezbac train player-draw` in a new pseudo-terminal; the terminal's side and the process."""
    env = {
        **os.environ,
        "EZBAC_HOME": str(tmp_path / "home"),
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "COLUMNS": "80",
        "LINES": "24",
    }
    env.pop("EZBAC_DB", None)
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "trainer",
            "train",
            "player-draw",
            "--trainee",
            "ana",
            "--seed",
            "1",
            "--db",
            str(db),
        ],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=ROOT,
        env=env,
        start_new_session=True,
    )
    os.close(child)
    return main, proc


def _stop(main: int, proc: subprocess.Popen[bytes], signum: int) -> tuple[bytes, int]:
    """Send ``signum``; everything written after it, and the exit status."""
    try:
        proc.send_signal(signum)
        out = _read_until(main, proc, b"\x00never", timeout=15)
        return out, proc.wait(timeout=15)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_gives_the_terminal_back_and_abandons_the_drill(
    tmp_path: Path, signum: signal.Signals
) -> None:
    _signal_abandons_the_drill(tmp_path, tmp_path / "history.sqlite3", signum)


def test_a_terminal_on_a_server_records_the_abandoned_drill_there(
    tmp_path: Path, pg_url: str
) -> None:
    _signal_abandons_the_drill(tmp_path, pg_url, signal.SIGTERM)


def _signal_abandons_the_drill(tmp_path: Path, db: Path | str, signum: signal.Signals) -> None:
    main, proc = _start(tmp_path, db)
    try:
        # the drill's first question is on screen once "Does the Player draw?" is drawn
        out = _read_until(main, proc, b"Player draw", timeout=30)
        assert ALT_SCREEN_ON in out and MOUSE_ON in out, out[-400:]
        # one answer: a run is recorded from its first answer (none given: no attempt)
        os.write(main, b"d\r")
        out += _read_until(main, proc, b"next question", timeout=30)
        time.sleep(0.3)  # let the session's row be written
    except BaseException:
        proc.kill()
        raise
    after, status = _stop(main, proc, signum)
    out += after

    assert status == 128 + signum
    tail = out[out.rindex(ALT_SCREEN_ON) :]
    assert ALT_SCREEN_OFF in tail and MOUSE_OFF in tail
    assert b"Traceback" not in out
    with open_history(db, readonly=True) as store:
        (record,) = store.sessions("ana")
    assert record.abandoned and record.finished_at is not None


def test_a_signal_while_the_screens_are_still_coming_up_exits_cleanly(tmp_path: Path) -> None:
    """SIGTERM as soon as the terminal is switched over, before the drill is on screen."""
    main, proc = _start(tmp_path, tmp_path / "history.sqlite3")
    try:
        out = _read_until(main, proc, ALT_SCREEN_ON, timeout=30)
        assert ALT_SCREEN_ON in out
    except BaseException:
        proc.kill()
        raise
    after, status = _stop(main, proc, signal.SIGTERM)
    out += after
    assert status == 128 + signal.SIGTERM, out[-2000:]
    assert b"Traceback" not in out and b"Error" not in out
    tail = out[out.rindex(ALT_SCREEN_ON) :]
    assert ALT_SCREEN_OFF in tail and MOUSE_OFF in tail
