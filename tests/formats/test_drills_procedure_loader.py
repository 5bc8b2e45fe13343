"""The drill fields of the dealer's procedure (ask: shoe / call / spot, shoe: and spot:):
what valid files mean, and each bad field as one located line (lines counted by hand)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.cli import ezbac
from trainer.drills.errors import DrillError, DrillFileError
from trainer.drills.loader import load_text
from trainer.drills.model import CoupSpec, Kind, ShoeSpec, Step

HEAD = "id: t\ntitle: T\ndescription: A test.\n"  # lines 1-3
BETS = "bets: {banker: 25, dragon7: 10}\n"
GEN = "generate: [{natural: false}]\n"


def problems(text: str) -> list[str]:
    with pytest.raises(DrillFileError) as info:
        load_text(text, "d.yaml")
    return info.value.lines


def test_a_shoe_drill_needs_no_coups_and_takes_its_settings() -> None:
    d = load_text(HEAD + "ask: [shoe, outcome]\nshoe: {decks: 6, cut: 20, last_coups: 4}\n")
    assert d.kind is Kind.SHOE and d.steps == (Step.OUTCOME,)
    assert (d.decks, d.shoe.cut, d.shoe.last_coups) == (6, 20, 4)
    plain = load_text(HEAD + "ask: [shoe, coup]\n" + BETS)
    assert plain.shoe.cut is None and plain.shoe.last_coups is None  # the house's, whole shoe
    assert plain.steps[:3] == (Step.PLAYER_DRAWS, Step.BANKER_DRAWS, Step.OUTCOME)


def test_a_drills_kind_is_its_run_value_and_holds_only_that_kinds_settings() -> None:
    shoe = load_text(HEAD + "ask: [shoe, outcome]\nshoe: {cut: 20}\n")
    assert shoe.run == ShoeSpec(cut=20) and shoe.kind is Kind.SHOE
    coups = load_text(HEAD + "ask: outcome\n" + GEN)
    assert coups.run == CoupSpec() and coups.kind is Kind.COUP
    with pytest.raises(DrillError, match="does not deal a shoe"):
        coups.shoe  # noqa: B018 - a coup drill has no cut card to read
    with pytest.raises(DrillError, match="does not replay"):
        shoe.spot  # noqa: B018
    with pytest.raises(TypeError):  # no cut card field outside a shoe's run value
        replace(coups, cut=20)  # type: ignore[call-arg]


def test_call_and_spot_drills_read_their_settings() -> None:
    c = load_text(HEAD + "ask: call\n" + GEN)
    assert c.kind is Kind.CALL and c.steps == () and c.questions == 10
    s = load_text(
        HEAD
        + "ask: spot\nspot: {error_rate: 30%, errors: [payout-short, push-taken]}\n"
        + BETS
        + GEN
    )
    assert s.kind is Kind.SPOT and s.spot.error_rate == pytest.approx(0.3)
    assert s.spot.error_ids == ("payout-short", "push-taken") and s.spot.level == "coup"
    default = load_text(HEAD + "ask: spot\n" + BETS + GEN)
    assert default.spot.error_rate == 0.5 and default.spot.error_ids == ()
    assert default.spot.irregularity_rate == 0 and default.spot.violation_rate == 0
    events = load_text(
        HEAD + "ask: spot\nspot: {irregularities: 30%, violations: 0.2}\n" + BETS + GEN
    )
    assert events.spot.irregularity_rate == pytest.approx(0.3)
    assert events.spot.violation_rate == pytest.approx(0.2)


# (text after HEAD, the one line expected: "d.yaml:LINE:COL: FIELD: ..." and fragments)
BAD = {
    "two kinds": ("ask: [shoe, call]\n", "d.yaml:4:13: ask[1]:", ["cannot be asked together"]),
    "shoe alone": ("ask: shoe\n", "d.yaml:4:6: ask:", ["ask: [shoe, outcome]"]),
    "call with steps": (
        "ask: [call, outcome]\n" + GEN,
        "d.yaml:4:6: ask:",
        ["call is asked on its own", "remove outcome"],
    ),
    "shoe with coups": (
        "ask: [shoe, outcome]\n" + GEN,
        "d.yaml:5:11: generate:",
        ["deals its coups from one shoe", "last_coups"],
    ),
    "shoe paying without bets": (
        "ask: [shoe, coup]\n",
        "d.yaml:4:6: ask:",
        ["payout questions need bets"],
    ),
    "shoe with questions": (
        "ask: [shoe, outcome]\nquestions: 5\n",
        "d.yaml:5:12: questions:",
        ["does not apply"],
    ),
    "cut out of range": (
        "ask: [shoe, outcome]\nshoe: {cut: 5}\n",
        "d.yaml:5:13: shoe.cut:",
        ["5 is out of range", "12-208"],
    ),
    "cut past half a 6-deck shoe": (
        "ask: [shoe, outcome]\nshoe: {decks: 6, cut: 200}\n",
        "d.yaml:5:23: shoe.cut:",
        ["more than half", "12 to 156"],
    ),
    "last coups without a shoe": (
        "ask: outcome\nshoe: {last_coups: 3}\n" + GEN,
        "d.yaml:5:20: shoe.last_coups:",
        ["setting of a shoe drill"],
    ),
    "rate too high": (
        "ask: spot\nspot: {error_rate: 1.5}\n" + BETS + GEN,
        "d.yaml:5:20: spot.error_rate:",
        ["'1.5' is out of range", "0 to 1"],
    ),
    "irregularities too high": (
        "ask: spot\nspot: {irregularities: 130%}\n" + BETS + GEN,
        "d.yaml:5:24: spot.irregularities:",
        ["'130%' is out of range", "0 to 1"],
    ),
    "violations not a share": (
        "ask: spot\nspot: {violations: some}\n" + BETS + GEN,
        "d.yaml:5:20: spot.violations:",
        ["'some' is not a share"],
    ),
    "rate not a number": (
        "ask: spot\nspot: {error_rate: often}\n" + BETS + GEN,
        "d.yaml:5:20: spot.error_rate:",
        ["'often' is not a share"],
    ),
    "unknown error": (
        "ask: spot\nspot: {errors: [payout-shrot]}\n" + BETS + GEN,
        "d.yaml:5:17: spot.errors[0]:",
        ["'payout-shrot' is not an error of the catalogue", "did you mean 'payout-short'"],
    ),
    "table error at coup level": (
        "ask: spot\nspot: {errors: [seats-out-of-order]}\n" + BETS + GEN,
        "d.yaml:5:17: spot.errors[0]:",
        ["set spot: {level: table}"],
    ),
    "spot without bets": ("ask: spot\n" + GEN, "d.yaml:4:6: ask:", ["add a bets section"]),
    "spot settings elsewhere": (
        "ask: outcome\nspot: {error_rate: 0.2}\n" + GEN,
        "d.yaml:5:7: spot:",
        ["need ask: spot"],
    ),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_procedure_fields_are_one_located_line_each(case: str) -> None:
    body, where, fragments = BAD[case]
    (line,) = problems(HEAD + body)
    assert line.startswith(where), line
    for fragment in fragments:
        assert fragment in line, line
    assert "\n" not in line


def test_validate_names_the_file_and_line_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + "ask: spot\nspot: {error_rate: 2}\n" + GEN, encoding="utf-8")
    run = ezbac("drills", "validate", str(path), env={"EZBAC_HOME": str(tmp_path)})
    out = run.stdout.splitlines()
    assert run.returncode != 0 and "Traceback" not in run.stderr
    (line,) = out
    assert line.startswith(f"{path}:5:20: spot.error_rate: ") and "out of range" in line


def test_the_docs_list_the_catalogue_and_their_spot_example_loads(tmp_path: Path) -> None:
    from trainer.engine.catalogue import CATALOGUE
    from trainer.engine.injection import Level

    readme = (Path(__file__).resolve().parents[2] / "docs" / "drills.md").read_text(
        encoding="utf-8"
    )
    section = readme.split("## The dealer's procedure", 1)[1].split("\n## ", 1)[0]
    for level in Level:
        line = next(
            part for part in section.split("\n- ") if part.startswith(f"{level.value} level:")
        )
        listed = [w.strip("`,") for w in line.split("\n\n")[0].split() if w.startswith("`")]
        assert listed == [m.id for m in CATALOGUE if m.level is level]
    example = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    drill = load_text(example, "README")
    assert drill.kind is Kind.SPOT and drill.spot.error_ids


MISTAKES = """\
name: Downtown extras
mistakes:
  - id: dragon7-paid-at-25
    level: coup
    kind: payout_short
    description: A Dragon 7 paid at the Panda 8's 25 to 1.
    transform: odds_off
    params: {bet: dragon7, odds: 25}
