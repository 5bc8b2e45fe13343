"""The audit's notation: a whole coup's procedure in order, as text a supervisor reads and
writes, and ``ezbac audit`` reads from the command line or a file.

    P:Ks B:2h P:As B:2c P:5d B:3c cut
    call:player=6 call:banker=7 call:outcome=dragon7
    take:4:player=100 take:4:panda8=5 push:1:banker=25 pay:1:dragon7=10:400
    then:one_more

Tokens are separated by spaces or line breaks, in the order things happened; ``#`` starts
a comment to the end of the line:

- a card: ``P:9h`` or ``B:3c`` (the hand it went to), or bare (where the rules send it);
  ``cut`` where the cut card came out (in front of the next card; after the last card: as
  the coup ended), ``cut:earlier`` when it came out in an earlier coup;
- ``next:8s,2c``: cards that came next in the shoe, not dealt (to judge a draw left out);
- ``call:player=N``, ``call:banker=N``, ``call:outcome=NAME``: the final totals and the
  outcome the dealer called; ``say:KEY=VALUES`` a call made aloud, where it was made among
  the cards (``say:player_shows=5``, ``say:player_draws``, ``say:wins=banker,7,5``: the
  house's call keys, a hand then totals);
- ``take:SEAT:BET=WAGER``, ``push:SEAT:BET=WAGER``, ``pay:SEAT:BET=WAGER:AMOUNT`` (each
  with ``:commission=Y``, ``:commission_box=Y`` or ``:commission_at_once=Y`` and ``:fee=Z``
  where they apply, and on a payout ``:chips=4x100+3x5``, the chips it was cut in; where
  the house takes dead chips, ``:dead=D``, the part of the wager in dead chips, and
  ``:rolling=R``, the rolling commission credited on them): what was done with each bet,
  in the order done, any seat any number of times; ``bet:SEAT:BET=WAGER`` (with
  ``:dead=D``) for a bet on the layout that was never settled;
- ``then:deal``, ``then:one_more``, ``then:end``: the dealer's call once the coup was over;
- a player's violation at its moment, and what the dealer did (``:refuse``, ``:return``,
  ``:floor``; nothing written: the bet played): ``VIOLATION:SEAT:BET=AMOUNT[:RESPONSE]``,
  by the house file's key (``past_posting``, ``pressing``, ``withdrawn``, ``pinching``,
  ``side_without_base``, ``side_over_base``, ``both_sides``, ``under_min``, ``over_max``,
  ``cash``, ``non_playable_chips``; ``late``, ``press``, ``withdraw``, ``pinch`` for
  short), or ``differential:table[:RESPONSE]``.  One caught at no more bets comes before
  the first card, during the deal among the cards, after the result after the last card;
- ``remedy:IRREGULARITY[:floor|:applied]``: an irregularity in the deal (the catalogue's
  key: ``card_exposed``, ``misdeal``...) where it happened among the cards or after them,
  and whether the dealer called the floor or applied the remedy (nothing: carried on).

The cards come first, then the calls, the bets and ``then``.  ``str(procedure)`` writes
the canonical text, and ``Procedure.parse`` reads it back to an equal value; every error
names its line and column.  The notation is a ``Dealt`` and its ``Layout``
(``trainer.engine.procedure``): nothing is audited here.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from trainer.engine.audit_deal import right_after
from trainer.engine.calls import calls_for
from trainer.engine.cards import Card, DealtCard, Side
from trainer.engine.chips import ChipBreakdown
from trainer.engine.coup import Coup, Outcome
from trainer.engine.dealt import (
    CUT_EARLIER,
    AfterCoup,
    BetAction,
    Called,
    Dealt,
    Foul,
    Handled,
    Remedied,
    SaidCall,
)
from trainer.engine.errors import EngineError, quote
from trainer.engine.house import House
from trainer.engine.irregularities import Irregularity
from trainer.engine.notation_tokens import (
    MOMENT_PLACE,
    PART_NAMES,
    NotationError,
    Token,
    amount_of,
    chips_of,
    message_of,
    parse_chips,
    plain,
    rule_side,
    said_call,
    seat_bet,
    tokens,
)
from trainer.engine.order import Done
from trainer.engine.protection import Scene, judge
from trainer.engine.said import Plural, Said, Verbatim
from trainer.engine.settlement import Bet
from trainer.engine.table import Layout, LayoutError, Seat
from trainer.engine.violations import Moment, Response, Violation

__all__ = [
    "NotationError",
    "Procedure",
    "dealt_text",
    "parse_chips",
    "read_procedures",
    "right_procedure",
    "rule_side",
]

_ZERO = Decimal(0)


class _Part(enum.IntEnum):
    """The notation's sections, in the order they come."""

    CARDS = 0
    CALLS = 1
    BETS = 2
    THEN = 3


