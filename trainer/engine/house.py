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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from types import MappingProxyType

from trainer.engine.call_words import Announcing, CallLanguage, Calls
from trainer.engine.chips import FEWEST_CHIPS, Chip, ChipConvention, ChipError, chips_problem
from trainer.engine.coup import Coup, Outcome, outcome_reason
from trainer.engine.dead_chips import DeadChips, RollingProgramme
from trainer.engine.errors import EngineError, HouseError, HouseLimitError, InvalidAmountError
from trainer.engine.games import (
    Collection,
    Commission,
    FeeSchedule,
    FeeStep,
    Game,
    GameRules,
    Rounding,
    Table,
    step_words,
)
from trainer.engine.house_ranges import range_problems
from trainer.engine.irregularities import CONFIRMED, Irregularity
from trainer.engine.money import WAGERS, as_amount, format_amount, normalize
from trainer.engine.pace import PaceTarget, TableFormat
from trainer.engine.said import Said
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet, BetResult, Paytable, Settlement
from trainer.engine.shoe import DEFAULT_DECKS, DEFAULT_SHOE_RULES, ShoeRules, check_cut, check_decks
from trainer.engine.table_rules import (
    BASE_BETS,
    SIDE_BETS,
    Direction,
    Limits,
    Losers,
    SettlementOrder,
)
from trainer.engine.violations import DEFAULT_VIOLATIONS, Response, Violation, ViolationRules

