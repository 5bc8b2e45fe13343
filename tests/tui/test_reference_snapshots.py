"""Snapshots of the rules reference with the house's own rules, at 80×24 and 120×40: the
card room's fee schedule, the commission house's rounding, and the violations drill's
responses.  Update with `--snapshot-update` after a deliberate change, and look at them."""

from __future__ import annotations

import pytest

from tests.tui.test_reference_everywhere import CARDROOM, bundled_app, coup_app
from trainer.drills.model import Step
from trainer.engine import Bet
from trainer.engine.house import COMMISSION_HOUSE

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", SIZES)
def test_reference_card_room_fee(snap_compare, size: str) -> None:
    app = coup_app({Bet.PLAYER: "35", Bet.BANKER: "35"}, (Step.FEE,), CARDROOM)
    assert snap_compare(app, terminal_size=SIZES[size], press=["question_mark"])


@pytest.mark.parametrize("size", SIZES)
def test_reference_commission(snap_compare, size: str) -> None:
    app = coup_app({Bet.BANKER: "137"}, (Step.COMMISSION,), COMMISSION_HOUSE)
    assert snap_compare(app, terminal_size=SIZES[size], press=["question_mark"])


@pytest.mark.parametrize("size", SIZES)
def test_reference_violations(snap_compare, size: str) -> None:
    assert snap_compare(
        bundled_app("violations"), terminal_size=SIZES[size], press=["question_mark"]
    )
