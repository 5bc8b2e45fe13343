"""The drill kinds as the TUI knows them: the screen each is answered on, one object each,
found through one table by the drill's kind id (``Drill.kind_id``), as the file format
(``trainer.drills.kinds``) and the session (``trainer.session.kinds``) find them.

The screens are imported when a run opens one, never at launch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from trainer.drills.model import (
    SHOE_TABLE_KIND,
    TABLE_KIND,
    CallSpec,
    CoupSpec,
    IrregularitySpec,
    ShoeSpec,
    SpotSpec,
    ViolationSpec,
)

if TYPE_CHECKING:
    from textual.screen import Screen

    from trainer.drills.model import Drill
    from trainer.session import Session
    from trainer.session.table.session import TableSession


class ScreenKind:
    """One kind of drill in the TUI.  The default is the drill screen: one question at a
    time, its options or a typed answer."""

    #: The id it is registered under in every layer (``Drill.kind_id``).
    id: ClassVar[str]

    def screen(self, session: Session | TableSession) -> Screen[None]:
        """The screen ``session`` is answered on."""
        from trainer.tui.screens.drill import DrillScreen

        return DrillScreen(_coups(session))


class SpotKind(ScreenKind):
    """Replays: the replay screen, to spot a dealer's error in."""

    id = SpotSpec.id

    def screen(self, session: Session | TableSession) -> Screen[None]:
        from trainer.tui.screens.spot import SpotScreen

        return SpotScreen(_coups(session))


class TableKind(ScreenKind):
    """Whole tables worked per coup: the table screen."""

    id = TABLE_KIND

    def screen(self, session: Session | TableSession) -> Screen[None]:
        from trainer.session.table.session import TableSession
        from trainer.tui.screens.table import TableScreen

        if not isinstance(session, TableSession):
            raise TypeError(f"drill {session.drill.id!r} is worked at a table: a TableSession")
        return TableScreen(session)


def _coups(session: Session | TableSession) -> Session:
    """``session`` as a run of questions (a TypeError for a table's run)."""
    from trainer.session import Session

    if not isinstance(session, Session):
        raise TypeError(f"drill {session.drill.id!r} is not worked at a table: a Session")
    return session


class CoupKind(ScreenKind):
    id = CoupSpec.id


class ShoeKind(ScreenKind):
    id = ShoeSpec.id


class CallKind(ScreenKind):
    id = CallSpec.id


class MomentsKind(ScreenKind):
    """``ask: violations``: moments at a dealt table, answered one by one."""

    id = ViolationSpec.id


class IrregularitiesKind(ScreenKind):
    id = IrregularitySpec.id


class ShoeTableKind(TableKind):
    id = SHOE_TABLE_KIND


#: Every drill kind the TUI opens, by id.
SCREEN_KINDS: dict[str, ScreenKind] = {
    k.id: k
    for k in (
        CoupKind(),
        ShoeKind(),
        TableKind(),
        ShoeTableKind(),
        CallKind(),
        SpotKind(),
        MomentsKind(),
        IrregularitiesKind(),
    )
}


def screen_kind(drill: Drill) -> ScreenKind:
    """The drill's kind (a LookupError for a kind the TUI does not know)."""
    kind = SCREEN_KINDS.get(drill.kind_id)
    if kind is None:
        raise LookupError(f"drill {drill.id!r} is of a kind the TUI does not open")
    return kind


def session_screen(session: Session | TableSession) -> Screen[None]:
    """The screen a run is answered on, as its drill's kind names it (a LookupError for a
    kind the TUI does not know)."""
    return screen_kind(session.drill).screen(session)
