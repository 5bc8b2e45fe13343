"""Settlement: the five outcomes by five bets of docs/rules.md, exact amounts, custom paytables."""

from __future__ import annotations

from decimal import Decimal

import pytest

from trainer.engine.coup import Outcome
from trainer.engine.errors import InvalidAmountError, InvalidBetError
from trainer.engine.house import DEFAULT_HOUSE, settle, settle_bet
from trainer.engine.settlement import DEFAULT_PAYTABLE, Bet, BetResult, Paytable

# docs/rules.md "Settlement", copied as written.  Columns: Player, Banker, Tie, Dragon 7, Panda 8.
TABLE_TEXT = """
| Player win | pays 1:1 | loses | loses | loses | loses |
| Panda 8 | pays 1:1 | loses | loses | loses | pays 25:1 |
| Banker win | loses | pays 1:1 | loses | loses | loses |
| Dragon 7 | loses | **push** | loses | pays 40:1 | loses |
| Tie | push | push | pays 8:1 | loses | loses |
"""
_ROWS = {
    "Player win": Outcome.PLAYER,
    "Panda 8": Outcome.PANDA8,
    "Banker win": Outcome.BANKER,
    "Dragon 7": Outcome.DRAGON7,
    "Tie": Outcome.TIE,
}
_COLUMNS = (Bet.PLAYER, Bet.BANKER, Bet.TIE, Bet.DRAGON7, Bet.PANDA8)


def _table() -> dict[tuple[Outcome, Bet], tuple[BetResult, int]]:
    """(outcome, bet) -> (result, pays N to 1 when it wins)."""
    cells = {}
    for line in TABLE_TEXT.strip().splitlines():
        row, *cols = (c.strip().strip("*") for c in line.strip("|").split("|"))
        for bet, text in zip(_COLUMNS, cols, strict=True):
            if text.startswith("pays"):
                cells[(_ROWS[row], bet)] = (BetResult.WIN, int(text.split()[1].split(":")[0]))
            elif text == "push":
                cells[(_ROWS[row], bet)] = (BetResult.PUSH, 0)
            else:
                assert text == "loses"
                cells[(_ROWS[row], bet)] = (BetResult.LOSE, 0)
    return cells


TABLE = _table()


def test_table_covers_five_by_five() -> None:
    assert len(TABLE) == 25


@pytest.mark.parametrize(
    ("outcome", "bet"),
    sorted(TABLE, key=lambda k: (k[0].value, k[1].value)),
    ids=lambda x: x.value,
)
@pytest.mark.parametrize("wager", ["10", "2.50", "7.35", "1000", "0.01"])
def test_settlement_cell(outcome: Outcome, bet: Bet, wager: str) -> None:
    result, pays = TABLE[(outcome, bet)]
    s = settle_bet(outcome, bet, Decimal(wager))
    assert s.result is result
    assert s.odds == pays or result is not BetResult.WIN
    w = Decimal(wager)
    expected_paid = w * pays if result is BetResult.WIN else Decimal(0)
    assert s.paid == expected_paid
    assert (
        s.returned
        == {BetResult.WIN: w + expected_paid, BetResult.PUSH: w, BetResult.LOSE: Decimal(0)}[result]
    )


@pytest.mark.parametrize(
    ("outcome", "bet", "wager", "paid", "returned"),
    [
        (Outcome.DRAGON7, Bet.DRAGON7, "15", "600", "615"),
        (Outcome.DRAGON7, Bet.DRAGON7, "2.50", "100", "102.50"),
        (Outcome.PANDA8, Bet.PANDA8, "2.50", "62.50", "65"),
        (Outcome.PANDA8, Bet.PANDA8, "3.33", "83.25", "86.58"),
        (Outcome.TIE, Bet.TIE, "12.50", "100", "112.50"),
        (Outcome.TIE, Bet.TIE, "7", "56", "63"),
        (Outcome.BANKER, Bet.BANKER, "2.50", "2.50", "5"),
        (Outcome.DRAGON7, Bet.BANKER, "25", "0", "25"),
        (Outcome.TIE, Bet.PLAYER, "0.05", "0", "0.05"),
    ],
)
def test_amounts_worked_by_hand(
    outcome: Outcome, bet: Bet, wager: str, paid: str, returned: str
) -> None:
    s = settle_bet(outcome, bet, Decimal(wager))
    assert s.paid == Decimal(paid)
    assert s.returned == Decimal(returned)
    assert isinstance(s.paid, Decimal)