_VERBS = {"take": Done.TAKEN, "push": Done.PUSHED, "pay": Done.PAID}
#: A violation's key in the notation: the house file's, and a few short words.
_FOULS: dict[str, Violation] = {
    **{v.value: v for v in Violation},
    "late": Violation.PAST_POSTING,
    "press": Violation.PRESSING,
    "withdraw": Violation.WITHDRAWN,
    "pinch": Violation.PINCHING,
    "non_playable": Violation.NON_PLAYABLE,
}
_RESPONSES: dict[str, Response | None] = {
    **{r.value: r for r in Response if r is not Response.ALLOW},
    "allow": None,
    "play": None,
}


@dataclass(frozen=True, slots=True)
class Procedure:
    """A coup's procedure as the notation writes it: the ``Dealt`` and its ``Layout``."""

    dealt: Dealt
    layout: Layout

    def __str__(self) -> str:
        d = self.dealt
        cards: list[str] = []
        if d.cut == CUT_EARLIER:
            cards.append("cut:earlier")
        n = len(d.cards)
        for k in range(n + 1):  # the gap after k cards: said calls, then the cut card
            if k:
                c = d.cards[k - 1]
                cards.append(str(c))
            if k < n:
                cards += [_said(c) for c in d.said if c.cards == k]
            cards += _events(d, k, after=False)
            if d.cut == k + 1:
                cards.append("cut")
        if d.following:
            cards.append("next:" + ",".join(str(c) for c in d.following))
        lines = [" ".join(cards)]
        calls = [_said(c) for c in d.said if c.cards == n]
        calls += [
            f"call:{name}={value}"
            for name, value in (("player", d.called.player), ("banker", d.called.banker))
            if value is not None
        ]
        if d.called.outcome is not None:
            calls.append(f"call:outcome={d.called.outcome.value}")
        calls += _events(d, n, after=True)
        wagers = {(s, b): w for s, b, w in self.layout.bets()}
        dead = {(s.number, b): x for s in self.layout.seats for b, x in s.dead.items()}
        settled = {(a.seat, a.bet) for a in d.bets}
        bets = [self._action(a, wagers[a.seat, a.bet], dead.get((a.seat, a.bet))) for a in d.bets]
        bets += [
            f"bet:{s}:{b.value}={plain(w)}"
            + (f":dead={plain(dead[s, b])}" if (s, b) in dead else "")
            for (s, b), w in wagers.items()
            if (s, b) not in settled
        ]
        lines += [" ".join(part) for part in (calls, bets) if part]
        if d.then is not None:
            lines.append(f"then:{d.then.value}")
        return "\n".join(lines)

    @staticmethod
    def _action(a: BetAction, wager: Decimal, dead: Decimal | None = None) -> str:
        verb = {Done.TAKEN: "take", Done.PUSHED: "push", Done.PAID: "pay"}[a.done]
        text = f"{verb}:{a.seat}:{a.bet.value}={plain(wager)}"
        if a.done is Done.PAID:
            text += f":{plain(a.paid)}"
        if a.chips is not None:
            parts = [f"{n}x{plain(v)}" for v, n in a.chips.chips]
            if a.chips.coin:
                parts.append(f"{plain(a.chips.coin)}coin")
            text += ":chips=" + ("+".join(parts) or "0coin")
        if a.commission:
            key = {None: "commission", True: "commission_box", False: "commission_at_once"}
            text += f":{key[a.boxed]}={plain(a.commission)}"
        if a.fee is not None:
            text += f":fee={plain(a.fee)}"
        if dead is not None:
            text += f":dead={plain(dead)}"
        if a.rolling is not None:
            text += f":rolling={plain(a.rolling)}"
        return text

    @classmethod
    def parse(cls, text: str, *, first_line: int = 1) -> Procedure:
        """One coup's procedure from ``text`` (lines counted from ``first_line``);
        NotationError at the first token it cannot read."""
        return _Reader().read(list(tokens(text, first_line)), first_line)


