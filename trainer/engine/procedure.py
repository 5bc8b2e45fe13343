"""What a dealer did, as data, and the audit that holds it to the engine's procedure.

A ``Dealt`` is one coup as a dealer dealt it: the cards in the order they came out of the
shoe and the hand each went to (a card may go to the wrong hand), the totals and outcome
called, and what was done with each bet (taken, pushed, paid X, commission Y, fee Z) in the
order the dealer settled them.  ``audit(dealt, house, layout)`` compares it with the engine
(``Coup`` for the cards, ``settle_table`` for the bets) and lists every deviation with the
rule and the right action, or none.  No answer key is written anywhere else.

The cards out of the shoe are fixed: whatever the dealer did with them, the right coup is
the one the rules deal from the same cards in the same order (``Coup.from_cards``), with the
cards that followed in the shoe (``Dealt.following``) when the dealer stopped too early.

A deviation either is a mistake of its own or ``follows`` from an earlier one (the outcome
called from a hand that drew wrongly, bets settled by that outcome): a replay with one
injected mistake has exactly one deviation that does not follow.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal

from trainer.engine import rules
from trainer.engine.calls import Call, calls_for
from trainer.engine.cards import Card, DealtCard, Side, hand_total
from trainer.engine.chips import ChipBreakdown, check_chips
from trainer.engine.coup import Coup, Outcome, classify, outcome_reason
from trainer.engine.errors import EngineError, MissingCardError
from trainer.engine.house import House, say_fields, settle_checked
from trainer.engine.irregularities import CALL_THE_FLOOR, CONFIRMED, Irregularity
from trainer.engine.money import format_amount
from trainer.engine.order import Done, out_of_order
from trainer.engine.settlement import Bet, BetResult, Settlement
from trainer.engine.shoe import BetweenCoups, ShoeRules
from trainer.engine.table import (
    BoxCommission,
    CollectFee,
    Layout,
    LayoutError,
    Pay,
    Push,
    TableProcedure,
    Take,
    TakeCommission,
    layout_problems,
    settle_table,
)
from trainer.engine.violations import Moment, Response, Violation

__all__ = [
    "CUT_EARLIER",
    "AfterCoup",
    "Audit",
    "AuditInputError",
    "BetAction",
    "Called",
    "CalledOutcome",
    "CalledTotal",
    "Dealt",
    "DealtCard",
    "Deviation",
    "Done",
    "Foul",
    "Handled",
    "Kind",
    "Remedied",
    "SaidCall",
    "ShoeCall",
    "Side",
    "audit",
    "result_text",
    "right_after",
    "single_seat",
]

_ZERO = Decimal(0)


class AuditInputError(EngineError):
    """A dealt procedure that cannot be audited (fewer than four cards, a bet settled that is
    not on the layout)."""


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
    collection fee taken; ``chips`` the chips the payout was cut in.  None: not recorded,
    so not audited."""

    seat: int
    bet: Bet
    done: Done
    paid: Decimal = _ZERO
    commission: Decimal = _ZERO
    fee: Decimal | None = None
    boxed: bool | None = None
    chips: ChipBreakdown | None = None

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
    AfterCoup.DEAL: "deal the next coup",
    AfterCoup.ONE_MORE: "deal one more coup, then the shoe ends",
    AfterCoup.END: "the shoe ends",
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
        if self.seat is None:
            return f"the table: {self.violation.short}"
        bet = "" if self.bet is None else f" {self.bet.label}"
        wager = "" if self.wager is None else f" {format_amount(self.wager)}"
        return f"seat {self.seat}{bet}{wager}: {self.violation.short}"


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
    Irregularity.CARD_EXPOSED: "a card exposed",
    Irregularity.WRONG_HAND: "a card to the wrong hand",
    Irregularity.CARD_ON_FLOOR: "a card on the floor",
    Irregularity.CUT_CARD_EARLY: "the cut card out early",
    Irregularity.CUT_CARD_MISPLACED: "the cut card misplaced",
    Irregularity.TOO_MANY_CARDS: "too many cards dealt",
    Irregularity.TOO_FEW_CARDS: "too few cards dealt",
    Irregularity.MISDEAL: "a misdeal",
    Irregularity.EDGE_SORTING_REQUEST: "a player asking to have a card turned",
    Irregularity.SQUEEZE_WRONG_PLAYER: "the cards squeezed by the wrong player",
    Irregularity.SQUEEZE_CARDS_KEPT: "squeezed cards kept from the dealer",
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


# -- the audit ------------------------------------------------------------------------------


class Kind(enum.Enum):
    """What kind of deviation: the error catalogue names the kind each mistake shows as."""

    WRONG_HAND = "wrong_hand"
    PLAYER_DREW = "player_drew"
    PLAYER_STOOD = "player_stood"
    BANKER_DREW = "banker_drew"
    BANKER_STOOD = "banker_stood"
    NATURAL_NOT_STOPPED = "natural_not_stopped"
    TOTAL_MISCALLED = "total_miscalled"
    OUTCOME_MISNAMED = "outcome_misnamed"
    LOSER_PAID = "loser_paid"
    LOSER_PUSHED = "loser_pushed"
    PUSH_TAKEN = "push_taken"
    PUSH_PAID = "push_paid"
    WINNER_TAKEN = "winner_taken"
    WINNER_PUSHED = "winner_pushed"
    PAYOUT_SHORT = "payout_short"
    PAYOUT_OVER = "payout_over"
    COMMISSION_TAKEN = "commission_taken"
    COMMISSION_WRONG = "commission_wrong"
    FEE_WRONG = "fee_wrong"
    COMMISSION_COLLECTED = "commission_collected"
    CHIPS_WRONG = "chips_wrong"
    BET_MISSED = "bet_missed"
    BET_TWICE = "bet_twice"
    ORDER = "order"
    CALL_WRONG = "call_wrong"
    SHOE_END = "shoe_end"
    COUP_AFTER_LAST = "coup_after_last"
    VIOLATION_MISSED = "violation_missed"
    VIOLATION_MISHANDLED = "violation_mishandled"
    LEGAL_BET_STOPPED = "legal_bet_stopped"
    NOT_IN_ACTION = "not_in_action"
    REMEDY_WRONG = "remedy_wrong"

    @property
    def label(self) -> str:
        """The kind in words, for results and reports ("the Banker drew on a stand")."""
        return _KIND_LABELS[self]


