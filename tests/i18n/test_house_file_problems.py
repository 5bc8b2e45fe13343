"""The problems of house, curriculum, mistakes and irregularities files in the language
spoken: each message a ``Said`` (its English unchanged), worded at the edge by ``say``, and
every template these modules can produce in the catalogue."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from tests.i18n.english_left import english_left
from trainer.curriculum.loader import load_curriculum_text
from trainer.engine.said import Said
from trainer.fileformat.problems import FileProblemsError, Problem
from trainer.houses.loader import load_house_text
from trainer.i18n import ENGLISH, LANGUAGES, LOCALE_DIR, PSEUDO, set_language
from trainer.irregularities.loader import load_irregularities_text
from trainer.mistakes.loader import load_mistakes_text
from trainer.words.said import say

TRAINER = Path(__file__).resolve().parents[2] / "trainer"

#: The modules whose messages become these files' problems, and how many templates each
#: holds at least (a module that lost its Said messages to plain strings fails here).
MODULES = {
    "houses/loader.py": 37,
    "curriculum/loader.py": 23,
    "irregularities/loader.py": 5,
    "mistakes/loader.py": 6,
    "engine/house.py": 11,
    "engine/house_ranges.py": 7,
    "engine/injection.py": 6,
    "engine/chips.py": 10,
    "engine/call_words.py": 6,
    "engine/cards.py": 4,
    # what a field is, for the generic reader's messages ("'x' is not a game; ...")
    "houses/fields.py": 17,
    "curriculum/fields.py": 11,
    "mistakes/fields.py": 3,
    "irregularities/fields.py": 2,
    "houses/catalogue.py": 1,
}

HOUSE = """\
id: Bad House
name: A house
decks: 7
chips: []
limits: {min: 100, max: 50, differential: 20}
payout_chips: max_each
calls: {natural: "{foo} natural"}
"""

CURRICULUM = """\
name: A path
modules:
  - id: first
    title: First
    drills: [d1, d1]
    skills:
      - {id: s1, title: S, keys: ["banker:*"]}
  - id: first
    title: Again
    drills: [d2]
    skills:
      - {id: s2, title: S, keys: ["banker:*"]}
"""

MISTAKES = """\
mistakes:
  - id: Bad Id
    level: coup
    kind: payout_short
    description: x
    transform: odds_off
    params: {bet: tiger, odds: 5000}
"""

IRREGULARITIES = """\
irregularities:
  - id: card_exposed
    name: A card exposed
    scene: A card shows.
    remedy: "Burn it, then deal on from the shoe as the house's rules say, without a word"
    source: standard
    felt: [P:Ah, B:Kd, P:2c, B:3c, P:4c, B:5c, P:6c, B:7c, P:8c]
  - id: card_exposed
    name: Again
    scene: A card shows.
    remedy: Burn it.
    source: standard
  - id: card_on_floor
    name: A card on the floor
    scene: A card falls.
    remedy: Pick it up.
    source: standard
    felt: [P:Zh, Ah]
"""


@pytest.fixture
def speaking() -> Iterator[Callable[[str], None]]:
    yield set_language
    set_language(ENGLISH)


def problems(load: Callable[[str], Any], text: str) -> dict[str, Problem]:
    """The file's problems by their field."""
    with pytest.raises(FileProblemsError) as caught:
        load(text)
    return {p.field: p for p in caught.value.problems}


def test_the_english_is_as_it_was() -> None:
    house = problems(load_house_text, HOUSE)
    assert str(house["id"]) == (
        "<house>:1:5: id: 'Bad House' is not a house id: use lowercase letters, digits, "
        "'-' and '_', starting with a letter or digit"
    )
    assert house["limits.max"].message == "max 50 is less than min 100"
    assert house["decks"].message == "7 decks is not supported: the shoe holds 8 decks (or 6)"
    mistakes = problems(load_mistakes_text, MISTAKES)
    assert mistakes["mistakes[0].params.odds"].message == (
        "5000 is out of range: 0.01 to 1000, at most two decimals"
    )
    assert all(isinstance(p.message, Said) for p in house.values())
    felt = problems(load_irregularities_text, IRREGULARITIES)["irregularities[2].felt[0]"]
    assert felt.message == ("'Zh' is not a card: unknown rank 'Z' (ranks are A 2-9 T J Q K, or 10)")


