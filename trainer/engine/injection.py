"""A dealer's mistake, as data, and its injection into a correct procedure.

Each ``Mistake`` has an id, a level (``coup``: it happens in any coup; ``table``: it needs a
table of several bets, such as settling out of order), a description, the ``DeviationKind`` the
audit reports it as, and how to inject it: the name of one of the engine's transformations
(``TRANSFORMS``) with its parameters.  A new mistake is a new entry combining a
transformation and parameters (the bundled ones are ``trainer.engine.catalogue``'s); no
answer key is written with it, because the audit (the engine) says what the right step was.

``inject(mistake, coup, layout, house, rng)`` starts from ``Dealt.correct`` (the engine's
procedure) and returns the procedure with that mistake, or raises MistakeDoesNotApply when
the coup cannot have it (a Dragon 7 mistake on a coup with no Dragon), so a drill deals
another coup.  After a mistake in the cards the dealer goes on consistently: totals and
outcome called from the hands as dealt, bets settled by the outcome called, so the audit
finds exactly one mistake of its own (the rest ``follows``).
"""

from __future__ import annotations

import enum
import functools
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from decimal import ROUND_CEILING, Decimal
from types import MappingProxyType
from typing import Any

from trainer.engine import rules
from trainer.engine.cards import FULL_DECK, Card, DealtCard, Side, hand_total
from trainer.engine.coup import Coup, Outcome, classify
from trainer.engine.dealt import BetAction, Called, Dealt, actions_of
from trainer.engine.deviation import DeviationKind
from trainer.engine.errors import EngineError
from trainer.engine.house import House
from trainer.engine.money import normalize, round_payout
from trainer.engine.order import Done
from trainer.engine.said import Said
from trainer.engine.settlement import Bet, BetResult
from trainer.engine.table import Layout, Pay, Take, settle_table

_CENT = Decimal("0.01")


#: The most cards past the first four a mistake may draw (``_Context.stream``).
STREAM_CARDS = 6


class MistakeDoesNotApply(EngineError):
    """This coup (or table) cannot have this mistake: deal another."""


class UnknownMistakeError(EngineError):
    """A mistake id, transformation or parameter the catalogue does not know."""


class Level(enum.Enum):
    COUP = "coup"  #: happens in any coup, one seat is enough
    TABLE = "table"  #: needs a table of several bets (the order of settlement)


