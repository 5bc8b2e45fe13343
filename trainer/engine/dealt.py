"""What a dealer did, as data: one coup as a dealer dealt it (``Dealt``), step by step.

A ``Dealt`` holds the cards in the order they came out of the shoe and the hand each went
to (a card may go to the wrong hand), the totals and outcome called, the calls said aloud,
what was done with each bet (taken, pushed, paid X, commission Y, fee Z) in the order the
dealer settled them, and the players' violations and the irregularities in the deal with
what the dealer did about each.  ``procedure.audit`` holds it to the engine's procedure.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.engine.call_words import say_fields
from trainer.engine.calls import Call
from trainer.engine.cards import Card, DealtCard, Side
from trainer.engine.chips import ChipBreakdown
from trainer.engine.coup import Coup, Outcome
from trainer.engine.house import House
from trainer.engine.irregularities import Irregularity
from trainer.engine.money import format_amount
from trainer.engine.order import Done
from trainer.engine.said import Said
from trainer.engine.settlement import Bet
from trainer.engine.table import (
    BoxCommission,
    CollectFee,
    Layout,
    Pay,
    Push,
    RollingCommission,
    TableProcedure,
    Take,
    TakeCommission,
    settle_table,
)
from trainer.engine.violations import Response, Violation

_ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class CalledTotal:
    """The dealer called a hand's final total."""

    side: Side
    total: int


@dataclass(frozen=True, slots=True)
class CalledOutcome:
    """The dealer named the outcome."""

    outcome: Outcome


@dataclass(frozen=True, slots=True)
class BetAction:
    """What was done with one bet: ``paid`` is the winnings paid beside the wager (PAID
    only); ``commission`` what was collected on it, ``boxed`` whether into the seat's
    commission box (True) or from the payout at once (False); ``fee`` the card room's
    collection fee taken; ``chips`` the chips the payout was cut in; ``rolling`` the
    rolling commission credited on the bet's dead chips.  None: not recorded, so not
    audited."""

    seat: int
    bet: Bet
    done: Done
    paid: Decimal = _ZERO
    commission: Decimal = _ZERO
    fee: Decimal | None = None
    boxed: bool | None = None
    chips: ChipBreakdown | None = None
    rolling: Decimal | None = None

    def describe(self) -> str:
        text = f"seat {self.seat} {self.bet.label}: {self.done.value}"
        if self.done is Done.PAID:
            text += f" {format_amount(self.paid)}"
        if self.chips is not None:
            text += f" in {self.chips.describe()}"
        if self.commission:
            how = {None: "", True: " into the box", False: " taken at once"}[self.boxed]
            text += f", commission {format_amount(self.commission)}{how}"
        if self.fee:
            text += f", fee {format_amount(self.fee)}"
        if self.rolling is not None:
            text += f", rolling commission {format_amount(self.rolling)}"
        return text


@dataclass(frozen=True, slots=True)
class Called:
    """What the dealer called: the hands' final totals and the outcome (None: not called)."""

    player: int | None = None
    banker: int | None = None
    outcome: Outcome | None = None


class AfterCoup(enum.Enum):
    """What the dealer says comes next once a coup is over (the cut card's rule)."""

    DEAL = "deal"
    ONE_MORE = "one_more"
    END = "end"

    @property
    def label(self) -> str:
        return _AFTER_LABELS[self]


_AFTER_LABELS = {
    AfterCoup.DEAL: Said("deal the next coup"),
    AfterCoup.ONE_MORE: Said("deal one more coup, then the shoe ends"),
    AfterCoup.END: Said("the shoe ends"),
}


#: ``Dealt.cut`` for a cut card that came out in an earlier coup (this coup followed it).
CUT_EARLIER = 0


@dataclass(frozen=True, slots=True)
class ShoeCall:
    """The dealer's call after the coup: deal on, one more coup, or the shoe ends."""

    then: AfterCoup


@dataclass(frozen=True, slots=True)
class SaidCall:
    """A call the dealer made aloud ("Player shows five"), keyed by the house ``Calls`` key
    and its values in ``say_fields`` order (a hand as player/banker, a total as a digit),
    with ``cards``: how many cards were on the table when it was made."""

    key: str
    values: tuple[str, ...]
    cards: int

    @classmethod
    def of(cls, call: Call) -> SaidCall:
        """The engine's call as said right."""
        return cls(call.key, call.values, call.cards)

    def words(self, house: House) -> str:
        """The call in the house's words."""
        named: dict[str, int | str] = {
            f: (v.capitalize() if f == "hand" else int(v))
            for f, v in zip(say_fields(self.key), self.values, strict=True)
        }
        return house.calls.say(self.key, **named)


