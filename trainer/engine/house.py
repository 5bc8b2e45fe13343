"""House rules as data: which game the table deals and everything else a house decides.

Every casino deals EZ Baccarat its own way, and the classic commission game sits at the next
table.  A :class:`House` gathers what differs: the game (its settlement table, and whether a
commission or a collection fee applies), the shoe, the paytable, the bets offered, the limits,
the chips, the seats and the order of settlement, and the dealer's calls.  The settlement and
the exact analysis read these values; nothing elsewhere asks which game is being dealt.

Stdlib only, like the rest of the engine.  Reading a house from a YAML file is the loader's
business (``trainer.houses``); the bundled houses are also written here, as Python values, so
the engine has its default without reading a file.
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_CEILING, Decimal
from types import MappingProxyType

from trainer.engine.chips import FEWEST_CHIPS, Chip, ChipConvention, ChipError, chips_problem
from trainer.engine.coup import Coup, Outcome, outcome_reason
from trainer.engine.errors import EngineError, InvalidAmountError
from trainer.engine.irregularities import CONFIRMED, Irregularity
from trainer.engine.money import WAGERS, as_amount, format_amount, normalize
from trainer.engine.pace import PaceTarget, TableFormat
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet, BetResult, Paytable, Settlement
from trainer.engine.settlement import RESULTS as EZ_RESULTS
from trainer.engine.shoe import DEFAULT_DECKS, DEFAULT_SHOE_RULES, ShoeRules, check_cut, check_decks
from trainer.engine.violations import DEFAULT_VIOLATIONS, Response, Violation, ViolationRules

__all__ = [
    "BASE_BETS",
    "BUNDLED_HOUSES",
    "DEFAULT_HOUSE",
    "GAMES",
    "SIDE_BETS",
    "Calls",
    "Chip",
    "Collection",
    "Commission",
    "Direction",
    "FeeSchedule",
    "Game",
    "GameRules",
    "House",
    "HouseError",
    "HouseLimitError",
    "Limits",
    "Losers",
    "Rounding",
    "SettlementOrder",
    "Step",
    "settle",
    "settle_bet",
    "settle_checked",
]


class HouseError(EngineError):
    """A house whose rules contradict each other (a fee on a house-banked game, ...)."""


class HouseLimitError(EngineError):
    """Wagers the house does not allow; ``problems`` lists every one, in layout order."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = tuple(problems)


#: Bets a side bet may need on the same seat, and the side bets themselves.
BASE_BETS = (Bet.PLAYER, Bet.BANKER)
SIDE_BETS = (Bet.DRAGON7, Bet.PANDA8)


class Game(enum.Enum):
    """The game a table deals; its rules are data in :data:`GAMES`."""

    EZ = "ez"
    COMMISSION = "commission"
    CARDROOM = "cardroom"

    __hash__ = object.__hash__  # singletons: identity hash, in C (read on every settlement)

    @property
    def rules(self) -> GameRules:
        return GAMES[self]


Table = Mapping[Outcome, Mapping[Bet, BetResult]]


def _table(rows: Table) -> Table:
    return MappingProxyType({o: MappingProxyType(dict(r)) for o, r in rows.items()})


def _commission_results() -> Table:
    """Classic baccarat: the Banker bet is never barred, so a three-card Banker 7 is just a
    Banker win (paid less commission).  Dragon 7 and Panda 8 still name outcomes for the side
    bets, when a house offers them."""
    rows = {o: dict(r) for o, r in EZ_RESULTS.items()}
    rows[Outcome.DRAGON7][Bet.BANKER] = BetResult.WIN
    return _table(rows)


@dataclass(frozen=True, slots=True)
class GameRules:
    """What a game is, as data: the settlement table RESULTS[outcome][bet], whether winning
    bets pay a commission, whether each wager pays a collection fee, and who banks."""

    game: Game
    title: str
    results: Table
    commission: bool = False
    fee: bool = False
    player_banked: bool = False


GAMES: Mapping[Game, GameRules] = MappingProxyType(
    {
        Game.EZ: GameRules(
            Game.EZ,
            "EZ Baccarat",
            _table(EZ_RESULTS),
        ),
        Game.COMMISSION: GameRules(
            Game.COMMISSION,
            "Commission baccarat",
            _commission_results(),
            commission=True,
        ),
        Game.CARDROOM: GameRules(
            Game.CARDROOM,
            "Card-room EZ Baccarat",
            _table(EZ_RESULTS),
            fee=True,
            player_banked=True,
        ),
    }
)


# -- money rules --------------------------------------------------------------------------

CENT = Decimal("0.01")


def round_up(amount: Decimal, unit: Decimal) -> Decimal:
    """``amount`` rounded up to a whole number of ``unit`` (0.35 by 0.25 -> 0.50)."""
    return (amount / unit).to_integral_value(rounding=ROUND_CEILING) * unit


@dataclass(frozen=True, slots=True)
class Step:
    """One line of a step table: wagers up to ``up_to`` (inclusive; None: any larger) owe
    ``amount`` ("$1-5 owes 0.25")."""

    up_to: Decimal | None
    amount: Decimal


def _step_for(steps: Sequence[Step], wager: Decimal) -> Step | None:
    for step in steps:
        if step.up_to is None or wager <= step.up_to:
            return step
    return None


def _check_steps(steps: Sequence[Step], what: str) -> None:
    last: Decimal | None = Decimal(0)
    for i, step in enumerate(steps):
        if last is None:
            raise HouseError(f"{what}: a step after the open-ended one can never apply")
        if step.up_to is not None and step.up_to <= last:
            raise HouseError(
                f"{what}: step {i + 1} (up to {format_amount(step.up_to)}) must be above the "
                f"step before it (up to {format_amount(last)})"
            )
        if step.amount < 0:
            raise HouseError(f"{what}: step {i + 1} owes a negative amount")
        last = step.up_to


