"""The bets in action once a player's violation is answered, and the table's differential,
in the audit.  Worked by hand from docs/rules.md and the bundled houses (trainer/engine/house.py).

Two coups:
- DRAGON, ``Ks 2h As 2c 5d 3c``: Player Ks As 5d = 6, Banker 2h 2c 3c = 7 on three cards:
  a Dragon 7. The Player bet loses, the Banker bet pushes.
- NATURAL, ``9s 2h Ks 5c``: Player 9s Ks = 9, a natural; Banker 2h 5c = 7. The Player
  wins: a Player bet is paid even money, a Banker bet is taken.

A bet refused, returned or sent to the floor does not play: settling it is a deviation of
its own (``not_in_action``), and leaving it unsettled is right.  A press refused leaves the
bet at its amount before the press (the bet keyed); a pinched bet sent to the floor is
taken whole.  The commission house sets a table differential of 10,000 (floor), its limits
10 to 5,000 a bet; EZ sets none.
"""

from __future__ import annotations

from trainer.engine.deviation import DeviationKind
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.notation import Procedure
from trainer.engine.procedure import Audit, audit

DRAGON = "Ks 2h As 2c 5d 3c"
NATURAL = "9s 2h Ks 5c"


def run(text: str, house: str = "ez") -> Audit:
    p = Procedure.parse(text)
    return audit(p.dealt, BUNDLED_HOUSES[house], p.layout)


# -- a bet out of action -----------------------------------------------------------------


def test_a_refused_late_bet_paid_is_settled_out_of_action_not_a_losing_bet_paid() -> None:
    result = run(f"{DRAGON} past_posting:4:player=25:refuse pay:4:player=25:25")
    (d,) = result.deviations
    assert d.kind is DeviationKind.NOT_IN_ACTION and not d.follows
    assert result.where(d) == "seat 4 Player"
    assert d.did == "paid 25"
    assert d.rule == "seat 4 Player 25 was refused (past posting): it does not play"
    assert d.right == "leave it out: it was given back"
    assert "Dragon 7" not in d.describe()


def test_a_refused_late_bet_taken_is_out_of_action_too() -> None:
    (d,) = run(f"{DRAGON} late:4:player=25:refuse take:4:player=25").deviations
    assert (d.kind, d.did) == (DeviationKind.NOT_IN_ACTION, "taken")


def test_a_refused_bet_left_unsettled_is_right() -> None:
    assert run(f"{DRAGON} late:4:player=25:refuse bet:4:player=25").right
    assert run(f"{DRAGON} late:4:player=25:refuse push:1:banker=25").right


def test_cash_returned_leaves_the_chip_bet_on_its_spot_in_action() -> None:
    # A 100 banknote on seat 2's Banker spot, beside its Banker 25 in chips: the cash is no
    # bet (trainer/engine/protection.py, Item), it goes back to the player; the chips play,
    # and the Dragon 7 pushes them.
    assert run(f"cash:2:banker=100:return {DRAGON} push:2:banker=25").right
    (d,) = run(f"cash:2:banker=100 {DRAGON} push:2:banker=25").deviations  # left there
    assert d.kind is DeviationKind.VIOLATION_MISSED


def test_a_late_bet_sent_to_the_floor_in_the_card_room_does_not_play() -> None:
    first, rest = NATURAL.split(" ", 1)
    (d,) = run(
        f"{first} late:3:banker=25:floor {rest} take:3:banker=25:fee=1", "cardroom"
    ).deviations
    assert d.kind is DeviationKind.NOT_IN_ACTION
    assert d.rule == "seat 3 Banker 25 was sent to the floor (past posting): it does not play"
    assert d.right == "leave it out: the floor rules on it"
    assert run(f"{first} late:3:banker=25:floor {rest} bet:3:banker=25", "cardroom").right


def test_a_late_bet_let_play_plays_its_missed_violation_is_the_one_deviation() -> None:
    # The dealer let it play: the Banker 25 loses to the Player's natural and is taken.
    first, rest = NATURAL.split(" ", 1)
    (d,) = run(f"{first} late:3:banker=25 {rest} take:3:banker=25").deviations
    assert d.kind is DeviationKind.VIOLATION_MISSED


def test_a_press_refused_plays_at_the_amount_before_the_press() -> None:
    # Seat 1's Player 100 pressed by 50 after card 4, refused: it plays at 100 and wins
    # even money, 100; paid 150 is 50 over.
    assert run(f"{NATURAL} press:1:player=50:refuse pay:1:player=100:100").right
    (d,) = run(f"{NATURAL} press:1:player=50:refuse pay:1:player=100:150").deviations
    assert d.kind is DeviationKind.PAYOUT_OVER and d.right == "pay 100"
    assert d.rule.startswith(
        "seat 1 Player 100 was pressed by 50 after the first card, refused: it plays at 100; "
    )


