"""An empty argument is an error, never a default: every option and positional of
every command, found by walking the parser itself, so a new option cannot forget it.

``history copy SRC ''`` wrote into the real default history, ``check --house ''`` used ez,
``serve --host ''`` listened on every interface, ``report --trainee ''`` was ignored."""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Iterator

import pytest

from trainer.cli import COMMANDS, main
from trainer.cli.parser import build_parser


def _parsers(
    parser: argparse.ArgumentParser, path: tuple[str, ...]
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, (*path, name))


def _cases() -> Iterator[tuple[tuple[str, ...], str]]:
    """(the words before the empty value, the name the error must give) for every option
    that takes a value and the first positional of every command and subcommand."""
    for command in COMMANDS:
        built = build_parser(command)
        sub = next(a for a in built._actions if isinstance(a, argparse._SubParsersAction))
        for path, parser in _parsers(sub.choices[command], (command,)):
            positional_done = False
            for action in parser._actions:
                if (
                    isinstance(
                        action,
                        (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction),
                    )
                    or action.nargs == 0
                ):
                    continue
                if action.option_strings:
                    yield (*path, action.option_strings[-1]), action.option_strings[-1]
                elif not positional_done:
                    positional_done = True
                    yield path, action.metavar or action.dest.upper()
    yield ("--db",), "--db"


CASES = list(_cases())


def test_the_walk_finds_the_options_the_issue_names() -> None:
    found = {words for words, _ in CASES}
    for words in [
        ("check", "--house"),
        ("serve", "--host"),
        ("report", "--trainee"),
        ("history", "copy"),
        ("audit", "--next"),
        ("train", "--trainee"),
    ]:
        assert words in found, words
    assert len(CASES) > 40


@pytest.mark.parametrize(("words", "name"), CASES, ids=[" ".join(w) for w, _ in CASES])
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_value_is_a_usage_error_naming_it(
    words: tuple[str, ...], name: str, empty: str
) -> None:
    out, err = io.StringIO(), io.StringIO()
    with (
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        pytest.raises(SystemExit) as stop,
    ):
        main([*words, empty])
    assert stop.value.code == 2 and out.getvalue() == ""
    (line,) = err.getvalue().splitlines()
    assert f"argument {name}" in line and "empty" in line, line
