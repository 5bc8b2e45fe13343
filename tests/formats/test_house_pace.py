"""A house's table format and pace targets: read, written back by `houses show`, and every
bad value reported at its line and column (on `ezbac check --house`, exit 2)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.cli import ezbac
from trainer.engine.pace import PaceTarget, TableFormat
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text
from trainer.houses.text import house_yaml

GOOD = """\
id: big-room
name: Big room
table_format: full_size
pace:
  full_size: {coups_an_hour: 80, seconds_a_seat: 4.5}
  squeeze: {coups_an_hour: 40}
"""

BAD = """\
id: big-room
name: Big room
table_format: huge
pace:
  full_size: {coups_an_hour: 0, seconds_a_seat: -1}
  big: {coups_an_hour: 200}
  mini: {coups_an_hour: many}
"""


def test_a_house_sets_targets_per_format_and_its_tables_format() -> None:
    house = load_house_text(GOOD, "big.yaml")
    assert house.table_format is TableFormat.FULL_SIZE
    assert house.pace == {
        TableFormat.FULL_SIZE: PaceTarget(80, Decimal("4.5")),
        TableFormat.SQUEEZE: PaceTarget(40),
    }
    assert house.pace_target == PaceTarget(80, Decimal("4.5"))
    assert load_house_text(house_yaml(house), "again.yaml") == house
    tiny = load_house_text("id: t\nname: T\npace: {mini: {seconds_a_seat: 0.0000001}}\n", "t")
    assert "seconds_a_seat: 0.0000001}" in house_yaml(tiny)  # never 1E-7: text to YAML
    assert load_house_text(house_yaml(tiny), "again.yaml") == tiny
    # no target for the format: none
    mini = load_house_text("id: m\nname: M\npace: {full_size: {coups_an_hour: 80}}\n", "m.yaml")
    assert mini.table_format is TableFormat.MINI and mini.pace_target.empty


def test_every_bad_value_at_its_line_and_column() -> None:
    with pytest.raises(HouseFileError) as caught:
        load_house_text(BAD, "bad.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "bad.yaml:3:15: table_format: 'huge' is not a table format; choose one of full_size, "
        "mini, squeeze",
        "bad.yaml:5:30: pace.full_size.coups_an_hour: 0 is out of range: coups an hour is 1-1000",
        "bad.yaml:5:49: pace.full_size.seconds_a_seat: -1 is out of range: seconds are more "
        "than 0 and at most 600",
        "bad.yaml:6:3: pace.big: unknown key 'big'; allowed here: full_size, mini, squeeze",
        "bad.yaml:7:25: pace.mini.coups_an_hour: must be coups an hour (1-1000), found 'many'",
    ]


def test_check_with_a_bad_pace_is_one_line_each_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: b\nname: B\npace: {mini: {seconds_a_seat: 0}}\n", encoding="utf-8")
    out = ezbac("check", "--house", str(path), "Kh", "2c", "6s", "3d", "2h")
    assert out.returncode == 2 and out.stdout == ""
    (line,) = out.stderr.strip().splitlines()
    assert line.startswith("ezbac: error: ") and "bad.yaml:3:31: pace.mini.seconds_a_seat" in line
    assert "Traceback" not in out.stderr


def test_the_losers_setting_reads_writes_back_and_refuses_a_bad_value() -> None:
    from trainer.engine.table_rules import Losers

    house = load_house_text("id: s\nname: S\nsettlement: {losers: one_sweep}\n", "s.yaml")
    assert house.order.losers is Losers.ONE_SWEEP
    assert load_house_text(house_yaml(house), "again.yaml") == house
    assert load_house_text("id: d\nname: D\n", "d.yaml").order.losers is Losers.IN_DIRECTION
    with pytest.raises(HouseFileError) as caught:
        load_house_text("id: s\nname: S\nsettlement:\n  losers: sideways\n", "bad.yaml")
    assert [str(p) for p in caught.value.problems] == [
        "bad.yaml:4:11: settlement.losers: 'sideways' is not a way to take losers; choose one "
        "of in_direction, one_sweep"
    ]
