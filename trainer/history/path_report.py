"""``ezbac report --path``: every trainee's place on the curriculum's path, for instructors
and a school's own systems: per trainee its readiness (table-ready / close / N left) and next
drill, and per skill its standing, recent accuracy and pace (CSV or JSON here, the table
worded at the edge).  Mastery is
judged on all of a trainee's answers, as on the trainee's home screen."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from trainer.curriculum.model import Curriculum
from trainer.history.mastery import (
    PathProgress,
    SkillMastery,
    assess,
    class_paths,
    path_progress,
)
from trainer.history.report import json_text
from trainer.history.store import HistoryStore

VERSION = 1
COLUMNS: tuple[str, ...] = (
    "trainee",
    "readiness",
    "module",
    "module_state",
    "skill",
    "standing",
    "answered",
    "recent",
    "right",
    "average_seconds",
    "pace",
    "needs",
)


def build_paths(
    store: HistoryStore, curriculum: Curriculum, trainee: str | None = None
) -> tuple[tuple[str, PathProgress], ...]:
    """(trainee, path) for ``trainee`` or everyone on record, by name (everyone: read for the
    whole class at once, mastery.class_paths)."""
    if trainee:
        return ((trainee, path_progress(store, trainee, curriculum)),)
    paths = class_paths(store, curriculum)
    return tuple(
        (name, paths.get(name) or assess(curriculum, {}, [])) for name in sorted(store.trainees())
    )


def _average(s: SkillMastery) -> float | None:
    return None if s.average is None else round(s.average, 2)


def render_paths(paths: Sequence[tuple[str, PathProgress]], fmt: str) -> str:
    """The paths as CSV or JSON (``fmt``), the same in every language; the table for people
    is worded at the edge (``trainer.words.report.paths_table``)."""
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(COLUMNS)
        for name, path in paths:
            for m in path.modules:
                for s in m.skills:
                    average = _average(s)
                    writer.writerow(
                        [
                            name,
                            path.readiness,
                            m.module.id,
                            m.state.value,
                            s.goal.id,
                            s.standing.value,
                            s.answered,
                            s.recent,
                            s.right,
                            "" if average is None else average,
                            "" if s.pace is None else s.pace.value,
                            "; ".join(s.needs),
                        ]
                    )
        return buffer.getvalue()
    if fmt == "json":
        return json_text(
            {
                "report": "ezbac-path",
                "version": VERSION,
                "curriculum": paths[0][1].curriculum.name if paths else None,
                "trainees": [
                    {
                        "trainee": name,
                        "readiness": path.readiness,
                        "next_drill": path.next_drill,
                        "modules": [
                            {
                                "id": m.module.id,
                                "state": m.state.value,
                                "skills": [
                                    {
                                        "id": s.goal.id,
                                        "standing": s.standing.value,
                                        "answered": s.answered,
                                        "recent": s.recent,
                                        "right": s.right,
                                        "average_seconds": _average(s),
                                        "pace": None if s.pace is None else s.pace.value,
                                        "needs": list(s.needs),
                                    }
                                    for s in m.skills
                                ],
                            }
                            for m in path.modules
                        ],
                    }
                    for name, path in paths
                ],
            }
        )
    raise ValueError(f"{fmt!r}: CSV or JSON; the table is worded at the edge")
