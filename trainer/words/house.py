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