class _Reader:
    """Reads one coup's tokens in order, section by section."""

    def __init__(self) -> None:
        self.part = _Part.CARDS
        self.cards: list[DealtCard] = []
        self.cut: int | None = None
        self.following: tuple[Card, ...] = ()
        self.totals: dict[str, int] = {}
        self.outcome: Outcome | None = None
        self.actions: list[BetAction] = []
        self.wagers: dict[int, dict[Bet, Decimal]] = {}
        self.dead: dict[int, dict[Bet, Decimal]] = {}
        self.then: AfterCoup | None = None
        self.said: list[SaidCall] = []
        self.fouls: list[tuple[Foul, Token]] = []
        self.remedies: list[Remedied] = []

    def read(self, tokens: list[Token], first_line: int) -> Procedure:
        if not tokens:
            raise NotationError(
                Said("no cards given: write the cards in shoe order, e.g. P:Ks B:2h P:As B:2c"),
                first_line,
                1,
            )
        for token in tokens:
            self.token(token)
        if len(self.cards) < 4:
            last = tokens[-1]
            raise last.error(
                Plural(
                    "{count} card dealt: a coup starts with four (Player, Banker, Player, Banker)",
                    "{count} cards dealt: a coup starts with four (Player, Banker, Player, Banker)",
                    len(self.cards),
                )
            )
        for foul, at in self.fouls:
            if foul.violation.moment is Moment.RESULT and foul.cards < len(self.cards):
                raise at.error(
                    Said(
                        "{token}: {violation} is caught after the result: write it after the "
                        "last card",
                        token=quote(at.text),
                        violation=Verbatim(foul.violation.short),
                    )
                )
        called = Called(self.totals.get("player"), self.totals.get("banker"), self.outcome)
        try:
            layout = Layout(tuple(Seat(n, w, self.dead.get(n, {})) for n, w in self.wagers.items()))
        except LayoutError as exc:  # pragma: no cover - seats and amounts are checked above
            raise tokens[0].error(message_of(exc)) from None
        dealt = Dealt(
            tuple(self.cards),
            called,
            tuple(self.actions),
            self.following,
            True,
            self.cut,
            self.then,
            tuple(self.said),
            tuple(f for f, _ in self.fouls),
            tuple(self.remedies),
        )
        return Procedure(dealt, layout)

    def enter(self, part: _Part, token: Token, what: Said) -> None:
        if part < self.part:
            raise token.error(
                Said(
                    "{token}: {what} after {part}: the cards come first, then the calls, the "
                    "bets and then:",
                    token=quote(token.text),
                    what=what,
                    part=PART_NAMES[self.part],
                )
            )
        self.part = part

    def token(self, token: Token) -> None:
        text = token.text
        head, sep, rest = text.partition(":")
        key = head.lower()
        if key == "cut":
            self.cut_at(token, sep, rest)
        elif key == "next" and sep:
            self.next_cards(token, rest)
        elif key == "call" and sep:
            self.enter(_Part.CALLS, token, Said("a call"))
            self.call(token, rest)
        elif key == "say" and sep:
            if self.part > _Part.CALLS:
                self.enter(_Part.CALLS, token, Said("a call said"))
            self.said.append(said_call(token, rest, len(self.cards)))
        elif key in _FOULS and sep:
            self.fouls.append((self.foul(token, _FOULS[key], rest), token))
        elif key == "remedy" and sep:
            self.remedies.append(self.remedy(token, rest))
        elif key in _VERBS or key == "bet":
            self.enter(_Part.BETS, token, Said("a bet"))
            self.bet(token, key, rest if sep else "")
        elif key == "then" and sep:
            self.enter(_Part.THEN, token, Said("the call after the coup"))
            if self.then is not None:
                raise token.error(Said("then: is given twice; give it once"))
            try:
                self.then = AfterCoup(rest.lower().replace("-", "_"))
            except ValueError:
                raise token.error(
                    Said("{token}: say then:deal, then:one_more or then:end", token=quote(text))
                ) from None
        else:
            self.enter(_Part.CARDS, token, Said("a card"))
            self.card(token)

    def cut_at(self, token: Token, sep: str, rest: str) -> None:
        """``cut`` (the cut card came out here) or ``cut:earlier``."""
        text = token.text
        self.enter(_Part.CARDS, token, Said("the cut card"))
        if self.cut is not None:
            raise token.error(Said("the cut card came out once: give cut once"))
        if sep and rest.lower() != "earlier":
            raise token.error(
                Said("{token}: write cut where it came out, or cut:earlier", token=quote(text))
            )
        self.cut = CUT_EARLIER if sep else len(self.cards) + 1

    def next_cards(self, token: Token, rest: str) -> None:
        """``next:8s,2c``: the cards that came next in the shoe."""
        if self.following:
            raise token.error(Said("next: is given twice; give the cards that came next once"))
        try:
            self.following = tuple(Card.parse(t) for t in rest.split(",") if t)
        except EngineError as exc:
            raise token.error(Said("next: {problem}", problem=message_of(exc))) from None
        if not self.following:
            raise token.error(Said("next: give the cards that came next, e.g. next:8s,2c"))

    def foul(self, token: Token, violation: Violation, rest: str) -> Foul:
        """``past_posting:3:banker=25:refuse``, ``differential:table:floor``."""
        moment, n = violation.moment, len(self.cards)
        if self.part > _Part.CALLS or (self.part is _Part.CALLS and moment is not Moment.RESULT):
            raise token.error(
                Said("{token}: {place}", token=quote(token.text), place=MOMENT_PLACE[moment])
            )
        if (moment is Moment.BETS and n) or (moment is Moment.DEAL and not n):
            raise token.error(
                Said("{token}: {place}", token=quote(token.text), place=MOMENT_PLACE[moment])
            )
        parts = rest.split(":")
        response: Response | None = None
        if len(parts) > 1 and parts[-1].lower() in _RESPONSES:
            response = _RESPONSES[parts.pop().lower()]
        elif len(parts) > 1 and "=" not in parts[-1] and parts[-1].lower() != "table":
            raise token.error(
                Said(
                    "{token}: the dealer's response is refuse, return or floor (nothing: the "
                    "bet played)",
                    token=quote(token.text),
                )
            )
        if violation is Violation.DIFFERENTIAL:
            if [p.lower() for p in parts] != ["table"]:
                raise token.error(
                    Said("{token}: write differential:table[:RESPONSE]", token=quote(token.text))
                )
            return Foul(violation, None, None, None, response, n)
        shape = Said(
            "write {violation}:SEAT:BET=AMOUNT[:refuse|:return|:floor]",
            violation=Verbatim(violation.value),
        )
        if len(parts) != 2:
            raise token.error(Said("{token}: {shape}", token=quote(token.text), shape=shape))
        seat, bet, wager = seat_bet(token, parts[0], parts[1], shape)
        return Foul(violation, seat, bet, wager, response, n)

    def remedy(self, token: Token, rest: str) -> Remedied:
        """``remedy:card_exposed:floor``, ``remedy:misdeal:applied``, ``remedy:misdeal``."""
        if self.part > _Part.CALLS:
            raise token.error(
                Said(
                    "{token}: an irregularity comes among the cards or the calls, before the "
                    "bets are settled",
                    token=quote(token.text),
                )
            )
        name, _, done = rest.partition(":")
        try:
            kind = Irregularity(name.lower())
        except ValueError:
            raise token.error(
                Said(
                    "{token}: irregularities are {keys}",
                    token=quote(token.text),
                    keys=Verbatim(", ".join(k.value for k in Irregularity)),
                )
            ) from None
        handled = None
        if done:
            try:
                handled = Handled(done.lower())
            except ValueError:
                raise token.error(
                    Said(
                        "{token}: write remedy:{kind}:floor (called the floor), "
                        "remedy:{kind}:applied, or remedy:{kind} (carried on)",
                        token=quote(token.text),
                        kind=Verbatim(kind.value),
                    )
                ) from None
        return Remedied(kind, handled, len(self.cards))

    def card(self, token: Token) -> None:
        text = token.text
        n = len(self.cards) + 1
        head, sep, rest = text.partition(":")
        try:
            if sep:
                side = Side.named(head)
                if side is None:
                    raise token.error(
                        Said(
                            "card {number} {token}: write P: (Player) or B: (Banker) before the "
                            "card (or a call:, take:, push:, pay:, bet: or then: step)",
                            number=n,
                            token=quote(text),
                        )
                    )
                card = Card.parse(rest)
            else:
                card = Card.parse(text)
                side = rule_side(self.cards, card, n)
        except NotationError:
            raise
        except EngineError as exc:
            raise token.error(
                Said("card {number}: {problem}", number=n, problem=message_of(exc))
            ) from None
        except ValueError as exc:
            raise token.error(message_of(exc)) from None
        self.cards.append(DealtCard(card, side))

    def call(self, token: Token, rest: str) -> None:
        name, eq, value = rest.partition("=")
        name = name.lower()
        if not eq or name not in ("player", "banker", "outcome"):
            raise token.error(
                Said(
                    "{token}: write call:player=N, call:banker=N or call:outcome=NAME",
                    token=quote(token.text),
                )
            )
        if name in self.totals or (name == "outcome" and self.outcome is not None):
            raise token.error(Said("call:{name} is given twice; give it once", name=Verbatim(name)))
        if name == "outcome":
            try:
                self.outcome = Outcome(value.lower().replace("_", "").replace("-", ""))
            except ValueError:
                raise token.error(
                    Said(
                        "call:outcome={value}: outcomes are player, banker, tie, dragon7, panda8",
                        value=quote(value),
                    )
                ) from None
        else:
            if not (value.isascii() and value.isdigit() and len(value) == 1):
                raise token.error(
                    Said(
                        "call:{name}={value}: a total is 0 to 9",
                        name=Verbatim(name),
                        value=quote(value),
                    )
                )
            self.totals[name] = int(value)

    def bet(self, token: Token, verb: str, rest: str) -> None:
        parts = rest.split(":")
        shape = Said(
            "write take:SEAT:BET=WAGER, push:SEAT:BET=WAGER, pay:SEAT:BET=WAGER:AMOUNT "
            "or bet:SEAT:BET=WAGER"
        )
        if len(parts) < 2:
            raise token.error(Said("{token}: {shape}", token=quote(token.text), shape=shape))
        seat, bet, wager = seat_bet(token, parts[0], parts[1], shape)
        placed = self.wagers.setdefault(seat, {})
        if placed.get(bet, wager) != wager:
            raise token.error(
                Said(
                    "seat {seat}'s {bet} bet was {wager} before: a bet has one wager",
                    seat=seat,
                    bet=Verbatim(bet.value),
                    wager=Verbatim(plain(placed[bet])),
                )
            )
        placed[bet] = wager
        extras = parts[2:]
        paid = _ZERO
        if verb == "pay":
            if not extras or "=" in extras[0]:
                raise token.error(
                    Said("{token}: write pay:SEAT:BET=WAGER:AMOUNT", token=quote(token.text))
                )
            paid = amount_of(extras[0], token, Said("the amount paid"), payout=True)
            if paid == 0:
                raise token.error(
                    Said(
                        "{token}: write push: for a bet returned with nothing paid",
                        token=quote(token.text),
                    )
                )
            extras = extras[1:]
        values: dict[str, Decimal] = {}
        chips: ChipBreakdown | None = None
        boxed: bool | None = None
        for extra in extras:
            key, eq, value = extra.partition("=")
            key = key.lower()
            if key == "chips" and eq and verb == "pay" and chips is None:
                chips = chips_of(value, token)
                continue
            if key == "dead" and eq:
                self.dead_chips(token, seat, bet, wager, value)
                continue
            if not eq or key not in _EXTRAS or verb == "bet":
                raise token.error(
                    Said(
                        "{token}: after the bet, only :commission=Y (or :commission_box=Y, "
                        ":commission_at_once=Y), :fee=Z, :dead=D, :rolling=R and, on pay:, "
                        ":chips=NxV+... (on bet:, only :dead=D)",
                        token=quote(token.text),
                    )
                )
            name = key if key in ("fee", "rolling") else "commission"
            if name in values:
                raise token.error(
                    Said(
                        "{token}: {name} is given twice; give it once",
                        token=quote(token.text),
                        name=Verbatim(name),
                    )
                )
            values[name] = amount_of(value, token, Verbatim(key), payout=True)
            boxed = _EXTRAS[key] if name == "commission" else boxed
        if verb != "bet":
            self.actions.append(
                BetAction(
                    seat,
                    bet,
                    _VERBS[verb],
                    paid,
                    values.get("commission", _ZERO),
                    values.get("fee"),
                    boxed,
                    chips,
                    values.get("rolling"),
                )
            )

    def dead_chips(self, token: Token, seat: int, bet: Bet, wager: Decimal, text: str) -> None:
        """``:dead=D``: the part of the bet's wager in dead chips, one amount per bet."""
        dead = amount_of(text, token, Verbatim("dead"))
        if dead > wager:
            raise token.error(
                Said(
                    "{token}: dead chips {dead} are more than the wager {wager}",
                    token=quote(token.text),
                    dead=Verbatim(plain(dead)),
                    wager=Verbatim(plain(wager)),
                )
            )
        placed = self.dead.setdefault(seat, {})
        if placed.get(bet, dead) != dead:
            raise token.error(
                Said(
                    "seat {seat}'s {bet} bet had {dead} in dead chips before: a bet has one "
                    "amount of dead chips",
                    seat=seat,
                    bet=Verbatim(bet.value),
                    dead=Verbatim(plain(placed[bet])),
                )
            )
        placed[bet] = dead


