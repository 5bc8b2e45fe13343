"""One vocabulary for how a run ended: "left unfinished" on screen, "abandoned" in
reports and "unfinished" for a killed run were three words for two things.  The words are
trainer.scoring's (abandoned: left by the trainee; cut off: killed before its end was
recorded); the leave dialog, the progress screen, the report and the docs use them
(docs/decisions.md, "One word for each way a run ends")."""

from __future__ import annotations

from pathlib import Path

from trainer.history.report import Attempt
from trainer.scoring import ABANDONED, CUT_OFF, FINISHED, run_status
from trainer.tui.screens.dialogs import ConfirmLeave

ROOT = Path(__file__).resolve().parents[2]


def test_the_words() -> None:
    assert (run_status("t", False), run_status("t", True), run_status(None, False)) == (
        FINISHED,
        ABANDONED,
        CUT_OFF,
    )
    assert f"recorded as {ABANDONED}" in ConfirmLeave.QUESTION
    assert "cut off" in (Attempt.__doc__ or "")


def test_the_docs_use_no_retired_word() -> None:
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        assert "unfinished" not in text, page.name
