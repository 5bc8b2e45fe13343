"""The shoe procedure as events (ShoeRun), against docs/rules.md "Shoe procedure", worked by hand
on stacked shoes; the simulator's fast path held to it shoe by shoe on seeded shoes; the
house's shoe rules read from a house file."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from trainer.engine.cards import parse_cards
from trainer.engine.errors import HouseError, InvalidShoeError
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.shoe import (
    AfterCut,
    BetweenCoups,
    Burn,
    BurnRule,
    CoupDealt,
    CutCardOut,
    LastCoup,
    ShoeEnd,
    ShoeRules,
    ShoeRun,
)
from trainer.engine.simulate import ShoeStats, deal_shoe, deal_values, shoe_stats, simulate
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text


def natural(i: int) -> list[str]:
    """A four-card coup (Player 9 natural) whose Banker card tells coups apart."""
    return ["9s", f"{'A23456'[i % 6]}h", "Kd", "Kc"]


def naturals(n: int) -> list[str]:
    return [c for i in range(n) for c in natural(i)]


NO_BURN = ShoeRules(cut=11, burn=BurnRule.NONE)


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


# --- the burn ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "count"),
    [("As", 1), ("5h", 5), ("9d", 9), ("Tc", 10), ("Js", 10), ("Qh", 10), ("Kd", 10)],
)
def test_the_first_card_burns_its_value_tens_and_faces_ten(first: str, count: int) -> None:
    burned = ["2c"] * count
    run = ShoeRun.stacked([first, *burned, *naturals(3)], ShoeRules(cut=1))
    events = list(itertools.islice(run.events(), 2))  # the shoe is too short to finish
    assert events[0] == Burn(parse_cards(first)[0], parse_cards(burned))
    assert events[0].count == count
    first_coup = events[1]
    assert isinstance(first_coup, CoupDealt) and first_coup.number == 1
    assert first_coup.start == 1 + count  # the exposed card, then its burn
    assert first_coup.coup.cards == parse_cards(natural(0))


def test_a_house_without_a_burn_deals_from_the_first_card() -> None:
    run = ShoeRun.stacked(naturals(3), ShoeRules(cut=1, burn=BurnRule.NONE))
    events = list(itertools.islice(run.events(), 1))
    assert isinstance(events[0], CoupDealt) and events[0].start == 0


# --- the cut card and the last coup (docs/rules.md: finish the coup, deal one more, end) -------


def test_cut_card_out_mid_coup_then_one_more_coup() -> None:
    # 5 natural coups, 20 cards, no burn, cut card in front of the last 11: the 10th card
    # (card 2 of coup 3) is behind it.  Coup 3 is finished, coup 4 is dealt, the shoe ends.
    run = ShoeRun.stacked(naturals(5), NO_BURN)
    events = list(run.events())
    assert kinds(events) == ["CoupDealt"] * 3 + ["CutCardOut", "LastCoup", "CoupDealt", "ShoeEnd"]
    assert events[3] == CutCardOut(3, 2, 9, True)
    assert events[4] == LastCoup(4)
    last = events[5]
    assert isinstance(last, CoupDealt) and last.number == 4 and last.last
    assert last.coup.cards == parse_cards(natural(3))
    assert not any(e.last for e in events[:3] if isinstance(e, CoupDealt))
    assert events[6] == ShoeEnd(4, 16, 4)
    assert run.cut_coup == 3


def test_cut_card_as_the_first_card_of_a_coup() -> None:
    # Cut in front of the last 12 of 20: coup 2 ends on card 8, the card in front of it, so
    # it comes out between coups 2 and 3.  Counted for the next coup (next_coup, the
    # default): card 9, the first of coup 3, brings it out; coup 4 is the one more.
    run = ShoeRun.stacked(naturals(5), ShoeRules(cut=12, burn=BurnRule.NONE))
    events = list(run.events())
    assert CutCardOut(3, 1, 8, True, between=True) in events
    assert events[-1] == ShoeEnd(4, 16, 4)


@pytest.mark.parametrize(
    ("after", "coups"),
    [(AfterCut.ONE_MORE, 3), (AfterCut.THIS_COUP, 2)],
)
def test_cut_card_between_coups_counted_for_the_coup_just_finished(
    after: AfterCut, coups: int
) -> None:
    # The same shoe under finished_coup: the cut card out as coup 2 ends counts for coup
    # 2, so coup 3 is the one more (one_more), or coup 2 was the last (this_coup).
    rules = ShoeRules(12, BurnRule.NONE, after, BetweenCoups.FINISHED_COUP)
    events = list(ShoeRun.stacked(naturals(5), rules).events())
    one_more = after is AfterCut.ONE_MORE
    cut = CutCardOut(2, 5, 8, one_more, between=True)  # one past coup 2's four cards
    assert events[2:4] == [cut, LastCoup(coups)]
    assert "after coup 2, counted for it" in cut.describe()
    dealt = [e for e in events if isinstance(e, CoupDealt)]
    assert [e.number for e in dealt] == list(range(1, coups + 1)) and dealt[-1].last
    assert events[-1] == ShoeEnd(coups, 4 * coups, 20 - 4 * coups)
    # The stateful shoe and the fast path end the shoe after the same coup.
    values = tuple(c.value for c in parse_cards(" ".join(naturals(5))))
    assert deal_values(values, 0, rules.out_between(20), one_more)[0] == coups
    # A cut card out mid-coup is not between coups: finished_coup changes nothing there.
    mid = list(ShoeRun.stacked(naturals(5), replace(rules, cut=11)).events())
    assert CutCardOut(3, 2, 9, one_more) in mid


def test_this_coup_houses_end_the_shoe_with_the_coup_in_progress() -> None:
    run = ShoeRun.stacked(naturals(5), replace(NO_BURN, after_cut=AfterCut.THIS_COUP))
    events = list(run.events())
    assert kinds(events) == ["CoupDealt"] * 3 + ["CutCardOut", "LastCoup", "ShoeEnd"]
    assert events[2].last and events[3] == CutCardOut(3, 2, 9, False)
    assert events[4] == LastCoup(3)
    assert events[5] == ShoeEnd(3, 12, 8)
    assert "it is the last" in events[3].describe()


def test_cut_card_out_during_the_burn_makes_the_first_coup_the_last() -> None:
    # Burn card 2h burns Ks Kh; with the cut in front of the last 10 of 11 cards, the first
    # burned card is behind it.  No coup is in progress, so one coup is dealt.
    run = ShoeRun.stacked(["2h", "Ks", "Kh", *naturals(2)], ShoeRules(cut=10))
    events = list(run.events())
    assert kinds(events) == ["Burn", "CutCardOut", "LastCoup", "CoupDealt", "ShoeEnd"]
    assert events[1].number == 0 and events[2] == LastCoup(1)
    assert "during the burn" in events[1].describe()


def test_the_last_coups_start_a_few_coups_before_the_cut_card() -> None:
    run = ShoeRun.stacked(naturals(5), NO_BURN)
    events = list(run.last_coups(2))
    assert [e.number for e in events if isinstance(e, CoupDealt)] == [2, 3, 4]
    assert not any(isinstance(e, Burn) for e in events)
    assert isinstance(events[-1], ShoeEnd)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize(
    "rules",
    [
        ShoeRules(),
        ShoeRules(cut=16),
        ShoeRules(after_cut=AfterCut.THIS_COUP),
        ShoeRules(cut=60, burn=BurnRule.NONE),
    ],
)
def test_a_seeded_shoe_runs_as_the_house_runs_it(seed: int, rules: ShoeRules) -> None:
    run = ShoeRun.shuffled(random.Random(seed), 8, rules)
    events = list(run.events())
    assert events == list(run.events())  # a value: it replays
    coups = [e for e in events if isinstance(e, CoupDealt)]
    assert [c.number for c in coups] == list(range(1, len(coups) + 1))
    # coups follow each other in the shoe, after the burn
    burn = events[0] if isinstance(events[0], Burn) else None
    assert coups[0].start == (0 if burn is None else 1 + burn.count)
    for a, b in itertools.pairwise(coups):
        assert a.end == b.start
    for c in coups:
        assert c.coup.cards == run.cards[c.start : c.end]
    # the cut card: one CutCardOut, in the coup holding the first card behind it
    (cut,) = [e for e in events if isinstance(e, CutCardOut)]
    behind = len(run.cards) - rules.cut  # index of the first card behind the cut card
    holder = next(c for c in coups if c.start <= behind < c.end)
    assert cut.number == holder.number and cut.card == behind - holder.start + 1
    i = events.index(cut)
    assert events[i - 1] is holder and events[i + 1] == LastCoup(coups[-1].number)
    # one more coup after it, or none (this_coup), and only the last is marked last
    assert coups[-1].number == holder.number + (1 if rules.after_cut is AfterCut.ONE_MORE else 0)
    assert [c.last for c in coups] == [False] * (len(coups) - 1) + [True]
    assert events[-1] == ShoeEnd(len(coups), coups[-1].end, len(run.cards) - coups[-1].end)


# --- the simulator reads the same procedure --------------------------------------------------


@pytest.mark.parametrize("decks", [8, 6])
@pytest.mark.parametrize(
    "rules",
    [
        ShoeRules(),
        ShoeRules(cut=40),
        ShoeRules(after_cut=AfterCut.THIS_COUP),
        ShoeRules(burn=BurnRule.NONE),
        ShoeRules(between=BetweenCoups.FINISHED_COUP),
        ShoeRules(after_cut=AfterCut.THIS_COUP, between=BetweenCoups.FINISHED_COUP),
    ],
)
def test_the_fast_path_deals_the_shoe_run_coup_for_coup(decks: int, rules: ShoeRules) -> None:
    for seed in range(25):
        run = ShoeRun.shuffled(random.Random(seed), decks, rules)
        assert deal_shoe(random.Random(seed), decks, rules=rules) == shoe_stats(run), seed


@pytest.mark.parametrize(
    "rules",
    [
        ShoeRules(),
        ShoeRules(cut=40),
        ShoeRules(after_cut=AfterCut.THIS_COUP),
        ShoeRules(burn=BurnRule.NONE),
        ShoeRules(between=BetweenCoups.FINISHED_COUP),
        ShoeRules(after_cut=AfterCut.THIS_COUP, between=BetweenCoups.FINISHED_COUP),
    ],
)
def test_the_fast_path_deals_the_same_sequence_of_coups(rules: ShoeRules) -> None:
    """Coup by coup: the fast loop started where each CoupDealt starts deals that coup (same
    counts, same cards used), and run over the whole shoe it starts where the burn ends and
    stops after the same last coup."""
    for seed in range(10):
        run = ShoeRun.shuffled(random.Random(seed), 8, rules)
        values = tuple(c.value for c in run.cards)
        coups = [e for e in run.events() if isinstance(e, CoupDealt)]
        assert coups[0].start == rules.first_coup_at(values[0])
        for c in coups:
            counts = deal_values(values, c.start, -1)
            assert counts[:7] == ShoeStats.of([c.coup]).as_tuple()[:7]
            assert counts[7] == c.end
        whole = deal_values(values, coups[0].start, rules.out_between(len(values)), rules.one_more)
        assert whole[0] == len(coups) and whole[7] == coups[-1].end


def test_simulate_runs_the_houses_shoe() -> None:
    rules = ShoeRules(cut=20, after_cut=AfterCut.THIS_COUP)
    result = simulate(5, 8, random.Random(3), rules=rules)
    rng = random.Random(3)
    expected = ShoeStats()
    for _ in range(5):
        expected += shoe_stats(ShoeRun.shuffled(rng, 8, rules))
    assert result.totals == expected and result.cut == 20


# --- the house's shoe rules ------------------------------------------------------------------


def test_a_house_file_sets_the_shoe_rules() -> None:
    house = load_house_text(
        "id: x\nname: X\nshoe:\n  cut_card: 16\n  burn: none\n  after_cut_card: this_coup\n",
        "x.yaml",
    )
    assert house.shoe == ShoeRules(16, BurnRule.NONE, AfterCut.THIS_COUP)
    assert DEFAULT_HOUSE.shoe == ShoeRules(14, BurnRule.FACE_VALUE, AfterCut.ONE_MORE)


def test_a_house_file_counts_a_cut_card_between_coups_its_way() -> None:
    text = "id: x\nname: X\nshoe:\n  cut_card_between_coups: finished_coup\n"
    assert load_house_text(text, "x.yaml").shoe.between is BetweenCoups.FINISHED_COUP
    assert DEFAULT_HOUSE.shoe.between is BetweenCoups.NEXT_COUP
    with pytest.raises(HouseFileError, match=r"x\.yaml:4:27"):
        load_house_text(text.replace("finished_coup", "previous"), "x.yaml")


def test_a_cut_card_past_half_the_shoe_is_refused_where_it_is() -> None:
    with pytest.raises(HouseFileError) as err:
        load_house_text("id: x\nname: X\ndecks: 6\nshoe:\n  cut_card: 200\n", "x.yaml")
    assert "shoe.cut_card" in str(err.value) and "half the shoe (156" in str(err.value)
    with pytest.raises(HouseError, match="cut card"):
        replace(DEFAULT_HOUSE, shoe=ShoeRules(cut=5))
    with pytest.raises(InvalidShoeError):
        ShoeRules(cut=0)
