"""Skill keys: what a question tests, shared by grading, history, review and reports.

A key is a short stable string (stored in the history database, so never renamed):

- ``natural``                      spotting a natural (nobody draws)
- ``player:T``                     Player's draw decision on two-card total T (0-7)
- ``banker:B:V`` / ``banker:B:stood``  the Banker tableau cell: two-card total B and the
                                   Player's third-card value V, or "the Player stood"
- ``outcome:O``                    naming the outcome O (player, banker, tie, dragon7, panda8)
- ``payout:BET:RESULT``            settling BET when it wins / pushes / loses
- ``payout:BET:commission``        the commission a winning BET owes (commission houses)
- ``payout:fee``                   the card room's collection fee on a wager
- ``table:take``                   taking every losing bet at a full table (and nothing else)
- ``table:pay:BET``                paying a BET at a full table (the amount; a push is left)
- ``table:order``                  paying a table's winners in the house's order
- ``table:chips``                  a payout in chips by the house's convention (fewest chips)
- ``table:commission``             the commission on a winning bet at a full table
- ``shoe:burn`` / ``shoe:cut`` / ``shoe:end`` / ``shoe:deal``  running a shoe: the burn,
                                   the cut card out, the last coup, dealing on before it
- ``call:STEP``                    the dealer's call at STEP (trainer.engine.calls.CallStep:
                                   player_shows, banker_acts, result, ...)
- ``spot:ERROR`` / ``spot:none``   spotting error ERROR (the engine's catalogue id) in a
                                   replay, or that a replay was dealt right
- ``spot:ERROR:fix``               naming the right step where ERROR was dealt
- ``spot:remedy`` / ``spot:remedied``  an irregularity in a replay remedied other than the
                                   house says (``spot:remedy:fix``: the right remedy), or
                                   remedied right (the flag is "no error")
- ``spot:violation`` / ``spot:caught``  the same for a player's violation in a replay
                                   (``spot:violation:fix``: the house's answer)
- ``violation:KIND`` / ``violation:none``  stopping player violation KIND at its moment and
                                   answering it as the house says (trainer.engine.violations),
                                   or letting a legal moment play
- ``irregularity:KIND``            the remedy for irregularity KIND at the house
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

# The skill families (FAMILIES, the coup's, then PROCEDURE_FAMILIES) are trainer.skillkey's:
# a curriculum's patterns name them too.
from trainer.skillkey import ALL_FAMILIES as ALL_FAMILIES
from trainer.skillkey import FAMILIES as FAMILIES
from trainer.skillkey import PROCEDURE_FAMILIES as PROCEDURE_FAMILIES
from trainer.skillkey import (
    SkillKey,
    SkillKeyError,
    family_of,
    last_part,
)

if TYPE_CHECKING:  # the history store needs family() at launch, without the engine
    from trainer.engine import Bet, BetResult, Coup, Outcome

#: Skills of a house's money the review cannot ask: it deals its coups under the default
#: house, which owes no commission and takes no fee (the commission and cardroom-fee drills
#: practise them).
HOUSE_MONEY: tuple[str, ...] = ("commission", "fee")


def reviewed(key: str) -> bool:
    """Whether the spaced review can deal this skill and so counts it due: the one test the
    home screen's count and the review both apply (a commission once stayed due for ever)."""
    f = family_of(key)  # a malformed key from a history row is judged by its text
    return f in FAMILIES and not (f == "payout" and last_part(key) in HOUSE_MONEY)


def family(key: str) -> str:
    """A key's family (one of FAMILIES): how results and reports group skills."""
    return family_of(key)


@dataclass(frozen=True, slots=True)
class Skill:
    key: str


def player_key(total: int) -> str:
    """The Player's draw decision on two-card ``total``."""
    return str(SkillKey.of("player", total))


def banker_key(total: int, third: int | None) -> str:
    """The tableau cell: Banker ``total`` and the Player's ``third`` card (None: stood)."""
    return str(SkillKey.of("banker", total, "stood" if third is None else third))


def player_skill(coup: Coup) -> Skill:
    if coup.natural:
        return Skill("natural")
    return Skill(player_key(coup.player.two_card_total))


def banker_skill(coup: Coup) -> Skill:
    cell = coup.banker_cell
    if cell is None:
        return Skill("natural")
    return Skill(banker_key(*cell))


def outcome_skill(coup: Coup, named: Outcome | None = None) -> Skill:
    """Naming the outcome; ``named`` is the outcome as the table's house names it (a
    commission table calls a three-card Banker 7 a Banker win), else the coup's own."""
    return Skill(str(SkillKey.of("outcome", (named or coup.outcome).value)))


def payout_skill(bet: Bet, result: BetResult) -> Skill:
    return Skill(str(SkillKey.of("payout", bet.value, result.value)))