@dataclass(frozen=True, slots=True)
class Mistake:
    """One entry of the catalogue."""

    id: str
    level: Level
    kind: DeviationKind
    description: str
    transform: str
    params: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.transform not in TRANSFORMS:
            raise UnknownMistakeError(
                f"mistake {self.id!r}: no transformation {self.transform!r} (there are "
                f"{', '.join(sorted(TRANSFORMS))})"
            )
        params, problems = coerce_params(self.transform, self.params)
        if problems:
            raise UnknownMistakeError(
                f"mistake {self.id!r}: "
                + "; ".join(f"{name}: {message}" for name, message in problems)
            )
        object.__setattr__(self, "params", MappingProxyType(params))


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of a transformation: a word from ``choices``, a number within
    ``number`` (low, high), or ``points``: a list of whole points -9 to 9 other than 0."""

    doc: str
    choices: tuple[str, ...] = ()
    number: tuple[Decimal, Decimal] | None = None
    points: bool = False

    def coerce(self, value: Any) -> tuple[Any, str]:
        """(the value as the transformation reads it, "") or (None, what is wrong)."""
        if self.choices:
            if isinstance(value, str) and value in self.choices:
                return value, ""
            return None, Said(
                "{value} is not one of {choices}",
                value=repr(value),
                choices=", ".join(self.choices),
            )
        if self.points:
            items = value if isinstance(value, (list, tuple)) else None
            if not items or not all(type(v) is int and v and -9 <= v <= 9 for v in items):
                return None, Said(
                    "{value} is not a list of whole points -9 to 9 (not 0)", value=repr(value)
                )
            return tuple(items), ""
        assert self.number is not None
        low, high = self.number
        try:
            if isinstance(value, bool) or not isinstance(value, (int, str, Decimal)):
                raise ArithmeticError
            number = Decimal(str(value).strip())
            if not number.is_finite():
                raise ArithmeticError
        except ArithmeticError:
            return None, Said("{value} is not a number", value=repr(value))
        if not low <= number <= high or number != number.quantize(_CENT):
            return None, Said(
                "{value} is out of range: {low} to {high}, at most two decimals",
                value=str(value),
                low=low,
                high=high,
            )
        return number, ""


def coerce_params(
    transform: str, params: Mapping[str, Any]
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """``params`` checked against the transformation's declared parameters: the coerced
    values, and (parameter, problem) for each one wrong or unknown."""
    declared = TRANSFORMS[transform].params
    out: dict[str, Any] = {}
    problems: list[tuple[str, str]] = []
    for name, value in params.items():
        param = declared.get(name)
        if param is None:
            known = ", ".join(declared) or "none"
            problems.append(
                (
                    name,
                    Said(
                        "not a parameter of {transform} (its parameters: {known})",
                        transform=transform,
                        known=known,
                    ),
                )
            )
            continue
        got, problem = param.coerce(value)
        if problem:
            problems.append((name, problem))
        else:
            out[name] = got
    for name in TRANSFORMS[transform].required:
        if name not in params:
            problems.append((name, Said("{transform} needs it", transform=transform)))
    return out, problems


class _Context:
    """One injection's inputs; the correct procedure is worked out only when a
    transformation needs it (most refuse a coup on its cards alone, first)."""

    def __init__(
        self,
        coup: Coup,
        layout: Layout,
        house: House,
        rng: random.Random,
        following: tuple[Card, ...],
        mistake: Mistake,
    ) -> None:
        self.coup, self.layout, self.house, self.rng = coup, layout, house, rng
        self.following, self.mistake = following, mistake

    @functools.cached_property
    def correct(self) -> Dealt:
        return Dealt.correct(self.coup, self.layout, self.house, self.following)

    def no(self, why: str) -> MistakeDoesNotApply:
        return MistakeDoesNotApply(f"{self.mistake.id}: {why}")

    def stream(self) -> Iterator[Card]:
        """The cards after the first four, in shoe order, then random cards if the shoe
        given runs out (only a drill without a shoe behind it): at most STREAM_CARDS in all,
        more than any mistake takes (a coup deals at most two past the first four)."""
        given = (*self.coup.cards[4:], *self.correct.following)[:STREAM_CARDS]
        yield from given
        for _ in range(STREAM_CARDS - len(given)):
            yield self.rng.choice(FULL_DECK)


# -- card-level transformations: the dealer's cards, then a consistent rest ------------------


def _consistent(
    ctx: _Context, cards: list[DealtCard], used: int, called: Called | None = None
) -> Dealt:
    """The dealt procedure of a dealer who put ``cards`` on the table (the first four and
    ``used`` more from the shoe) and went on consistently: totals and outcome called from
    these hands (or as ``called``), bets settled by that outcome."""
    player = [c.card for c in cards if c.to is Side.PLAYER]
    banker = [c.card for c in cards if c.to is Side.BANKER]
    if called is None:
        pt, bt = hand_total(player), hand_total(banker)
        called = Called(pt, bt, ctx.house.named(classify(pt, len(player), bt, len(banker))))
    assert called.outcome is not None
    bets = actions_of(settle_table(called.outcome, ctx.layout, ctx.house, checked=True))
    after = (ctx.coup.cards[4:] + ctx.correct.following)[used:]
    return Dealt(tuple(cards), called, bets, after)


def _first_four(coup: Coup) -> list[DealtCard]:
    sides = (Side.PLAYER, Side.BANKER, Side.PLAYER, Side.BANKER)
    return [DealtCard(c, s) for c, s in zip(coup.cards[:4], sides, strict=True)]


def _hard_cell(coup: Coup) -> bool:
    return coup.player_draws and 3 <= coup.banker.two_card_total <= 6


def _banker_draw(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """params: should = "stand" (the Banker drew on a stand) or "draw" (it stood on a
    draw); cells = "hard" (Banker 3-6 after the Player drew) or "any"."""
    coup, should = ctx.coup, p.get("should", "stand")
    if coup.natural:
        raise ctx.no("a natural: the Banker has no decision")
    if p.get("cells", "hard") == "hard" and not _hard_cell(coup):
        raise ctx.no("not a hard tableau cell (Banker 3-6 after the Player drew)")
    cards = _first_four(coup)
    if coup.player_draws:
        cards.append(DealtCard(coup.cards[4], Side.PLAYER))
    used = 1 if coup.player_draws else 0
    if should == "stand":
        if coup.banker_draws:
            raise ctx.no("the Banker draws here")
        stream = ctx.stream()
        extra = [next(stream) for _ in range(used + 1)][-1]
        cards.append(DealtCard(extra, Side.BANKER))
        return _consistent(ctx, cards, used + 1)
    if not coup.banker_draws:
        raise ctx.no("the Banker stands here")
    return _consistent(ctx, cards, used)


def _player_draw(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """params: should = "stand" (the Player drew on 6 or 7) or "draw" (stood on 0-5)."""
    coup, should = ctx.coup, p.get("should", "stand")
    if coup.natural:
        raise ctx.no("a natural: the Player has no decision")
    bt = coup.banker.two_card_total
    cards = _first_four(coup)
    stream = ctx.stream()
    used = 0
    if should == "stand":
        if coup.player_draws:
            raise ctx.no("the Player draws here")
        p3 = next(stream)
        used += 1
        cards.append(DealtCard(p3, Side.PLAYER))
        if rules.banker_draws(bt, p3.value):  # the dealer goes on by the tableau
            cards.append(DealtCard(next(stream), Side.BANKER))
            used += 1
        elif rules.banker_draws(bt, None):
            raise ctx.no("it would read as the Banker's card dealt to the Player")
    else:
        if not coup.player_draws:
            raise ctx.no("the Player stands here")
        if rules.banker_draws(bt, None):  # the dealer would go on to the Banker's draw
            raise ctx.no("it would read as the Player's card dealt to the Banker")
    return _consistent(ctx, cards, used)


def _natural_draw(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A natural not stopped: the dealer draws a card as if there were none."""
    coup = ctx.coup
    if not coup.natural:
        raise ctx.no("no natural")
    pt = coup.player.two_card_total
    side = Side.PLAYER if pt <= 5 else Side.BANKER
    cards = _first_four(coup)
    cards.append(DealtCard(next(ctx.stream()), side))
    return _consistent(ctx, cards, 1)


