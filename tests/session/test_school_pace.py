"""A table drill started on a school's path takes the school's pace targets over its house's
(format by format, field by field): its results judge the dealer against them.  The tables
are test_table_history's, worked by hand there: 2 tables."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

from tests.support.coups import DRAGON, NATURAL, FakeClock, FakeNow
from tests.support.table_app import table_drill
from tests.support.tables import DRAGON_LAYOUT, NATURAL_LAYOUT, dealt
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.pace import PaceTarget, TableFormat
from trainer.session.pace import school_paced
from trainer.session.table.session import TableSession

HOUSE = replace(
    DEFAULT_HOUSE,
    pace={TableFormat.MINI: PaceTarget(200, Decimal(5)), TableFormat.SQUEEZE: PaceTarget(40)},
)


def test_the_schools_field_over_the_houses_the_houses_other_field_kept() -> None:
    drill = school_paced(table_drill(house=HOUSE), {TableFormat.MINI: PaceTarget(150)})
    assert drill.house.pace_target == PaceTarget(150, Decimal(5))
    # a format the school leaves out keeps the house's; one only the school sets is the school's
    paced = school_paced(
        table_drill(house=HOUSE), {TableFormat.FULL_SIZE: PaceTarget(None, Decimal(9))}
    )
    assert paced.house.pace == {
        TableFormat.MINI: PaceTarget(200, Decimal(5)),
        TableFormat.SQUEEZE: PaceTarget(40),
        TableFormat.FULL_SIZE: PaceTarget(None, Decimal(9)),
    }
    # the rest of the house is untouched
    assert replace(paced.house, pace=HOUSE.pace) == HOUSE


def test_no_school_targets_is_the_drill_itself() -> None:
    drill = table_drill(house=HOUSE)
    assert school_paced(drill, {}) is drill


def test_the_results_judge_against_the_schools_target() -> None:
    drill = school_paced(table_drill(house=HOUSE, tables=2), {TableFormat.MINI: PaceTarget(150)})
    clock = FakeClock()
    s = TableSession(
        drill,
        [dealt(DRAGON, DRAGON_LAYOUT), dealt(NATURAL, NATURAL_LAYOUT)],
        "ann",
        clock=clock,
        now=FakeNow(),
    )
    s.start()
    assert s.summary().pace_target == PaceTarget(150, Decimal(5))


async def test_the_trainer_starts_a_table_drill_with_its_schools_targets() -> None:
    from tests.support.table_app import table_app
    from trainer.curriculum.model import Curriculum
    from trainer.tui.app import HistoryPort

    school = Curriculum("Paced", (), pace={TableFormat.MINI: PaceTarget(150)})
    app = table_app(hooks=HistoryPort(curriculum=lambda: school), house=HOUSE)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = app.screen.session  # type: ignore[attr-defined]
        assert isinstance(session, TableSession)
        assert session.drill.house.pace_target == PaceTarget(150, Decimal(5))
        assert session.summary().pace_target == PaceTarget(150, Decimal(5))
