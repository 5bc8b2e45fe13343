"""docs/translators.md's tables of the dealer's calls are the engine's data
(trainer/engine/call_words.py, WORDINGS): a row for each call, each language's wording."""

from __future__ import annotations

from pathlib import Path

from trainer.engine.call_words import CALL_FIELDS, RESULT_CALLS, WORDINGS, CallLanguage

DOC = Path(__file__).resolve().parents[2] / "docs" / "translators.md"


def _rows(text: str) -> dict[str, list[str]]:
    """Each table row of the calls' section by its first cell: its other cells."""
    section = text.split("## The dealer's calls", 1)[1]
    rows: dict[str, list[str]] = {}
    for line in section.splitlines():
        if line.startswith(("| `", "| call |", "| totals")):
            cells = [c.strip() for c in line.strip("|").split("|")]
            rows.setdefault(cells[0], []).extend(cells[1:])
    return rows


def test_every_wording_of_every_language_is_in_the_docs() -> None:
    rows = _rows(DOC.read_text(encoding="utf-8"))
    header = rows.pop("call")
    languages = [CallLanguage(cell.strip("`")) for cell in header]
    assert sorted(languages, key=lambda c: c.value) == sorted(CallLanguage, key=lambda c: c.value)
    for key in CALL_FIELDS:
        assert rows[f"`{key}`"] == [f"`{WORDINGS[lang].calls[key]}`" for lang in languages]
    for key in RESULT_CALLS:
        shown = rows[f"`{key}`, without win or lose"]
        assert shown == [f"`{WORDINGS[lang].plain[key]}`" for lang in languages]
    assert rows["totals 0-9"] == [" ".join(WORDINGS[lang].numbers) for lang in languages]
