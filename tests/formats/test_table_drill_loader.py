"""Loading ``ask: table`` drills: what a good table section means, and every bad one as one
located line (file:line:column, the field, the reason).  Lines are counted by hand in the
texts below."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.cli import ezbac
from trainer.drills.errors import DrillFileError
from trainer.drills.loader import load_text
from trainer.drills.model import ChipEntry, Step
from trainer.engine import Bet

REPO = Path(__file__).resolve().parents[2]
HEAD = "id: tab\ntitle: T\ndescription: D\n"  # lines 1-3
GOOD = (
    HEAD
    + """ask: table
questions: 4
table:
  seats: "3-7"
  bets_per_seat: "1-2"
  bets:
    banker: {min: 10, max: 100, step: 5}
    dragon7: 5
  time_limit: 90
  target_seconds: 60
  chips: chips
generate: [{outcome: dragon7}]
"""
)


def test_a_good_table_section() -> None:
    d = load_text(GOOD)
    assert d.steps == (Step.TABLE,) and d.is_table and d.questions == 4
    t = d.table
    assert t.seats == (3, 7) and t.bets_per_seat == (1, 2)
    assert t.time_limit == 90 and t.target_seconds == 60 and t.chips is ChipEntry.CHIPS
    banker, dragon = t.bets
    assert (banker.bet, banker.minimum, banker.maximum, banker.step) == (Bet.BANKER, 10, 100, 5)
    assert (dragon.bet, dragon.minimum, dragon.step) == (Bet.DRAGON7, 5, Decimal(5))


def test_defaults_of_a_table_section() -> None:
    d = load_text(
        HEAD + "ask: table\ntable: {seats: 2, bets: {player: 10}}\ngenerate: [{natural: true}]\n"
    )
    t = d.table
    assert t.seats == (2, 2) and t.bets_per_seat == (1, 1)
    assert t.time_limit is None and t.target_seconds is None and t.chips is ChipEntry.EITHER


def _bad(text: str) -> list[str]:
    with pytest.raises(DrillFileError) as info:
        load_text(text, "bad.yaml")
    return info.value.lines


def _table(body: str, extra: str = "") -> str:
    """A drill whose table section (from line 6) is ``body``."""
    return HEAD + "ask: table\ntable:\n" + body + "generate: [{natural: false}]\n" + extra


# (table body or whole text, expected lines), each line: file:line:column: field: message
CASES = {
    "seats past the house": (
        _table('  seats: "3-9"\n  bets: {banker: 10}\n'),
        ["bad.yaml:6:10: table.seats: 3-9 seats but the house ez's table has 7"],
    ),
    "seats out of range": (
        _table("  seats: 0\n  bets: {banker: 10}\n"),
        ["bad.yaml:6:10: table.seats: '0' is out of range: seats are 1-14"],
    ),
    "seats backwards": (
        _table('  seats: "7-3"\n  bets: {banker: 10}\n'),
        ["bad.yaml:6:10: table.seats: range '7-3' runs backwards: write \"3-7\""],
    ),
    "more bets per seat than bets": (
        _table('  seats: 3\n  bets_per_seat: "1-3"\n  bets: {banker: 10}\n'),
        [
            "bad.yaml:7:18: table.bets_per_seat: 1-3 bets per seat but the table lists only 1 "
            "(banker); give 1-1"
        ],
    ),
    "min not a multiple of step": (
        _table("  seats: 3\n  bets:\n    banker: {min: 5, max: 105, step: 10}\n"),
        [
            "bad.yaml:8:13: table.bets.banker: min 5 is not a multiple of step 10: at a table, "
            "wagers are whole multiples of the chip step (make min a multiple of step)"
        ],
    ),
    "over the house limit": (
        _table("  seats: 3\n  bets:\n    banker: {min: 10, max: 20000, step: 10}\n"),
        [
            "bad.yaml:8:13: table.bets.banker: 20,000 is above the house ez's maximum of "
            "10,000 for banker"
        ],
    ),
    "side bet without its base where the house needs one": (
        _table("  seats: 3\n  bets: {dragon7: 5}\n", "house: ez-tie9\n"),
        [
            "bad.yaml:7:19: table.bets.dragon7: the house ez-tie9 takes dragon7 only with a "
            "player or banker bet on the seat: add one",
            "bad.yaml:7:19: table.bets.dragon7: the house ez-tie9 caps dragon7 at the seat's "
            "banker bet, and a coup may have no banker bet",
        ],
    ),
    "a bet the house does not offer": (
        _table("  seats: 3\n  bets: {banker: 10, dragon7: 10}\n", "house: commission\n"),
        [
            "bad.yaml:7:31: table.bets.dragon7: the house commission does not offer dragon7 "
            "(bets: player, banker, tie)"
        ],
    ),
    "target over the time limit": (
        _table("  seats: 3\n  bets: {banker: 10}\n  time_limit: 30\n  target_seconds: 45\n"),
        [
            "bad.yaml:9:19: table.target_seconds: the target of 45 s is above the time limit "
            "of 30 s: no table can meet it"
        ],
    ),
    "unknown chips setting": (
        _table("  seats: 3\n  bets: {banker: 10}\n  chips: coins\n"),
        [
            "bad.yaml:8:10: table.chips: 'coins' is not a way to pay (did you mean 'chips'?); "
            "choose one of typed, chips, either"
        ],
    ),
    "seats missing": (
        _table("  bets: {banker: 10}\n"),
        ["bad.yaml:6:3: table.seats: required field is missing"],
    ),
    "empty bets": (
        _table("  seats: 3\n  bets: {}\n"),
        [
            "bad.yaml:7:9: table.bets: is empty: list the bets that may appear (e.g. bets: "
            "{banker: {min: 5, max: 100, step: 5}})"
        ],
    ),
    "table asked with other questions": (
        HEAD + "ask: [table, outcome]\ntable: {seats: 3, bets: {banker: 10}}\n"
        "generate: [{natural: false}]\n",
        [
            "bad.yaml:4:6: ask: table is asked alone (or as ask: [shoe, table]): a table drill "
            "works whole tables (take, pay, commission); ask the other questions in another "
            "drill"
        ],
    ),
    "a shoe at the table asked with other questions": (
        HEAD + "ask: [shoe, table, outcome]\ntable: {seats: 3, bets: {banker: 10}}\n",
        [
            "bad.yaml:4:6: ask: table is asked alone (or as ask: [shoe, table]): a table drill "
            "works whole tables (take, pay, commission); ask the other questions in another "
            "drill"
        ],
    ),
    "calls at the table": (
        HEAD + "ask: [call, table]\ntable: {seats: 3, bets: {banker: 10}}\n",
        [
            "bad.yaml:4:6: ask: table is asked alone (or as ask: [shoe, table]): a table drill "
            "works whole tables (take, pay, commission); ask the other questions in another "
            "drill"
        ],
    ),
    "a shoe at the table without a table section": (
        HEAD + "ask: [shoe, table]\n",
        [
            "bad.yaml:4:6: ask: ask: table needs a table section (seats, bets; e.g. table: "
            '{seats: "3-7", bets: {banker: {min: 5, max: 100, step: 5}}})'
        ],
    ),
    "a shoe at the table with a question count": (
        HEAD + "ask: [shoe, table]\nquestions: 5\ntable: {seats: 3, bets: {banker: 10}}\n",
        [
            "bad.yaml:5:12: questions: a shoe drill deals its coups from one shoe: questions "
            "does not apply (remove it; shoe: {last_coups: N} makes a shorter run)"
        ],
    ),
    "ask table without a table section": (
        HEAD + "ask: table\ngenerate: [{natural: false}]\n",
        [
            "bad.yaml:4:6: ask: ask: table needs a table section (seats, bets; e.g. table: "
            '{seats: "3-7", bets: {banker: {min: 5, max: 100, step: 5}}})'
        ],
    ),
    "a table section without ask table": (
        HEAD + "ask: outcome\ntable: {seats: 3, bets: {banker: 10}}\n"
        "generate: [{natural: false}]\n",
        ["bad.yaml:5:8: table: a table section goes with ask: table (or ask: [shoe, table])"],
    ),
    "top-level bets and time limit": (
        _table("  seats: 3\n  bets: {banker: 10}\n", "bets: {banker: 10}\ntime_limit: 20\n"),
        [
            "bad.yaml:9:7: bets: a table drill takes bets in its table section: write table.bets",
            "bad.yaml:10:13: time_limit: a table drill takes time_limit in its table section: "
            "write table.time_limit",
        ],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_bad_table_sections_are_one_located_line_each(case: str) -> None:
    text, expected = CASES[case]
    assert _bad(text) == expected
    assert all("\n" not in line for line in expected)


SHOE_TABLE = (
    HEAD
    + """ask: [shoe, table]
