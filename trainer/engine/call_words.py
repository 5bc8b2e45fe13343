"""The dealer's calls in words: each call's key and the values its wording may use
(``CALL_FIELDS``), each language's wording of them (``WORDINGS``: the calls, the totals as
said and the hands' names, as data), the default wording (``DEFAULT_CALLS``, English) and a
house's own (``Calls``: its language, its announcing custom and any call it words itself).

A house's custom may be to announce a result without the words for win and lose
(``Announcing.WITHOUT_WIN_LOSE``): the result is then called as the two hands' totals, the
winner first ("Banker seven, Player five"); a house's own wording of a result under that
custom may not use the language's words for win and lose (``win_lose_problem``).

Where each wording comes from is in docs/translators.md (its glossary of the calls): the
hands' names and Tie are the regulator's (Macau's DICJ) for Chinese; the rest are the
maintainers' choice, marked there where no published source was found.
"""

from __future__ import annotations

import enum
import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from trainer.engine.errors import HouseError
from trainer.engine.said import Said


class CallLanguage(enum.Enum):
    """The language (and script) a house's dealers call the game in."""

    ENGLISH = "en"
    CANTONESE = "yue_Hant"  #: Cantonese in Traditional characters (Macau, Hong Kong)
    CANTONESE_SIMPLIFIED = "yue_Hans"  #: Cantonese in Simplified characters
    CANTONESE_ROMANISED = "yue_Latn"  #: Cantonese romanised (Jyutping)
    MANDARIN = "cmn_Hans"  #: Mandarin in Simplified characters
    MANDARIN_TRADITIONAL = "cmn_Hant"  #: Mandarin in Traditional characters (Taiwan)
    MANDARIN_ROMANISED = "cmn_Latn"  #: Mandarin romanised (Hanyu Pinyin, tone marks)
    VIETNAMESE = "vi"
    KOREAN = "ko"


class Announcing(enum.Enum):
    """How a house announces a result."""

    #: "Banker wins, seven over five"
    WITH_WIN_LOSE = "with_win_lose"
    #: "Banker seven, Player five": the totals, winner first, no word for win or lose
    WITHOUT_WIN_LOSE = "without_win_lose"


#: Each call and the values its wording may use (a total is said as a word: "seven"; a
#: result's ``other`` is the hand that did not win).
CALL_FIELDS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "player_shows": frozenset({"total"}),
        "banker_shows": frozenset({"total"}),
        "natural": frozenset({"hand", "total"}),
        "player_draws": frozenset(),
        "player_stands": frozenset({"total"}),
        "banker_draws": frozenset(),
        "banker_stands": frozenset({"total"}),
        "wins": frozenset({"hand", "other", "high", "low"}),
        "tie": frozenset({"total"}),
        "dragon7": frozenset({"low"}),
        "panda8": frozenset({"low"}),
        "player_has": frozenset({"total"}),
        "banker_has": frozenset({"total"}),
        "tie_push": frozenset(),
        "dragon7_push": frozenset(),
    }
)

#: The calls that announce a result (worded by the announcing custom).
RESULT_CALLS = ("wins", "dragon7", "panda8")


@dataclass(frozen=True, slots=True)
class CallWording:
    """One language's calls: every call's wording, the totals 0-9 as said, the hands'
    names, the results as announced without win and lose, and those words (the custom's
    check of a house's own wording)."""

    calls: Mapping[str, str]
    numbers: tuple[str, ...]
    hands: Mapping[str, str]
    plain: Mapping[str, str]
    win_lose: tuple[str, ...]


def _wording(
    calls: dict[str, str],
    numbers: str,
    hands: tuple[str, str],
    plain: dict[str, str],
    win_lose: tuple[str, ...],
) -> CallWording:
    said = tuple(numbers.split())
    assert set(calls) == set(CALL_FIELDS) and set(plain) == set(RESULT_CALLS) and len(said) == 10
    return CallWording(
        MappingProxyType(calls),
        said,
        MappingProxyType({"Player": hands[0], "Banker": hands[1]}),
        MappingProxyType(plain),
        win_lose,
    )