"""


def test_a_spot_drill_draws_from_an_instructors_mistakes_file(tmp_path: Path) -> None:
    import random

    from trainer.drills.loader import load_file
    from trainer.session import Session
    from trainer.session.spot import SpotQuestion

    (tmp_path / "extras.yaml").write_text(MISTAKES, encoding="utf-8")
    drill_path = tmp_path / "d.yaml"
    drill_path.write_text(
        HEAD + "ask: spot\nspot: {error_rate: 1, mistakes: extras.yaml, "
        "errors: [dragon7-paid-at-25]}\nbets: {banker: 25, dragon7: 10}\n"
        "generate: [{outcome: dragon7}]\nquestions: 3\n",
        encoding="utf-8",
    )
    d = load_file(drill_path)
    assert [m.id for m in d.spot.extra_mistakes] == ["dragon7-paid-at-25"]
    s = Session.deal(d, "Alex", random.Random(1))
    spots = [q for q in s.questions if isinstance(q, SpotQuestion)]
    assert len(spots) == 3 and {q.replay.mistake for q in spots} == {"dragon7-paid-at-25"}
    for q in spots:
        # docs/rules.md: Dragon 7 pays 40 to 1; 10 paid at 25 to 1 is 250, short of 400
        step = q.expected().step
        assert step is not None and "Dragon 7 10: paid 250" in q.lines[step - 1]


def test_a_broken_mistakes_file_is_reported_with_its_own_lines(tmp_path: Path) -> None:
    from trainer.drills.loader import load_file

    (tmp_path / "extras.yaml").write_text(MISTAKES.replace("odds_off", "odds_of"), encoding="utf-8")
    drill_path = tmp_path / "d.yaml"
    drill_path.write_text(
        HEAD + "ask: spot\nspot: {mistakes: extras.yaml}\n" + BETS + GEN, encoding="utf-8"
    )
    with pytest.raises(DrillFileError) as info:
        load_file(drill_path)
    lines = info.value.lines
    assert any(line.startswith(f"{drill_path}:5:") and "mistakes file" in line for line in lines), (
        lines
    )
    assert any(line.startswith(f"{tmp_path / 'extras.yaml'}:7:") for line in lines), lines
