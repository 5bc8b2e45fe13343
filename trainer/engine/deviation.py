"""A departure from the dealing procedure: its kind (``DeviationKind``, which the mistake catalogue
names) and where it is, what the dealer did, the right action and the rule (``Deviation``).

A deviation either is a mistake of its own or ``follows`` from an earlier one (the outcome
called from a hand that drew wrongly, bets settled by that outcome).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from trainer.engine.said import Said


class DeviationKind(enum.Enum):
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
    ROLLING_WRONG = "rolling_wrong"

    @property
    def label(self) -> str:
        """The kind in words, for results and reports ("the Banker drew on a stand")."""
        return _KIND_LABELS[self]


_KIND_LABELS = {
    DeviationKind.WRONG_HAND: Said("a card to the wrong hand"),
    DeviationKind.PLAYER_DREW: Said("the Player drew on a stand"),
    DeviationKind.PLAYER_STOOD: Said("the Player stood on a draw"),
    DeviationKind.BANKER_DREW: Said("the Banker drew on a stand"),
    DeviationKind.BANKER_STOOD: Said("the Banker stood on a draw"),
    DeviationKind.NATURAL_NOT_STOPPED: Said("a natural not stopped"),
    DeviationKind.TOTAL_MISCALLED: Said("a total miscalled"),
    DeviationKind.OUTCOME_MISNAMED: Said("the outcome misnamed"),
    DeviationKind.LOSER_PAID: Said("a losing bet paid"),
    DeviationKind.LOSER_PUSHED: Said("a losing bet left as a push"),
    DeviationKind.PUSH_TAKEN: Said("a push taken"),
    DeviationKind.PUSH_PAID: Said("a push paid"),
    DeviationKind.WINNER_TAKEN: Said("a winning bet taken"),
    DeviationKind.WINNER_PUSHED: Said("a winning bet left as a push"),
    DeviationKind.PAYOUT_SHORT: Said("a payout short"),
    DeviationKind.PAYOUT_OVER: Said("a payout over"),
    DeviationKind.COMMISSION_TAKEN: Said("commission taken where none is owed"),
    DeviationKind.COMMISSION_WRONG: Said("the commission wrong"),
    DeviationKind.FEE_WRONG: Said("the collection fee wrong"),
    DeviationKind.COMMISSION_COLLECTED: Said(
        "commission boxed where taken at once, or the other way"
    ),
    DeviationKind.CHIPS_WRONG: Said("a payout cut in the wrong chips"),
    DeviationKind.BET_MISSED: Said("a bet not settled"),
    DeviationKind.BET_TWICE: Said("a bet settled twice"),
    DeviationKind.ORDER: Said("bets out of the house's order"),
    DeviationKind.CALL_WRONG: Said("a call misspoken, missed or made at the wrong moment"),
    DeviationKind.SHOE_END: Said("the shoe's end misjudged"),
    DeviationKind.COUP_AFTER_LAST: Said("a coup dealt after the shoe's last"),
    DeviationKind.VIOLATION_MISSED: Said("a player's violation let play"),
    DeviationKind.VIOLATION_MISHANDLED: Said(
        "a player's violation handled other than the house says"
    ),
    DeviationKind.LEGAL_BET_STOPPED: Said("a bet the house lets play stopped"),
    DeviationKind.NOT_IN_ACTION: Said("a bet not in action settled"),
    DeviationKind.REMEDY_WRONG: Said("an irregularity not remedied as the house says"),
    DeviationKind.ROLLING_WRONG: Said("the rolling commission on dead chips wrong"),
}


@dataclass(frozen=True, slots=True)
class Deviation:
    """One departure from the procedure: where (``step``, an index into ``Dealt.steps``;
    for something left undone, the step where the dealer went on instead), what the dealer
    did, the right action and the rule.  ``follows``: a consequence of an earlier deviation
    (settling by an outcome called from a wrongly drawn hand), not a mistake of its own."""

    kind: DeviationKind
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
