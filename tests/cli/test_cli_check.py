"""`ezbac check` as a command: text, JSON, stdin mode, every kind of bad input."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from tests.support.cli import ezbac, usage_error


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
    out = ezbac(
        "check",
        "Ks",
        "2h",
        "As",
        "2c",
        "5d",
        "3c",
        "--bet",
        "dragon7=15",
        "--bet",
        "Banker=2.50",
        "--bet",
        "player=$1,000",
    )
    assert out.returncode == 0, out.stderr
    assert "Dragon 7" in out.stdout
    assert "Dragon 7 pays 40 to 1: 15 × 40 = 600" in out.stdout
    assert "Banker pushes on a Dragon 7: the 2.50 is returned, nothing paid" in out.stdout
    assert "Player loses on a Dragon 7: the 1,000 is taken" in out.stdout


def test_json_shape() -> None:
    out = ezbac(
        "check",
        "--json",
        "Ks",
        "2h",
        "As",
        "2c",
        "5d",
        "3c",
        "9h",
        "--bet",
        "dragon7=15",
        "--bet",
        "banker=2.50",
        "--bet",
        "tie=5",
    )
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
    assert set(data) >= {
        "player",
        "banker",
        "natural",
        "player_draws",
        "banker_draws",
        "outcome",
        "rules",
        "unused",
        "bets",
    }


def test_json_exact_cents() -> None:
    # Panda 8: P 2s 3d = 5 draws 3h -> 8; B 4h 2c = 6 stands on a 3.
    out = ezbac("check", "--json", "2s", "4h", "3d", "2c", "3h", "--bet", "panda8=2.50")
    data = json.loads(out.stdout, parse_float=Decimal)
    assert data["outcome"] == "panda8"
    assert data["bets"]["panda8"] == {
        "result": "win",
        "paid": Decimal("62.50"),
        "wager": Decimal("2.50"),
    }
    assert '"paid": 62.50' in out.stdout


def test_json_without_bets_has_no_bets_key() -> None:
    data = json.loads(ezbac("check", "--json", "9s", "2h", "Kd", "5c").stdout)
    assert "bets" not in data
    assert data["natural"] is True and data["unused"] == []


def test_custom_paytable_flag() -> None:
    out = ezbac(
        "check",
        "--json",
        "Ks",
        "2h",
        "As",
        "2c",
        "5d",
        "3c",
        "--dragon7-pays",
        "30",
        "--bet",
        "dragon7=10",
    )
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


# -- a whole table: --seat ---------------------------------------------------------------------
# Expected procedures are worked by hand from docs/rules.md ("Settling a table", the settlement
# table, the commission game) and the bundled houses' data (limits, chips, fee schedule).

# Ks 2h As 2c 5d 3c: Player K+A = 1 draws 5 -> 6; Banker 2+2 = 4 draws on a 5, 3 -> 7 with
# three cards and wins: a Dragon 7.
DRAGON7 = ["Ks", "2h", "As", "2c", "5d", "3c"]
# Kh 3s 6d 2c 2h: Player K+6 = 6 stands; Banker 3+2 = 5 draws (Player stood), 2 -> 7 wins
# with three cards (a Dragon 7 at an EZ table, a Banker win at the commission table).
BANKER7 = ["Kh", "3s", "6d", "2c", "2h"]


def table_lines(out: str) -> list[str]:
    lines = out.splitlines()
    return lines[lines.index(next(x for x in lines if x.startswith("Table, "))) :]


def test_table_dragon7_by_hand() -> None:
    out = ezbac(
        "check", *DRAGON7, "--seat", "1:banker=25,dragon7=10", "--seat", "4:player=100,panda8=5"
    )
    assert out.returncode == 0, out.stderr
    assert "Result: Banker wins 7 to 6 with three cards totalling 7: Dragon 7" in out.stdout
    # Losing bets first (seat 4's Player and Panda 8), counter-clockwise from the dealer's
    # right (seat 4 before seat 1), main bet before side bet; Banker pushes on a Dragon 7;
    # Dragon 7 pays 40 to 1: 10 x 40 = 400, the fewest chips 4 black (100).
    assert table_lines(out.stdout) == [
        "Table, house ez: losing bets first, then counter-clockwise from the dealer's right, "
        "main bet before side bet; payouts in the fewest chips.",
        "Procedure:",
        "  1. seat 4: take Player 100",
        "  2. seat 4: take Panda 8 5",
        "  3. seat 1: Banker 25 pushes, leave it",
        "  4. seat 1: pay Dragon 7 400 in 4 black (100)",
        "Taken 105, paid 400.",
    ]
    assert out.stderr == ""


def test_table_commission_game_by_hand() -> None:
    out = ezbac(
        "check",
        "--house",
        "commission",
        *BANKER7,
        "--seat",
        "2:banker=30,tie=10",
        "--seat",
        "5:player=20,banker=13",
    )
    assert out.returncode == 0, out.stderr
    # Banker 7 over 6: Player and Tie lose; Banker pays 19 to 20, the 5 % commission
    # taken at once and rounded up to the quarter: 13 owes 0.65 -> 0.75, paid 12.25
    # (2 red, 2 white, 1 blue: 12.25 needs a 0.25, and 12 takes four chips at best);
    # 30 owes 1.50, paid 28.50 (1 green, 1 pink, 1 white).  Seat 5 before seat 2.
    assert table_lines(out.stdout)[2:] == [
        "  1. seat 5: take Player 20",
        "  2. seat 2: take Tie 10",
        "  3. seat 5: pay Banker 12.25 in 2 red (5), 2 white (1), 1 blue (0.25)",
        "  4. seat 5: 0.75 commission taken from the Banker payout",
        "  5. seat 2: pay Banker 28.50 in 1 green (25), 1 pink (2.50), 1 white (1)",
        "  6. seat 2: 1.50 commission taken from the Banker payout",
        "Taken 30, paid 40.75, commission 2.25.",
    ]


def test_table_card_room_fees_first() -> None:
    out = ezbac(
        "check",
        "--house",
        "cardroom",
        *BANKER7,
        "--seat",
        "2:banker=30,dragon7=10",
        "--seat",
        "5:player=20",
    )
    assert out.returncode == 0, out.stderr
    # The fee schedule: up to 20 pays 0.50, up to 100 pays 1; fees as the wagers go down,
    # in the same seat order; then the Dragon 7 settles as at the EZ table.
    assert table_lines(out.stdout)[2:] == [
        "  1. seat 5: collect the 0.50 fee on Player",
        "  2. seat 2: collect the 1 fee on Banker",
        "  3. seat 2: collect the 0.50 fee on Dragon 7",
        "  4. seat 5: take Player 20",
        "  5. seat 2: Banker 30 pushes, leave it",
        "  6. seat 2: pay Dragon 7 400 in 4 black (100)",
        "Taken 20, paid 400, fees 2.",
    ]


def write_house(tmp_path, convention: str) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "c4c.yaml"
    path.write_text(
        f"id: c4c\nname: Colour for colour\npayout_chips: {convention}\n", encoding="utf-8"
    )
    return str(path)


def test_table_colour_for_colour(tmp_path) -> None:  # type: ignore[no-untyped-def]
    house = write_house(tmp_path, "colour_for_colour")
    # Ks 7d 7h Kc: Player K+7 = 7, Banker 7+K = 7, both stand: a Tie.  Tie pays 8 to 1:
    # 35 x 8 = 280.  The 35 wager is 1 green and 2 red; 280 in green and red is 11 green
    # and 1 red (the fewest chips would be 2 black, 3 green, 1 red).  Player pushes.
    out = ezbac("check", "--house", house, "Ks", "7d", "7h", "Kc", "--seat", "3:player=10,tie=35")
    assert out.returncode == 0, out.stderr
    data = json.loads(
        ezbac(
            "check",
            "--json",
            "--house",
            write_house(tmp_path, "{max_each: 5}"),
            "Ks",
            "7d",
            "7h",
            "Kc",
            "--seat",
            "3:tie=35",
        ).stdout
    )
    assert data["table"]["payout_chips"] == {"max_each": 5}
    assert (
        "; payouts in colour for colour (in the wager's denominations)."
        in (table_lines(out.stdout)[0])
    )
    assert table_lines(out.stdout)[1:] == [
        "Procedure:",
        "  1. seat 3: Player 10 pushes, leave it",
        "  2. seat 3: pay Tie 280 in 11 green (25), 1 red (5)",
        "Taken 0, paid 280.",
    ]


def test_table_json_shape() -> None:
    out = ezbac(
        "check",
        "--json",
        *DRAGON7,
        "--seat",
        "4:player=100,panda8=5",
        "--seat",
        "1:banker=25,dragon7=2.50",
    )
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout, parse_float=Decimal)
    assert data["outcome"] == "dragon7" and "bets" not in data
    table = data["table"]
    assert set(table) == {
        "house",
        "payout_chips",
        "seats",
        "steps",
        "taken",
        "paid",
        "commission",
        "fees",
    }
    assert table["house"] == "ez" and table["payout_chips"] == "fewest"
    assert table["seats"] == [
        {"seat": 1, "bets": {"banker": 25, "dragon7": Decimal("2.50")}},
        {"seat": 4, "bets": {"player": 100, "panda8": 5}},
    ]
    # 2.50 x 40 = 100: one black chip.
    assert table["steps"] == [
        {"step": "take", "seat": 4, "bet": "player", "amount": 100},
        {"step": "take", "seat": 4, "bet": "panda8", "amount": 5},
        {"step": "push", "seat": 1, "bet": "banker", "amount": 25},
        {
            "step": "pay",
            "seat": 1,
            "bet": "dragon7",
            "amount": 100,
            "chips": [{"value": 100, "colour": "black", "count": 1}],
            "coin": 0,
        },
    ]
    assert (table["taken"], table["paid"], table["commission"], table["fees"]) == (105, 100, 0, 0)
    assert '"amount": 100' in out.stdout  # exact JSON numbers


def test_table_json_commission_steps() -> None:
    out = ezbac("check", "--json", "--house", "commission", *BANKER7, "--seat", "1:banker=13")
    steps = json.loads(out.stdout, parse_float=Decimal)["table"]["steps"]
    assert steps == [
        {
            "step": "pay",
            "seat": 1,
            "bet": "banker",
            "amount": Decimal("12.25"),
            "chips": [
                {"value": 5, "colour": "red", "count": 2},
                {"value": 1, "colour": "white", "count": 2},
                {"value": Decimal("0.25"), "colour": "blue", "count": 1},
            ],
            "coin": 0,
        },
        {"step": "commission", "seat": 1, "bet": "banker", "amount": Decimal("0.75")},
    ]


def test_table_stdin_lines_with_their_own_seats() -> None:
    stdin = (
        f"{' '.join(DRAGON7)} | 1:banker=25,dragon7=10 4:player=100\n"
        "9s 2h Kd 5c | 9:tie=5\n"
        "9s 2h Kd 5c |\n"
        "9s 2h Kd 5c\n"
    )
    out = ezbac("check", "--json", "-", "--seat", "2:player=10", stdin=stdin)
    assert out.returncode == 1
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [s["step"] for s in rows[0]["table"]["steps"]] == ["take", "push", "pay"]
    assert rows[1] == {"line": 2, "error": "seat '9:tie=5': the ez table has seats 1 to 7"}
    assert rows[2]["line"] == 3 and "nothing after '|'" in rows[2]["error"]
    # No seats of its own: --seat's table.  9 over 7: Player 10 wins even money, 2 red.
    assert rows[3]["table"]["steps"] == [
        {
            "step": "pay",
            "seat": 2,
            "bet": "player",
            "amount": 10,
            "chips": [{"value": 5, "colour": "red", "count": 2}],
            "coin": 0,
        }
    ]
    assert "Traceback" not in out.stderr


def test_table_stdin_text() -> None:
    out = ezbac("check", "-", stdin="9s 2h Kd 5c | 7:banker=5 1:player=5\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("line 1\n")
    assert table_lines(out.stdout)[2:] == [
        "  1. seat 7: take Banker 5",
        "  2. seat 1: pay Player 5 in 1 red (5)",
        "Taken 5, paid 5.",
    ]


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["--seat", "8:player=5"], "'8:player=5': the ez table has seats 1 to 7"),
        (["--seat", "0:player=5"], "'0:player=5': the ez table has seats 1 to 7"),
        (["--house", "cardroom", "--seat", "10:player=5"], "cardroom table has seats 1 to 9"),
        (["--seat", "4:player=5", "--seat", "4:tie=5"], "seat 4 is already given"),
        (["--seat", "1:insurance=5"], "'insurance' is not a bet"),
        (["--seat", "1:banker=abc"], "'abc' is not an amount"),
        (["--seat", "1:banker=0"], "'0' is not a positive amount"),
        (["--seat", "1:banker=2.555"], "two decimals"),
        (["--house", "ez-tie9", "--seat", "2:dragon7=5"], "needs a player or banker bet"),
        (
            ["--house", "ez-tie9", "--seat", "2:banker=5,dragon7=10"],
            "dragon7 10 is over the banker bet (5)",
        ),
        (["--house", "ez-tie9", "--seat", "2:banker=6000"], "above the table maximum of 5,000"),
        (["--house", "ez-tie9", "--seat", "2:banker=2"], "below the table minimum of 5"),
        (["--house", "commission", "--seat", "1:dragon7=5"], "does not offer it"),
        (["--seat", ""], "argument --seat: the value is empty"),  # the parser's one rule
        (["--seat", "  "], "argument --seat: the value is empty"),
        (["--seat", "3:"], "'3:' has no bets"),
        (["--seat", "3"], "no ':' after the seat number"),
        (["--seat", "x:tie=5"], "'x' is not a seat number"),
        (["--seat", "1:tie=5,,player=5"], "an empty bet between commas"),
        (["--seat", "1:tie"], "'tie' is no BET=AMOUNT"),
        (["--seat", "1:tie=5,Tie=6"], "a tie bet is given twice"),
        (["--seat", "1:tie=5", "--bet", "tie=5"], "--bet and --seat do not mix"),
        (["--json", "--seat", "9:tie=5"], "--seat '9:tie=5'"),
    ],
)
def test_table_bad_seat_exit_2_one_line(args: list[str], culprit: str) -> None:
    line = usage_error(ezbac("check", *DRAGON7, *args), culprit)
    assert line.startswith(("ezbac: error: ", "ezbac check: error: "))


def test_table_bad_seat_before_reading_stdin() -> None:
    usage_error(ezbac("check", "-", "--seat", "9:tie=5", stdin="9s 2h Kd 5c\n"), "'9:tie=5'")


def test_table_stdin_line_seats_and_bet_do_not_mix() -> None:
    out = ezbac("check", "--json", "-", "--bet", "tie=5", stdin="9s 2h Kd 5c | 1:tie=5\n")
    assert out.returncode == 1
    assert json.loads(out.stdout) == {
        "line": 1,
        "error": "--bet and a line's seats do not mix: put the bets on a seat",
    }


def test_help_shows_seat() -> None:
    out = ezbac("check", "--help")
    assert "--seat N:BET=AMOUNT" in out.stdout and "| SEAT SEAT" in out.stdout
