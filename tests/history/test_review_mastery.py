"""The spaced review on the trainee's path: it draws the due skills whose goal is
not mastered, and the skills of a slipping goal even before they are due; a skill of a
mastered goal waits, unless nothing else is left to review."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from tests.support.history import T0, answer
from trainer.curriculum.model import Curriculum, MasteryRule, Module, SkillGoal
from trainer.history.mastery import Standing, path_progress
from trainer.history.review import NothingDueError, draw_from, review_drill
from trainer.history.scheduler import SkillState
from trainer.history.store import HistoryStore

RULE = MasteryRule(min_answers=3, recent=3, accuracy=100, target_seconds=5.0)
PATH = Curriculum(
    "p",
    (
        Module(
            "m",
            "M",
            ("d",),
            (
                SkillGoal("naturals", "Naturals", ("natural",), "d", RULE),
                SkillGoal("player", "Player", ("player:*",), "d", RULE),
                SkillGoal("outcomes", "Outcomes", ("outcome:*",), "d", RULE),
            ),
        ),
    ),
)


def state(skill: str, box: int, due_in_days: int) -> SkillState:
    return SkillState(skill, box, T0 + timedelta(days=due_in_days), 5, 4)


def test_draw_from_keeps_what_is_not_mastered_and_adds_what_slips(store: HistoryStore) -> None:
    minute = timedelta(minutes=1)
    # naturals: 3 right: mastered.  player:5: 1 right: learning.  outcomes: right, right,
    # right, then a miss: mastered after the 3rd answer, lost with the 4th: slipping
    given = [("natural", True)] * 3 + [("player:5", True)]
    given += [("outcome:tie", True)] * 3 + [("outcome:tie", False)]
    for i, (key, ok) in enumerate(given):
        store.record_answer(answer(key, ok, T0 + i * minute, seconds=1.0))
    path = path_progress(store, "ana", PATH)
    assert [s.standing for s in path.skills] == [
        Standing.MASTERED,
        Standing.LEARNING,
        Standing.SLIPPING,
    ]
    states = {
        "natural": state("natural", 2, -1),  # due, but mastered: left for now
        "player:5": state("player:5", 2, -2),  # due, learning: drawn
        "outcome:tie": state("outcome:tie", 3, 5),  # not due, slipping: drawn
        "outcome:dragon7": state("outcome:dragon7", 1, -1),  # due, slipping: drawn
        "call:result": state("call:result", 1, -1),  # the review cannot deal it
    }
    due = [states["outcome:dragon7"], states["player:5"], states["natural"]]
    drawn = draw_from(due, states, path)
    # lowest box first: dragon7 (box 1), player:5 (box 2), outcome:tie (box 3)
    assert [s.skill for s in drawn] == ["outcome:dragon7", "player:5", "outcome:tie"]
    # with no path, the due skills as they were
    assert draw_from(due, states, None) == due
    # with only a mastered skill due, it is reviewed all the same
    assert draw_from([states["natural"]], {"natural": states["natural"]}, path) == [
        states["natural"]
    ]


def test_a_slipping_skill_makes_a_review_when_nothing_is_due(store: HistoryStore) -> None:
    for i in range(3):
        store.record_answer(answer("outcome:tie", True, T0 + timedelta(minutes=i), seconds=1.0))
    store.record_answer(answer("outcome:tie", False, T0 + timedelta(minutes=3), seconds=1.0))
    # the miss puts it in box 1, due at once; answered right a minute later it goes to box 2,
    # due a day later: at minute 5 nothing is due
    store.record_answer(answer("outcome:tie", True, T0 + timedelta(minutes=4), seconds=1.0))
    now = T0 + timedelta(minutes=5)
    path = path_progress(store, "ana", PATH)
    assert path.standing_of("outcome:tie") is Standing.SLIPPING  # T T T F T: 2 of 3 now
    with pytest.raises(NothingDueError):
        review_drill(store, "ana", now, 4)
    drill = review_drill(store, "ana", now, 4, path=path)
    assert "1 skill due (Outcome: Tie)" in drill.description


def test_the_recorder_reads_the_path_and_says_once_when_the_file_is_broken(
    store: HistoryStore, tmp_path: Path
) -> None:
    from trainer.history.hooks import Recorder

    said: list[str] = []
    broken = tmp_path / "path.yaml"
    broken.write_text("name: x\n", encoding="utf-8")
    recorder = Recorder(store, said.append, curriculum=broken)
    assert recorder.path("ana") is None and recorder.path("ana") is None
    assert said == [f"the path cannot be shown: {broken}:1:1: modules: required field is missing"]
    bundled = Recorder(store, said.append)
    path = bundled.path("ana")
    assert path is not None and path.next_drill == "naturals"  # nothing answered yet