__all__ = [
    "BUNDLED_HOUSES",
    "DEFAULT_HOUSE",
    "Chip",
    "House",
    "settle",
    "settle_bet",
    "settle_checked",
]


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
    #: Dead (non-negotiable) chips the house takes beside live chips, and its commission
    #: programme on them (trainer.engine.dead_chips); None: live chips only.
    dead_chips: DeadChips | None = None

    @property
    def pace_target(self) -> PaceTarget:
        """The pace targets for this house's table (empty: none set)."""
        return self.pace.get(self.table_format, PaceTarget())

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise HouseError(f"house id {self.id!r}: lowercase letters, digits, - and _")
        check_decks(self.decks)
        try:
            check_cut(self.shoe.cut, 52 * self.decks)
        except EngineError as exc:
            raise HouseError(f"shoe: {exc}") from None
        self._check_bets()
        self._check_chips()
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

    def _check_bets(self) -> None:
        """The bets offered, in the engine's order, and the money rules the game needs."""
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
        for bet in self.dead_chips.bets if self.dead_chips is not None else ():
            if bet not in self.bets:
                raise HouseError(f"dead chips on {bet.value}, which the table does not offer")

    def _check_chips(self) -> None:
        """The chips, each denomination once and smallest first, and every payout cut."""
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
            return Said(
                "the limits make it ({field}): refuse, return or floor",
                field=_LIMIT_FIELD[violation],
            )
        if not exists and response is not Response.ALLOW:
            return Said(
                "the limits do not make it: set {field} to enforce it",
                field=_LIMIT_FIELD[violation],
            )
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
            steps = ", ".join(step_words(s).replace("owes", "pays") for s in self.fee.steps)
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
        if self.dead_chips is not None:
            lines.append(self.dead_chips.describe())
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
                    Said("player and banker on one spot: this house takes one or the other"),
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
                    (
                        None,
                        bet,
                        Said(
                            "{bet}: this table does not offer it (bets: {offered})",
                            bet=bet.value,
                            offered=offered,
                        ),
                    )
                )
                continue
            low, high = lim.bounds(bet)
            if wager < low:
                problems.append(
                    (
                        Violation.UNDER_MIN,
                        bet,
                        Said(
                            "{bet} {wager} is below the table minimum of {low}",
                            bet=bet.value,
                            wager=format_amount(wager),
                            low=format_amount(low),
                        ),
                    )
                )
            if wager > high:
                problems.append(
                    (
                        Violation.OVER_MAX,
                        bet,
                        Said(
                            "{bet} {wager} is above the table maximum of {high}",
                            bet=bet.value,
                            wager=format_amount(wager),
                            high=format_amount(high),
                        ),
                    )
                )
            if bet in SIDE_BETS and lim.side_needs_base and not any(b in wagers for b in BASE_BETS):
                problems.append(
                    (
                        Violation.SIDE_WITHOUT_BASE,
                        bet,
                        Said(
                            "{bet} is a side bet: it needs a player or banker bet on the same seat",
                            bet=bet.value,
                        ),
                    )
                )
            base = lim.side_caps.get(bet)
            if base is not None and wager > wagers.get(base, Decimal(0)):
                have = wagers.get(base)
                what = (
                    Said("the {base} bet ({have})", base=base.value, have=format_amount(have))
                    if have
                    else Said("the {base} bet, and there is none", base=base.value)
                )
                problems.append(
                    (
                        Violation.SIDE_OVER_BASE,
                        bet,
                        Said(
                            "{bet} {wager} is over {what}: this house "
                            "caps {bet} at the seat's {base} bet",
                            bet=bet.value,
                            wager=format_amount(wager),
                            what=what,
                            base=base.value,
                        ),
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
        return Said(
            "Banker {banker} and Player {player} differ by "
            "{difference}, over the table differential of {most}",
            banker=format_amount(banker),
            player=format_amount(player),
            difference=format_amount(abs(banker - player)),
            most=format_amount(most),
        )

    def range_problems(
        self, ranges: Mapping[Bet, tuple[Decimal, Decimal]], *, every_layout: bool = True
    ) -> list[tuple[Bet, str]]:
        """What this house forbids about a drill's bets, each drawn from (lowest, highest)
        (``trainer.engine.house_ranges``)."""
        return range_problems(self.id, self.bets, self.limits, ranges, every_layout=every_layout)

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
            FeeStep(Decimal(20), Decimal("0.50")),
            FeeStep(Decimal(100), Decimal(1)),
            FeeStep(Decimal(300), Decimal(2)),
            FeeStep(None, Decimal(3)),
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

ROLLING_HOUSE = replace(
    EZ_HOUSE,
    id="ez-rolling",
    name="EZ Baccarat, rolling chips (VIP room)",
    description="EZ Baccarat in a VIP room that sells dead (rolling) chips: they are bet "
    "beside live chips on Player, Banker or Tie, a win is paid in live chips, and the "
    "programme credits 1.2 % of the dead chips lost; the side bets take live chips only.",
    dead_chips=DeadChips((Bet.PLAYER, Bet.BANKER, Bet.TIE), RollingProgramme(Decimal("0.012"))),
    sources=(
        _REGULATOR,
        "dead chips and rolling commission: docs/rules.md, 'Dead chips and rolling "
        "commission' (the rate under Macau's 1.25 % cap)",
    ),
)

EZ_CANTONESE_HOUSE = replace(
    EZ_HOUSE,
    id="ez-cantonese",
    name="EZ Baccarat, called in Cantonese",
    description="EZ Baccarat as the standard house deals it, the dealer calling in Cantonese "
    "(Traditional characters, as in Macau and Hong Kong) and announcing results without the "
    "words for win and lose: 莊七點，閒五點.",
    calls=Calls(language=CallLanguage.CANTONESE, announcing=Announcing.WITHOUT_WIN_LOSE),
    sources=(
        _REGULATOR,
        "閒, 莊, 和局: the regulator's words (DICJ, Macau, 百家樂法定規章); the calls' other "
        "words: docs/translators.md, 'The dealer's calls'",
    ),
)

BUNDLED_HOUSES: Mapping[str, House] = MappingProxyType(
    {
        h.id: h
        for h in (
            EZ_HOUSE,
            EZ_TIE9_HOUSE,
            COMMISSION_HOUSE,
            CARDROOM_HOUSE,
            ROLLING_HOUSE,
            EZ_CANTONESE_HOUSE,
        )
    }
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
