"""What a drill list needs to know about a file, read without building the drill.

Loading a drill in full checks every coup and filter against the engine's exact analysis,
which is too slow to do for every file just to show a list.  ``scan`` reads only the YAML
event stream (libyaml when PyYAML has it) with the same guards as the loader (size, UTF-8,
no anchors/aliases, no tags, bounded nesting) and picks the top-level fields a list shows.
Anything it finds wrong makes the caller fall back to the full loader, whose message is the
one shown; a file that scans clean but is wrong in substance is refused, with all its
file:line errors, when it is started.

The fields are those the declaration (``trainer.drills.fields``) marks ``listed``; they
make the listed part of ``trainer.drills.catalogue.DrillEntry``.  ``ListingCache`` keeps them
in the per-user data folder, keyed by each file's path, modification time and size, so a
launch with unchanged files never imports PyYAML at all
(about a third of the trainer's start-up cost over a bare Textual app).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path
from typing import Any

from trainer.drills import fields as F
from trainer.fileformat.problems import ScanProblem
from trainer.paths import UnusablePathError, read_capped, write_atomic

#: The fields a drill list shows, by name: what scan returns and the cache keeps.
LISTED = F.DRILL.listed()
#: Besides the listed fields, what a run is counted in: a list says "8 tables", "a shoe".
UNITS = ("coups", "tables", "shoe")
Listing = dict[str, Any]


def scan(path: Path) -> Listing:
    """The listing fields of a drill file; ScanProblem if it is not plainly a drill."""
    from trainer.fileformat import reading  # scanning only: a warm start never scans

    try:  # a named pipe or a device in the folder is refused, never waited on
        data = read_capped(path, F.MAX_FILE_BYTES)
    except (OSError, UnusablePathError) as exc:
        raise ScanProblem(str(exc)) from None
    if len(data) > F.MAX_FILE_BYTES:
        raise ScanProblem("too large")
    try:
        text = reading.file_text(data, F.MAX_FILE_BYTES)
    except reading.TextProblem as exc:
        raise ScanProblem(str(exc)) from None
    return scan_text(text)


def scan_text(text: str) -> Listing:
    """The listing fields of a drill file's text, each as the loader would read it."""
    from trainer.fileformat.scanning import scan_top_level  # PyYAML: not on a warm start

    top, counts = scan_top_level(text, (*LISTED, "ask"), ("coups", "generate", "table"))
    ident, title = top.get("id", ""), top.get("title", "").strip()
    if not re.match(F.ID_PATTERN, ident) or not title:
        raise ScanProblem("id or title")
    mode = F.DRILL.mode.of(top)
    level = F.DRILL.level.of(top)
    listing = {
        "id": ident,
        "title": title,
        "description": " ".join(top.get("description", "").split()),
        "level": level if level in F.LEVELS else None,
        "mode": mode if mode in F.MODES else F.DRILL.mode.default,
        "questions": _questions(top.get("questions"), counts["coups"], counts["generate"]),
        "unit": _unit(counts, top.get("ask", "").strip()),
    }
    return listing


def _unit(counts: dict[str, int], ask: str) -> str:
    """What a run is counted in (one of UNITS): a drill with neither coups nor filters is a
    shoe drill (its shoe decides how many coups or tables); else a table section deals
    tables (a violations drill's table section deals the layouts of its moments, one a
    coup)."""
    if not counts["coups"] and not counts["generate"]:
        return "shoe"
    return "tables" if counts["table"] and ask != F.VIOLATIONS_KIND else "coups"


def _questions(given: str | None, coups: int, filters: int) -> int | None:
    """The loader's rule: the count given, else the fixed coups, else a default with generate."""
    if given is None:
        # neither coups nor filters: a shoe drill, whose shoe decides (None: not a count)
        return F.DEFAULT_QUESTIONS if filters else (coups or None)
    from trainer.engine.money import ascii_int

    count = ascii_int(given)  # "²".isdigit() is true and int("²") fails; so would 5,000 digits
    return count if count is not None and 0 < count <= F.MAX_QUESTIONS else None


CACHE_NAME = "drill-listing.json"
_CACHE_VERSION = 4  # bump when scan's rules change


def _key(stat: os.stat_result) -> list[int]:
    return [stat.st_mtime_ns, stat.st_size]


def _listing(value: Any) -> Listing | None:
    """Listing fields from their JSON form, or None if they are not what scan makes."""
    if not isinstance(value, dict) or set(value) != {*LISTED, "unit"}:
        return None
    if value["unit"] not in UNITS:
        return None
    if not all(isinstance(value[k], str) for k in ("id", "title", "description")):
        return None
    if value["mode"] not in F.MODES or not (value["level"] is None or value["level"] in F.LEVELS):
        return None
    if not (value["questions"] is None or type(value["questions"]) is int):
        return None
    return value


class ListingCache:
    """Scan results remembered between runs, one JSON file in the per-user data folder.

    Only clean scans are kept: a file that needs the full loader is loaded every time, so
    a broken drill always shows the loader's current message.  A missing, unreadable,
    corrupt or foreign cache file is ignored (and rewritten); writing is atomic (a temporary
    file, then os.replace) and a failed write only means the next launch scans again.
    """

    def __init__(self, file: Path) -> None:
        self.file = file
        self._old: dict[str, Any] = {}
        self._new: dict[str, Any] = {}
        from trainer.jsonfile import loads

        try:
            data = loads(file.read_bytes())
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("version") == _CACHE_VERSION:
            entries = data.get("entries")
            if isinstance(entries, dict):
                self._old = entries

    def scan(self, path: Path) -> Listing:
        """``scan(path)``, answered from the cache when the file is unchanged."""
        name = os.path.abspath(path)
        try:
            key = _key(path.stat())
        except OSError as exc:
            raise ScanProblem(str(exc)) from None
        entry = self._old.get(name)
        if isinstance(entry, dict) and entry.get("key") == key:
            listing = _listing(entry.get("meta"))
            if listing is not None:
                self._new[name] = entry
                return listing
        listing = scan(path)
        self._new[name] = {"key": key, "meta": listing}
        return listing

    def save(self) -> None:
        """Write what this run listed, if it differs from what was read."""
        if self._new == self._old:
            return
        data = json.dumps({"version": _CACHE_VERSION, "entries": self._new}, sort_keys=True)
        with contextlib.suppress(OSError):  # not written: the next launch scans again
            write_atomic(self.file, data)
