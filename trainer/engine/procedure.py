"""The audit that holds what a dealer did (a ``Dealt``, ``trainer.engine.dealt``) to the
engine's procedure.

``audit(dealt, house, layout)`` compares it with the engine (``Coup`` for the cards,
``settle_table`` for the bets) and lists every deviation (``trainer.engine.deviation``) with
the rule and the right action, or none.  No answer key is written anywhere else.  The checks
themselves live beside it: the deal (``audit_deal``), the bets (``audit_bets``), the players'
violations and the irregularities (``audit_fouls``).

The cards out of the shoe are fixed: whatever the dealer did with them, the right coup is
the one the rules deal from the same cards in the same order (``Coup.from_cards``), with the
cards that followed in the shoe (``Dealt.following``) when the dealer stopped too early.

A deviation either is a mistake of its own or ``follows`` from an earlier one (the outcome
called from a hand that drew wrongly, bets settled by that outcome): a replay with one
injected mistake has exactly one deviation that does not follow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from trainer.engine.audit_bets import (
    bet_deviations,
    bet_rule,
    did_words,
    order_deviation,
    result_text,
    rolling_deviation,
    settles_as,
)
from trainer.engine.audit_deal import cards_text, check_cards, said_deviations, shoe_deviations
from trainer.engine.audit_fouls import (
    SEAT_MADE,
    at_no_more_bets,
    bets_in_action,
    foul_deviations,
    not_in_action_deviation,
    remedy_deviations,
)
from trainer.engine.cards import DealtCard, Side, hand_total
from trainer.engine.coup import Coup, Outcome, classify, outcome_reason
from trainer.engine.dealt import (
    CalledOutcome,
    CalledTotal,
    Dealt,
    Foul,
    SaidCall,
    ShoeCall,
)
from trainer.engine.deviation import Deviation, DeviationKind
from trainer.engine.errors import EngineError, MissingCardError
from trainer.engine.house import House, settle_checked
from trainer.engine.said import Plural, Said, Verbatim, joined
from trainer.engine.settlement import Bet
from trainer.engine.table import (
    Layout,
    LayoutError,
    TableProcedure,
    layout_problems,
    settle_table,
)
from trainer.engine.violations import Violation

__all__ = [
    "Audit",
    "AuditInputError",
    "audit",
]


class AuditInputError(EngineError):
    """A dealt procedure that cannot be audited (fewer than four cards, a bet settled that is
    not on the layout)."""


# -- the audit ------------------------------------------------------------------------------


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
        if deviation.kind is DeviationKind.COUP_AFTER_LAST:
            return Said("the coup")
        if deviation.kind in (DeviationKind.PLAYER_STOOD, DeviationKind.BANKER_STOOD) and (
            deviation.step == len(cards)
        ):
            return Said("after card {number} ({card})", number=len(cards), card=cards[-1].card)
        return step_label(self.dealt, deviation.step)

    def lines(self) -> list[str]:
        if self.right:
            return [Said("dealt right")]
        out = [f"{self.where(d)}: {d.describe()}" for d in self.deviations]
        if self.note:
            out.append(self.note)
        return out


def step_label(dealt: Dealt, index: int) -> str:
    step = dealt.step_at(index)
    if step is None:
        return Said("after the last step")
    if isinstance(step, DealtCard):
        return Said("card {number} ({card})", number=index + 1, card=step.card)
    if isinstance(step, CalledTotal):
        return Said("the {hand} total called", hand=step.side.label)
    if isinstance(step, CalledOutcome):
        return Said("the outcome called")
    if isinstance(step, ShoeCall):
        return Said("the call after the coup")
    if isinstance(step, SaidCall):
        return Said("call {number} said", number=index - len(dealt.cards) + 1)
    return Said("seat {seat} {bet}", seat=step.seat, bet=step.bet.label)


def audit(dealt: Dealt, house: House, layout: Layout) -> Audit:
    """Every deviation of ``dealt`` from the engine's procedure for its cards under
    ``house`` with the bets on ``layout``, in the order of the steps; none when it was dealt
    right.  The bets are judged as they are in action once each player's violation is
    answered as the dealer answered it (``bets_in_action``).  AuditInputError for a procedure
    that cannot be audited; LayoutError (listing every problem) for a layout the house does
    not allow."""
    _check_input(dealt, house)
    in_action, stopped, notes = bets_in_action(dealt, layout)
    problems = _layout_problems(dealt, layout, house, in_action)
    if problems:
        raise LayoutError(problems)
    keyed = {(s, b) for s, b, _ in layout.bets()}
    for a in dealt.bets:
        if (a.seat, a.bet) not in keyed:
            raise AuditInputError(
                Said(
                    "seat {seat} {bet}: settled, but there is no such bet on the layout",
                    seat=a.seat,
                    bet=Verbatim(a.bet.value),
                )
            )
    steps = dealt.steps
    deviations = check_cards(dealt)
    card_mistake = bool(deviations)
    note = ""
    try:
        coup: Coup | None = Coup.from_cards([c.card for c in dealt.cards] + list(dealt.following))
    except MissingCardError as exc:
        coup = None
        note = Said(
            "the right result cannot be worked out: {why} (give the cards that followed in "
            "the shoe)",
            why=exc.args[0] if exc.args else str(exc),
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
                        DeviationKind.TOTAL_MISCALLED,
                        index,
                        Said("called the {hand} {total}", hand=step.side.label, total=step.total),
                        Said(
                            "the {hand} has {total} ({cards})",
                            hand=step.side.label,
                            total=own[step.side],
                            cards=cards_text(mine),
                        ),
                        Said("a hand's total is the last digit of the sum of its cards"),
                    )
                )
            elif coup is not None:
                right_hand = coup.player if step.side is Side.PLAYER else coup.banker
                if step.total != right_hand.total:
                    deviations.append(
                        Deviation(
                            DeviationKind.TOTAL_MISCALLED,
                            index,
                            Said(
                                "called the {hand} {total}", hand=step.side.label, total=step.total
                            ),
                            Said(
                                "the {hand} has {total} ({cards})",
                                hand=step.side.label,
                                total=right_hand.total,
                                cards=cards_text(right_hand.cards),
                            ),
                            Said("dealt by the rules"),
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
                        DeviationKind.OUTCOME_MISNAMED,
                        index,
                        Said("called {outcome}", outcome=step.outcome.label),
                        Said("call {outcome}", outcome=reference.label),
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
        deviations.extend(
            _bet_steps(dealt, procedure, house, in_action, stopped, notes, settled_by, upstream)
        )
    if coup is not None and dealt.said:
        deviations.extend(said_deviations(dealt, coup, house, card_mistake))
    deviations.extend(shoe_deviations(dealt, house.shoe))
    table = at_no_more_bets(dealt, layout)
    deviations.extend(foul_deviations(dealt, house, layout, table))
    deviations.extend(remedy_deviations(dealt, house))
    deviations.sort(key=lambda d: d.step)
    return Audit(dealt, coup, procedure, tuple(deviations), note, layout)


def _check_input(dealt: Dealt, house: House) -> None:
    """AuditInputError for a procedure that cannot be audited: a cut card past the coup, fewer
    than four cards, a call said that is not one of the house's."""
    if dealt.cut is not None and not 0 <= dealt.cut <= len(dealt.cards) + 1:
        raise AuditInputError(
            Said(
                "the cut card came out in front of card {cut}, but the coup has {count} cards "
                "(give 1 to {last}, or earlier)",
                cut=dealt.cut,
                count=len(dealt.cards),
                last=len(dealt.cards) + 1,
            )
        )
    if len(dealt.cards) < 4:
        raise AuditInputError(
            Plural(
                "{count} card dealt: a coup starts with four (Player, Banker, Player, Banker)",
                "{count} cards dealt: a coup starts with four (Player, Banker, Player, Banker)",
                len(dealt.cards),
            )
        )
    for said in dealt.said:
        try:
            said.words(house)
        except (KeyError, ValueError, IndexError):
            raise AuditInputError(
                Said(
                    "the call {call} is not a call of this house's with its values",
                    call=Verbatim(f"{said.key}={','.join(said.values)}"),
                )
            ) from None


