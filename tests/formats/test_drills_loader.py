"""Drill file loading: the broken-file corpus (message AND line), and what valid files mean."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from trainer.drills.errors import DrillFileError
from trainer.drills.loader import load_file, load_text
from trainer.drills.model import Mode, Order, Step
from trainer.engine import Bet, Card

CORPUS = Path(__file__).parents[1] / "data" / "broken_drills"

# file -> (line, column or None, field path, fragments the message must contain).
# Lines are read off the files by hand, not computed by the loader.
BROKEN = {
    "unknown_key.yaml": (5, 1, "pass_mak", ["unknown key 'pass_mak'", "did you mean 'pass_mark'"]),
    "bad_card.yaml": (7, 12, "coups[1].cards", ["'3x' is not a card", "unknown suit"]),
    "bad_amount.yaml": (7, 12, "bets.dragon7", ["'2.555' is not an amount"]),
    "bad_range.yaml": (7, 19, "generate[0].banker_total", ["runs backwards", '"3-6"']),
    "bad_percent.yaml": (5, 12, "pass_mark", ["'120%'", "0-100"]),
    "wrong_expect.yaml": (
        12,
        21,
        "coups[1].expect.banker_draws",
        [
            "says true",
            "engine says false",
            "Banker has 3 and the Player's third card is an 8: Banker stands",
        ],
    ),
    "unsatisfiable.yaml": (
        7,
        5,
        "generate[1]",
        ["no coup matches", "outcome: panda8", "cards can only be 5 or 6", "cards: 4 excludes"],
    ),
    "alias_bomb.yaml": (5, 4, "", ["anchors and aliases", "not allowed"]),
    "duplicate_key.yaml": (8, 1, "questions", ["duplicate key", "first given at line 5"]),
    "wrong_type.yaml": (5, 8, "coups", ["must be a list of coups"]),
    "missing_field.yaml": (2, 1, "description", ["required field is missing"]),
    "not_mapping.yaml": (1, 1, "", ["top level must be a mapping", "found a list"]),
    "syntax_error.yaml": (7, 4, "", ["YAML syntax error"]),
    "incomplete_coup.yaml": (
        6,
        12,
        "coups[0].cards",
        ["not complete", "Banker draws on 3 but no third card"],
    ),
    "bad_bet.yaml": (6, 3, "bets.dragon", ["unknown key 'dragon'", "did you mean 'dragon7'"]),
    "unsafe_tag.yaml": (2, 8, "", ["!!python/object/apply:os.system", "not allowed"]),
    "too_few_coups.yaml": (5, 12, "questions", ["5 questions but only 1 fixed coup"]),
    "payout_without_bets.yaml": (4, 6, "ask", ["payout questions need bets"]),
    "bad_bet_range.yaml": (6, 12, "bets.dragon7", ["cannot be reached", "steps of 10"]),
    "bad_bets_per_coup.yaml": (
        5,
        16,
        "bets_per_coup",
        ["1-3 bets per coup", "only 2 (banker, dragon7)", "give 1-2"],
    ),
    "non_utf8.yaml": (2, None, "", ["not UTF-8", "0xe9"]),
    "empty.yaml": (0, None, "", ["file is empty"]),
}


def test_corpus_is_complete() -> None:
    on_disk = {p.name for p in CORPUS.glob("*.yaml")} - {"many_errors.yaml"}
    assert on_disk == set(BROKEN)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_file_is_refused_with_location(name: str) -> None:
    line, column, field, fragments = BROKEN[name]
    with pytest.raises(DrillFileError) as info:
        load_file(CORPUS / name)
    problem = info.value.problems[0]
    assert problem.line == line
    if column is not None:
        assert problem.column == column
    assert problem.field == field
    for fragment in fragments:
        assert fragment in problem.message
    text = str(problem)
    assert text.startswith(str(CORPUS / name) + (f":{line}" if line else ":"))
    assert "\n" not in text
    assert isinstance(info.value, ValueError)


def test_every_problem_in_a_file_is_reported() -> None:
    with pytest.raises(DrillFileError) as info:
        load_file(CORPUS / "many_errors.yaml")
    got = [(p.line, p.field) for p in info.value.problems]
    assert got == [
        (1, "id"),
        (4, "ask[2]"),
        (5, "mode"),
        (7, "shoe.decks"),
        (9, "bets.banker"),
        (11, "generate[0].player_total"),
        (12, "generate[0].outcome"),
    ]
    assert "did you mean 'exam'" in info.value.problems[2].message
    assert "did you mean 'dragon7'" in info.value.problems[6].message


def test_a_wrong_expect_is_reported_alongside_other_problems() -> None:
    text = (
        "id: Bad Id\ntitle: T\ndescription: D\nask: outcome\nbets: {banker: 5}\ncoups:\n"
        "  - cards: 4h 3s 2d Kc 8h\n"
        "    expect:\n"
        "      outcome: banker\n"
        "      payouts: {player: lose}\n"
        "  - cards: 4h 3s 2d\n"
        "    expect: {outcome: tei}\n"
    )
    with pytest.raises(DrillFileError) as info:
        load_text(text, "x.yaml")
    problems = info.value.problems
    assert [(p.line, p.field) for p in problems] == [
        (1, "id"),
        (9, "coups[0].expect.outcome"),
        (10, "coups[0].expect.payouts.player"),
        (11, "coups[1].cards"),
        (12, "coups[1].expect.outcome"),  # read even though the coup could not be dealt
    ]
    assert "engine says player" in problems[1].message
    assert "engine says win" in problems[2].message and problems[2].column == 25
    assert "did you mean 'tie'" in problems[4].message


def test_oversized_file_refused_before_parsing(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("id: big\n" + "# padding\n" * 120_000)
    with pytest.raises(DrillFileError, match="too large"):
        load_file(big)


def test_binary_file_and_missing_file(tmp_path: Path) -> None:
    blob = tmp_path / "blob.yaml"
    blob.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(DrillFileError, match="binary file"):
        load_file(blob)
    with pytest.raises(DrillFileError, match="no such file"):
        load_file(tmp_path / "nope.yaml")


@pytest.mark.parametrize("depth", [30, 400_000])  # past ezbac's limit; ~800 KB, under the cap
def test_deeply_nested_file_does_not_crash(tmp_path: Path, depth: int) -> None:
    """Refused as one problem at a line and column, whichever refuses it first: ezbac's own
    depth check or the YAML library's (PyYAML 6.0.4 stops at 1,000 levels in its scanner,
    before ezbac sees the events). Only the behaviour is asserted, never PyYAML's words."""
    deep = tmp_path / "deep.yaml"
    deep.write_text("id: " + "[" * depth + "]" * depth + "\n")
    with pytest.raises(DrillFileError) as info:
        load_file(deep)
    (problem,) = info.value.problems
    assert (problem.line, problem.column > 4) == (1, True)  # inside the nesting, not at 'id'
    assert "\n" not in str(info.value) and str(info.value).startswith(f"{deep}:1:")


