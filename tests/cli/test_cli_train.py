"""`ezbac train` and bare `ezbac`: bad input is refused before Textual starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error


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
def test_a_file_that_is_not_a_history_is_refused_and_left_alone(tmp_path: Path, where: str) -> None:
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


def test_questions_is_for_the_review_only() -> None:
    line = usage_error(ezbac("train", "warmup", "--questions", "5"), "--questions")
    assert "review" in line


@pytest.mark.parametrize("length", ["0", "501"])
def test_a_review_length_out_of_range_is_refused_before_anything_opens(
    tmp_path: Path, length: str
) -> None:
    db = tmp_path / "h.sqlite3"
    line = usage_error(
        ezbac("train", "review", "--trainee", "ana", "--questions", length, "--db", str(db)),
        "--questions",
    )
    assert f"1 to 500 questions, not {length}" in line and not db.exists()


def test_a_review_needs_to_know_whose() -> None:
    usage_error(ezbac("train", "review"), "--trainee")


def test_nothing_to_review_is_said_not_an_error(tmp_path: Path) -> None:
    run = ezbac("train", "review", "--trainee", "ana", "--db", str(tmp_path / "h.sqlite3"))
    assert run.returncode == 0 and run.stderr == ""
    assert run.stdout == "nothing to review yet for ana: answer a drill first.\n"


def test_review_is_started_with_the_length_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import trainer.tui.app
    from tests.support.history import T0, answer
    from trainer.cli import main
    from trainer.history.store import open_history

    db = tmp_path / "h.sqlite3"
    with open_history(db) as store:
        store.on_answer(answer("outcome:tie", False, T0))  # missed: due at once
    started: dict = {}

    class Fake:
        return_code = 0

        def __init__(self, **kwargs: object) -> None:
            started.update(kwargs)

        def run(self) -> None:
            pass

    monkeypatch.setattr(trainer.tui.app, "TrainerApp", Fake)
    assert main(["train", "review", "--trainee", "ana", "--questions", "6", "--db", str(db)]) == 0
    drill = started["start"]
    # one step (the outcome) a coup: 6 questions are 6 coups
    assert drill.id == "review" and drill.questions == 6 and started["trainee"] == "ana"


def test_the_help_states_the_reviews_real_default() -> None:
    from trainer.cli.train import REVIEW_QUESTIONS
    from trainer.history.review import DEFAULT_QUESTIONS

    assert REVIEW_QUESTIONS == DEFAULT_QUESTIONS


def test_what_starting_made_is_frozen_while_the_trainer_runs_and_only_then(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The collector skips the start-up's objects while the app runs (its first full pass
    would fall in the first paint), and collects them as usual once the app has ended."""
    import gc

    from trainer.cli import train
    from trainer.tui.app import TrainerApp

    frozen: list[int] = []
    monkeypatch.setattr(TrainerApp, "run", lambda app: frozen.append(gc.get_freeze_count()))
    assert gc.get_freeze_count() == 0
    assert train._run(str(tmp_path / "h.sqlite3"), start=None, trainee="ana", seed=None) == 0
    assert frozen and frozen[0] > 0
    assert gc.get_freeze_count() == 0
