"""Builders for history tests (records with sensible defaults)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from trainer.session.records import AnswerRecord, SessionRecord

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


def answer(
    skill: str = "banker:3:8",
    correct: bool = True,
    at: datetime = T0,
    *,
    trainee: str = "ana",
    session_id: str = "s1",
    drill_id: str = "banker-tableau",
    step: str | None = None,
    seconds: float = 2.0,
    cards: tuple[str, ...] = ("4h", "3s", "Td", "Kc", "8h"),
    answer_text: str = "draws",
    expected: str = "stands",
    bet: str | None = None,
    wager: str | None = None,
) -> AnswerRecord:
    family = skill.split(":", 1)[0]
    default_step = {
        "natural": "player_draws",
        "player": "player_draws",
        "banker": "banker_draws",
    }.get(family, family)  # outcome, payout, table, shoe, call, spot: the family's own step
    return AnswerRecord(
        session_id=session_id,
        trainee=trainee,
        drill_id=drill_id,
        step=step or default_step,
        skill=skill,
        cards=cards,
        answer=answer_text,
        expected=expected,
        correct=correct,
        seconds=seconds,
        answered_at=at,
        bet=bet,
        wager=wager,
    )


def session(
    session_id: str = "s1",
    *,
    trainee: str = "ana",
    drill_id: str = "banker-tableau",
    title: str = "The Banker tableau",
    mode: str = "practice",
    started: datetime = T0,
    minutes: float | None = None,
    questions: int = 0,
    correct: int = 0,
    passed: bool | None = None,
    abandoned: bool = False,
    reference_opened: int = 0,
) -> SessionRecord:
    return SessionRecord(
        session_id=session_id,
        trainee=trainee,
        drill_id=drill_id,
        drill_title=title,
        mode=mode,
        started_at=started,
        finished_at=None if minutes is None else started + timedelta(minutes=minutes),
        questions=questions,
        correct=correct,
        passed=passed,
        abandoned=abandoned,
        reference_opened=reference_opened,
    )
