"""Issue 19, "nothing runs forever": every loop that draws, retries or searches has an explicit
bound, and reaching it ends in one clear line, never a hang.  One test per bound; each proves
the loop stops (an impossible request, a run that deals nothing, an empty candidate set)."""

from __future__ import annotations

import json
from pathlib import Path

import cli_helpers
import pytest

from trainer.cli import UsageError

DRILLS = Path(__file__).resolve().parents[1] / "drills"


# -- drills preview: --count counts coups (tables) across as many shoes as it takes -----------


@pytest.mark.parametrize("drill", ["17-whole-shoe.yaml", "22-shoe-table.yaml"])
def test_a_shoe_drill_previews_more_coups_than_one_shoe_holds(drill: str) -> None:
    """Once looped forever: a shoe holds about 80 coups (a shoe at the table, about 7), and
    asking for more now deals the next shoe, each numbered in the JSON."""
    out = cli_helpers.ezbac("drills", "preview", str(DRILLS / drill), "--count", "170",
                            "--seed", "5", "--json", timeout=120)
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["n"] for r in rows] == list(range(1, 171))
    shoes = [r["shoe"] for r in rows]
    assert shoes == sorted(shoes) and shoes[0] == 1 and shoes[-1] >= 3
    text = cli_helpers.ezbac("drills", "preview", str(DRILLS / drill), "--count", "170",
                             "--seed", "5", timeout=120)
    assert text.returncode == 0 and "170 " in text.stdout.splitlines()[1]
    assert "shoe 2: " in text.stdout


def test_one_run_of_a_shoe_drill_is_one_shoe() -> None:
    out = cli_helpers.ezbac("drills", "preview", str(DRILLS / "17-whole-shoe.yaml"),
                            "--seed", "5", "--json")
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert {r["shoe"] for r in rows} == {1} and 60 <= len(rows) <= 100


def test_the_help_says_what_count_means_for_a_shoe() -> None:
    out = cli_helpers.ezbac("drills", "preview", "--help")
    assert "shoe" in out.stdout and "--count" in out.stdout


@pytest.mark.parametrize("count", ["10001", "99999999999", "9" * 5000])
def test_a_huge_count_is_a_usage_error(count: str) -> None:
    cli_helpers.usage_error(cli_helpers.ezbac("drills", "preview", "whole-shoe", "--count",
                                              count), "--count")


def test_consecutive_runs_stop_when_a_run_deals_nothing() -> None:
    """The bound of the preview's loop: a run that deals nothing is an error, not a loop."""
    from trainer.cli.drills import _consecutive_runs
    from trainer.drills.catalog import load_drill

    calls = []

    def empty(start: int) -> list[object]:
        calls.append(start)
        return []

    with pytest.raises(UsageError, match="deals no coups"):
        _consecutive_runs(load_drill("warmup"), empty, 50, "coup")
    assert calls == [0]
    got = _consecutive_runs(load_drill("warmup"), lambda start: [start], 7, "coup")
    assert got == list(range(7))