@dataclass(frozen=True, slots=True)
class Rounding:
    """How a house rounds the commission owed on one winning bet.

    ``steps`` come first (a step table: "$1-5 owes 0.25, $6-10 owes 0.50"); a wager above
    the table owes the exact commission rounded *up* to a whole number of ``unit``: 0.01 is
    exact to the cent (a fraction of a cent counts as a cent), 0.25 is "up to the next
    quarter".  The house never gives change for a fraction, so rounding is always up.
    """

    unit: Decimal = CENT
    steps: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        if self.unit < CENT:
            raise HouseError(f"rounding unit {self.unit} is below one cent")
        _check_steps(self.steps, "commission steps")

    def owed(self, exact: Decimal, wager: Decimal) -> Decimal:
        step = _step_for(self.steps, wager)
        return step.amount if step is not None else round_up(exact, self.unit)

    @property
    def label(self) -> str:
        unit = {CENT: "to the cent", Decimal("0.25"): "up to the next quarter"}.get(
            self.unit, f"up to a multiple of {format_amount(self.unit)}"
        )
        if not self.steps:
            return unit
        table = ", ".join(_step_label(s) for s in self.steps)
        return f"{table}; above that {unit}"


def _step_label(step: Step) -> str:
    where = "above that" if step.up_to is None else f"up to {format_amount(step.up_to)}"
    return f"{where} owes {format_amount(step.amount)}"


class Collection(enum.Enum):
    """When the commission is collected."""

    AT_ONCE = "at_once"  #: taken from the payout: a 20 Banker win is paid 19
    END_OF_SHOE = "end_of_shoe"  #: paid even money, owed in the seat's commission box


@dataclass(frozen=True, slots=True)
class Commission:
    """The commission on winning bets (classic baccarat: 5 % of a winning Banker bet)."""

    rate: Decimal = Decimal("0.05")
    bets: frozenset[Bet] = frozenset({Bet.BANKER})
    collection: Collection = Collection.AT_ONCE
    rounding: Rounding = Rounding()

    def __post_init__(self) -> None:
        if not Decimal(0) < self.rate < Decimal(1):
            raise HouseError(f"a commission rate of {self.rate} is not between 0 and 100 %")

    @property
    def deferred(self) -> bool:
        return self.collection is Collection.END_OF_SHOE

    def owed(self, wager: Decimal) -> Decimal:
        """The commission on a winning bet of ``wager``, after the house's rounding."""
        return self.rounding.owed(wager * self.rate, wager)

    @property
    def percent(self) -> str:
        return f"{format_amount(self.rate * 100)} %"


@dataclass(frozen=True, slots=True)
class FeeSchedule:
    """The card room's collection: a fee paid with each wager, by a step table on the
    wager; ``rotation`` is how many hands each seated player banks in turn."""

    steps: tuple[Step, ...]
    rotation: int = 2

    def __post_init__(self) -> None:
        if not self.steps:
            raise HouseError("a fee schedule needs at least one step")
        # fees as amounts are written (1, 0.50), once, not per settled bet
        object.__setattr__(
            self, "steps", tuple(Step(s.up_to, normalize(s.amount)) for s in self.steps)
        )
        _check_steps(self.steps, "fee steps")
        if self.rotation < 1:
            raise HouseError("the bank rotates after 1 hand or more")

    def fee(self, wager: Decimal) -> Decimal:
        step = _step_for(self.steps, wager)
        if step is None:
            top = self.steps[-1].up_to
            raise HouseLimitError(
                [
                    f"the fee schedule stops at {format_amount(top or Decimal(0))}: no fee is set "
                    f"for a wager of {format_amount(wager)}"
                ]
            )
        return step.amount

    def step_for(self, wager: Decimal) -> tuple[Step, Decimal | None]:
        """The step a ``wager`` pays by, and the top of the step below it (None: the
        first step), so a reason can say 'wagers above 300 pay 3.00'."""
        below: Decimal | None = None
        for step in self.steps:
            if step.up_to is None or wager <= step.up_to:
                return step, below
            below = step.up_to
        self.fee(wager)  # raises the engine's own error for a wager past the schedule
        raise AssertionError("unreachable")

    @property
    def covers(self) -> Decimal | None:
        """The largest wager with a fee (None: any wager)."""
        return self.steps[-1].up_to


# -- the table ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Limits:
    """Table limits: a minimum and maximum per bet, and the side-bet rules.

    ``side_needs_base``: a Dragon 7 or Panda 8 needs a Player or Banker bet on the same seat.
    ``side_caps``: a side bet may be at most the named bet on the same seat (Dragon 7 at most
    the Banker bet).  ``differential``: total Banker and total Player action may differ by
    at most this much.
    """

    minimum: Decimal = Decimal(1)
    maximum: Decimal = Decimal(10_000)
    side_minimum: Decimal | None = None
    side_maximum: Decimal | None = None
    side_needs_base: bool = False
    side_caps: Mapping[Bet, Bet] = field(default_factory=dict, hash=False)
    #: The most total Banker and total Player action on the table may differ by (None:
    #: no differential).
    differential: Decimal | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "side_caps", MappingProxyType(dict(self.side_caps)))
        if self.differential is not None and self.differential <= 0:
            raise HouseError("a table differential is a positive amount")
        if self.differential is not None and self.differential < self.minimum:
            raise HouseError(
                f"a table differential of {format_amount(self.differential)} is less than "
                f"the table minimum {format_amount(self.minimum)}: one minimum bet would "
                "break it"
            )
        for low, high in ((self.minimum, self.maximum), (self.side_min, self.side_max)):
            if low <= 0 or high < low:
                raise HouseError(
                    f"limits {format_amount(low)}-{format_amount(high)}: the minimum must be "
                    "positive and at most the maximum"
                )
        for side, base in self.side_caps.items():
            if side not in SIDE_BETS or base not in BASE_BETS:
                raise HouseError(
                    f"{side.value} cannot be capped by {base.value}: caps tie a "
                    "side bet to a Player or Banker bet"
                )

    @property
    def side_min(self) -> Decimal:
        return self.minimum if self.side_minimum is None else self.side_minimum

    @property
    def side_max(self) -> Decimal:
        return self.maximum if self.side_maximum is None else self.side_maximum

    def bounds(self, bet: Bet) -> tuple[Decimal, Decimal]:
        return (self.side_min, self.side_max) if bet in SIDE_BETS else (self.minimum, self.maximum)


