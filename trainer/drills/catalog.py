"""Which drills exist: the bundled ones (shipped in the package) and the user's own folder.

A broken user file shows up in the list with its error instead of breaking the list.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from trainer.drills.errors import DrillError, DrillNotFoundError
from trainer.drills.loader import load_file
from trainer.drills.model import Drill
from trainer.paths import user_drills_dir

SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True, slots=True)
class DrillEntry:
    id: str
    title: str
    description: str
    questions: int
    path: Path
    bundled: bool
    error: str | None = None  # the load error of a broken user drill (first problem)
    mode: str = "practice"
    level: str | None = None
    drill: Drill | None = None

    @property
    def origin(self) -> str:
        return "bundled" if self.bundled else "user"


def bundled_dir() -> Path:
    """The bundled drills: ``trainer/bundled_drills`` in an installed package (a symlink to
    the top-level ``drills/`` in the source tree), else ``drills/`` next to the package."""
    packaged = Path(str(resources.files("trainer") / "bundled_drills"))
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "drills"  # pragma: no cover - no symlinks


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
        _CACHE[key] = load_file(path)
    return _CACHE[key]


def _entry(path: Path, bundled: bool) -> DrillEntry:
    try:
        drill = _load_cached(path)
    except (DrillError, OSError) as exc:
        return DrillEntry(path.stem, path.stem, "", 0, path, bundled, error=str(exc))
    return DrillEntry(
        drill.id, drill.title, drill.description, drill.questions, path, bundled,
        mode=drill.mode.value, level=drill.level, drill=drill,
    )


def available_drills() -> list[DrillEntry]:
    """Bundled drills (in file order), then the user's; user ids clashing with another
    drill are reported as errors rather than silently shadowing it."""
    entries = [_entry(p, True) for p in _files(bundled_dir())]
    seen = {e.id: e for e in entries if e.error is None}
    for path in _files(user_drills_dir()):
        entry = _entry(path, False)
        if entry.error is None and entry.id in seen:
            other = seen[entry.id]
            clash = f"{path}: id {entry.id!r} is already used by {other.path}"
            entry = DrillEntry(entry.id, entry.title, entry.description, entry.questions,
                               path, False, error=clash)
        elif entry.error is None:
            seen[entry.id] = entry
        entries.append(entry)
    return entries


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text or text.lower().endswith(SUFFIXES)


def load_drill(id_or_path: str | Path) -> Drill:
    """A bundled or user drill by id, or a drill file by path; DrillError if neither."""
    text = str(id_or_path)
    if isinstance(id_or_path, Path) or _looks_like_path(text) or Path(text).is_file():
        return load_file(Path(text))
    entries = available_drills()
    for entry in entries:
        if entry.id == text and entry.drill is not None:
            return entry.drill
    ids = [e.id for e in entries if e.error is None]
    match = difflib.get_close_matches(text, ids, n=1)
    hint = f" (did you mean {match[0]!r}?)" if match else ""
    raise DrillNotFoundError(
        f"no drill {text!r}{hint}: give a drill id from 'ezbac drills list' or a path to a "
        "drill file"
    )
