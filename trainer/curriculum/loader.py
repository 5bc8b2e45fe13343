"""Load a curriculum file: safe YAML, every problem located (file:line:column) and reported
at once, the drills it names checked against the drills there are, the result a
``Curriculum`` (``trainer.curriculum.model``)."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from yaml.nodes import MappingNode, Node, SequenceNode

from trainer.curriculum import fields as F
from trainer.curriculum.model import (
    Area,
    Audition,
    Band,
    Curriculum,
    Grade,
    InARow,
    MasteryRule,
    Module,
    PaceBand,
    RedLine,
    SkillGoal,
)
from trainer.drills.fields import ID_PATTERN
from trainer.engine.pace import PaceTarget, TableFormat
from trainer.engine.said import Said
from trainer.fileformat import declare
from trainer.fileformat.problems import FileProblemsError
from trainer.fileformat.reading import (
    INT,
    STR,
    Reader,
    child,
    compose,
    hint,
    join,
    read_text,
)
from trainer.skillkey import SkillPattern

__all__ = [
    "CurriculumFileError",
    "load_curriculum_file",
    "load_curriculum_text",
    "schema_text",
]

_ID = re.compile(ID_PATTERN)
_KEY = re.compile(F.KEY_PATTERN)


class CurriculumFileError(FileProblemsError):
    """A curriculum file that cannot be used; ``problems`` lists everything wrong with it."""


def load_curriculum_file(path: str | Path, drills: Collection[str] | None = None) -> Curriculum:
    """The curriculum in a file; ``drills``: the drill ids it may name (None: not checked)."""
    path = Path(path)
    text = read_text(path, F.MAX_FILE_BYTES, "YAML curriculum", CurriculumFileError)
    return replace(load_curriculum_text(text, str(path), drills), source=path)


def load_curriculum_text(
    text: str, label: str = "<curriculum>", drills: Collection[str] | None = None
) -> Curriculum:
    """The curriculum in ``text``: ids unique, each skill's drill one of its module's, and
    (given ``drills``) every drill named one there is."""
    root = compose(text, label, CurriculumFileError, Said("a mapping with name: and modules:"))
    reader = CurriculumReader(label)
    found = reader.read(root, F.FILE, "")
    curriculum = None
    if found is not None and "modules" in found and "name" in found:
        curriculum = _build(reader, root, found, drills)
    if reader.problems or curriculum is None:
        raise CurriculumFileError(sorted(reader.problems, key=lambda p: (p.line, p.column)))
    return curriculum


def _pace(found: dict[str, Any]) -> dict[TableFormat, PaceTarget]:
    """The school's pace targets per format (the file's ``pace``), as the house reads its own."""
    return {
        TableFormat(k): PaceTarget(
            t.get("coups_an_hour"),
            None if t.get("seconds_a_seat") is None else Decimal(str(t["seconds_a_seat"])),
        )
        for k, t in found.get("pace", {}).items()
    }


def _rule(
    base: MasteryRule,
    given: dict[str, Any] | None,
    reader: CurriculumReader | None = None,
    node: Node | None = None,
    path: str = "mastery",
    pace: Mapping[TableFormat, PaceTarget] | None = None,
) -> MasteryRule:
    """``base`` with the settings ``given`` (a mastery mapping read at ``node``): a
    ``pace_target`` is resolved against the file's ``pace`` (one it does not set is a
    problem at its line), and replaces ``target_seconds``; a ``target_seconds`` given
    without one replaces an inherited pace target."""
    if not given:
        return base
    settings = {k: v for k, v in given.items() if k != "pace_target"}
    band = given.get("pace_target")
    if band is None:
        if "target_seconds" in settings:
            settings.update(pace_band=None, pace_millis=None)
        return replace(base, **settings)
    spot = child(node, "pace_target") or node
    if "target_seconds" in settings and reader is not None and spot is not None:
        reader.err(
            spot,
            join(path, "pace_target"),
            Said("give target_seconds or pace_target, not both"),
        )
    if "format" not in band or "per" not in band:
        return replace(base, **settings)  # its problems are reported where they are
    chosen = PaceBand(TableFormat(band["format"]), band["per"])
    target = chosen.millis(pace or {})
    if target is None and reader is not None and spot is not None:
        measure = "coups_an_hour" if chosen.per == "coup" else "seconds_a_seat"
        reader.err(
            spot,
            join(path, "pace_target"),
            Said(
                "the file's pace sets no {measure} for {format}: set it there "
                "(pace: {{{format}: {{{measure}: ...}}}}) or use target_seconds",
                measure=measure,
                format=band["format"],
            ),
        )
    return replace(base, **settings, pace_band=chosen, pace_millis=target)


def _items(node: Node | None) -> list[Node]:
    return list(node.value) if isinstance(node, SequenceNode) else []


def _build(
    reader: CurriculumReader,
    root: MappingNode,
    found: dict[str, Any],
    drills: Collection[str] | None,
) -> Curriculum:
    pace = _pace(found)
    base = _rule(
        MasteryRule(), found.get("mastery"), reader, child(root, "mastery"), "mastery", pace
    )
    module_nodes = _items(child(root, "modules"))
    modules: list[Module] = []
    module_ids: dict[str, int] = {}
    skill_ids: dict[str, str] = {}
    for i, (m, m_node) in enumerate(zip(found["modules"], module_nodes, strict=True)):
        m_path = join("modules", i)
        if m.get("id") in module_ids:
            reader.err(
                child(m_node, "id") or m_node,
                join(m_path, "id"),
                Said(
                    "{id} is already module {number}: ids are unique",
                    id=repr(m["id"]),
                    number=module_ids[m["id"]] + 1,
                ),
            )
        if "id" in m:
            module_ids.setdefault(m["id"], i)
        if not all(k in m for k in F.MODULE.required):
            continue  # its problems are reported where they are
        own: tuple[str, ...] = m["drills"]
        if drills is not None:
            for j, drill in enumerate(own):
                if drill not in drills:
                    spot = _items(child(m_node, "drills"))
                    reader.err(
                        spot[j] if j < len(spot) else m_node,
                        join(join(m_path, "drills"), j),
                        Said(
                            "no drill {drill}{hint} (ezbac drills list shows them)",
                            drill=repr(drill),
                            hint=hint(drill, drills),
                        ),
                    )
        goals: list[SkillGoal] = []
        skill_nodes = _items(child(m_node, "skills"))
        for j, (s, s_node) in enumerate(zip(m["skills"], skill_nodes, strict=True)):
            s_path = join(join(m_path, "skills"), j)
            if not all(k in s for k in F.SKILL.required):
                continue
            if s["id"] in skill_ids:
                reader.err(
                    child(s_node, "id") or s_node,
                    join(s_path, "id"),
                    Said(
                        "{id} is already a skill of module {module}: "
                        "skill ids are unique in the file",
                        id=repr(s["id"]),
                        module=repr(skill_ids[s["id"]]),
                    ),
                )
            skill_ids.setdefault(s["id"], m["id"])
            drill = s.get("drill") or own[0]
            if drill not in own:
                reader.err(
                    child(s_node, "drill") or s_node,
                    join(s_path, "drill"),
                    Said(
                        "{drill} is not one of this module's drills ({drills})",
                        drill=repr(drill),
                        drills=", ".join(own),
                    ),
                )
            rule = _rule(
                base,
                s.get("mastery"),
                reader,
                child(s_node, "mastery"),
                join(s_path, "mastery"),
                pace,
            )
            goals.append(SkillGoal(s["id"], s["title"], s["keys"], drill, rule))
        modules.append(Module(m["id"], m["title"], own, tuple(goals)))
    audition = None
    if "audition" in found:
        audition = _audition(reader, child(root, "audition"), found["audition"], drills)
        if audition is not None:
            audition = replace(audition, pace=pace)
    return Curriculum(
        name=found["name"],
        modules=tuple(modules),
        school=F.FILE.school.of(found),
        in_order=F.FILE.in_order.of(found),
        mastery=base,
        audition=audition,
        pace=pace,
    )


def _unique(
    reader: CurriculumReader, items: list[dict[str, Any]], nodes: list[Node], path: str, key: str
) -> None:
    """Report every item whose ``key`` repeats an earlier one's."""
    seen: set[str] = set()
    for i, (item, node) in enumerate(zip(items, nodes, strict=False)):
        value = item.get(key)
        if value in seen:
            reader.err(
                child(node, key) or node,
                join(join(path, i), key),
                Said(
                    "{value} is given twice: each {key} is unique here", value=repr(value), key=key
                ),
            )
        if value is not None:
            seen.add(value)