def test_banker_is_never_charged_commission() -> None:
    s = settle_bet(Outcome.BANKER, Bet.BANKER, Decimal(20))
    assert s.paid == 20


def test_custom_paytable() -> None:
    table = DEFAULT_PAYTABLE.with_odds({Bet.DRAGON7: 30, Bet.TIE: "9", Bet.PANDA8: Decimal("7.5")})
    house = DEFAULT_HOUSE.with_paytable(table)
    assert settle_bet(Outcome.DRAGON7, Bet.DRAGON7, Decimal(10), house).paid == 300
    assert settle_bet(Outcome.TIE, Bet.TIE, Decimal(10), house).paid == 90
    assert settle_bet(Outcome.PANDA8, Bet.PANDA8, Decimal(3), house).paid == Decimal("22.50")
    assert table.player == 1 and table.banker == 1
    assert DEFAULT_PAYTABLE.dragon7 == 40  # the default is untouched


@pytest.mark.parametrize("odds", [0, -1, "abc", "nan"])
def test_paytable_rejects_non_positive_or_non_numeric_odds(odds: object) -> None:
    with pytest.raises(InvalidAmountError):
        Paytable(dragon7=odds)  # type: ignore[arg-type]


def test_paytable_rejects_floats() -> None:
    with pytest.raises(InvalidAmountError, match="float"):
        Paytable(tie=8.0)  # type: ignore[arg-type]


@pytest.mark.parametrize("wager", ["0", "-5"])
def test_wager_must_be_positive(wager: str) -> None:
    with pytest.raises(InvalidAmountError):
        settle_bet(Outcome.TIE, Bet.TIE, Decimal(wager))


def test_settle_the_layout_in_layout_order() -> None:
    wagers = {Bet.PANDA8: Decimal(5), Bet.PLAYER: Decimal(10), Bet.DRAGON7: Decimal("2.50")}
    result = settle(Outcome.PANDA8, wagers)
    assert list(result) == [Bet.PLAYER, Bet.DRAGON7, Bet.PANDA8]
    assert [s.paid for s in result.values()] == [10, 0, 125]


def test_reason_sentences() -> None:
    assert settle_bet(Outcome.DRAGON7, Bet.DRAGON7, Decimal(15)).reason == (
        "Dragon 7 pays 40 to 1: 15 × 40 = 600"
    )
    # 1 to 1 is "even money" at the table; the amount paid is the wager itself
    assert settle_bet(Outcome.PLAYER, Bet.PLAYER, Decimal(65)).reason == (
        "Player pays even money: 65"
    )
    assert settle_bet(Outcome.BANKER, Bet.BANKER, Decimal("2.50")).reason == (
        "Banker pays even money: 2.50"
    )
    assert settle_bet(Outcome.TIE, Bet.TIE, Decimal(10)).reason == "Tie pays 8 to 1: 10 × 8 = 80"
    assert settle_bet(Outcome.DRAGON7, Bet.BANKER, Decimal("2.50")).reason == (
        "Banker pushes on a Dragon 7: the 2.50 is returned, nothing paid"
    )
    assert settle_bet(Outcome.TIE, Bet.PLAYER, Decimal(1000)).reason == (
        "Player pushes on a Tie: the 1,000 is returned, nothing paid"
    )
    assert settle_bet(Outcome.PANDA8, Bet.BANKER, Decimal(5)).reason == (
        "Banker loses on a Panda 8: the 5 is taken"
    )


@pytest.mark.parametrize(
    ("text", "bet"),
    [
        ("dragon7", Bet.DRAGON7),
        ("Dragon 7", Bet.DRAGON7),
        ("panda-8", Bet.PANDA8),
        ("PANDA_8", Bet.PANDA8),
        (" Tie ", Bet.TIE),
        ("Banker", Bet.BANKER),
        ("player", Bet.PLAYER),
    ],
)
def test_bet_parse(text: str, bet: Bet) -> None:
    assert Bet.parse(text) is bet


def test_unknown_bet_is_named_with_a_hint() -> None:
    with pytest.raises(InvalidBetError) as info:
        Bet.parse("dragon8")
    assert "'dragon8'" in str(info.value)
    assert "did you mean dragon7" in str(info.value)
    with pytest.raises(InvalidBetError, match="'insurance'"):
        Bet.parse("insurance")
