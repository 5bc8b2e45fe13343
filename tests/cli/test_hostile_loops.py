"""Nothing runs forever: every loop that draws, retries or searches has an explicit
bound, and reaching it ends in one clear line, never a hang.  One test per bound; each proves
the loop stops (an impossible request, a run that deals nothing, an empty candidate set)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.support import cli as cli_helpers
from trainer.cli import UsageError

DRILLS = Path(__file__).resolve().parents[2] / "drills"


# -- drills preview: --count counts coups (tables) across as many shoes as it takes -----------


@pytest.mark.parametrize("drill", ["17-whole-shoe.yaml", "22-shoe-table.yaml"])
def test_a_shoe_drill_previews_more_coups_than_one_shoe_holds(drill: str) -> None:
    """Once looped forever: a shoe holds about 80 coups (a shoe at the table, about 7), and
    asking for more now deals the next shoe, each numbered in the JSON."""
    out = cli_helpers.ezbac_process(
        "drills",
        "preview",
        str(DRILLS / drill),
        "--count",
        "170",
        "--seed",
        "5",
        "--json",
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["n"] for r in rows] == list(range(1, 171))
    shoes = [r["shoe"] for r in rows]
    assert shoes == sorted(shoes) and shoes[0] == 1 and shoes[-1] >= 3
    text = cli_helpers.ezbac_process(
        "drills", "preview", str(DRILLS / drill), "--count", "170", "--seed", "5", timeout=120
    )
    assert text.returncode == 0 and "170 " in text.stdout.splitlines()[1]
    assert "shoe 2: " in text.stdout


def test_one_run_of_a_shoe_drill_is_one_shoe() -> None:
    out = cli_helpers.ezbac(
        "drills", "preview", str(DRILLS / "17-whole-shoe.yaml"), "--seed", "5", "--json"
    )
    rows = [json.loads(line) for line in out.stdout.splitlines()]
    assert {r["shoe"] for r in rows} == {1} and 60 <= len(rows) <= 100


def test_the_help_says_what_count_means_for_a_shoe() -> None:
    out = cli_helpers.ezbac("drills", "preview", "--help")
    assert "shoe" in out.stdout and "--count" in out.stdout


@pytest.mark.parametrize("count", ["10001", "99999999999", "9" * 5000])
def test_a_huge_count_is_a_usage_error(count: str) -> None:
    cli_helpers.usage_error(
        cli_helpers.ezbac("drills", "preview", "whole-shoe", "--count", count), "--count"
    )


def test_consecutive_runs_stop_when_a_run_deals_nothing() -> None:
    """The bound of the preview's loop: a run that deals nothing is an error, not a loop."""
    from trainer.cli.drills import _consecutive_runs
    from trainer.drills.catalogue import load_drill

    calls = []

    def empty(start: int) -> list[object]:
        calls.append(start)
        return []

    with pytest.raises(UsageError, match="deals no coups"):
        _consecutive_runs(load_drill("warmup"), empty, 50, "coup")
    assert calls == [0]
    got = _consecutive_runs(load_drill("warmup"), lambda start: [start], 7, "coup")
    assert got == list(range(7))


# -- the shuffle's rejection loop ------------------------------------------------------------


class _Repeating(random.Random):
    """A random source that repeats itself: every key the shuffle draws is the same."""

    def __init__(self) -> None:
        super().__init__(0)
        self.draws = 0

    def getrandbits(self, k: int) -> int:
        self.draws += 1
        return 0


def test_the_shuffle_gives_up_on_a_source_that_repeats() -> None:
    """The keys are redrawn on a tie (probability 1.3e-6), at most SHUFFLE_DRAWS times."""
    from trainer.engine.shoe import SHUFFLE_DRAWS, Shoe, ShuffleError

    rng = _Repeating()
    with pytest.raises(ShuffleError, match="equal keys"):
        Shoe.shuffled(rng)
    assert rng.draws == SHUFFLE_DRAWS


# -- shoe dealing -------------------------------------------------------------------------------


def test_dealing_a_shoe_stops_when_its_cards_run_out() -> None:
    """Every coup takes 4 to 6 cards, and a draw past the last card is an error: a stacked
    shoe whose cut card comes out too late ends within its cards."""
    from trainer.engine import ShoeExhaustedError
    from trainer.engine.shoe import Shoe, ShoeRules, ShoeRun

    cards = ["9h", "8d", "9c", "8s"] * 5  # five naturals, 20 cards
    shoe = Shoe.stacked(cards)  # no cut card: deal until empty
    assert len(list(shoe.coups())) == 5
    events = ShoeRun.stacked(cards, ShoeRules(cut=1)).events()
    coups = 0
    with pytest.raises(ShoeExhaustedError):
        for _event in events:
            coups += 1
            assert coups <= len(cards) // 4 + 3
    short = Shoe.stacked(cards[:-1])
    with pytest.raises(ShoeExhaustedError):
        list(short.coups())