def _audition(
    reader: CurriculumReader,
    node: Node | None,
    found: dict[str, Any],
    drills: Collection[str] | None,
) -> Audition | None:
    """The audition section: ids and grades unique, area drills ones there are, and the
    rubric best first (each grade asks no more accuracy and allows no less time)."""
    if node is None or not all(k in found for k in F.AUDITION.required):
        return None
    area_nodes, grade_nodes = _items(child(node, "areas")), _items(child(node, "rubric"))
    line_nodes = _items(child(node, "red_lines"))
    _unique(reader, found["areas"], area_nodes, "audition.areas", "id")
    _unique(reader, found["rubric"], grade_nodes, "audition.rubric", "grade")
    _unique(reader, found.get("red_lines", []), line_nodes, "audition.red_lines", "id")
    areas = []
    for i, (a, a_node) in enumerate(zip(found["areas"], area_nodes, strict=False)):
        if not all(k in a for k in F.AREA.required):
            continue
        drill = a.get("drill", "")
        if drill and drills is not None and drill not in drills:
            reader.err(
                child(a_node, "drill") or a_node,
                join(join("audition.areas", i), "drill"),
                Said(
                    "no drill {drill}{hint} (ezbac drills list shows them)",
                    drill=repr(drill),
                    hint=hint(drill, drills),
                ),
            )
        run = a.get("in_a_row")
        in_a_row = None
        if run is not None and all(k in run for k in F.IN_A_ROW.required):
            in_a_row = InARow(run["coups"], run["without"], run["title"], run.get("at_most", ""))
        areas.append(Area(a["id"], a["title"], a["keys"], a["target_seconds"], drill, in_a_row))
    grades = _grades(reader, found["rubric"], grade_nodes)
    if not grades:
        reader.err(node, "audition.rubric", Said("is an empty list: give at least one grade"))
    _at_most(reader, found["areas"], area_nodes, grades)
    bands = _bands(reader, found.get("bands", []), _items(child(node, "bands")))
    red_lines = tuple(
        RedLine(r["id"], r["title"], r["keys"], r.get("over"))
        for r in found.get("red_lines", [])
        if all(k in r for k in F.RED_LINE.required)
    )
    written = found.get("written", {})
    return Audition(
        written_questions=F.WRITTEN.questions.of(written),
        written_pass_mark=F.WRITTEN.pass_mark.of(written),
        areas=tuple(areas),
        rubric=tuple(grades),
        red_lines=red_lines,
        retake_days=F.AUDITION.retake_days.of(found),
        min_answers=F.AUDITION.min_answers.of(found),
        bands=bands,
    )


