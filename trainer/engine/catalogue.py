"""The bundled catalogue of dealer's mistakes (``CATALOGUE``), in the order a drill lists
it, each a ``Mistake`` of ``trainer.engine.injection``: the kind the audit reports it as and
the transformation that injects it.  A new mistake is a new entry here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trainer.engine.deviation import DeviationKind
from trainer.engine.injection import Level, Mistake, UnknownMistakeError

__all__ = [
    "CATALOGUE",
    "find_mistake",
]


def _m(
    id: str, level: str, kind: DeviationKind, description: str, transform: str, **params: Any
) -> Mistake:
    return Mistake(id, Level(level), kind, description, transform, params)


#: The bundled catalogue, in the order a drill lists it.
CATALOGUE: tuple[Mistake, ...] = (
    _m(
        "banker-drew-on-stand",
        "coup",
        DeviationKind.BANKER_DREW,
        "The Banker drew at a hard tableau cell where it stands.",
        "banker_draw",
        should="stand",
        cells="hard",
    ),
    _m(
        "banker-stood-on-draw",
        "coup",
        DeviationKind.BANKER_STOOD,
        "The Banker stood at a hard tableau cell where it draws.",
        "banker_draw",
        should="draw",
        cells="hard",
    ),
    _m(
        "player-drew-on-6-7",
        "coup",
        DeviationKind.PLAYER_DREW,
        "The Player drew on 6 or 7.",
        "player_draw",
        should="stand",
    ),
    _m(
        "player-stood-on-0-5",
        "coup",
        DeviationKind.PLAYER_STOOD,
        "The Player stood on 0 to 5.",
        "player_draw",
        should="draw",
    ),
    _m(
        "natural-not-stopped",
        "coup",
        DeviationKind.NATURAL_NOT_STOPPED,
        "A card was drawn after a natural.",
        "natural_draw",
    ),
    _m(
        "third-card-wrong-hand",
        "coup",
        DeviationKind.WRONG_HAND,
        "A third card was dealt to the wrong hand.",
        "wrong_hand",
    ),
    _m(
        "total-miscounted",
        "coup",
        DeviationKind.TOTAL_MISCALLED,
        "A hand's total was called a point off.",
        "miscount",
        by=(1, -1),
    ),
    _m(
        "tie-called-dragon7",
        "coup",
        DeviationKind.OUTCOME_MISNAMED,
        "A tying three-card Banker 7 was called a Dragon 7.",
        "misname",
        call="dragon7",
        on="tie",
    ),
    _m(
        "losing-8-called-panda8",
        "coup",
        DeviationKind.OUTCOME_MISNAMED,
        "A three-card Player 8 that does not win (a tie, or a Banker 9) was called a Panda 8.",
        "misname",
        call="panda8",
    ),
    _m(
        "banker-paid-on-dragon7",
        "coup",
        DeviationKind.PUSH_PAID,
        "The Banker bet was paid instead of pushed on a Dragon 7.",
        "settle_as",
        bet="banker",
        outcome="dragon7",
        right="push",
        **{"as": "win"},
    ),
    _m(
        "panda8-paid-on-tie",
        "coup",
        DeviationKind.LOSER_PAID,
        "A Panda 8 bet was paid on a Tie.",
        "settle_as",
        bet="panda8",
        outcome="tie",
        right="lose",
        **{"as": "win"},
    ),
    _m(
        "commission-in-ez",
        "coup",
        DeviationKind.COMMISSION_TAKEN,
        "A 5 % commission was taken from a winning Banker bet in a game that takes none.",
        "commission",
        rate="0.05",
        bet="banker",
    ),
    _m(
        "payout-short",
        "coup",
        DeviationKind.PAYOUT_SHORT,
        "A payout worked on a wager one red chip short (35 x 40 paid as 1,200).",
        "payout_off",
        wager_off=-5,
        min_odds=2,
    ),
    _m(
        "payout-over",
        "coup",
        DeviationKind.PAYOUT_OVER,
        "A payout worked on a wager one red chip over (35 x 40 paid as 1,600).",
        "payout_off",
        wager_off=5,
        min_odds=2,
    ),
    _m(
        "losing-bet-paid",
        "coup",
        DeviationKind.LOSER_PAID,
        "A losing bet was paid.",
        "settle_as",
        right="lose",
        **{"as": "win"},
    ),
    _m(
        "push-taken",
        "coup",
        DeviationKind.PUSH_TAKEN,
        "A bet that pushes was taken.",
        "settle_as",
        right="push",
        **{"as": "lose"},
    ),
    _m(
        "winner-taken",
        "coup",
        DeviationKind.WINNER_TAKEN,
        "A winning bet was taken.",
        "settle_as",
        right="win",
        **{"as": "lose"},
    ),
    _m(
        "loser-left",
        "coup",
        DeviationKind.LOSER_PUSHED,
        "A losing bet was left on the layout as if it pushed.",
        "settle_as",
        right="lose",
        **{"as": "push"},
    ),
    _m(
        "panda8-paid-at-40",
        "coup",
        DeviationKind.PAYOUT_OVER,
        "A Panda 8 paid at the Dragon 7's 40 to 1 instead of 25 to 1.",
        "odds_off",
        bet="panda8",
        odds=40,
    ),
    _m(
        "paid-before-taken",
        "table",
        DeviationKind.ORDER,
        "A winner was paid before every losing bet was taken.",
        "out_of_order",
        swap="pay_before_take",
    ),
    _m(
        "seats-out-of-order",
        "table",
        DeviationKind.ORDER,
        "Two seats were settled out of the house's order.",
        "out_of_order",
        swap="seats",
    ),
)


def find_mistake(mistake_id: str, catalogue: Iterable[Mistake] = CATALOGUE) -> Mistake:
    for m in catalogue:
        if m.id == mistake_id:
            return m
    raise UnknownMistakeError(f"no mistake {mistake_id!r} in the catalogue")