class Direction(enum.Enum):
    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class Losers(enum.Enum):
    """How a house that takes losers first has them taken: seat by seat in its direction
    (as the regulator's sheet resolves individual wagers), or in one sweep, any order."""

    IN_DIRECTION = "in_direction"
    ONE_SWEEP = "one_sweep"


@dataclass(frozen=True, slots=True)
class SettlementOrder:
    """How a dealer works the table after a coup: losing bets first (if ``losers_first``),
    then seat by seat in ``direction``, a seat's main bet before its side bets.

    Seats are numbered 1 to N from the dealer's left.  Seen from above, the seats run round
    the far side of the table, so clockwise starts at the dealer's left (1, 2, ..., N) and
    counter-clockwise at the dealer's right (N, ..., 1), as the regulator's sheet resolves
    wagers.
    """

    losers_first: bool = True
    direction: Direction = Direction.COUNTERCLOCKWISE
    main_before_side: bool = True
    #: With ``losers_first``: the losers taken in ``direction`` (the default, the
    #: regulator's sheet) or in one sweep.
    losers: Losers = Losers.IN_DIRECTION

    def seats(self, seats: int) -> tuple[int, ...]:
        from_left = tuple(range(1, seats + 1))
        return from_left if self.direction is Direction.CLOCKWISE else from_left[::-1]

    def bets(self, bets: Sequence[Bet]) -> tuple[Bet, ...]:
        """A seat's bets in the order they are settled."""
        if not self.main_before_side:
            return tuple(bets)
        return tuple(sorted(bets, key=lambda b: b in SIDE_BETS))


_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

#: Each call and the values its wording may use (a total is said as a word: "seven").
CALL_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "player_shows": frozenset({"total"}),
        "banker_shows": frozenset({"total"}),
        "natural": frozenset({"hand", "total"}),
        "player_draws": frozenset(),
        "player_stands": frozenset({"total"}),
        "banker_draws": frozenset(),
        "banker_stands": frozenset({"total"}),
        "wins": frozenset({"hand", "high", "low"}),
        "tie": frozenset({"total"}),
        "dragon7": frozenset({"low"}),
        "panda8": frozenset({"low"}),
        "player_has": frozenset({"total"}),
        "banker_has": frozenset({"total"}),
        "tie_push": frozenset(),
        "dragon7_push": frozenset(),
    }
)

DEFAULT_CALLS: Mapping[str, str] = MappingProxyType(
    {
        "player_shows": "Player shows {total}",
        "banker_shows": "Banker shows {total}",
        "natural": "{hand} natural {total}",
        "player_draws": "Player draws",
        "player_stands": "Player stands on {total}",
        "banker_draws": "Banker draws",
        "banker_stands": "Banker stands on {total}",
        "wins": "{hand} wins, {high} over {low}",
        "tie": "Tie, {total} all",
        "dragon7": "Dragon 7: Banker wins, seven over {low}",
        "panda8": "Panda 8: Player wins, eight over {low}",
        "player_has": "Player has {total}",
        "banker_has": "Banker has {total}",
        "tie_push": "Tie, push the Player and Banker bets",
        "dragon7_push": "Dragon 7, push the Banker bet",
    }
)


#: The values a call is keyed with, in this order ("natural=player,9", "wins=banker,7,5").
SAY_ORDER = ("hand", "total", "high", "low")


def say_fields(key: str) -> tuple[str, ...]:
    """The fields of the call ``key`` in the order its values are written."""
    return tuple(f for f in SAY_ORDER if f in CALL_FIELDS[key])


def call_problems(key: str, wording: str) -> list[str]:
    """What is wrong with one call's wording (unknown call, unknown or malformed field)."""
    if key not in CALL_FIELDS:
        return [f"{key!r} is not a call; calls are {', '.join(CALL_FIELDS)}"]
    allowed = CALL_FIELDS[key]
    try:
        parsed = [
            (name, spec, conv)
            for _, name, spec, conv in string.Formatter().parse(wording)
            if name is not None
        ]
    except ValueError as exc:
        return [f"wording {wording!r} is malformed ({exc}); write fields as {{total}}"]
    # a field is a plain {name}: a conversion (!r), a format spec (:d, :>999999999) or an
    # index or attribute ([0], .x) can fail when the call is made, or grow it without bound
    for name, spec, conv in parsed:
        if conv or spec or not name.isidentifier():
            shown = "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
            return [
                f"{shown[:30]} is not a plain field: write it as {{name}}, with no "
                "conversion, format or index"
            ]
    names = [name for name, _, _ in parsed]
    bad = [n for n in names if n not in allowed]
    if bad:
        can = ", ".join("{" + a + "}" for a in sorted(allowed)) or "no fields"
        return [f"{{{bad[0]}}} is not a field of this call (it can use {can})"]
    return []