shoe: {cut: 20, last_coups: 4}
table:
  seats: "2-3"
  bets: {banker: {min: 10, max: 50, step: 5}}
"""
)


def test_a_shoe_at_the_table() -> None:
    """ask: [shoe, table]: a shoe drill (its cut card and start) that works tables."""
    from trainer.drills.model import Kind

    d = load_text(SHOE_TABLE)
    assert d.kind is Kind.SHOE and d.steps == (Step.TABLE,) and d.is_table
    assert d.shoe.cut == 20 and d.shoe.last_coups == 4
    assert d.table.seats == (2, 3)
    assert d.run_words == "a shoe at the table from 4 coups before the cut card"


def test_one_coup_before_the_cut_card_is_one_coup() -> None:
    """A shoe from the cut card's own coup: "1 coup", never "1 coups"."""
    d = load_text(SHOE_TABLE.replace("last_coups: 4", "last_coups: 1"))
    assert d.run_words == "a shoe at the table from 1 coup before the cut card"
    alone = load_text(HEAD + "ask: [shoe, outcome]\nshoe: {cut: 20, last_coups: 1}\n")
    assert alone.run_words == "a shoe from 1 coup before the cut card"


def test_validate_the_bundled_table_drills() -> None:
    files = sorted(str(p) for p in (REPO / "drills").glob("1[2-6]-table-*.yaml"))
    assert len(files) == 5
    out = ezbac("drills", "validate", *files)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.strip().endswith("5 files checked, 0 invalid")
    assert "table-exam: 5 tables a run" in out.stdout