_KIND_LABELS = {
    Kind.WRONG_HAND: "a card to the wrong hand",
    Kind.PLAYER_DREW: "the Player drew on a stand",
    Kind.PLAYER_STOOD: "the Player stood on a draw",
    Kind.BANKER_DREW: "the Banker drew on a stand",
    Kind.BANKER_STOOD: "the Banker stood on a draw",
    Kind.NATURAL_NOT_STOPPED: "a natural not stopped",
    Kind.TOTAL_MISCALLED: "a total miscalled",
    Kind.OUTCOME_MISNAMED: "the outcome misnamed",
    Kind.LOSER_PAID: "a losing bet paid",
    Kind.LOSER_PUSHED: "a losing bet left as a push",
    Kind.PUSH_TAKEN: "a push taken",
    Kind.PUSH_PAID: "a push paid",
    Kind.WINNER_TAKEN: "a winning bet taken",
    Kind.WINNER_PUSHED: "a winning bet left as a push",
    Kind.PAYOUT_SHORT: "a payout short",
    Kind.PAYOUT_OVER: "a payout over",
    Kind.COMMISSION_TAKEN: "commission taken where none is owed",
    Kind.COMMISSION_WRONG: "the commission wrong",
    Kind.FEE_WRONG: "the collection fee wrong",
    Kind.COMMISSION_COLLECTED: "commission boxed where taken at once, or the other way",
    Kind.CHIPS_WRONG: "a payout cut in the wrong chips",
    Kind.BET_MISSED: "a bet not settled",
    Kind.BET_TWICE: "a bet settled twice",
    Kind.ORDER: "bets out of the house's order",
    Kind.CALL_WRONG: "a call misspoken, missed or made at the wrong moment",
    Kind.SHOE_END: "the shoe's end misjudged",
    Kind.COUP_AFTER_LAST: "a coup dealt after the shoe's last",
    Kind.VIOLATION_MISSED: "a player's violation let play",
    Kind.VIOLATION_MISHANDLED: "a player's violation handled other than the house says",
    Kind.LEGAL_BET_STOPPED: "a bet the house lets play stopped",
    Kind.NOT_IN_ACTION: "a bet not in action settled",
    Kind.REMEDY_WRONG: "an irregularity not remedied as the house says",
}


@dataclass(frozen=True, slots=True)
class Deviation:
    """One departure from the procedure: where (``step``, an index into ``Dealt.steps``;
    for something left undone, the step where the dealer went on instead), what the dealer
    did, the right action and the rule.  ``follows``: a consequence of an earlier deviation
    (settling by an outcome called from a wrongly drawn hand), not a mistake of its own."""

    kind: Kind
    step: int
    did: str
    right: str
    rule: str
    follows: bool = False
    #: Where, in words, for a deviation that is at no step (a violation, an irregularity).
    at: str = ""

    def describe(self) -> str:
        then = " (follows from an earlier deviation)" if self.follows else ""
        return f"{self.did}. Rule: {self.rule}. Right: {self.right}.{then}"


@dataclass(frozen=True, slots=True)
class Audit:
    """The verdict on a dealt procedure: the right coup and table procedure (None when the
    dealer stopped before a card the rules call for and the next card was not given), and
    every deviation in the order of the steps."""

    dealt: Dealt
    coup: Coup | None
    procedure: TableProcedure | None
    deviations: tuple[Deviation, ...]
    note: str = ""
    layout: Layout | None = field(default=None, compare=False)

    @property
    def right(self) -> bool:
        return not self.deviations

    @property
    def mistakes(self) -> tuple[Deviation, ...]:
        """The deviations that are mistakes of their own (not consequences)."""
        return tuple(d for d in self.deviations if not d.follows)

    @property
    def first(self) -> Deviation | None:
        return self.deviations[0] if self.deviations else None

    def where(self, deviation: Deviation) -> str:
        """The step a deviation is at, in words ("card 5 (Kd)", "seat 3 Banker", "after
        card 4 (2c)" for a draw left out)."""
        cards = self.dealt.cards
        if deviation.at:
            return deviation.at
        if deviation.kind is Kind.COUP_AFTER_LAST:
            return "the coup"
        if deviation.kind in (Kind.PLAYER_STOOD, Kind.BANKER_STOOD) and (
            deviation.step == len(cards)
        ):
            return f"after card {len(cards)} ({cards[-1].card})"
        return step_label(self.dealt, deviation.step)

    def lines(self) -> list[str]:
        if self.right:
            return ["dealt right"]
        out = [f"{self.where(d)}: {d.describe()}" for d in self.deviations]
        if self.note:
            out.append(self.note)
        return out


