"""Fuzzing the drill loader: whatever the file holds, the loader answers with a
Drill or a DrillFileError whose every problem is located in the file, never a traceback of
its own, and it never writes to the file.  The listing scan (what the home screen reads)
answers with its listing record or ScanProblem.

Budget: 150 random documents, 80 random texts and 120 mutations of the bundled drills
(``max_examples`` below); a few seconds in all.
"""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.drills.errors import DrillFileError
from trainer.drills.listing import ScanProblem, scan, scan_text
from trainer.drills.loader import load_file, load_text
from trainer.drills.model import Drill

DRILLS = sorted((Path(__file__).resolve().parents[2] / "drills").glob("*.yaml"))
NAMES = [
    "id",
    "title",
    "description",
    "level",
    "tags",
    "mode",
    "ask",
    "questions",
    "order",
    "pass_mark",
    "time_limit",
    "shoe",
    "decks",
    "paytable",
    "bets",
    "bets_per_coup",
    "coups",
    "generate",
    "cards",
    "note",
    "expect",
    "outcome",
    "payouts",
    "min",
    "max",
    "step",
    "weight",
    "player_total",
    "banker_final",
    "natural",
    "player_draws",
    "banker",
    "tie",
    "dragon7",
    "panda8",
    "player",
]
WORDS = [
    "outcome",
    "payout",
    "coup",
    "practice",
    "exam",
    "shuffled",
    "as_written",
    "win",
    "push",
    "lose",
    "dragon7",
    "panda8",
    "tie",
    "4h 3s 2d Kc 8h",
    "Kh 3s 6d 2c 2h",
    "3-6",
    "80%",
    "²",
    "٥",
    "1e400",
    "2.555",
    "-5",
    "1,000",
    "123456789012345678901234567890",
    ".inf",
    "",
]
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10, 10**30),
    st.sampled_from(WORDS),
    st.text(max_size=8),
    st.floats(allow_nan=True, allow_infinity=True),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(NAMES), st.text(max_size=6)), inner, max_size=5),
    ),
    max_leaves=12,
)
#: Mostly the drill's own top-level keys, so the documents get past the first checks.
drill_like = st.dictionaries(st.sampled_from(NAMES[:18]), documents, max_size=10)


def answers(text: str) -> None:
    """The loader's answer to ``text``, checked; anything else it raises fails the test."""
    try:
        drill = load_text(text, "fuzz.yaml")
    except DrillFileError as exc:
        assert exc.problems
        for problem in exc.problems:
            assert str(problem).startswith("fuzz.yaml")
            assert "\n" not in str(problem)
            # YAML breaks lines at \x85 and \u2028 too; splitlines knows them all
            assert 0 <= problem.line <= len(text.splitlines()) + 1
    else:
        assert isinstance(drill, Drill)
    with contextlib.suppress(ScanProblem):
        scan_text(text)


@settings(max_examples=150, **SETTINGS)
@given(drill_like)
def test_random_documents(document: dict) -> None:
    answers(yaml.safe_dump(document, allow_unicode=True, sort_keys=False))


@settings(max_examples=80, **SETTINGS)
@given(
    st.text(
        alphabet=st.sampled_from(list("id:title- []{}&*!|>'\"#\n\t 0123456789²٥x,.%")), max_size=200
    )
)
def test_random_text(text: str) -> None:
    answers(text)


mutations = st.tuples(
    st.sampled_from(DRILLS),
    st.lists(
        st.tuples(
            st.sampled_from(["delete", "insert", "replace", "duplicate", "swap"]),
            st.floats(0, 1),
            st.floats(0, 1),
            st.one_of(st.sampled_from(WORDS), st.text(max_size=6)),
        ),
        min_size=1,
        max_size=4,
    ),
)


def mutate(text: str, edits: list[tuple[str, float, float, str]]) -> str:
    lines = text.splitlines(keepends=True)
    for kind, a, b, word in edits:
        i = min(int(a * len(lines)), len(lines) - 1)
        j = min(int(b * len(lines)), len(lines) - 1)
        line = lines[i]
        cut = int(b * len(line))
        if kind == "delete":
            lines[i] = line[:cut] + line[cut + 1 + len(word) :]
        elif kind == "insert":
            lines[i] = line[:cut] + word + line[cut:]
        elif kind == "replace" and ":" in line:
            lines[i] = line.split(":", 1)[0] + ": " + word + "\n"
        elif kind == "duplicate":
            lines.insert(j, line)
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


@settings(max_examples=120, **SETTINGS)
@given(mutations)
def test_mutated_bundled_drills(tmp_path_factory, case) -> None:
    source, edits = case
    path = tmp_path_factory.mktemp("fuzz") / "mutant.yaml"
    path.write_text(mutate(source.read_text(encoding="utf-8"), edits), encoding="utf-8")
    before = hashlib.sha256(path.read_bytes()).digest()
    try:
        load_file(path)
    except DrillFileError as exc:
        assert all(str(p).startswith(str(path)) for p in exc.problems)
    with contextlib.suppress(ScanProblem):
        scan(path)
    assert hashlib.sha256(path.read_bytes()).digest() == before
