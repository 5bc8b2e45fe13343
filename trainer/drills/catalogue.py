"""Which drills exist: the bundled ones (shipped in the package) and the user's own folder.

A broken user file shows up in the list with its error instead of breaking the list.  A
list can be made cheaply (``check=False``: each file's listing fields, read by
``trainer.drills.listing`` without building the drill) for the trainer's home screen; the
full check then happens when a drill is started.  Either way each drill is one
``DrillEntry``, the summary record that ``ezbac drills list`` and the home screen share.
The loader (PyYAML's composer and the engine's exact analysis) is imported only when a
drill is loaded in full.
"""

from __future__ import annotations

import difflib
import enum
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from trainer.drills import fields as F
from trainer.drills.errors import DrillError, DrillFileError, DrillNotFoundError
from trainer.paths import user_data_dir, user_drills_dir

if TYPE_CHECKING:
    from trainer.drills.listing import ListingCache
    from trainer.drills.model import Drill

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class DrillEntry:
    """A drill as a list shows it.  The first fields are those the file format marks listed
    (``trainer.drills.fields``), read cheaply by the listing or taken from a loaded drill."""

    id: str
    title: str
    description: str
    level: str | None
    mode: str
    questions: int | None  # coups per run; None when the file's value is not a count
    path: Path | None = None
    bundled: bool = True
    problem: str | None = None  # why the file cannot be used (its first problem)
    drill: Drill | None = None  # None in a cheap listing until loaded
    unit: str = "coups"  # what a run is counted in: coups, tables, or a shoe

    @property
    def run_words(self) -> str:
        """A run's length for a list: "12 coups", "5 tables", "a shoe" ("?" if unknown)."""
        if self.unit == "shoe":
            return "a shoe"
        count = "?" if self.questions is None else self.questions
        return f"{count} {self.unit if count != 1 else self.unit[:-1]}"

    @classmethod
    def of(cls, drill: Drill, path: Path | None = None, bundled: bool = True) -> DrillEntry:
        """The entry of a loaded drill: its listed fields as the file gives them."""
        listed: dict[str, Any] = {}
        for name, attr in F.DRILL.attrs():
            if F.DRILL.fields[name].listed:
                value = getattr(drill, attr)
                listed[name] = value.value if isinstance(value, enum.Enum) else value
        unit = "tables" if drill.at_table else "coups"
        if drill.kind.value == F.SHOE_KIND:
            listed["questions"] = None  # the shoe decides how many coups, as the listing says
            unit = "shoe"
        return cls(**listed, path=path or drill.source, bundled=bundled, drill=drill, unit=unit)

    @classmethod
    def broken(cls, path: Path, bundled: bool, problem: str) -> DrillEntry:
        return cls(
            path.stem, path.stem, "", None, F.DRILL.mode.default, None, path, bundled, problem
        )

    @property
    def origin(self) -> str:
        return "bundled" if self.bundled else "user"

    def load(self) -> Drill:
        """The drill, fully checked: DrillFileError (every problem, file:line) if it is not
        fit to run, DrillError if the listing already found it unusable."""
        if self.drill is not None:
            return self.drill
        if self.problem is not None or self.path is None:
            from trainer.engine.said import Said, Verbatim

            raise DrillError(
                self.problem or Said("drill {id} has no file", id=Verbatim(repr(self.id)))
            )
        return _load_cached(self.path)


def bundled_dir() -> Path:
    """The bundled drills: ``trainer/bundled_drills`` in an installed package (a symlink to
    the top-level ``drills/`` in the source tree), else ``drills/`` next to the package.

    Found from this file rather than importlib.resources, whose import (with zipfile) costs
    more than the whole drill listing; the package is always installed as files."""
    package = Path(__file__).resolve().parents[1]
    packaged = package / "bundled_drills"
    if packaged.is_dir():
        return packaged
    return package.parent / "drills"  # pragma: no cover - no symlinks


def _files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())


_CACHE: dict[tuple[Path, int, int], Drill] = {}


def _load_cached(path: Path) -> Drill:
    """Drills are immutable, so an unchanged file need not be parsed twice."""
    stat = path.stat()
    key = (path.resolve(), stat.st_mtime_ns, stat.st_size)
    if key not in _CACHE:
        from trainer.drills.loader import load_file

        _CACHE[key] = load_file(path)
    return _CACHE[key]


def _entry(path: Path, bundled: bool) -> DrillEntry:
    try:
        drill = _load_cached(path)
    except (DrillError, OSError) as exc:
        said = exc.args[0] if len(exc.args) == 1 else None  # a Said stays one, for the edges
        problem = exc.summary if isinstance(exc, DrillFileError) else said
        if not isinstance(problem, str):
            problem = str(exc)
        return DrillEntry.broken(path, bundled, problem)
    return DrillEntry.of(drill, path, bundled)


def _listed(path: Path, bundled: bool, cache: ListingCache) -> DrillEntry:
    """The listing fields only; a file that does not plainly read as a drill is loaded in
    full so the list shows the loader's own message."""
    from trainer.fileformat.problems import ScanProblem

    try:
        listed = cache.scan(path)
    except ScanProblem:
        return _entry(path, bundled)
    return DrillEntry(**listed, path=path, bundled=bundled)


def available_drills(check: bool = True) -> list[DrillEntry]:
    """Bundled drills (in file order), then the user's; user ids clashing with another
    drill are reported as errors rather than silently shadowing it.

    ``check=False`` lists without loading each drill in full (see ``trainer.drills.listing``):
    a file wrong only in substance is then listed and refused by ``DrillEntry.load``.
    """
    if check:
        make = _entry
    else:
        from trainer.drills.listing import CACHE_NAME, ListingCache

        cache = ListingCache(user_data_dir() / CACHE_NAME)

        def make(path: Path, bundled: bool) -> DrillEntry:
            return _listed(path, bundled, cache)

    entries = [make(p, True) for p in _files(bundled_dir())]
    seen = {e.id: e for e in entries if e.problem is None}
    for path in _files(user_drills_dir()):
        entry = make(path, False)
        if entry.problem is None and entry.id in seen:
            other = seen[entry.id]
            from trainer.engine.said import Said, Verbatim

            clash = Said(
                "{path}: id {id} is already used by {other}",
                path=Verbatim(str(path)),
                id=Verbatim(repr(entry.id)),
                other=Verbatim(str(other.path)),
            )
            entry = replace(entry, problem=clash, drill=None)
        elif entry.problem is None:
            seen[entry.id] = entry
        entries.append(entry)
    if not check:
        cache.save()
    return entries


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text or text.lower().endswith(SUFFIXES)


def load_drill(id_or_path: str | Path) -> Drill:
    """A bundled or user drill by id, or a drill file by path; DrillError if neither."""
    text = str(id_or_path)
    if isinstance(id_or_path, Path) or _looks_like_path(text) or Path(text).is_file():
        from trainer.drills.loader import load_file

        return load_file(Path(text))
    entries = available_drills(check=False)
    for entry in entries:
        if entry.id == text and entry.problem is None:
            return entry.load()
    from trainer.engine.said import Said, Verbatim

    ids = [e.id for e in entries if e.problem is None]
    match = difflib.get_close_matches(text, ids, n=1)
    hint = Said(" (did you mean {name}?)", name=Verbatim(repr(match[0]))) if match else ""
    raise DrillNotFoundError(
        Said(
            "no drill {name}{hint}: give a drill id from 'ezbac drills list' or a path to a "
            "drill file",
            name=Verbatim(repr(text)),
            hint=hint,
        )
    )