def _events(d: Dealt, cards: int, *, after: bool) -> list[str]:
    """The violations and irregularities with ``cards`` on the table, as the notation
    writes them; once every card is out, those caught during the deal go among the cards
    (``after`` False), those after the result and the irregularities after the calls."""
    last = cards == len(d.cards)
    out = []
    for f in d.fouls:
        if f.cards != cards or (last and after != (f.violation.moment is Moment.RESULT)):
            continue
        text = f.violation.value + ":"
        if f.seat is None or f.bet is None or f.wager is None:
            text += "table"
        else:
            text += f"{f.seat}:{f.bet.value}={plain(f.wager)}"
        out.append(text + ("" if f.response is None else f":{f.response.value}"))
    for r in d.remedies:
        if r.cards == cards and after == last:
            out.append(f"remedy:{r.irregularity.value}" + (f":{r.done.value}" if r.done else ""))
    return out


def dealt_text(dealt: Dealt) -> str:
    """The cards as dealt, each with its hand, and the players' violations and the
    irregularities where they happened (``P:Ks late:3:banker=25 B:2h ... remedy:misdeal``):
    what the audit echoes.  It reads back (``Procedure.parse``) to the same cards,
    violations and irregularities; with neither, it is the cards alone."""
    n = len(dealt.cards)
    out = _events(dealt, 0, after=False)
    for k, c in enumerate(dealt.cards, start=1):
        out.append(str(c))
        out += _events(dealt, k, after=False)
    return " ".join(out + _events(dealt, n, after=True))


