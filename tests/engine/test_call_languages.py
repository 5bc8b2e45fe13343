"""The dealer's calls in the house's language and by its announcing custom, worked by hand
from the cards (tests/support/coups.py says how each coup goes) and the wordings in
docs/translators.md ("The dealer's calls"), never read from the engine's output."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.coups import BANKER3_THIRD8, DRAGON, NATURAL, PANDA, coup
from trainer.engine.call_words import (
    Announcing,
    CallLanguage,
    Calls,
    win_lose_problem,
)
from trainer.engine.calls import calls_for
from trainer.engine.errors import HouseError
from trainer.engine.house import BUNDLED_HOUSES, EZ_HOUSE, House

W, WITHOUT = Announcing.WITH_WIN_LOSE, Announcing.WITHOUT_WIN_LOSE


def house(language: CallLanguage, announcing: Announcing = W, **own: str) -> House:
    return replace(EZ_HOUSE, calls=Calls(own, language, announcing))


def said(cards: str, h: House) -> list[str]:
    return [c.text for c in calls_for(coup(cards).coup, h)]


# Player K+6 = 6 stands; Banker 2+3 = 5 draws the 2h: 7 with three cards, a Dragon 7 over 6;
# the Banker bet pushes.  Cantonese: 閒 Player, 莊 Banker, 點 points, 兩 for a two.
def test_a_dragon_called_in_cantonese_with_and_without_win_and_lose() -> None:
    assert said(DRAGON, house(CallLanguage.CANTONESE)) == [
        "閒六點",
        "莊五點",
        "閒六點，停牌",
        "莊補牌",
        "莊補牌後七點",
        "龍7，莊贏，七點對六點",
        "龍7，莊注碼不動",
    ]
    plain = said(DRAGON, house(CallLanguage.CANTONESE, WITHOUT))
    assert plain[-2:] == ["龍7，莊七點，閒六點", "龍7，莊注碼不動"]
    assert not any("贏" in c or "輸" in c for c in plain)


# Player 9+K = 9, a natural; Banker 2+3 = 5: the Player wins nine over five.
@pytest.mark.parametrize(
    ("language", "announcing", "expected"),
    [
        (CallLanguage.ENGLISH, WITHOUT, ["Player shows nine", "Banker shows five",
                                         "Player natural nine", "Player nine, Banker five"]),
        (CallLanguage.CANTONESE_SIMPLIFIED, W, ["闲九点", "庄五点", "闲例牌九点",
                                                "闲赢，九点对五点"]),
        (CallLanguage.CANTONESE_ROMANISED, WITHOUT, ["haan4 gau2 dim2", "zong1 ng5 dim2",
                                                     "haan4 lai6 paai4 gau2 dim2",
                                                     "haan4 gau2 dim2, zong1 ng5 dim2"]),
        (CallLanguage.MANDARIN, W, ["闲九点", "庄五点", "闲天牌九点", "闲赢，九点对五点"]),
        (CallLanguage.MANDARIN_TRADITIONAL, WITHOUT, ["閒九點", "莊五點", "閒天牌九點",
                                                      "閒九點，莊五點"]),
        (CallLanguage.MANDARIN_ROMANISED, W, ["xián jiǔ diǎn", "zhuāng wǔ diǎn",
                                              "xián tiānpái jiǔ diǎn",
                                              "xián yíng, jiǔ diǎn duì wǔ diǎn"]),
        (CallLanguage.VIETNAMESE, W, ["Con chín điểm", "Cái năm điểm",
                                      "Con bài tự nhiên chín điểm",
                                      "Con thắng, chín điểm trên năm điểm"]),
        (CallLanguage.KOREAN, WITHOUT, ["플레이어 구", "뱅커 오", "플레이어 내추럴 구",
                                        "플레이어 구, 뱅커 오"]),
    ],
)  # fmt: skip
def test_a_natural_in_each_language(
    language: CallLanguage, announcing: Announcing, expected: list[str]
) -> None:
    assert said(NATURAL, house(language, announcing)) == expected


# Player 2+3 = 5 draws the 3d: 8; Banker K+7 = 7 stands: a Panda 8 over 7.
def test_a_panda_in_vietnamese_and_korean_without_win_and_lose() -> None:
    assert said(PANDA, house(CallLanguage.VIETNAMESE, WITHOUT)) == [
        "Con năm điểm",
        "Cái bảy điểm",
        "Con rút bài",
        "Con rút bài thành tám điểm",
        "Cái bảy điểm, dừng",
        "Gấu trúc 8, Con tám điểm, Cái bảy điểm",
    ]
    assert said(PANDA, house(CallLanguage.KOREAN))[-1] == "판다 8, 플레이어 승, 팔 대 칠"


# Player 2+3 = 5 draws the 8s: 3; Banker A+2 = 3 stands (the Player's third card an 8): a
# Tie at three; the Player and Banker bets push.  A two is 兩 in Cantonese ("兩點").
def test_a_tie_in_cantonese_and_in_mandarin_romanised() -> None:
    assert said(BANKER3_THIRD8, house(CallLanguage.CANTONESE, WITHOUT)) == [
        "閒五點",
        "莊三點",
        "閒補牌",
        "閒補牌後三點",
        "莊三點，停牌",
        "和局，三點",
        "和局，閒莊注碼不動",
    ]
    assert said(BANKER3_THIRD8, house(CallLanguage.MANDARIN_ROMANISED))[-2:] == [
        "héjú, sān diǎn",
        "héjú, xián zhuāng zhùmǎ bú dòng",
    ]
    assert Calls(language=CallLanguage.CANTONESE).say("tie", total=2) == "和局，兩點"
    assert Calls(language=CallLanguage.MANDARIN).say("player_shows", total=2) == "闲两点"


def test_the_bundled_cantonese_house_calls_in_cantonese_without_win_and_lose() -> None:
    h = BUNDLED_HOUSES["ez-cantonese"]
    assert (h.calls.language, h.calls.announcing) == (CallLanguage.CANTONESE, WITHOUT)
    assert said(NATURAL, h) == ["閒九點", "莊五點", "閒例牌九點", "閒九點，莊五點"]
    # its rules are the standard house's: only the calls differ
    assert replace(h, id="ez", name=EZ_HOUSE.name, description=EZ_HOUSE.description,
                   calls=EZ_HOUSE.calls, sources=EZ_HOUSE.sources) == EZ_HOUSE  # fmt: skip


def test_a_house_words_a_call_itself_in_its_language() -> None:
    # its own wording in place of the language's, the totals still said in the language
    h = house(CallLanguage.CANTONESE, WITHOUT, wins="{hand}{high}點大過{other}{low}點")
    assert said(NATURAL, h)[-1] == "閒九點大過莊五點"


@pytest.mark.parametrize(
    ("language", "wording", "word"),
    [
        (CallLanguage.ENGLISH, "{hand} wins, {high} over {low}", "wins"),
        (CallLanguage.ENGLISH, "{hand} WON: {high} over {low}", "won"),
        (CallLanguage.CANTONESE, "{hand}贏{high}點", "贏"),
        (CallLanguage.MANDARIN, "{other}输", "输"),
        (CallLanguage.VIETNAMESE, "{hand} thắng", "thắng"),
        (CallLanguage.KOREAN, "{hand} 승", "승"),
        (CallLanguage.CANTONESE_ROMANISED, "{hand} jeng4", "jeng4"),
    ],
)
def test_a_win_or_lose_word_breaks_the_custom(
    language: CallLanguage, wording: str, word: str
) -> None:
    problem = win_lose_problem("wins", wording, language, WITHOUT)
    assert problem is not None and repr(word) in problem
    assert win_lose_problem("wins", wording, language, W) is None  # no custom, no problem
    with pytest.raises(HouseError, match="without the words for win and lose"):
        Calls({"wins": wording}, language, WITHOUT)


def test_only_a_whole_word_and_only_a_result_call_breaks_the_custom() -> None:
    # "Winnie" and "slower" hold no word for win or lose; "over" is not one
    for ok in ("{hand} {high}, Winnie {low}", "{hand}, {high} over {low}"):
        assert win_lose_problem("wins", ok, CallLanguage.ENGLISH, WITHOUT) is None
    # a call that announces no result is not held to it
    assert win_lose_problem("tie_push", "Tie: nobody loses", CallLanguage.ENGLISH, WITHOUT) is None
    assert win_lose_problem("dragon7", "Dragon 7, Banker wins", CallLanguage.ENGLISH, WITHOUT)


def test_a_call_keyed_by_a_supervisor_is_worded_in_the_house_language() -> None:
    # `say:player_shows=2`, `say:wins=banker,7,6` in the audit's notation: the keys and
    # values are the same in every language; the words are the house's
    from trainer.engine.dealt import SaidCall

    h = BUNDLED_HOUSES["ez-cantonese"]
    assert SaidCall("player_shows", ("2",), 4).words(h) == "閒兩點"
    assert SaidCall("wins", ("banker", "7", "6"), 6).words(h) == "莊七點，閒六點"
    assert SaidCall("wins", ("banker", "7", "6"), 6).words(EZ_HOUSE) == (
        "Banker wins, seven over six"
    )
    # the engine's own calls keep their keys and values whatever the language
    (english, cantonese) = (
        [(c.key, c.values) for c in calls_for(coup(DRAGON).coup, x)] for x in (EZ_HOUSE, h)
    )
    assert english == cantonese


def test_under_the_custom_the_result_with_win_words_is_the_first_wrong_call() -> None:
    import random

    from trainer.engine.calls import wrong_calls

    dealt = coup(NATURAL).coup  # the Player's natural nine over the Banker's five
    for h, right, slip in (
        (house(CallLanguage.ENGLISH, WITHOUT), "Player nine, Banker five",
         "Player wins, nine over five"),
        (house(CallLanguage.KOREAN, WITHOUT), "플레이어 구, 뱅커 오", "플레이어 승, 구 대 오"),
    ):  # fmt: skip
        result = calls_for(dealt, h)[-1]
        assert result.text == right
        assert wrong_calls(result, dealt, h, random.Random(0))[0] == slip
    # with win and lose said, no such call is offered: it would be the right one
    english = calls_for(dealt, EZ_HOUSE)[-1]
    assert "Player nine, Banker five" not in wrong_calls(
        english, dealt, EZ_HOUSE, random.Random(0), count=20
    )
