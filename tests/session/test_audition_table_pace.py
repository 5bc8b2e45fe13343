"""The audition's table areas measured as a casino times a dealer: coups an hour over the
area's whole tables, against the target for its drill's table format (the school's over the
house's, field by field).  Times worked by hand from the rule in trainer.session.pace."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from tests.support.history import T0, answer
from trainer.curriculum.model import Area, Audition, Grade
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.pace import PaceTarget, PaceVerdict, TableFormat
from trainer.i18n import ENGLISH
from trainer.session.audition import judge_audition
from trainer.session.pace import table_time
from trainer.words.pace import coups_an_hour_words
from trainer.words.sheet import Say, table_pace_text

TABLES = Area("tables", "Whole tables", ("table:*",), 15.0, drill="table-exam")
DRAWS = Area("draws", "The draws", ("natural",), 3.0)
RUBRIC = (Grade("A", 50, 1000),)
C1, C2, C3 = ("4h", "3s"), ("Td", "Kc"), ("9s", "2d")
HOUSE = replace(
    DEFAULT_HOUSE,
    table_format=TableFormat.FULL_SIZE,
    pace={TableFormat.FULL_SIZE: PaceTarget(300, Decimal(9)), TableFormat.MINI: PaceTarget(100)},
)


def at(skill: str, seconds: float, cards: tuple[str, ...], text: str = "x") -> object:
    return answer(skill, True, T0, step="table", seconds=seconds, cards=cards, answer_text=text)


def three_tables() -> list:
    return [
        # table 1: take 4, pay 6 and 5 (the chips 1.5 and the order 0.5 are timed within them)
        at("table:take", 4.0, C1),
        at("table:pay:banker", 6.0, C1),
        at("table:chips", 1.5, C1),
        at("table:pay:player", 5.0, C1),
        at("table:order", 0.5, C1),
        # table 2: take 3, pay 7; a winner left unpaid (2 s, the pay phase's) not again
        at("table:take", 3.0, C2),
        at("table:pay:tie", 7.0, C2),
        at("table:pay:player", 2.0, C2, "not paid"),
        # table 3: its limit ran out at 20 s, both open questions timed over that one wait
        at("table:take", 20.0, C3, "timeout"),
        at("table:pay:banker", 20.0, C3, "timeout"),
    ]


def test_tables_and_their_seconds_by_the_rule() -> None:
    # 3 takes; 4 + 6 + 5 + 3 + 7 = 25 s of actions, and table 3's 20 s wait once: 45 s
    # (no take carries its seats, as before schema v11: seats 0, not measured)
    assert table_time(three_tables()) == (3, 0, 45.0)
    assert table_time([answer("natural", True, T0)]) == (0, 0, 0.0)


def judge(school: dict[TableFormat, PaceTarget]) -> object:
    audition = Audition(0, 0, (TABLES, DRAWS), RUBRIC, min_answers=1, pace=school)
    practical = [*three_tables(), answer("natural", True, T0, seconds=1.0)]
    return judge_audition(audition, "ana", "lee", T0, 0, practical, houses={"table-exam": HOUSE})


def test_the_schools_target_over_the_houses_met_exactly_at_its_edge() -> None:
    # 3,600 x 3 tables / 45 s = 240 coups an hour; the school's 240 over the house's 300
    tables, draws = judge({TableFormat.FULL_SIZE: PaceTarget(240)}).areas
    assert (tables.tables, tables.table_seconds) == (3, 45.0)
    assert tables.table_format is TableFormat.FULL_SIZE
    assert tables.table_target == PaceTarget(240, Decimal(9))  # the house's 9 s a seat kept
    pace = tables.table_pace
    assert pace is not None and pace.coups_an_hour == 240
    assert pace.coups_verdict(tables.table_target) is PaceVerdict.MET
    assert draws.table_pace is None  # no whole table among its answers


def test_one_coup_an_hour_more_is_under() -> None:
    (tables, _) = judge({TableFormat.FULL_SIZE: PaceTarget(241)}).areas
    pace = tables.table_pace
    assert pace is not None and pace.coups_verdict(tables.table_target) is PaceVerdict.UNDER


def test_without_the_schools_target_the_houses_stands() -> None:
    # the school sets a mini target only; the drill's table is full size: the house's 300
    (tables, _) = judge({TableFormat.MINI: PaceTarget(10)}).areas
    assert tables.table_target == PaceTarget(300, Decimal(9))
    pace = tables.table_pace
    assert pace is not None and pace.coups_verdict(tables.table_target) is PaceVerdict.UNDER


def test_the_grade_is_still_the_rubrics() -> None:
    # the table pace is shown beside the grade, never in it: under the target, still an A
    (tables, _) = judge({TableFormat.FULL_SIZE: PaceTarget(1000)}).areas
    assert tables.mark == "A"


def test_the_verdict_and_the_sheet_say_it() -> None:
    (tables, _) = judge({TableFormat.FULL_SIZE: PaceTarget(240)}).areas
    pace = tables.table_pace
    assert pace is not None
    assert coups_an_hour_words(pace, tables.table_target, tables.table_format) == (
        "240 coups an hour over 3 tables, full-size table (target 240: met)"
    )
    assert english(table_pace_text(Say(ENGLISH), tables)) == (
        "table pace 240 coups an hour over 3 tables, full-size table (target 240: met); "
        "seconds a seat not measured"
    )
    (slow, _) = judge({}).areas
    assert english(table_pace_text(Say(ENGLISH), slow)) == (
        "table pace 240 coups an hour over 3 tables, full-size table (target 300: under); "
        "seconds a seat not measured"
    )


def test_no_target_no_bracket_and_one_table_singular() -> None:
    audition = Audition(0, 0, (TABLES,), RUBRIC, min_answers=1)
    one = [at("table:take", 12.0, C1), at("table:pay:banker", 12.0, C1)]
    (area,) = judge_audition(audition, "ana", "lee", T0, 0, one, houses={}).areas
    # the default house: a mini table, no targets; 3,600 / 24 s = 150
    assert (
        english(table_pace_text(Say(ENGLISH), area))
        == "table pace 150 coups an hour over 1 table, mini table; seconds a seat not measured"
    )
    pace = area.table_pace
    assert pace is not None
    assert coups_an_hour_words(pace, area.table_target, area.table_format) == (
        "150 coups an hour over 1 table, mini table"
    )


def english(text: object) -> str:
    """The English side of a line of the sheet."""
    return str(getattr(text, "english", None))
