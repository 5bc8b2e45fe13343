"""ezbac: EZ Baccarat dealer trainer and procedure checker."""

import contextlib
import sys
from types import TracebackType

__version__ = "0.1.0"


def _quiet_interrupt(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    """Ctrl+C while Python is still importing ezbac (before ``trainer.cli.main`` takes over)
    prints one line, not a traceback; Python then ends the process by SIGINT, which shells
    report as status 130.  Other uncaught errors go to the usual hook."""
    if issubclass(kind, KeyboardInterrupt):
        with contextlib.suppress(OSError, KeyboardInterrupt):
            sys.stderr.write("ezbac: interrupted\n")
    else:
        _previous_hook(kind, value, tb)


# Here, in the first module of ezbac that Python runs, so the window is as short as can be.
_previous_hook = sys.excepthook
sys.excepthook = _quiet_interrupt
