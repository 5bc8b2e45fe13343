"""An argument that is not valid UTF-8 (a byte the locale cannot decode reaches Python as a
lone surrogate, ``\\udcff`` for 0xff): every command, in every position of its arguments,
refuses it before anything reads it, as one line naming the argument, exit status 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support import ROOT
from tests.support.cli import ezbac, usage_error
from trainer.cli.common import COMMANDS

BAD = "x\udcffy"  # what `ezbac check $'x\xffy'` hands to Python

#: One command line for each command, as its help's examples write them.
LINES: dict[str, tuple[str, ...]] = {
    "check": ("4h", "3s", "2d", "Kc", "8h", "--bet", "tie=5"),
    "audit": ("Ks", "2h", "As", "2c", "5d", "3c", "--seat", "1:banker=25:pushed"),
    "analyze": ("--decks", "6", "--dragon7-pays", "30"),
    "simulate": ("--shoes", "10", "--decks", "6", "--seed", "42", "--json"),
    "drills": ("preview", "banker-hard-cells", "--count", "5", "--seed", "1"),
    "houses": ("show", "commission"),
    "curriculum": ("validate", "my-path.yaml"),
    "audition": ("record", "--trainee", "Alex", "--out", "alex.pdf"),
    "train": ("warmup", "--trainee", "ana"),
    "report": ("--trainee", "ana", "--since", "2024-09-01", "--format", "csv"),
    "serve": ("--port", "8080", "--db", "class.sqlite3"),
    "class": ("--since", "2024-09-01", "--db", "school.sqlite3"),
    "history": ("copy", "a.sqlite3", "b.sqlite3"),
    "people": ("rename", "Ana", "Anna"),
    "school": ("plan", "--trainers", "500", "--sites", "2", "--name", "ezbac.school.lan"),
}


def test_every_command_has_a_line() -> None:
    assert set(LINES) == set(COMMANDS)


@pytest.mark.parametrize(
    ("words", "index"),
    [((name, *words), index) for name, words in LINES.items() for index in range(len(words) + 1)],
)
def test_a_bad_byte_in_any_argument_is_one_line_naming_it(
    words: tuple[str, ...], index: int
) -> None:
    typed = list(words)
    typed[index] = BAD
    line = usage_error(ezbac(*typed))
    option = typed[index - 1] if index and typed[index - 1].startswith("--") else ""
    shown = f"{option} 'x\\xffy'" if option else "'x\\xffy'"
    assert line == (
        f"ezbac: error: argument {index + 1} ({shown}) is not valid UTF-8 text: retype it"
    )


@pytest.mark.parametrize(
    "words",
    [
        (BAD,),
        ("--db", BAD, "report"),
        ("people", "add", "Ana", f"--pin={BAD}"),
        ("people", "rename", BAD, BAD),  # the first is named
    ],
)
def test_the_first_bad_argument_is_named_wherever_it_is(words: tuple[str, ...]) -> None:
    line = usage_error(ezbac(*words))
    assert "is not valid UTF-8 text" in line
    number = words.index(next(w for w in words if "\udcff" in w)) + 1
    assert f"argument {number} (" in line


def test_a_real_process_given_a_bad_byte() -> None:
    # the bytes as a shell passes them: the process's own decoding makes the surrogate
    run = subprocess.run(
        [sys.executable.encode(), b"-m", b"trainer", b"check", b"4h", b"\xff"],
        capture_output=True,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 2 and run.stdout == b""
    assert run.stderr == (
        b"ezbac: error: argument 3 ('\\xff') is not valid UTF-8 text: retype it\n"
    )
