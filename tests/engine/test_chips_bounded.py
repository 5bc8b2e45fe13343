"""Cutting a payout in chips takes bounded time and memory whatever the amount and
the denominations.  Chips no bounded cut serves (two chips of 99.73 and 99.67, or 999999.99,
999999.98, 0.03 and 0.07) are refused where they are read, at the house file's line; chips
that load are cut within ``CUT_STEPS`` counted steps, the step budget every loop of the cutter
spends from (counted, never timed)."""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from trainer.engine import chips as C
from trainer.engine.chips import (
    ChipConvention,
    ChipLimitError,
    PayStyle,
    Steps,
    UnservableChipsError,
    chips_problem,
    clear_caches,
    pay_in_chips,
)
from trainer.engine.errors import HouseError
from trainer.engine.house import BUNDLED_HOUSES, Chip, House
from trainer.houses.errors import HouseFileError
from trainer.houses.loader import load_house_text

D = Decimal
HOSTILE = [
    (D("99.73"), D("99.67")),
    (D("999999.99"), D("999999.98"), D("0.03"), D("0.07")),
]


def _house_file(values: tuple[Decimal, ...], extra: str = "") -> str:
    chips = "\n".join(f"  - {{value: {v}, colour: c{i}}}" for i, v in enumerate(values))
    return f"id: x\nname: X\nchips:\n{chips}\n{extra}"