@dataclass(frozen=True, slots=True)
class Calls:
    """The dealer's calls, worded the house's way; the calling drill reads them."""

    wording: Mapping[str, str] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        merged = {**DEFAULT_CALLS, **self.wording}
        problems = [p for k, w in merged.items() for p in call_problems(k, w)]
        if problems:
            raise HouseError("; ".join(problems))
        object.__setattr__(self, "wording", MappingProxyType(merged))

    def say(self, key: str, **values: int | str) -> str:
        """The call with totals as words: say("wins", hand="Banker", high=7, low=5)."""
        words = {k: _WORDS[v] if isinstance(v, int) else v for k, v in values.items()}
        return self.wording[key].format(**words)


# -- the house ----------------------------------------------------------------------------

#: The outcomes named after a side bet, with that bet and the plain win they are otherwise.
_NAMED_BY: Mapping[Outcome, tuple[Bet, Outcome]] = MappingProxyType(
    {
        Outcome.DRAGON7: (Bet.DRAGON7, Outcome.BANKER),
        Outcome.PANDA8: (Bet.PANDA8, Outcome.PLAYER),
    }
)

_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")

#: The violations a table's limits make, and the limits field that makes each.
_LIMIT_FIELD: Mapping[Violation, str] = MappingProxyType(
    {
        Violation.SIDE_WITHOUT_BASE: "limits.side_bets_need_base",
        Violation.SIDE_OVER_BASE: "limits.side_bet_caps",
        Violation.DIFFERENTIAL: "limits.differential",
    }
)
LIMIT_VIOLATIONS = tuple(_LIMIT_FIELD)
DEFAULT_CHIPS = tuple(
    Chip(Decimal(v), c)
    for v, c in (
        (1, "white"),
        (5, "red"),
        (25, "green"),
        (100, "black"),
        (500, "purple"),
        (1000, "yellow"),
    )
)