def _said(call: SaidCall) -> str:
    return f"say:{call.key}" + (f"={','.join(call.values)}" if call.values else "")


#: The keys after a bet, and (for a commission) whether it went into the box.
_EXTRAS: dict[str, bool | None] = {
    "commission": None,
    "commission_box": True,
    "commission_at_once": False,
    "fee": None,
    "rolling": None,
}


def right_procedure(
    coup: Coup,
    layout: Layout,
    house: House,
    *,
    at_shoe: bool = False,
    cut: int | None = None,
    watched: Sequence[Scene] = (),
) -> Procedure:
    """The engine's own procedure for a dealt table, as the notation writes it: the cards,
    the calls said in the house's words, the bets in the house's order with their chips;
    ``at_shoe``: where the cut card came out (``cut``, as ``Dealt.cut``) and the right call
    after the coup; ``watched``: the moments around the deal, each violation answered as
    the house says (``layout`` is then the layout that played).  What the table drill
    exports, and the audit reads as dealt right."""
    dealt = Dealt.correct(coup, layout, house)
    said = tuple(SaidCall.of(c) for c in calls_for(coup, house))
    dealt = replace(dealt, said=said, fouls=tuple(f for s in watched for f in fouls_of(s, house)))
    if at_shoe:
        then = right_after(cut, len(dealt.cards), house.shoe)[0]
        dealt = replace(dealt, cut=cut, then=then)
    return Procedure(dealt, layout)


