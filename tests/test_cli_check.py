"""`ezbac check` through a real subprocess: text, JSON, stdin mode, every kind of bad input."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from cli_helpers import ezbac, usage_error


def test_text_procedure_step_by_step() -> None:
    # P 4h 2d = 6 stands; B 3s Kc = 3, Player stood so Banker draws (0-5): 8h -> 1.
    out = ezbac("check", "4h", "3s", "2d", "Kc", "8h")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "1. Player: 4h 2d, total 6"
    assert lines[1] == "2. Banker: 3s Kc, total 3"
    assert lines[2].startswith("3. No natural")
    assert lines[3] == "4. Player has 6: Player stands (6-7 stand)"
    assert lines[4].startswith("5. Player stood and Banker has 3: Banker draws")
    assert "8h" in lines[4] and "Banker total 1" in lines[4]
    assert lines[5] == "6. Result: Player wins 6 to 1"
    assert "Unused" not in out.stdout and out.stderr == ""


def test_text_issue_example_banker_stands_on_an_eight() -> None:
    # P 4h Kd = 4 draws 8c -> 2; B 3s Kc = 3 stands on an 8. Banker 3 beats Player 2.
    out = ezbac("check", "4h", "3s", "Kd", "Kc", "8c")
    assert out.returncode == 0, out.stderr
    assert "Banker has 3 and the Player's third card is an 8: Banker stands" in out.stdout
    assert "Player draws" in out.stdout
    assert "Result: Banker wins 3 to 2" in out.stdout


def test_text_natural_and_unused_cards() -> None:
    out = ezbac("check", "9s,2h,Kd,5c,7h", "Ad")
    assert out.returncode == 0, out.stderr
    assert "Natural: Player has a natural 9: neither hand draws" in out.stdout
    assert "Result: Player wins 9 to 7" in out.stdout
    assert "Unused: 7h Ad" in out.stdout


def test_text_bets_settled_with_reasons() -> None:
    # Dragon 7: P K A = 1 draws 5 -> 6; B 2 2 = 4 draws on a 5, 3 -> 7 (three cards).
    out = ezbac("check", "Ks", "2h", "As", "2c", "5d", "3c",
                "--bet", "dragon7=15", "--bet", "Banker=2.50", "--bet", "player=$1,000")
    assert out.returncode == 0, out.stderr
    assert "Dragon 7" in out.stdout
    assert "Dragon 7 pays 40 to 1: 15 × 40 = 600" in out.stdout
    assert "Banker pushes on a Dragon 7: the 2.50 is returned, nothing paid" in out.stdout
    assert "Player loses on a Dragon 7: the 1,000 is taken" in out.stdout


def test_json_shape() -> None:
    out = ezbac("check", "--json", "Ks", "2h", "As", "2c", "5d", "3c", "9h",
                "--bet", "dragon7=15", "--bet", "banker=2.50", "--bet", "tie=5")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout, parse_float=Decimal)
    assert data["player"] == {"cards": ["Ks", "As", "5d"], "total": 6}
    assert data["banker"] == {"cards": ["2h", "2c", "3c"], "total": 7}
    assert data["natural"] is False
    assert data["player_draws"] is True and data["banker_draws"] is True
    assert data["outcome"] == "dragon7"
    assert data["unused"] == ["9h"]
    assert len(data["rules"]) == 3 and all(isinstance(r, str) for r in data["rules"])
    assert data["rules"][0] == "Player has 1: Player draws (0-5 draw)"
    assert data["rules"][1] == "Banker has 4 and the Player's third card is a 5: Banker draws"
    bets = data["bets"]
    assert set(bets) == {"dragon7", "banker", "tie"}
    assert bets["dragon7"]["result"] == "win" and bets["dragon7"]["paid"] == 600
    assert isinstance(bets["dragon7"]["paid"], int)  # an exact JSON number, not "600"
    assert bets["banker"]["result"] == "push" and bets["banker"]["paid"] == 0
    assert bets["tie"]["result"] == "lose" and bets["tie"]["paid"] == 0
    assert set(data) >= {"player", "banker", "natural", "player_draws", "banker_draws",
                         "outcome", "rules", "unused", "bets"}


def test_json_exact_cents() -> None:
    # Panda 8: P 2s 3d = 5 draws 3h -> 8; B 4h 2c = 6 stands on a 3.
    out = ezbac("check", "--json", "2s", "4h", "3d", "2c", "3h", "--bet", "panda8=2.50")
    data = json.loads(out.stdout, parse_float=Decimal)
    assert data["outcome"] == "panda8"
    assert data["bets"]["panda8"] == {"result": "win", "paid": Decimal("62.50"),
                                      "wager": Decimal("2.50")}
    assert '"paid": 62.50' in out.stdout


def test_json_without_bets_has_no_bets_key() -> None:
    data = json.loads(ezbac("check", "--json", "9s", "2h", "Kd", "5c").stdout)
    assert "bets" not in data
    assert data["natural"] is True and data["unused"] == []


def test_custom_paytable_flag() -> None:
    out = ezbac("check", "--json", "Ks", "2h", "As", "2c", "5d", "3c",
                "--dragon7-pays", "30", "--bet", "dragon7=10")
    assert json.loads(out.stdout)["bets"]["dragon7"]["paid"] == 300


def test_stdin_json_mode_goes_on_past_a_bad_line() -> None:
    stdin = "4h 3s 2d Kc 8h\n\n9s, 2h, Kd, 5c\nZz 3s 2d Kc\n4h 3s Kd Kc\n2s 4h 3d 2c 3h\n"
    out = ezbac("check", "--json", "-", "--bet", "panda8=1", stdin=stdin)
    assert out.returncode == 1
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(rows) == 5
    assert rows[0]["outcome"] == "player" and rows[0]["bets"]["panda8"]["result"] == "lose"
    assert rows[1]["player"]["cards"] == ["9s", "Kd"]
    assert rows[2]["line"] == 4 and "'Zz'" in rows[2]["error"]
    assert set(rows[2]) == {"line", "error"}
    assert rows[3] == {"line": 5, "error": "the Player draws on 4 but no third card was given"}
    assert rows[4]["outcome"] == "panda8" and rows[4]["bets"]["panda8"]["paid"] == 25
    assert "Traceback" not in out.stderr


def test_stdin_all_good_exits_zero() -> None:
    out = ezbac("check", "--json", "-", stdin="9s 2h Kd 5c\n4h 3s 2d Kc 8h\n")
    assert out.returncode == 0
    assert [json.loads(x)["outcome"] for x in out.stdout.splitlines()] == ["player", "player"]


def test_stdin_text_mode() -> None:
    out = ezbac("check", "-", stdin="9s 2h Kd 5c\nQq\n4h 3s 2d Kc 8h\n")
    assert out.returncode == 1
    assert out.stdout.count("Result:") == 2
    assert "\n\n" in out.stdout
    assert "line 2" in out.stderr and "'Qq'" in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["Zh", "3s", "2d", "Kc"], "'Zh'"),
        (["4h", "3s", "2d", "Kx"], "'Kx'"),
        (["4h", "3s", "Kd", "Kc"], "the Player draws on 4 but no third card was given"),
        (["4h", "3s", "2d", "Kc"], "the Banker draws on 3 but no third card was given"),
        (["4h", "3s"], "the Player's second card is missing"),
        ([], "no cards given"),
        (["--bet", "insurance=5", "9s", "2h", "Kd", "5c"], "'insurance'"),
        (["--bet", "dragon7=0", "9s", "2h", "Kd", "5c"], "'dragon7=0'"),
        (["--bet", "dragon7=abc", "9s", "2h", "Kd", "5c"], "'abc'"),
        (["--bet", "dragon7=-5", "9s", "2h", "Kd", "5c"], "'dragon7=-5'"),
        (["--bet", "dragon7", "9s", "2h", "Kd", "5c"], "NAME=AMOUNT"),
        (["--bet", "tie=5", "--bet", "Tie=6", "9s", "2h", "Kd", "5c"], "already"),
        (["--dragon7-pays", "0", "9s", "2h", "Kd", "5c"], "'0'"),
        (["--tie-pays", "abc", "9s", "2h", "Kd", "5c"], "'abc'"),
        (["9s", "-", "2h"], "'-'"),
        (["--json", "Zh", "3s", "2d", "Kc"], "'Zh'"),
    ],
)
def test_bad_input_exit_2_one_line(args: list[str], culprit: str) -> None:
    usage_error(ezbac("check", *args), culprit)


def test_help_has_examples() -> None:
    out = ezbac("check", "--help")
    assert out.returncode == 0
    assert "ezbac check 4h 3s 2d Kc 8h" in out.stdout
    assert "--bet" in out.stdout and "--json" in out.stdout


def test_options_between_cards() -> None:
    """Supervisors type the bet where they think of it: it must not break the card list."""
    result = ezbac("check", "Ks", "2h", "--bet", "dragon7=15", "As", "2c", "5d", "3c", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    # Player K+A = 1 draws 5 -> 6; Banker 2+2 = 4, third card 5 -> draws 3 -> 7: Dragon 7.
    assert data["outcome"] == "dragon7"
    assert data["bets"]["dragon7"]["paid"] == 600
