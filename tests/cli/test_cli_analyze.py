"""`ezbac analyze` as a command; expected numbers are the published ones."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error

PUBLISHED = json.loads(
    (Path(__file__).parents[1] / "data" / "published_ez_baccarat.json").read_text(encoding="utf-8")
)["decks"]


def test_text_table() -> None:
    out = ezbac("analyze")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "8 decks" in text and "4,998,398,275,503,360" in text
    for count in PUBLISHED["8"]["events"].values():
        assert f"{int(count):,}" in text
    for bet, edge in PUBLISHED["8"]["house_edge_percent"].items():
        assert f"{edge} %" in text, bet
    assert "40 to 1" in text and "25 to 1" in text and "8 to 1" in text


def test_json_shape_and_exact_counts() -> None:
    out = ezbac("analyze", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout, parse_float=Decimal)
    assert data["decks"] == 8
    assert data["sequences"] == int(PUBLISHED["8"]["sequences"])
    assert data["events"] == {k: int(v) for k, v in PUBLISHED["8"]["events"].items()}
    assert set(data["bets"]) == {"player", "banker", "tie", "dragon7", "panda8"}
    for bet, pct in PUBLISHED["8"]["house_edge_percent"].items():
        edge = data["bets"][bet]["house_edge"]
        assert isinstance(edge, Decimal)
        places = -Decimal(pct).as_tuple().exponent
        assert round(edge * 100, places) == Decimal(pct)


def test_six_decks() -> None:
    data = json.loads(ezbac("analyze", "--decks", "6", "--json").stdout)
    assert data["decks"] == 6
    assert data["sequences"] == int(PUBLISHED["6"]["sequences"])
    for event, count in PUBLISHED["6"]["events"].items():
        assert data["events"][event] == int(count)


def test_paytable_flags_change_the_edges() -> None:
    data = json.loads(
        ezbac(
            "analyze", "--json", "--dragon7-pays", "30", "--tie-pays", "9", "--panda8-pays", "7.5"
        ).stdout,
        parse_float=Decimal,
    )
    ev = {k: int(v) for k, v in PUBLISHED["8"]["events"].items()}
    n = int(PUBLISHED["8"]["sequences"])
    # Worked by hand: a bet paying N to 1 that never pushes has edge 1 - (N + 1) p.
    expected = {
        "dragon7": 1 - Decimal(31 * ev["dragon7"]) / n,
        "tie": 1 - Decimal(10 * ev["tie"]) / n,
        "panda8": 1 - Decimal("8.5") * ev["panda8"] / n,
    }
    for bet, edge in expected.items():
        assert abs(data["bets"][bet]["house_edge"] - edge) < Decimal("1e-10"), bet
    assert data["bets"]["dragon7"]["pays"] == 30
    # Counts do not depend on the paytable.
    assert data["events"] == ev


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["--decks", "7"], "'7'"),
        (["--decks", "eight"], "'eight'"),
        (["--dragon7-pays", "0"], "'0'"),
        (["--dragon7-pays", "abc"], "'abc'"),
        (["--tie-pays", "-8"], "'-8'"),
        (["--panda8-pays", "inf"], "'inf'"),
        (["--bogus"], "--bogus"),
    ],
)
def test_bad_input_exit_2_one_line(args: list[str], culprit: str) -> None:
    usage_error(ezbac("analyze", *args), culprit)


def test_help_has_examples() -> None:
    out = ezbac("analyze", "--help")
    assert out.returncode == 0
    assert "ezbac analyze --decks 6" in out.stdout
