"""What ezbac reads is bounded and never waited on: a named pipe, a device or a folder given
where a file is read is refused at once (one line naming it and what it is), standard input
is held to the cap a file is, a byte that is not UTF-8 is named at its file:line:column, an
option that takes one value is given once, and a violation on a seat the table lacks is
refused as a bet keyed there is."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.cli import ezbac, ezbac_process, usage_error
from trainer.cli.common import MAX_STDIN_BYTES

CARDS = ("Ks", "2h", "As", "2c", "5d", "3c")


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.txt"
    os.mkfifo(path)
    return path


def test_a_named_pipe_as_the_audits_file_is_refused_not_waited_on(fifo: Path) -> None:
    # a real process: in this one a read that waits would hang the suite
    run = ezbac_process("audit", "--file", str(fifo), timeout=30)
    line = usage_error(run)  # its long path shortened in the middle
    assert line.startswith("ezbac: error: --file '/tmp/")
    assert line.endswith(": is a named pipe (fifo), not a file")


@pytest.mark.parametrize(("path", "kind"), [("/dev/zero", "a device"), ("/", "a folder")])
def test_a_device_or_a_folder_as_the_audits_file_is_refused(path: str, kind: str) -> None:
    line = usage_error(ezbac("audit", "--file", path), path)
    assert line == f"ezbac: error: --file '{path}': is {kind}, not a file"


def test_a_named_pipe_as_a_house_file_is_named_not_waited_on(fifo: Path) -> None:
    run = ezbac_process("houses", "validate", str(fifo), timeout=30)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stdout == f"{fifo}: is a named pipe (fifo), not a file\n"


def test_standard_input_is_capped_as_a_file_is() -> None:
    # a coup, then blanks (skipped) to one byte past the cap: the coup is audited, the
    # rest refused in one line, exit 2
    coup = "Ks 2h As 2c 5d 3c\n"
    text = coup + " " * (MAX_STDIN_BYTES - len(coup)) + "\n"
    assert len(text.encode()) == MAX_STDIN_BYTES + 1
    run = ezbac("audit", "-", stdin=text)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert run.stdout.startswith("line 1\nDealt: P:Ks B:2h P:As B:2c P:5d B:3c\n")
    assert run.stderr == (
        "ezbac: error: standard input: more than 4,194,304 bytes (the limit): split it\n"
    )


def test_standard_input_with_no_line_break_is_capped_too() -> None:
    for command in ("audit", "check"):
        run = ezbac(command, "-", stdin="A" * (MAX_STDIN_BYTES + 10))
        assert usage_error(run) == (
            "ezbac: error: standard input: more than 4,194,304 bytes (the limit): split it"
        )


def test_standard_input_at_the_cap_is_read() -> None:
    coup = "Ks 2h As 2c 5d 3c\n"  # then blanks (skipped) up to the cap exactly
    text = coup + " " * (MAX_STDIN_BYTES - len(coup) - 1) + "\n"
    assert len(text.encode()) == MAX_STDIN_BYTES
    run = ezbac("audit", "-", stdin=text)
    assert run.returncode == 0, run.stderr[-300:]
    assert run.stdout.splitlines()[-1] == "1 coup: 1 dealt right, 0 with deviations"


def test_a_byte_that_is_not_utf8_is_named_at_its_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "night.txt"
    # line 2, after "take:1:player=5 é " (é is one character of two bytes): column 19
    path.write_bytes(b"P:Ks B:2h P:As B:2c P:5d B:3c\ntake:1:player=5 \xc3\xa9 \xff\n")
    line = usage_error(ezbac("audit", "--file", str(path)), "night.txt")
    assert line.endswith("night.txt:2:19: not UTF-8 text (byte 0xff); save the file as UTF-8")


def test_a_house_file_that_is_not_utf8_is_named_at_its_line_and_column(
    tmp_path: Path,
) -> None:
    path = tmp_path / "house.yaml"
    path.write_bytes(b"id: mine\nname: Caf\xe9 de Paris\n")  # latin-1: the 10th character
    run = ezbac("houses", "validate", str(path))
    assert run.returncode == 1
    assert run.stdout.startswith(f"{path}:2:10: is not UTF-8 text (byte 0xe9")


@pytest.mark.parametrize(
    ("words", "option"),
    [
        (("audit", "--file", "a.txt", "--file", "b.txt"), "--file"),
        (("audit", *CARDS, "--house", "ez", "--house", "commission"), "--house"),
        (("audit", *CARDS, "--then", "deal", "--then", "end"), "--then"),
        (("report", "--trainee", "ana", "--trainee", "bo"), "--trainee"),
        (("report", "--format", "table", "--format", "csv"), "--format"),  # the default first
        (("analyze", "--decks", "6", "--decks", "8"), "--decks"),
        (("audition", "record", "--trainee", "a", "--out", "a.pdf", "--out", "b.pdf"), "--out"),
    ],
)
def test_an_option_given_twice_is_refused_naming_it(words: tuple[str, ...], option: str) -> None:
    line = usage_error(ezbac(*words), option)
    assert f"argument {option}: is given twice" in line


def test_a_repeatable_option_may_be_repeated() -> None:
    run = ezbac("audit", *CARDS, "--seat", "1:player=5:taken", "--seat", "2:player=5:taken")
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize(
    "step", ["past_posting:9:player=5", "pressing:8:banker=5:refuse", "pinching:9:tie=5:floor"]
)
def test_a_violation_on_a_seat_the_table_lacks_is_refused_like_a_take(step: str) -> None:
    # the ez house's table has seats 1 to 7 (docs/rules.md): take:9 is refused the same way
    seat = step.split(":")[1]
    take = usage_error(ezbac("audit", *CARDS, f"take:{seat}:player=5"))
    foul = usage_error(ezbac("audit", *CARDS, step, "take:1:player=5"))
    assert foul == take == f"ezbac: error: --seat: seat {seat}: the table has seats 1 to 7"


def test_violations_in_the_steps_are_audited_beside_seat_options() -> None:
    # past posting let play on seat 2 (the ez house refuses it): the --seat options once
    # dropped the steps' violations, and the coup was "dealt right"
    run = ezbac("audit", *CARDS, "past_posting:2:player=5", "--seat", "1:player=5:taken")
    assert run.returncode == 1
    assert "1. seat 2 Player 5: past posting (after card 6): let it play." in run.stdout


@pytest.mark.parametrize("kind", ["drills", "curriculum"])
def test_a_drill_or_curriculum_file_not_utf8_is_named_at_its_line_and_column(
    kind: str, tmp_path: Path
) -> None:
    path = tmp_path / "mine.yaml"
    # line 3, "title: Ba" then 0xe7 (latin-1 ç): the 10th character
    path.write_bytes(b"id: mine\nname: x\ntitle: Ba\xe7ala\n")
    run = ezbac(kind, "validate", str(path))
    assert run.returncode == 1
    assert run.stdout.startswith(f"{path}:3:10: is not UTF-8 text (byte 0xe7 at offset 26)")


def test_a_command_line_of_more_than_1000_arguments_is_refused_at_once() -> None:
    # argparse's time grows with the square of the options: 40,000 --seat took minutes
    seats = ["--seat", "1:player=5:taken"] * 20_000
    line = usage_error(ezbac("audit", *CARDS, *seats))
    assert line == (
        "ezbac: error: 40,007 arguments: at most 1,000 (a longer procedure goes in a file: "
        "ezbac audit --file) (see ezbac --help)"
    )
    steps = ["take:1:player=5"] * (1000 - 1 - len(CARDS))  # exactly 1,000: read
    run = ezbac("audit", *CARDS, *steps)
    assert run.returncode == 1 and "992 deviations:" in run.stdout


def test_a_line_of_standard_input_of_more_than_1000_words_is_a_bad_line() -> None:
    line = " ".join([*CARDS, *["--seat", "1:player=5:taken"] * 600])
    run = ezbac("audit", "-", stdin=line + "\n" + " ".join(CARDS) + "\n")
    assert run.returncode == 1
    assert run.stderr == (
        "ezbac: error: line 1: 1,206 arguments: at most 1,000 (a longer procedure goes in a "
        "file: ezbac audit --file)\n"
    )
    assert run.stdout.splitlines()[-1] == "1 coup: 1 dealt right, 0 with deviations, 1 bad line"