def _grades(
    reader: CurriculumReader, found: list[dict[str, Any]], nodes: list[Node]
) -> list[Grade]:
    """The rubric, best first: each grade asks no more accuracy and allows no less time than
    the one before it, and the grades that retake an area come after those that do not."""
    grades: list[Grade] = []
    for i, (g, g_node) in enumerate(zip(found, nodes, strict=False)):
        if not all(k in g for k in F.GRADE.required):
            continue
        grade = Grade(g["grade"], g["accuracy"], F.GRADE.pace.of(g), F.GRADE.retake.of(g))
        if grades and (grade.accuracy > grades[-1].accuracy or grade.pace < grades[-1].pace):
            reader.err(
                g_node,
                join("audition.rubric", i),
                Said(
                    "grade {grade} asks more than {before} before it: list "
                    "the grades best first (each no more accuracy, no less time)",
                    grade=repr(grade.grade),
                    before=repr(grades[-1].grade),
                ),
            )
        elif grades and grades[-1].retake and not grade.retake:
            reader.err(
                child(g_node, "retake") or g_node,
                join(join("audition.rubric", i), "retake"),
                Said(
                    "grade {grade} passes an area but comes after {before}, "
                    "which retakes it: list the grades that retake an area last",
                    grade=repr(grade.grade),
                    before=repr(grades[-1].grade),
                ),
            )
        grades.append(grade)
    return grades


