"""Options are applied or refused, never dropped in silence: ``audit -`` with a
coup's options on its command line reported "Dealt right." for a Banker bet paid on a
Dragon 7; a repeated single-valued option or key kept one of its values."""

from __future__ import annotations

import pytest

from tests.support.cli import ezbac, usage_error

# Ks 2h As 2c 5d 3c: Banker wins 7 to 6 with three cards: a Dragon 7 (docs/rules.md), on which
# the Banker bet pushes: paid=25 is a deviation.
DRAGON = "P:Ks B:2h P:As B:2c P:5d B:3c"


@pytest.mark.parametrize(
    "option",
    [
        ["--seat", "1:banker=25:paid=25"],
        ["--called", "player=6,banker=7,outcome=dragon7"],
        ["--next", "8s"],
        ["--ordered"],
    ],
)
def test_audit_from_standard_input_refuses_a_coups_options_on_its_command_line(
    option: list[str],
) -> None:
    usage_error(ezbac("audit", "-", *option, stdin=DRAGON + "\n"), option[0])


def test_on_its_own_line_the_option_is_applied() -> None:
    run = ezbac("audit", "-", stdin=DRAGON + " --seat 1:banker=25:paid=25\n")
    assert run.returncode == 1 and "Dealt right" not in run.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["P:Ks", "B:2h", "P:As", "B:2c", "--next", "8s", "--next", "2c"],
        [*DRAGON.split(), "--called", "player=6", "--called", "banker=7"],
    ],
)
def test_a_single_valued_option_given_twice_is_refused(args: list[str]) -> None:
    usage_error(ezbac("audit", *args), "given twice")


@pytest.mark.parametrize("key", ["commission=1", "fee=1", "paid=19"])
def test_a_seat_key_given_twice_is_refused_by_one_rule(key: str) -> None:
    seat = f"1:banker=20:paid=19:commission=1:fee=1:{key}"
    usage_error(
        ezbac("audit", "--house", "commission", "P:4h", "B:9s", "P:2d", "B:Kc", "--seat", seat),
        "--seat",
    )


def test_a_seat_amount_may_be_written_with_a_thousands_comma() -> None:
    """The README writes amounts 1,000 everywhere; at a seat the comma between bets made
    it "no BET=AMOUNT". Player 9h 8d = 7, Banker 3c 4s = 7: a Tie, Tie pays 8 to 1."""
    run = ezbac("check", "9h", "3c", "8d", "4s", "--seat", "1:player=1,000,tie=5")
    assert run.returncode == 0 and "Player 1,000 pushes" in run.stdout
    assert "pay Tie 40" in run.stdout
    line = usage_error(
        ezbac("check", "9h", "3c", "8d", "4s", "--seat", "1:player=1,00"), "'1,00' is not an amount"
    )
    assert "--seat" in line
    audit = ezbac(
        "audit",
        "P:9h",
        "B:3c",
        "P:8d",
        "B:4s",
        "--seat",
        "1:player=1,000:pushed,tie=1,000:paid=8,000",
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        (["--host", "a" * 300], "--host"),
        (["--host", "a" * 70 + ".com"], "--host"),
        (["--port", "٨٠٨٠"], "--port"),
        (["--port", "80a"], "--port"),
    ],
)
def test_serve_options_are_one_line_naming_the_option(args: list[str], culprit: str) -> None:
    usage_error(ezbac("serve", *args), culprit)


def test_an_address_not_on_this_machine_blames_host() -> None:
    """192.0.2.1 is TEST-NET-1 (RFC 5737): never this machine's; nothing is sent to it, a
    bind there is refused by this machine's own kernel."""
    line = usage_error(ezbac("serve", "--host", "192.0.2.1", "--port", "8765"), "--host")
    assert "--port" not in line


@pytest.mark.parametrize("command", [["check", "-"], ["audit", "-"]])
def test_a_nul_byte_in_a_card_is_named_as_typed(command: list[str]) -> None:
    """A card holding a NUL (only standard input can carry one: a command line's arguments
    end at it) is named whole, the NUL shown escaped, never as another card."""
    cards = "A\x00h 9d 2c 3s" if command[0] == "check" else "P:A\x00h B:9d P:2c B:3s"
    run = ezbac(*command, stdin=cards + "\n")
    assert run.returncode == 1 and "'A\\x00h'" in run.stderr  # a bad line of a batch
    assert "\x00" not in run.stderr + run.stdout
