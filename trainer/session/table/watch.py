"""The watch phase (a table drill with violations): the moments around the deal, each a
question answered before the table is worked (stop the violation as the house says, or let
every bet play), graded as it is answered; the take follows the last one.
"""

from __future__ import annotations

from trainer.engine.protection import ALL_PLAY
from trainer.session.protect import ViolationQuestion
from trainer.session.questions import ChoiceAnswer
from trainer.session.table.state import TableState
from trainer.session.table.values import (
    Fault,
    Phase,
    Said,
    SaidKind,
    TableActionError,
    TableMistake,
    Worked,
)

__all__ = ["confirm_watch"]


def confirm_watch(table: TableState, option: str, seconds: float, over: bool) -> Worked:
    """The answer to the moment watched now: graded now; then the next moment, or the
    take once the result's is answered."""
    q = table.question
    if q is None:
        raise TableActionError("no moment is watched now")
    if option not in q.options:
        raise TableActionError(f"{option!r} is not one of the choices")
    table.over = over
    graded = q.grade(ChoiceAnswer(option))
    table.watch_answers.append(option)
    mistakes = () if graded.correct else (_watch_mistake(q, option),)
    answer = table.record(
        Phase.WATCH,
        graded.skill.key,
        option,
        graded.expected.text,
        graded.correct,
        graded.reason,
        seconds,
        mistakes,
        about=q.scene.moment.label,
        said=Said(SaidKind.OPTION, finding=q.finding_of(option)),
        due=Said(SaidKind.OPTION, finding=q.finding()),
        moment=q.scene.moment,
    )
    table.moment += 1
    if table.moment >= len(table.watch):
        table.phase = Phase.TAKE
    return (answer,), mistakes


def _watch_mistake(q: ViolationQuestion, option: str) -> TableMistake:
    found = q.finding()
    if found is None:
        return TableMistake(
            Fault.LEGAL_STOPPED,
            f"nothing to stop {q.scene.moment.label}: every bet plays",
            moment=q.scene.moment,
        )
    kind = Fault.MISSED_VIOLATION if option == ALL_PLAY else Fault.WRONG_RESPONSE
    return TableMistake(kind, found.describe(), found.seat, found.bet, finding=found)
