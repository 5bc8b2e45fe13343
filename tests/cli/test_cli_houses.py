"""`ezbac houses ...` and `--house` on check, analyze and simulate, as
commands.  Expected amounts are worked by hand from the house's rules."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error

# Player K 6 = 6 stands; Banker 3 2 = 5 draws a 2: a three-card 7 beats 6 (a Dragon 7).
DRAGON = ("Kh", "3s", "6d", "2c", "2h")


def test_check_commission_banker_win_pays_19_to_20() -> None:
    out = ezbac("check", "--house", "commission", *DRAGON, "--bet", "banker=20")
    assert out.returncode == 0, out.stderr
    assert "Banker 20: win, paid 19." in out.stdout
    assert "19 to 20" in out.stdout and "commission 1" in out.stdout
    assert out.stdout.splitlines()[0].startswith("House: commission")


def test_check_commission_json_shows_the_commission() -> None:
    # 5 % of 13 is 0.65; the bundled commission house rounds up to the quarter: 0.75 taken,
    # 12.25 paid.
    out = ezbac("check", "--json", "--house", "commission", *DRAGON, "--bet", "banker=13")
    data = json.loads(out.stdout, parse_float=Decimal)
    assert data["bets"]["banker"] == {
        "result": "win",
        "paid": Decimal("12.25"),
        "wager": 13,
        "commission": Decimal("0.75"),
        "commission_deferred": False,
    }
    assert data["house"] == "commission" and "limits" not in data


@pytest.mark.parametrize("bet", ["banker=7", "dragon7=5"])
def test_check_refuses_a_bet_the_house_would_not_take(bet: str) -> None:
    """One rule for --bet and --seat: below the minimum (10 at the commission table) or a bet
    the table does not offer (no Dragon 7 in the commission game) is refused, not settled."""
    name = bet.split("=")[0]
    for option in (["--bet", bet], ["--seat", f"1:{bet}"]):
        line = usage_error(ezbac("check", "--house", "commission", *DRAGON, *option), name)
        assert option[0] in line and "commission" in line


def test_check_under_ez_still_pushes_the_dragon_7() -> None:
    out = ezbac("check", "--json", *DRAGON, "--bet", "banker=20")
    data = json.loads(out.stdout)
    assert data["bets"]["banker"] == {"result": "push", "paid": 0, "wager": 20}
    assert "house" not in data


def test_check_cardroom_shows_the_collection_fee() -> None:
    # The bundled card room: a wager up to 100 pays a fee of 1.
    out = ezbac("check", "--house", "cardroom", *DRAGON, "--bet", "banker=40")
    assert out.returncode == 0, out.stderr
    assert "collection fee 1" in out.stdout
    data = json.loads(
        ezbac(
            "check",
            "--json",
            "--house",
            "cardroom",
            *DRAGON,
            "--bet",
            "banker=40",
            "--bet",
            "dragon7=40",
        ).stdout
    )
    assert data["bets"]["banker"]["fee"] == 1 and data["bets"]["dragon7"]["fee"] == 1
    # the card room caps a Dragon 7 at the seat's Banker bet: one over is refused
    usage_error(
        ezbac("check", "--house", "cardroom", *DRAGON, "--bet", "banker=40", "--bet", "dragon7=50"),
        "dragon7 50",
    )


def test_paytable_options_override_the_house() -> None:
    out = ezbac(
        "check",
        "--json",
        "--house",
        "ez-tie9",
        "--tie-pays",
        "8",
        "9s",
        "9h",
        "Kd",
        "Kc",
        "--bet",
        "tie=10",
    )
    assert json.loads(out.stdout)["bets"]["tie"]["paid"] == 80
    out = ezbac("check", "--json", "--house", "ez-tie9", "9s", "9h", "Kd", "Kc", "--bet", "tie=10")
    assert json.loads(out.stdout)["bets"]["tie"]["paid"] == 90


def test_unknown_house_is_a_usage_error() -> None:
    line = usage_error(ezbac("check", "--house", "comission", *DRAGON), "comission")
    assert "did you mean commission" in line
    usage_error(ezbac("analyze", "--house", "no/such/house.yaml"), "no such file")


def test_analyze_commission_house() -> None:
    out = ezbac("analyze", "--house", "commission")
    assert out.returncode == 0, out.stderr
    assert "Commission baccarat" in out.stdout
    assert "19 to 20" in out.stdout and "1.0579 %" in out.stdout
    assert "Dragon 7 " not in out.stdout.split("bet ")[1]  # not offered: no edge line
    data = json.loads(
        ezbac("analyze", "--json", "--house", "commission", "--decks", "6").stdout,
        parse_float=Decimal,
    )
    assert data["decks"] == 6 and data["game"] == "commission"
    assert set(data["bets"]) == {"player", "banker", "tie"}
    assert round(data["bets"]["banker"]["house_edge"] * 100, 4) == Decimal("1.0558")


def test_analyze_cardroom_lists_the_fee_schedule() -> None:
    out = ezbac("analyze", "--house", "cardroom").stdout
    assert "collection fee" in out and "up to 20: fee 0.50" in out


def test_simulate_takes_the_house_decks_and_replays_with_it() -> None:
    out = ezbac("simulate", "--shoes", "2", "--seed", "3", "--house", "commission")
    assert out.returncode == 0, out.stderr
    assert "--house commission" in out.stdout


def test_houses_list_and_show() -> None:
    out = ezbac("houses", "list")
    assert out.returncode == 0, out.stderr
    for house in ("ez", "ez-tie9", "commission", "cardroom"):
        assert f"  {house} " in out.stdout
    rows = [json.loads(line) for line in ezbac("houses", "list", "--json").stdout.splitlines()]
    assert [r["id"] for r in rows if r["origin"] == "bundled"] == [
        "ez",
        "ez-tie9",
        "commission",
        "cardroom",
        "ez-rolling",
        "ez-cantonese",
    ]
    shown = ezbac("houses", "show", "cardroom")
    assert shown.returncode == 0 and "game: cardroom" in shown.stdout
    summary = ezbac("houses", "show", "commission", "--summary").stdout
    assert "Banker 19 to 20" in summary and "rounded up to the next quarter" in summary
    usage_error(ezbac("houses", "show", "nope"), "nope")


CORPUS = Path(__file__).parents[1] / "data" / "broken_houses"


def test_houses_validate_exit_codes(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(ezbac("houses", "show", "commission").stdout, encoding="utf-8")
    ok = ezbac("houses", "validate", str(good))
    assert ok.returncode == 0 and "ok (commission" in ok.stdout
    bad = ezbac("houses", "validate", str(good), str(CORPUS / "many_errors.yaml"))
    assert bad.returncode == 1
    lines = [line for line in bad.stdout.splitlines() if "many_errors.yaml:" in line]
    assert len(lines) == 15 and lines[0].endswith(
        "many_errors.yaml:1:5: id: 'Downtown Mini' is not a house id: use lowercase letters, "
        "digits, '-' and '_', starting with a letter or digit"
    )
    assert "2 files checked, 1 invalid" in bad.stdout
    assert "Traceback" not in bad.stdout + bad.stderr


def test_a_broken_house_file_on_check_is_exit_2_with_every_problem() -> None:
    out = ezbac("check", "--house", str(CORPUS / "rules_clash.yaml"), *DRAGON)
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("ezbac: error: ") for line in lines)
    assert "rules_clash.yaml:5:3: commission:" in lines[0]
    assert "Traceback" not in out.stderr


def test_your_own_house_by_id_from_the_houses_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "houses").mkdir(parents=True)
    text = (
        ezbac("houses", "show", "commission")
        .stdout.replace("id: commission", "id: downtown")
        .replace("collect: at_once", "collect: end_of_shoe")
    )
    (home / "houses" / "downtown.yaml").write_text(text, encoding="utf-8")
    (home / "houses" / "broken.yaml").write_text("id: [\n", encoding="utf-8")
    env = {"EZBAC_HOME": str(home)}
    listed = ezbac("houses", "list", env=env).stdout
    assert "downtown" in listed and "broken.yaml: BROKEN:" in listed
    # Collected at the end of the shoe: paid even money, 0.75 (0.65 up to a quarter) owed.
    out = ezbac("check", "--json", "--house", "downtown", *DRAGON, "--bet", "banker=13", env=env)
    bet = json.loads(out.stdout, parse_float=Decimal)["bets"]["banker"]
    assert (bet["paid"], bet["commission"], bet["commission_deferred"]) == (
        13,
        Decimal("0.75"),
        True,
    )


def test_houses_schema_is_json() -> None:
    out = ezbac("houses", "schema")
    assert out.returncode == 0
    assert json.loads(out.stdout)["$id"].endswith("house.schema.json")
