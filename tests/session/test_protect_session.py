"""The protection drills, session level: moments at the table (stop the violation as the
house says, let a legal bet play) and irregularities (the remedy taught at the house),
graded, and recorded as one skill per violation kind and per irregularity."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from trainer.drills.loader import load_file, load_text
from trainer.drills.model import Drill, Kind, ViolationSpec
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.irregularities import CALL_THE_FLOOR, Irregularity
from trainer.engine.protection import ALL_PLAY, judge
from trainer.engine.violations import Violation
from trainer.irregularities.loader import bundled
from trainer.session import Session
from trainer.session.protect import IrregularityQuestion, ViolationQuestion
from trainer.session.questions import ChoiceAnswer
from trainer.session.records import AnswerRecord

DRILLS = Path(__file__).resolve().parents[2] / "drills"
VIOLATIONS = DRILLS / "23-violations.yaml"
IRREGULARITIES = DRILLS / "24-irregularities.yaml"


def _under(path: Path, house: str, **fields: object) -> Drill:
    """A bundled drill's file under another house, fields changed; a violations drill's
    table dealt within every bundled house's limits (10 to 100, no side bet)."""
    text = path.read_text(encoding="utf-8")
    if "\ntable:" in text:
        text = text.split("\ntable:", 1)[0] + (
            '\ntable:\n  seats: "2-4"\n  bets_per_seat: "1-2"\n  bets:\n'
            "    player: {min: 10, max: 100, step: 5}\n"
            "    banker: {min: 10, max: 100, step: 5}\n"
            "    tie: {min: 10, max: 25, step: 5}\n"
            "generate:\n  - weight: 1\n"
        )
    lines = [f"house: {house}"] + [f"{k}: {v}" for k, v in fields.items()]
    kept = [ln for ln in text.splitlines() if not any(ln.startswith(f"{k}:") for k in fields)]
    if "violations" in fields:  # its section's lines go with it
        kept = [ln for ln in kept if not ln.startswith("  rate:")]
    return load_text("\n".join([*kept, *lines]) + "\n", str(path))


def test_the_bundled_drills_load() -> None:
    violations, irregularities = load_file(VIOLATIONS), load_file(IRREGULARITIES)
    assert violations.kind is Kind.VIOLATIONS and violations.table is None  # no table worked
    assert isinstance(violations.run, ViolationSpec) and violations.run.rate == 0.6
    assert irregularities.kind is Kind.IRREGULARITIES
    assert violations.run_words == "10 moments at the table"


@pytest.mark.parametrize("house", sorted(BUNDLED_HOUSES))
def test_a_right_answer_is_graded_right_and_recorded_per_kind(house: str) -> None:
    drill = _under(VIOLATIONS, house, questions=40)
    marks: list[AnswerRecord] = []
    session = Session.deal(drill, "t", random.Random(house), on_answer=marks.append)
    kinds = set()
    for _ in range(session.total):
        q = session.current
        assert isinstance(q, ViolationQuestion)
        found = judge(q.scene, q.house)
        right = ALL_PLAY if not found else found[0].describe()
        assert right in q.options and len(set(q.options)) == len(q.options) == 4
        result = session.answer(ChoiceAnswer(right))
        assert result.correct
        kinds.add(q.skill.key)
    assert session.summary().percent == 100
    assert {m.skill for m in marks} == kinds and all(m.step == "violation" for m in marks)
    assert "violation:none" in kinds
    assert len(kinds) >= 4  # the kinds the house enforces come in turn


def test_flagging_a_legal_bet_or_letting_a_violation_play_is_wrong() -> None:
    drill = _under(VIOLATIONS, "ez", questions=30)
    session = Session.deal(drill, "t", random.Random(7))
    legal = flagged = 0
    while not session.finished:
        q = session.current
        assert isinstance(q, ViolationQuestion)
        if q.expected().text == ALL_PLAY:  # a legal bet flagged
            legal += 1
            wrong = next(o for o in q.options if o != ALL_PLAY)
        else:  # a violation let play
            flagged += 1
            wrong = ALL_PLAY
        assert wrong in q.options
        assert not session.answer(ChoiceAnswer(wrong)).correct
    assert legal and flagged


@pytest.mark.parametrize(("rate", "none"), [("0", True), ("1", False)])
def test_the_rate_the_drill_sets(rate: str, none: bool) -> None:
    drill = _under(VIOLATIONS, "ez", questions=20, violations=f"{{rate: {rate}}}")
    session = Session.deal(drill, "t", random.Random(3))
    skills = {q.skill.key for q in session.questions if isinstance(q, ViolationQuestion)}
    assert (skills == {"violation:none"}) is none
    if not none:
        assert "violation:none" not in skills


def test_a_violations_drill_needs_a_table_and_its_settings_their_kind() -> None:
    from trainer.drills.errors import DrillFileError

    with pytest.raises(DrillFileError, match="add a table section"):
        load_text("id: v\ntitle: V\ndescription: D\nask: violations\ngenerate: [{weight: 1}]\n")
    with pytest.raises(DrillFileError, match="violations settings need ask: violations"):
        load_text(
            "id: v\ntitle: V\ndescription: D\nask: outcome\nviolations: {rate: 0.5}\n"
            "generate: [{weight: 1}]\n"
        )


@pytest.mark.parametrize("house", sorted(BUNDLED_HOUSES))
def test_irregularities_ask_the_remedy_taught_at_the_house(house: str) -> None:
    drill = _under(IRREGULARITIES, house, questions=len(Irregularity))
    marks: list[AnswerRecord] = []
    session = Session.deal(drill, "t", random.Random(1), on_answer=marks.append)
    seen = set()
    confirmed = BUNDLED_HOUSES[house].remedies
    catalogue = {e.kind: e for e in bundled()}
    while not session.finished:
        q = session.current
        assert isinstance(q, IrregularityQuestion)
        # by hand: the catalogue's remedy where the house confirms it, else call the floor
        right = catalogue[q.entry.kind].remedy if q.entry.kind in confirmed else CALL_THE_FLOOR
        assert right in q.options
        if right == CALL_THE_FLOOR:  # the unconfirmed remedy is offered, and wrong
            assert q.entry.remedy in q.options
        # the felt shown and recorded is the scene's, box by box
        felt = catalogue[q.entry.kind].felt
        assert q.view.player_cards == tuple(d.card for d in felt if d.to.value == "P")
        assert q.view.banker_cards == tuple(d.card for d in felt if d.to.value == "B")
        assert session.answer(ChoiceAnswer(right)).correct
        assert marks[-1].cards == tuple(str(d.card) for d in felt)
        seen.add(q.entry.kind)
    assert seen == set(Irregularity)  # each irregularity once in a run of eleven
    assert {m.skill for m in marks} == {f"irregularity:{k.value}" for k in Irregularity}


def test_skills_are_described_and_grouped() -> None:
    from trainer.skills import ALL_FAMILIES, describe, family

    assert family("violation:past_posting") in ALL_FAMILIES
    assert family("irregularity:misdeal") in ALL_FAMILIES
    assert describe("violation:past_posting") == "Violations: past posting"
    assert describe("violation:none") == "Violations: a legal moment let play"
    assert describe("irregularity:card_on_floor") == "Irregularity: card on floor"
    assert Violation.PAST_POSTING.value == "past_posting"
