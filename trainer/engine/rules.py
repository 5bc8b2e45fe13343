"""The drawing rules (tableau), as data plus the words a dealer would say.

Everything that decides who draws lives here, so the coup, the exact analysis, the fast
simulator and the rules reference all read one table.
"""

from __future__ import annotations

from trainer.engine.cards import Card, Rank
from trainer.engine.said import Said

#: For Banker two-card totals 3-6 after the Player drew: the Player's third-card values on
#: which the Banker draws.  0-2 always draw, 7 always stands.
BANKER_DRAWS_ON: dict[int, frozenset[int]] = {
    3: frozenset({0, 1, 2, 3, 4, 5, 6, 7, 9}),
    4: frozenset({2, 3, 4, 5, 6, 7}),
    5: frozenset({4, 5, 6, 7}),
    6: frozenset({6, 7}),
}


def is_natural(total: int) -> bool:
    return total >= 8


def player_draws(player_total: int) -> bool:
    """Player (no natural on either side) draws on 0-5, stands on 6-7."""
    return player_total <= 5


def banker_draws(banker_total: int, player_third: int | None) -> bool:
    """Banker's decision (no natural on either side).

    ``player_third`` is the point value of the Player's third card, or None if the Player
    stood.
    """
    if player_third is None:
        return banker_total <= 5
    if banker_total <= 2:
        return True
    if banker_total >= 7:
        return False
    return player_third in BANKER_DRAWS_ON[banker_total]


#: BANKER_TABLE[banker_total][p3], p3 = 0..9 for the Player's third-card value and STOOD
#: for "Player stood".  Used by the hot loops that cannot afford a function call per coup.
STOOD = 10
BANKER_TABLE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(banker_draws(b, None if p == STOOD else p) for p in range(STOOD + 1)) for b in range(10)
)

_RANK_NAMES = {
    Rank.ACE: Said("an ace (1)"),
    Rank.TEN: Said("a ten (0)"),
    Rank.JACK: Said("a jack (0)"),
    Rank.QUEEN: Said("a queen (0)"),
    Rank.KING: Said("a king (0)"),
}


def card_phrase(card: Card) -> str:
    """'an 8', 'a 3', 'a king (0)': how a dealer names a third card."""
    if card.rank in _RANK_NAMES:
        return _RANK_NAMES[card.rank]
    if card.value == 8:
        return Said("an {value}", value=card.value)
    return Said("a {value}", value=card.value)


def natural_reason(player_total: int, banker_total: int) -> str:
    if is_natural(player_total) and is_natural(banker_total):
        return Said(
            "Player has a natural {player} and Banker a natural {banker}: neither hand draws",
            player=player_total,
            banker=banker_total,
        )
    if is_natural(player_total):
        return Said("Player has a natural {player}: neither hand draws", player=player_total)
    return Said("Banker has a natural {banker}: neither hand draws", banker=banker_total)


def player_reason(player_total: int) -> str:
    if player_draws(player_total):
        return Said("Player has {player}: Player draws (0-5 draw)", player=player_total)
    return Said("Player has {player}: Player stands (6-7 stand)", player=player_total)


def banker_reason(banker_total: int, player_third: Card | None) -> str:
    value = None if player_third is None else player_third.value
    draws = banker_draws(banker_total, value)
    if player_third is None:
        if draws:
            return Said(
                "Player stood and Banker has {banker}: Banker draws (0-5 draw)",
                banker=banker_total,
            )
        return Said(
            "Player stood and Banker has {banker}: Banker stands (6-7 stand)", banker=banker_total
        )
    if banker_total <= 2:
        return Said(
            "Banker has {banker}: Banker draws whatever the Player's third card",
            banker=banker_total,
        )
    if banker_total == 7:
        return Said("Banker has 7: Banker stands whatever the Player's third card")
    if draws:
        return Said(
            "Banker has {banker} and the Player's third card is {card}: Banker draws",
            banker=banker_total,
            card=card_phrase(player_third),
        )
    return Said(
        "Banker has {banker} and the Player's third card is {card}: Banker stands",
        banker=banker_total,
        card=card_phrase(player_third),
    )
