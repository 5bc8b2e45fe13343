"""Session logic: the question sequence, grading against the engine, scoring and timing.

Plain Python, testable without a terminal; the TUI only displays it.  The names below load
on first use (PEP 562), so the trainer's home screen, which needs only
``trainer.session.settings``, does not pay for the engine and the grading code before a
drill starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer._lazy import lazy_exports

if TYPE_CHECKING:
    from trainer.session.questions import (
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
    )
    from trainer.session.records import AnswerRecord, SessionRecord
    from trainer.session.session import (
        ReferenceRefused,
        Result,
        Session,
        SessionError,
        SkillScore,
        Summary,
    )

__all__ = [
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
]


__getattr__, __dir__ = lazy_exports(__name__, __all__, ("records", "questions", "session"))
