"""What a machine reads is byte for byte the same in every language: each command that has
a machine-readable output (JSON, CSV, the audit's notation, a file format, a schema), run in
Korean, Traditional Chinese and the pseudo-language, against the same in English."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.cli import ezbac
from tests.support.history import fill
from trainer.history.store import open_history

DRAGON = ("Ks", "2h", "As", "2c", "5d", "3c")

COMMANDS: list[tuple[str, ...]] = [
    ("check", "--json", "4h", "3s", "2d", "Kc", "8h", "--bet", "player=10", "--bet", "tie=5"),
    ("check", "--json", "4h", "3s", "2d", "Kc", "8h", "--seat", "1:banker=25,dragon7=10"),
    ("audit", "--json", *DRAGON, "--seat", "1:banker=25:paid=25,dragon7=10:paid=400"),
    ("audit", "--json", "4h", "3s", "2d", "Kc", "P:8h"),
    ("analyze", "--json", "--decks", "8"),
    ("simulate", "--json", "--shoes", "2", "--seed", "3"),
    ("drills", "list", "--json"),
    ("drills", "preview", "naturals", "--json", "--seed", "7", "--count", "3"),
    ("drills", "preview", "table-basics", "--procedure", "--seed", "7", "--count", "2"),
    ("drills", "schema"),
    ("houses", "list", "--json"),
    ("houses", "show", "commission"),
    ("houses", "schema"),
    ("curriculum", "schema"),
]

LANGUAGES = ("ko", "zh_Hant", "en_XA")


@pytest.mark.parametrize("words", COMMANDS, ids=[" ".join(w[:3]) for w in COMMANDS])
def test_the_same_bytes_in_every_language(words: tuple[str, ...]) -> None:
    english = ezbac(*words)
    assert english.returncode in (0, 1), english.stderr  # 1: the audit found deviations
    assert english.stdout.strip()
    for language in LANGUAGES:
        for placed in (("--lang", language, *words), (*words, "--lang", language)):
            run = ezbac(*placed)
            assert (run.returncode, run.stdout) == (english.returncode, english.stdout), placed


def test_the_audit_s_notation_from_a_file_is_the_same_json(tmp_path: Path) -> None:
    procedure = ezbac("drills", "preview", "table-basics", "--procedure", "--seed", "7")
    notation = tmp_path / "coups.txt"
    notation.write_text(procedure.stdout, encoding="utf-8")
    english = ezbac("audit", "--json", "--file", str(notation))
    assert english.returncode == 0, english.stderr
    assert english.stdout.count("\n") == 8  # the drill's eight tables, each dealt right
    for language in LANGUAGES:
        run = ezbac("audit", "--lang", language, "--json", "--file", str(notation))
        assert (run.returncode, run.stdout) == (0, english.stdout), language


@pytest.mark.parametrize("history_db", ["sqlite"], indirect=True)
@pytest.mark.parametrize("form", ["csv", "json"])
def test_the_report_s_csv_and_json(history_db: str, form: str) -> None:
    with open_history(history_db) as store:
        fill(store)
    words = ("report", "--db", history_db, "--format", form)
    english = ezbac(*words, env={"TZ": "UTC"})
    assert english.returncode == 0, english.stderr
    assert english.stdout.count("\n") > 1
    for language in LANGUAGES:
        run = ezbac(*words, "--lang", language, env={"TZ": "UTC"})
        assert (run.returncode, run.stdout) == (0, english.stdout), language


@pytest.mark.parametrize(
    ("words", "stdin"),
    [
        (("check", "--json", "-"), "4h 3s 2d Kc 8h\n4h\n4h 3s 2d Kc | 9:player=5\n4h 3s | \n"),
        (("audit", "--json", "-"), "4h 3s 2d Kc 8h\nKs 2h --called outcome=nope\n--seat x\n"),
    ],
)
def test_a_bad_line_s_error_in_json_is_the_same_in_every_language(
    words: tuple[str, ...], stdin: str
) -> None:
    english = ezbac(*words, stdin=stdin)
    assert english.returncode == 1
    assert english.stdout.count('"error"') >= 2, english.stdout
    for language in LANGUAGES:
        run = ezbac(*words, "--lang", language, stdin=stdin)
        assert (run.returncode, run.stdout) == (1, english.stdout), language


def test_a_bad_paragraph_s_error_in_json_is_the_same_in_every_language(tmp_path: Path) -> None:
    notation = tmp_path / "coups.txt"
    notation.write_text("4h 3s 2d Kc 8h\n\nKs 2h As 2c 5d 3c --seat 9:x\n", encoding="utf-8")
    english = ezbac("audit", "--json", "--file", str(notation))
    assert '"error"' in english.stdout, english.stdout
    for language in LANGUAGES:
        run = ezbac("audit", "--json", "--file", str(notation), "--lang", language)
        assert (run.returncode, run.stdout) == (english.returncode, english.stdout), language
