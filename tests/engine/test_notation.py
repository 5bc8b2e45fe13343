"""The audit's notation: a whole procedure in order, read and written (parse <-> str), with
every error at its line and column.  The coups are worked by hand from docs/rules.md."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal as D

import pytest

from trainer.engine.calls import calls_for
from trainer.engine.cards import Side, parse_cards
from trainer.engine.catalogue import CATALOGUE
from trainer.engine.coup import Outcome
from trainer.engine.dealt import CUT_EARLIER, AfterCoup, BetAction, Called, Dealt, SaidCall
from trainer.engine.house import BUNDLED_HOUSES
from trainer.engine.injection import applies, inject
from trainer.engine.notation import NotationError, Procedure, read_procedures
from trainer.engine.order import Done
from trainer.engine.procedure import audit
from trainer.engine.settlement import Bet
from trainer.engine.table import Layout, deal_table_coup

# Ks 2h As 2c 5d 3c: Player 1 draws a 5 -> 6; Banker 4 draws on a 5 -> 7 in three: Dragon 7.
# Seat 4 loses Player 100 and Panda 8 5; seat 1's Banker 25 pushes, its Dragon 7 10 pays 400.
DRAGON = """\
P:Ks B:2h P:As B:2c P:5d B:3c cut
call:player=6 call:banker=7 call:outcome=dragon7
take:4:player=100 take:4:panda8=5 push:1:banker=25 pay:1:dragon7=10:400
then:one_more"""


def test_the_docs_example_reads_as_the_coup_it_writes() -> None:
    p = Procedure.parse(DRAGON)
    d = p.dealt
    assert [(c.card, c.to) for c in d.cards] == list(
        zip(parse_cards("Ks 2h As 2c 5d 3c"), [Side.PLAYER, Side.BANKER] * 3, strict=True)
    )
    assert d.cut == 7 and d.then is AfterCoup.ONE_MORE and d.ordered
    assert d.called == Called(6, 7, Outcome.DRAGON7)
    assert d.bets == (
        BetAction(4, Bet.PLAYER, Done.TAKEN),
        BetAction(4, Bet.PANDA8, Done.TAKEN),
        BetAction(1, Bet.BANKER, Done.PUSHED),
        BetAction(1, Bet.DRAGON7, Done.PAID, D(400)),
    )
    assert p.layout == Layout.of(
        {1: {Bet.BANKER: 25, Bet.DRAGON7: 10}, 4: {Bet.PLAYER: 100, Bet.PANDA8: 5}}
    )
    assert str(p) == DRAGON
    # Out as the coup ended: the default house counts it for the next coup (deal it).
    (dev,) = audit(p.dealt, BUNDLED_HOUSES["ez"], p.layout).deviations
    assert dev.right == "deal the next coup"


def test_bare_cards_go_where_the_rules_send_them_and_are_written_with_their_hand() -> None:
    # Player 1 draws the 5d; Banker 4 draws on a 5: the 3c is the Banker's.
    p = Procedure.parse("Ks 2h As 2c 5d 3c")
    assert str(p) == "P:Ks B:2h P:As B:2c P:5d B:3c"


def test_a_seat_given_again_bets_left_unsettled_fees_and_the_cut_earlier() -> None:
    text = (
        "cut:earlier P:4h B:9s P:2d B:Kc next:8s,2c\n"
        "take:2:player=10:fee=0.50 pay:2:banker=20:20:fee=1 take:2:player=10 bet:3:tie=5\n"
        "then:end"
    )
    p = Procedure.parse(text)
    assert p.dealt.cut == CUT_EARLIER and p.dealt.following == parse_cards("8s 2c")
    assert [(a.seat, a.bet, a.fee) for a in p.dealt.bets] == [
        (2, Bet.PLAYER, D("0.50")),
        (2, Bet.BANKER, D(1)),
        (2, Bet.PLAYER, None),
    ]
    assert p.layout == Layout.of({2: {Bet.PLAYER: 10, Bet.BANKER: 20}, 3: {Bet.TIE: 5}})
    assert str(p) == text


def _dealts(house_id: str, seed: int) -> list[tuple[Dealt, Layout]]:
    house = BUNDLED_HOUSES[house_id]
    rng = random.Random(seed)
    table = deal_table_coup(rng, house)
    right = Dealt.correct(table.coup, table.layout, house)
    out = [(right, table.layout)]
    out.append(
        (
            replace(
                right,
                cut=rng.randint(0, len(right.cards) + 1),
                then=rng.choice(list(AfterCoup)),
                said=tuple(SaidCall.of(c) for c in calls_for(table.coup, house)),
            ),
            table.layout,
        )
    )
    for mistake in CATALOGUE:
        if applies(mistake, table.coup, table.layout, house):
            out.append((inject(mistake, table.coup, table.layout, house, rng), table.layout))
    return out


@pytest.mark.parametrize("house_id", list(BUNDLED_HOUSES))
def test_every_procedure_reads_back_as_it_was_written(house_id: str) -> None:
    """parse(str(p)) == p, and the text written again is the same, for the engine's own
    procedure and every catalogue mistake injected into it, on seeded tables."""
    seen = 0
    for seed in range(40):
        for dealt, layout in _dealts(house_id, seed):
            p = Procedure(dealt, layout)
            text = str(p)
            again = Procedure.parse(text)
            assert again == p, text
            assert str(again) == text
            seen += 1
    assert seen > 100


@pytest.mark.parametrize(
    ("text", "line", "column", "reason"),
    [
        ("", 1, 1, "no cards given"),
        ("P:Ks B:2h\nP:As", 2, 1, "3 cards dealt: a coup starts with four"),
        ("P:Ks B:2h P:As X:2c", 1, 16, "card 4 'X:2c': write P: (Player) or B: (Banker)"),
        ("P:Ks B:2h P:As B:Zz", 1, 16, "card 4: 'Zz' is not a card"),
        ("9s 2h Kd 3c 4d", 1, 13, "card 5 (4d) comes after a natural"),
        ("P:Ks B:2h P:As B:2c\n  take:1:player=10 call:player=1", 2, 20, "a call after the bets"),
        ("P:Ks B:2h P:As B:2c\ncall:player=10", 2, 1, "call:player='10': a total is 0 to 9"),
        ("P:Ks B:2h P:As B:2c call:outcome=dragon", 1, 21, "outcomes are player, banker"),
        ("P:Ks B:2h P:As B:2c pay:1:banker=10", 1, 21, "write pay:SEAT:BET=WAGER:AMOUNT"),
        ("P:Ks B:2h P:As B:2c take:15:banker=10", 1, 21, "a seat is 1 to 14"),
        ("P:Ks B:2h P:As B:2c take:1:bnaker=10", 1, 21, "did you mean banker"),
        ("P:Ks B:2h P:As B:2c take:1:tie=5 take:1:tie=10", 1, 34, "tie bet was 5 before"),
        ("P:Ks B:2h P:As B:2c # a comment\n then:stop", 2, 2, "say then:deal"),
        ("P:Ks B:2h P:As B:2c cut cut", 1, 25, "give cut once"),
        ("P:Ks B:2h P:As B:2c take:1:tie=5:fee=1:fee=1", 1, 21, "fee is given twice"),
    ],
)
def test_an_error_names_its_line_and_column(text: str, line: int, column: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        Procedure.parse(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert reason in caught.value.reason
    assert str(caught.value).startswith(f"{line}:{column}: ")


def test_a_file_holds_one_coup_to_a_paragraph_and_reads_on_past_a_bad_one() -> None:
    text = f"# the night's disputes\n{DRAGON}\n\n\nP:Ks B:2h Zz\n\n# last\n9s 2h Kd 3c\n"
    items = list(read_procedures(text))
    assert [n for n, _ in items] == [2, 8, 11]  # lines: a comment, 4, 2 blank, 1, 1, a comment
    first, bad, last = (item for _, item in items)
    assert first == Procedure.parse(DRAGON)
    assert isinstance(bad, NotationError) and (bad.line, bad.column) == (8, 11)
    assert isinstance(last, Procedure) and len(last.dealt.cards) == 4


# Calls made aloud in the house's words (docs/rules.md, "Calling the hand"), on the Dragon 7:
# Player Ks As shows 1 and draws (the 5d: has 6); Banker 2h 2c shows 4 and draws on a
# Player's third 5 (the 3c: has 7); a Dragon 7, seven over six; the Banker bet pushes.
SAID = (
    "P:Ks B:2h P:As B:2c say:player_shows=1 say:banker_shows=4 say:player_draws P:5d "
    "say:player_has=6 say:banker_draws B:3c\n"
    "say:banker_has=7 say:dragon7=6 say:dragon7_push"
)
EZ = BUNDLED_HOUSES["ez"]


def _said_kinds(text: str) -> list[tuple[str, str, str]]:
    p = Procedure.parse(text)
    return [(d.kind.value, d.did, d.right) for d in audit(p.dealt, EZ, p.layout).deviations]


def test_the_calls_made_aloud_are_read_in_place_and_checked() -> None:
    p = Procedure.parse(SAID)
    assert str(p) == SAID
    assert [(c.key, c.values, c.cards) for c in p.dealt.said][:3] == [
        ("player_shows", ("1",), 4),
        ("banker_shows", ("4",), 4),
        ("player_draws", (), 4),
    ]
    assert _said_kinds(SAID) == []
    assert _said_kinds(SAID.replace("player_shows=1", "player_shows=2")) == [
        ("call_wrong", 'said "Player shows two"', 'say "Player shows one"')
    ]
    assert _said_kinds(SAID.replace(" say:player_draws", "")) == [
        ("call_wrong", 'did not say "Player draws"', 'say "Player draws"')
    ]
    late = SAID.replace("say:player_draws P:5d", "P:5d say:player_draws")
    assert _said_kinds(late) == [
        ("call_wrong", 'said "Player draws" with 5 cards out', "say it with 4 cards out")
    ]
    # The Banker's draw called before the Player's third card is out: the wrong moment.
    early = SAID.replace(" say:banker_draws", "").replace("P:5d", "say:banker_draws P:5d")
    assert _said_kinds(early) == [
        (
            "call_wrong",
            'said "Banker draws" with 4 cards out, out of turn',
            "say it in turn, with 5 cards out",
        )
    ]


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("say:player_shows", "write say:player_shows=TOTAL"),
        ("say:wins=dealer,7,5", "hand is player or banker"),
        ("say:player_shows=12", "total is a total, 0 to 9"),
        ("say:shout", "calls are player_shows"),
    ],
)
def test_a_call_said_is_checked_as_it_is_read(token: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        Procedure.parse(f"P:Ks B:2h P:As B:2c {token}")