@dataclass(frozen=True, slots=True)
class House:
    """One house's rules for one table."""

    id: str
    name: str
    game: Game = Game.EZ
    decks: int = DEFAULT_DECKS
    paytable: Paytable = DEFAULT_PAYTABLE
    bets: tuple[Bet, ...] = tuple(Bet)
    commission: Commission | None = None
    fee: FeeSchedule | None = None
    limits: Limits = Limits()
    chips: tuple[Chip, ...] = DEFAULT_CHIPS
    #: How payouts are cut in those chips: the fewest (default), no more than N of one
    #: chip, or colour for colour (trainer.engine.chips.ChipConvention).
    payout_chips: ChipConvention = FEWEST_CHIPS
    seats: int = 7
    order: SettlementOrder = SettlementOrder()
    calls: Calls = Calls()
    shoe: ShoeRules = DEFAULT_SHOE_RULES
    #: What the dealer does about each player violation (trainer.engine.violations).
    violations: ViolationRules = DEFAULT_VIOLATIONS
    #: The irregularities whose remedy the house confirms ("confirmed": the catalogue's) or
    #: words its own (trainer.engine.irregularities.taught); any other is "call the floor".
    remedies: Mapping[Irregularity, str] = field(default_factory=dict, hash=False)
    description: str = ""
    sources: tuple[str, ...] = ()
    #: The format of the house's table and the pace targets it sets per format
    #: (trainer.engine.pace): the table's target is its format's.
    table_format: TableFormat = TableFormat.MINI
    pace: Mapping[TableFormat, PaceTarget] = field(default_factory=dict, hash=False)

    @property
    def pace_target(self) -> PaceTarget:
        """The pace targets for this house's table (empty: none set)."""
        return self.pace.get(self.table_format, PaceTarget())

    def __post_init__(self) -> None:  # noqa: C901 (one check per house field)
        if not _ID.match(self.id):
            raise HouseError(f"house id {self.id!r}: lowercase letters, digits, - and _")
        check_decks(self.decks)
        try:
            check_cut(self.shoe.cut, 52 * self.decks)
        except EngineError as exc:
            raise HouseError(f"shoe: {exc}") from None
        rules = self.game.rules
        for bet in (Bet.PLAYER, Bet.BANKER):
            if bet not in self.bets:
                raise HouseError(f"every table offers the {bet.value} bet")
        if len(set(self.bets)) != len(self.bets):
            raise HouseError("a bet is offered twice")
        object.__setattr__(self, "bets", tuple(b for b in Bet if b in self.bets))
        if rules.commission != (self.commission is not None):
            need = "needs a" if rules.commission else "takes no"
            raise HouseError(f"the {self.game.value} game {need} commission")
        if rules.fee != (self.fee is not None):
            need = "needs a" if rules.fee else "takes no"
            raise HouseError(f"the {self.game.value} game {need} collection fee schedule")
        if self.fee is not None and self.fee.covers is not None:
            top = max(self.limits.maximum, self.limits.side_max)
            if self.fee.covers < top:
                raise HouseError(
                    f"the fee schedule stops at {format_amount(self.fee.covers)} but the "
                    f"table takes wagers up to {format_amount(top)}"
                )
        for side in self.limits.side_caps:
            if side not in self.bets:
                raise HouseError(f"a cap is set for {side.value}, which the table does not offer")
        if not self.chips or len({c.value for c in self.chips}) != len(self.chips):
            raise HouseError("chips: give each denomination once")
        object.__setattr__(self, "chips", tuple(sorted(self.chips, key=lambda c: c.value)))
        unserved = chips_problem(c.value for c in self.chips)  # every payout cut, bounded
        if unserved is not None:
            raise HouseError(f"chips: {unserved}")
        try:
            cut = self.payout_chips.problem(c.value for c in self.chips)
        except ChipError as exc:
            cut = str(exc)
        if cut is not None:
            raise HouseError(f"payout_chips: {cut}")
        if not 1 <= self.seats <= 14:
            raise HouseError(f"{self.seats} seats: a baccarat table has 1 to 14")
        object.__setattr__(self, "remedies", MappingProxyType(dict(self.remedies)))
        if any(not isinstance(k, Irregularity) or not v.strip() for k, v in self.remedies.items()):
            raise HouseError("remedies: an irregularity and its remedy, in words")
        for v in LIMIT_VIOLATIONS:  # a response to one the limits do not make is unused
            if self.violation_exists(v) and self.violations.response(v) is Response.ALLOW:
                raise HouseError(
                    f"violations.{v.value}: {self.violation_problem(v, Response.ALLOW)}"
                )

    # -- player violations ---------------------------------------------------------------
    def violation_exists(self, violation: Violation) -> bool:
        """Whether this table's limits and bets make ``violation`` possible at all: a side
        bet without its base only where the limits need one, over its base only where a cap
        is set, a differential only where the limits set one."""
        lim = self.limits
        sides = any(b in SIDE_BETS for b in self.bets)
        if violation is Violation.SIDE_WITHOUT_BASE:
            return sides and lim.side_needs_base
        if violation is Violation.SIDE_OVER_BASE:
            return bool(lim.side_caps)
        if violation is Violation.DIFFERENTIAL:
            return lim.differential is not None
        return True

    def violation_problem(self, violation: Violation, response: Response) -> str | None:
        """Why a house file's ``response`` to ``violation`` cannot be this house's (None: it
        can): the limits decide whether a limit-made violation exists, the response only
        what is done about it."""
        if violation not in _LIMIT_FIELD:
            return None
        exists = self.violation_exists(violation)
        if exists and response is Response.ALLOW:
            return f"the limits make it ({_LIMIT_FIELD[violation]}): refuse, return or floor"
        if not exists and response is not Response.ALLOW:
            return f"the limits do not make it: set {_LIMIT_FIELD[violation]} to enforce it"
        return None

    def enforces(self, violation: Violation) -> Response | None:
        """What the dealer does about ``violation`` at this table (None: it plays)."""
        if not self.violation_exists(violation):
            return None
        response = self.violations.response(violation)
        return None if response is Response.ALLOW else response

    @property
    def enforced(self) -> tuple[Violation, ...]:
        """The violations this house enforces, in their declared order."""
        return tuple(v for v in Violation if self.enforces(v) is not None)

    # -- what the settlement and the analysis read ---------------------------------------
    @property
    def rules(self) -> GameRules:
        return self.game.rules

    @property
    def results(self) -> Table:
        return self.game.rules.results

    def commission_on(self, bet: Bet) -> Commission | None:
        """The commission a winning ``bet`` pays, if any."""
        c = self.commission
        return c if c is not None and bet in c.bets else None

    def win_multiple(self, bet: Bet) -> Decimal:
        """What a winning unit wager nets, before rounding: the odds less any commission
        (1 less 5 % = 0.95 for the commission game's Banker bet)."""
        odds = self.paytable.odds(bet)
        c = self.commission_on(bet)
        return odds if c is None else odds * (1 - c.rate)

    def fee_for(self, wager: Decimal) -> Decimal:
        return Decimal(0) if self.fee is None else self.fee.fee(wager)

    def pays(self, bet: Bet) -> str:
        """What a winning ``bet`` pays, as a dealer says it: '8 to 1', '19 to 20'."""
        from fractions import Fraction

        net = Fraction(self.win_multiple(bet))
        if self.commission_on(bet) is None or net.denominator == 1:
            return f"{format_amount(self.paytable.odds(bet))} to 1"
        return f"{net.numerator} to {net.denominator}"

    def named(self, outcome: Outcome) -> Outcome:
        """The outcome as a dealer at this table names it: Dragon 7 and Panda 8 are called
        only where their bet is on the layout; elsewhere a three-card Banker 7 is just a
        Banker win and a three-card Player 8 a Player win ("Banker wins, seven over six").
        The name stays where it still settles the layout differently from the plain win
        (EZ rules without the side bet: the Banker bet pushes on a Dragon 7)."""
        bet, plain = _NAMED_BY.get(outcome, (None, outcome))
        if bet is None or bet in self.bets:
            return outcome
        same = all(self.results[outcome][b] is self.results[plain][b] for b in self.bets)
        return plain if same else outcome

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        """The outcomes a dealer names at this table, in layout order."""
        return tuple(o for o in Outcome if self.named(o) is o)

    def result(self, coup: Coup) -> str:
        """The coup's result sentence as this table names it (``coup.rules[-1]`` is the
        EZ layout's wording, Dragon 7 and Panda 8 included)."""
        p, b = coup.player, coup.banker
        return outcome_reason(
            self.named(coup.outcome),
            p.total,
            len(p.cards),
            b.total,
            len(b.cards),
            self.outcomes,
        )

    def pushes(self, bet: Bet) -> tuple[Outcome, ...]:
        """The outcomes other than a Tie on which ``bet`` pushes (EZ: Banker on a Dragon 7)."""
        return tuple(
            o for o in Outcome if o is not Outcome.TIE and self.results[o][bet] is BetResult.PUSH
        )

    @property
    def summary(self) -> list[str]:
        """The house in a few lines, read from its data (``ezbac houses show``, ``check``)."""
        banker = (
            "the seated players bank in turn" if self.rules.player_banked else ("the house banks")
        )
        lines = [f"{self.rules.title}, {self.decks} decks, {self.seats} seats; {banker}"]
        c = self.commission
        if c is not None:
            when = (
                "taken at once"
                if c.collection is Collection.AT_ONCE
                else "kept in a commission box, collected at the end of the shoe"
            )
            bets = ", ".join(b.label for b in Bet if b in c.bets)
            lines.append(
                f"commission {c.percent} on a winning {bets} bet, {when}; "
                f"rounded {c.rounding.label}"
            )
        if self.fee is not None:
            steps = ", ".join(_step_label(s).replace("owes", "pays") for s in self.fee.steps)
            lines.append(
                f"collection fee per wager: {steps}; the bank rotates every "
                f"{self.fee.rotation} hands among the seated players"
            )
        pays = []
        for bet in self.bets:
            note = (
                ", push on " + " and ".join(o.label for o in self.pushes(bet))
                if (self.pushes(bet))
                else ""
            )
            pays.append(f"{bet.label} {self.pays(bet)}{note}")
        lines.append("bets: " + "; ".join(pays))
        lim = self.limits
        limits = f"limits {format_amount(lim.minimum)}-{format_amount(lim.maximum)}"
        if any(b in SIDE_BETS for b in self.bets):
            limits += f", side bets {format_amount(lim.side_min)}-{format_amount(lim.side_max)}"
            if lim.side_needs_base:
                limits += ", only with a Player or Banker bet on the seat"
            for side, base in lim.side_caps.items():
                limits += f", {side.label} at most the {base.label} bet"
        if lim.differential is not None:
            limits += f", table differential {format_amount(lim.differential)}"
        lines.append(limits)
        lines.append(
            "violations: "
            + "; ".join(
                f"{v.value.replace('_', ' ')}: {r.label}"
                for v in Violation
                if (r := self.enforces(v)) is not None
            )
        )
        confirmed = ", ".join(k.value.replace("_", " ") for k in Irregularity if k in self.remedies)
        lines.append(
            f"irregularities: the house's remedy for {confirmed}; any other, call the floor"
            if confirmed
            else "irregularities: call the floor on every one"
        )
        chips = ", ".join(f"{format_amount(c.value)} {c.colour}" for c in self.chips)
        lines.append(f"chips: {chips}; payouts in {self.payout_chips.label}")
        lines.append(f"shoe: {self.shoe.describe()}")
        lines.append(f"settlement: {self.settlement_order}")
        return lines

    @property
    def settlement_order(self) -> str:
        """The order a table is settled in, as a dealer is taught it (the summary, the
        table's rules reference)."""
        o = self.order
        sweep = " in one sweep" if o.losers is Losers.ONE_SWEEP else ""
        return (
            f"{f'losing bets first{sweep}, then ' if o.losers_first else ''}"
            f"{o.direction.value.replace('counterc', 'counter-c')} from the dealer's "
            f"{'right' if o.direction is Direction.COUNTERCLOCKWISE else 'left'}"
            f"{', main bet before side bet' if o.main_before_side else ''}"
        )

    def with_paytable(self, paytable: Paytable) -> House:
        return replace(self, paytable=paytable)

    def with_decks(self, decks: int) -> House:
        return replace(self, decks=decks)

    # -- the table's rules for a seat's wagers ------------------------------------------
    def limit_problems(self, wagers: Mapping[Bet, Decimal]) -> list[str]:
        """Everything this house's bets and limits forbid about one seat's wagers, in
        layout order."""
        return [text for _, _, text in self._seat_faults(wagers)]

    def seat_violations(self, wagers: Mapping[Bet, Decimal]) -> list[tuple[Violation, Bet, str]]:
        """The player violations this house enforces in one seat's wagers, in layout order:
        (violation, the bet at fault, what is wrong).  Player and Banker on one spot is
        the Banker bet's fault (the second bet put down, in layout order)."""
        out = [(v, bet, text) for v, bet, text in self._seat_faults(wagers) if v is not None]
        if (
            Bet.PLAYER in wagers
            and Bet.BANKER in wagers
            and self.enforces(Violation.BOTH_SIDES) is not None
        ):
            out.append(
                (
                    Violation.BOTH_SIDES,
                    Bet.BANKER,
                    "player and banker on one spot: this house takes one or the other",
                )
            )
        order = {b: i for i, b in enumerate(Bet)}
        return sorted(
            ((v, b, t) for v, b, t in out if self.enforces(v) is not None),
            key=lambda item: order[item[1]],
        )

    def _seat_faults(
        self, wagers: Mapping[Bet, Decimal]
    ) -> list[tuple[Violation | None, Bet, str]]:
        """Each thing the bets and limits forbid about a seat's wagers, with the violation
        it is (None: a bet the table does not offer), in layout order."""
        problems: list[tuple[Violation | None, Bet, str]] = []
        lim = self.limits
        for bet in Bet:
            if bet not in wagers:
                continue
            wager = wagers[bet]
            if bet not in self.bets:
                offered = ", ".join(b.value for b in self.bets)
                problems.append(
                    (None, bet, f"{bet.value}: this table does not offer it (bets: {offered})")
                )
                continue
            low, high = lim.bounds(bet)
            if wager < low:
                problems.append(
                    (
                        Violation.UNDER_MIN,
                        bet,
                        f"{bet.value} {format_amount(wager)} is below the table "
                        f"minimum of {format_amount(low)}",
                    )
                )
            if wager > high:
                problems.append(
                    (
                        Violation.OVER_MAX,
                        bet,
                        f"{bet.value} {format_amount(wager)} is above the table "
                        f"maximum of {format_amount(high)}",
                    )
                )
            if bet in SIDE_BETS and lim.side_needs_base and not any(b in wagers for b in BASE_BETS):
                problems.append(
                    (
                        Violation.SIDE_WITHOUT_BASE,
                        bet,
                        f"{bet.value} is a side bet: it needs a player or banker bet on the "
                        "same seat",
                    )
                )
            base = lim.side_caps.get(bet)
            if base is not None and wager > wagers.get(base, Decimal(0)):
                have = wagers.get(base)
                what = (
                    f"the {base.value} bet ({format_amount(have)})"
                    if have
                    else (f"the {base.value} bet, and there is none")
                )
                problems.append(
                    (
                        Violation.SIDE_OVER_BASE,
                        bet,
                        f"{bet.value} {format_amount(wager)} is over {what}: this house "
                        f"caps {bet.value} at the seat's {base.value} bet",
                    )
                )
        return problems

    def differential_problem(self, wagers: Sequence[tuple[Bet, Decimal]]) -> str | None:
        """What is wrong with a table's action against the house's differential (None:
        within it, or no differential): ``wagers`` are every bet on the layout."""
        most = self.limits.differential
        if most is None or self.enforces(Violation.DIFFERENTIAL) is None:
            return None
        player = sum((w for b, w in wagers if b is Bet.PLAYER), Decimal(0))
        banker = sum((w for b, w in wagers if b is Bet.BANKER), Decimal(0))
        if abs(banker - player) <= most:
            return None
        return (
            f"Banker {format_amount(banker)} and Player {format_amount(player)} differ by "
            f"{format_amount(abs(banker - player))}, over the table differential of "
            f"{format_amount(most)}"
        )

    def range_problems(
        self, ranges: Mapping[Bet, tuple[Decimal, Decimal]], *, every_layout: bool = True
    ) -> list[tuple[Bet, str]]:
        """What this house forbids about a drill's bets, each drawn from (lowest, highest):
        amounts outside the limits, a bet not offered, and, for the side-bet rules, any layout
        the drill could deal that breaks them (``every_layout``: each coup gets all the bets;
        else a random choice of them, so a side bet may come without its base bet)."""
        problems: list[tuple[Bet, str]] = []
        lim = self.limits
        for bet in Bet:
            if bet not in ranges:
                continue
            low, high = ranges[bet]
            if bet not in self.bets:
                offered = ", ".join(b.value for b in self.bets)
                problems.append(
                    (bet, f"the house {self.id} does not offer {bet.value} (bets: {offered})")
                )
                continue
            least, most = lim.bounds(bet)
            if low < least:
                problems.append(
                    (
                        bet,
                        f"{format_amount(low)} is below the house {self.id}'s "
                        f"minimum of {format_amount(least)} for {bet.value}",
                    )
                )
            if high > most:
                problems.append(
                    (
                        bet,
                        f"{format_amount(high)} is above the house {self.id}'s "
                        f"maximum of {format_amount(most)} for {bet.value}",
                    )
                )
            if bet in SIDE_BETS and lim.side_needs_base:
                bases = [b for b in BASE_BETS if b in ranges]
                if not bases:
                    problems.append(
                        (
                            bet,
                            f"the house {self.id} takes {bet.value} only with a "
                            "player or banker bet on the seat: add one",
                        )
                    )
                elif not every_layout:
                    problems.append(
                        (
                            bet,
                            f"the house {self.id} takes {bet.value} only with a "
                            "player or banker bet on the seat, but bets_per_coup may "
                            "deal it alone",
                        )
                    )
            base = lim.side_caps.get(bet)
            if base is None:
                continue
            if base not in ranges or not every_layout:
                problems.append(
                    (
                        bet,
                        f"the house {self.id} caps {bet.value} at the seat's "
                        f"{base.value} bet, and a coup may have no {base.value} bet",
                    )
                )
            elif high > ranges[base][0]:
                problems.append(
                    (
                        bet,
                        f"the house {self.id} caps {bet.value} at the seat's "
                        f"{base.value} bet: {bet.value} goes up to "
                        f"{format_amount(high)} but {base.value} can be "
                        f"{format_amount(ranges[base][0])}",
                    )
                )
        return problems

    def check_wagers(self, wagers: Mapping[Bet, Decimal]) -> None:
        problems = self.limit_problems(wagers)
        if problems:
            raise HouseLimitError(problems)


