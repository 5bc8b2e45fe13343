"""The engine's Said values: the English they replace, kept apart as a message and its
parameters, and worded at the edge in the language spoken."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Iterator

import pytest

from trainer.engine import rules
from trainer.engine.cards import Card
from trainer.engine.said import Said, joined
from trainer.i18n import ENGLISH, set_language
from trainer.words.said import say


@pytest.fixture
def korean() -> Iterator[None]:
    set_language("ko")
    yield
    set_language(ENGLISH)


def test_a_said_is_the_english_it_replaces() -> None:
    said = Said("{card} went to the {hand}", card=Card.parse("8h"), hand="Player")
    assert said == "8h went to the Player" and hash(said) == hash("8h went to the Player")
    assert said.template == "{card} went to the {hand}" and said.args["hand"] == "Player"
    assert json.dumps({"did": said}) == '{"did": "8h went to the Player"}'
    for again in (pickle.loads(pickle.dumps(said)), copy.deepcopy(said)):
        assert again == said and isinstance(again, Said) and again.template == said.template


def test_the_rules_reasons_are_the_english_they_were() -> None:
    assert rules.player_reason(6) == "Player has 6: Player stands (6-7 stand)"
    assert rules.banker_reason(3, Card.parse("8h")) == (
        "Banker has 3 and the Player's third card is an 8: Banker stands"
    )
    assert joined([rules.player_reason(6), rules.player_reason(2)]) == (
        "Player has 6: Player stands (6-7 stand); Player has 2: Player draws (0-5 draw)"
    )


def test_say_words_a_said_and_what_is_in_it(korean: None) -> None:
    assert say(rules.player_reason(6)) == "플레이어 6: 플레이어 스탠드 (6-7 스탠드)"
    # nested: the third card's name inside the Banker's rule, each from the catalogue
    assert say(rules.banker_reason(3, Card.parse("Kh"))) == (
        "뱅커 3, 플레이어의 세 번째 카드 킹 (0): 뱅커 드로우"
    )
    said = Said("{card} went to the {hand}", card=Card.parse("8h"), hand="Player")
    assert say(said) == "8h이(가) 플레이어에게 감"  # the card as written, the hand worded
    assert say("Ks") == "Ks" and say("") == "" and say(7) == "7"


def test_a_message_no_catalogue_has_is_its_english(korean: None) -> None:
    assert say(Said("nothing like this is in a catalogue ({n})", n=3)) == (
        "nothing like this is in a catalogue (3)"
    )


def test_a_shoe_s_rules_and_events_are_worded(korean: None) -> None:
    from trainer.engine.house import DEFAULT_HOUSE
    from trainer.engine.shoe import Burn, CutCardOut, ShoeEnd

    rules = DEFAULT_HOUSE.shoe.describe()
    assert rules.startswith("the first card is turned up and burns its value")  # as it was
    assert say(rules).startswith(
        "첫 카드를 뒤집어 그 값만큼 번(10, J, Q, K는 10장); 컷 카드는 끝에서 14장 앞"
    )
    burn = Burn(Card.parse("3c"), tuple(Card.parse(c) for c in ("4h", "5h", "6h")))
    assert burn.describe() == "burn: 3c turned up, burn 3 cards"
    assert say(burn.describe()) == "번: 3c이(가) 나와 3장 번"
    out = CutCardOut(number=12, card=3, position=300)
    assert out.describe() == (
        "cut card out before card 3 of coup 12: finish this coup, deal one more, the shoe ends"
    )
    assert say(ShoeEnd(coups=80, position=402, remaining=14).describe()) == (
        "80게임 뒤 슈 종료, 카드 14장 남음"
    )