def step_label(dealt: Dealt, index: int) -> str:
    step = dealt.step_at(index)
    if step is None:
        return "after the last step"
    if isinstance(step, DealtCard):
        return f"card {index + 1} ({step.card})"
    if isinstance(step, CalledTotal):
        return f"the {step.side.label} total called"
    if isinstance(step, CalledOutcome):
        return "the outcome called"
    if isinstance(step, ShoeCall):
        return "the call after the coup"
    if isinstance(step, SaidCall):
        return f"call {index - len(dealt.cards) + 1} said"
    return f"seat {step.seat} {step.bet.label}"


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _check_cards(dealt: Dealt) -> list[Deviation]:  # noqa: C901 (the drawing rules, decision by decision)
    """The cards against the rules, decision by decision on the hands as the dealer made
    them, up to the first deviation (what comes after it follows from it)."""
    cards = dealt.cards
    n = len(cards)
    order = (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER)
    for i in range(4):
        if cards[i].to is not order[i]:
            return [
                Deviation(
                    Kind.WRONG_HAND,
                    i,
                    f"{cards[i].card} went to the {cards[i].to.label}",
                    f"{cards[i].card} is the {order[i].label}'s",
                    "the first four cards go Player, Banker, Player, Banker",
                )
            ]
    p = [cards[0].card, cards[2].card]
    b = [cards[1].card, cards[3].card]
    pt, bt = hand_total(p), hand_total(b)
    if rules.is_natural(pt) or rules.is_natural(bt):
        if n > 4:
            c = cards[4]
            return [
                Deviation(
                    Kind.NATURAL_NOT_STOPPED,
                    4,
                    f"{c.card} was dealt to the {c.to.label}",
                    "no card: the coup is over",
                    rules.natural_reason(pt, bt),
                )
            ]
        return []
    i = 4
    nxt = cards[i] if i < n else None
    p3: Card | None = None
    if rules.player_draws(pt):
        if nxt is None:
            return [
                Deviation(
                    Kind.PLAYER_STOOD,
                    n,
                    "the Player did not draw",
                    "deal the Player a third card",
                    rules.player_reason(pt),
                )
            ]
        if nxt.to is Side.BANKER:
            # The Player's card on the Banker's hand, whatever the Banker would have done
            # had the Player stood: the mirror of the Banker's card on the Player's hand
            # below, and the same kind.
            return [
                Deviation(
                    Kind.WRONG_HAND,
                    i,
                    f"{nxt.card} went to the Banker",
                    f"{nxt.card} is the Player's third card",
                    rules.player_reason(pt),
                )
            ]
        p3 = nxt.card
        i += 1
    elif nxt is not None and nxt.to is Side.PLAYER:
        # The Banker's card on the Player's hand, unless the dealer then drew for the Banker
        # too (a Player who drew on 6 or 7).
        banker_next = i + 1 < n and cards[i + 1].to is Side.BANKER
        if rules.banker_draws(bt, None) and not banker_next:
            return [
                Deviation(
                    Kind.WRONG_HAND,
                    i,
                    f"{nxt.card} went to the Player",
                    f"{nxt.card} is the Banker's third card",
                    f"{rules.player_reason(pt)}; {rules.banker_reason(bt, None)}",
                )
            ]
        return [
            Deviation(
                Kind.PLAYER_DREW,
                i,
                f"the Player drew {nxt.card}",
                "no card for the Player",
                rules.player_reason(pt),
            )
        ]
    nxt = cards[i] if i < n else None
    if rules.banker_draws(bt, None if p3 is None else p3.value):
        if nxt is None:
            return [
                Deviation(
                    Kind.BANKER_STOOD,
                    n,
                    "the Banker did not draw",
                    "deal the Banker a third card",
                    rules.banker_reason(bt, p3),
                )
            ]
        if nxt.to is Side.PLAYER:
            return [
                Deviation(
                    Kind.WRONG_HAND,
                    i,
                    f"{nxt.card} went to the Player",
                    f"{nxt.card} is the Banker's third card",
                    rules.banker_reason(bt, p3),
                )
            ]
        i += 1
    elif nxt is not None:
        if nxt.to is Side.BANKER:
            return [
                Deviation(
                    Kind.BANKER_DREW,
                    i,
                    f"the Banker drew {nxt.card}",
                    f"no card for the Banker ({nxt.card} stays in the shoe)",
                    rules.banker_reason(bt, p3),
                )
            ]
        return [
            Deviation(
                Kind.PLAYER_DREW,
                i,
                f"the Player drew {nxt.card}",
                "no more cards for the Player",
                rules.player_reason(pt)
                if p3 is None
                else "a hand never takes more than three cards",
            )
        ]
    if i < n:
        c = cards[i]
        kind = Kind.PLAYER_DREW if c.to is Side.PLAYER else Kind.BANKER_DREW
        return [
            Deviation(
                kind,
                i,
                f"{c.card} was dealt to the {c.to.label}",
                "no more cards: the coup is over",
                "a hand never takes more than three cards",
            )
        ]
    return []


def result_text(s: Settlement) -> str:
    """The right action for a bet, as a dealer does it: 'take 25', 'return 25, pay 0',
    'pay 600', 'pay 19, commission 1'."""
    wager = format_amount(s.wager)
    if s.result is BetResult.LOSE:
        text = f"take {wager}"
    elif s.result is BetResult.PUSH:
        text = f"return {wager}, pay 0"
    else:
        text = f"pay {format_amount(s.paid)}"
        if s.commission:
            where = "into the commission box" if s.commission_deferred else "taken"
            text += f", commission {format_amount(s.commission)} {where}"
    if s.fee:
        text += f"; fee {format_amount(s.fee)}"
    return text


def _matches(a: BetAction, s: Settlement, house: House) -> bool:
    """Whether the dealer's action is exactly the settlement ``s`` (and, where keyed, the
    way the commission was collected and the chips the house cuts the payout in)."""
    done = {BetResult.LOSE: Done.TAKEN, BetResult.PUSH: Done.PUSHED, BetResult.WIN: Done.PAID}
    if a.done is not done[s.result] or (a.fee is not None and a.fee != s.fee):
        return False
    if a.done is Done.PAID:
        return (
            a.paid == s.paid
            and a.commission == s.commission
            and (a.boxed is None or not s.commission or a.boxed is s.commission_deferred)
            and (a.chips is None or _chips_ok(a.chips, a.paid, s.wager, house))
        )
    return a.commission == 0


