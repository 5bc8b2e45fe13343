"""Sittings of the bundled Taiwanese audit standard (tw-dealer-audit.yaml) made by hand in a
history, for the retake's tests.

A whole sitting: the written part 18 of 18 right; each of the seven practical areas
answered 10 times at 1 s (the rules area: a natural, then five coups each asking the
Player's and the Banker's draw, all right: 11 answers, five in a row), every answer right
but ``settlement_right`` of the settlement's 10 (table:take, no red line).  At 8 of 10: 80 %
at 1 s of a 15 s target: C, which retakes the settlement alone; every other area A (100 %
within 100 % of its target).  A retake sits the settlement's drill (table-exam) alone."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

from tests.support.history import answer, session
from trainer.curriculum.catalogue import bundled_path, drill_ids
from trainer.curriculum.loader import load_curriculum_file
from trainer.curriculum.model import Curriculum
from trainer.history.backend import HistoryStore
from trainer.session.audition import AUDITION_ID

#: The settlement's key, and a key of each other area of the standard (no red line's).
SETTLEMENT = ("table-exam", "table:take")
OTHERS = (
    ("shoe-table", "shoe:cut"),
    ("calling", "call:result"),
    ("irregularities", "irregularity:exposed"),
    ("spot-the-error-table", "spot:none"),
    ("table-protection", "violation:pressing"),
)


def tw_curriculum() -> Curriculum:
    return load_curriculum_file(bundled_path().parent / "tw-dealer-audit.yaml", drill_ids())


def _part(
    store: HistoryStore,
    run: str,
    trainee: str,
    drill: str,
    at: datetime,
    made: list[tuple[str, bool]],
) -> None:
    sid = f"{run}-{drill}"
    right = sum(1 for _, ok in made if ok)
    store.record_session(
        session(
            sid,
            trainee=trainee,
            drill_id=drill,
            title=drill,
            mode="exam",
            started=at,
            minutes=1,
            questions=len(made),
            correct=right,
        )
    )
    for i, (key, ok) in enumerate(made):
        store.record_answer(
            answer(
                key,
                ok,
                at + timedelta(seconds=i),
                trainee=trainee,
                session_id=sid,
                drill_id=drill,
                seconds=1.0,
                cards=(f"c{(i + 1) // 2 if drill == 'whole-coup' else i}",),
                answer_text="x" if ok else "y",
                expected="x",
            )
        )


def sit(
    store: HistoryStore,
    run: str,
    at: datetime,
    *,
    trainee: str = "ana",
    settlement_right: int = 8,
    passed: bool = False,
    retake_of: str | None = None,
) -> None:
    """A sitting recorded as ``passed`` (what the run row says); with ``retake_of``, a
    retake of the settlement alone (its drill's 10 answers, ``settlement_right`` right)."""
    store.record_session(
        replace(
            session(
                run,
                trainee=trainee,
                drill_id=AUDITION_ID,
                title="Audition (proctor: Mrs Lee)",
                mode="exam",
                started=at,
                minutes=30,
                passed=passed,
            ),
            retake_of=retake_of,
        )
    )
    drill, key = SETTLEMENT
    _part(store, run, trainee, drill, at, [(key, i < settlement_right) for i in range(10)])
    if retake_of is not None:
        return
    _part(store, run, trainee, "written", at, [("outcome:dragon7", True)] * 18)
    rules = [("natural", True)] + [(k, True) for _ in range(5) for k in ("player:5", "banker:3:8")]
    _part(store, run, trainee, "whole-coup", at, rules)
    for drill, key in OTHERS:
        _part(store, run, trainee, drill, at, [(key, True)] * 10)
