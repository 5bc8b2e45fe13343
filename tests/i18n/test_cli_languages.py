"""The command line in each language: --lang, the environment's locale and the trainer's
setting choose it; `ezbac --help` and the fixed words of a usage error are translated;
what a machine reads is the same in every language."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import ezbac, usage_error
from trainer.prefs import Settings, load_settings, save_settings


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["--lang", "tlh", "--help"],
            "ezbac: error: --lang: unknown language 'tlh': give one of en, zh_Hans, zh_Hant, "
            "vi, ko",
        ),
        (
            ["--lang=", "check", "4h"],
            "ezbac: error: --lang: the language is empty: give one of en, zh_Hans, zh_Hant, vi, ko",
        ),
        (["--lang"], "ezbac: error: --lang: give a language (en, zh_Hans, zh_Hant, vi, ko)"),
        (  # never a path into the catalogues, nor the trainer opened in zh_Hans
            ["--lang", "zh_Hant/../ko"],
            "ezbac: error: --lang: unknown language 'zh_Hant/../ko': give one of en, zh_Hans, "
            "zh_Hant, vi, ko",
        ),
    ],
)
def test_a_bad_lang_is_one_line_naming_it(args: list[str], line: str) -> None:
    assert usage_error(ezbac(*args), "--lang") == line


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh_Hans", ["用法：ezbac", "位置参数:", "示例：", "显示此帮助信息并退出", "打开训练器"]),
        ("zh_Hant", ["用法：ezbac", "位置參數:", "範例：", "顯示此說明訊息並離開", "開啟訓練器"]),
        ("vi", ["cách dùng: ezbac", "tùy chọn:", "ví dụ:", "mở trình luyện"]),
        ("ko", ["사용법: ezbac", "옵션:", "예:", "훈련기 열기", "이 도움말을 보여 주고 종료"]),
    ],
)
def test_help_in_each_language(language: str, words: list[str]) -> None:
    run = ezbac("--lang", language, "--help")
    assert run.returncode == 0, run.stderr
    for word in words:
        assert word in run.stdout, word
    # the commands and their examples are typed as they are in every language
    assert "  ezbac check 4h 3s 2d Kc 8h  " in run.stdout
    assert "usage:" not in run.stdout and "show this help message" not in run.stdout


def test_a_usage_error_s_fixed_words_are_translated() -> None:
    line = usage_error(ezbac("--lang", "ko", "check", ""))
    assert line == (
        "ezbac check: 오류: 인수 CARD: 값이 비어 있습니다(''): 값을 주거나 옵션을 빼세요 "
        "(ezbac check --help 참고)"
    )


def test_the_environment_s_locale_then_the_setting_then_lang() -> None:
    assert "用法：" in ezbac("--help", env={"LANG": "zh_TW.UTF-8"}).stdout
    assert "사용법:" in ezbac("--help", env={"LANG": "zh_TW.UTF-8", "LC_ALL": "ko_KR"}).stdout
    assert "usage:" in ezbac("--help", env={"LANG": "de_DE.UTF-8"}).stdout
    loaded = load_settings()
    save_settings(loaded, Settings(language="vi"))
    assert "cách dùng:" in ezbac("--help", env={"LANG": "ko_KR.UTF-8"}).stdout
    assert "用法：" in ezbac("--lang", "zh_Hans", "--help").stdout


def test_a_setting_ezbac_cannot_speak_is_english_not_a_crash() -> None:
    save_settings(load_settings(), Settings(language="tlh"))
    run = ezbac("--help")
    assert run.returncode == 0 and run.stdout.startswith("usage: ezbac")


def test_lang_after_the_db_option_is_found_too() -> None:
    run = ezbac("--db", "x.sqlite3", "--lang", "vi", "--help")
    assert run.returncode == 0 and "cách dùng:" in run.stdout


def test_json_is_the_same_in_every_language() -> None:
    english = ezbac("check", "--json", "4h", "3s", "2d", "Kc", "8h")
    assert english.returncode == 0, english.stderr
    for language in ("zh_Hans", "zh_Hant", "vi", "ko", "en_XA"):
        run = ezbac("--lang", language, "check", "--json", "4h", "3s", "2d", "Kc", "8h")
        assert run.stdout == english.stdout, language
    json.loads(english.stdout.splitlines()[0])


def test_a_count_in_an_error_is_written_by_the_language() -> None:
    # Vietnamese groups thousands with "." (CLDR): 1001 is written 1.001
    line = usage_error(ezbac("--lang", "vi", "check", *["4h"] * 1000))  # 1001 with check
    assert line.startswith("ezbac: lỗi: 1.001 đối số: tối đa 1.000 (quy trình dài hơn")