def _chips_ok(chips: ChipBreakdown, paid: Decimal, wager: Decimal, house: House) -> bool:
    return check_chips(chips.as_dict(), paid, house=house, wager=wager, coin=chips.coin).ok


def _bet_rule(s: Settlement) -> str:
    """The rule that settles a bet, short: 'the Banker bet pushes on a Dragon 7'."""
    label = f"the {s.bet.label} bet"
    if s.result is BetResult.PUSH:
        why = "a Dragon 7" if s.outcome is Outcome.DRAGON7 else "a Tie"
        return f"{label} pushes on {why}"
    if s.result is BetResult.LOSE:
        return f"{label} loses on {_OUTCOME_PHRASE[s.outcome]}"
    return s.reason


_OUTCOME_PHRASE = {
    Outcome.PLAYER: "a Player win",
    Outcome.BANKER: "a Banker win",
    Outcome.TIE: "a Tie",
    Outcome.DRAGON7: "a Dragon 7",
    Outcome.PANDA8: "a Panda 8",
}


def _did(a: BetAction) -> str:
    return a.describe().split(": ", 1)[1]


def _bet_deviation(
    a: BetAction, s: Settlement, step: int, follows: bool, house: House
) -> list[Deviation]:
    rule, right = _bet_rule(s), result_text(s)
    did = _did(a)
    out: list[Deviation] = []
    kind: Kind | None = None
    if s.result is BetResult.LOSE:
        kind = {Done.PAID: Kind.LOSER_PAID, Done.PUSHED: Kind.LOSER_PUSHED}.get(a.done)
    elif s.result is BetResult.PUSH:
        kind = {Done.PAID: Kind.PUSH_PAID, Done.TAKEN: Kind.PUSH_TAKEN}.get(a.done)
    elif a.done is not Done.PAID:
        kind = Kind.WINNER_TAKEN if a.done is Done.TAKEN else Kind.WINNER_PUSHED
    if kind is not None:
        out.append(Deviation(kind, step, did, right, rule, follows))
    elif a.done is Done.PAID or a.commission:
        owed = s.paid  # the payout, or what goes with the way the dealer collected
        paid_ok = a.paid == s.paid
        if a.commission != s.commission:
            ck = Kind.COMMISSION_TAKEN if s.commission == 0 else Kind.COMMISSION_WRONG
            why = rule if s.commission else _no_commission(house, s)
            out.append(Deviation(ck, step, did, right, why, follows))
            # a payout short by exactly the commission wrongly taken is the same mistake
            paid_ok = paid_ok or (
                not s.commission_deferred and a.paid + a.commission == s.paid + s.commission
            )
        elif s.commission and a.boxed is not None and a.boxed is not s.commission_deferred:
            out.append(
                Deviation(Kind.COMMISSION_COLLECTED, step, did, right, _collection(s), follows)
            )
            # the payout that goes with the way it was collected is the same mistake
            gross = s.paid + (_ZERO if s.commission_deferred else s.commission)
            owed = gross - (_ZERO if a.boxed else a.commission)
            paid_ok = a.paid == owed
        if not paid_ok:
            pk = Kind.PAYOUT_SHORT if a.paid < owed else Kind.PAYOUT_OVER
            out.append(Deviation(pk, step, did, right, rule, follows))
    if a.done is Done.PAID and a.chips is not None:
        out.extend(_chips_deviation(a, a.chips, s, step, follows, house))
    if a.fee is not None and a.fee != s.fee:
        fee = (
            (f"the collection fee on a {format_amount(s.wager)} wager is {format_amount(s.fee)}")
            if s.fee
            else "this game takes no collection fee"
        )
        out.append(Deviation(Kind.FEE_WRONG, step, did, right, fee, follows))
    return out


