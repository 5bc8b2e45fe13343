"""`ezbac curriculum show | validate` with a school's pace targets and a mastery pace band."""

from __future__ import annotations

from pathlib import Path

from tests.support.cli import ezbac

PACED = """\
name: Paced
pace:
  mini: {coups_an_hour: 150, seconds_a_seat: 6}
  squeeze: {seconds_a_seat: 7.5}
mastery: {pace_target: {format: mini, per: coup}}
modules:
  - id: m
    title: M
    drills: [naturals]
    skills:
      - {id: a, title: A, keys: [natural]}
      - {id: b, title: B, keys: [natural], mastery: {target_seconds: 3}}
"""


def test_show_says_the_schools_targets_and_each_skills_target(tmp_path: Path) -> None:
    mine = tmp_path / "paced.yaml"
    mine.write_text(PACED, encoding="utf-8")
    out = ezbac("curriculum", "show", "--curriculum", str(mine))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert "Pace target, mini table: 150 coups an hour, 6 s a seat settled" in lines
    assert "Pace target, squeeze game: 7.5 s a seat settled" in lines
    # 3,600 s / 150 coups = 24 s a coup; the second skill's own 3 s
    assert "   - A: 50 answers, 90% of the last 30 right, 24 s (a coup at the mini pace " in (
        out.stdout
    )
    assert "   - B: 50 answers, 90% of the last 30 right, 3 s each  [natural]" in lines


def test_validate_names_a_pace_target_the_file_does_not_set(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = PACED.replace("per: coup", "per: seat").replace("mini: {coups", "big: {coups")
    bad.write_text(text, encoding="utf-8")
    out = ezbac("curriculum", "validate", str(bad))
    assert out.returncode == 1
    lines = out.stdout.splitlines()
    assert len(lines) == 2, lines  # one line each, at its place
    assert lines[0].startswith(f"{bad}:3:3: pace.big: unknown key 'big'")
    assert lines[1].startswith(
        f"{bad}:5:24: mastery.pace_target: the file's pace sets no seconds_a_seat for mini"
    )
    assert "Traceback" not in out.stderr + out.stdout
