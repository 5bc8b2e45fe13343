"""The dealer's-procedure drills under every bundled house (EZ, its tie-9 variant,
commission baccarat, the card room): each deals, and the engine's own answers, given back,
are graded right every time (the grading and the expected answer never disagree)."""

from __future__ import annotations

import random

import pytest

from trainer.drills.loader import load_text
from trainer.session import Session

HEAD = "id: t\ntitle: T\ndescription: d\n"
BODIES = {
    "spot": "ask: spot\nspot: {error_rate: 1}\nbets: {banker: {min: 10, max: 100, step: 5}, "
    "player: 20}\ngenerate: [{}]\nquestions: 6\n",
    "spot-table": "ask: spot\nspot: {level: table, error_rate: 0.7}\nbets: {banker: {min: 10, "
    "max: 100, step: 5}, player: {min: 10, max: 100, step: 5}}\ngenerate: [{}]\n"
    "questions: 4\n",
    "call": "ask: call\ngenerate: [{}]\nquestions: 4\n",
    "shoe": "ask: [shoe, coup]\nbets: {banker: 25, player: 20}\nshoe: {last_coups: 2}\n",
}


@pytest.mark.parametrize("house", ["ez", "ez-tie9", "commission", "cardroom"])
@pytest.mark.parametrize("kind", list(BODIES))
def test_the_engines_answers_score_everything(house: str, kind: str) -> None:
    drill = load_text(HEAD + f"house: {house}\n" + BODIES[kind], "d.yaml")
    for seed in range(2):
        s = Session.deal(drill, "Alex", random.Random(seed))
        assert s.total > 0
        while not s.finished:
            s.answer(s.current.expected())
        assert s.right == s.total
