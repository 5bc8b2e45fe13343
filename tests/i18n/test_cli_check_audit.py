"""`ezbac check` and `ezbac audit` in each language: the procedure and every deviation
worded at the edge (``trainer.words``), none of it left in English in the pseudo-language
but the cards and the dealer's notation; Traditional Chinese and Korean read back."""

from __future__ import annotations

import pytest

from tests.i18n.english_left import english_left
from tests.support.cli import ezbac

#: What a line shows as typed in every language: the cards, the notation of what was dealt.
CARDS = ["Ks As Kd Kc"]

CHECKS = [
    ("4h", "3s", "2d", "Kc", "8h"),  # the Banker draws
    ("9s", "2h", "Kd", "5c"),  # a natural
    ("2h", "3s", "Ad", "Kc", "4c", "Qh"),  # both draw
    ("Ks", "2h", "As", "2c", "5d", "3c"),  # a Dragon 7
]

AUDITS = [
    ("4h", "3s", "2d", "Kc", "P:8h", "--called", "player=6,banker=3,outcome=banker"),
    ("9s", "2h", "Kd", "3c", "P:4d"),  # a natural not stopped
    ("4h", "3s", "2d", "Kc"),  # the Banker stood on a draw, the rest not worked out
    ("6h", "7s", "Kd", "Kc", "B:2c"),  # the Banker drew on a stand
    ("Ks", "2h", "As", "2c", "5d", "3c", "--seat", "1:banker=25:taken,player=10:paid=10"),
    ("Ks", "2h", "As", "2c", "5d", "3c", "call:outcome=banker", "push:1:banker=25"),
    ("Ks", "2h", "As", "2c", "5d", "3c", "--cut-card", "3", "--then", "deal"),
    ("Ks", "2h", "As", "2c", "5d", "3c", "--cut-card", "earlier", "--then", "deal"),
    (
        "Ks",
        "2h",
        "As",
        "2c",
        "5d",
        "3c",
        "--seat",
        "1:banker=25:pushed",
        "--seat",
        "1:banker=25:pushed",
    ),
    ("Ks", "2h", "As", "2c", "5d", "3c", "--seat", "1:tie=10:paid=10"),  # a loser paid
    # a remedy not applied; a refused bet paid; a pinched bet let play
    ("P:Ks", "B:2h", "P:As", "B:2c", "remedy:card_exposed", "P:5d", "B:3c"),
    ("Ks", "2h", "As", "2c", "5d", "3c", "past_posting:4:player=25:refuse", "pay:4:player=25:25"),
    ("P:Ks", "B:2h", "P:As", "B:2c", "P:5d", "B:3c", "pinch:4:player=50", "take:4:player=100"),
]

#: The violations' and irregularities' own names, worded by the table's words (not here).
FOULS = [
    "past posting",
    "pinched bet",
    "a losing bet pinched after the result",
    "a card exposed",
    "EZ Baccarat (standard)",
    "Stop",
    "call the floor",
]


@pytest.mark.parametrize("cards", CHECKS, ids=[" ".join(c) for c in CHECKS])
def test_check_leaves_no_english_in_the_pseudo_language(cards: tuple[str, ...]) -> None:
    run = ezbac("check", "--lang", "en_XA", *cards)
    assert run.returncode == 0, run.stderr
    assert english_left(run.stdout, allowed=CARDS) == [], run.stdout


@pytest.mark.parametrize("words", AUDITS, ids=[" ".join(w[:6]) for w in AUDITS])
def test_audit_leaves_no_english_in_the_pseudo_language(words: tuple[str, ...]) -> None:
    run = ezbac("audit", "--lang", "en_XA", *words)
    assert run.returncode == 1, run.stderr  # each has a deviation
    assert "1. " in run.stdout
    # the notation of what was dealt is typed as it is: the Dealt line repeats it
    dealt = [w.replace("_", " ") for w in words]
    assert english_left(run.stdout, allowed=[*CARDS, *FOULS, *dealt, "pinching"]) == [], run.stdout


def test_check_reads_back_in_traditional_chinese_and_korean() -> None:
    cards = ("4h", "3s", "2d", "Kc", "8h")
    assert ezbac("check", "--lang", "zh_Hant", *cards).stdout.splitlines() == [
        "1. 閒家：4h 2d，合計 6",
        "2. 莊家：3s Kc，合計 3",
        "3. 沒有例牌：雙方兩張牌都不是 8 或 9 點",
        "4. 閒家 6 點：閒家停牌（6-7 停）",
        "5. 閒家停牌，莊家 3 點：莊家補牌（0-5 補）；第三張牌 8h，莊家合計 1",
        "6. 結果：閒贏，6比1",
        "最終：閒 4h 2d = 6；莊 3s Kc 8h = 1",
    ]
    assert ezbac("check", "--lang", "ko", *cards).stdout.splitlines()[3:6] == [
        "4. 플레이어 6: 플레이어 스탠드 (6-7 스탠드)",
        "5. 플레이어 스탠드, 뱅커 3: 뱅커 드로우 (0-5 드로우); 세 번째 카드 8h, 뱅커 합계 1",
        "6. 결과: 플레이어 승, 6 대 1",
    ]