def _chinese(
    t: Mapping[str, str], natural: str, numbers: str, win_lose: tuple[str, str]
) -> CallWording:
    """A Chinese wording from its characters: ``t`` names the words (Player, Banker,
    points, draws, after, stands, wins, against, Tie, Dragon, Panda, the bets, unmoved)."""
    p, b, pt = t["player"], t["banker"], t["points"]
    return _wording(
        {
            "player_shows": f"{p}{{total}}{pt}",
            "banker_shows": f"{b}{{total}}{pt}",
            "natural": f"{{hand}}{natural}{{total}}{pt}",
            "player_draws": f"{p}{t['draws']}",
            "player_stands": f"{p}{{total}}{pt}，{t['stands']}",
            "banker_draws": f"{b}{t['draws']}",
            "banker_stands": f"{b}{{total}}{pt}，{t['stands']}",
            "wins": f"{{hand}}{t['wins']}，{{high}}{pt}{t['against']}{{low}}{pt}",
            "tie": f"{t['tie']}，{{total}}{pt}",
            "dragon7": f"{t['dragon']}7，{b}{t['wins']}，{t['seven']}{pt}{t['against']}{{low}}{pt}",
            "panda8": f"{t['panda']}8，{p}{t['wins']}，{t['eight']}{pt}{t['against']}{{low}}{pt}",
            "player_has": f"{p}{t['draws']}{t['after']}{{total}}{pt}",
            "banker_has": f"{b}{t['draws']}{t['after']}{{total}}{pt}",
            "tie_push": f"{t['tie']}，{p}{b}{t['bets']}{t['unmoved']}",
            "dragon7_push": f"{t['dragon']}7，{b}{t['bets']}{t['unmoved']}",
        },
        numbers,
        (p, b),
        {
            "wins": f"{{hand}}{{high}}{pt}，{{other}}{{low}}{pt}",
            "dragon7": f"{t['dragon']}7，{b}{t['seven']}{pt}，{p}{{low}}{pt}",
            "panda8": f"{t['panda']}8，{p}{t['eight']}{pt}，{b}{{low}}{pt}",
        },
        win_lose,
    )


_TRADITIONAL = {
    "player": "閒",
    "banker": "莊",
    "points": "點",
    "draws": "補牌",
    "after": "後",
    "stands": "停牌",
    "wins": "贏",
    "against": "對",
    "tie": "和局",
    "dragon": "龍",
    "panda": "熊貓",
    "seven": "七",
    "eight": "八",
    "bets": "注碼",
    "unmoved": "不動",
}
_SIMPLIFIED = {
    **_TRADITIONAL,
    "player": "闲",
    "banker": "庄",
    "points": "点",
    "draws": "补牌",
    "after": "后",
    "wins": "赢",
    "against": "对",
    "dragon": "龙",
    "panda": "熊猫",
    "bets": "注码",
}
#: Cantonese and Mandarin say a total's two as 兩/两 before 點/点 ("two points").
_TRADITIONAL_NUMBERS = "零 一 兩 三 四 五 六 七 八 九"
_SIMPLIFIED_NUMBERS = "零 一 两 三 四 五 六 七 八 九"


