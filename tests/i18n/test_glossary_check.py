"""The glossaries' check: every language gives every term and every kind the engine knows
of violations, irregularities and the dealer's answers, each with a listed source or marked
as ours; and every problem of a glossary file is one line naming the file (and the line and
column where there is one)."""

from __future__ import annotations

import enum
import shutil
from pathlib import Path

import pytest
import yaml

from trainer.cli import catalogues, glossaries
from trainer.engine.irregularities import Irregularity
from trainer.engine.violations import Response, Violation
from trainer.i18n import LANGUAGES

SHIPPED = [code for code in LANGUAGES if code != "en"]

#: A glossary with one entry of each shape, every line numbered by hand below.
SMALL = """\
language: ko
sources:
  known:
    short: K
    title: Known source
    url: https://example.org/k
terms:
  - {term: Player, words: [플레이어], custom: standard, source: known}
  - {term: Banker, words: [뱅커], custom: standard, source: null}
  - {term: Tie, words: [타이], custom: standard, source: unknown}
  - {term: natural, kind: violation.nothing, words: [내추럴], custom: standard, source: known}
  - {term: draws, words: [드로우], custom: standard, sorce: known}
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The glossaries read from a folder of the test's own."""
    monkeypatch.setattr(glossaries, "GLOSSARIES", tmp_path)
    return tmp_path


def _lines(folder: Path, text: str | bytes, language: str = "ko") -> list[str]:
    path = folder / f"{language}.yaml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return glossaries.problems(language)


@pytest.mark.parametrize("language", SHIPPED)
def test_every_shipped_glossary_gives_every_kind_the_engine_knows(language: str) -> None:
    """Read with plain YAML, not through the check: each violation, irregularity and
    response of the engine has an entry with its words."""
    path = Path(glossaries.__file__).parents[1] / "i18n" / "glossary" / f"{language}.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    given = {entry.get("kind"): entry["words"] for entry in data["terms"]}
    wanted = [f"violation.{v.value}" for v in Violation]
    wanted += [f"irregularity.{i.value}" for i in Irregularity]
    wanted += [f"response.{r.value}" for r in Response]
    assert len(wanted) == 12 + 11 + 4
    assert [kind for kind in wanted if not given.get(kind)] == []
    terms = {entry["term"] for entry in data["terms"]}
    for term in ("the squeeze", "edge sorting", "dead chips", "rolling commission"):
        assert term in terms, (language, term)
    for term in ("the caller", "the discard rack", "misdeal", "exposed card"):
        assert term in terms, (language, term)


@pytest.mark.parametrize("language", SHIPPED)
def test_every_shipped_glossary_passes_its_check(language: str) -> None:
    assert glossaries.problems(language) == []


def test_a_kind_added_to_the_engine_is_missing_from_every_glossary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grown = enum.Enum(
        "Violation", [(v.name, v.value) for v in Violation] + [("PALMING", "palming")]
    )
    monkeypatch.setitem(glossaries.FAMILIES, "violation", grown)
    for language in SHIPPED:
        assert glossaries.problems(language) == [
            f"trainer/i18n/glossary/{language}.yaml: the kind 'violation.palming' is missing"
        ]


def test_each_problem_of_an_entry_is_one_line_at_its_line_and_column(folder: Path) -> None:
    where = folder / "ko.yaml"
    found = _lines(folder, SMALL)
    # entries start at column 5 (after "  - "), lines 9 to 12
    assert found[:6] == [
        f"{where}:9:5: 'Banker' has no source and does not say 'no published source found'",
        f"{where}:9:5: 'Banker' has no source: it is ours (ours: true)",
        f"{where}:10:5: 'Tie' names the source 'unknown', not listed",
        f"{where}:11:5: 'natural' names the kind 'violation.nothing', "
        "which the engine does not know",
        f"{where}:12:5: 'draws': unknown field 'sorce'",
        f"{where}:12:5: 'draws' has no source and does not say 'no published source found'",
    ]
    assert f"{where}: the term 'stands' is missing" in found
    assert f"{where}: the term 'Player' is missing" not in found
    assert f"{where}: the kind 'response.floor' is missing" in found


def test_an_entry_marked_ours_and_said_unsourced_passes(folder: Path) -> None:
    text = SMALL.replace(
        "source: null}", "source: null, note: no published source found here, ours: true}"
    )
    found = _lines(folder, text)
    assert not [line for line in found if "'Banker'" in line]


def test_a_sourced_entry_marked_ours_is_refused(folder: Path) -> None:
    text = SMALL.replace("source: known}", "source: known, ours: true}", 1)
    found = _lines(folder, text)
    assert f"{folder / 'ko.yaml'}:8:5: 'Player' names a source and says it is ours" in found


