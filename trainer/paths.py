"""Where ezbac keeps per-user data (own drills, history).

One place decides it so tests and users can move everything with ``EZBAC_HOME``.  Nothing
is created on import: directories appear only when something is written there.

It is also the one place that says why a path cannot be used: ``UnusablePathError`` (the
history's errors are a kind of it) is one line naming the path, which the command line
prints with exit status 2, so a folder that cannot be read (permission denied, a path under
a regular file) never surfaces as a traceback from whichever command looked first.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from trainer.errors import BadInputError

ENV_HOME = "EZBAC_HOME"


class UnusablePathError(BadInputError):
    """A file or folder ezbac needs cannot be used; the message is one line naming it."""


def os_reason(exc: OSError) -> str:
    """An OSError as a few lower-case words, without the errno and the path."""
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.ENOTDIR:
        return "a part of the path is a file, not a folder"
    return (exc.strerror or type(exc).__name__).lower()


def os_error_line(exc: OSError) -> str:
    """``PATH: reason`` for an OSError that names a path, else the reason alone."""
    reason = os_reason(exc)
    return f"{exc.filename}: {reason}" if exc.filename else reason


def checked_folder(path: Path, what: str) -> Path:
    """``path`` if ezbac can use it as a folder: it is one it can read, or it does not
    exist yet and can be made (its nearest existing ancestor is a folder); otherwise
    UnusablePathError naming it and ``what`` it is for."""
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise UnusablePathError(f"{path}: {what} cannot be reached ({os_reason(exc)})") from None
    if info is None:  # made when first written; only an ancestor that is a file stops that
        for parent in path.parents:
            try:
                found = parent.stat()
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise UnusablePathError(
                    f"{path}: {what} cannot be reached ({os_reason(exc)})"
                ) from None
            if not stat.S_ISDIR(found.st_mode):
                raise UnusablePathError(f"{path}: {what} cannot be made: {parent} is a file")
            break
        return path
    if not stat.S_ISDIR(info.st_mode):
        raise UnusablePathError(f"{path}: {what} is not a folder")
    if not os.access(path, os.R_OK | os.X_OK):
        raise UnusablePathError(f"{path}: {what} cannot be read (permission denied)")
    return path


def user_data_dir() -> Path:
    """The per-user data directory: ``$EZBAC_HOME`` if set, else the platform's usual one.
    UnusablePathError if it is there but cannot be read."""
    override = os.environ.get(ENV_HOME)
    if override:
        return checked_folder(Path(override).expanduser(), f"the ezbac folder (${ENV_HOME})")
    from platformdirs import user_data_dir as platform_dir

    return checked_folder(Path(platform_dir("ezbac", appauthor=False)), "the ezbac folder")


def user_drills_dir() -> Path:
    """Where a user's own drill files live (listed by `ezbac drills list`); UnusablePathError
    if it is there but cannot be read."""
    return checked_folder(user_data_dir() / "drills", "your drills folder")


def default_db_path() -> Path:
    """The training history database."""
    return user_data_dir() / "history.sqlite3"


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once, creating its folder.

    Readers see the old file or the new one, never half of it; the temp name carries the
    pid so two terminals saving at once do not write through each other's temp file, and a
    failed write leaves no temp behind.  OSError is re-raised for the caller to report.
    """
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        raise
