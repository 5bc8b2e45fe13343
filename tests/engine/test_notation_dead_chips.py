"""Dead chips and the rolling commission in the audit's notation, and the audit judging them
under the bundled ez-rolling house (1.2 % of the dead chips lost, rounded down to the cent).

NATURAL 9h 2c Ks 3d: Player 9 over Banker 5.  Seat 6 Banker 1,000 with 600 dead loses:
600 x 1.2 % = 7.20.  Seat 3 Tie 100, all dead, loses: 1.20.  Seat 3 Player 500, all dead,
wins 500 in live chips and earns nothing (the programme counts losses)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.support.cli import ezbac, usage_error
from trainer.engine.deviation import DeviationKind
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.notation import NotationError, Procedure
from trainer.engine.procedure import audit
from trainer.engine.settlement import Bet

ROLLING = BUNDLED_HOUSES["ez-rolling"]
CARDS = "P:9h B:2c P:Ks B:3d call:outcome=player"
RIGHT = (
    "take:6:banker=1000:dead=600:rolling=7.20 take:3:tie=100:dead=100:rolling=1.20 "
    "pay:3:player=500:500:dead=500"
)


def _kinds(bets: str) -> list[DeviationKind]:
    p = Procedure.parse(f"{CARDS} {bets}")
    return [d.kind for d in audit(p.dealt, ROLLING, p.layout).deviations]


def test_dead_chips_are_read_into_the_layout_and_written_back() -> None:
    p = Procedure.parse(f"{CARDS} {RIGHT} bet:1:banker=300:dead=100")
    assert p.layout.dead(6, Bet.BANKER) == Decimal(600)
    assert p.layout.dead(1, Bet.BANKER) == Decimal(100)
    assert p.layout.dead(3, Bet.PLAYER) == Decimal(500)
    (take, *_) = p.dealt.bets
    assert take.rolling == Decimal("7.20")
    assert Procedure.parse(str(p)) == p


def test_the_right_rolling_is_right_and_a_wrong_one_a_deviation() -> None:
    assert _kinds(RIGHT) == []
    wrong = RIGHT.replace("rolling=7.20", "rolling=7.10")
    assert _kinds(wrong) == [DeviationKind.ROLLING_WRONG]
    # commission on a winning bet's dead chips: this programme counts only losses
    assert _kinds(RIGHT + ":rolling=6") == [DeviationKind.ROLLING_WRONG]
    # left out: not recorded, not audited (as a fee left out is not)
    assert _kinds(RIGHT.replace(":rolling=7.20", "")) == []


def test_a_rolling_commission_at_a_house_without_a_programme() -> None:
    p = Procedure.parse(f"{CARDS} take:6:banker=1000:rolling=5")
    (d,) = audit(p.dealt, BUNDLED_HOUSES["ez"], p.layout).deviations
    assert d.kind is DeviationKind.ROLLING_WRONG
    assert d.rule == "this house pays no rolling commission at the table"
    assert d.right == "rolling commission 0"


@pytest.mark.parametrize(
    ("bets", "message"),
    [
        ("take:6:banker=1000:dead=1600", "dead chips 1600 are more than the wager 1000"),
        (
            "take:6:banker=1000:dead=600 bet:6:banker=1000:dead=500",
            "seat 6's banker bet had 600 in dead chips before",
        ),
        ("take:6:banker=1000:dead=lots", "dead:"),
        ("bet:6:banker=1000:rolling=2", "on bet:, only :dead=D"),
        ("take:6:banker=1000:rolling=1:rolling=2", "rolling is given twice"),
    ],
)
def test_bad_dead_chips_in_the_notation_name_their_token(bets: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        Procedure.parse(f"{CARDS}\n{bets}")
    assert message in str(err.value) and err.value.line == 2


def test_ezbac_audit_judges_dead_chips_and_refuses_those_a_house_does_not_take() -> None:
    right = ezbac("audit", "--house", "ez-rolling", f"{CARDS} {RIGHT}")
    assert right.returncode == 0, right.stdout + right.stderr
    wrong = ezbac("audit", "--house", "ez-rolling", f"{CARDS} {RIGHT.replace('7.20', '7')}")
    assert wrong.returncode == 1
    assert (
        "Rule: rolling commission on Banker: 1.2 % of 600 in dead chips = 7.20. "
        "Right: rolling commission 7.20." in wrong.stdout
    )
    refused = ezbac("audit", "--house", "ez", f"{CARDS} take:6:banker=1000:dead=600")
    usage_error(refused, "seat 6: this house takes no dead chips")