def test_a_missing_term_is_one_line(folder: Path) -> None:
    shutil.copy(Path(glossaries.__file__).parents[1] / "i18n" / "glossary" / "vi.yaml", folder)
    text = (folder / "vi.yaml").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if "{term: Tie," not in line]
    assert len(kept) == len(text.splitlines()) - 1
    assert _lines(folder, "\n".join(kept) + "\n", "vi") == [
        f"{folder / 'vi.yaml'}: the term 'Tie' is missing"
    ]


def test_broken_yaml_is_one_line_at_its_line_and_column(folder: Path) -> None:
    # a tab on line 5, column 1, where YAML allows no tab
    text = "language: ko\nsources: {}\nterms:\n  - term: Player\n\twords: [x]\n"
    assert _lines(folder, text) == [
        f"{folder / 'ko.yaml'}:5:1: not YAML: found character '\\t' that cannot start any token"
    ]


def test_an_unclosed_list_is_one_line(folder: Path) -> None:
    found = _lines(folder, "language: ko\nterms: [\n")
    assert len(found) == 1 and found[0].startswith(f"{folder / 'ko.yaml'}:3:1: not YAML: ")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("- just\n- a list\n", ":1:1: not a mapping of language, sources and terms"),
        ("", ":1:1: not a mapping of language, sources and terms"),
        ("language: ko\nsources: {}\nterms: nothing\n", ":3:8: its terms are not a list"),
        ("language: vi\nsources: {}\nterms: []\n", ":1:11: its language is not 'ko'"),
    ],
)
def test_a_file_of_the_wrong_shape_is_one_line_first(folder: Path, text: str, line: str) -> None:
    assert _lines(folder, text)[0] == f"{folder / 'ko.yaml'}{line}"


def test_a_source_without_its_address_is_refused(folder: Path) -> None:
    text = SMALL.replace("    url: https://example.org/k\n", "")
    found = _lines(folder, text)
    assert f"{folder / 'ko.yaml'}:3:3: the source 'known' needs short, title, url" in found


def test_bytes_that_are_not_utf8_are_one_line(folder: Path) -> None:
    assert _lines(folder, b"language: ko\nterms: [\xff]\n") == [
        f"{folder / 'ko.yaml'}: not UTF-8 (byte 21)"
    ]


def test_a_missing_glossary_is_one_line(folder: Path) -> None:
    assert glossaries.problems("ko") == [f"{folder / 'ko.yaml'}: missing"]


def test_the_catalogues_check_reports_a_glossary_and_exits_1(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through the command: one line, no traceback, and the docs' tables still made."""
    for language in SHIPPED:
        shutil.copy(
            Path(glossaries.__file__).parents[1] / "i18n" / "glossary" / f"{language}.yaml",
            folder,
        )
    (folder / "ko.yaml").write_text("language: ko\nterms: [\n", encoding="utf-8")
    assert catalogues.main(["--check"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert [line for line in out if "ko.yaml" in line] == [
        f"{folder / 'ko.yaml'}:3:1: not YAML: expected the node content, but found '<stream end>'"
    ]
    assert "docs/translators.md: its glossaries are not the glossaries' files" in out
    assert "### 한국어 (`ko`)" in glossaries.markdown()


def test_a_hostile_file_nesting_aliases_is_named_by_type_and_quick(folder: Path) -> None:
    """Ten lists of ten under one alias, nine deep: a billion strings if anything printed
    the whole of it.  Each field is named by its type, and the docs' tables still come."""
    levels = ["a0: &a0 [" + ", ".join(["x"] * 10) + "]"]
    for n in range(1, 9):
        levels.append(f"a{n}: &a{n} [" + ", ".join([f"*a{n - 1}"] * 10) + "]")
    text = "language: ko\nsources: {}\n" + "\n".join(levels) + "\nterms:\n"
    text += "  - {term: *a8, kind: *a8, words: *a8, custom: *a8, source: *a8, note: *a8}\n"
    where = folder / "ko.yaml"
    # the entry is on line 2 + 9 + 2 = 13, at column 5
    assert _lines(folder, text)[:4] == [
        f"{where}:13:5: an entry without its term",
        f"{where}:13:5: <list>: its words are not a list of words",
        f"{where}:13:5: <list> names the kind <list>, which the engine does not know",
        f"{where}:13:5: <list> names the source <list>, not listed",
    ]
    assert "\n|  |  |  | no published source found · ours |\n" in glossaries.markdown()


def test_a_file_over_the_size_limit_is_not_read(folder: Path) -> None:
    text = "language: ko\n" + "#" * glossaries.MAX_BYTES + "\n"
    assert _lines(folder, text) == [
        f"{folder / 'ko.yaml'}: larger than {glossaries.MAX_BYTES:,} bytes, not read"
    ]