GOOD = """\
id: sample
title: Sample
description: >
  Two lines
  of description.
level: beginner
tags: [a, b]
mode: exam
ask: [outcome, player_draws]
questions: 3
order: as_written
pass_mark: "75%"
time_limit: 12.5
shoe:
  decks: 6
  paytable: {tie: 9, dragon7: 2.50}
bets:
  banker: 2.50
  dragon7: {min: 5, max: 100, step: 5}
coups:
  - cards: [4h, 3s, 2d, Kc, 8h]
    note: The lesson.
    bets: {tie: "1,000"}
    expect: {natural: false, player_draws: false, banker_draws: true, outcome: player,
             payouts: {banker: lose, player: win, dragon7: lose}}
generate:
  - weight: 3
    banker_total: [3, 5-6]
    player_draws: yes
  - outcome: [dragon7, panda8]
"""


def test_valid_file_means_what_it_says() -> None:
    drill = load_text(GOOD, "good.yaml")
    assert drill.id == "sample"
    assert drill.description == "Two lines of description."
    assert drill.steps == (Step.PLAYER_DRAWS, Step.OUTCOME)  # deal order, not file order
    assert (drill.mode, drill.order, drill.pass_mark) == (Mode.EXAM, Order.AS_WRITTEN, 75)
    assert drill.time_limit == 12.5
    assert drill.decks == 6
    assert drill.paytable.tie == Decimal(9)
    assert drill.paytable.dragon7 == Decimal("2.50")  # from the text, not a float
    specs = {s.bet: s for s in drill.bets}
    assert specs[Bet.BANKER].minimum == specs[Bet.BANKER].maximum == Decimal("2.50")
    assert (specs[Bet.DRAGON7].minimum, specs[Bet.DRAGON7].maximum) == (5, 100)
    assert specs[Bet.DRAGON7].step == 5
    (fixed,) = drill.fixed
    assert fixed.cards == tuple(Card.parse(c) for c in ("4h", "3s", "2d", "Kc", "8h"))
    assert fixed.note == "The lesson."
    assert fixed.wagers == {Bet.TIE: Decimal(1000)}
    first, second = drill.filters
    assert first.weight == 3 and first.banker_total == {3, 5, 6} and first.player_draws is True
    assert second.weight == 1 and {o.value for o in second.outcome or ()} == {"dragon7", "panda8"}


