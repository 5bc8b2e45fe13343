"""The rules reference's key (`?`) on every drill screen: the session counts each opening and
refuses it in an exam until the exam is over (said, nothing opened)."""

from __future__ import annotations

from typing import Any, Protocol

from textual.screen import Screen

from trainer.drills.model import Drill
from trainer.engine.house import House
from trainer.session import Question, ReferenceRefused


class CountsReference(Protocol):
    """A session whose drill screen opens the rules reference."""

    @property
    def drill(self) -> Drill: ...

    def open_reference(self) -> int: ...


def refuse_reference(screen: Screen[Any]) -> None:
    """Say the reference is closed (an exam not yet over)."""
    screen.notify("The rules reference opens after the exam.", severity="warning")


def open_reference(
    screen: Screen[Any],
    session: CountsReference,
    house: House,
    answered: Question | None = None,
    *,
    table: bool = False,
) -> None:
    """Open the rules reference of ``house`` over ``screen`` with the house's rules the
    session's drill needs (``answered``'s cell marked, ``table``: the table's procedure too),
    counted by the session; refused (said) in an exam until it is over."""
    try:
        session.open_reference()
    except ReferenceRefused:
        refuse_reference(screen)
        return
    # rich.table: on demand
    from trainer.tui.screens.reference import ReferenceScreen, topics_for

    rules = topics_for(session.drill)  # the house's own rules this drill needs
    screen.app.push_screen(ReferenceScreen(house, answered, table=table, rules=rules))
