"""Every cell of the drawing rules, from the table in docs/rules.md written out here (not read
from the engine's own tables), checked both on the rule functions and on dealt coups."""

from __future__ import annotations

import pytest

from trainer.engine import rules
from trainer.engine.cards import Card, Rank, Suit
from trainer.engine.coup import Coup

# docs/rules.md, "Banker's third card", copied as written: Banker total | draws when | stands when.
TABLEAU_TEXT = """
| 0, 1, 2 | any | — |
| 3 | 0–7, 9 | 8 |
| 4 | 2–7 | 0, 1, 8, 9 |
| 5 | 4–7 | 0–3, 8, 9 |
| 6 | 6, 7 | 0–5, 8, 9 |
| 7 | — | any |
"""


def _values(text: str) -> set[int]:
    text = text.strip()
    if text == "any":
        return set(range(10))
    if text == "—":
        return set()
    out: set[int] = set()
    for part in text.split(","):
        lo, _, hi = part.strip().partition("–")
        out |= set(range(int(lo), int(hi or lo) + 1))
    return out


def _tableau() -> dict[tuple[int, int], bool]:
    cells: dict[tuple[int, int], bool] = {}
    for line in TABLEAU_TEXT.strip().splitlines():
        banker, draws, stands = (c.strip() for c in line.strip("|").split("|"))
        draw_set, stand_set = _values(draws), _values(stands)
        assert draw_set | stand_set == set(range(10)) and not draw_set & stand_set
        for bt in _values(banker):
            for p3 in range(10):
                cells[(bt, p3)] = p3 in draw_set
    return cells


TABLEAU = _tableau()
CELLS = sorted(TABLEAU)


def test_the_written_table_has_80_cells() -> None:
    assert len(TABLEAU) == 80
    # Spot checks against the prose of the rule cards.
    assert TABLEAU[(3, 8)] is False and TABLEAU[(3, 9)] is True
    assert TABLEAU[(6, 6)] is True and TABLEAU[(6, 5)] is False


_BY_VALUE = {0: Rank.KING, **{v: Rank(v) for v in range(1, 10)}}


def card(value: int, suit: Suit = Suit.SPADES) -> Card:
    return Card(_BY_VALUE[value], suit)


def deal(pt: int, bt: int, *extra: int) -> Coup:
    """A coup whose two-card totals are pt and bt, then the extra cards' values in order."""
    cards = [card(0, Suit.HEARTS), card(0, Suit.CLUBS), card(pt, Suit.HEARTS), card(bt, Suit.CLUBS)]
    cards += [card(v, Suit.DIAMONDS) for v in extra]
    return Coup.from_cards(cards)


@pytest.mark.parametrize(("bt", "p3"), CELLS, ids=[f"B{b}-P3={p}" for b, p in CELLS])
def test_banker_tableau_cell(bt: int, p3: int) -> None:
    expected = TABLEAU[(bt, p3)]
    assert rules.banker_draws(bt, p3) is expected
    assert rules.BANKER_TABLE[bt][p3] is expected
    # And on a dealt coup, whatever Player 0-5 total led to the draw.
    for pt in range(6):
        coup = deal(pt, bt, p3, 5)
        assert coup.player_draws
        assert coup.banker_draws is expected
        assert coup.unused == (() if expected else (card(5, Suit.DIAMONDS),))
        assert len(coup.banker.cards) == (3 if expected else 2)
        assert coup.banker_cell == (bt, p3)


def test_face_cards_count_as_zero_for_the_banker() -> None:
    # Banker 4 stands on a Player third card of value 0, whatever its rank.
    for rank in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING):
        cards = [card(0), card(0), card(3), card(4), Card(rank, Suit.HEARTS), card(2)]
        coup = Coup.from_cards(cards)
        assert not coup.banker_draws and coup.unused == (card(2),)


