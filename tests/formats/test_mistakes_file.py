"""An instructor's mistakes file: loaded safely on top of the bundled catalogue, every problem
located at once, and its mistakes injected and found by the audit like the bundled ones."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from pathlib import Path

import pytest

from trainer.engine.catalogue import CATALOGUE
from trainer.engine.deviation import DeviationKind
from trainer.engine.house import DEFAULT_HOUSE
from trainer.engine.injection import TRANSFORMS, inject
from trainer.engine.procedure import audit
from trainer.engine.shoe import CoupDealt, ShoeRun
from trainer.engine.table import deal_layout
from trainer.fileformat.declare import reader_methods
from trainer.mistakes import fields as F
from trainer.mistakes.loader import (
    MistakesFileError,
    MistakesReader,
    load_mistakes_file,
    load_mistakes_text,
    schema_text,
)

EXTRAS = """\
name: Downtown extras
mistakes:
  - id: dragon7-paid-at-25
    kind: payout_short
    description: A Dragon 7 paid at the Panda 8's 25 to 1.
    transform: odds_off
    params: {bet: dragon7, odds: 25}
  - id: tie-paid-at-9
    kind: payout_over
    description: A Tie paid 9 to 1 at a table that pays 8.
    transform: odds_off
    params: {bet: tie, odds: 9}
  - id: total-two-off
    kind: total_miscalled
    description: A total called two points off.
    transform: miscount
    params: {by: [2, -2]}
