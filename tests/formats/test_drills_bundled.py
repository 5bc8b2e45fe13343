"""The bundled drills: all load, deal, and cover what the issue lists; the schema ships."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.support.bundled import BUNDLED_IDS
from trainer.drills.catalogue import available_drills, bundled_dir, load_drill
from trainer.drills.errors import DrillFileError, DrillNotFoundError
from trainer.drills.generate import deal_drill
from trainer.drills.model import Mode, Step
from trainer.drills.schema import schema_text
from trainer.engine import Bet, Coup, Outcome
from trainer.engine.analysis import CoupClass
from trainer.paths import user_drills_dir

REPO = Path(__file__).resolve().parents[2]
#: Drills that deal a shoe: the shoe decides how many coups (the listing shows no count).
SHOE_IDS = {"whole-shoe", "last-coups", "shoe-table"}


def test_bundled_list() -> None:
    entries = available_drills()
    assert [e.id for e in entries if e.bundled] == BUNDLED_IDS
    assert all(e.problem is None and e.description for e in entries)
    assert all((e.questions is None) if e.id in SHOE_IDS else e.questions > 0 for e in entries)
    assert bundled_dir().resolve() == (REPO / "drills").resolve()


@pytest.mark.parametrize("drill_id", [i for i in BUNDLED_IDS if i not in SHOE_IDS])
def test_bundled_drill_deals(drill_id: str) -> None:
    drill = load_drill(drill_id)
    for seed in range(5):
        run = deal_drill(drill, random.Random(seed))
        assert len(run) == drill.questions
        fixed = {f.cards for f in drill.fixed}
        for dc in run:
            if dc.coup.cards not in fixed:  # generated: must match one of the filters
                assert any(f.matches(_cls(dc.coup)) for f in drill.filters)
            if Step.PAYOUT in drill.steps:
                assert dc.wagers


def _cls(coup: Coup) -> CoupClass:
    third = coup.banker.third
    return CoupClass(
        coup.player.two_card_total,
        coup.banker.two_card_total,
        coup.player_third_value,
        None if third is None else third.value,
    )


def test_bundled_drills_cover_the_issue() -> None:
    drills = {i: load_drill(i) for i in BUNDLED_IDS}
    assert drills["exam"].mode is Mode.EXAM and drills["exam"].time_limit
    hard = deal_drill(drills["banker-hard-cells"], random.Random(1))
    assert all(
        dc.coup.banker_cell is not None
        and dc.coup.banker_cell[0] in (3, 4, 5, 6)
        and dc.coup.player_draws
        for dc in hard
    )
    outcomes = {
        dc.coup.outcome for s in range(5) for dc in deal_drill(drills["outcomes"], random.Random(s))
    }
    assert {Outcome.DRAGON7, Outcome.PANDA8, Outcome.TIE} <= outcomes
    payouts = drills["payouts"]
    assert {s.bet for s in payouts.bets} == set(Bet)
    wagers = [
        a
        for s in range(3)
        for dc in deal_drill(payouts, random.Random(s))
        for a in dc.wagers.values()
    ]
    assert any(a % 5 and a == int(a) for a in wagers)  # odd dollars, like 7 or 133
    assert any(a != int(a) for a in wagers)  # and cents, like 12.50
    assert drills["whole-coup"].steps == (
        Step.PLAYER_DRAWS,
        Step.BANKER_DRAWS,
        Step.OUTCOME,
        Step.PAYOUT,
    )
    assert any(d.fixed and any(f.note for f in d.fixed) for d in drills.values())


def test_schema_file_is_the_generated_one() -> None:
    shipped = REPO / "trainer" / "drills" / "drill.schema.json"
    assert shipped.read_text(encoding="utf-8") == schema_text()
    schema = json.loads(schema_text())
    assert set(schema["properties"]) >= {"id", "title", "ask", "coups", "generate", "bets"}
    assert schema["required"] == ["id", "title", "description", "ask"]


def test_bundled_drills_validate_against_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    schema = json.loads(schema_text())
    # as jsonschema.validate does for each document, with the schema checked and its
    # validator built once rather than once a drill
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema)
    for path in sorted((REPO / "drills").glob("*.yaml")):
        document = yaml.safe_load(path.read_text(encoding="utf-8"))
        error = jsonschema.exceptions.best_match(validator.iter_errors(document))
        assert error is None, f"{path.name}: {error}"


def test_user_drills_listed_and_broken_ones_do_not_break_the_list() -> None:
    folder = user_drills_dir()
    folder.mkdir(parents=True)
    (folder / "mine.yaml").write_text(
        "id: mine\ntitle: Mine\ndescription: D\nask: outcome\ngenerate: [{outcome: tie}]\n"
    )
    (folder / "broken.yaml").write_text("id: broken\ntitle: [\n")
    (folder / "clash.yaml").write_text(
        "id: warmup\ntitle: Mine\ndescription: D\nask: outcome\ngenerate: [{outcome: tie}]\n"
    )
    user = {e.path.name: e for e in available_drills() if not e.bundled}
    assert user["mine.yaml"].problem is None and user["mine.yaml"].questions == 10
    assert "broken.yaml:3" in (user["broken.yaml"].problem or "")
    assert "already used" in (user["clash.yaml"].problem or "")
    assert load_drill("mine").title == "Mine"
    assert load_drill("warmup").source is not None
    assert load_drill("warmup").source.parent.resolve() == (REPO / "drills").resolve()
    with pytest.raises(DrillFileError):
        load_drill(str(folder / "broken.yaml"))


def test_unknown_id_suggests() -> None:
    with pytest.raises(DrillNotFoundError, match="did you mean 'warmup'"):
        load_drill("warmpu")