# -- the bundled houses, as data ------------------------------------------------------------

_REGULATOR = (
    'the regulator\'s rules of play, "EZ Baccarat: Rules of Play" (Washington State '
    "Gambling Commission; docs/rules.md)"
)
#: The irregularities whose common remedy (trainer/irregularities/irregularities.yaml) the
#: house-banked bundled houses confirm; the rest are the floor's to decide.
_STANDARD_REMEDIES = {
    k: CONFIRMED
    for k in (
        Irregularity.CARD_EXPOSED,
        Irregularity.CUT_CARD_MISPLACED,
        Irregularity.TOO_FEW_CARDS,
        Irregularity.MISDEAL,
    )
}

EZ_HOUSE = House(
    id="ez",
    name="EZ Baccarat (standard)",
    description="House-banked EZ Baccarat as the rule sheets give it: no commission, the "
    "Banker bet pushes on a Dragon 7, Tie 8 to 1, Dragon 7 40 to 1, Panda 8 25 to 1.",
    chips=(Chip(Decimal("2.50"), "pink"), *DEFAULT_CHIPS),
    remedies=_STANDARD_REMEDIES,
    sources=(_REGULATOR,),
)

EZ_TIE9_HOUSE = replace(
    EZ_HOUSE,
    id="ez-tie9",
    name="EZ Baccarat, Tie 9 to 1",
    description="EZ Baccarat with the Tie paying 9 to 1, a side bet needing a base bet on "
    "the seat, and a Dragon 7 at most the seat's Banker bet.",
    paytable=Paytable(tie=Decimal(9)),
    limits=Limits(
        minimum=Decimal(5),
        maximum=Decimal(5000),
        side_minimum=Decimal(1),
        side_maximum=Decimal(100),
        side_needs_base=True,
        side_caps={Bet.DRAGON7: Bet.BANKER, Bet.PANDA8: Bet.PLAYER},
    ),
    violations=ViolationRules({Violation.BOTH_SIDES: Response.REFUSE}),
)