@pytest.mark.parametrize("values", HOSTILE)
@pytest.mark.parametrize(
    "extra", ["", "payout_chips: {max_each: 1000}\n", "payout_chips: colour_for_colour\n"]
)
def test_unservable_chips_are_refused_at_their_line(
    values: tuple[Decimal, ...], extra: str
) -> None:
    """Once: houses validate passed (or itself died), then a payout ran a minute and died of
    memory.  Now the file is refused at the chips, in one line naming them."""
    with pytest.raises(HouseFileError) as err:
        load_house_text(_house_file(values, extra), "x.yaml")
    problems = [str(p) for p in err.value.problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith("x.yaml:4:3: chips: ")
    assert "\n" not in problems[0] and "multiple of the smallest" in problems[0]


@pytest.mark.parametrize("values", HOSTILE)
def test_the_engine_refuses_them_too_in_a_few_steps(values: tuple[Decimal, ...]) -> None:
    clear_caches()
    steps = Steps()
    with pytest.raises(UnservableChipsError):
        pay_in_chips(D("1000000.00"), values, steps=steps)
    assert steps.used < 1000
    with pytest.raises(HouseError, match=r"^chips: "):
        House("x", "X", chips=tuple(Chip(v, f"c{i}") for i, v in enumerate(values)))


def test_the_bundled_houses_chips_are_served() -> None:
    for house in BUNDLED_HOUSES.values():
        assert chips_problem(c.value for c in house.chips) is None


def test_a_capped_search_gives_up_in_one_line_within_its_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The max_each search is bounded too: past SEARCH_STEPS it refuses, it does not run on."""
    monkeypatch.setattr(C, "SEARCH_STEPS", 50)
    chips = tuple(D(v) for v in (1, 3, 7, 11, 13, 17, 19, 23))
    pay_in_chips(D(1), chips)  # the programme built
    steps = Steps()
    with pytest.raises(ChipLimitError, match="within 50 steps"):
        pay_in_chips(D("116"), chips, max_each=2, steps=steps)  # 91 steps unbounded
    assert steps.used <= 51 + 20  # the search, then the free cut read back


# -- properties: any chips, any amount, a bounded number of steps ----------------------------

#: Small bounds for the properties, so each example builds a programme in milliseconds; the
#: same code runs with the real ones.
WORK, SEARCH = 100_000, 2_000
BOUND = 4 * (2 * WORK + SEARCH)

wild = st.lists(
    st.one_of(st.integers(1, 10_000), st.integers(1, 10**8)), min_size=1, max_size=20, unique=True
)
stepped = st.builds(
    lambda step, ks: [step * k for k in ks],
    st.sampled_from([1, 5, 25, 50, 100]),
    st.lists(st.integers(1, 60), min_size=1, max_size=6, unique=True),
)
denominations = st.one_of(wild, stepped).map(lambda cents: tuple(D(c).scaleb(-2) for c in cents))
amounts = st.integers(0, 10**11).map(lambda c: D(c).scaleb(-2))


@settings(max_examples=300, deadline=None)
@given(
    values=denominations,
    amount=amounts,
    cap=st.none() | st.integers(1, 1000),
    wager=st.integers(1, 10**7).map(lambda c: D(c).scaleb(-2)),
)
def test_every_cut_returns_or_refuses_within_its_steps(
    values: tuple[Decimal, ...], amount: Decimal, cap: int | None, wager: Decimal
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(C, "PROGRAMME_WORK", WORK)
        patch.setattr(C, "SEARCH_STEPS", SEARCH)
        _cut_within_steps(values, amount, cap, wager)
    clear_caches()


def _cut_within_steps(
    values: tuple[Decimal, ...], amount: Decimal, cap: int | None, wager: Decimal
) -> None:
    clear_caches()
    steps = Steps(BOUND)  # ChipBudgetError (not caught below) if ever overspent
    try:
        got = pay_in_chips(amount, values, max_each=cap, steps=steps)
    except (UnservableChipsError, ChipLimitError) as exc:
        event(type(exc).__name__)
        assert "\n" not in str(exc)
    else:
        event("programme" if C._PREPARED[tuple(values)][1] is not None else "largest first")
        assert got.total == amount and got.coin < min(values)
        assert all(v in values and n > 0 for v, n in got.chips)
    assert steps.used <= BOUND
    for convention in (
        ChipConvention(),
        ChipConvention(PayStyle.COLOUR_FOR_COLOUR),
        ChipConvention(PayStyle.MAX_EACH, 1000),
    ):
        clear_caches()
        steps = Steps(BOUND)
        problem = convention.problem(values, steps)
        if problem is None:
            cut = convention.pay(amount, values, wager, steps=steps)
            assert cut.total == amount
        assert steps.used <= BOUND


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(2, 60), min_size=1, max_size=6, unique=True))
def test_the_canonical_test_agrees_with_brute_force(rest: list[int]) -> None:
    """Pearson's test (largest first is the fewest for every amount) against the fewest
    chips counted by brute force up to the two largest chips (Kozen and Zaks: a smallest
    counterexample lies below their sum)."""
    coins = tuple(sorted({1, *rest}))
    steps = Steps()
    found = C._not_canonical(coins, steps)
    top = coins[-1] + (coins[-2] if len(coins) > 1 else 0)
    best = [0] + [0] * top
    for x in range(1, top + 1):
        best[x] = 1 + min(best[x - c] for c in coins if c <= x)
    wrong = [x for x in range(top + 1) if sum(C._greedy_counts(coins, x, steps)) != best[x]]
    assert (found is None) == (not wrong)
    if found is not None:
        assert sum(C._greedy_counts(coins, found, steps)) > best[found] if found <= top else True


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(2, 40), min_size=1, max_size=5, unique=True))
def test_largest_first_gives_the_programmes_answers_where_it_is_used(rest: list[int]) -> None:
    """Where the plan cuts largest chip first, the programme (the cut used before) gives the
    same chips for every amount and the same most of one chip: the answers did not change."""
    cents = tuple(sorted({1, *rest}))
    steps = Steps()
    plan = C._plan(cents, steps)
    if not plan.greedy:
        return
    from dataclasses import replace

    table = C._build(replace(plan, greedy=False), steps)
    for x in range(plan.limit + 1):
        assert C._read_back(plan, table, x, steps) == C._greedy_counts(plan.coins, x, steps)
    values = tuple(D(c).scaleb(-2) for c in cents)
    clear_caches()
    by_formula = C._most_of_one_chip(values, steps)
    C._PREPARED[values] = (replace(plan, greedy=False), table, values[::-1])
    assert C._most_of_one_chip(values, steps) == by_formula
    clear_caches()


def test_the_step_count_does_not_grow_with_the_amount() -> None:
    chips = tuple(c.value for c in BUNDLED_HOUSES["commission"].chips)
    pay_in_chips(D(1), chips)  # the programme built once
    used = []
    for amount in (D("7.75"), D("77777.75"), D("777777777777.75")):
        steps = Steps()
        pay_in_chips(amount, chips, steps=steps)
        used.append(steps.used)
    assert max(used) < 50, used
    assert list(itertools.accumulate(used, max)) and used[2] <= used[1] + 10
