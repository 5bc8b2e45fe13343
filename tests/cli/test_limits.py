"""Absurd numbers and hostile input, as users give them: one rule for every amount and
every "pays N to 1" (wagers 0.01 to 1,000,000, pays 0.01 to 1,000 to 1, two decimals, ASCII
digits), payouts rounded down to the cent, and every quoted piece of input cut short.

Each class of hostile input has a test here through the command line (its output and exit
status) and, for drill files, through `ezbac drills validate` and `ezbac train`.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from tests.support.cli import ezbac, usage_error
from trainer.drills.errors import DrillError
from trainer.drills.loader import load_file
from trainer.engine.coup import Outcome
from trainer.engine.errors import InvalidAmountError, quote
from trainer.engine.house import DEFAULT_HOUSE, settle_bet
from trainer.engine.money import ODDS, PAYOUTS, WAGERS, parse_amount, round_payout
from trainer.engine.settlement import Bet, Paytable

BIG_28 = "1" + "0" * 28
BIG_29 = "1" + "0" * 29
BIG_30 = "1" + "0" * 30
DRAGON = ("Ks", "2h", "As", "2c", "5d", "3c")  # Banker wins 7 to 6 with three cards


# -- the ranges ---------------------------------------------------------------------------


def test_the_documented_ranges() -> None:
    assert (WAGERS.low, WAGERS.high) == (Decimal("0.01"), Decimal(1_000_000))
    assert (ODDS.low, ODDS.high) == (Decimal("0.01"), Decimal(1_000))
    assert (PAYOUTS.low, PAYOUTS.high) == (0, Decimal(1_000_000_000))


@pytest.mark.parametrize("text", ["0.01", "1,000,000", "$1,000,000.00", "999999.99"])
def test_wagers_at_the_edges_are_taken(text: str) -> None:
    assert parse_amount(text) == Decimal(text.lstrip("$").replace(",", ""))


@pytest.mark.parametrize("text", ["1,000,000.01", "1000001", BIG_28, BIG_30, "0.00"])
def test_wagers_past_the_edges_are_refused_with_the_range(text: str) -> None:
    with pytest.raises(InvalidAmountError, match=r"0\.01 to 1,000,000") as info:
        parse_amount(text)
    assert repr(text) in str(info.value)


@pytest.mark.parametrize("wager", [Decimal(BIG_28), Decimal("1e30"), Decimal("2.555"), 10**40])
def test_settle_bet_refuses_what_the_parsers_refuse(wager: Decimal) -> None:
    with pytest.raises(InvalidAmountError, match="wager on dragon7"):
        settle_bet(Outcome.DRAGON7, Bet.DRAGON7, wager)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "odds",
    [Decimal("1e400"), Decimal(BIG_28), Decimal("1000.01"), 0, Decimal("0.333"), Decimal("NaN")],
)
def test_paytable_refuses_odds_out_of_range(odds: Decimal) -> None:
    with pytest.raises(InvalidAmountError, match="dragon7 pays"):
        Paytable(dragon7=odds)


def test_the_largest_wager_at_the_largest_pay_is_exact() -> None:
    s = settle_bet(
        Outcome.DRAGON7,
        Bet.DRAGON7,
        Decimal("999999.99"),
        DEFAULT_HOUSE.with_paytable(Paytable(dragon7=1000)),
    )
    assert s.paid == Decimal("999999990")  # 999,999.99 × 1,000, by hand
    assert parse_amount("999,999,990", limit=PAYOUTS) == s.paid  # a trainee can type it


# -- rounding -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wager", "odds", "paid"),
    [
        ("2.55", "7.5", "19.12"),  # 19.125: the half cent is kept by the house
        ("2.50", "0.95", "2.37"),  # 2.375
        ("0.01", "0.01", "0"),  # 0.0001
        ("15", "40", "600"),  # exact pays are untouched
        ("0.99", "0.99", "0.98"),  # 0.9801
    ],
)
def test_payouts_are_rounded_down_to_the_cent(wager: str, odds: str, paid: str) -> None:
    table = DEFAULT_HOUSE.with_paytable(Paytable(dragon7=Decimal(odds)))
    s = settle_bet(Outcome.DRAGON7, Bet.DRAGON7, Decimal(wager), table)
    assert s.paid == Decimal(paid)
    assert -s.paid.as_tuple().exponent <= 2


def test_the_rounding_rule_is_one_parameter() -> None:
    assert round_payout(Decimal("19.125")) == Decimal("19.12")
    assert round_payout(Decimal("19.125"), "ROUND_HALF_UP") == Decimal("19.13")


def test_check_shows_the_rounding_it_applied() -> None:
    run = ezbac("check", *DRAGON, "--bet", "dragon7=2.55", "--dragon7-pays", "7.5")
    assert run.returncode == 0, run.stderr
    assert "paid 19.12" in run.stdout and "= 19.125, paid 19.12" in run.stdout
    doc = json.loads(
        ezbac("check", "--json", *DRAGON, "--bet", "dragon7=2.55", "--dragon7-pays", "7.5").stdout,
        parse_float=Decimal,
    )
    assert doc["bets"]["dragon7"]["paid"] == Decimal("19.12")


# -- the command line ---------------------------------------------------------------------


@pytest.mark.parametrize("amount", [BIG_28, BIG_29, "1,000,000.01"])
def test_check_refuses_absurd_bets_naming_them(amount: str) -> None:
    line = usage_error(ezbac("check", *DRAGON, "--bet", f"player={amount}"), "--bet")
    assert "player=" in line and "out of range" in line and "1,000,000" in line


@pytest.mark.parametrize("command", [("check", *DRAGON), ("analyze",)])
@pytest.mark.parametrize("odds", ["1e400", "1e999999999", "0.333", "1000.01", "0", "-40", "٥"])
def test_absurd_pays_are_one_line_errors(command: tuple[str, ...], odds: str) -> None:
    line = usage_error(ezbac(*command, "--dragon7-pays", odds), "--dragon7-pays")
    assert repr(odds) in line or "expected one argument" in line  # argparse: '-40' is a flag


def test_the_largest_pay_is_taken(tmp_path: Path) -> None:
    """The largest wager at the largest pay, under a house whose table takes a million (the
    checker settles only what the house would take, as with --seat)."""
    house = tmp_path / "high.yaml"
    house.write_text(
        ezbac("houses", "show", "ez")
        .stdout.replace("id: ez", "id: high")
        .replace("max: 10000", "max: 1000000"),
        encoding="utf-8",
    )
    run = ezbac(
        "check",
        "--house",
        str(house),
        *DRAGON,
        "--bet",
        "dragon7=1,000,000",
        "--dragon7-pays",
        "1000",
    )
    assert run.returncode == 0, run.stderr
    assert "paid 1,000,000,000" in run.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("check", "4h", "3s", "2d", "Kc", "8h", "--bet", "tie=٥"),  # Arabic-Indic five
        ("check", "4h", "3s", "2d", "Kc", "8h", "--bet", "tie=５"),  # full-width five
        ("check", "٤h", "3s", "2d", "Kc", "8h"),
        ("analyze", "--decks", "٨"),
        ("analyze", "--decks", "８"),
        ("simulate", "--shoes", "١"),
        ("simulate", "--shoes", "1", "--seed", "٥"),
        ("simulate", "--shoes", "1", "--cut", "١٤"),
        ("simulate", "--shoes", "1_0"),
        ("drills", "preview", "warmup", "--count", "٣"),
        ("drills", "preview", "warmup", "--seed", "٣"),
        ("train", "warmup", "--seed", "٣"),
    ],
)
def test_only_ascii_digits_are_numbers(args: tuple[str, ...]) -> None:
    usage_error(ezbac(*args))


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--shoes", "99999999999999999999999"),
        ("simulate", "--shoes", "1", "--seed", "9" * 5000),
        ("simulate", "--shoes", "1", "--cut", "9" * 5000),
        ("analyze", "--decks", "9" * 5000),
    ],
)
def test_huge_counts_are_out_of_range_not_crashes(args: tuple[str, ...]) -> None:
    usage_error(ezbac(*args))


# -- drill files --------------------------------------------------------------------------


def _drill(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "absurd.yaml"
    path.write_text(
        "id: absurd\ntitle: Absurd amounts\ndescription: Amounts no table takes.\n" + body,
        encoding="utf-8",
    )
    return path


def test_drills_validate_names_each_absurd_amount_by_line(tmp_path: Path) -> None:
    path = _drill(
        tmp_path,
        "ask: payout\n"  # line 4
        f"shoe:\n  paytable: {{tie: 8, dragon7: {BIG_28}}}\n"  # line 6
        f"bets:\n  banker: {BIG_28}\n"  # line 8
        f"  dragon7: {{min: 5, max: {BIG_30}, step: 5}}\n"  # line 9
        "generate:\n  - outcome: dragon7\n",
    )
    run = ezbac("drills", "validate", str(path))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    out = run.stdout + run.stderr
    assert f"{path}:6:" in out and "shoe.paytable.dragon7" in out and "0.01 to 1,000 to 1" in out
    assert f"{path}:8:" in out and "bets.banker" in out
    assert f"{path}:9:" in out and "bets.dragon7.max" in out and "0.01 to 1,000,000" in out
    assert "ok" not in out.split()


def test_a_drill_with_a_huge_fixed_bet_is_refused_at_load_not_at_grading(tmp_path: Path) -> None:
    path = _drill(
        tmp_path,
        "ask: payout\ncoups:\n  - cards: Kh 3s 6d 2c 2h\n"
        f"    bets: {{dragon7: {BIG_28}}}\n",  # line 7
    )
    with pytest.raises(DrillError) as info:
        load_file(path)
    assert info.value.problems[0].line == 7
    line = usage_error(ezbac("train", str(path)))  # refused before the trainer opens
    assert f"{path}:7:" in line and "coups[0].bets.dragon7" in line


def test_sub_cent_and_unicode_amounts_in_drills_are_refused(tmp_path: Path) -> None:
    path = _drill(
        tmp_path,
        "ask: payout\nshoe:\n  paytable: {dragon7: 0.333}\n"  # line 6
        'bets:\n  banker: "٥"\n'  # line 8
        "generate:\n  - outcome: dragon7\n",
    )
    with pytest.raises(DrillError) as info:
        load_file(path)
    found = {(p.line, p.field) for p in info.value.problems}
    assert (6, "shoe.paytable.dragon7") in found and (8, "bets.banker") in found


# -- quoted input is cut ------------------------------------------------------------------


def test_quote_cuts_long_input_and_says_how_long() -> None:
    assert quote("4h") == "'4h'"
    long = quote("A" * 10_000_000)
    assert long.startswith("'" + "A" * 40 + "'...") and "10,000,000 characters" in long
    assert len(long) < 80


def test_a_3_mb_line_on_standard_input_is_named_not_echoed() -> None:
    # under the 4 MiB that standard input may bring (more is refused whole: test_files_in)
    run = ezbac("check", "-", stdin="A" * 3_000_000 + "\n", timeout=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert len(run.stderr) < 300 and "3,000,000 characters" in run.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("check", "Z" * 100_000),
        ("check", *DRAGON, "--bet", "dragon7=" + "9" * 100_000),
        ("check", *DRAGON, "--bet", "x" * 100_000 + "=5"),
        ("check", *DRAGON, "--dragon7-pays", "9" * 100_000),
        ("analyze", "--decks", "8" * 100_000),
        ("check", *DRAGON, "--" + "x" * 100_000),
        ("report", "--since", "2" * 100_000),
    ],
)
def test_long_arguments_are_cut_in_errors(args: tuple[str, ...]) -> None:
    line = usage_error(ezbac(*args))
    assert len(line) < 400


# -- report --since at the ends of the calendar ---------------------------------------------


@pytest.fixture
def history(tmp_path: Path) -> Path:
    from tests.support.history import fill
    from trainer.history.store import open_history

    path = tmp_path / "h.sqlite3"
    with open_history(path) as store:
        fill(store)
    return path


@pytest.mark.parametrize("tz", ["UTC", "America/New_York", "Asia/Tokyo"])
@pytest.mark.parametrize(
    "since", ["0001-01-01T00:00+05:00", "0001-01-01", "9999-12-31T23:59-05:00"]
)
def test_report_since_past_the_calendar_is_a_usage_error(
    history: Path, tz: str, since: str
) -> None:
    line = usage_error(ezbac("report", "--db", str(history), "--since", since, env={"TZ": tz}))
    assert "--since" in line and "out of range" in line


@pytest.mark.parametrize("tz", ["UTC", "America/New_York", "Asia/Tokyo"])
@pytest.mark.parametrize("since", ["0001-01-02", "9999-12-30"])
def test_report_since_at_the_ends_of_the_range_works(history: Path, tz: str, since: str) -> None:
    run = ezbac(
        "report", "--db", str(history), "--since", since, "--format", "json", env={"TZ": tz}
    )
    assert run.returncode == 0, run.stderr
    trainees = json.loads(run.stdout)["trainees"]
    assert bool(trainees) == since.startswith("0001")  # everything, or nothing yet


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('pass_mark: "²"', "pass_mark"),  # '²'.isdigit() is true, int('²') fails
        ('pass_mark: "٥٠"', "pass_mark"),  # int('٥٠') is 50
        ("pass_mark: " + "9" * 5000, "pass_mark"),  # int() refuses 4,300 digits
        ('bets_per_coup: "١"', "bets_per_coup"),
        ('bets_per_coup: "1-' + "9" * 5000 + '"', "bets_per_coup"),
        ('questions: "٣"', "questions"),
    ],
)
def test_drill_counts_take_ascii_digits_only(tmp_path: Path, line: str, field: str) -> None:
    path = _drill(
        tmp_path, "ask: payout\nbets: {banker: 5}\ngenerate:\n  - outcome: tie\n" + line + "\n"
    )  # line 8
    run = ezbac("drills", "validate", str(path))
    assert run.returncode == 1 and "Traceback" not in run.stderr, run.stderr
    assert f"{path}:8:" in run.stdout + run.stderr and field in run.stdout + run.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("train", "x" * 100_000),  # the operating system's "File name too long" quotes it
        ("drills", "preview", "x" * 100_000),
        ("report", "--db", "x" * 100_000),
        ("x" * 100_000,),
    ],
)
def test_long_paths_and_names_are_cut_in_errors(args: tuple[str, ...]) -> None:
    line = usage_error(ezbac(*args))
    assert len(line) < 400 and "100,0" in line


def test_report_cuts_a_long_trainee_name(history: Path) -> None:
    """A name no roster may hold (over 40 characters) is a usage error, one short line."""
    run = ezbac("report", "--db", str(history), "--trainee", "x" * 100_000)
    assert run.returncode == 2 and not run.stdout
    assert len(run.stderr.splitlines()) == 1 and len(run.stderr) < 400


def test_a_trainees_typed_payout_is_any_payout_or_retyped() -> None:
    from trainer.session.questions import parse_paid_amount

    assert parse_paid_amount("999,999,990") == Decimal(999_999_990)  # the largest real payout
    assert parse_paid_amount("0") == 0  # graded wrong on a win, not refused
    for typed in (BIG_30, "1,000,000,000.01", "٥", "19.125"):
        with pytest.raises(InvalidAmountError):  # the trainer asks to retype it
            parse_paid_amount(typed)


@pytest.mark.parametrize("token", ["\x1e", "\x1b[2J", "a\rb", "\u2028"])
def test_control_characters_in_input_stay_on_one_line(token: str) -> None:
    """Hypothesis found argparse quoting a record separator (\\x1e) raw: splitlines() broke
    the one-line error in two.  Every printed error escapes such characters."""
    run = ezbac("check", "As", "-:", token)
    assert run.returncode == 2
    assert len(run.stderr.splitlines()) == 1 and run.stderr.endswith("\n"), repr(run.stderr)


def test_a_win_is_typed_up_to_the_largest_payout_but_never_zero() -> None:
    """The win box reads payouts, not wagers: 100,000 on a Panda 8 at 25 to 1 is paid
    2,500,000, above the largest wager, and must be accepted; a win of 0 is retyped."""
    from trainer.session.questions import parse_win_amount

    assert parse_win_amount("2,500,000") == Decimal(100_000 * 25)
    with pytest.raises(InvalidAmountError, match="not a positive amount"):
        parse_win_amount("0")
