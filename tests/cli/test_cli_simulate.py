"""`ezbac simulate` as a command: output, JSON shape, replay, errors."""

from __future__ import annotations

import json
import random

import pytest

from tests.support import cli as cli_helpers
from trainer.engine.simulate import simulate

KEYS = ["coups", "player", "banker", "tie", "dragon7", "panda8", "naturals"]


def ezbac(*args: str) -> cli_helpers.Ran:
    return cli_helpers.ezbac("simulate", *args, timeout=120)


def test_json_has_the_documented_shape_and_the_engine_totals() -> None:
    run = ezbac("--shoes", "40", "--decks", "6", "--seed", "123", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert set(data) == {"shoes", "decks", "cut", "seed", "per_shoe", "totals"}
    assert (data["shoes"], data["decks"], data["cut"], data["seed"]) == (40, 6, 14, 123)
    assert list(data["totals"]) == KEYS and list(data["per_shoe"]) == KEYS
    totals = data["totals"]
    assert all(isinstance(v, int) for v in totals.values())
    assert totals["player"] + totals["banker"] + totals["tie"] == totals["coups"]
    for key in KEYS:
        assert data["per_shoe"][key] == pytest.approx(totals[key] / 40)
    engine = simulate(40, 6, random.Random(123)).totals.as_dict()
    assert totals == {k: engine[k] for k in KEYS}


def test_text_output_shows_averages_totals_and_the_seed() -> None:
    run = ezbac("--shoes", "20", "--seed", "9")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "20 shoes of 8 decks" in out and "seed 9" in out
    totals = simulate(20, 8, random.Random(9)).totals
    lines = {line.split("  ")[0]: line.split() for line in out.splitlines()}
    for label, count in [
        ("Coups", totals.coups),
        ("Banker wins", totals.banker),
        ("Dragon 7", totals.dragon7),
        ("Naturals", totals.naturals),
    ]:
        row = lines[label]
        assert f"{count / 20:.2f}" in row and f"{count:,}" in row
    assert "ezbac simulate --shoes 20 --decks 8 --seed 9" in out


def test_the_same_seed_replays_the_same_output() -> None:
    a, b = ezbac("--shoes", "30", "--seed", "4"), ezbac("--shoes", "30", "--seed", "4")
    assert a.returncode == b.returncode == 0
    assert a.stdout == b.stdout
    assert a.stdout != ezbac("--shoes", "30", "--seed", "5").stdout


def test_without_a_seed_one_is_chosen_printed_and_replays() -> None:
    first = json.loads(ezbac("--shoes", "10", "--json").stdout)
    again = json.loads(ezbac("--shoes", "10", "--json", "--seed", str(first["seed"])).stdout)
    assert again == first


def test_the_progress_bar_stays_off_a_pipe() -> None:
    run = ezbac("--shoes", "3000", "--seed", "1")
    assert run.returncode == 0
    assert "[" not in run.stderr and "\r" not in run.stderr


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["--shoes", "0"], "'0'"),
        (["--shoes", "-1"], "'-1'"),
        (["--shoes", "abc"], "'abc'"),
        (["--shoes", "2.5"], "'2.5'"),
        ([], "--shoes"),
        (["--shoes", "5", "--decks", "7"], "7"),
        (["--shoes", "5", "--decks", "eight"], "'eight'"),
        (["--shoes", "5", "--seed", "x"], "'x'"),
        (["--shoes", "5", "--cut", "5"], "5"),
        (["--shoes", "5", "--cut", "300"], "300"),
    ],
)
def test_bad_options_exit_2_with_one_line_and_no_traceback(args: list[str], culprit: str) -> None:
    assert "error" in cli_helpers.usage_error(ezbac(*args), culprit)


def test_help_explains_with_an_example() -> None:
    run = ezbac("--help")
    assert run.returncode == 0
    assert "whole shoes" in run.stdout
    assert "ezbac simulate --shoes" in run.stdout
