"""A house file's call_language and announce_results: read, defaulted, written back by
`ezbac houses show`, and each bad value one line at file:line:column."""

from __future__ import annotations

import pytest

from trainer.engine.call_words import Announcing, CallLanguage
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text
from trainer.houses.text import house_yaml

HEAD = "id: macau\nname: Macau EZ\n"


def test_the_language_and_the_custom_are_read() -> None:
    h = load_house_text(HEAD + "call_language: yue_Hant\nannounce_results: without_win_lose\n")
    assert (h.calls.language, h.calls.announcing) == (
        CallLanguage.CANTONESE,
        Announcing.WITHOUT_WIN_LOSE,
    )
    assert h.calls.say("wins", hand="Banker", high=7, low=5) == "莊七點，閒五點"


def test_left_out_english_with_win_and_lose() -> None:
    h = load_house_text(HEAD)
    assert (h.calls.language, h.calls.announcing) == (
        CallLanguage.ENGLISH,
        Announcing.WITH_WIN_LOSE,
    )
    assert h.calls.say("wins", hand="Banker", high=7, low=5) == "Banker wins, seven over five"


@pytest.mark.parametrize("language", [c.value for c in CallLanguage])
def test_a_house_shown_loads_back_to_the_same_house(language: str) -> None:
    text = HEAD + f"call_language: {language}\nannounce_results: without_win_lose\n"
    h = load_house_text(text)
    again = load_house_text(house_yaml(h))
    assert again == h
    assert dict(again.calls.wording) == dict(h.calls.wording)
    assert (again.calls.language, again.calls.announcing) == (
        h.calls.language,
        h.calls.announcing,
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            HEAD + "call_language: cantonese\n",
            "<house>:3:16: call_language: 'cantonese' is not a language of calls; choose one "
            "of en, yue_Hant, yue_Hans, yue_Latn, cmn_Hans, cmn_Hant, cmn_Latn, vi, ko",
        ),
        (
            HEAD + "call_language: ''\n",
            "<house>:3:16: call_language: '' is not a language of calls; choose one of en, "
            "yue_Hant, yue_Hans, yue_Latn, cmn_Hans, cmn_Hant, cmn_Latn, vi, ko",
        ),
        (
            HEAD + "announce_results: quietly\n",
            "<house>:3:19: announce_results: 'quietly' is not an announcing custom; choose "
            "one of with_win_lose, without_win_lose",
        ),
        (
            HEAD + 'announce_results: without_win_lose\ncalls:\n  wins: "{hand} wins, {high}"\n',
            "<house>:5:9: calls.wins: the house announces results without the words for win "
            "and lose (announce_results: without_win_lose), but this call says 'wins'",
        ),
        (
            HEAD + "call_language: yue_Hant\nannounce_results: without_win_lose\ncalls:\n"
            '  tie: 和局\n  panda8: "熊貓8，閒贏{low}點"\n',
            "<house>:7:11: calls.panda8: the house announces results without the words for "
            "win and lose (announce_results: without_win_lose), but this call says '贏'",
        ),
    ],
)
def test_a_bad_value_is_one_line_at_its_place(text: str, line: str) -> None:
    with pytest.raises(HouseFileError) as caught:
        load_house_text(text)
    assert str(caught.value) == line


def test_a_hostile_value_is_refused_in_one_line() -> None:
    for value in ("[yue_Hant]", "{a: b}", '"' + "x" * 100_000 + '"', '"yue_Hant\\n"'):
        with pytest.raises(HouseFileError) as caught:
            load_house_text(HEAD + f"call_language: {value}\n")
        message = str(caught.value)
        assert "\n" not in message and message.startswith("<house>:3:16: call_language")
        assert len(message) < 300