def _romanised(w: Mapping[str, str], numbers: str, win_lose: tuple[str, str]) -> CallWording:
    """A romanised Chinese wording, syllables separated by spaces (``w`` as ``_chinese``'s,
    with ``natural``)."""
    p, b, pt = w["player"], w["banker"], w["points"]
    seven, eight = numbers.split()[7], numbers.split()[8]
    return _wording(
        {
            "player_shows": f"{p} {{total}} {pt}",
            "banker_shows": f"{b} {{total}} {pt}",
            "natural": f"{{hand}} {w['natural']} {{total}} {pt}",
            "player_draws": f"{p} {w['draws']}",
            "player_stands": f"{p} {{total}} {pt}, {w['stands']}",
            "banker_draws": f"{b} {w['draws']}",
            "banker_stands": f"{b} {{total}} {pt}, {w['stands']}",
            "wins": f"{{hand}} {w['wins']}, {{high}} {pt} {w['against']} {{low}} {pt}",
            "tie": f"{w['tie']}, {{total}} {pt}",
            "dragon7": f"{w['dragon']} {seven}, {b} {w['wins']}, {seven} {pt} {w['against']} "
            f"{{low}} {pt}",
            "panda8": f"{w['panda']} {eight}, {p} {w['wins']}, {eight} {pt} {w['against']} "
            f"{{low}} {pt}",
            "player_has": f"{p} {w['draws']} {w['after']} {{total}} {pt}",
            "banker_has": f"{b} {w['draws']} {w['after']} {{total}} {pt}",
            "tie_push": f"{w['tie']}, {p} {b} {w['bets']} {w['unmoved']}",
            "dragon7_push": f"{w['dragon']} {seven}, {b} {w['bets']} {w['unmoved']}",
        },
        numbers,
        (p, b),
        {
            "wins": f"{{hand}} {{high}} {pt}, {{other}} {{low}} {pt}",
            "dragon7": f"{w['dragon']} {seven}, {b} {seven} {pt}, {p} {{low}} {pt}",
            "panda8": f"{w['panda']} {eight}, {p} {eight} {pt}, {b} {{low}} {pt}",
        },
        win_lose,
    )


