"""`ezbac audit` as a command: exit codes, text, JSON, batch on standard input,
the card notation, and every kind of bad input (one line, exit 2)."""

from __future__ import annotations

import json

import pytest

from tests.support.cli import ezbac, usage_error

# Ks 2h As 2c 5d 3c: Player 1 draws a 5 -> 6; Banker 4 draws on a 5 -> 7: Dragon 7.
DRAGON = ("P:Ks", "B:2h", "P:As", "B:2c", "P:5d", "B:3c")


def test_the_issue_example_lists_the_banker_bet_that_should_push() -> None:
    out = ezbac("audit", *DRAGON, "--seat", "1:banker=25:paid=25,dragon7=10:paid=400")
    assert out.returncode == 1, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "Dealt: P:Ks B:2h P:As B:2c P:5d B:3c"
    assert lines[1].startswith("Right: Player Ks As 5d = 6; Banker 2h 2c 3c = 7;")
    assert lines[1].endswith("Dragon 7")
    assert lines[2] == "1 deviation:"
    assert lines[3] == (
        "1. seat 1 Banker: paid 25. Rule: the Banker bet pushes on a Dragon 7. "
        "Right: return 25, pay 0."
    )
    assert len(lines) == 4 and out.stderr == ""


def test_dealt_right_exits_0() -> None:
    out = ezbac(
        "audit",
        *DRAGON,
        "--seat",
        "1:banker=25:pushed,dragon7=10:paid=400",
        "--called",
        "player=6,banker=7,outcome=dragon7",
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "Dealt right."


def test_bare_cards_go_where_the_rules_send_them() -> None:
    # The same coup without hand marks: the 5th card is the Player's (Player 1 draws), the
    # 6th the Banker's.
    out = ezbac("audit", "Ks", "2h", "As", "2c", "5d", "3c")
    assert out.returncode == 0 and "Dealt: P:Ks B:2h P:As B:2c P:5d B:3c" in out.stdout


def test_a_card_to_the_wrong_hand_and_a_draw_on_a_stand() -> None:
    # Player 4+2 = 6 stands; Banker 3+K = 3 draws: the 8 went on the Player's hand.
    out = ezbac("audit", "4h", "3s", "2d", "Kc", "P:8h")
    assert out.returncode == 1
    assert "card 5 (8h): 8h went to the Player." in out.stdout
    assert "Right: 8h is the Banker's third card." in out.stdout
    # Player 1 draws an 8 -> 9; Banker 3 stands on an 8, yet drew.
    out = ezbac("audit", "Ks", "2c", "As", "Ac", "8h", "B:5d")
    assert "Banker has 3 and the Player's third card is an 8: Banker stands" in out.stdout
    assert out.returncode == 1


def test_a_missed_draw_is_judged_with_the_next_card() -> None:
    args = ("audit", "Ks", "2h", "As", "2c", "5d", "--seat", "1:player=10:paid=10")
    out = ezbac(*args)
    assert out.returncode == 1
    assert "the Banker did not draw" in out.stdout and "Note: " in out.stdout
    out = ezbac(*args, "--next", "3c")
    assert "Note" not in out.stdout and "Right: take 10." in out.stdout
    assert "(follows from an earlier deviation)" in out.stdout


def test_json_lists_each_deviation() -> None:
    out = ezbac("audit", "--json", *DRAGON, "--seat", "1:dragon7=35:paid=1200")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["right"] is False
    (dev,) = data["deviations"]
    assert dev["kind"] == "payout_short" and dev["right"] == "pay 1,400"  # 35 x 40
    assert dev["label"] == "a payout short"
    assert dev["where"] == "seat 1 Dragon 7" and dev["step"] == 7 and not dev["follows"]
    assert data["coup"]["outcome"] == "dragon7"
    assert data["procedure"][0].startswith("seat 1: pay Dragon 7 1,400")


def test_the_house_decides_the_commission() -> None:
    cards = ("Kh", "3s", "6d", "2c", "2h")  # Player 6; Banker 5 draws a 2 -> 7: Banker wins
    out = ezbac(
        "audit", "--house", "commission", *cards, "--seat", "2:banker=20:paid=19:commission=1"
    )
    assert out.returncode == 0, out.stdout + out.stderr
    out = ezbac("audit", *cards, "--seat", "2:banker=20:paid=19:commission=1")
    assert out.returncode == 1  # the EZ game (a Dragon 7 here) takes no commission


def test_the_order_is_checked_when_asked() -> None:
    # Banker 9 natural wins: seat 7's Player bet must be taken before seat 2's Banker paid.
    args = (
        "audit",
        "4h",
        "9s",
        "2d",
        "Kc",
        "--seat",
        "2:banker=10:paid=10",
        "--seat",
        "7:player=10:taken",
    )
    assert ezbac(*args).returncode == 0
    out = ezbac(*args, "--ordered")
    assert out.returncode == 1 and "the house takes every losing bet" in out.stdout


def test_batch_mode_reads_one_coup_a_line_and_sums_up() -> None:
    stdin = (
        "Ks 2h As 2c 5d 3c --seat 1:banker=25:pushed\n"
        "\n"
        "Ks 2h\n"
        "Ks 2h As 2c 5d 3c --seat 1:banker=25:paid=25\n"
    )
    out = ezbac("audit", "-", stdin=stdin)
    assert out.returncode == 1
    assert out.stdout.startswith("line 1\n")
    assert "line 4\n" in out.stdout and "Dealt right." in out.stdout
    assert out.stdout.splitlines()[-1] == ("2 coups: 1 dealt right, 1 with deviations, 1 bad line")
    assert out.stderr.strip() == (
        "ezbac: error: line 3: 2 cards dealt: a coup starts with four (Player, Banker, "
        "Player, Banker)"
    )


def test_batch_json_is_one_object_a_line() -> None:
    stdin = "Ks 2h As 2c 5d 3c --seat 1:banker=25:pushed\nKs 2h As Zz\n"
    out = ezbac("audit", "--json", "-", stdin=stdin)
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert rows[0]["line"] == 1 and rows[0]["right"] is True
    assert rows[1]["line"] == 2 and "Zz" in rows[1]["error"]
    assert out.returncode == 1 and "1 coup: 1 dealt right" in out.stderr


def test_batch_all_right_exits_0() -> None:
    out = ezbac("audit", "-", stdin="9s 2h Kd 3c\n4h 3s 2d Kc 8h\n")
    assert out.returncode == 0 and out.stdout.splitlines()[-1].startswith("2 coups: 2 dealt")


@pytest.mark.parametrize(
    ("args", "culprit"),
    [
        ((), "no cards given"),
        (("Ks", "2h", "As"), "a coup starts with four"),
        (("Ks", "2h", "As", "Zz"), "'Zz'"),
        (("X:Ks", "2h", "As", "2c"), "card 1 'X:Ks'"),
        (("9s", "2h", "Kd", "3c", "4d"), "after a natural"),
        (("Ks", "2h", "As", "2c", "--seat", "1:banker=25"), "say what was done"),
        (("Ks", "2h", "As", "2c", "--seat", "1:banker=25:paid=0"), "write pushed"),
        (("Ks", "2h", "As", "2c", "--seat", "1:banker=25:won"), "actions are paid=X"),
        (("Ks", "2h", "As", "2c", "--seat", "1:banker=25:taken:pushed"), "once"),
        (("Ks", "2h", "As", "2c", "--seat", "x:banker=25:taken"), "write N:BET=WAGER"),
        (("Ks", "2h", "As", "2c", "--seat", "1:bnaker=25:taken"), "did you mean banker"),
        (("Ks", "2h", "As", "2c", "--seat", "9:banker=25:taken"), "seats 1 to 7"),
        (
            ("Ks", "2h", "As", "2c", "--seat", "1:tie=5:taken", "--seat", "1:tie=10:taken"),
            "seat 1's tie bet was given as 5 before",
        ),
        (("Ks", "2h", "As", "2c", "--called", "player=10"), "a total is 0 to 9"),
        (("Ks", "2h", "As", "2c", "--called", "outcome=dragon"), "outcomes are"),
        (("Ks", "2h", "As", "2c", "--next", "Qq"), "--next"),
        (("Ks", "-"), "must be the only CARD"),
        (("Ks", "2h", "As", "2c", "--house", "nowhere"), "--house"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], culprit: str) -> None:
    usage_error(ezbac("audit", *args), culprit)


def test_the_documented_example_is_what_the_command_prints() -> None:
    from tests.support import ROOT

    readme = (ROOT / "docs" / "supervisors.md").read_text(encoding="utf-8")
    section = readme.split("## Auditing a coup", 1)[1].split("\n## ", 1)[0]
    block = section.split("```console\n$ ", 1)[1].split("```", 1)[0]
    command, *printed = block.splitlines()
    out = ezbac(*command.split()[1:])
    assert out.stdout.splitlines() == printed


def test_any_mix_of_arguments_is_a_verdict_or_one_line() -> None:
    """In-process, random arguments from real and broken pieces: exit 0 or 1 with output,
    or 2 with exactly one line on stderr; never a traceback."""
    import contextlib
    import io
    import random

    from trainer.cli import main

    pieces = [
        "P:Ks",
        "B:2h",
        "As",
        "2c",
        "5d",
        "3c",
        "P:",
        "B:x",
        "9s",
        "Kd",
        "--seat",
        "1:banker=25:paid=25",
        "1:banker=25",
        "2:tie=5:taken:commission=1",
        "3:dragon7=10:paid=400:fee=1",
        "x:y",
        "1:banker=25:paid=-1",
        "--called",
        "player=6,banker=7,outcome=dragon7",
        "outcome=",
        "--next",
        "3c",
        "--ordered",
        "--house",
        "cardroom",
        "commission",
        "=,:",
        ":::",
        "1:banker=25:paid=1e3",
        "99:player=1:taken",
        "1:panda8=5:pushed,player=5:paid=5",
    ]
    rng = random.Random(2)
    for _ in range(300):
        args = ["audit", *(rng.choice(pieces) for _ in range(rng.randint(0, 10)))]
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(args)
            except SystemExit as exc:
                code = exc.code
        assert "Traceback" not in err.getvalue(), args
        if code == 2:
            assert len(err.getvalue().strip().splitlines()) == 1, (args, err.getvalue())
        else:
            assert code in (0, 1) and out.getvalue(), args


def test_the_card_rooms_fee_is_checked_when_given() -> None:
    # Banker 9 natural beats Player 6; the card room's fee on a 50 wager is 1.
    args = ("audit", "--house", "cardroom", "4h", "9s", "2d", "Kc")
    assert ezbac(*args, "--seat", "1:banker=50:paid=50").returncode == 0
    assert ezbac(*args, "--seat", "1:banker=50:paid=50:fee=1").returncode == 0
    out = ezbac(*args, "--seat", "1:banker=50:paid=50:fee=0.50")
    assert out.returncode == 1
    assert "the collection fee on a 50 wager is 1" in out.stdout


def test_the_issue_example_flags_only_the_miscalled_total() -> None:
    # Ts 3s 7c Ah 3d: Player 7 stands, Banker 4 draws a 3 -> 7 in three: 7 all, a Tie.
    out = ezbac("audit", "Ts", "3s", "7c", "Ah", "3d", "--called", "player=1,banker=7,outcome=tie")
    assert out.returncode == 1, out.stderr
    assert out.stdout.splitlines()[-2:] == [
        "1 deviation:",
        "1. the Player total called: called the Player 1. Rule: a hand's total is the last "
        "digit of the sum of its cards. Right: the Player has 7 (Ts 7c).",
    ]


BANKER_NATURAL = ("4h", "9s", "2d", "Kc")  # Player 4+2 = 6, Banker 9+K = 9: a Banker win


def test_ordered_a_seat_may_be_given_again_for_its_winner() -> None:
    # Seats 2 and 5 each lose one bet and win one: losers first, then the payouts, each
    # counter-clockwise from the dealer's right: seat 5 before seat 2.
    takes = ("--seat", "5:tie=5:taken", "--seat", "2:player=10:taken")
    pay5, pay2 = ("--seat", "5:banker=20:paid=20"), ("--seat", "2:banker=10:paid=10")
    right = ezbac("audit", *BANKER_NATURAL, "--ordered", *takes, *pay5, *pay2)
    assert right.returncode == 0 and right.stdout.endswith("Dealt right.\n"), right.stdout
    wrong = ezbac("audit", *BANKER_NATURAL, "--ordered", *takes, *pay2, *pay5)
    assert wrong.returncode == 1
    assert "1. seat 2 Banker: paid seat 2 Banker before seat 5 Banker." in wrong.stdout
    # The same bet given twice is a bet settled twice, not two bets.
    twice = ezbac("audit", *BANKER_NATURAL, *takes, *pay5, *pay2, *pay2)
    assert "a second time" in twice.stdout and twice.returncode == 1


def test_the_call_after_the_coup_by_the_houses_cut_card_rule(tmp_path) -> None:
    # 9s 2h Kd 3c: a four-card coup.  The cut card in front of a fifth card came out as the
    # coup ended: the default house counts it for the next coup (deal it, then one more);
    # a house counting it for the coup just finished makes the next coup the last.
    four = ("9s", "2h", "Kd", "3c", "--cut-card", "5")
    assert ezbac("audit", *four, "--then", "deal").returncode == 0
    wrong = ezbac("audit", *four, "--then", "one-more")
    assert wrong.returncode == 1 and "Right: deal the next coup." in wrong.stdout
    house = tmp_path / "h.yaml"
    house.write_text("id: h\nname: H\nshoe:\n  cut_card_between_coups: finished_coup\n")
    assert ezbac("audit", "--house", str(house), *four, "--then", "one_more").returncode == 0
    usage_error(ezbac("audit", *four[:4], "--cut-card", "8"), "--cut-card '8'")
    usage_error(ezbac("audit", *four, "--then", "stop"), "say deal, one_more or end")


# -- the notation: on the command line, from a file, exported by the table drill ---------


def test_the_whole_procedure_in_order_on_the_command_line() -> None:
    # The Dragon 7 above, settled as written: seat 4's losers, then seat 1 (push, pay 400).
    steps = (
        "call:player=6 call:banker=7 call:outcome=dragon7 take:4:player=100 "
        "take:4:panda8=5 push:1:banker=25 pay:1:dragon7=10:400"
    )
    assert ezbac("audit", *DRAGON, *steps.split()).returncode == 0
    # Paid before the losers are taken: the order is the notation's own, so it is checked.
    paid_first = steps.replace("pay:1:dragon7=10:400", "").replace(
        "call:outcome=dragon7", "call:outcome=dragon7 pay:1:dragon7=10:400"
    )
    out = ezbac("audit", *DRAGON, *paid_first.split())
    assert out.returncode == 1 and "takes every losing bet before paying" in out.stdout
    usage_error(
        ezbac("audit", *DRAGON, "take:4:player=100", "--seat", "4:player=100:taken"),
        "--seat and the same thing in the procedure's steps",
    )


def test_a_file_of_procedures_errors_at_file_line_column(tmp_path) -> None:
    path = tmp_path / "night.txt"
    path.write_text(
        "# the night's disputes\n"
        "Ks 2h As 2c 5d 3c\n"
        "push:1:banker=25 pay:1:dragon7=10:400\n"
        "\n"
        "4h 9s 2d Kc\n"
        "take:5:tie=5 pay:5:banker=20:20 take:2:player=10 cut:earlier\n",
        encoding="utf-8",
    )
    out = ezbac("audit", "--file", str(path))
    assert out.returncode == 1
    assert out.stdout.splitlines()[0] == f"{path}:2"
    assert "Dealt right." in out.stdout
    assert out.stdout.splitlines()[-1] == "1 coup: 1 dealt right, 0 with deviations, 1 bad coup"
    assert out.stderr.strip() == (
        f"ezbac: error: {path}:6:50: 'cut:earlier': the cut card after the bets: the cards "
        "come first, then the calls, the bets and then:"
    )
    js = ezbac("audit", "--json", "--file", str(path))
    bad = [json.loads(line) for line in js.stdout.splitlines()][1]
    assert bad == {"line": 6, "column": 50, "error": bad["error"]}
    usage_error(ezbac("audit", "--file", str(path), "Ks"), "CARD with --file")
    usage_error(ezbac("audit", "--file", str(tmp_path / "none.txt")), "cannot read it")
    usage_error(ezbac("audit", "--file", ""), "the value is empty")


@pytest.mark.parametrize(
    "drill",
    [
        "table-basics",
        "table-commission",
        "table-exam",
        "shoe-table",
        "table-chip-cutting",
        "table-protection",
    ],
)
def test_the_table_drill_exports_what_the_audit_reads_as_right(drill: str, tmp_path) -> None:
    out = ezbac("drills", "preview", drill, "--seed", "7", "--count", "12", "--procedure")
    assert out.returncode == 0, out.stderr
    house = out.stdout.split("--house ", 1)[1].split()[0]
    path = tmp_path / "export.txt"
    path.write_text(out.stdout, encoding="utf-8")
    audited = ezbac("audit", "--house", house, "--file", str(path))
    assert audited.returncode == 0, audited.stdout + audited.stderr
    assert audited.stdout.splitlines()[-1] == "12 coups: 12 dealt right, 0 with deviations"
    if drill == "shoe-table":
        assert "then:" in out.stdout
    if drill == "table-protection":  # its violations keyed at their moments, answered right
        preview = ezbac("drills", "preview", drill, "--seed", "7", "--count", "12")
        caught = [ln for ln in preview.stdout.splitlines() if ln.startswith("     ! ")]
        keyed = [w for w in out.stdout.split() if w.endswith((":refuse", ":return", ":floor"))]
        assert caught and len(keyed) == len(caught)


def test_only_a_table_drill_exports_a_procedure() -> None:
    usage_error(ezbac("drills", "preview", "banker-tableau", "--procedure"), "not a table drill")


def test_commission_boxed_or_at_once_and_the_chips_are_keyed() -> None:
    # Commission game, Banker 9 wins 20: the house takes 1 at once and pays 19.
    banker = ("--house", "commission", *BANKER_NATURAL)
    assert (
        ezbac("audit", *banker, "--seat", "1:banker=20:paid=19:commission_at_once=1").returncode
        == 0
    )
    boxed = ezbac("audit", *banker, "pay:1:banker=20:20:commission_box=1")
    assert boxed.returncode == 1
    assert "Rule: this house takes the commission from the payout at once." in boxed.stdout
    # The Dragon 7's 400 in the fewest chips: 4 black; in 16 green it is more chips than need be.
    dragon = (*DRAGON, "push:1:banker=25")
    assert ezbac("audit", *dragon, "pay:1:dragon7=10:400:chips=4x100").returncode == 0
    green = ezbac("audit", *dragon, "pay:1:dragon7=10:400:chips=16x25")
    assert "Right: pay 400 in 4 black (100)." in green.stdout
    usage_error(
        ezbac("audit", *banker, "--seat", "1:banker=20:paid=19:commission=1:commission_box=1"),
        "a commission is given once",
    )
    usage_error(ezbac("audit", *dragon, "pay:1:dragon7=10:400:chips=4y100"), "COUNTxVALUE")


def test_calls_said_aloud_on_the_command_line() -> None:
    # 4h 9s 2d Kc: Player 6, Banker 9 natural: "Banker wins, nine over six" (default words).
    said = ("say:player_shows=6", "say:banker_shows=9", "say:natural=banker,9")
    right = ezbac("audit", *BANKER_NATURAL, *said, "say:wins=banker,9,6")
    assert right.returncode == 0, right.stdout
    wrong = ezbac("audit", *BANKER_NATURAL, *said, "say:wins=player,9,6")
    assert 'said "Player wins, nine over six"' in wrong.stdout
    assert 'Right: say "Banker wins, nine over six".' in wrong.stdout


def test_a_violation_and_a_remedy_keyed_in_the_procedure(tmp_path) -> None:
    # EZ refuses a late bet and sends a pinched one to the floor; it confirms the remedy
    # for a card exposed (trainer/engine/house.py, the bundled houses).
    steps = "call:outcome=dragon7 take:4:player=100 push:1:banker=25"
    right = ("P:Ks", "late:3:banker=25:refuse", "B:2h", "P:As", "B:2c")
    rest = ("remedy:card_exposed:applied", "P:5d", "B:3c", "pinch:4:player=50:floor")
    assert ezbac("audit", *right, *rest, *steps.split()).returncode == 0
    out = ezbac("audit", *right, "remedy:card_exposed", *rest[1:], *steps.split())
    assert out.returncode == 1
    assert "1. a card exposed (after card 4): carried on." in out.stdout
    path = tmp_path / "p.txt"
    path.write_text("P:Ks B:2h P:As B:2c\n  under_min:3:banker=1 P:5d B:3c\n", encoding="utf-8")
    bad = ezbac("audit", "--file", str(path))
    assert bad.returncode == 1 and "p.txt:2:3: 'under_min:3:banker=1'" in bad.stderr
    assert "at no more bets: write it before the first card" in bad.stderr


# -- bets in action and the table's differential (tests/engine/test_audit_action.py) -------


def test_a_refused_bet_settled_says_it_does_not_play() -> None:
    out = ezbac("audit", *DRAGON, "past_posting:4:player=25:refuse", "pay:4:player=25:25")
    assert out.returncode == 1, out.stderr
    assert out.stdout.splitlines()[-1] == (
        "1. seat 4 Player: paid 25. Rule: seat 4 Player 25 was refused (past posting): it "
        "does not play. Right: leave it out: it was given back."
    )
    assert "loses on a Dragon 7" not in out.stdout
    kept = ezbac("audit", *DRAGON, "past_posting:4:player=25:refuse", "bet:4:player=25")
    assert kept.returncode == 0, kept.stdout


def test_the_differential_from_the_seats_keyed_by_a_house_file(tmp_path) -> None:
    # 9s 2h Ks 5c: the Player's natural 9 beats 7.  This house refuses a table over its
    # 500 differential: Banker 400 + 200 against Player 50 is 550 apart, over it; with
    # seat 3's Player at 150 the table is 450 apart, within it.
    house = tmp_path / "diff.yaml"
    house.write_text(
        "id: diff\nname: Diff\nlimits:\n  differential: 500\nviolations:\n  differential: refuse\n"
    )
    coup = ("9s", "2h", "Ks", "5c")
    seats = ("--seat", "1:banker=400:taken", "--seat", "2:banker=200:taken")
    over = ezbac("audit", "--house", str(house), *coup, *seats, "--seat", "3:player=50:paid=50")
    assert over.returncode == 1, over.stderr
    assert over.stdout.splitlines()[-1] == (
        "1. the table: over the differential (at no more bets): let it play. Rule: Diff: "
        "Banker 600 and Player 50 differ by 550, over the table differential of 500: refuse "
        "the bet. Right: refuse the bet."
    )
    within = ("--seat", "3:player=150:paid=150")
    assert ezbac("audit", "--house", str(house), *coup, *seats, *within).returncode == 0
    steps = "differential:table:refuse 9s 2h Ks 5c take:1:banker=400 take:2:banker=200"
    stopped = ezbac("audit", "--house", str(house), *steps.split(), "bet:3:player=150")
    assert stopped.returncode == 1
    assert "Rule: Diff: the table's action is within its differential" in stopped.stdout
    # the bundled EZ house sets none
    assert ezbac("audit", *coup, *seats, "--seat", "3:player=50:paid=50").returncode == 0
