"""The `ezbac` command.

``main`` runs one command: ``trainer.cli.parser`` finds it and builds only its parser, and
each command's module (``trainer.cli.<name>``) imports heavy things inside its handlers.  So
the bare `ezbac` (the trainer) parses nothing and never loads the engine's CLI modules, and
`ezbac check` never loads Textual.  What commands share is in ``trainer.cli.common``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable, Sequence
from types import FrameType
from typing import Any

from trainer.cli.common import (
    ADDRESSES,
    COMMANDS,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    UsageError,
    shorten,
    speak,
)
from trainer.errors import EzbacError

__all__ = ["COMMANDS", "EXIT_INTERRUPTED", "EXIT_USAGE", "UsageError", "interrupted", "main"]


def interrupted() -> int:
    """Ctrl+C at any moment: one line on stderr, exit status 130, never a traceback."""
    with contextlib.suppress(OSError, KeyboardInterrupt):  # stderr gone, or a second Ctrl+C
        from trainer.i18n import _

        print(_("ezbac: interrupted"), file=sys.stderr, flush=True)
    return EXIT_INTERRUPTED


def _quiet_exit(signum: int, frame: object) -> None:
    """SIGINT while ezbac starts (parsing, importing the command): nothing is open or half
    written yet, so leave at once.  Raising KeyboardInterrupt there could surface in the
    middle of an import or of argparse's own clean-up, as some other error."""
    os.write(2, b"ezbac: interrupted\n")
    os._exit(EXIT_INTERRUPTED)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ezbac command.  Ctrl+C ends it with status 130 and one line, at any moment:
    while it starts, at once (``_quiet_exit``); once the command runs, as KeyboardInterrupt,
    so the command's own clean-up (``finally``, saving an answer) still happens."""
    previous = _sigint(_quiet_exit)
    words = sys.argv[1:] if argv is None else list(argv)
    ADDRESSES[:] = [*words, os.environ.get("EZBAC_DB") or ""]
    try:
        from trainer.cli.output import plain_fallback

        plain_fallback()
        db, handler, args = None, None, None
        words = speak(words)  # --lang taken off
        if words:  # the bare `ezbac` opens the trainer: nothing to parse
            from trainer.cli.parser import parse

            args = parse(words)
            db, handler = args.db, getattr(args, "handler", None)
        _sigint(previous)
        try:
            if handler is None:
                from trainer.cli.train import open_home

                return open_home(db)
            return int(handler(args) or 0)
        finally:
            _sigint(_quiet_exit if argv is None else previous)  # and while Python exits
    except EzbacError as exc:  # bad input, a file or folder that cannot be used, a history down
        from trainer.i18n import _
        from trainer.words.files import error_text

        # a file's problems, one a line
        for line in _("ezbac: error: {message}").format(message=error_text(exc)).split("\n"):
            print(shorten(line), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a file or path no command expected to fail: still one line
        from trainer.cli.common import error_line, os_line

        print(shorten(error_line(os_line(exc))), file=sys.stderr)
        return EXIT_USAGE
    finally:
        if argv is not None:  # called in-process (tests): leave the process as it was
            _sigint(previous)


#: What signal.signal takes and returns for SIGINT (a function, SIG_DFL/SIG_IGN, or None).
SigintHandler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


def _sigint(handler: SigintHandler) -> SigintHandler:
    """Install a SIGINT handler, returning the one it replaces (only the main thread may)."""
    try:
        return signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread
        return handler