#: Each language's calls, as data (sources: docs/translators.md, "The dealer's calls").
WORDINGS: Mapping[CallLanguage, CallWording] = MappingProxyType(
    {
        CallLanguage.ENGLISH: _wording(
            {
                "player_shows": "Player shows {total}",
                "banker_shows": "Banker shows {total}",
                "natural": "{hand} natural {total}",
                "player_draws": "Player draws",
                "player_stands": "Player stands on {total}",
                "banker_draws": "Banker draws",
                "banker_stands": "Banker stands on {total}",
                "wins": "{hand} wins, {high} over {low}",
                "tie": "Tie, {total} all",
                "dragon7": "Dragon 7: Banker wins, seven over {low}",
                "panda8": "Panda 8: Player wins, eight over {low}",
                "player_has": "Player has {total}",
                "banker_has": "Banker has {total}",
                "tie_push": "Tie, push the Player and Banker bets",
                "dragon7_push": "Dragon 7, push the Banker bet",
            },
            "zero one two three four five six seven eight nine",
            ("Player", "Banker"),
            {
                "wins": "{hand} {high}, {other} {low}",
                "dragon7": "Dragon 7: Banker seven, Player {low}",
                "panda8": "Panda 8: Player eight, Banker {low}",
            },
            ("win", "wins", "won", "winner", "lose", "loses", "lost", "loser"),
        ),
        CallLanguage.CANTONESE: _chinese(_TRADITIONAL, "例牌", _TRADITIONAL_NUMBERS, ("贏", "輸")),
        CallLanguage.CANTONESE_SIMPLIFIED: _chinese(
            _SIMPLIFIED, "例牌", _SIMPLIFIED_NUMBERS, ("赢", "输")
        ),
        CallLanguage.MANDARIN: _chinese(_SIMPLIFIED, "天牌", _SIMPLIFIED_NUMBERS, ("赢", "输")),
        CallLanguage.MANDARIN_TRADITIONAL: _chinese(
            _TRADITIONAL, "天牌", _TRADITIONAL_NUMBERS, ("贏", "輸")
        ),
        CallLanguage.CANTONESE_ROMANISED: _romanised(
            {
                "player": "haan4",
                "banker": "zong1",
                "points": "dim2",
                "natural": "lai6 paai4",
                "draws": "bou2 paai4",
                "after": "hau6",
                "stands": "ting4 paai4",
                "wins": "jeng4",
                "against": "deoi3",
                "tie": "wo4 guk6",
                "dragon": "lung4",
                "panda": "hung4 maau1",
                "bets": "zyu3 maa5",
                "unmoved": "bat1 dung6",
            },
            "ling4 jat1 loeng5 saam1 sei3 ng5 luk6 cat1 baat3 gau2",
            ("jeng4", "syu1"),
        ),
        CallLanguage.MANDARIN_ROMANISED: _romanised(
            {
                "player": "xián",
                "banker": "zhuāng",
                "points": "diǎn",
                "natural": "tiānpái",
                "draws": "bǔpái",
                "after": "hòu",
                "stands": "tíngpái",
                "wins": "yíng",
                "against": "duì",
                "tie": "héjú",
                "dragon": "lóng",
                "panda": "xióngmāo",
                "bets": "zhùmǎ",
                "unmoved": "bú dòng",
            },
            "líng yī liǎng sān sì wǔ liù qī bā jiǔ",
            ("yíng", "shū"),
        ),
        CallLanguage.VIETNAMESE: _wording(
            {
                "player_shows": "Con {total} điểm",
                "banker_shows": "Cái {total} điểm",
                "natural": "{hand} bài tự nhiên {total} điểm",
                "player_draws": "Con rút bài",
                "player_stands": "Con {total} điểm, dừng",
                "banker_draws": "Cái rút bài",
                "banker_stands": "Cái {total} điểm, dừng",
                "wins": "{hand} thắng, {high} điểm trên {low} điểm",
                "tie": "Hòa, {total} điểm",
                "dragon7": "Rồng 7, Cái thắng, bảy điểm trên {low} điểm",
                "panda8": "Gấu trúc 8, Con thắng, tám điểm trên {low} điểm",
                "player_has": "Con rút bài thành {total} điểm",
                "banker_has": "Cái rút bài thành {total} điểm",
                "tie_push": "Hòa, giữ nguyên cược Con và Cái",
                "dragon7_push": "Rồng 7, giữ nguyên cược Cái",
            },
            "không một hai ba bốn năm sáu bảy tám chín",
            ("Con", "Cái"),
            {
                "wins": "{hand} {high} điểm, {other} {low} điểm",
                "dragon7": "Rồng 7, Cái bảy điểm, Con {low} điểm",
                "panda8": "Gấu trúc 8, Con tám điểm, Cái {low} điểm",
            },
            ("thắng", "thua"),
        ),
        CallLanguage.KOREAN: _wording(
            {
                "player_shows": "플레이어 {total}",
                "banker_shows": "뱅커 {total}",
                "natural": "{hand} 내추럴 {total}",
                "player_draws": "플레이어 드로우",
                "player_stands": "플레이어 {total}, 스탠드",
                "banker_draws": "뱅커 드로우",
                "banker_stands": "뱅커 {total}, 스탠드",
                "wins": "{hand} 승, {high} 대 {low}",
                "tie": "타이, {total} 동점",
                "dragon7": "드래곤 7, 뱅커 승, 칠 대 {low}",
                "panda8": "판다 8, 플레이어 승, 팔 대 {low}",
                "player_has": "플레이어 드로우 후 {total}",
                "banker_has": "뱅커 드로우 후 {total}",
                "tie_push": "타이, 플레이어와 뱅커 베팅은 그대로",
                "dragon7_push": "드래곤 7, 뱅커 베팅은 그대로",
            },
            "영 일 이 삼 사 오 육 칠 팔 구",
            ("플레이어", "뱅커"),
            {
                "wins": "{hand} {high}, {other} {low}",
                "dragon7": "드래곤 7, 뱅커 칠, 플레이어 {low}",
                "panda8": "판다 8, 플레이어 팔, 뱅커 {low}",
            },
            ("승", "패"),
        ),
    }
)

#: The default wording: English, results with win and lose.
DEFAULT_CALLS: Mapping[str, str] = WORDINGS[CallLanguage.ENGLISH].calls


def default_calls(language: CallLanguage, announcing: Announcing) -> Mapping[str, str]:
    """Every call worded in ``language`` under the ``announcing`` custom."""
    wording = WORDINGS[language]
    if announcing is Announcing.WITHOUT_WIN_LOSE:
        return MappingProxyType({**wording.calls, **wording.plain})
    return wording.calls


#: The values a call is keyed with, in this order ("natural=player,9", "wins=banker,7,5").
SAY_ORDER = ("hand", "total", "high", "low")


def say_fields(key: str) -> tuple[str, ...]:
    """The fields of the call ``key`` in the order its values are written."""
    return tuple(f for f in SAY_ORDER if f in CALL_FIELDS[key])