def test_the_simulators_fast_deal_refuses_a_cut_card_past_the_end() -> None:
    from trainer.engine import InvalidShoeError
    from trainer.engine.simulate import deal_values

    with pytest.raises(InvalidShoeError, match="never comes out"):
        deal_values((8, 9, 8, 9) * 5, 0, 20)


# -- generation under filters -----------------------------------------------------------------


def test_an_impossible_filter_is_refused_at_once_not_drawn_for() -> None:
    """Generation is exact (no rejection sampling): a filter no coup matches is refused
    before any draw, in one line."""
    from trainer.drills.generate import UnsatisfiableFilterError, generate_coup
    from trainer.drills.model import CoupFilter

    impossible = CoupFilter(natural=True, player_draws=True)
    with pytest.raises(UnsatisfiableFilterError, match="no coup matches"):
        generate_coup((impossible,), 8, random.Random(0))


def test_an_impossible_filter_in_a_drill_file_is_refused_at_its_line(tmp_path: Path) -> None:
    drill = tmp_path / "impossible.yaml"
    drill.write_text(
        "id: impossible\ntitle: Impossible\ndescription: none\nask: outcome\n"
        "generate:\n"
        "  - {natural: true, player_draws: true}\n"
    )
    out = cli_helpers.ezbac_process("drills", "preview", str(drill), "--count", "5")
    line = cli_helpers.usage_error(out, "impossible.yaml:6:")
    assert "Traceback" not in out.stderr and line


# -- the mistakes drawn into a replay ----------------------------------------------------------


def test_a_mistake_that_never_fits_stops_after_its_tries(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spot the error: when the chosen mistakes cannot happen in the coups the drill deals
    (a natural's mistake under a no-natural filter), the replay is dealt right after TRIES
    coups, not drawn for forever."""
    from dataclasses import replace

    from trainer.drills.catalogue import load_drill
    from trainer.drills.generate import deal_drill
    from trainer.drills.model import CoupFilter
    from trainer.engine.catalogue import find_mistake
    from trainer.session import spot

    base = load_drill("spot-the-error")
    drill = replace(
        base, run=replace(base.spot, error_rate=1.0), filters=(CoupFilter(natural=False),)
    )
    dealt = deal_drill(drill, random.Random(1))[0]
    if dealt.coup.natural:  # pragma: no cover - the filter deals no naturals
        pytest.fail("a natural under natural: false")
    drawn = []
    real = spot.generate_coup
    monkeypatch.setattr(spot, "generate_coup", lambda *a: drawn.append(1) or real(*a))
    _, replay = spot.replay_for(
        drill, dealt, random.Random(2), [find_mistake("natural-not-stopped")]
    )
    assert replay.mistake is None
    assert len(drawn) == spot.TRIES - 1


def test_a_mistakes_stream_of_cards_is_bounded() -> None:
    """A mistake that deals a card past the shoe given draws random cards: at most
    STREAM_CARDS of them, never an endless generator."""
    from trainer.engine.cards import Card
    from trainer.engine.catalogue import CATALOGUE
    from trainer.engine.coup import Coup
    from trainer.engine.house import DEFAULT_HOUSE
    from trainer.engine.injection import STREAM_CARDS, _Context
    from trainer.engine.table import deal_layout

    rng = random.Random(3)
    coup = Coup.from_cards([Card.parse(c) for c in ("4h", "3s", "2d", "Kc", "8h", "9s")])
    ctx = _Context(coup, deal_layout(rng, DEFAULT_HOUSE), DEFAULT_HOUSE, rng, (), CATALOGUE[0])
    assert len(list(ctx.stream())) == STREAM_CARDS


# -- review building ------------------------------------------------------------------------------


def _every_skill_key() -> list[str]:
    from trainer.engine import Bet, Outcome
    from trainer.engine.settlement import BetResult

    keys = ["natural", *(f"player:{t}" for t in range(8))]
    keys += [f"banker:{t}:stood" for t in range(8)]
    keys += [f"banker:{t}:{v}" for t in range(8) for v in range(10)]
    keys += [f"outcome:{o.value}" for o in Outcome]
    keys += [f"payout:{b.value}:{r.value}" for b in Bet for r in BetResult]
    return keys


def test_every_review_target_deals_a_coup() -> None:
    """A review deals through the exact generator, one filter per due skill: no skill's
    filter is an empty candidate set, so building and dealing a review always ends."""
    from trainer.drills.generate import generate_coup
    from trainer.history.review import target

    rng = random.Random(4)
    targets = [t for key in _every_skill_key() if (t := target(key)) is not None]
    assert len(targets) > 90
    for t in targets:
        generate_coup((t.filter,), 8, rng)


def test_a_review_of_nothing_it_can_deal_is_refused() -> None:
    from datetime import UTC, datetime

    from trainer.history.review import NothingDueError, build_review_drill
    from trainer.history.scheduler import SkillState

    now = datetime.now(UTC)
    with pytest.raises(NothingDueError):
        build_review_drill([])
    with pytest.raises(NothingDueError):
        build_review_drill(
            [SkillState("banker:9:stood", 1, now, 1, 0), SkillState("no-such-skill", 1, now, 1, 0)]
        )
