"""A file's problems in the language spoken: the frame (file:line:column: field:) as it is,
the message worded; the YAML parser's own words and what a machine reads stay English."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from tests.i18n.english_left import english_left
from trainer.cli import main
from trainer.drills import fields as F
from trainer.engine.said import Grouped, Plural, Said, Verbatim
from trainer.fileformat.problems import FileProblemsError, Problem
from trainer.i18n import set_language
from trainer.words.files import error_text, problem_line, summary
from trainer.words.said import say

#: A drill file wrong in many ways at once: a missing field, a bad id, a list given a
#: number, an unknown key, a word not among the choices, text with a control character, a
#: filter no coup can match.
BROKEN = """\
id: Bad Id
title: "a\\u0007b"
ask: [outcome]
coups: 5
bogus: 1
mode: examz
generate:
  - {natural: true, player_draws: true}
"""


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN, encoding="utf-8")
    return path


def test_the_pseudo_language_leaves_no_english_but_the_file_s_own_words(
    capsys: pytest.CaptureFixture[str], broken: Path
) -> None:
    code, out, _ = _run(capsys, "--lang", "en_XA", "drills", "validate", str(broken))
    assert code == 1
    lines = out.splitlines()
    assert len(lines) == 7, out
    # what stays as typed: the file's name, the fields' paths, the names a file may write
    # (the keys and choices offered), and the file's own values
    allowed = [
        str(broken),
        *F.DRILL.fields,
        *F.MODES,
        *F.FILTER.fields,
        "Bad Id examz bogus true false",
    ]
    assert english_left(out, allowed) == []
    assert lines[1].startswith(f"{broken}:1:5: id: 'Bad Id' ")


def test_a_yaml_syntax_error_keeps_pyyaml_s_words_and_words_the_frame(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "syntax.yaml"
    path.write_text("id: x\ntitle: [unclosed\n", encoding="utf-8")
    _, english, _ = _run(capsys, "drills", "validate", str(path))
    code, out, _ = _run(capsys, "--lang", "zh_Hant", "drills", "validate", str(path))
    assert code == 1
    where, _, problem = english.strip().partition(": YAML syntax error: ")
    assert problem  # PyYAML's own words, e.g. "did not find expected ',' or ']'"
    assert out.strip() == f"{where}: YAML 語法錯誤：{problem}"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("zh_Hant", "description: 缺少必填欄位"),
        ("ko", "description: 필수 필드가 없습니다"),
    ],
)
def test_a_line_reads_back_with_its_place_unchanged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str, expected: str
) -> None:
    path = tmp_path / "short.yaml"
    path.write_text("id: short\ntitle: Short\ncoups: 5\n", encoding="utf-8")
    code, out, _ = _run(capsys, "--lang", language, "drills", "validate", str(path))
    assert code == 1
    first = out.splitlines()[0]
    assert first == f"{path}:1:1: {expected}"


@pytest.mark.parametrize(
    ("language", "data", "expected"),
    [
        ("vi", None, ": là một thư mục, không phải tệp"),
        (
            "zh_Hans",
            b"id: \xff\n",
            ":1:5: 不是 UTF-8 文本（位置 4 的字节 0xff）；请将文件另存为 UTF-8",
        ),
        ("zh_Hant", b"id: \x00\n", ": 是二進位檔案，不是YAML 練習檔案"),
        # a count grouped as the language groups it (CLDR: "." in Vietnamese)
        ("vi", b"#" * (F.MAX_FILE_BYTES + 1), ": tệp quá lớn (hơn 1.048.576 byte)"),
    ],
)
def test_a_file_that_is_no_text_is_said_in_the_language(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    language: str,
    data: bytes | None,
    expected: str,
) -> None:
    path = tmp_path / "drill.yaml"
    if data is None:
        path.mkdir()
    else:
        path.write_bytes(data)
    code, out, _ = _run(capsys, "--lang", language, "drills", "validate", str(path))
    assert code == 1
    assert out.splitlines() == [f"{path}{expected}"]


def test_english_is_as_it_was(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "short.yaml"
    path.write_text("id: short\ntitle: Short\nmode: examz\n", encoding="utf-8")
    code, out, _ = _run(capsys, "drills", "validate", str(path))
    assert code == 1
    assert out.splitlines() == [
        f"{path}:1:1: description: required field is missing",
        f"{path}:1:1: ask: required field is missing",
        f"{path}:1:1: a drill needs coups (fixed coups), generate (filters), or both",
        f"{path}:3:7: mode: 'examz' is not a mode (did you mean 'exam'?); "
        "choose one of practice, exam",
    ]


def test_the_error_printer_words_every_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "short.yaml"
    path.write_text("id: short\ntitle: Short\nmode: examz\n", encoding="utf-8")
    code, _, err = _run(capsys, "--lang", "zh_Hant", "drills", "preview", str(path))
    assert code == 2
    assert err.splitlines()[0] == f"ezbac：錯誤：{path}:1:1: description: 缺少必填欄位"
    assert err.splitlines()[2] == (  # the file's whole problem, worded too
        f"ezbac：錯誤：{path}:1:1: 練習需要 coups（固定牌局）、generate（篩選條件），或兩者皆有"
    )


def test_a_broken_drill_in_the_list_says_how_many_more_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from trainer.paths import user_drills_dir

    folder = user_drills_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.yaml").write_text("id: broken\nmode: examz\n", encoding="utf-8")
    where = folder / "broken.yaml"
    _, english, _ = _run(capsys, "drills", "list")
    assert (
        f"  broken.yaml: BROKEN: {where}:1:1: title: required field is missing "
        "(and 4 more problems)"
    ) in english.splitlines()
    _, chinese, _ = _run(capsys, "--lang", "zh_Hant", "drills", "list")
    assert f"{where}:1:1: title: 缺少必填欄位（另有 4 個問題）" in chinese
    # what a machine reads is English in every language
    _, as_json, _ = _run(capsys, "--lang", "zh_Hant", "drills", "list", "--json")
    errors = [json.loads(line)["error"] for line in as_json.splitlines()]
    assert f"{where}:1:1: title: required field is missing (and 4 more problems)" in errors


def test_one_more_problem_is_singular() -> None:
    error = FileProblemsError(
        [Problem("f.yaml", 1, 1, "a", Said("is empty")), Problem("f.yaml", 2, 1, "b", "odd")]
    )
    assert str(error.summary) == "f.yaml:1:1: a: is empty (and 1 more problem)"
    set_language("vi")
    assert summary(error) == "f.yaml:1:1: a: đang trống (và 1 vấn đề nữa)"
    assert error_text(error) == "f.yaml:1:1: a: đang trống\nf.yaml:2:1: b: odd"
    copied = pickle.loads(pickle.dumps(error))  # its problems kept, still worded
    assert copied.problems == error.problems and error_text(copied) == error_text(error)


def test_a_path_or_a_field_is_never_looked_up() -> None:
    # "commission" is a word of the catalogue; as a field's path it stays as written
    problem = Problem("commission", 3, 0, "commission", Said("is empty"))
    set_language("zh_Hant")
    assert say("commission") == "佣金"
    assert problem_line(problem) == "commission:3: commission: 是空的"
    assert say(Verbatim("commission")) == "commission"


def test_a_grouped_number_is_english_in_its_text_and_the_language_s_when_said() -> None:
    said = Said("more than {count} bytes", count=Grouped(1048576))
    assert str(said) == "more than 1,048,576 bytes"
    assert pickle.loads(pickle.dumps(Grouped(1048576))) == 1048576
    set_language("vi")
    assert say(Grouped(1048576)) == "1.048.576"


def test_a_plural_picks_its_form_and_survives_a_copy() -> None:
    one = Plural(
        "{first} (and {count} more problem)", "{first} (and {count} more problems)", 1, first="x"
    )
    two = pickle.loads(pickle.dumps(Plural(one.singular, one.plural, 2, first="x")))
    assert (str(one), str(two)) == ("x (and 1 more problem)", "x (and 2 more problems)")
    assert isinstance(two, Plural) and two.number == 2
    set_language("ko")
    assert say(two) == "x (외 문제 2개)"


def test_a_drill_not_found_is_said_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(capsys, "--lang", "zh_Hant", "drills", "preview", "naturalz")
    assert code == 2
    assert err.strip() == (
        "ezbac：錯誤：沒有練習 'naturalz'（是否想寫 'naturals'？）："
        "請給出 'ezbac drills list' 中的練習編號，或練習檔案的路徑"
    )


async def test_home_shows_a_broken_drill_s_problem_in_the_language(tmp_path: Path) -> None:
    from textual.widgets import Static

    from trainer.drills.catalogue import DrillEntry
    from trainer.drills.errors import DrillFileError
    from trainer.drills.loader import load_file
    from trainer.tui.app import TrainerApp

    path = tmp_path / "broken.yaml"
    path.write_text("id: broken\nmode: examz\n", encoding="utf-8")
    with pytest.raises(DrillFileError) as caught:
        load_file(path)
    entry = DrillEntry.broken(path, False, caught.value.summary)
    set_language("zh_Hant")
    app = TrainerApp(choices=lambda: [entry], trainee="Alex", seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(app.screen.query_one("#description", Static).content)
    assert f"✗ 無法載入：{path}:1:1: title: 缺少必填欄位（另有 4 個問題）" in shown.replace(
        "\n", ""
    )


def test_a_broken_house_in_the_list_is_said_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from trainer.houses.catalogue import user_houses_dir

    folder = user_houses_dir()
    folder.mkdir(parents=True, exist_ok=True)
    where = folder / "mine.yaml"
    where.write_text("id: mine\nname: Mine\ngame: ez\nbogus: 1\n", encoding="utf-8")
    _, out, _ = _run(capsys, "--lang", "ko", "houses", "list")
    assert f"{where}:4:1: bogus: 알 수 없는 키 'bogus'" in out
    _, as_json, _ = _run(capsys, "--lang", "ko", "houses", "list", "--json")
    errors = [json.loads(line)["error"] for line in as_json.splitlines()]
    assert any(e and e.startswith(f"{where}:4:1: bogus: unknown key 'bogus'") for e in errors)


@pytest.mark.parametrize(
    "text",
    [
        "",  # empty
        "- a\n- b\n",  # a list at the top
        "id: &a x\ntitle: *a\n",  # an anchor
        "id: !!python/name:os.system x\n",  # a tag
        "a: " + "[" * 25 + "]" * 25 + "\n",  # too deep
    ],
)
def test_the_yaml_level_problems_leave_no_english(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "top.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, _ = _run(capsys, "--lang", "en_XA", "drills", "validate", str(path))
    assert code == 1 and out.startswith(str(path))
    assert english_left(out, [str(path), "python/name:os.system"]) == []


def test_a_drill_naming_no_house_is_said_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("id: h\ntitle: H\ndescription: D\nask: outcome\nhouse: ezz\n", encoding="utf-8")
    _, out, _ = _run(capsys, "--lang", "zh_Hant", "drills", "validate", str(path))
    assert f"{path}:5:8: house: 'ezz' 不是賭場（是否想寫 ez？）：賭場有 ez, " in out
