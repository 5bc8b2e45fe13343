"""The audit of a player's violation and an irregularity in the deal, keyed in the notation.

Worked by hand from the bundled houses' data (trainer/engine/house.py: EZ keeps the common
responses: a late or pressed bet refused, a withdrawn or pinched bet to the floor, cash
returned, Player and Banker on one spot allowed, no differential; the Tie 9 house refuses
Player and Banker on one spot; the commission house sends a bet over the maximum to the
floor and sets a 10,000 differential; the card room sends a late or pressed bet to the
floor; EZ confirms the remedy for a card exposed, the cut card misplaced, too few cards and
a misdeal, the commission house also a card on the floor) and docs/rules.md.

The coup: P:9s B:2h P:Ks B:5c, Player 9 (a natural) beats Banker 7: seat 3's Banker 25
is taken, seat 1's Player 100 paid 100 (the card room also collects a fee of 1 on each).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from trainer.engine.deviation import DeviationKind
from trainer.engine.house import BUNDLED_HOUSES, House
from trainer.engine.irregularities import Irregularity
from trainer.engine.notation import Procedure
from trainer.engine.procedure import Audit, audit

CARDS = "P:9s B:2h P:Ks B:5c"
CALLS = "call:player=9 call:banker=7 call:outcome=player"


def _bets(house: str) -> str:
    fee = ":fee=1" if house == "cardroom" else ""
    return f"take:3:banker=25{fee} pay:1:player=100:100{fee}"


def run(house: str, *, before: str = "", deal: str = "", after: str = "") -> Audit:
    """The coup dealt right, with ``before`` at no more bets, ``deal`` after the first
    card, ``after`` once the result is called."""
    first, rest = CARDS.split(" ", 1)
    text = f"{before} {first} {deal} {rest}\n{CALLS} {after}\n{_bets(house)}"
    p = Procedure.parse(text)
    return audit(p.dealt, BUNDLED_HOUSES[house], p.layout)


@pytest.mark.parametrize("house", ["ez", "ez-tie9", "commission", "cardroom"])
def test_the_coup_itself_is_dealt_right(house: str) -> None:
    assert run(house).right


def test_a_late_bet_let_play_is_a_violation_missed_with_the_houses_rule() -> None:
    result = run("ez", deal="late:5:banker=25")
    (d,) = result.deviations
    assert d.kind is DeviationKind.VIOLATION_MISSED and not d.follows
    assert d.did == "let it play" and d.right == "refuse the bet"
    assert d.rule == (
        "EZ Baccarat (standard): a bet placed after the first card (past posting): refuse the bet"
    )
    assert result.where(d) == "seat 5 Banker 25: past posting (after card 1)"
    assert run("ez", deal="late:5:banker=25:refuse").right


def test_the_card_room_sends_a_late_bet_to_the_floor() -> None:
    (d,) = run("cardroom", deal="past_posting:5:banker=25:refuse").deviations
    assert d.kind is DeviationKind.VIOLATION_MISHANDLED
    assert (d.did, d.right) == ("refuse the bet", "call the floor")
    assert run("cardroom", deal="late:5:banker=25:floor").right


def test_a_pinched_bet_not_caught() -> None:
    # seat 3's Banker 25 lost; the player takes 10 back after the result: the floor.
    result = run("ez", after="pinch:3:banker=10")
    (d,) = result.deviations
    assert d.kind is DeviationKind.VIOLATION_MISSED and d.right == "call the floor"
    assert "a losing bet pinched after the result" in d.rule
    assert result.where(d) == "seat 3 Banker 10: pinched bet (after the result)"
    assert run("ez", after="pinch:3:banker=10:floor").right


def test_pressing_answered_with_a_return_is_handled_otherwise() -> None:
    (d,) = run("ez", deal="press:1:player=50:return").deviations
    assert d.kind is DeviationKind.VIOLATION_MISHANDLED
    assert (d.did, d.right) == ("return it", "refuse the bet")


def test_player_and_banker_on_one_spot_depends_on_the_house() -> None:
    # seat 1 has its Player 100 on the layout; a Banker bet beside it is both sides
    stopped = run("ez", before="both_sides:1:banker=10:refuse").deviations
    assert [d.kind for d in stopped] == [DeviationKind.LEGAL_BET_STOPPED]
    assert stopped[0].right == "let it play"
    assert stopped[0].rule == "EZ Baccarat (standard): the house lets it play"
    assert run("ez", before="both_sides:1:banker=10").right
    assert run("ez-tie9", before="both_sides:1:banker=10:refuse").right
    # seat 2 has no bet: a Banker bet alone is no violation
    (alone,) = run("ez-tie9", before="both_sides:2:banker=10:refuse").deviations
    assert alone.kind is DeviationKind.LEGAL_BET_STOPPED
    (missed,) = run("ez-tie9", before="both_sides:1:banker=10").deviations
    assert missed.kind is DeviationKind.VIOLATION_MISSED


def test_the_differential_only_where_the_limits_set_one() -> None:
    (d,) = run("ez", before="differential:table:floor").deviations
    assert d.kind is DeviationKind.LEGAL_BET_STOPPED
    assert "this table's limits do not make it a violation" in d.rule
    # The commission house sets a 10,000 differential: this coup's Player 100 and Banker
    # 25 are 75 apart, within it, so a floor call stops a legal table and none is right
    # (a table over it: tests/engine/test_audit_action.py).
    (within,) = run("commission", before="differential:table:floor").deviations
    assert within.kind is DeviationKind.LEGAL_BET_STOPPED and within.right == "let it play"
    assert run("commission", before="differential:table").right


def test_cash_is_returned_and_over_the_maximum_per_house() -> None:
    assert run("ez", before="cash:4:player=100:return").right
    (d,) = run("ez", before="cash:4:player=100:refuse").deviations
    assert (d.kind, d.right) == (DeviationKind.VIOLATION_MISHANDLED, "return it")
    # EZ's limits are 1 to 10,000 (the defaults), the commission house's 10 to 5,000
    assert run("ez", before="over_max:2:banker=20000:refuse").right
    (floor,) = run("commission", before="over_max:2:banker=6000:refuse").deviations
    assert floor.right == "call the floor"


def test_a_bet_within_the_limits_is_no_violation() -> None:
    # The Tie 9 house's limits are 5 to 5,000 a main bet: 2 is under the minimum, 10 is
    # not, so refusing 10 stops a legal bet; 5,000 is at the maximum, 5,001 over it.
    assert run("ez-tie9", before="under_min:2:player=2:refuse").right
    (d,) = run("ez-tie9", before="under_min:2:player=10:refuse").deviations
    assert d.kind is DeviationKind.LEGAL_BET_STOPPED and d.right == "let it play"
    assert d.rule == "EZ Baccarat, Tie 9 to 1: the bet is within this table's limits"
    assert run("ez-tie9", before="over_max:2:banker=5000").right
    (m,) = run("ez-tie9", before="over_max:2:banker=5001").deviations
    assert m.kind is DeviationKind.VIOLATION_MISSED and m.right == "refuse the bet"
    # a Dragon 7 with a Banker bet on its seat has its base; without one it has none
    assert run("ez-tie9", before="side_without_base:2:dragon7=5:refuse").right
    (b,) = run("ez-tie9", before="side_without_base:3:dragon7=5:refuse").deviations
    assert b.kind is DeviationKind.LEGAL_BET_STOPPED


def test_several_violations_are_each_judged_in_order() -> None:
    result = run("ez-tie9", before="under_min:2:player=1:refuse", deal="late:5:banker=25")
    assert [d.kind for d in result.deviations] == [DeviationKind.VIOLATION_MISSED]
    assert result.deviations[0].step == 1  # after card 1, in front of card 2


# -- irregularities --------------------------------------------------------------------


def test_a_confirmed_remedy_is_applied_not_sent_to_the_floor() -> None:
    assert run("ez", deal="remedy:card_exposed:applied").right
    result = run("ez", deal="remedy:card_exposed:floor")
    (d,) = result.deviations
    assert d.kind is DeviationKind.REMEDY_WRONG and d.did == "called the floor"
    assert d.right == "apply the house's remedy for a card exposed"
    assert d.rule == "EZ Baccarat (standard) confirms the standard remedy for a card exposed"
    assert result.where(d) == "a card exposed (after card 1)"


def test_an_unconfirmed_remedy_is_the_floors() -> None:
    assert run("ez", deal="remedy:card_on_floor:floor").right
    (d,) = run("ez", deal="remedy:card_on_floor:applied").deviations
    assert d.kind is DeviationKind.REMEDY_WRONG
    assert d.right == "stop, keep everything in place and call the floor"
    assert "has confirmed no remedy for a card on the floor" in d.rule
    # the commission house confirms this one
    assert run("commission", deal="remedy:card_on_floor:applied").right


def test_carrying_on_is_never_right() -> None:
    for house, kind in (("ez", "misdeal"), ("ez", "wrong_hand")):
        (d,) = run(house, after=f"remedy:{kind}").deviations
        assert d.kind is DeviationKind.REMEDY_WRONG and d.did == "carried on"


def test_a_house_worded_remedy_is_cited_in_its_words() -> None:
    own: House = replace(
        BUNDLED_HOUSES["ez"],
        remedies={Irregularity.WRONG_HAND: "Move the card to its hand and deal on"},
    )
    p = Procedure.parse(f"{CARDS} remedy:wrong_hand:floor\n{CALLS}\n{_bets('ez')}")
    (d,) = audit(p.dealt, own, p.layout).deviations
    assert d.right == "move the card to its hand and deal on"
    p = Procedure.parse(f"{CARDS} remedy:wrong_hand:applied\n{CALLS}\n{_bets('ez')}")
    assert audit(p.dealt, own, p.layout).right