def _at_most(
    reader: CurriculumReader, found: list[dict[str, Any]], nodes: list[Node], grades: list[Grade]
) -> None:
    """Every area's ``in_a_row.at_most`` names a grade of the rubric."""
    names = [g.grade for g in grades]
    for i, (a, a_node) in enumerate(zip(found, nodes, strict=False)):
        at_most = (a.get("in_a_row") or {}).get("at_most", "")
        if at_most and grades and at_most not in names:
            spot = child(child(a_node, "in_a_row"), "at_most") or a_node
            reader.err(
                spot,
                join(join(join("audition.areas", i), "in_a_row"), "at_most"),
                Said(
                    "{at_most} is no grade of the rubric{hint} (grades: {grades})",
                    at_most=repr(at_most),
                    hint=hint(at_most, names),
                    grades=", ".join(names),
                ),
            )


def _bands(
    reader: CurriculumReader, found: list[dict[str, Any]], nodes: list[Node]
) -> tuple[Band, ...]:
    """The named grade bands, best first: each from no higher than its to, below the one
    before it (none overlapping), names unique."""
    _unique(reader, found, nodes, "audition.bands", "name")
    bands: list[Band] = []
    for i, (b, b_node) in enumerate(zip(found, nodes, strict=False)):
        if not all(k in b for k in ("name", "from", "to")):
            continue
        band = Band(b["name"], b["from"], b["to"])
        where = join("audition.bands", i)
        if band.low > band.high:
            reader.err(
                child(b_node, "from") or b_node,
                join(where, "from"),
                Said(
                    "band {band} runs from {low} to {high}: from is at most to",
                    band=repr(band.name),
                    low=band.low,
                    high=band.high,
                ),
            )
        elif bands and band.high >= bands[-1].low:
            reader.err(
                child(b_node, "to") or b_node,
                join(where, "to"),
                Said(
                    "band {band} reaches {high}, not below {before} from "
                    "{low}: list the bands best first, none overlapping",
                    band=repr(band.name),
                    high=band.high,
                    before=repr(bands[-1].name),
                    low=bands[-1].low,
                ),
            )
        bands.append(band)
    return tuple(bands)


def schema_text() -> str:
    return declare.schema_text(
        declare.json_schema(F.FILE, schema_id=F.SCHEMA_ID, title="ezbac curriculum")
    )


class CurriculumReader(Reader, F.CurriculumReads):
    """The Reader, with what a curriculum needs."""

    def curriculum_id(self, node: Node, path: str) -> str | None:
        text = self.scalar(node, path, Said("a short name like the-draws"), (STR, INT))
        if text is not None and not _ID.match(text):
            self.err(
                node,
                path,
                Said(
                    "{text} is not an id: use lowercase letters, digits, '-' and '_'",
                    text=repr(text),
                ),
            )
            return None
        return text

    def _list(self, node: Node, path: str, what: str) -> list[Node] | None:
        items = self.seq(node, path, what)
        if items is not None and not items:
            self.err(
                node, path, Said("is an empty list: give at least one of the {what}", what=what)
            )
            return None
        return items

    def drill_ids(self, node: Node, path: str) -> tuple[str, ...] | None:
        items = self._list(node, path, Said("drill ids"))
        if items is None:
            return None
        out: list[str] = []
        for i, item in enumerate(items):
            got = self.curriculum_id(item, join(path, i))
            if got is None:
                return None
            if got in out:
                self.err(item, join(path, i), Said("{name} is listed twice", name=repr(got)))
                return None
            out.append(got)
        return tuple(out)

    def key_patterns(self, node: Node, path: str) -> tuple[str, ...] | None:
        items = self._list(node, path, Said("skill keys"))
        if items is None:
            return None
        out: list[str] = []
        for i, item in enumerate(items):
            sub = join(path, i)
            text = self.scalar(item, sub, Said('a skill key like "banker:*"'), (STR,))
            if text is None:
                return None
            family = SkillPattern(text).family
            if not _KEY.match(text):
                self.err(
                    item,
                    sub,
                    Said(
                        "{text} is not a skill key: lowercase, digits, : - _ * ?", text=repr(text)
                    ),
                )
                return None
            if family not in F.FAMILIES:
                self.err(
                    item,
                    sub,
                    Said(
                        "{text} names no skill family{hint}; keys begin with one of: {families}",
                        text=repr(text),
                        hint=hint(family, F.FAMILIES),
                        families=", ".join(F.FAMILIES),
                    ),
                )
                return None
            out.append(text)
        return tuple(out)