@dataclass(frozen=True, slots=True)
class Foul:
    """A player's violation as the supervisor saw it, at its moment (``cards``: how many
    cards were on the table: 0 at no more bets), and what the dealer did about it
    (``response``; None: nothing, the bet played).  ``seat`` and ``bet`` are None for the
    table's differential; ``wager`` is the amount concerned (placed, added, taken back,
    pinched, or the cash or chip on the spot)."""

    violation: Violation
    seat: int | None
    bet: Bet | None
    wager: Decimal | None
    response: Response | None
    cards: int

    def __post_init__(self) -> None:
        if self.response is Response.ALLOW:
            object.__setattr__(self, "response", None)

    def where(self) -> str:
        """ "seat 3 Banker 25: past posting", "the table: over the differential"."""
        violation = self.violation.short
        if self.seat is None:
            return Said("the table: {violation}", violation=violation)
        if self.bet is None:
            return Said("seat {seat}: {violation}", seat=self.seat, violation=violation)
        if self.wager is None:
            return Said(
                "seat {seat} {bet}: {violation}",
                seat=self.seat,
                bet=self.bet.label,
                violation=violation,
            )
        return Said(
            "seat {seat} {bet} {wager}: {violation}",
            seat=self.seat,
            bet=self.bet.label,
            wager=format_amount(self.wager),
            violation=violation,
        )


class Handled(enum.Enum):
    """What the dealer did about an irregularity in the deal."""

    FLOOR = "floor"  #: stopped and called the floor
    APPLIED = "applied"  #: applied the remedy itself (the house's, or the catalogue's)


@dataclass(frozen=True, slots=True)
class Remedied:
    """An irregularity in the deal, where it happened (``cards`` on the table), and what the
    dealer did (None: carried on as if nothing happened)."""

    irregularity: Irregularity
    done: Handled | None
    cards: int

    @property
    def label(self) -> str:
        """ "a card exposed", "too many cards dealt": as a sentence names it."""
        return _IRREGULARITY_WORDS[self.irregularity]


_IRREGULARITY_WORDS = {
    Irregularity.CARD_EXPOSED: Said("a card exposed"),
    Irregularity.WRONG_HAND: Said("a card to the wrong hand"),
    Irregularity.CARD_ON_FLOOR: Said("a card on the floor"),
    Irregularity.CUT_CARD_EARLY: Said("the cut card out early"),
    Irregularity.CUT_CARD_MISPLACED: Said("the cut card misplaced"),
    Irregularity.TOO_MANY_CARDS: Said("too many cards dealt"),
    Irregularity.TOO_FEW_CARDS: Said("too few cards dealt"),
    Irregularity.MISDEAL: Said("a misdeal"),
    Irregularity.EDGE_SORTING_REQUEST: Said("a player asking to have a card turned"),
    Irregularity.SQUEEZE_WRONG_PLAYER: Said("the cards squeezed by the wrong player"),
    Irregularity.SQUEEZE_CARDS_KEPT: Said("squeezed cards kept from the dealer"),
}


DealtStep = DealtCard | SaidCall | CalledTotal | CalledOutcome | BetAction | ShoeCall


