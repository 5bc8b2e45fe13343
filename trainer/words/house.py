"""A house in words: what ``ezbac check --house`` and ``ezbac audit --house`` say of it
first (the engine's ``House.summary[0]``, in the language spoken)."""

from __future__ import annotations

from trainer.engine.house import House
from trainer.i18n import _


def headline(house: House) -> str:
    """ "EZ Baccarat, 8 decks, 7 seats; the house banks": the game's title as the house file
    names it, then the table in words."""
    if house.rules.player_banked:
        text = _("{title}, {decks} decks, {seats} seats; the seated players bank in turn")
    else:
        text = _("{title}, {decks} decks, {seats} seats; the house banks")
    return text.format(title=house.rules.title, decks=house.decks, seats=house.seats)


def summary(house: House) -> list[str]:
    """The engine's ``House.summary`` with what is worded here in the language spoken: its
    first line and the shoe's rules; the other lines (the paytable, limits, violations,
    chips, the settlement order) as the engine gives them, in English for now."""
    from trainer.words.said import say

    lines = list(house.summary)
    shoe = house.shoe.describe()
    return [
        headline(house)
        if n == 0
        else _("shoe: {rules}").format(rules=say(shoe))
        if line == f"shoe: {shoe}"
        else line
        for n, line in enumerate(lines)
    ]
