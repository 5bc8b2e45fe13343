"""Session logic: the question sequence, grading against the engine, scoring and timing.

Plain Python, testable without a terminal; the TUI only displays it.  Imported when a drill
starts, never by the home screen (the trainee's preferences live in trainer.prefs), so its
names load at once: a measured launch gained nothing from loading them lazily.
"""

from __future__ import annotations

from trainer.session.questions import (
    AmountAnswer,
    Answer,
    DrawAnswer,
    Graded,
    OutcomeAnswer,
    PayoutAnswer,
    Question,
    TimedOut,
    View,
    expand,
    parse_paid_amount,
    parse_win_amount,
)
from trainer.session.records import AnswerRecord, SessionRecord
from trainer.session.run import ReferenceRefused, Result, SessionError, SkillScore
from trainer.session.session import Session, Summary

__all__ = [
    "AmountAnswer",
    "Answer",
    "AnswerRecord",
    "DrawAnswer",
    "Graded",
    "OutcomeAnswer",
    "PayoutAnswer",
    "Question",
    "ReferenceRefused",
    "Result",
    "Session",
    "SessionError",
    "SessionRecord",
    "SkillScore",
    "Summary",
    "TimedOut",
    "View",
    "expand",
    "parse_paid_amount",
    "parse_win_amount",
]