# (loader, text, field, what the file itself wrote and may stay as typed in en_XA)
CASES = [
    (load_house_text, HOUSE, "id", ["Bad House"]),
    (load_house_text, HOUSE, "decks", []),
    (load_house_text, HOUSE, "chips", []),
    (load_house_text, HOUSE, "limits.max", []),
    (load_house_text, HOUSE, "limits.differential", []),
    (load_house_text, HOUSE, "payout_chips", ["{max_each: 10}"]),
    (load_house_text, HOUSE, "calls.natural", ["{foo}", "{hand}, {total}"]),
    (load_curriculum_text, CURRICULUM, "modules[0].drills[1]", []),
    (load_curriculum_text, CURRICULUM, "modules[1].id", ["first"]),
    (load_mistakes_text, MISTAKES, "mistakes[0].id", ["Bad Id"]),
    (load_mistakes_text, MISTAKES, "mistakes[0].params.bet", ["tiger", "player, banker, tie"]),
    (load_mistakes_text, MISTAKES, "mistakes[0].params.odds", []),
    (load_irregularities_text, IRREGULARITIES, "irregularities[0].remedy", []),
    (load_irregularities_text, IRREGULARITIES, "irregularities[0].felt", []),
    (load_irregularities_text, IRREGULARITIES, "irregularities[1].id", ["card_exposed"]),
    (load_irregularities_text, IRREGULARITIES, "irregularities[2].felt[0]", []),
    (load_irregularities_text, IRREGULARITIES, "irregularities[2].felt[1]", []),
]


def test_no_english_is_left_in_the_pseudo_language(
    speaking: Callable[[str], None],
) -> None:
    speaking("en_XA")
    for load, text, field, allowed in CASES:
        message = problems(load, text)[field].message
        assert isinstance(message, Said), field
        # the pseudo-language accents what the catalogue gives; the file's own words stay
        worded = say(message)
        assert worded != message, field
        # "dragon7"/"panda8" and the like are the file's words for bets, written as typed
        kept = [*allowed, "dragon7", "panda8", "player", "banker", "tie"]
        assert english_left(worded, allowed=kept) == [], (field, worded)


def test_read_back_in_traditional_chinese_and_korean(speaking: Callable[[str], None]) -> None:
    house = problems(load_house_text, HOUSE)
    curriculum = problems(load_curriculum_text, CURRICULUM)
    mistakes = problems(load_mistakes_text, MISTAKES)
    irregularities = problems(load_irregularities_text, IRREGULARITIES)
    speaking("zh_Hant")
    assert say(house["decks"].message) == "不支援 7 副牌：牌靴裝 8 副牌（或 6 副）"
    assert say(house["limits.max"].message) == "max 50 小於 min 100"
    assert say(curriculum["modules[1].id"].message) == "'first' 已是第 1 個模組：id 不能重複"
    assert say(mistakes["mistakes[0].params.odds"].message) == (
        "5000 超出範圍：0.01 到 1000，最多兩位小數"
    )
    assert say(irregularities["irregularities[0].felt"].message) == "有 9 張牌：最多寫 8 張"
    assert say(irregularities["irregularities[2].felt[1]"].message) == (
        "'Ah'：在牌前寫 P:（閒）或 B:（莊），例如 P:9h"
    )
    speaking("ko")
    assert say(house["chips"].message) == "빈 목록입니다: 테이블의 칩을 쓰세요"
    assert say(curriculum["modules[0].drills[1]"].message) == "'d1'이(가) 두 번 나열되었습니다"
    assert say(irregularities["irregularities[1].id"].message) == (
        "'card_exposed'은(는) 이미 목록에 있습니다 (각각 한 번만)"
    )