def _wrong_hand(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A third card dealt to the other hand (both third cards, when both drew)."""
    coup = ctx.coup
    if len(coup.cards) == 4:
        raise ctx.no("no third card is dealt")
    cards = [
        DealtCard(c.card, c.to if i < 4 else c.to.other) for i, c in enumerate(ctx.correct.cards)
    ]
    return _consistent(ctx, cards, len(coup.cards) - 4)


def _miscount(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A hand's final total called a point off (params: by = [1, -1]); the dealer names the
    outcome and settles by the totals called."""
    d = ctx.correct
    side = ctx.rng.choice((Side.PLAYER, Side.BANKER))
    by = ctx.rng.choice(tuple(p.get("by", (1, -1))))
    pt, bt = ctx.coup.player.total, ctx.coup.banker.total
    if side is Side.PLAYER:
        pt = (pt + by) % 10
    else:
        bt = (bt + by) % 10
    np, nb = len(ctx.coup.player.cards), len(ctx.coup.banker.cards)
    called = Called(pt, bt, ctx.house.named(classify(pt, np, bt, nb)))
    return _consistent(ctx, list(d.cards), len(d.cards) - 4, called)


def _misname(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """The outcome misnamed: params call = "dragon7" (a Banker three-card 7 that does not
    win called a Dragon 7) or "panda8" (a Player three-card 8 that does not win called a
    Panda 8); on = the right outcome it happens on ("tie", "banker", "player"); the dealer
    settles by the name called."""
    coup, house = ctx.coup, ctx.house
    call = Outcome(p["call"])
    if call not in house.outcomes:
        raise ctx.no(f"this table does not name a {call.label}")
    right = house.named(coup.outcome)
    if right is call:
        raise ctx.no(f"it is a {call.label}")
    on = p.get("on")
    if on is not None and right is not Outcome(on):
        raise ctx.no(f"the outcome is not a {Outcome(on).label}")
    hand, total = (coup.banker, 7) if call is Outcome.DRAGON7 else (coup.player, 8)
    if len(hand.cards) != 3 or hand.total != total:
        raise ctx.no(f"no three-card {total}")
    d = ctx.correct
    called = Called(coup.player.total, coup.banker.total, call)
    return _consistent(ctx, list(d.cards), len(d.cards) - 4, called)


# -- bet-level transformations: one bet done wrong ------------------------------------------


def _bets_where(ctx: _Context, test: Callable[[BetAction, BetResult], bool]) -> list[int]:
    procedure = settle_table(ctx.coup, ctx.layout, ctx.house, checked=True)
    return [
        i
        for i, a in enumerate(ctx.correct.bets)
        if test(a, procedure.settlements[a.seat, a.bet].result)
    ]


def _wager(ctx: _Context, a: BetAction) -> Decimal:
    return next(w for s, b, w in ctx.layout.bets() if (s, b) == (a.seat, a.bet))


def _less_commission(ctx: _Context, a: BetAction, gross: Decimal) -> Decimal:
    """What a dealer pays on ``gross`` winnings: less the commission taken at once (a
    commission kept in the box leaves the payout whole)."""
    levy = ctx.house.commission_on(a.bet)
    if not a.commission or levy is None or levy.deferred:
        return gross
    return normalize(gross - a.commission)


def _with_bet(ctx: _Context, index: int, action: BetAction) -> Dealt:
    bets = list(ctx.correct.bets)
    bets[index] = action
    return replace(ctx.correct, bets=tuple(bets))


def _settle_as(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A bet settled with the wrong result: params right = "lose" | "push" | "win" (what it
    should be), as = "win" | "lose" | "push" (what the dealer did); bet = a bet name (any
    if left out); outcome = the outcome it happens on (any if left out).  Paid as a win:
    at the bet's odds."""
    right, done = (
        BetResult(p["right"]),
        Done({"win": "paid", "lose": "taken", "push": "pushed"}[p["as"]]),
    )
    bet = Bet(p["bet"]) if "bet" in p else None
    outcome = Outcome(p["outcome"]) if "outcome" in p else None
    if outcome is not None and ctx.house.named(ctx.coup.outcome) is not outcome:
        raise ctx.no(f"the outcome is not a {outcome.label}")
    found = _bets_where(ctx, lambda a, r: r is right and (bet is None or a.bet is bet))
    if not found:
        what = f"{bet.label} bet" if bet else "bet"
        raise ctx.no(f"no {what} that should {right.value} on the layout")
    i = ctx.rng.choice(found)
    a = ctx.correct.bets[i]
    paid = (
        round_payout(_wager(ctx, a) * ctx.house.paytable.odds(a.bet))
        if (done is Done.PAID)
        else Decimal(0)
    )
    return _with_bet(ctx, i, BetAction(a.seat, a.bet, done, paid, Decimal(0), a.fee))


def _commission(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A commission taken where the game takes none: params rate (default 0.05), bet
    (default banker)."""
    rate = p.get("rate", Decimal("0.05"))
    bet = Bet(p.get("bet", "banker"))
    if ctx.house.commission_on(bet) is not None:
        raise ctx.no(f"this game takes a commission on the {bet.label} bet")
    found = [i for i in _bets_where(ctx, lambda a, r: r is BetResult.WIN and a.bet is bet)]
    if not found:
        raise ctx.no(f"no winning {bet.label} bet")
    i = ctx.rng.choice(found)
    a = ctx.correct.bets[i]
    owed = normalize((a.paid * rate).quantize(_CENT, rounding=ROUND_CEILING))
    return _with_bet(
        ctx, i, BetAction(a.seat, a.bet, Done.PAID, normalize(a.paid - owed), owed, a.fee)
    )


def _payout_off(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A payout worked on the wrong wager (params wager_off: -5 pays 35 x 40 as 30 x 40 =
    1,200; +5 as 40 x 40), on a winning bet paying at least min_odds to 1 (default 2)."""
    off = p.get("wager_off", Decimal(-5))
    least = p.get("min_odds", Decimal(2))
    odds = ctx.house.paytable.odds
    found = _bets_where(
        ctx, lambda a, r: r is BetResult.WIN and odds(a.bet) >= least and _wager(ctx, a) + off > 0
    )
    if not found:
        raise ctx.no(f"no winning bet paying {least} to 1 or more with a wager above {-off}")
    i = ctx.rng.choice(found)
    a = ctx.correct.bets[i]
    gross = round_payout((_wager(ctx, a) + off) * odds(a.bet))
    paid = _less_commission(ctx, a, gross)
    if paid <= 0:
        raise ctx.no("the payout would be nothing")
    return _with_bet(ctx, i, BetAction(a.seat, a.bet, Done.PAID, paid, a.commission, a.fee))


def _out_of_order(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """Bets settled out of the house's order: params swap = "pay_before_take" (a winner
    paid before a loser is taken, where the house takes losers first) or "seats" (two
    payouts, or where the house does not sweep the losers first two takes, in the wrong seat
    order)."""
    procedure = settle_table(ctx.coup, ctx.layout, ctx.house, checked=True)
    bets = list(ctx.correct.bets)
    kinds = {(s.seat, s.bet): type(s) for s in procedure.steps if isinstance(s, (Take, Pay))}
    active = [i for i, a in enumerate(bets) if (a.seat, a.bet) in kinds]
    if p.get("swap", "seats") == "pay_before_take":
        if not ctx.house.order.losers_first:
            raise ctx.no("this house does not take losers first")
        takes = [i for i in active if kinds[bets[i].seat, bets[i].bet] is Take]
        pays = [i for i in active if kinds[bets[i].seat, bets[i].bet] is Pay]
        if not takes or not pays:
            raise ctx.no("no bet to take and bet to pay")
        i, j = takes[-1], pays[0]
        bets.insert(i, bets.pop(j))  # the first payout moved before the last take
    else:  # a sweep of losers has no order of its own (order.settled_before)
        sweep = Take if ctx.house.order.losers_first else None
        pairs = [
            (i, j)
            for i, j in itertools.pairwise(active)
            if kinds[bets[i].seat, bets[i].bet] is kinds[bets[j].seat, bets[j].bet] is not sweep
            and bets[i].seat != bets[j].seat
        ]
        if not pairs:
            raise ctx.no("no two bets of different seats settled one after the other")
        i, j = ctx.rng.choice(pairs)
        bets[i], bets[j] = bets[j], bets[i]
    return replace(ctx.correct, bets=tuple(bets))


def _odds_off(ctx: _Context, p: Mapping[str, Any]) -> Dealt:
    """A winning bet paid at the wrong odds (params bet, odds: a Panda 8 paid at the
    Dragon's 40 to 1)."""
    bet, odds = Bet(p["bet"]), p["odds"]
    if ctx.house.paytable.odds(bet) == odds:
        raise ctx.no(f"the {bet.label} bet pays {odds} to 1 here")
    found = _bets_where(ctx, lambda a, r: r is BetResult.WIN and a.bet is bet)
    if not found:
        raise ctx.no(f"no winning {bet.label} bet")
    i = ctx.rng.choice(found)
    a = ctx.correct.bets[i]
    paid = round_payout(_wager(ctx, a) * odds)
    paid = _less_commission(ctx, a, paid)
    if paid <= 0 or paid == a.paid:
        raise ctx.no("the payout would not change")
    return _with_bet(ctx, i, BetAction(a.seat, a.bet, Done.PAID, paid, a.commission, a.fee))


@dataclass(frozen=True, slots=True)
class Transform:
    """A way to put a mistake into a correct procedure, and the parameters it takes."""

    apply: Callable[[_Context, Mapping[str, Any]], Dealt]
    doc: str
    params: Mapping[str, Param] = field(default_factory=dict, hash=False)
    required: tuple[str, ...] = ()


_BETS = tuple(b.value for b in Bet)


_OUTCOMES = tuple(o.value for o in Outcome)


_RESULTS = ("win", "lose", "push")


_MONEY = (Decimal("-1000"), Decimal("1000"))


_PAYS = (Decimal("0.01"), Decimal("1000"))


TRANSFORMS: Mapping[str, Transform] = MappingProxyType(
    {
        "banker_draw": Transform(
            _banker_draw,
            "The Banker draws where it stands, or the reverse.",
            {
                "should": Param(
                    "what the Banker should do: stand (it drew) or draw (it stood)",
                    ("stand", "draw"),
                ),
                "cells": Param("hard (Banker 3-6 after the Player drew) or any", ("hard", "any")),
            },
        ),
        "player_draw": Transform(
            _player_draw,
            "The Player draws on 6-7, or stands on 0-5.",
            {
                "should": Param(
                    "what the Player should do: stand (it drew) or draw (it stood)",
                    ("stand", "draw"),
                ),
            },
        ),
        "natural_draw": Transform(_natural_draw, "A card drawn after a natural."),
        "wrong_hand": Transform(_wrong_hand, "A third card dealt to the other hand."),
        "miscount": Transform(
            _miscount,
            "A final total called a few points off.",
            {
                "by": Param("the points off, one picked at random: [1, -1]", points=True),
            },
        ),
        "misname": Transform(
            _misname,
            "A three-card 7 or 8 that does not win called by the name of the bet.",
            {
                "call": Param("the name called", ("dragon7", "panda8")),
                "on": Param("the right outcome it happens on (any if left out)", _OUTCOMES),
            },
            required=("call",),
        ),
        "settle_as": Transform(
            _settle_as,
            "A bet settled with the wrong result.",
            {
                "right": Param("what the bet should do", _RESULTS),
                "as": Param("what the dealer did", _RESULTS),
                "bet": Param("which bet (any if left out)", _BETS),
                "outcome": Param("the outcome it happens on (any if left out)", _OUTCOMES),
            },
            required=("right", "as"),
        ),
        "commission": Transform(
            _commission,
            "A commission taken where the game takes none.",
            {
                "rate": Param(
                    "the rate taken, as a fraction: 0.05", number=(_CENT, Decimal("0.99"))
                ),
                "bet": Param("the bet it is taken from", _BETS),
            },
        ),
        "payout_off": Transform(
            _payout_off,
            "A payout worked on the wrong wager.",
            {
                "wager_off": Param(
                    "how far off the wager used is: -5 (one red chip short)", number=_MONEY
                ),
                "min_odds": Param("only on bets paying at least this to 1", number=_PAYS),
            },
        ),
        "odds_off": Transform(
            _odds_off,
            "A winning bet paid at the wrong odds.",
            {
                "bet": Param("which bet", _BETS),
                "odds": Param("the odds paid, N to 1", number=_PAYS),
            },
            required=("bet", "odds"),
        ),
        "out_of_order": Transform(
            _out_of_order,
            "Bets settled out of the house's order.",
            {
                "swap": Param("pay_before_take or seats", ("pay_before_take", "seats")),
            },
        ),
    }
)


def inject(
    mistake: Mistake,
    coup: Coup,
    layout: Layout,
    house: House,
    rng: random.Random,
    following: Iterable[Card] = (),
) -> Dealt:
    """The engine's procedure for ``coup`` and ``layout`` with ``mistake`` in it;
    MistakeDoesNotApply when this coup cannot have it.  ``following``: the cards after the
    coup in the shoe (a mistaken draw takes the next one; random cards if none given)."""
    ctx = _Context(coup, layout, house, rng, tuple(following), mistake)
    return TRANSFORMS[mistake.transform].apply(ctx, mistake.params)


def applies(mistake: Mistake, coup: Coup, layout: Layout, house: House) -> bool:
    """Whether ``inject`` can put ``mistake`` in this coup (a fixed rng: only the question
    matters, not the pick)."""
    try:
        inject(mistake, coup, layout, house, random.Random(0))
    except MistakeDoesNotApply:
        return False
    return True
