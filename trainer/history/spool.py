"""The local spool: records the history could not take, kept on disk until it can.

When the history store cannot be written (a file locked past the busy timeout, a database
server gone away, a full disk), the recorder (trainer.history.hooks) appends each record
here instead and sends them, oldest first, once the store is back.  Why a file and not
memory: a trainer killed or closed while the store is away must lose nothing; the next
launch sends what is left before anything new.

The file is one JSON object a line (``{"v": 1, "kind": "answer", "key": ..., "record":
{...}}``) under ``$EZBAC_HOME/spool/``, one file per history target (the resolved file path
or the server's address without its password), so two ``--db`` targets never mix.

- **Appending** is one ``write`` of a whole line on an ``O_APPEND`` descriptor, then
  ``fsync``: a killed process loses at most the line in flight.  A torn last line (no
  newline) is closed off before the next append, so it never swallows a whole record.
- **Removing** what was sent rewrites the file without those keys, atomically (temporary
  file, fsync, rename): a crash leaves the old file or the new one.  A record committed but
  still in the spool (the process died in between) is sent again and skipped by its key
  (answers: the ``answer_key`` column, schema v5; sessions: the session id, whose row is
  rewritten with the same values, in the order given).
- **Damaged lines** (not JSON, not a record this version can read) are reported by
  ``file:line`` and kept in place, never dropped silently and never sent.
- **Several trainers** on one computer may share a target: every change to the file holds an
  exclusive ``flock`` on ``FILE.lock``, and only one of them sends at a time (``FILE.send``),
  so a session's start is never sent after its end.

If the spool itself cannot be written (no space, the folder unwritable), the record is held
in memory and written before the next one; ``held`` counts them, and they are said at exit.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import MISSING, dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from trainer.errors import BadInputError

if TYPE_CHECKING:  # read when a record is (the trainer's launch with an empty spool is not)
    from trainer.engine.said import Said
    from trainer.session.records import AnswerRecord, SessionRecord

try:  # POSIX; elsewhere one trainer per target is assumed
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FORMAT_VERSION = 1
Kind = Literal["answer", "session"]
KINDS = ("answer", "session")


@dataclass(frozen=True, slots=True)
class Entry:
    """One record waiting for the history, with the key that makes sending it twice safe."""

    kind: Kind
    key: str
    record: AnswerRecord | SessionRecord


class Damaged(NamedTuple):
    """A spool line that cannot be read: kept where it is, reported as ``file:line``."""

    path: Path
    line: int
    reason: str

    def __str__(self) -> str:
        return self.said()

    def said(self) -> Said:
        """The line as said to the trainee (the reason is the reader's, kept English)."""
        from trainer.engine.said import Said

        return Said(
            "{path}:{line}: damaged spool line kept, not sent ({why})",
            path=str(self.path),
            line=self.line,
            why=self.reason,
        )


class Contents(NamedTuple):
    entries: list[Entry]  # oldest first
    damaged: list[Damaged]


class SpoolError(BadInputError):
    """A spool line that is not a record this version wrote."""


# ---------------------------------------------------------------------------------------
# One line


def _plain(value: object) -> object:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def encode(entry: Entry) -> bytes:
    """The entry as one line of JSON (UTF-8, newline-terminated)."""
    record = {f.name: _plain(getattr(entry.record, f.name)) for f in fields(entry.record)}
    line = {"v": FORMAT_VERSION, "kind": entry.kind, "key": entry.key, "record": record}
    return (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def _field(name: str, annotation: str, value: object) -> object:
    """``value`` as the record's field ``name`` wants it; SpoolError if it cannot be."""
    optional = "None" in annotation
    if value is None:
        if optional:
            return None
        from trainer.engine.said import Said

        raise SpoolError(Said("{name} is missing", name=name))
    if "datetime" in annotation:
        if not isinstance(value, str):
            from trainer.engine.said import Said

            raise SpoolError(Said("{name} is not a time", name=name))
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            from trainer.engine.said import Said

            raise SpoolError(Said("{name} is not a time", name=name)) from None
        if moment.tzinfo is None:
            from trainer.engine.said import Said

            raise SpoolError(Said("{name} has no time zone", name=name))
        return moment
    if annotation.startswith("tuple"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            from trainer.engine.said import Said

            raise SpoolError(Said("{name} is not a list of text", name=name))
        return tuple(value)
    wanted: dict[str, type | tuple[type, ...]] = {
        "str": str,
        "bool": bool,
        "int": int,
        "float": (int, float),
    }
    base = annotation.split("|")[0].strip()
    kind = wanted.get(base)
    if kind is None:  # pragma: no cover - a field type this reader was not taught
        from trainer.engine.said import Said

        raise SpoolError(Said("{name}: unknown field type {kind}", name=name, kind=annotation))
    if not isinstance(value, kind) or (base in ("int", "float") and isinstance(value, bool)):
        from trainer.engine.said import Said

        raise SpoolError(Said("{name} is not {kind}", name=name, kind=base))
    if base == "float" and isinstance(value, (int, float)):
        return float(value)
    return value


def decode(line: bytes) -> Entry:
    """The entry a line holds; SpoolError (naming what is wrong) if it holds none."""
    from trainer.jsonfile import loads

    try:
        data = loads(line)  # bounded depth; no NaN, Infinity or 1e999 (trainer.jsonfile)
    except ValueError as exc:
        from trainer.engine.said import Said

        raise SpoolError(Said("not JSON ezbac wrote: {why}", why=str(exc))) from None
    if not isinstance(data, dict):
        from trainer.engine.said import Said

        raise SpoolError(Said("not a JSON object"))
    if data.get("v") != FORMAT_VERSION:
        from trainer.engine.said import Said

        raise SpoolError(
            Said(
                "format version {version}, this version reads {ours}",
                version=repr(data.get("v")),
                ours=FORMAT_VERSION,
            )
        )
    kind, key, raw = data.get("kind"), data.get("key"), data.get("record")
    if kind not in KINDS:
        from trainer.engine.said import Said

        raise SpoolError(Said("unknown kind {kind}", kind=repr(kind)))
    if not isinstance(key, str) or not key:
        from trainer.engine.said import Said

        raise SpoolError(Said("no key"))
    if not isinstance(raw, dict):
        from trainer.engine.said import Said

        raise SpoolError(Said("no record"))
    from trainer.session.records import AnswerRecord, SessionRecord

    cls = AnswerRecord if kind == "answer" else SessionRecord
    known = {f.name: f for f in fields(cls)}
    if extra := sorted(set(raw) - set(known)):
        from trainer.engine.said import Said

        raise SpoolError(Said("unknown field {name}", name=extra[0]))
    values: dict[str, object] = {}
    for name, f in known.items():
        if name in raw:
            values[name] = _field(name, str(f.type), raw[name])
        elif f.default is MISSING:
            from trainer.engine.said import Said

            raise SpoolError(Said("{name} is missing", name=name))
    try:
        record = cls(**values)  # type: ignore[arg-type]
    except ValueError as exc:  # a value the record refuses (a time that is no number)
        raise SpoolError(str(exc)) from None
    return Entry(kind, key, record)


# ---------------------------------------------------------------------------------------
# The file


def _slug(target: str) -> str:
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", target.rstrip("/").rsplit("/", 1)[-1])
    return name.strip("-.")[:40] or "history"


def spool_path(target: str) -> Path:
    """Where the spool for the history ``target`` lives (see the module docstring)."""
    from trainer.paths import user_data_dir

    digest = hashlib.sha256(target.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return user_data_dir() / "spool" / f"{_slug(target)}-{digest}.jsonl"


class Spool:
    """The spool file for one history target; safe to use from several threads."""

    def __init__(self, path: Path, target: str = "") -> None:
        self.path = path
        self.target = target or str(path)
        self._mutex = threading.RLock()
        self._held: list[bytes] = []  # lines that could not be written to the file yet
        self._cache: tuple[tuple[int, int, int], Contents] | None = None
        self.problem: str | None = None  # why the file could not be written, if it could not

    @classmethod
    def for_target(cls, target: str) -> Spool:
        return cls(spool_path(target), target)

    # -- locks ------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """This thread alone, and (POSIX) this process alone, changes or reads the file."""
        with self._mutex:
            if fcntl is None:
                yield
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(f"{self.path}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # releases the lock

    @contextlib.contextmanager
    def sending(self) -> Iterator[bool]:
        """True when this caller may send (no other trainer on this computer is sending this
        spool now); held until the block ends."""
        if fcntl is None or not (self.path.exists() or self._held):
            yield True
            return
        try:
            fd = os.open(f"{self.path}.send", os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            yield True
            return
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                yield False
                return
            yield True
        finally:
            os.close(fd)

    # -- writing ----------------------------------------------------------------------------

    def append(self, entry: Entry) -> None:
        """Add ``entry`` at the end, on disk (fsync'd) before returning when the disk allows;
        otherwise held in memory (``problem`` says why) and written before the next one."""
        with self._mutex:
            self._held.append(encode(entry))
            try:
                with self._locked():
                    self._write_held()
            except OSError as exc:
                from trainer.engine.said import Said

                self.problem = Said(
                    "cannot write the spool {path}: {why}",
                    path=str(self.path),
                    why=exc.strerror or str(exc),
                )
            else:
                self.problem = None

    def _write_held(self) -> None:
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            size = os.fstat(fd).st_size
            lead = b""
            if size:
                with open(self.path, "rb") as reader:  # a torn last line is closed off
                    reader.seek(size - 1)
                    if reader.read(1) != b"\n":
                        lead = b"\n"
            data = lead + b"".join(self._held)
            written = os.write(fd, data)
            if written != len(data):
                raise OSError(f"short write ({written} of {len(data)} bytes)")
            os.fsync(fd)
        finally:
            os.close(fd)
        self._held.clear()

    def remove(self, keys: set[str]) -> None:
        """Drop the entries with these keys (committed to the history); damaged lines and
        everything else stay, in order.  Atomic: the old file or the new one, never half."""
        if not keys:
            return
        with self._mutex:
            self._held = [line for line in self._held if _key_of(line) not in keys]
            if not self.path.exists():
                return
            with self._locked():
                try:
                    old = self.path.read_bytes()
                except FileNotFoundError:
                    return
                kept = [line for line in old.splitlines(keepends=True) if _key_of(line) not in keys]
                if not any(line.strip() for line in kept):
                    self.path.unlink()
                    return
                temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
                try:
                    with open(temp, "wb") as out:
                        out.writelines(kept)
                        out.flush()
                        os.fsync(out.fileno())
                    os.replace(temp, self.path)
                finally:
                    with contextlib.suppress(OSError):
                        temp.unlink(missing_ok=True)
                _fsync_dir(self.path.parent)

    # -- reading ----------------------------------------------------------------------------

    def read(self) -> Contents:
        """Every entry waiting, oldest first (the file's, then any held in memory), and the
        damaged lines.  Cached while the file is unchanged: the recorder asks before each
        answer."""
        with self._mutex:
            try:
                info = os.stat(self.path)
            except FileNotFoundError:
                info = None
            except OSError:
                info = None
            stamp = (info.st_size, info.st_mtime_ns, info.st_ino) if info else (0, 0, 0)
            if self._cache is not None and self._cache[0] == stamp:
                on_disk = self._cache[1]
            elif info is None or info.st_size == 0:
                on_disk = Contents([], [])
            else:
                try:
                    with self._locked():
                        data = self.path.read_bytes()
                except OSError as exc:  # said, and read again next time; never raised
                    from trainer.engine.said import Said

                    self.problem = Said(
                        "cannot read the spool {path}: {why}",
                        path=str(self.path),
                        why=exc.strerror or str(exc),
                    )
                    return Contents([decode(line) for line in self._held], [])
                on_disk = self._parse(data)
                stamp = (len(data), *stamp[1:])
            self._cache = (stamp, on_disk)
            held = [decode(line) for line in self._held]
            return Contents(on_disk.entries + held, list(on_disk.damaged))

    def _parse(self, data: bytes) -> Contents:
        entries: list[Entry] = []
        damaged: list[Damaged] = []
        for number, line in enumerate(data.splitlines(keepends=True), 1):
            if not line.strip():
                continue
            try:
                entries.append(decode(line))
            except SpoolError as exc:
                from trainer.engine.said import Said

                said = exc.args[0] if len(exc.args) == 1 else str(exc)  # a Said, kept
                why = (
                    said
                    if line.endswith(b"\n")
                    else Said("cut short: the record being written when the trainer stopped")
                )
                damaged.append(Damaged(self.path, number, why))
        return Contents(entries, damaged)

    def waiting(self) -> int:
        return len(self.read().entries)

    @property
    def held(self) -> int:
        """Entries not yet on disk (the spool file could not be written)."""
        with self._mutex:
            return len(self._held)


def _key_of(line: bytes) -> str | None:
    from trainer.jsonfile import loads

    try:
        data = loads(line)
    except ValueError:
        return None
    key = data.get("key") if isinstance(data, dict) else None
    return key if isinstance(key, str) else None


def _fsync_dir(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