def commission_skill(bet: Bet) -> Skill:
    """The commission owed on a winning ``bet``: a payout skill (no new report columns)."""
    return Skill(str(SkillKey.of("payout", bet.value, "commission")))


def fee_skill() -> Skill:
    """The collection fee on a wager (it depends on the amount, not the bet)."""
    return Skill(str(SkillKey.of("payout", "fee")))


#: The answers recorded at the table for a winner left unpaid when paying ends and for a
#: question still open when an exam's limit runs out: not the dealer's actions, so the
#: history tells them apart when it adds up a table's time.
TABLE_NOT_PAID = "not paid"
TABLE_TIMED_OUT = "timeout"
#: The most seats a take's answer records as its table's (a house's ``seats``: 1 to 14).
MOST_SEATS = 14


def table_take_skill() -> Skill:
    return Skill(str(SkillKey.of("table", "take")))


def table_pay_skill(bet: Bet) -> Skill:
    """Paying ``bet`` at a full table (its own key: the table is a different context from
    one bet on an empty layout)."""
    return Skill(str(SkillKey.of("table", "pay", bet.value)))


def table_order_skill() -> Skill:
    return Skill(str(SkillKey.of("table", "order")))


def table_chips_skill() -> Skill:
    return Skill(str(SkillKey.of("table", "chips")))


def table_commission_skill() -> Skill:
    return Skill(str(SkillKey.of("table", "commission")))


def describe(key: str) -> str:  # noqa: C901 (one case per skill family)
    """Human wording for a skill key, as shown on results, progress and reports."""
    from trainer.engine import Bet, Outcome

    try:
        parsed = SkillKey.parse(key)
    except SkillKeyError:
        return key  # a malformed key from a history row: shown as it is stored
    match parsed:
        case SkillKey("natural", ()):
            return "Naturals (nobody draws)"
        case SkillKey("player", (total,)):
            return f"Player draw on {total}"
        case SkillKey("banker", (total, "stood")):
            return f"Banker {total}, Player stood"
        case SkillKey("banker", (total, third)):
            return f"Banker {total}, Player's third card {third}"
        case SkillKey("outcome", (outcome,)):
            return f"Outcome: {Outcome(outcome).label}"
        case SkillKey("payout", (bet, "commission")):
            return f"{Bet(bet).label} commission owed"
        case SkillKey("payout", ("fee",)):
            return "Collection fee"
        case SkillKey("payout", (bet, result)):
            verb = {"win": "wins", "push": "pushes", "lose": "loses"}[result]
            return f"{Bet(bet).label} bet {verb}"
        case SkillKey("table", ("take",)):
            return "Table: taking the losing bets"
        case SkillKey("table", ("pay", bet)):
            return f"Table: paying {Bet(bet).label}"
        case SkillKey("table", ("order",)):
            return "Table: paying in the house's order"
        case SkillKey("table", ("chips",)):
            return "Table: paying in chips"
        case SkillKey("table", ("commission",)):
            return "Table: commission"
        case SkillKey("shoe", (what,)) if what in _SHOE_SKILLS:
            return _SHOE_SKILLS[what]
        case SkillKey("call", (step,)):
            return f"Call: {step.replace('_', ' ')}"
        case SkillKey("spot", ("none",)):
            return "Spot: a coup dealt right"
        case SkillKey("spot", ("remedy",)):
            return "Spot: an irregularity remedied wrong"
        case SkillKey("spot", ("remedied",)):
            return "Spot: an irregularity remedied right"
        case SkillKey("spot", ("remedy", "fix")):
            return "Right step: the remedy for an irregularity"
        case SkillKey("spot", ("violation",)):
            return "Spot: a player's violation handled wrong"
        case SkillKey("spot", ("caught",)):
            return "Spot: a player's violation handled right"
        case SkillKey("spot", ("violation", "fix")):
            return "Right step: the answer to a player's violation"
        case SkillKey("spot", (error,)):
            return f"Spot: {error_title(error)}"
        case SkillKey("spot", (error, "fix")):
            return f"Right step: {error_title(error)}"
        case SkillKey("violation", ("none",)):
            return "Violations: a legal moment let play"
        case SkillKey("violation", (kind,)):
            return f"Violations: {kind.replace('_', ' ')}"
        case SkillKey("irregularity", (kind,)):
            return f"Irregularity: {kind.replace('_', ' ')}"
    return key


_SHOE_SKILLS = {
    "burn": "Shoe: the burn",
    "cut": "Shoe: the cut card comes out",
    "end": "Shoe: the last coup",
    "deal": "Shoe: dealing on before the cut card",
}


def error_title(mistake_id: str) -> str:
    """The catalogue's words for a mistake (the id itself if this version lacks it)."""
    from trainer.engine.catalogue import find_mistake

    try:
        return find_mistake(mistake_id).description.rstrip(".")
    except ValueError:
        return mistake_id
