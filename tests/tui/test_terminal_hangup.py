"""The trainer's own part in ending cleanly when its terminal goes away (tests/e2e/
test_terminal_gone.py closes a real terminal; these pin the two causes it found of a stop
that waited for the shutdown guard instead of ending at once), and what waits for the
first frame."""

from __future__ import annotations

import errno
import signal
import sys
import threading

import pytest
from textual.drivers._writer_thread import MAX_QUEUED_WRITES, WriterThread

from tests.support.coups import PANDA, coup
from tests.support.screens import make_app
from trainer.tui.screens.drill import DrillScreen
from trainer.tui.screens.home import HomeScreen

HANGUP_STATUS = 128 + 1  # SIGHUP is signal 1 on Linux and macOS


class _HungUp:
    """A terminal whose other side has closed: every write fails with EIO."""

    def write(self, text: str) -> int:
        raise OSError(errno.EIO, "Input/output error")

    def flush(self) -> None:
        raise OSError(errno.EIO, "Input/output error")

    def fileno(self) -> int:
        return 2

    def isatty(self) -> bool:
        return True


@pytest.mark.skipif(sys.platform == "win32", reason="the terminal driver of Linux and macOS")
async def test_the_output_thread_keeps_draining_after_the_terminal_hangs_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual's writer thread died at the first failed write; the app's next 31 writes
    (a screen change paints several frames; the shutdown adds its stop marker) then waited
    for ever on its full queue."""
    app = make_app([coup(PANDA)], start=False)
    driver_class = app.get_driver_class()
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTSTP, signal.SIGCONT)}
    monkeypatch.setattr(sys, "__stderr__", _HungUp())
    try:
        driver = driver_class(app)  # what the trainer writes its frames through
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    writer = WriterThread(driver._file)  # type: ignore[attr-defined]
    writer.start()

    def paint_then_stop() -> None:
        for frame in range(3 * MAX_QUEUED_WRITES):
            writer.write(f"frame {frame}")
        writer.stop()

    painter = threading.Thread(target=paint_then_stop, daemon=True)
    painter.start()
    painter.join(timeout=10)  # a hang detector: the whole is a few milliseconds
    assert not painter.is_alive(), "the app's writes wait for ever on a dead terminal"
    assert not writer.is_alive()


async def test_a_hangup_while_a_drill_screen_mounts_ends_as_a_hangup() -> None:
    """The terminal gone just as a drill starts: exiting at once tore the drill screen's
    widgets down under its on_mount, an error (exit status 1) instead of the hang-up's."""
    app = make_app([coup(PANDA)], start=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, HomeScreen)
        app.begin(app.screen.choices[0].load())  # the drill's screen pushed, not yet mounted
        assert isinstance(app.screen, DrillScreen)
        app.terminal_gone()
        await pilot.pause()
    assert app.return_code == HANGUP_STATUS


async def test_what_waits_for_the_first_frame_runs_once_it_is_painted() -> None:
    """`ezbac` turns the garbage collector off while it starts and hands the app
    ``gc.enable`` to run once the first screen is painted (trainer.cli.train)."""
    app = make_app([coup(PANDA)], start=False)
    ran: list[bool] = []
    app.after_first_frame = lambda: ran.append(isinstance(app.screen, HomeScreen))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert ran == [True]
        await pilot.press("down")
        await pilot.pause()
    assert ran == [True]  # once