def test_validate_a_bad_table_drill_exits_with_its_lines(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(CASES["seats past the house"][0])
    out = ezbac("drills", "validate", str(bad))
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert (
        out.stdout.strip() == f"{bad}:6:10: table.seats: 3-9 seats but the house ez's table has 7"
    )


def test_preview_shows_tables_and_their_procedure() -> None:
    import json

    out = ezbac("drills", "preview", "table-exam", "--count", "3", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [t["n"] for t in lines] == [1, 2, 3]
    for t in lines:
        assert len(t["layout"]) == 7  # the full table
        bets = sum(len(b) for b in t["layout"].values())
        assert len([p for p in t["procedure"] if "commission" not in p]) == bets
    text = ezbac("drills", "preview", "table-exam", "--count", "1", "--seed", "3").stdout
    assert "120 s per table, target 60 s; 1 table," in text and "seat 7:" in text


def test_schema_ties_ask_table_to_the_table_section() -> None:
    import json

    import yaml

    from trainer.drills.schema import schema_text

    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(schema_text())
    jsonschema.validate(yaml.safe_load(GOOD), schema)
    for text in (
        HEAD + "ask: table\ngenerate: [{natural: true}]\n",
        HEAD + "ask: outcome\ntable: {seats: 3, bets: {banker: 10}}\ngenerate: [{natural: true}]\n",
        GOOD.replace("chips: chips", "chips: coins"),
    ):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(yaml.safe_load(text), schema)
