"""A cheap look at a declared file: some top-level scalars and how long some lists are,
read from the YAML event stream (libyaml when PyYAML has it) without composing nodes or
checking values, under the same guards as the full reading (no anchors/aliases, core tags
only, bounded nesting, one document).  Made for lists of files, which then call the full
reader only for a file that does not plainly read."""

from __future__ import annotations

from collections.abc import Collection

import yaml

from trainer.fileformat import reading
from trainer.fileformat.problems import ScanProblem

__all__ = ["ScanProblem", "scan_top_level"]


def scan_top_level(  # noqa: C901 (a line scanner's states)
    text: str, scalars: Collection[str], lists: Collection[str] = ()
) -> tuple[dict[str, str], dict[str, int]]:
    """The raw text of the top-level keys in ``scalars`` that hold a scalar, and the number
    of items of the top-level keys in ``lists`` (0 when absent); ScanProblem if the text is
    not plainly a mapping of fields."""
    top: dict[str, str] = {}
    counts = dict.fromkeys(lists, 0)
    depth = 0
    key: str | None = None  # the top-level key whose value comes next
    inside: str | None = None  # the top-level key whose collection we are in
    expect_key = False
    try:
        for event in yaml.parse(text, Loader=reading.yaml_loader()):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise ScanProblem("anchor or alias")
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in reading.CORE_TAGS:
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
                    if isinstance(event, yaml.ScalarEvent) and key is not None and key in scalars:
                        if key in top:
                            raise ScanProblem("duplicate key")
                        top[key] = event.value
                    inside = key
                    expect_key = True
            elif depth == 2 and node and inside in counts:
                counts[inside] += 1  # one item of a counted list
            if starts:
                depth += 1
                if depth > reading.MAX_DEPTH:
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
    return top, counts