COMMISSION_HOUSE = House(
    id="commission",
    name="Commission baccarat (mini-baccarat)",
    game=Game.COMMISSION,
    description="Classic baccarat: a winning Banker bet pays 19 to 20 (5 % commission, taken "
    "at once and rounded up to the next quarter), Player 1 to 1, Tie 8 to 1; no Dragon 7 or "
    "Panda 8.",
    bets=(Bet.PLAYER, Bet.BANKER, Bet.TIE),
    commission=Commission(rounding=Rounding(unit=Decimal("0.25"))),
    remedies={**_STANDARD_REMEDIES, Irregularity.CARD_ON_FLOOR: CONFIRMED},
    limits=Limits(minimum=Decimal(10), maximum=Decimal(5000), differential=Decimal(10_000)),
    violations=ViolationRules(
        {Violation.BOTH_SIDES: Response.REFUSE, Violation.OVER_MAX: Response.FLOOR}
    ),
    chips=(
        Chip(Decimal("0.25"), "blue"),
        Chip(Decimal("0.50"), "grey"),
        Chip(Decimal("2.50"), "pink"),
        *DEFAULT_CHIPS,
    ),
    sources=("docs/rules.md, 'Other games a house deals'",),
)

CARDROOM_HOUSE = House(
    id="cardroom",
    name="Card-room EZ Baccarat (player-banked)",
    game=Game.CARDROOM,
    description="The card room's rack card: EZ rules, 8 decks, each seated player banks two "
    "hands in turn, and every wager pays a collection fee when it is placed.",
    fee=FeeSchedule(
        steps=(
            Step(Decimal(20), Decimal("0.50")),
            Step(Decimal(100), Decimal(1)),
            Step(Decimal(300), Decimal(2)),
            Step(None, Decimal(3)),
        )
    ),
    limits=Limits(
        minimum=Decimal(5),
        maximum=Decimal(500),
        side_minimum=Decimal(1),
        side_maximum=Decimal(100),
        side_needs_base=True,
        side_caps={Bet.DRAGON7: Bet.BANKER},
    ),
    # a player-banked game: the floor rules on a late or pulled bet, the bank being a player's
    violations=ViolationRules(
        {
            Violation.PAST_POSTING: Response.FLOOR,
            Violation.PRESSING: Response.FLOOR,
            Violation.BOTH_SIDES: Response.REFUSE,
        }
    ),
    chips=(Chip(Decimal("0.50"), "grey"), *DEFAULT_CHIPS[:5]),
    seats=9,
    sources=(
        'the card room\'s rack card, "EZ Baccarat - How to Play" (Players, Ventura, '
        "California; docs/rules.md): collection per wager, the bank rotating after two hands",
    ),
)