def test_a_deviation_reads_back_in_traditional_chinese_and_korean() -> None:
    words = ("audit", "9s", "2h", "Kd", "3c", "P:4d")
    assert ezbac(*words, "--lang", "zh_Hant").stdout.splitlines()[2:] == [
        "1 處偏差：",
        "1. 第 5 張牌（4d）：4d 發給了閒。規則：閒家例牌9點：雙方都不補牌。"
        "正確做法：不再發牌：此局已結束。",
    ]
    assert ezbac(*words, "--lang", "ko").stdout.splitlines()[2:] == [
        "이탈 1건:",
        "1. 5번째 카드(4d): 4d을(를) 플레이어에게 딜함. 규칙: 플레이어 내추럴 9: 양쪽 모두 "
        "드로우 없음. 정답: 카드 없음: 게임이 끝났음.",
    ]


def test_the_english_is_as_it_was() -> None:
    run = ezbac("audit", "9s", "2h", "Kd", "3c", "P:4d")
    assert run.stdout.splitlines()[2:] == [
        "1 deviation:",
        "1. card 5 (4d): 4d was dealt to the Player. Rule: Player has a natural 9: neither "
        "hand draws. Right: no card: the coup is over.",
    ]


def test_a_refused_bet_settled_reads_back_in_korean() -> None:
    words = ("Ks", "2h", "As", "2c", "5d", "3c", "past_posting:4:player=25:refuse")
    run = ezbac("audit", *words, "pay:4:player=25:25", "--lang", "ko")
    assert run.stdout.splitlines()[-1].startswith(
        "1. 4번 좌석 플레이어: 25 지급함. 규칙: 4번 좌석 플레이어 25 거절됨("
    )


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (("--seat", "9:player=5"), "ezbac：錯誤：--seat '9:player=5'：ez 牌桌的座位為 1 至 7"),
        (("--bet", "tie"), "ezbac：錯誤：--bet 'tie'：請寫 NAME=AMOUNT，例如 --bet dragon7=15"),
        (("--bet", "tie=5", "--seat", "1:tie=5"), "ezbac：錯誤：--bet 和 --seat 不能同時用："),
    ],
)
def test_check_s_usage_errors_in_traditional_chinese(words: tuple[str, ...], line: str) -> None:
    run = ezbac("check", "--lang", "zh_Hant", "4h", "3s", "2d", "Kc", "8h", *words)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(line), run.stderr
    english = ezbac("check", "--lang", "en_XA", "4h", "3s", "2d", "Kc", "8h", *words).stderr
    assert (
        english_left(english, allowed=[*words, "ezbac", "NAME AMOUNT BET", "banker dragon7"]) == []
    )


@pytest.mark.parametrize(
    ("words", "line"),
    [
        (("--called", "player=x"), "ezbac: 오류: --called player='x': 합계는 0부터 9"),
        (("--then", "maybe"), "ezbac: 오류: --then 'maybe': deal, one_more 또는 end라고 하세요"),
        (
            ("--seat", "1:banker=25"),
            "ezbac: 오류: --seat '1:banker=25': banker 베팅에 무엇을 했는지",
        ),
    ],
)
def test_audit_s_usage_errors_in_korean(words: tuple[str, ...], line: str) -> None:
    run = ezbac("audit", "--lang", "ko", "4h", "3s", "2d", "Kc", "8h", *words)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith(line), run.stderr


@pytest.mark.parametrize("house", ["ez", "commission", "cardroom"])
def test_the_house_line_is_the_engine_s_in_english_and_worded_in_korean(house: str) -> None:
    from trainer.houses.catalogue import find_house
    from trainer.words.house import headline

    assert headline(find_house(house)) == find_house(house).summary[0]
    first = ezbac("check", "--house", house, "--lang", "ko", "9s", "2h", "Kd", "5c").stdout
    assert first.startswith(f"하우스: {house}: ") and "덱, 좌석 " in first.splitlines()[0]
    pseudo = ezbac("audit", "--house", house, "--lang", "en_XA", "9s", "2h", "Kd", "5c").stdout
    title = find_house(house).rules.title
    assert english_left(pseudo.splitlines()[0], allowed=[house, title]) == []


def test_check_s_lines_from_standard_input_in_the_pseudo_language() -> None:
    stdin = "4h 3s 2d Kc 8h\n9s 2h Kd 5c | 1:banker=25,dragon7=10\n"
    run = ezbac("check", "--lang", "en_XA", "-", stdin=stdin)
    assert run.returncode == 0, run.stderr
    # the table's steps and settlement order are the table's words (worded there)
    first = run.stdout.split("\n\n")[0]
    assert english_left(first, allowed=CARDS) == [], first
