"""A house file's player violations: read into the house, written back by `houses show`,
and every contradiction reported at its file:line:column."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from trainer.engine.violations import Response, Violation
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_file, load_house_text
from trainer.houses.text import house_yaml

CORPUS = Path(__file__).parents[1] / "data" / "broken_houses"

STRICT = """\
id: strict
name: Strict
bets: [player, banker, dragon7]
limits: {min: 5, max: 500, side_bets_need_base: true, differential: 1000}
violations:
  both_sides: floor
  cash: allow
  side_without_base: return
"""


def test_a_house_files_violations_are_read() -> None:
    house = load_house_text(STRICT)
    assert house.enforces(Violation.BOTH_SIDES) is Response.FLOOR
    assert house.enforces(Violation.CASH) is None
    assert house.enforces(Violation.SIDE_WITHOUT_BASE) is Response.RETURN
    assert house.enforces(Violation.DIFFERENTIAL) is Response.FLOOR  # the default response
    assert house.limits.differential == Decimal(1000)
    assert house.enforces(Violation.PAST_POSTING) is Response.REFUSE
    assert load_house_text(house_yaml(house)) == house


def test_violations_problems_at_their_line_and_column() -> None:
    with pytest.raises(HouseFileError) as caught:
        load_house_file(CORPUS / "violations.yaml")
    got = [str(p) for p in caught.value.problems]
    path = CORPUS / "violations.yaml"
    assert got[0] == (
        f"{path}:7:14: violations.under_min: a table's limits always apply: refuse, return or floor"
    )
    assert got[1].startswith(f"{path}:9:3: violations.past_post: ")
    assert got[2].startswith(f"{path}:10:9: violations.cash: ")
    assert len(got) == 3  # the house is not built past these: the limit rules come after


def test_a_response_to_a_violation_the_limits_do_not_make() -> None:
    text = "id: s\nname: S\nviolations:\n  side_without_base: refuse\n  differential: floor\n"
    with pytest.raises(HouseFileError) as caught:
        load_house_text(text, "s.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "s.yaml:4:22: violations.side_without_base: the limits do not make it: set "
        "limits.side_bets_need_base to enforce it",
        "s.yaml:5:17: violations.differential: the limits do not make it: set "
        "limits.differential to enforce it",
    ]
    letting = "id: s\nname: S\nlimits: {differential: 500}\nviolations: {differential: allow}\n"
    with pytest.raises(HouseFileError) as caught:
        load_house_text(letting, "s.yaml")
    assert str(caught.value.problems[0]) == (
        "s.yaml:4:28: violations.differential: the limits make it (limits.differential): "
        "refuse, return or floor"
    )