def test_defaults() -> None:
    text = (
        "id: d\ntitle: T\ndescription: D\nask: coup\nbets: {tie: 5}\n"
        "coups:\n  - cards: 9h 6s Kc Qd\n"
    )
    drill = load_text(text)
    assert drill.steps == (Step.PLAYER_DRAWS, Step.BANKER_DRAWS, Step.OUTCOME, Step.PAYOUT)
    assert drill.questions == 1  # the fixed coups, when nothing is generated
    assert (drill.mode, drill.order, drill.pass_mark, drill.decks) == (
        Mode.PRACTICE,
        Order.SHUFFLED,
        80,
        8,
    )
    with_gen = load_text(text.replace("ask: coup", "ask: outcome") + "generate:\n  - {}\n")
    assert with_gen.questions == 10


@pytest.mark.parametrize(
    ("snippet", "fragment"),
    [
        ("pass_mark: 80.5", "percentage"),
        ("time_limit: 0", "out of range"),
        ("questions: 0", "out of range"),
        ("level: expert", "not a level"),
        ("order: random", "not an order"),
        ("bets: {banker: 0}", "not a positive amount"),
        ("bets: {banker: 1e3}", "not an amount"),
        ("bets: {dragon7: {min: 50, max: 5}}", "more than max"),
        ("bets: {dragon7: {min: 5, maxi: 50}}", "did you mean 'max'"),
        ("shoe: {paytable: {dragon: 40}}", "did you mean 'dragon7'"),
        ("generate: [{cards: 7}]", "not a number of cards"),
        ("generate: [{natural: true, player_draws: true}]", "player_draws can only be false"),
        ("generate: [{player_third: 8, banker_total: 3, banker_draws: true}]", "excludes it"),
        ("generate: []", "empty list"),
        ("ask: [outcome, coup]", "asked twice"),
        ("ask: payouts", "did you mean 'payout'"),
        ("id:", "has no value"),
        ("bets_per_coup: 0", "at least 1 bet"),
        ("bets_per_coup: 2-1", "runs backwards"),
        ("bets_per_coup: two", "not a number of bets"),
        ("bets_per_coup: 1", "no bets to choose from"),
    ],
)
def test_field_checks(snippet: str, fragment: str) -> None:
    base = {
        "id": "id: x",
        "ask": "ask: outcome",
        "generate": "generate: [{outcome: tie}]",
    }
    key = snippet.split(":", 1)[0]
    lines = [base.get(k, "") for k in ("id", "ask", "generate") if k != key]
    text = "\n".join([snippet, "title: T", "description: D", *lines]) + "\n"
    with pytest.raises(DrillFileError) as info:
        load_text(text, "x.yaml")
    messages = " | ".join(p.message for p in info.value.problems)
    assert fragment in messages
    assert all(p.line == 1 for p in info.value.problems)