def _said_deviations(dealt: Dealt, coup: Coup, house: House, follows: bool) -> list[Deviation]:
    """The calls said aloud against the engine's calls for the coup (``calls_for``), in the
    house's words: a call misspoken, one left out, one too many, or one made with the wrong
    number of cards on the table.  After a card dealt wrong they follow from it."""
    right = calls_for(coup, house)
    said = [c.words(house) for c in dealt.said]
    first = len(dealt.cards)
    out: list[Deviation] = []
    rule = (
        "the dealer calls each hand's total, each draw and the result "
        '(docs/rules.md, "Calling the hand")'
    )
    extra: list[int] = []
    missing: list[tuple[int, int]] = []
    matcher = difflib.SequenceMatcher(a=[c.text for c in right], b=said, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            for i, j in zip(range(i1, i2), range(j1, j2), strict=True):
                if dealt.said[j].cards != right[i].cards:
                    out.append(
                        Deviation(
                            Kind.CALL_WRONG,
                            first + j,
                            f'said "{said[j]}" with {dealt.said[j].cards} cards out',
                            f"say it with {right[i].cards} cards out",
                            rule,
                            follows,
                        )
                    )
            continue
        for k in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + k, j1 + k
            if i < i2 and j < j2:
                did, fix = f'said "{said[j]}"', f'say "{right[i].text}"'
                out.append(Deviation(Kind.CALL_WRONG, first + j, did, fix, rule, follows))
            elif j < j2:
                extra.append(j)
            else:
                missing.append((i, j2))
    # A call said out of turn shows as one too many here and one missing there: one mistake.
    for j in extra:
        moved = next((m for m in missing if right[m[0]].text == said[j]), None)
        if moved is not None:
            missing.remove(moved)
            did = f'said "{said[j]}" with {dealt.said[j].cards} cards out, out of turn'
            fix = f"say it in turn, with {right[moved[0]].cards} cards out"
        else:
            did, fix = f'said "{said[j]}"', "no such call"
        out.append(Deviation(Kind.CALL_WRONG, first + j, did, fix, rule, follows))
    for i, j in missing:
        did, fix = f'did not say "{right[i].text}"', f'say "{right[i].text}"'
        out.append(Deviation(Kind.CALL_WRONG, first + j, did, fix, rule, follows))
    return out


def _collection(s: Settlement) -> str:
    if s.commission_deferred:
        return (
            "this house keeps the commission in the seat's commission box, collected at "
            "the end of the shoe: the payout is the full amount"
        )
    return "this house takes the commission from the payout at once"


def _chips_deviation(
    a: BetAction, chips: ChipBreakdown, s: Settlement, step: int, follows: bool, house: House
) -> list[Deviation]:
    """The chips a payout was cut in against the house's way of cutting it (the amount the
    dealer paid; a wrong amount is the payout's own deviation)."""
    check = check_chips(chips.as_dict(), a.paid, house=house, wager=s.wager, coin=chips.coin)
    if check.ok:
        return []
    colours = {c.value: c.colour for c in house.chips}
    return [
        Deviation(
            Kind.CHIPS_WRONG,
            step,
            _did(a),
            f"pay {format_amount(a.paid)} in {check.expected.describe(colours)}",
            "; ".join(check.departures),
            follows,
        )
    ]


def right_after(cut: int | None, cards: int, rules: ShoeRules) -> tuple[AfterCoup, str, bool]:
    """What comes after a coup of ``cards`` cards whose cut card came out at ``cut`` (as
    ``Dealt.cut``) under a house's shoe ``rules``: the right call, why, and whether the coup
    itself was dealt after the shoe's last (``this_coup`` houses)."""
    if cut is None:
        return AfterCoup.DEAL, "the cut card has not come out: deal on", False
    finished = rules.between is BetweenCoups.FINISHED_COUP
    if cut == CUT_EARLIER or (cut == 1 and finished):
        where = (
            "in an earlier coup"
            if cut == CUT_EARLIER
            else "as the coup before ended, and this house counts it for that coup"
        )
        if rules.one_more:
            return (
                AfterCoup.END,
                f"the cut card came out {where}: this was the one more coup, and the shoe ends",
                False,
            )
        return (
            AfterCoup.END,
            f"the cut card came out {where}, and at this house that coup was the last",
            True,
        )
    if cut == cards + 1 and not finished:
        why = "the cut card came out as this coup ended, and this house counts it for the next coup"
        if rules.one_more:
            return AfterCoup.DEAL, f"{why}: deal it, then one more coup", False
        return AfterCoup.ONE_MORE, f"{why}, which is the last", False
    where = (
        "as this coup ended, and this house counts it for this coup"
        if cut == cards + 1
        else "during this coup"
    )
    if rules.one_more:
        return (
            AfterCoup.ONE_MORE,
            f"the cut card came out {where}: one more coup, then the shoe ends",
            False,
        )
    return AfterCoup.END, f"the cut card came out {where}, and at this house it is the last", False


def _shoe_deviations(dealt: Dealt, rules: ShoeRules) -> list[Deviation]:
    """The coup against the house's last-coup rule: a coup dealt after the last, and the
    call after the coup (where recorded)."""
    if dealt.cut is None and dealt.then is None:
        return []
    right, why, past = right_after(dealt.cut, len(dealt.cards), rules)
    out = []
    if past:
        out.append(
            Deviation(
                Kind.COUP_AFTER_LAST,
                0,
                "a coup was dealt",
                "deal no coup: the shoe had ended",
                why,
            )
        )
    if dealt.then is not None and dealt.then is not right:
        out.append(
            Deviation(
                Kind.SHOE_END,
                dealt.step_count - 1,
                f"called: {dealt.then.label}",
                right.label,
                why,
                follows=past,
            )
        )
    return out


def _no_commission(house: House, s: Settlement) -> str:
    """Why a bet owes no commission: the game takes none, the bet is not one it is taken
    on, or the bet did not win."""
    levy = house.commission
    if levy is None:
        return "no commission is taken in this game"
    on = " or ".join(b.label for b in Bet if b in levy.bets)
    if s.commission_rate == 0:
        return f"commission is taken on a winning {on} bet only"
    return f"{_bet_rule(s)}: commission is taken on a winning {on} bet only"


def audit(dealt: Dealt, house: House, layout: Layout) -> Audit:  # noqa: C901 (one pass per step of the procedure)
    """Every deviation of ``dealt`` from the engine's procedure for its cards under
    ``house`` with the bets on ``layout``, in the order of the steps; none when it was dealt
    right.  The bets are judged as they are in action once each player's violation is
    answered as the dealer answered it (``_in_action``).  AuditInputError for a procedure
    that cannot be audited; LayoutError (listing every problem) for a layout the house does
    not allow."""
    if dealt.cut is not None and not 0 <= dealt.cut <= len(dealt.cards) + 1:
        raise AuditInputError(
            f"the cut card came out in front of card {dealt.cut}, but the coup has "
            f"{len(dealt.cards)} cards (give 1 to {len(dealt.cards) + 1}, or earlier)"
        )
    if len(dealt.cards) < 4:
        raise AuditInputError(
            f"{len(dealt.cards)} card{'s' if len(dealt.cards) != 1 else ''} dealt: a coup "
            "starts with four (Player, Banker, Player, Banker)"
        )
    for said in dealt.said:
        try:
            said.words(house)
        except (KeyError, ValueError, IndexError):
            raise AuditInputError(
                f"the call {said.key}={','.join(said.values)} is not a call of this house's "
                "with its values"
            ) from None
    in_action, stopped, notes = _in_action(dealt, layout)
    # A bet over or under the limits keyed as a violation let play (or pressed past them)
    # is the violation's deviation, not a layout the audit cannot read.
    let_play = {
        (f.seat, f.bet)
        for f in dealt.fouls
        if f.response is None and (f.violation in _SEAT_MADE or f.violation is Violation.PRESSING)
    }
    # a bet withdrawn and let go can leave its seat's side bet without its base or over
    # it: the withdrawal's deviation, too
    pulled = {
        f.seat for f in dealt.fouls if f.response is None and f.violation is Violation.WITHDRAWN
    }
    excused = {
        f"seat {seat.number}: {text}"
        for seat in in_action.seats
        for _, bet, text in house.seat_violations(seat.bets)
        if (seat.number, bet) in let_play or seat.number in pulled
    }
    problems = [p for p in layout_problems(in_action, house) if p not in excused]
    # a violation keyed on a seat the table lacks is refused as a bet keyed there is
    for f in dealt.fouls:
        lacking = f"seat {f.seat}: the table has seats 1 to {house.seats}"
        if f.seat is not None and not 1 <= f.seat <= house.seats and lacking not in problems:
            problems.append(lacking)
    if problems:
        raise LayoutError(problems)
    on_layout = {(s, b): w for s, b, w in in_action.bets()}
    keyed = {(s, b) for s, b, _ in layout.bets()}
    for a in dealt.bets:
        if (a.seat, a.bet) not in keyed:
            raise AuditInputError(
                f"seat {a.seat} {a.bet.value}: settled, but there is no such bet on the layout"
            )
    steps = dealt.steps
    deviations = _check_cards(dealt)
    card_mistake = bool(deviations)
    note = ""
    try:
        coup: Coup | None = Coup.from_cards([c.card for c in dealt.cards] + list(dealt.following))
    except MissingCardError as exc:
        coup = None
        note = (
            f"the right result cannot be worked out: {exc} (give the cards that "
            "followed in the shoe)"
        )
    # what the dealer's hands make, and the outcome the dealer settled by
    player, banker = dealt.hand(Side.PLAYER), dealt.hand(Side.BANKER)
    own = {Side.PLAYER: hand_total(player), Side.BANKER: hand_total(banker)}
    called = dealt.called
    basis = {
        Side.PLAYER: own[Side.PLAYER] if called.player is None else called.player,
        Side.BANKER: own[Side.BANKER] if called.banker is None else called.banker,
    }
    by_totals = house.named(
        classify(basis[Side.PLAYER], len(player), basis[Side.BANKER], len(banker))
    )
    by_own = house.named(classify(own[Side.PLAYER], len(player), own[Side.BANKER], len(banker)))
    settled_by = called.outcome if called.outcome is not None else by_totals
    right_outcome = None if coup is None else house.named(coup.outcome)
    miscalled = False
    for index, step in enumerate(steps):
        if isinstance(step, CalledTotal):
            mine = player if step.side is Side.PLAYER else banker
            if step.total != own[step.side]:
                miscalled = True
                deviations.append(
                    Deviation(
                        Kind.TOTAL_MISCALLED,
                        index,
                        f"called the {step.side.label} {step.total}",
                        f"the {step.side.label} has {own[step.side]} ({_cards_text(mine)})",
                        "a hand's total is the last digit of the sum of its cards",
                    )
                )
            elif coup is not None:
                right_hand = coup.player if step.side is Side.PLAYER else coup.banker
                if step.total != right_hand.total:
                    deviations.append(
                        Deviation(
                            Kind.TOTAL_MISCALLED,
                            index,
                            f"called the {step.side.label} {step.total}",
                            f"the {step.side.label} has {right_hand.total} "
                            f"({_cards_text(right_hand.cards)})",
                            "dealt by the rules",
                            True,
                        )
                    )
        elif isinstance(step, CalledOutcome):
            # Judged against the true outcome (the dealer's own hands when the rest of the
            # coup cannot be worked out); a consequence only when it is what the dealer's
            # hands or the totals the dealer called make.
            reference = by_own if right_outcome is None else right_outcome
            if step.outcome is not reference:
                follows = (card_mistake and step.outcome is by_own) or (
                    miscalled and step.outcome is by_totals
                )
                deviations.append(
                    Deviation(
                        Kind.OUTCOME_MISNAMED,
                        index,
                        f"called {step.outcome.label}",
                        f"call {reference.label}",
                        house.result(coup)
                        if coup is not None
                        else outcome_reason(
                            by_own,
                            own[Side.PLAYER],
                            len(player),
                            own[Side.BANKER],
                            len(banker),
                            house.outcomes,
                        ),
                        follows,
                    )
                )
    procedure = None
    if coup is not None:
        procedure = settle_table(coup, in_action, house, checked=True)
        upstream = card_mistake or miscalled or settled_by is not right_outcome
        seen: dict[tuple[int, Bet], int] = {}
        first_bet = dealt.first_bet
        for k, a in enumerate(dealt.bets):
            key = (a.seat, a.bet)
            index = first_bet + k
            if key in seen:
                deviations.append(
                    Deviation(
                        Kind.BET_TWICE,
                        index,
                        f"{_did(a)}, a second time",
                        "each bet is settled once",
                        "leave it: it was settled",
                    )
                )
                continue
            seen[key] = index
            if key in stopped:
                deviations.append(_not_in_action(a, stopped[key], index))
                continue
            s = procedure.settlements[key]
            if _matches(a, s, house):
                continue
            by_dealer = settle_checked(settled_by, a.bet, on_layout[key], house)
            follows = upstream and _matches(a, by_dealer, house)
            found = _bet_deviation(a, s, index, follows, house)
            if key in notes:
                found = [replace(d, rule=f"{notes[key]}; {d.rule}") for d in found]
            deviations.extend(found)
        for seat, bet, _wager in in_action.bets():
            if (seat, bet) not in seen:
                s = procedure.settlements[seat, bet]
                deviations.append(
                    Deviation(
                        Kind.BET_MISSED,
                        len(steps),
                        f"seat {seat} {bet.label} was not settled",
                        result_text(s),
                        _bet_rule(s),
                    )
                )
        if dealt.ordered:
            order = _order_deviation(dealt, procedure, house, first_bet)
            if order is not None:
                deviations.append(order)
    if coup is not None and dealt.said:
        deviations.extend(_said_deviations(dealt, coup, house, card_mistake))
    deviations.extend(_shoe_deviations(dealt, house.shoe))
    table = _at_no_more_bets(dealt, layout)
    deviations.extend(_foul_deviations(dealt, house, layout, table))
    deviations.extend(_remedy_deviations(dealt, house))
    deviations.sort(key=lambda d: d.step)
    return Audit(dealt, coup, procedure, tuple(deviations), note, layout)


def _order_deviation(
    dealt: Dealt, procedure: TableProcedure, house: House, first_bet: int
) -> Deviation | None:
    """The first bet settled before one the house settles ahead of it
    (``order.out_of_order``, the rule the table drill grades by too), among the bets taken
    or paid as they should be (a push is left in place, so it has no place in the order).
    The bet named as the one to do first is the earliest such in the engine's own
    procedure."""
    done = {BetResult.LOSE: Done.TAKEN, BetResult.WIN: Done.PAID}
    ok: list[tuple[int, tuple[int, Bet, Done]]] = []
    seen = set()
    for k, a in enumerate(dealt.bets):
        s = procedure.settlements.get((a.seat, a.bet))
        if s is None or (a.seat, a.bet) in seen or done.get(s.result) is not a.done:
            continue
        seen.add((a.seat, a.bet))
        ok.append((first_bet + k, (a.seat, a.bet, a.done)))
    engine = {
        (s.seat, s.bet, Done.TAKEN if isinstance(s, Take) else Done.PAID): n
        for n, s in enumerate(procedure.steps)
        if isinstance(s, (Take, Pay))
    }
    for n, (index, key) in enumerate(ok):
        later = sorted((k for _, k in ok[n + 1 :]), key=engine.__getitem__)
        slip = out_of_order(house, key, later)
        if slip is not None:
            return Deviation(Kind.ORDER, index, slip.did, slip.right, slip.rule)
    return None


def _gap_step(dealt: Dealt, cards: int) -> int:
    """The step index a moment with ``cards`` on the table comes before: the next card, or
    the first bet settled once the cards are out (a deviation there sorts with it)."""
    return cards if cards < len(dealt.cards) else dealt.first_bet


def _moment_words(cards: int, moment: Moment | None = None) -> str:
    if moment is Moment.RESULT:
        return "after the result"
    if cards == 0:
        return "at no more bets" if moment is Moment.BETS else "before the first card"
    return f"after card {cards}"


#: The violations a seat's bets make by themselves: the audit checks them on the layout.
_SEAT_MADE = frozenset(
    {
        Violation.UNDER_MIN,
        Violation.OVER_MAX,
        Violation.SIDE_WITHOUT_BASE,
        Violation.SIDE_OVER_BASE,
        Violation.BOTH_SIDES,
    }
)


#: Violations about something on a spot that is no bet (a banknote, a change chip): it goes
#: back to the player, the bet on the spot plays.
_NO_BET = frozenset({Violation.CASH, Violation.NON_PLAYABLE})


def _in_action(
    dealt: Dealt, layout: Layout
) -> tuple[Layout, dict[tuple[int, Bet], Foul], dict[tuple[int, Bet], str]]:
    """The bets in action, those out of it with the violation that took each out, and
    for a bet pressed or pulled what it plays at, in words (for the rule cited).

    The bets keyed are the bets as they stood at no more bets (a late bet: as placed); each
    player's violation on one is applied as the dealer answered it.  A bet refused, returned
    or sent to the floor, placed late or caught at no more bets, does not play (cash or a
    change chip on its spot goes back; the bet plays).  A press
    stopped leaves the bet at its amount before the press, one let play adds to it; a
    withdrawal stopped leaves the bet whole, one let play takes its amount off (all of it:
    out of action).  A pinched bet plays whole whatever the dealer did: the floor has the
    whole original bet taken, and letting the pinch stand is the violation's own deviation."""
    if not dealt.fouls:
        return layout, {}, {}
    wagers = {(s, b): w for s, b, w in layout.bets()}
    keyed = dict(wagers)
    out: dict[tuple[int, Bet], Foul] = {}
    notes: dict[tuple[int, Bet], str] = {}
    for f in dealt.fouls:
        if f.seat is None or f.bet is None or f.wager is None or f.violation in _NO_BET:
            continue
        key = (f.seat, f.bet)
        if key not in wagers or key in out:
            continue
        if f.violation in (Violation.PRESSING, Violation.WITHDRAWN):
            sign = 1 if f.violation is Violation.PRESSING else -1
            wagers[key] += _ZERO if f.response is not None else sign * f.wager
            what = "pressed by" if sign > 0 else "pulled back by"
            how = "let play" if f.response is None else _STOPPED_WORDS[f.response][0]
            notes[key] = (
                f"seat {f.seat} {f.bet.label} {format_amount(keyed[key])} was "
                f"{what} {format_amount(f.wager)} after the first card, {how}: it plays at "
                f"{format_amount(max(wagers[key], _ZERO))}"
            )
        elif f.violation is not Violation.PINCHING and f.response is not None:
            wagers[key] = _ZERO
        if wagers[key] <= 0:
            out[key] = f
    seats: dict[int, dict[Bet, Decimal]] = {}
    for (seat, bet), wager in wagers.items():
        if wager > 0:
            seats.setdefault(seat, {})[bet] = wager
    return Layout.of(seats), out, notes


def _at_no_more_bets(dealt: Dealt, layout: Layout) -> list[tuple[Bet, Decimal]]:
    """The table's action at no more bets, for its differential: the bets keyed, less the
    bets placed late and those stopped at no more bets (they do not play)."""
    gone = {
        (f.seat, f.bet)
        for f in dealt.fouls
        if f.violation is Violation.PAST_POSTING
        or (
            f.violation.moment is Moment.BETS
            and f.response is not None
            and f.violation not in _NO_BET
        )
    }
    return [(b, w) for s, b, w in layout.bets() if (s, b) not in gone]


_STOPPED_WORDS = {
    Response.REFUSE: ("refused", "leave it out: it was given back"),
    Response.RETURN: ("returned", "leave it out: it was given back"),
    Response.FLOOR: ("sent to the floor", "leave it out: the floor rules on it"),
}


def _not_in_action(a: BetAction, f: Foul, step: int) -> Deviation:
    """A bet settled that does not play: refused, returned or sent to the floor, or
    withdrawn in full and let go."""
    bet = f"seat {a.seat} {a.bet.label}"
    if f.response is None:
        rule = (
            f"{bet}: {format_amount(f.wager or _ZERO)} was taken back after the first card "
            "and the dealer let it go: nothing on it plays"
        )
        right = "leave it out: it was taken back"
    else:
        did, right = _STOPPED_WORDS[f.response]
        rule = (
            f"{bet} {format_amount(f.wager or _ZERO)} was {did} ({f.violation.short}): "
            "it does not play"
        )
    return Deviation(Kind.NOT_IN_ACTION, step, _did(a), right, rule)


def _made(f: Foul, house: House, layout: Layout) -> bool:
    """Whether a violation keyed at no more bets is one: the seat's bets on the layout with
    the bet keyed (a refused bet is not on the layout) break the house's limits that way.
    Any other kind is as the supervisor saw it."""
    if f.violation not in _SEAT_MADE or f.seat is None or f.bet is None or f.wager is None:
        return True
    wagers = {b: w for s, b, w in layout.bets() if s == f.seat}
    wagers[f.bet] = f.wager
    return any(
        v is f.violation and (bet is f.bet or v is Violation.BOTH_SIDES)
        for v, bet, _ in house.seat_violations(wagers)
    )


def _foul_deviations(
    dealt: Dealt, house: House, layout: Layout, table: list[tuple[Bet, Decimal]]
) -> list[Deviation]:
    """Each player's violation the dealer answered other than the house says: let play
    where the house enforces it, answered otherwise, or stopped where the house lets it
    play (or where the bet keyed is within the limits after all); the house's rule
    cited.  The table's differential is held to the action at no more bets (``table``):
    over it with nothing keyed, it was let play."""
    out = []
    over = house.differential_problem(table)
    for f in dealt.fouls:
        right = house.enforces(f.violation)
        if f.violation is Violation.DIFFERENTIAL:
            legal = right is not None and over is None
        else:
            legal = right is not None and not _made(f, house, layout)
        if legal:
            right = None
        if f.response is right:
            continue
        at = f"{f.where()} ({_moment_words(f.cards, f.violation.moment)})"
        if right is None:
            why = (
                _within_differential(house, table)
                if legal and f.violation is Violation.DIFFERENTIAL
                else "the bet is within this table's limits"
                if legal
                else "the house lets it play"
                if house.violation_exists(f.violation)
                else "this table's limits do not make it a violation"
            )
            kind, rule, right_text = Kind.LEGAL_BET_STOPPED, f"{house.name}: {why}", "let it play"
        else:
            kind = Kind.VIOLATION_MISSED if f.response is None else Kind.VIOLATION_MISHANDLED
            label = over if f.violation is Violation.DIFFERENTIAL and over else f.violation.label
            rule = f"{house.name}: {label}: {right.label}"
            right_text = right.label
        did = "let it play" if f.response is None else f.response.label
        out.append(Deviation(kind, _gap_step(dealt, f.cards), f"{did}", right_text, rule, at=at))
    response = house.enforces(Violation.DIFFERENTIAL)
    keyed = any(f.violation is Violation.DIFFERENTIAL for f in dealt.fouls)
    if over is not None and response is not None and not keyed:
        at = f"the table: {Violation.DIFFERENTIAL.short} ({Moment.BETS.label})"
        rule = f"{house.name}: {over}: {response.label}"
        out.append(Deviation(Kind.VIOLATION_MISSED, 0, "let it play", response.label, rule, at=at))
    return out


def _within_differential(house: House, table: list[tuple[Bet, Decimal]]) -> str:
    """ "the table's action is within its differential: Banker 200, Player 0 (at most
    10,000 apart)"."""
    player = sum((w for b, w in table if b is Bet.PLAYER), _ZERO)
    banker = sum((w for b, w in table if b is Bet.BANKER), _ZERO)
    most = house.limits.differential or _ZERO
    return (
        f"the table's action is within its differential: Banker {format_amount(banker)}, "
        f"Player {format_amount(player)} (at most {format_amount(most)} apart)"
    )


def _remedy_deviations(dealt: Dealt, house: House) -> list[Deviation]:
    """Each irregularity not remedied as taught at this house: the house's confirmed remedy
    applied, or the floor called where the house has confirmed none."""
    out = []
    for r in dealt.remedies:
        own = house.remedies.get(r.irregularity)
        right = Handled.FLOOR if own is None else Handled.APPLIED
        if r.done is right:
            continue
        if own is None:
            rule = f"{house.name} has confirmed no remedy for {r.label}: call the floor"
            right_text = CALL_THE_FLOOR.lower()
        elif own == CONFIRMED:
            rule = f"{house.name} confirms the standard remedy for {r.label}"
            right_text = f"apply the house's remedy for {r.label}"
        else:
            rule = f"{house.name}'s remedy for {r.label}"
            right_text = own[0].lower() + own[1:]
        did = {
            None: "carried on",
            Handled.FLOOR: "called the floor",
            Handled.APPLIED: "applied a remedy the house has not confirmed",
        }[r.done]
        at = f"{r.label} ({_moment_words(r.cards)})"
        out.append(
            Deviation(Kind.REMEDY_WRONG, _gap_step(dealt, r.cards), did, right_text, rule, at=at)
        )
    return out
