"""Textual's terminal driver, made to survive a terminal that has gone away.

Textual writes each frame through a writer thread and a queue of at most 30 writes.  When
the terminal is gone (a closed window, a dropped SSH connection), the thread's next write
fails, the thread ends, and nothing empties the queue again: the app's next writes fill it,
and the write after that (a screen change paints several frames; the shutdown puts its
stop marker there) waits for ever with the event loop stuck.  The trainer's shutdown guard
(``trainer.signals``) then ended the process only after its bound, without the orderly exit.

Here the writer's file drops what cannot be written, so the thread keeps emptying its
queue and the app stops as on any other exit: the drill under way recorded as abandoned,
the history closed, the hang-up's exit status.
"""

from __future__ import annotations

from contextlib import suppress
from typing import IO, Any

from textual.drivers.linux_driver import LinuxDriver


class _Forgiving:
    """A terminal's file whose writes and flushes never raise: once the terminal is gone
    there is nobody to show them to."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file

    def write(self, text: str) -> None:
        with suppress(OSError, ValueError):  # EIO from a hung-up terminal, or the file closed
            self._file.write(text)

    def flush(self) -> None:
        with suppress(OSError, ValueError):
            self._file.flush()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return self._file.isatty()


class TerminalDriver(LinuxDriver):
    """Textual's Linux and macOS driver, its output written through ``_Forgiving``."""

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        if self._file is not None:
            self._file = _Forgiving(self._file)  # type: ignore[assignment]