def test_a_withdrawal_let_go_in_full_leaves_nothing_in_action() -> None:
    # EZ sends a withdrawal to the floor; the dealer let the player take all 100 back, so
    # nothing is left to pay: the payout is a deviation, and so is the violation missed.
    result = run(f"{NATURAL} withdraw:1:player=100 pay:1:player=100:100")
    assert [d.kind for d in result.deviations] == [
        DeviationKind.NOT_IN_ACTION,
        DeviationKind.VIOLATION_MISSED,
    ]
    # sent to the floor, the withdrawal does not stand: the whole 100 plays
    assert run(f"{NATURAL} withdraw:1:player=100:floor pay:1:player=100:100").right


def test_a_pinched_bet_sent_to_the_floor_is_taken_whole() -> None:
    # Seat 3's Banker 25 lost to the natural; the player pinched 10 of it: the floor, and
    # the whole original 25 is taken.
    assert run(f"{NATURAL} pinch:3:banker=10:floor take:3:banker=25").right
    (d,) = run(f"{NATURAL} pinch:3:banker=10:floor bet:3:banker=25").deviations
    assert (d.kind, d.right) == (DeviationKind.BET_MISSED, "take 25")


# -- the table's differential --------------------------------------------------------------

# taken counter-clockwise, from the dealer's right, as the house takes its losers
OVER = "take:3:banker=1000 take:2:banker=5000 take:1:banker=5000"  # Banker 11,000, Player 0
AT = "take:2:banker=5000 take:1:banker=5000"  # 10,000 apart: at the differential, within it


def test_a_table_over_the_differential_with_nothing_keyed_is_a_violation_missed() -> None:
    result = run(f"{NATURAL} {OVER}", "commission")
    (d,) = result.deviations
    assert d.kind is DeviationKind.VIOLATION_MISSED and d.right == "call the floor"
    assert result.where(d) == "the table: over the differential (at no more bets)"
    assert d.rule == (
        "Commission baccarat (mini-baccarat): Banker 11,000 and Player 0 differ by 11,000, "
        "over the table differential of 10,000: call the floor"
    )
    assert run(f"differential:table:floor {NATURAL} {OVER}", "commission").right


def test_a_table_within_the_differential_called_to_the_floor_is_a_legal_table_stopped() -> None:
    assert run(f"{NATURAL} {AT}", "commission").right
    (d,) = run(f"differential:table:floor {NATURAL} {AT}", "commission").deviations
    assert (d.kind, d.right) == (DeviationKind.LEGAL_BET_STOPPED, "let it play")
    assert d.rule == (
        "Commission baccarat (mini-baccarat): the table's action is within its differential: "
        "Banker 10,000, Player 0 (at most 10,000 apart)"
    )


def test_a_late_bet_is_not_action_at_no_more_bets() -> None:
    # 10,000 at no more bets; the late 1,000 is refused and never counted.
    first, rest = NATURAL.split(" ", 1)
    assert run(f"{first} late:3:banker=1000:refuse {rest} {AT}", "commission").right


def test_no_differential_where_the_house_sets_none() -> None:
    # EZ's limits run to 10,000 a bet and set no differential.
    assert run(f"{NATURAL} take:2:banker=10000 take:1:banker=10000").right


def test_a_bet_under_the_minimum_let_play_is_the_violation_missed_not_bad_input() -> None:
    # EZ's minimum is 1: seat 2's Player 0.50, let play, then taken though the Player won.
    result = run(f"under_min:2:player=0.5 {NATURAL} take:2:player=0.5")
    assert [d.kind for d in result.deviations] == [
        DeviationKind.VIOLATION_MISSED,
        DeviationKind.WINNER_TAKEN,
    ]
    # refused at no more bets, it does not play
    (d,) = run(f"under_min:2:player=0.5:refuse {NATURAL} take:2:player=0.5").deviations
    assert d.kind is DeviationKind.NOT_IN_ACTION


def test_a_press_let_play_past_the_maximum_is_the_press_missed_not_bad_input() -> None:
    # EZ's maximum is 10,000: a Player 10,000 pressed by 100 and let play plays at 10,100,
    # paid even money; the press let play is the one deviation.
    (d,) = run(f"{NATURAL} press:1:player=100 pay:1:player=10000:10100").deviations
    assert d.kind is DeviationKind.VIOLATION_MISSED


def test_a_withdrawal_let_go_leaving_a_side_bet_without_its_base_is_the_one_deviation() -> None:
    # The Tie 9 house (side bets need their base, Panda 8 capped by the Player bet): seat 2
    # has Player 20 and Panda 8 15; the Player 20 is taken back after the first card and the
    # dealer lets it go (the house calls the floor).  The Panda 8 is left without its base,
    # a consequence of the withdrawal, not a layout the audit cannot read: it loses to the
    # Player's natural 9 (no three-card 8) and is taken.
    first, rest = NATURAL.split(" ", 1)
    text = f"{first} withdraw:2:player=20 {rest} bet:2:player=20 take:2:panda8=15"
    (d,) = run(text, "ez-tie9").deviations
    assert d.kind is DeviationKind.VIOLATION_MISSED