@pytest.mark.parametrize("bt", range(8))
@pytest.mark.parametrize("pt", [6, 7])
def test_player_stood_column(pt: int, bt: int) -> None:
    # docs/rules.md: if the Player stood, Banker draws on 0-5, stands on 6-7.
    expected = bt <= 5
    assert rules.banker_draws(bt, None) is expected
    assert rules.BANKER_TABLE[bt][10] is expected
    coup = deal(pt, bt, 2)
    assert not coup.player_draws
    assert coup.banker_draws is expected
    assert coup.banker_cell == (bt, None)


@pytest.mark.parametrize("bt", range(8))
@pytest.mark.parametrize("pt", range(8))
def test_player_rule_both_sides(pt: int, bt: int) -> None:
    # docs/rules.md: Player 0-5 draws; 6-7 stands.
    expected = pt <= 5
    assert rules.player_draws(pt) is expected
    coup = deal(pt, bt, 1, 1)
    assert coup.player_draws is expected
    assert not coup.natural
    assert len(coup.player.cards) == (3 if expected else 2)


@pytest.mark.parametrize("other", range(10))
@pytest.mark.parametrize("natural", [8, 9])
def test_naturals_on_either_side_stop_the_coup(natural: int, other: int) -> None:
    for coup in (deal(natural, other, 1, 1), deal(other, natural, 1, 1)):
        assert coup.natural
        assert not coup.player_draws and not coup.banker_draws
        assert len(coup.player.cards) == len(coup.banker.cards) == 2
        assert coup.unused == (card(1, Suit.DIAMONDS),) * 2
        assert coup.banker_cell is None


def test_natural_reasons_name_the_side() -> None:
    assert deal(8, 3).rules[0] == "Player has a natural 8: neither hand draws"
    assert deal(2, 9).rules[0] == "Banker has a natural 9: neither hand draws"
    assert deal(9, 8).rules[0] == (
        "Player has a natural 9 and Banker a natural 8: neither hand draws"
    )


@pytest.mark.parametrize(
    ("pt", "bt", "extra", "player_rule", "banker_rule"),
    [
        (
            4,
            3,
            (8,),
            "Player has 4: Player draws (0-5 draw)",
            "Banker has 3 and the Player's third card is an 8: Banker stands",
        ),
        (
            4,
            3,
            (9, 1),
            "Player has 4: Player draws (0-5 draw)",
            "Banker has 3 and the Player's third card is a 9: Banker draws",
        ),
        (
            0,
            6,
            (7, 1),
            "Player has 0: Player draws (0-5 draw)",
            "Banker has 6 and the Player's third card is a 7: Banker draws",
        ),
        (
            5,
            4,
            (1,),
            "Player has 5: Player draws (0-5 draw)",
            "Banker has 4 and the Player's third card is an ace (1): Banker stands",
        ),
        (
            5,
            5,
            (0,),
            "Player has 5: Player draws (0-5 draw)",
            "Banker has 5 and the Player's third card is a king (0): Banker stands",
        ),
        (
            1,
            2,
            (8, 3),
            "Player has 1: Player draws (0-5 draw)",
            "Banker has 2: Banker draws whatever the Player's third card",
        ),
        (
            3,
            7,
            (6,),
            "Player has 3: Player draws (0-5 draw)",
            "Banker has 7: Banker stands whatever the Player's third card",
        ),
        (
            6,
            5,
            (2,),
            "Player has 6: Player stands (6-7 stand)",
            "Player stood and Banker has 5: Banker draws (0-5 draw)",
        ),
        (
            7,
            6,
            (),
            "Player has 7: Player stands (6-7 stand)",
            "Player stood and Banker has 6: Banker stands (6-7 stand)",
        ),
    ],
)
def test_reasons_in_a_dealers_words(
    pt: int, bt: int, extra: tuple[int, ...], player_rule: str, banker_rule: str
) -> None:
    coup = deal(pt, bt, *extra)
    assert coup.rules[:2] == (player_rule, banker_rule)
    assert len(coup.rules) == 3  # then the result