@dataclass(frozen=True, slots=True)
class Dealt:
    """One coup as a dealer dealt it.  ``bets`` are in the order they were settled
    (``ordered=False``: the order is not known and is not audited); ``following`` are the
    cards that came next in the shoe, so a draw the dealer missed can still be judged.
    ``cut``: the cut card came out in front of card ``cut`` of this coup (1-based; one past
    the last card: as the coup ended; ``CUT_EARLIER``: in an earlier coup; None: not out);
    ``then``: what the dealer called once the coup was over (None: not recorded); ``said``:
    the calls made aloud, in order (empty: not recorded, so not audited); ``fouls``: the
    players' violations and the dealer's response, ``remedies``: the irregularities in the
    deal and what the dealer did (neither is a step: a replay shows the dealer's own)."""

    cards: tuple[DealtCard, ...]
    called: Called = Called()
    bets: tuple[BetAction, ...] = ()
    following: tuple[Card, ...] = ()
    ordered: bool = True
    cut: int | None = None
    then: AfterCoup | None = None
    said: tuple[SaidCall, ...] = ()
    fouls: tuple[Foul, ...] = ()
    remedies: tuple[Remedied, ...] = ()

    def hand(self, side: Side) -> tuple[Card, ...]:
        """The cards the dealer put on ``side``, in order."""
        return tuple(c.card for c in self.cards if c.to is side)

    @property
    def steps(self) -> tuple[DealtStep, ...]:
        """The procedure step by step, as a spot-the-error drill replays it: the cards, the
        totals called, the outcome called, then the bets in the order settled."""
        out: list[DealtStep] = list(self.cards)
        out.extend(self.said)
        out.extend(self._calls())
        out.extend(self.bets)
        if self.then is not None:
            out.append(ShoeCall(self.then))
        return tuple(out)

    def _calls(self) -> tuple[CalledTotal | CalledOutcome, ...]:
        """The totals and the outcome called, as steps (at most three)."""
        out: list[CalledTotal | CalledOutcome] = []
        if self.called.player is not None:
            out.append(CalledTotal(Side.PLAYER, self.called.player))
        if self.called.banker is not None:
            out.append(CalledTotal(Side.BANKER, self.called.banker))
        if self.called.outcome is not None:
            out.append(CalledOutcome(self.called.outcome))
        return tuple(out)

    @property
    def first_bet(self) -> int:
        """The index in ``steps`` of the first bet settled (worked out without building
        ``steps``: the audit asks it once a deviation, so it stays linear in the steps)."""
        return len(self.cards) + len(self.said) + len(self._calls())

    @property
    def step_count(self) -> int:
        """``len(self.steps)``, without building them."""
        return self.first_bet + len(self.bets) + (self.then is not None)

    def step_at(self, index: int) -> DealtStep | None:
        """``steps[index]`` (None past the last), without building them."""
        if index < 0:
            raise IndexError(index)
        if index < len(self.cards):
            return self.cards[index]
        index -= len(self.cards)
        if index < len(self.said):
            return self.said[index]
        index -= len(self.said)
        calls = self._calls()
        if index < len(calls):
            return calls[index]
        index -= len(calls)
        if index < len(self.bets):
            return self.bets[index]
        index -= len(self.bets)
        if index == 0 and self.then is not None:
            return ShoeCall(self.then)
        return None

    @classmethod
    def correct(
        cls, coup: Coup, layout: Layout, house: House, following: Iterable[Card] = ()
    ) -> Dealt:
        """The engine's procedure for ``coup`` and ``layout`` as a dealt procedure: what a
        dealer who makes no mistake does (the starting point of every injected mistake)."""
        sides = [Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER]
        if coup.player_draws:
            sides.append(Side.PLAYER)
        if coup.banker_draws:
            sides.append(Side.BANKER)
        cards = tuple(DealtCard(c, s) for c, s in zip(coup.cards, sides, strict=True))
        called = Called(coup.player.total, coup.banker.total, house.named(coup.outcome))
        procedure = settle_table(coup, layout, house)
        return cls(cards, called, actions_of(procedure), tuple(coup.unused) + tuple(following))


def actions_of(procedure: TableProcedure) -> tuple[BetAction, ...]:
    """A table procedure's steps as the dealer's bet actions, in its order (commissions and
    fees folded into the bet they belong to; no fee collected: None, nothing to record)."""
    fees: dict[tuple[int, Bet], Decimal] = {}
    out: list[BetAction] = []
    index: dict[tuple[int, Bet], int] = {}
    for step in procedure.steps:
        key = (step.seat, step.bet)
        if isinstance(step, CollectFee):
            fees[key] = step.amount
        elif isinstance(step, RollingCommission):
            out[index[key]] = replace(out[index[key]], rolling=step.amount)
        elif isinstance(step, (TakeCommission, BoxCommission)):
            a = out[index[key]]
            boxed = isinstance(step, BoxCommission)
            out[index[key]] = replace(a, commission=step.amount, boxed=boxed)
        else:
            done = (
                Done.TAKEN
                if isinstance(step, Take)
                else (Done.PUSHED if isinstance(step, Push) else Done.PAID)
            )
            paid = step.amount if isinstance(step, Pay) else _ZERO
            chips = step.chips if isinstance(step, Pay) else None
            index[key] = len(out)
            out.append(
                BetAction(step.seat, step.bet, done, paid, _ZERO, fees.get(key), chips=chips)
            )
    return tuple(out)


def single_seat(wagers: Mapping[Bet, Decimal | int | str], seat: int = 1) -> Layout:
    """A one-seat layout, for a coup-level drill or audit."""
    return Layout.of({seat: wagers})
