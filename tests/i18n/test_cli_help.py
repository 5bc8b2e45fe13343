"""Every subcommand's --help in each language: in the pseudo-language no English word is
left but what is typed as it is in every language (the command and option names, their
metavars, the examples' command lines); in Traditional Chinese and Korean some lines read
back."""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterator

import pytest

from tests.i18n.english_left import english_left
from tests.support.cli import ezbac
from trainer.cli import COMMANDS
from trainer.cli.parser import build_parser
from trainer.i18n import LANGUAGES


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


def _commands() -> list[tuple[str, ...]]:
    found = []
    for command in COMMANDS:
        built = build_parser(command)
        sub = next(a for a in built._actions if isinstance(a, argparse._SubParsersAction))
        found += [path for path, _ in _parsers(sub.choices[command], (command,))]
    return found


COMMAND_PATHS = _commands()

#: Typed the same in every language: names of programs, a JSON line's keys, file
#: extensions, an environment variable, a URL's scheme.
TYPED_EVERYWHERE = [
    "PgBouncer",
    "PostgreSQL",
    '{"line": n, "error": ...}',
    "txt pdf",
    "EZBAC_KEY_PASSPHRASE",
    "http",
]


def _typed(words: tuple[str, ...]) -> list[str]:
    """What a command's help shows as typed in every language: the command's words, its
    options and metavars and choices, and each example's command line."""
    built = build_parser(words[0])
    sub = next(a for a in built._actions if isinstance(a, argparse._SubParsersAction))
    parser = dict(_parsers(sub.choices[words[0]], (words[0],)))[words]
    typed = ["ezbac", *words, *COMMANDS, *LANGUAGES]
    for action in parser._actions:
        typed += action.option_strings
        if action.metavar:
            typed += [action.metavar] if isinstance(action.metavar, str) else list(action.metavar)
        typed += [str(c) for c in (action.choices or ())]
        typed.append(action.dest)
    return typed


def _example_lines(text: str) -> list[str]:
    """The examples' command lines (``  ezbac ...``, ``  printf ...``), up to a comment."""
    return [
        re.split(r"\s{2,}", line.strip())[0]
        for line in text.splitlines()
        if line.lstrip().startswith(("ezbac ", "printf ", "--"))
    ]


def test_the_walk_finds_every_command() -> None:
    assert ("check",) in COMMAND_PATHS and ("drills", "list") in COMMAND_PATHS
    assert ("audition", "sign") in COMMAND_PATHS and ("school", "check") in COMMAND_PATHS
    assert len(COMMAND_PATHS) > 30


@pytest.mark.parametrize("words", COMMAND_PATHS, ids=[" ".join(w) for w in COMMAND_PATHS])
def test_no_english_is_left_in_a_command_s_help(words: tuple[str, ...]) -> None:
    run = ezbac(*words, "--lang", "en_XA", "--help")
    assert run.returncode == 0, run.stderr
    allowed = [*_typed(words), *_example_lines(run.stdout), *TYPED_EVERYWHERE]
    assert english_left(run.stdout, allowed=allowed) == [], run.stdout


@pytest.mark.parametrize(
    ("words", "language", "lines"),
    [
        (
            ("check",),
            "zh_Hant",
            ["用法：ezbac check", "每局列印一個 JSON 物件"],
        ),
        (
            ("check",),
            "ko",
            ["사용법: ezbac check", "게임마다 JSON 객체 하나를 출력"],
        ),
        (
            ("audit",),
            "zh_Hant",
            ["範例:", "結束碼：0 發牌正確，1 有偏差（或用 '-' 時，有任何一局有偏差或有任何錯誤的"],
        ),
        (
            ("audit",),
            "ko",
            [
                "예:",
                "종료 코드: 0 올바르게 딜함, 1 이탈 있음",
            ],
        ),
        (("drills", "list"), "zh_Hant", ["每個練習一個 JSON 物件"]),
        (("drills", "list"), "ko", ["연습마다 JSON 객체 하나"]),
        (("analyze",), "ko", ["  ezbac analyze --json              기계용, 정확한 정수 개수"]),
        (("analyze",), "zh_Hant", ["  ezbac analyze                     8 副牌，標準賠率"]),
    ],
)
def test_a_command_s_help_reads_back(
    words: tuple[str, ...], language: str, lines: list[str]
) -> None:
    run = ezbac(*words, "--help", "--lang", language)
    assert run.returncode == 0, run.stderr
    for line in lines:
        assert line in run.stdout, (line, run.stdout)


@pytest.mark.parametrize("language", ["zh_Hant", "zh_Hans", "ko"])
def test_a_help_in_chinese_or_korean_fits_80_columns(language: str) -> None:
    """A wide character takes two columns: argparse wraps by characters, so a Chinese or
    Korean help wrapped its way ran to 140 columns; every line with a wide character holds
    in 80 (the examples' command lines are as long as in English)."""
    from trainer.cli.output import columns, has_wide

    for words in COMMAND_PATHS:
        run = ezbac(*words, "--help", "--lang", language, env={"COLUMNS": "80"})
        long = [line for line in run.stdout.splitlines() if has_wide(line) and columns(line) > 80]
        assert long == [], (words, long)