def call_problems(key: str, wording: str) -> list[str]:
    """What is wrong with one call's wording (unknown call, unknown or malformed field)."""
    if key not in CALL_FIELDS:
        return [
            Said(
                "{key} is not a call; calls are {calls}",
                key=repr(key),
                calls=", ".join(CALL_FIELDS),
            )
        ]
    allowed = CALL_FIELDS[key]
    try:
        parsed = [
            (name, spec, conv)
            for _, name, spec, conv in string.Formatter().parse(wording)
            if name is not None
        ]
    except ValueError as exc:
        return [
            Said(
                "wording {wording} is malformed ({error}); write fields as {{total}}",
                wording=repr(wording),
                error=str(exc),
            )
        ]
    # a field is a plain {name}: a conversion (!r), a format spec (:d, :>999999999) or an
    # index or attribute ([0], .x) can fail when the call is made, or grow it without bound
    for name, spec, conv in parsed:
        if conv or spec or not name.isidentifier():
            shown = "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
            return [
                Said(
                    "{field} is not a plain field: write it as {{name}}, with no "
                    "conversion, format or index",
                    field=shown[:30],
                )
            ]
    names = [name for name, _, _ in parsed]
    bad = [n for n in names if n not in allowed]
    if bad:
        can = ", ".join("{" + a + "}" for a in sorted(allowed)) or Said("no fields")
        return [
            Said(
                "{field} is not a field of this call (it can use {can})",
                field="{" + bad[0] + "}",
                can=can,
            )
        ]
    return []


def win_lose_problem(
    key: str, wording: str, language: CallLanguage, announcing: Announcing
) -> str | None:
    """Why a house's own wording of the result call ``key`` breaks its announcing custom
    (a word for win or lose where the house announces without them), or None."""
    if announcing is not Announcing.WITHOUT_WIN_LOSE or key not in RESULT_CALLS:
        return None
    lowered = wording.casefold()
    for word in WORDINGS[language].win_lose:
        if word.isascii():
            found = re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", lowered) is not None
        else:
            found = word.casefold() in lowered
        if found:
            return Said(
                "the house announces results without the words for win and lose "
                "(announce_results: {announcing}), but this call says {word}",
                announcing=announcing.value,
                word=repr(word),
            )
    return None


@dataclass(frozen=True, slots=True)
class Calls:
    """The dealer's calls, worded the house's way: in its language, by its announcing
    custom, with the calls it words itself (``wording``) in place of the language's own;
    the calling drill reads them."""

    wording: Mapping[str, str] = field(default_factory=dict, hash=False)
    language: CallLanguage = CallLanguage.ENGLISH
    announcing: Announcing = Announcing.WITH_WIN_LOSE

    def __post_init__(self) -> None:
        merged = {**default_calls(self.language, self.announcing), **self.wording}
        problems = [p for k, w in merged.items() for p in call_problems(k, w)]
        problems += [
            p
            for k, w in self.wording.items()
            if (p := win_lose_problem(k, w, self.language, self.announcing)) is not None
        ]
        if problems:
            raise HouseError("; ".join(problems))
        object.__setattr__(self, "wording", MappingProxyType(merged))

    def say_with_win_lose(self, key: str, **values: int | str) -> str:
        """The call as the house's language says it with the words for win and lose (a
        wrong call where the house's custom leaves them out)."""
        plain = Calls(language=self.language)  # the language's own, win and lose said
        return plain.say(key, **values)

    def say(self, key: str, **values: int | str) -> str:
        """The call with totals as words and the hands by their names in the house's
        language: say("wins", hand="Banker", high=7, low=5); a result's ``other`` is the
        hand that is not ``hand``."""
        said = WORDINGS[self.language]
        hands = said.hands
        words = {
            k: said.numbers[v] if isinstance(v, int) else hands.get(v, v) for k, v in values.items()
        }
        hand = values.get("hand")
        if "other" not in values and hand in hands:
            words["other"] = hands["Banker" if hand == "Player" else "Player"]
        return self.wording[key].format(**words)
