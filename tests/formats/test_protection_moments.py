"""Baccarat's own protection as house data: a player asking to have a card turned (edge
sorting), the squeeze (who squeezes; the cards turned face up by the dealer before the
call), a misdrawn card kept as a dummy hand where the house says so, and the result called
without the words for win and lose where the house words its calls so.  Each moment is in
the catalogue with its remedy and source (docs/rules.md, "Protecting the game"), taught as
the house confirms or words it, else "call the floor"."""

from __future__ import annotations

from trainer.engine import Coup
from trainer.engine.calls import calls_for
from trainer.engine.cards import parse_cards
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.irregularities import (
    CALL_THE_FLOOR,
    Irregularity,
    Source,
    taught,
)
from trainer.houses.loader import load_house_text
from trainer.irregularities.loader import bundled

NEW = (
    Irregularity.EDGE_SORTING_REQUEST,
    Irregularity.SQUEEZE_WRONG_PLAYER,
    Irregularity.SQUEEZE_CARDS_KEPT,
)

HOUSE = """\
id: squeeze-room
name: Squeeze room
table_format: squeeze
remedies:
  edge_sorting_request: confirmed
  squeeze_wrong_player: "Take the cards back; the highest Player bet squeezes"
  too_many_cards: "Keep the misdrawn card aside as a dummy hand; settle as dealt"
calls:
  wins: "{hand}, {high} over {low}"
  dragon7: "Dragon 7: Banker, seven over {low}"
  panda8: "Panda 8: Player, eight over {low}"
  tie_push: "Tie: the Player and Banker bets stay"
  dragon7_push: "Dragon 7: the Banker bet stays"
"""


def _entry(kind: Irregularity):
    return next(e for e in bundled() if e.kind is kind)


def test_each_moment_has_a_remedy_and_a_cited_source() -> None:
    for kind in NEW:
        e = _entry(kind)
        assert e.remedy and e.cites, kind
    # edge sorting: the judgments that made it known are cited by title
    assert any("[2017] UKSC 67" in c for c in _entry(Irregularity.EDGE_SORTING_REQUEST).cites)
    # the squeeze: no published source was found, and the catalogue says so
    for kind in (Irregularity.SQUEEZE_WRONG_PLAYER, Irregularity.SQUEEZE_CARDS_KEPT):
        assert _entry(kind).source is Source.ASK_FLOOR
        assert _entry(kind).cites[0].startswith("no published source found")


def test_the_default_house_calls_the_floor_for_each_new_moment() -> None:
    for kind in NEW:
        t = taught(_entry(kind), DEFAULT_HOUSE.remedies)
        assert (t.remedy, t.source) == (CALL_THE_FLOOR, Source.ASK_FLOOR)


def test_a_house_confirms_or_words_what_its_dealer_does() -> None:
    house = load_house_text(HOUSE, "squeeze.yaml")
    edge = taught(_entry(Irregularity.EDGE_SORTING_REQUEST), house.remedies)
    assert edge.remedy == "Refuse: cards are turned only the house's way, never on request"
    assert edge.source is Source.STANDARD  # a standard the house confirms stays one
    squeeze = taught(_entry(Irregularity.SQUEEZE_WRONG_PLAYER), house.remedies)
    assert squeeze == (
        squeeze.__class__(
            "Take the cards back; the highest Player bet squeezes",
            Source.HOUSE,
            "Give the cards to the highest bettor on that side to squeeze",
        )
    )
    kept = taught(_entry(Irregularity.SQUEEZE_CARDS_KEPT), house.remedies)
    assert kept.remedy == CALL_THE_FLOOR  # not confirmed: the floor's
    # a misdrawn card (too many cards) kept as a dummy hand: where this house says so
    dummy = taught(_entry(Irregularity.TOO_MANY_CARDS), house.remedies)
    assert dummy.remedy == "Keep the misdrawn card aside as a dummy hand; settle as dealt"
    assert dummy.source is Source.HOUSE
    assert taught(_entry(Irregularity.TOO_MANY_CARDS), DEFAULT_HOUSE.remedies).remedy == (
        CALL_THE_FLOOR
    )


def test_results_called_without_win_or_lose_where_the_house_words_them_so() -> None:
    house = load_house_text(HOUSE, "squeeze.yaml")
    # by hand: 9h 2c Ks 3d is Player 9 over Banker 5; Kh 2c 6s 3d 2h a Dragon 7 (Player
    # K 6 = 6 stands, Banker 2 3 = 5 draws the 2h: 7 in three cards over 6)
    coups = {
        "9h 2c Ks 3d": "Player, nine over five",
        "Kh 2c 6s 3d 2h": "Dragon 7: Banker, seven over six",
    }
    for cards, said in coups.items():
        calls = [c.text for c in calls_for(Coup.from_cards(parse_cards(cards)), house)]
        assert said in calls, calls
        assert not any("win" in c.lower() or "lose" in c.lower() for c in calls), calls
        default = [c.text for c in calls_for(Coup.from_cards(parse_cards(cards)), DEFAULT_HOUSE)]
        assert any("wins" in c for c in default)