def said_calls(module: str) -> list[tuple[str, bool]]:
    """Every ``Said("...", ...)`` written in ``module`` (its source read, not run): its
    template, and whether it is given values (a template without any is never formatted)."""
    tree = ast.parse((TRAINER / module).read_text(encoding="utf-8"))
    return [
        (node.args[0].value, bool(node.keywords))
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Said"
        and node.args
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    ]


def templates(module: str) -> list[str]:
    return [template for template, _ in said_calls(module)]


def test_every_template_is_in_the_catalogue() -> None:
    with (LOCALE_DIR / "ezbac.pot").open("rb") as f:
        ids = {m.id for m in read_po(f) if m.id}
    for module, least in MODULES.items():
        found = templates(module)
        assert len(found) >= least, (module, len(found))
        assert [t for t in found if t not in ids] == [], module


def test_every_template_formats_in_every_language(speaking: Callable[[str], None]) -> None:
    """Each translation takes the English's values (no brace lost or added): formatted
    with every placeholder given, it says the value and raises nothing."""
    import string

    for language in [*(code for code in LANGUAGES if code != ENGLISH), PSEUDO]:
        speaking(language)
        for module in MODULES:
            for template, formatted in said_calls(module):
                if not formatted:
                    continue  # said as written
                names = {n for _, n, _, _ in string.Formatter().parse(template) if n}
                worded = say(Said(template, **{n: f"<{n}>" for n in names}))
                assert all(f"<{n}>" in worded for n in names), (language, template, worded)


def test_no_loader_reports_a_plain_string() -> None:
    """A message given to ``err`` as an f-string or a plain literal would print in English
    whatever the language: each is a ``Said`` (or a value that is one)."""
    for module in (
        "houses/loader.py",
        "curriculum/loader.py",
        "irregularities/loader.py",
        "mistakes/loader.py",
    ):
        tree = ast.parse((TRAINER / module).read_text(encoding="utf-8"))
        plain = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "err"
            and len(node.args) == 3
            and isinstance(node.args[2], (ast.JoinedStr, ast.Constant))
        ]
        assert plain == [], module


def test_a_house_file_with_a_bundled_id_is_listed_in_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, speaking: Callable[[str], None]
) -> None:
    from trainer.engine.house import BUNDLED_HOUSES
    from trainer.houses.catalogue import available_houses
    from trainer.houses.text import house_yaml

    (tmp_path / "houses").mkdir()
    mine = tmp_path / "houses" / "mine.yaml"
    mine.write_text(house_yaml(BUNDLED_HOUSES["ez"]), encoding="utf-8")  # still id: ez
    monkeypatch.setenv("EZBAC_HOME", str(tmp_path))
    (error,) = [e.error for e in available_houses() if e.path == mine]
    assert error == (
        f"{mine}: id 'ez' is a bundled house's: give yours another id "
        "(--house with this file's path still reads it)"
    )
    speaking("zh_Hant")
    assert say(error) == (
        f"{mine}：編號 'ez' 是內建賭場的編號：請給你的賭場另取編號"
        "（用 --house 加這個檔案的路徑仍可讀取它）"
    )


def test_a_drill_under_a_house_that_forbids_its_bets_in_the_language(tmp_path: Path) -> None:
    from tests.support.cli import ezbac
    from trainer.engine.house import BUNDLED_HOUSES
    from trainer.houses.text import house_yaml

    text = house_yaml(BUNDLED_HOUSES["ez"]).replace("id: ez\n", "id: strict\n")
    house = tmp_path / "strict.yaml"
    house.write_text(text.replace("  min: 1\n", "  min: 10\n"), encoding="utf-8")
    english = ezbac("train", "payouts", "--house", str(house))
    first = "bets.player: 5 is below the house strict's minimum of 10 for player"
    assert english.returncode == 2
    assert english.stderr.splitlines()[0] == f"ezbac: error: payouts under house strict: {first}"
    korean = ezbac("train", "--lang", "ko", "payouts", "--house", str(house))
    assert korean.returncode == 2
    # the drill, the house and the bet as written; the rest in Korean
    assert korean.stderr.splitlines()[0].endswith(
        "하우스 strict 아래의 payouts: bets.player: 5은(는) 하우스 strict의 player 최소 한도 "
        "10보다 적습니다"
    )
