"""A house file's dead chips and rolling commission: read, defaulted, written back, and
every bad value one line at its file:line:column."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.dead_chips import DEAD_BETS, RollingBase
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.settlement import Bet
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text
from trainer.houses.text import house_yaml

HEAD = "id: vip\nname: VIP room\n"


def test_dead_chips_read_with_their_programme() -> None:
    house = load_house_text(
        HEAD + "dead_chips:\n  bets: [banker, player, tie]\n"
        "  rolling_commission: {rate: 0.9, base: turnover}\n"
    )
    dead = house.dead_chips
    assert dead is not None and dead.bets == (Bet.PLAYER, Bet.BANKER, Bet.TIE)
    assert dead.programme is not None
    assert dead.programme.rate == Decimal("0.009")  # 0.9 % as a fraction
    assert dead.programme.base is RollingBase.TURNOVER


def test_defaults_even_money_bets_losses_and_no_programme() -> None:
    assert load_house_text(HEAD).dead_chips is None  # left out: live chips only
    bare = load_house_text(HEAD + "dead_chips: {}\n").dead_chips
    assert bare is not None and bare.bets == DEAD_BETS and bare.programme is None
    rated = load_house_text(HEAD + 'dead_chips: {rolling_commission: {rate: "1.25%"}}\n')
    assert rated.dead_chips is not None and rated.dead_chips.programme is not None
    assert rated.dead_chips.programme.rate == Decimal("0.0125")
    assert rated.dead_chips.programme.base is RollingBase.LOSSES


def test_the_example_house_is_written_and_read_back() -> None:
    house = BUNDLED_HOUSES["ez-rolling"]
    text = house_yaml(house)
    assert (
        "dead_chips:\n  bets: [player, banker, tie]\n  rolling_commission:\n"
        "    rate: 1.2%\n    base: losses\n"
    ) in text
    assert load_house_text(text) == house


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (
            "dead_chips: {bets: [player, dragon7]}\nbets: [player, banker]\n",
            "3:29: dead_chips.bets[1]",
            "the table does not offer dragon7 (bets: player, banker)",
        ),
        ("dead_chips: {bets: []}\n", "3:20: dead_chips.bets", "is an empty list"),
        ("dead_chips: {bets: [tie, tie]}\n", "3:26: dead_chips.bets[1]", "listed twice"),
        ("dead_chips: {bets: [banco]}\n", "3:21: dead_chips.bets[0]", "banker"),
        (
            "dead_chips: {rolling_commission: {rate: 0}}\n",
            "3:41: dead_chips.rolling_commission.rate",
            "more than 0 and less than 100 %",
        ),
        (
            "dead_chips: {rolling_commission: {rate: lots}}\n",
            "3:41: dead_chips.rolling_commission.rate",
            "is not a percentage",
        ),
        (
            "dead_chips: {rolling_commission: {base: losses}}\n",
            "3:34: dead_chips.rolling_commission",
            "rate",
        ),
        (
            "dead_chips: {rolling_commission: {rate: 1, base: wins}}\n",
            "3:50: dead_chips.rolling_commission.base",
            "losses",
        ),
        ("dead_chips: {colour: red}\n", "3:14: dead_chips.colour", "unknown key"),
        # hostile: other scripts' digits, exponents, signs, a list where one bet list is
        (
            'dead_chips: {rolling_commission: {rate: "１.２%"}}\n',
            "3:41: dead_chips.rolling_commission.rate",
            "is not a percentage",
        ),
        (
            "dead_chips: {rolling_commission: {rate: 1e2}}\n",
            "3:41: dead_chips.rolling_commission.rate",
            "is not a percentage",
        ),
        (
            "dead_chips: {rolling_commission: {rate: -1}}\n",
            "3:41: dead_chips.rolling_commission.rate",
            "is not a percentage",
        ),
        ("dead_chips: {bets: player}\n", "3:20: dead_chips.bets", "list"),
        (
            "dead_chips: {bets: [" + ", ".join(["tie"] * 5000) + "]}\n",
            "3:26: dead_chips.bets[1]",
            "listed twice",
        ),
        ("dead_chips: [player]\n", "3:13: dead_chips", "mapping"),
    ],
)
def test_bad_dead_chips_one_line_at_file_line_column(text: str, where: str, message: str) -> None:
    with pytest.raises(HouseFileError) as err:
        load_house_text(HEAD + text, "vip.yaml")
    first = str(err.value.problems[0])
    assert len(err.value.problems) == 1, err.value.problems
    assert first.startswith(f"vip.yaml:{where}") and message in first, first
    assert "\n" not in first


def test_the_documented_example_declares_its_dead_chips() -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "houses.md").read_text("utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None
    dead = load_house_text(block.group(1), "docs/houses.md").dead_chips
    assert dead is not None and dead.bets == (Bet.PLAYER, Bet.BANKER)
    assert dead.programme is not None and dead.programme.rate == Decimal("0.012")
    assert dead.programme.base is RollingBase.LOSSES


def test_the_summary_says_the_dead_chips() -> None:
    assert (
        "dead chips on Player, Banker, Tie: a win paid in live chips; rolling commission "
        "1.2 % of the dead chips lost, rounded down to the cent"
    ) in BUNDLED_HOUSES["ez-rolling"].summary
    assert not any("dead chips" in line for line in BUNDLED_HOUSES["ez"].summary)
