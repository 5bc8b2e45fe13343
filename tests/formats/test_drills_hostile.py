"""Hostile drill files: odd digits, too many filters, absurd amounts.  Each is
refused with file:line:column, never a traceback; lines and columns are read off the texts
below by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from trainer.drills import fields as F
from trainer.drills.errors import DrillFileError
from trainer.drills.listing import scan_text
from trainer.drills.loader import load_file, load_text
from trainer.drills.schema import json_schema

HEAD = "id: x\ntitle: T\ndescription: D\nask: [outcome, payout]\n"  # lines 1-4
COUP = "coups:\n  - cards: 4h 3s 2d Kc 8h\n"


def problems(text: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(DrillFileError) as info:
        load_text(text, "hostile.yaml")
    return [(p.line, p.column, p.field, p.message) for p in info.value.problems]


# Superscript two and Arabic-Indic five: str.isdigit() says yes to both, int() to the second.
@pytest.mark.parametrize("digit", ["²", "٥", "５"])
@pytest.mark.parametrize(
    ("line", "field"),
    [
        ("pass_mark: '{d}'", "pass_mark"),
        ("pass_mark: '{d}%'", "pass_mark"),
        ("bets_per_coup: '{d}'", "bets_per_coup"),
        ("bets: {{banker: '{d}'}}", "bets.banker"),
        ("bets: {{banker: {{min: 5, max: '1{d}'}}}}", "bets.banker.max"),
        ("shoe: {{paytable: {{tie: '{d}'}}}}", "shoe.paytable.tie"),
        ("generate: [{{player_total: '{d}-5'}}]", "generate[0].player_total"),
        ("generate: [{{cards: '{d}'}}]", "generate[0].cards"),
        ("questions: '{d}'", "questions"),
    ],
)
def test_numbers_take_ascii_digits_only(digit: str, line: str, field: str) -> None:
    line = line.format(d=digit)
    text = HEAD + "bets: {banker: 5}\n" * ("bets:" not in line) + line + "\n" + COUP
    found = problems(text)
    where = text.splitlines().index(line) + 1
    # the culprit is the quoted value: its opening quote is where the problem is
    assert [(ln, col, f) for ln, col, f, _ in found] == [(where, line.index("'") + 1, field)]


def test_listing_a_file_with_odd_digits_does_not_crash() -> None:
    assert scan_text(HEAD + "questions: '²'\n" + COUP)["questions"] is None


def test_every_problem_at_once_filters_included() -> None:
    text = (
        "id: Bad Id\n"  # 1
        "title: T\n"
        "description: D\n"
        "ask: outcome\n"
        "pass_mark: '²'\n"  # 5
        "generate:\n"
        "  - outcome: panda8\n"  # 7: a Panda 8 needs the Player's third card
        "    cards: 4\n"
        "  - player_total: 12\n"  # 9
        "  - natural: true\n"  # 10: a natural deals no third card
        "    player_draws: true\n"
    )
    found = problems(text)
    assert [(ln, col, f) for ln, col, f, _ in found] == [
        (1, 5, "id"),
        (5, 12, "pass_mark"),
        (7, 5, "generate[0]"),
        (9, 19, "generate[1].player_total"),
        (10, 5, "generate[2]"),
    ]
    assert "cards: 4 excludes it" in found[2][3]
    assert "player_draws can only be false" in found[4][3]


def test_filters_are_capped() -> None:
    rows = "".join("  - {outcome: tie}\n" for _ in range(F.MAX_FILTERS + 1))
    found = problems(HEAD.replace("[outcome, payout]", "outcome") + "generate:\n" + rows)
    # the first filter over the cap is named: line 5 is "generate:", filters from line 6
    assert [(ln, col, f) for ln, col, f, _ in found] == [
        (6 + F.MAX_FILTERS, 5, f"generate[{F.MAX_FILTERS}]")
    ]
    assert f"at most {F.MAX_FILTERS}" in found[0][3]
    rows = "".join("  - {outcome: tie}\n" for _ in range(F.MAX_FILTERS))
    assert load_text(HEAD.replace("[outcome, payout]", "outcome") + "generate:\n" + rows)


def test_the_cap_is_in_the_json_schema() -> None:
    assert json_schema()["properties"]["generate"]["maxItems"] == F.MAX_FILTERS


THIRTY = "123456789012345678901234567890"
TWENTY_EIGHT = "1234567890123456789012345678"


def test_a_thirty_digit_maximum_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "absurd.yaml"
    path.write_text(HEAD + f"bets:\n  banker: {{min: 5, max: {THIRTY}, step: 5}}\n" + COUP)
    with pytest.raises(DrillFileError) as info:
        load_file(path)
    (problem,) = info.value.problems
    assert (problem.line, problem.field) == (6, "bets.banker.max")
    column = f"  banker: {{min: 5, max: {THIRTY}".index(THIRTY) + 1
    assert str(problem).startswith(f"{path}:6:{column}: bets.banker.max: ")


def test_a_twenty_eight_digit_wager_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "absurd.yaml"
    path.write_text(HEAD + f"bets:\n  tie: {TWENTY_EIGHT}\n" + COUP)
    with pytest.raises(DrillFileError) as info:
        load_file(path)
    (problem,) = info.value.problems
    assert str(problem).startswith(f"{path}:6:8: bets.tie: ")


def test_a_twenty_eight_digit_paytable_entry_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "absurd.yaml"
    path.write_text(HEAD + f"shoe:\n  paytable: {{tie: {TWENTY_EIGHT}}}\nbets: {{tie: 5}}\n" + COUP)
    with pytest.raises(DrillFileError) as info:
        load_file(path)
    (problem,) = info.value.problems
    column = f"  paytable: {{tie: {TWENTY_EIGHT}".index(TWENTY_EIGHT) + 1
    assert str(problem).startswith(f"{path}:6:{column}: shoe.paytable.tie: ")


def test_a_long_top_level_scalar_is_cut_in_the_message(tmp_path: Path) -> None:
    """A file that is one long line (a password file, a log) is named, not printed whole."""
    path = tmp_path / "long.yaml"
    path.write_text("x" * 5000 + "\n")
    with pytest.raises(DrillFileError) as info:
        load_file(path)
    message = str(info.value)
    assert "x" * 41 not in message and "5,000 characters" in message


def test_a_number_written_in_quotes_is_told_to_lose_them() -> None:
    """decks: "8" said "must be 8 or 6, found '8'", which a person cannot act on."""
    found = problems(HEAD + 'shoe:\n  decks: "8"\n')
    (message,) = [m for _, _, f, m in found if f == "shoe.decks"]
    assert "in quotes" in message and "without quotes" in message


@pytest.mark.parametrize("house", ["", "house: ez\n"])
def test_a_drill_keeps_to_its_houses_limits_whether_it_names_it_or_not(house: str) -> None:
    """The default house's limits (ez: a wager at most 10,000) held a drill that said
    house: ez and not the same drill without the line."""
    found = problems(
        HEAD + house + "bets:\n  player: {min: 20000, max: 30000, step: 5}\n"
        "generate:\n  - weight: 1\n"
    )
    assert any("maximum" in message for _, _, _, message in found), found