BUNDLED_HOUSES: Mapping[str, House] = MappingProxyType(
    {h.id: h for h in (EZ_HOUSE, EZ_TIE9_HOUSE, COMMISSION_HOUSE, CARDROOM_HOUSE)}
)
DEFAULT_HOUSE = EZ_HOUSE


# -- settling a wager under a house's rules ----------------------------------------------
# Here, not in trainer.engine.settlement: the house composes the bets, the paytable and the
# settled values below it, and a wager reaches the settlement only through a House (the one
# default, DEFAULT_HOUSE, is decided above).


def settle_bet(
    outcome: Outcome, bet: Bet, wager: Decimal, house: House = DEFAULT_HOUSE
) -> Settlement:
    """Settle one wager under a house's rules; the wager must be within ``WAGERS``
    (InvalidAmountError)."""
    try:
        wager = normalize(as_amount(wager, WAGERS))
    except InvalidAmountError as exc:
        raise InvalidAmountError(f"wager on {bet.value}: {exc}") from None
    return settle_checked(outcome, bet, wager, house)


def settle_checked(outcome: Outcome, bet: Bet, wager: Decimal, house: House) -> Settlement:
    """The settlement itself, for a wager already checked and normalised (``settle_bet`` and
    the table's layout check do that): the one place a bet's result, pay, commission and fee
    are decided."""
    result = house.results[outcome][bet]
    levy = house.commission_on(bet)
    fee = _ZERO if house.fee is None else house.fee.fee(wager)  # normalised by FeeSchedule
    if levy is None:  # the common case, kept quick: a table settles many bets a coup
        return Settlement(
            bet, wager, result, house.paytable.odds(bet), house.named(outcome), fee=fee
        )
    commission = levy.owed(wager) if result is BetResult.WIN else _ZERO
    return Settlement(
        bet,
        wager,
        result,
        house.paytable.odds(bet),
        house.named(outcome),
        commission=normalize(commission),
        commission_deferred=levy.deferred,
        fee=fee,
        commission_rate=levy.rate,
    )


_ZERO = Decimal(0)


def settle(
    outcome: Outcome, wagers: Mapping[Bet, Decimal], house: House = DEFAULT_HOUSE
) -> dict[Bet, Settlement]:
    """Settle every wager on the layout, in the layout's order."""
    return {bet: settle_bet(outcome, bet, wagers[bet], house) for bet in Bet if bet in wagers}
