"""`--lang` after the subcommand too (`ezbac check --lang ko ...`, `ezbac drills list --lang
vi`), by the same rules as before it; a subcommand's help in the language, its usage whole."""

from __future__ import annotations

import pytest

from tests.support.cli import ezbac, usage_error

LISTED = "give one of en, zh_Hans, zh_Hant, vi, ko"


@pytest.mark.parametrize(
    "args",
    [
        ["check", "--lang", "ko", ""],
        ["check", "--lang=ko", ""],
        ["check", "", "--lang", "ko"],
        ["--lang", "ko", "check", ""],
    ],
)
def test_lang_before_or_after_the_command_speaks_it(args: list[str]) -> None:
    assert usage_error(ezbac(*args)) == (
        "ezbac check: 오류: 인수 CARD: 값이 비어 있습니다(''): 값을 주거나 옵션을 빼세요 "
        "(ezbac check --help 참고)"
    )


def test_a_nested_command_takes_lang_after_it() -> None:
    run = ezbac("drills", "list", "--lang", "vi", "--help")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("cách dùng: ezbac drills list")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (
            ["check", "--lang", "tlh", "4h"],
            f"ezbac: error: --lang: unknown language 'tlh': {LISTED}",
        ),
        (
            ["drills", "list", "--lang="],
            f"ezbac: error: --lang: the language is empty: {LISTED}",
        ),
        (
            ["drills", "list", "--lang", " "],
            f"ezbac: error: --lang: the language is empty: {LISTED}",
        ),
        (
            ["check", "4h", "--lang"],
            "ezbac: error: --lang: give a language (en, zh_Hans, zh_Hant, vi, ko)",
        ),
        (
            ["--lang", "ko", "check", "--lang", "vi", "4h"],
            "ezbac: error: --lang: is given twice; give it once",
        ),
    ],
)
def test_a_bad_lang_after_the_command_is_one_line(args: list[str], line: str) -> None:
    assert usage_error(ezbac(*args), "--lang") == line


def test_a_shortened_lang_is_refused_not_ignored() -> None:
    line = usage_error(ezbac("drills", "list", "--lan", "vi"), "--lang")
    assert line == (
        "ezbac drills list: error: argument --lang: write it whole: --lang LANG "
        "(see ezbac drills list --help)"
    )
    assert "--lang" in usage_error(ezbac("--lan", "vi", "drills", "list"))


def test_after_a_double_dash_lang_is_no_option() -> None:
    # what follows -- is the command's own: no language is taken from it
    line = usage_error(ezbac("check", "--", "--lang", "ko"))
    assert line.startswith("ezbac check: error: ")


def test_a_subcommand_s_usage_is_whole_in_a_language_with_a_short_prefix() -> None:
    # argparse cuts len("usage: ") off the usage of a command that takes options between
    # its positionals: "사용법: bac check" before
    run = ezbac("check", "--lang", "ko", "--help")
    assert run.stdout.startswith("사용법: ezbac check [-h]")
    assert ezbac("check", "--help").stdout.startswith("usage: ezbac check [-h]")