def fouls_of(scene: Scene, house: House) -> tuple[Foul, ...]:
    """Each violation of ``scene`` answered as the house says, as the audit keys it: the
    amount concerned (the bet at fault, the cash or chip on the spot, the amount placed,
    added, taken back or pinched) and the cards out at its moment."""
    was = {s.number: s.bets for s in scene.before.seats}
    now = {s.number: s.bets for s in scene.after.seats}
    items = {(i.seat, i.bet): i.value for i in scene.items}
    out = []
    for f in judge(scene, house):
        wager = None
        if f.seat is not None and f.bet is not None:
            old = was.get(f.seat, {}).get(f.bet, Decimal(0))
            new = now.get(f.seat, {}).get(f.bet, Decimal(0))
            if f.violation in (Violation.CASH, Violation.NON_PLAYABLE):
                wager = items[(f.seat, f.bet)]
            elif scene.moment is Moment.BETS:
                wager = new
            else:
                wager = abs(new - old)
        out.append(Foul(f.violation, f.seat, f.bet, wager, f.response, scene.shown))
    return tuple(out)


def read_procedures(text: str) -> Iterator[tuple[int, Procedure | NotationError]]:
    """A file of procedures, one coup to a paragraph (coups are separated by blank lines;
    comment lines do not separate): each coup's first line and its procedure, or the error
    that stopped it (the rest of the file is read on)."""
    block: list[str] = []
    start = 0
    lines = text.splitlines()
    for n, line in enumerate([*lines, ""], start=1):
        if line.strip():
            if not block or not any(b.split("#", 1)[0].strip() for b in block):
                start = n  # the coup starts at its first step, not at a comment
            block.append(line)
            continue
        if any(b.split("#", 1)[0].strip() for b in block):
            try:
                yield start, Procedure.parse("\n".join(block), first_line=start)
            except NotationError as exc:
                yield start, exc
        block = []
