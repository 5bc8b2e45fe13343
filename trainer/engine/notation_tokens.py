"""The audit's notation, token by token: a token and the error at it (``NotationError``,
line and column), the hand a bare card goes to, a seat's bet and wager, a call said aloud,
the chips a payout was cut in.  ``trainer.engine.notation`` reads a whole procedure with
them.  Every refusal is a ``Said``, what was typed in it a ``Verbatim``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal

from trainer.engine import rules
from trainer.engine.call_words import CALL_FIELDS, say_fields
from trainer.engine.cards import Card, DealtCard, Side, hand_total
from trainer.engine.chips import ChipBreakdown
from trainer.engine.dealt import SaidCall
from trainer.engine.errors import EngineError, quote
from trainer.engine.money import PAYOUTS, normalize, parse_amount
from trainer.engine.said import Said, Verbatim
from trainer.engine.settlement import Bet
from trainer.engine.violations import Moment

_ZERO = Decimal(0)


class NotationError(EngineError):
    """A procedure the notation cannot read: ``line`` and ``column`` (1-based) of the token
    at fault, ``reason`` in words; str() is 'line:column: reason'."""

    def __init__(self, reason: str, line: int, column: int) -> None:
        super().__init__(Said("{line}:{column}: {reason}", line=line, column=column, reason=reason))
        self.reason, self.line, self.column = reason, line, column


def message_of(error: BaseException) -> str:
    """What an error says: its one message as given (a ``Said`` stays one), else its text."""
    message = error.args[0] if len(error.args) == 1 else None
    return message if isinstance(message, str) else str(error)


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    line: int
    column: int

    def error(self, reason: str) -> NotationError:
        return NotationError(reason, self.line, self.column)


_WORD = re.compile(r"\S+")


def tokens(text: str, first_line: int = 1) -> Iterator[Token]:
    for n, line in enumerate(text.splitlines(), start=first_line):
        body = line.split("#", 1)[0]
        for found in _WORD.finditer(body):
            yield Token(found.group(), n, found.start() + 1)


def rule_side(dealt: list[DealtCard], card: Card, n: int) -> Side:
    """The hand the rules send card ``n`` (1-based) to, given the cards dealt before it;
    ValueError in words where they send it nowhere (after a natural, past the sixth)."""
    if n <= 4:
        return (Side.PLAYER, Side.BANKER)[(n - 1) % 2]
    player = [c.card for c in dealt if c.to is Side.PLAYER]
    banker = [c.card for c in dealt if c.to is Side.BANKER]
    pt, bt = hand_total(player[:2]), hand_total(banker[:2])
    if rules.is_natural(pt) or rules.is_natural(bt):
        raise ValueError(
            Said(
                "card {number} ({card}) comes after a natural: write P:{card} or "
                "B:{card} for the hand it went to",
                number=n,
                card=Verbatim(card),
            )
        )
    if n == 5:
        return Side.PLAYER if rules.player_draws(pt) else Side.BANKER
    if n == 6 and len(player) == 3 and len(banker) == 2:
        return Side.BANKER
    raise ValueError(
        Said(
            "card {number} ({card}): write P:{card} or B:{card} for the hand it went to",
            number=n,
            card=Verbatim(card),
        )
    )


def plain(amount: Decimal) -> str:
    """An amount as the notation writes it: 1000, 2.50 (no thousands separator)."""
    return str(normalize(amount))


def seat_bet(token: Token, seat_text: str, bet_text: str, shape: str) -> tuple[int, Bet, Decimal]:
    """``SEAT`` and ``BET=WAGER`` of a bet's or a violation's step; ``shape``: how to write
    the step, said when these do not read."""
    if not (seat_text.isascii() and seat_text.isdigit()):
        raise token.error(Said("{token}: {shape}", token=quote(token.text), shape=shape))
    seat = int(seat_text) if len(seat_text) <= 2 else 0
    if not 1 <= seat <= 14:
        raise token.error(Said("{token}: a seat is 1 to 14", token=quote(token.text)))
    name, eq, amount = bet_text.partition("=")
    if not eq:
        raise token.error(Said("{token}: {shape}", token=quote(token.text), shape=shape))
    try:
        bet = Bet.parse(name)
    except EngineError as exc:
        raise token.error(message_of(exc)) from None
    where = Said("seat {seat} {bet}", seat=seat, bet=Verbatim(bet.value))
    return seat, bet, amount_of(amount, token, where)


def amount_of(text: str, token: Token, what: str, *, payout: bool = False) -> Decimal:
    try:
        return parse_amount(text, limit=PAYOUTS) if payout else parse_amount(text)
    except EngineError as exc:
        raise token.error(Said("{what}: {problem}", what=what, problem=message_of(exc))) from None


MOMENT_PLACE = {
    Moment.BETS: Said("it is caught at no more bets: write it before the first card"),
    Moment.DEAL: Said("it is caught during the deal: write it among the cards, after the first"),
    Moment.RESULT: Said("it is caught after the result: write it after the last card"),
}

#: The part of the notation a step came after, as ``enter`` names it.
PART_NAMES = (
    Said("the cards"),
    Said("the calls"),
    Said("the bets"),
    Said("the call after the coup"),
)


def said_call(token: Token, rest: str, cards: int) -> SaidCall:
    """``say:player_shows=5``, ``say:wins=banker,7,5``, ``say:player_draws``: a call made
    aloud, by the house's call key and its values (a hand, then totals)."""
    key, _, given = rest.partition("=")
    key = key.lower()
    if key not in CALL_FIELDS:
        raise token.error(
            Said(
                "{token}: calls are {keys}",
                token=quote(token.text),
                keys=Verbatim(", ".join(CALL_FIELDS)),
            )
        )
    fields = say_fields(key)
    values = tuple(v.strip().lower() for v in given.split(",")) if given else ()
    if len(values) != len(fields):
        shape = f"say:{key}" + (f"={','.join(f.upper() for f in fields)}" if fields else "")
        raise token.error(
            Said("{token}: write {shape}", token=quote(token.text), shape=Verbatim(shape))
        )
    for field, value in zip(fields, values, strict=True):
        ok = value in ("player", "banker") if field == "hand" else len(value) == 1
        if not ok or not (field == "hand" or value.isdigit()):
            what = Said("player or banker") if field == "hand" else Said("a total, 0 to 9")
            raise token.error(
                Said(
                    "{token}: {field} is {what}",
                    token=quote(token.text),
                    field=Verbatim(field),
                    what=what,
                )
            )
    return SaidCall(key, values, cards)


def chips_of(text: str, token: Token) -> ChipBreakdown:
    try:
        return parse_chips(text)
    except ValueError as exc:
        raise token.error(message_of(exc)) from None


def parse_chips(text: str) -> ChipBreakdown:
    """``4x100+3x5+0.50coin`` to the chips (and coin) a payout was cut in; ValueError (an
    EngineError for a bad amount) naming the text otherwise."""
    counts: dict[Decimal, int] = {}
    coin = _ZERO
    for part in text.split("+"):
        n, x, value = part.lower().partition("x")
        if part.lower().endswith("coin") and not x:
            coin += parse_amount(part[:-4], limit=PAYOUTS)
            continue
        if not (x and n.isascii() and n.isdigit() and 0 < int(n) <= 10_000):
            raise ValueError(
                Said(
                    "chips={text}: write each chip as COUNTxVALUE joined by +, e.g. "
                    "chips=4x100+3x5 (coin as 0.50coin)",
                    text=quote(text),
                )
            )
        chip = parse_amount(value)
        counts[chip] = counts.get(chip, 0) + int(n)
    return ChipBreakdown(tuple(sorted(counts.items(), reverse=True)), normalize(coin))