"""


def test_the_declared_names_are_the_engines() -> None:
    assert set(F.KINDS) == {k.value for k in DeviationKind}
    assert set(F.TRANSFORMS) == set(TRANSFORMS)


def test_a_file_of_mistakes_loads_exactly(tmp_path: Path) -> None:
    path = tmp_path / "extras.yaml"
    path.write_text(EXTRAS, encoding="utf-8")
    mistakes = load_mistakes_file(path)
    assert [m.id for m in mistakes] == ["dragon7-paid-at-25", "tie-paid-at-9", "total-two-off"]
    assert mistakes[0].params["odds"] == Decimal(25)
    assert mistakes[2].params["by"] == (2, -2)
    assert mistakes[0].kind is DeviationKind.PAYOUT_SHORT


def test_the_files_mistakes_are_found_by_the_audit() -> None:
    mistakes = load_mistakes_text(EXTRAS)
    done = dict.fromkeys((m.id for m in mistakes), 0)
    rng = random.Random(5)
    for seed in range(30):
        run = ShoeRun.shuffled(random.Random(seed))
        for event in run.events():
            if not isinstance(event, CoupDealt):
                continue
            layout = deal_layout(rng, DEFAULT_HOUSE, bets_per_seat=(2, 5))
            for m in mistakes:
                if done[m.id] >= 10:
                    continue
                try:
                    dealt = inject(m, event.coup, layout, DEFAULT_HOUSE, rng)
                except ValueError:
                    continue
                own = audit(dealt, DEFAULT_HOUSE, layout).mistakes
                assert [d.kind for d in own] == [m.kind], m.id
                done[m.id] += 1
        if min(done.values()) >= 10:
            break
    assert min(done.values()) >= 10, done


def test_every_problem_at_once_where_it_is() -> None:
    text = (
        "mistakes:\n"
        "  - id: Bad Id\n"
        "    kind: payout_shrt\n"
        "    description: x\n"
        "    transform: odds_off\n"
        "    params: {bet: dragon, oddz: 25}\n"
        "  - id: panda8-paid-at-40\n"
        "    kind: payout_over\n"
        "    description: y\n"
        "    transform: misname\n"
        "    params: {call: dragon7}\n"
        "  - id: losing-bet-paid\n"
        "    kind: loser_paid\n"
        "    description: z\n"
        "    transform: settle_as\n"
        "    params: {right: lose, as: win, colour: red}\n"
    )
    with pytest.raises(MistakesFileError) as err:
        load_mistakes_text(text, "extras.yaml")
    lines = err.value.lines
    assert "extras.yaml:2:9: mistakes[0].id: 'Bad Id' is not an id" in lines[0]
    assert any(
        line.startswith("extras.yaml:3:11: mistakes[0].kind:")
        and "did you mean 'payout_short'" in line
        for line in lines
    )
    assert any("mistakes[0].params.bet: 'dragon' is not one of" in line for line in lines)
    assert any("mistakes[0].params.oddz: not a parameter of odds_off" in line for line in lines)
    assert any("mistakes[0].params.odds: odds_off needs it" in line for line in lines)
    assert any("mistakes[2].params.colour: not a parameter of settle_as" in line for line in lines)


def test_an_id_already_taken_is_refused() -> None:
    clash = CATALOGUE[0].id
    text = (
        f"mistakes:\n  - id: {clash}\n    kind: order\n    description: x\n"
        "    transform: out_of_order\n"
    )
    with pytest.raises(MistakesFileError, match=f"'{clash}' is already a mistake"):
        load_mistakes_text(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "file is empty"),
        ("- a\n- b\n", "the top level must be"),
        ("mistakes: []\nextra: 1\n", "unknown key 'extra'"),
        (
            "mistakes:\n  - id: x\n    kind: order\n    description: x\n"
            "    transform: out_of_order\n"
            "    params: {swap: !!python/object:os.system ls}\n",
            "is not allowed",
        ),
        (
            "mistakes:\n  - id: x\n    kind: order\n    description: x\n    transform: payout_off\n"
            "    params: {wager_off: 0.001}\n",
            "at most two decimals",
        ),
        (
            "mistakes:\n  - id: x\n    kind: order\n    description: x\n    transform: payout_off\n"
            "    params: {wager_off: .nan}\n",
            "must be a word, a number",
        ),
    ],
)
def test_bad_files_are_one_located_error(text: str, message: str) -> None:
    with pytest.raises(MistakesFileError, match=message):
        load_mistakes_text(text, "m.yaml")


def test_the_schema_is_json() -> None:
    schema = json.loads(schema_text())
    assert schema["$id"].endswith("mistakes.schema.json")
    assert "mistakes" in schema["properties"]


def test_the_documented_example_loads() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "drills.md"
    section = docs.read_text(encoding="utf-8").split("## Your own mistakes", 1)[1]
    block = section.split("```yaml\n", 1)[1]
    (mistake,) = load_mistakes_text(block.split("```", 1)[0], "docs/drills.md")
    assert mistake.id == "dragon7-paid-at-25" and mistake.kind is DeviationKind.PAYOUT_SHORT


@pytest.mark.parametrize(
    ("params", "column", "field"),
    [
        ("{bet: dragon7, odds: 25.125}", 34, "params.odds"),
        ("{bet: dragon7, odds: true}", 34, "params.odds"),
        ("{bet: dragon7, odds: .nan}", 34, "params.odds"),
        ("[1, 2]", 13, "params"),
        ("{bet: dragon7, odds: 25, odds: 30}", 38, "params.odds"),
    ],
)
def test_params_that_do_not_read_are_one_problem_at_their_place(
    tmp_path: Path, params: str, column: int, field: str
) -> None:
    """They gave a traceback from drills validate (the mistake was built without them) and
    blamed the wrong field with no place from train."""
    path = tmp_path / "m.yaml"
    path.write_text(
        "name: x\nmistakes:\n  - id: m1\n    kind: payout_short\n"
        f"    description: d\n    transform: odds_off\n    params: {params}\n",
        encoding="utf-8",
    )
    with pytest.raises(MistakesFileError) as info:
        load_mistakes_file(path)
    (line,) = str(info.value).splitlines()
    assert line.startswith(f"{path}:7:{column}: mistakes[0].{field}: ")


def test_every_declared_reader_is_the_mistakes_readers_own() -> None:
    """mypy checks each name against MistakeReads; this, that MistakesReader implements it."""
    names = reader_methods(F.FILE)
    assert {"mistake", "mistake_id", "params"} <= names
    assert all(getattr(MistakesReader, n) is not getattr(F.MistakeReads, n, None) for n in names)
