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
from collections.abc import Callable, Sequence
from pathlib import Path

from trainer.errors import BadInputError

ENV_HOME = "EZBAC_HOME"


class UnusablePathError(BadInputError):
    """A file or folder ezbac needs cannot be used; the message is one line naming it."""


class SpecialFileError(UnusablePathError):
    """A path ezbac would read or write is not a regular file: a folder, a named pipe, a
    device or a socket.  ``kind`` says which, in words ("a named pipe (fifo)")."""

    def __init__(self, path: Path | str, kind: str) -> None:
        super().__init__(f"{path}: is {kind}, not a regular file")
        self.kind = kind


def kind_of(mode: int) -> str:
    """What a file's ``st_mode`` says it is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (fifo)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def bad_byte_at(data: bytes, offset: int) -> tuple[int, int]:
    """The line and column (1-based, in characters, as an editor counts them) of the byte
    at ``offset``: the first one that is not UTF-8."""
    start = data.rfind(b"\n", 0, offset) + 1
    if start == 0 and data.startswith(b"\xef\xbb\xbf"):
        start = 3  # the byte-order mark is no character of the line
    before = data[start:offset].decode("utf-8", errors="replace")
    return data.count(b"\n", 0, offset) + 1, len(before) + 1


#: How a file to read is opened: never waiting (a named pipe with no writer, a terminal
#: device), never becoming the controlling terminal.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)


def read_capped(path: Path | str, max_bytes: int) -> bytes:
    """A regular file's bytes, at most ``max_bytes + 1`` (more than ``max_bytes``: the
    caller says it is too large), read without ever waiting: the file is opened without
    blocking and checked on the open descriptor (``fstat``), so a named pipe, a device or
    a folder is refused (SpecialFileError) even if it replaced a regular file after some
    earlier check.  Any other OSError is raised for the caller to word."""
    fd = os.open(path, _READ_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SpecialFileError(path, kind_of(info.st_mode))
        chunks: list[bytes] = []
        left = max_bytes + 1
        while left > 0:  # bounded: every pass reads at least a byte, or stops
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


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


class OutputRefusedError(UnusablePathError):
    """A file ezbac was asked to write would replace something it did not make for that
    purpose: one line naming it, why, and what to do instead.  ``reason`` says which
    refusal it is and ``values`` what it names (``target``, ``what``, ``name``, ``kind``,
    ``why``), for the edges to word it (``trainer.words.output``); the message is the
    English."""

    def __init__(self, message: str, reason: str = "", **values: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.values = values


#: The files SQLite keeps beside a history file: writing one would damage the history.
SQLITE_SIBLINGS = ("-wal", "-journal", "-shm")


def history_files(path: Path) -> list[Path]:
    """A history file and the files SQLite keeps beside it (there or not yet)."""
    return [path, *(path.with_name(path.name + s) for s in SQLITE_SIBLINGS)]


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file: the same path once resolved (symbolic links
    followed, whether or not it exists yet), or the same file on disk (a hard link)."""
    try:
        if a.resolve() == b.resolve():
            return True
    except (OSError, RuntimeError):  # a symbolic link loop: compared on disk below
        pass
    try:
        one, two = a.stat(), b.stat()
    except (OSError, ValueError):
        return False
    return (one.st_dev, one.st_ino) == (two.st_dev, two.st_ino)


#: The head of an existing file read to tell whether it is one ezbac made (a sheet).
_SNIFF_BYTES = 16 * 1024 * 1024


