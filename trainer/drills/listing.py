"""What a drill list needs to know about a file, read without building the drill.

Loading a drill in full checks every coup and filter against the engine's exact analysis,
which is too slow to do for every file just to show a list.  ``scan`` reads only the YAML
event stream (libyaml when PyYAML has it) with the same guards as the loader (size, UTF-8,
no anchors/aliases, no tags, bounded nesting) and picks the top-level fields a list shows.
Anything it finds wrong makes the caller fall back to the full loader, whose message is the
one shown; a file that scans clean but is wrong in substance is refused, with all its
file:line errors, when it is started.

``ListingCache`` keeps those fields in the per-user data folder, keyed by each file's path,
modification time and size, so a launch with unchanged files never imports PyYAML at all
(about a third of the trainer's start-up cost over a bare Textual app).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from trainer.paths import write_atomic

_FIELDS = ("id", "title", "description", "mode", "level", "questions")


class ScanProblem(Exception):
    """The file needs the full loader to say what is wrong with it."""


@dataclass(frozen=True, slots=True)
class DrillMeta:
    id: str
    title: str
    description: str
    questions: int | None  # coups per run; None when the file's value is not a count
    mode: str = "practice"
    level: str | None = None


def scan(path: Path) -> DrillMeta:
    """The listing fields of a drill file; ScanProblem if it is not plainly a drill."""
    from trainer.drills import schema as S  # scanning only: a warm start never scans

    try:
        if path.stat().st_size > S.MAX_FILE_BYTES:
            raise ScanProblem("too large")
        data = path.read_bytes()
    except OSError as exc:
        raise ScanProblem(str(exc)) from None
    try:
        text = S.drill_text(data)
    except S.TextProblem as exc:
        raise ScanProblem(str(exc)) from None
    return scan_text(text)


def scan_text(text: str) -> DrillMeta:
    import yaml  # here, not at the top: a warm listing cache never needs it

    from trainer.drills import schema as S

    parser = S.yaml_loader()
    top: dict[str, str] = {}  # top-level scalar fields
    counts = {"coups": 0, "generate": 0}
    depth = 0
    key: str | None = None  # the top-level key whose value comes next
    inside: str | None = None  # the top-level key whose collection we are in
    expect_key = False
    try:
        for event in yaml.parse(text, Loader=parser):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise ScanProblem("anchor or alias")
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in S.CORE_TAGS:
                raise ScanProblem("tag")
            starts = isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent))
            ends = isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent))
            node = starts or isinstance(event, yaml.ScalarEvent)  # a node begins here
            if depth == 1 and node:
                if expect_key:
                    if not isinstance(event, yaml.ScalarEvent):
                        raise ScanProblem("complex key")
                    key, expect_key = event.value, False
                else:
                    if isinstance(event, yaml.ScalarEvent) and key in _FIELDS:
                        if key in top:
                            raise ScanProblem("duplicate key")
                        top[key] = event.value
                    inside = key
                    expect_key = True
            elif depth == 2 and node and inside in counts:
                counts[inside] += 1  # one item of the coups or generate list
            if starts:
                depth += 1
                if depth > S.MAX_DEPTH:
                    raise ScanProblem("too deep")
                if depth == 1:
                    if not isinstance(event, yaml.MappingStartEvent):
                        raise ScanProblem("not a mapping")
                    expect_key = True
            elif ends:
                depth -= 1
            elif isinstance(event, yaml.DocumentStartEvent) and top:
                raise ScanProblem("several documents")
    except yaml.YAMLError as exc:
        raise ScanProblem(str(exc)) from None
    ident, title = top.get("id", ""), top.get("title", "").strip()
    if not re.match(S.ID_PATTERN, ident) or not title:
        raise ScanProblem("id or title")
    return DrillMeta(
        ident,
        title,
        " ".join(top.get("description", "").split()),
        _questions(top.get("questions"), counts["coups"], counts["generate"]),
        top.get("mode") if top.get("mode") in S.MODES else "practice",
        top.get("level"),
    )


def _questions(given: str | None, coups: int, filters: int) -> int | None:
    """The loader's rule: the count given, else the fixed coups, else a default with generate."""
    from trainer.drills import schema as S

    if given is None:
        return S.DEFAULT_QUESTIONS if filters else coups
    from trainer.engine.money import ascii_int

    count = ascii_int(given)
    return count if count is not None and 0 < count <= S.MAX_QUESTIONS else None


CACHE_NAME = "drill-listing.json"
_CACHE_VERSION = 1  # bump when scan's rules or DrillMeta change


def _key(stat: os.stat_result) -> list[int]:
    return [stat.st_mtime_ns, stat.st_size]


def _meta(value: Any) -> DrillMeta | None:
    """A DrillMeta from its JSON form, or None if it is not exactly that shape."""
    if not isinstance(value, dict) or set(value) != set(DrillMeta.__slots__):
        return None
    strings = all(isinstance(value[k], str) for k in ("id", "title", "description", "mode"))
    questions, level = value["questions"], value["level"]
    if not strings or not (questions is None or type(questions) is int):
        return None
    if not (level is None or isinstance(level, str)):
        return None
    return DrillMeta(**value)


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
        try:
            data = json.loads(file.read_bytes())
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("version") == _CACHE_VERSION:
            entries = data.get("entries")
            if isinstance(entries, dict):
                self._old = entries

    def scan(self, path: Path) -> DrillMeta:
        """``scan(path)``, answered from the cache when the file is unchanged."""
        name = os.path.abspath(path)
        try:
            key = _key(path.stat())
        except OSError as exc:
            raise ScanProblem(str(exc)) from None
        entry = self._old.get(name)
        if isinstance(entry, dict) and entry.get("key") == key:
            meta = _meta(entry.get("meta"))
            if meta is not None:
                self._new[name] = entry
                return meta
        meta = scan(path)
        self._new[name] = {"key": key, "meta": asdict(meta)}
        return meta

    def save(self) -> None:
        """Write what this run listed, if it differs from what was read."""
        if self._new == self._old:
            return
        data = json.dumps({"version": _CACHE_VERSION, "entries": self._new}, sort_keys=True)
        with contextlib.suppress(OSError):  # not written: the next launch scans again
            write_atomic(self.file, data)
