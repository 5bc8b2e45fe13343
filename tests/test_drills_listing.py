"""The cheap drill listing the trainer's home screen uses: the same fields as a full load,
broken files still shown as broken, and the full check when a drill is started."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.drills.catalog import available_drills, load_drill
from trainer.drills.errors import DrillError, DrillFileError
from trainer.drills.listing import ScanProblem, scan, scan_text
from trainer.drills.loader import load_file
from trainer.paths import user_drills_dir
from trainer.tui.catalog import available

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "data" / "broken_drills"


@pytest.mark.parametrize("path", sorted((REPO / "drills").glob("*.yaml")), ids=lambda p: p.stem)
def test_listing_fields_are_those_of_the_full_load(path: Path) -> None:
    meta, drill = scan(path), load_file(path)
    assert (meta.id, meta.title, meta.description, meta.questions, meta.mode, meta.level) == (
        drill.id, drill.title, drill.description, drill.questions, drill.mode.value, drill.level
    )


def test_question_count_follows_the_loaders_rule() -> None:
    head = "id: x\ntitle: T\ndescription: D\nask: outcome\n"
    coups = "coups:\n  - cards: 9h 6s Kc Qd\n  - {cards: 4h 3s 2d Kc 8h}\n"
    assert scan_text(head + coups).questions == 2  # the fixed coups
    assert scan_text(head + "generate: [{}, {outcome: tie}]\n").questions == 10
    assert scan_text(head + "questions: 7\n" + coups).questions == 7
    assert scan_text(head + "questions: many\n" + coups).questions is None


@pytest.mark.parametrize(
    "name",
    ["alias_bomb.yaml", "unsafe_tag.yaml", "syntax_error.yaml", "not_mapping.yaml",
     "empty.yaml", "non_utf8.yaml", "duplicate_key.yaml"],
)
def test_files_that_do_not_plainly_read_as_drills_are_not_listed_cheaply(name: str) -> None:
    with pytest.raises(ScanProblem):
        scan(CORPUS / name)


def test_missing_title_or_bad_id_is_a_scan_problem() -> None:
    with pytest.raises(ScanProblem):
        scan_text("id: x\ndescription: D\nask: outcome\ngenerate: [{}]\n")
    with pytest.raises(ScanProblem):
        scan_text("id: Not An Id\ntitle: T\ndescription: D\nask: outcome\ngenerate: [{}]\n")


def _user_folder() -> Path:
    folder = user_drills_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_broken_user_drills_in_the_cheap_list() -> None:
    folder = _user_folder()
    (folder / "broken.yaml").write_text("id: broken\ntitle: [\n")
    (folder / "untitled.yaml").write_text("id: untitled\ndescription: D\nask: outcome\n")
    shutil.copy(CORPUS / "alias_bomb.yaml", folder / "bomb.yaml")
    shutil.copy(CORPUS / "wrong_expect.yaml", folder / "wrong_expect.yaml")
    user = {e.path.name: e for e in available_drills(check=False) if not e.bundled}
    assert "broken.yaml:3" in (user["broken.yaml"].error or "")
    assert "untitled.yaml:" in (user["untitled.yaml"].error or "")
    assert "title" in (user["untitled.yaml"].error or "")
    assert "anchors and aliases" in (user["bomb.yaml"].error or "")
    with pytest.raises(DrillError):
        user["broken.yaml"].load()
    # wrong only in substance: listed, refused when started, with file:line:column
    wrong = user["wrong_expect.yaml"]
    assert wrong.error is None and wrong.drill is None and wrong.title
    with pytest.raises(DrillFileError, match=r"wrong_expect\.yaml:12:21"):
        wrong.load()
    with pytest.raises(DrillFileError, match=r"wrong_expect\.yaml:12:21"):
        load_drill(wrong.id)
    # the full listing (ezbac drills list) still reports it as broken
    full = {e.path.name: e for e in available_drills() if not e.bundled}
    assert "wrong_expect.yaml:12:21" in (full["wrong_expect.yaml"].error or "")


def test_home_screen_choices() -> None:
    folder = _user_folder()
    shutil.copy(CORPUS / "wrong_expect.yaml", folder / "wrong_expect.yaml")
    (folder / "broken.yaml").write_text("id: broken\ntitle: [\n")
    (folder / "clash.yaml").write_text(
        "id: warmup\ntitle: Mine\ndescription: D\nask: outcome\ngenerate: [{outcome: tie}]\n"
    )
    choices = available()
    by_id = {c.id: c for c in choices if c.origin == "bundled"}
    warmup = by_id["warmup"]
    assert warmup.problem is None and warmup.questions == 10 and warmup.mode == "practice"
    assert warmup.load().id == "warmup"
    assert by_id["exam"].mode == "exam"
    user = [c for c in choices if c.origin == "user"]
    problems = {c.id: c.problem for c in user}
    assert "broken.yaml:3" in (problems["broken"] or "")
    assert "already used" in (problems["warmup"] or "")
    wrong = next(c for c in user if c.problem is None)
    with pytest.raises(ValueError, match=r"wrong_expect\.yaml:12:21"):
        wrong.load()


def test_listing_does_not_import_the_loader() -> None:
    code = (
        "import sys; from trainer.tui.catalog import available; "
        "assert [c for c in available() if c.problem is None]; "
        "print('trainer.drills.loader' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.strip() == "False"
