"""`ezbac train` and bare `ezbac`: bad input is refused before Textual starts."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import ezbac, usage_error


def test_unknown_drill() -> None:
    usage_error(ezbac("train", "no-such-drill"), "no-such-drill")


def test_broken_drill_file_names_file_and_line(tmp_path: Path) -> None:
    drill = tmp_path / "mine.yaml"
    drill.write_text("id: mine\ntitle: Mine\ndescription: d\nask: [outcome]\nquestions: x\n")
    result = ezbac("train", str(drill))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"{drill}:5" in result.stderr


@pytest.mark.parametrize("where", ["train", "home"])
def test_a_file_that_is_not_a_history_is_refused_and_left_alone(
    tmp_path: Path, where: str
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my shift notes\n" * 20)
    before = notes.read_bytes()
    args = ("--db", str(notes)) if where == "home" else ("train", "warmup", "--db", str(notes))
    usage_error(ezbac(*args), str(notes))
    assert notes.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_db_given_before_the_subcommand_is_not_reset(tmp_path: Path) -> None:
    """`ezbac --db X train ...` must use X, not silently fall back to the default history."""
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database\n")
    usage_error(ezbac("--db", str(notes), "train", "warmup"), str(notes))