def _layout_problems(dealt: Dealt, layout: Layout, house: House, in_action: Layout) -> list[str]:
    """What the house does not allow in the bets in action, less what a player's violation
    let play explains (that is the violation's deviation), plus a violation keyed on a seat
    the table lacks."""
    # A bet over or under the limits keyed as a violation let play (or pressed past them)
    # is the violation's deviation, not a layout the audit cannot read.
    let_play = {
        (f.seat, f.bet)
        for f in dealt.fouls
        if f.response is None and (f.violation in SEAT_MADE or f.violation is Violation.PRESSING)
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
        lacking = Said(
            "seat {seat}: the table has seats 1 to {seats}", seat=f.seat, seats=house.seats
        )
        if f.seat is not None and not 1 <= f.seat <= house.seats and lacking not in problems:
            problems.append(lacking)
    return problems


def _bet_steps(
    dealt: Dealt,
    procedure: TableProcedure,
    house: House,
    in_action: Layout,
    stopped: Mapping[tuple[int, Bet], Foul],
    notes: Mapping[tuple[int, Bet], str],
    settled_by: Outcome,
    upstream: bool,
) -> list[Deviation]:
    """The bets as the dealer settled them against the engine's ``procedure``: each settled
    once, in action, as the engine settles it (``follows`` when it is what the outcome the
    dealer settled by makes, with an ``upstream`` mistake), none left out, in the house's
    order."""
    deviations: list[Deviation] = []
    on_layout = {(s, b): w for s, b, w in in_action.bets()}
    seen: dict[tuple[int, Bet], int] = {}
    first_bet = dealt.first_bet
    for k, a in enumerate(dealt.bets):
        key = (a.seat, a.bet)
        index = first_bet + k
        if key in seen:
            deviations.append(
                Deviation(
                    DeviationKind.BET_TWICE,
                    index,
                    Said("{action}, a second time", action=did_words(a)),
                    Said("each bet is settled once"),
                    Said("leave it: it was settled"),
                )
            )
            continue
        seen[key] = index
        if key in stopped:
            deviations.append(not_in_action_deviation(a, stopped[key], index))
            continue
        s = procedure.settlements[key]
        rolling = rolling_deviation(a, procedure, house, index)
        if rolling is not None:
            deviations.append(rolling)
        if settles_as(a, s, house):
            continue
        by_dealer = settle_checked(settled_by, a.bet, on_layout[key], house)
        follows = upstream and settles_as(a, by_dealer, house)
        found = bet_deviations(a, s, index, follows, house)
        if key in notes:
            found = [replace(d, rule=joined([notes[key], d.rule])) for d in found]
        deviations.extend(found)
    for seat, bet, _wager in in_action.bets():
        if (seat, bet) not in seen:
            s = procedure.settlements[seat, bet]
            deviations.append(
                Deviation(
                    DeviationKind.BET_MISSED,
                    dealt.step_count,
                    Said("seat {seat} {bet} was not settled", seat=seat, bet=bet.label),
                    result_text(s),
                    bet_rule(s),
                )
            )
    if dealt.ordered:
        order = order_deviation(dealt, procedure, house, first_bet)
        if order is not None:
            deviations.append(order)
    return deviations