def check_output(
    target: Path,
    *,
    what: str,
    is_ours: Callable[[bytes], bool],
    reads: Sequence[tuple[Path, str]] = (),
    replace: bool = False,
) -> bool:
    """Refuse (OutputRefusedError, one line) to write ``what`` ("an audition sign-off
    sheet (PDF)") at ``target`` when that would replace something ezbac did not make for
    it: a file the command reads (``reads``: each path with its name, "the history";
    compared as one file, see ``same_file``), a folder, a device, a named pipe or a socket,
    a symbolic link to nothing, or an existing file that ``is_ours`` does not recognise by
    its content.  An existing file that is ``what`` is replaced only with ``replace``
    (`--replace`, which the refusal names).  Returns whether a file is there (to replace)."""
    for path, name in reads:
        if same_file(target, path):
            raise OutputRefusedError(
                f"{target}: is {name}, which this command reads: write {what} to another file",
                "reads",
                target=str(target),
                name=name,
                what=what,
            )
    try:
        info = target.stat()
    except FileNotFoundError:
        if target.is_symlink():  # a link to nothing: writing would create its target
            raise OutputRefusedError(
                f"{target}: is a symbolic link to a file that is not there; ezbac never "
                "writes through it: write to another file",
                "dangling",
                target=str(target),
            ) from None
        return False
    except (OSError, ValueError) as exc:
        why = os_reason(exc) if isinstance(exc, OSError) else "not a file name"
        raise OutputRefusedError(
            f"{target}: cannot be written ({why})", "unwritable", target=str(target), why=why
        ) from None
    if not stat.S_ISREG(info.st_mode):
        kind = kind_of(info.st_mode)
        raise OutputRefusedError(
            f"{target}: is {kind}, not a file to write {what} to",
            "not-a-file",
            target=str(target),
            kind=kind,
            what=what,
        )
    try:  # never waiting: had it become a pipe since, it is refused, not opened
        head = read_capped(target, _SNIFF_BYTES)
    except SpecialFileError as exc:
        raise OutputRefusedError(
            f"{target}: is {exc.kind}, not a file to write {what} to",
            "not-a-file",
            target=str(target),
            kind=exc.kind,
            what=what,
        ) from None
    except OSError as exc:
        why = os_reason(exc)
        raise OutputRefusedError(
            f"{target}: cannot be read ({why})", "unreadable", target=str(target), why=why
        ) from None
    if not is_ours(head):
        raise OutputRefusedError(
            f"{target}: exists and is not {what}; ezbac never writes over it: write to "
            "another file, or move that one away first",
            "not-ours",
            target=str(target),
            what=what,
        )
    if not replace:
        raise OutputRefusedError(
            f"{target}: already holds {what}; to replace it, give --replace (or delete it first)",
            "exists",
            target=str(target),
            what=what,
        )
    return True


def write_bytes_atomic(path: Path, data: bytes, *, replace: bool = True) -> None:
    """Write ``data`` at ``path`` all at once: into a new temporary file in the same
    folder (created exclusively, never an existing file), synced, then put in place, so a
    reader or a crash sees the old file or the whole new one.  With ``replace`` it is
    renamed over whatever ``path`` is; without, it is linked at ``path`` only if nothing is
    there (FileExistsError otherwise: a file that appeared since it was checked is never
    written over).  OSError (naming ``path``, not the temporary file) is re-raised for the
    caller to report; no temporary file is left behind."""
    folder = path.parent
    temp = folder / f".{path.name}.{os.getpid()}.tmp"
    try:
        for attempt in range(100):  # bounded: a name taken by another writer tries the next
            temp = folder / f".{path.name}.{os.getpid()}.{attempt}.tmp"
            try:
                fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            except FileExistsError:
                continue
            break
        else:
            raise FileExistsError(errno.EEXIST, "no free temporary name beside it", str(path))
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if replace:
                os.replace(temp, path)
            else:
                _put_new(temp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        if exc.filename in (str(temp), temp):
            exc.filename = str(path)
        raise


def _put_new(temp: Path, path: Path) -> None:
    """The whole file ``temp`` put at ``path`` only where nothing is: a hard link (which
    fails when anything is there, a dangling link included), then ``temp`` removed.  On a
    file system without hard links, a new file is created exclusively and filled."""
    try:
        os.link(temp, path, follow_symlinks=False)
    except FileExistsError:
        raise FileExistsError(
            errno.EEXIST, "appeared while it was written; nothing was written over it", str(path)
        ) from None
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(temp.read_bytes())
                handle.flush()
                os.fsync(handle.fileno())
        except BaseException:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
            raise
    temp.unlink()
