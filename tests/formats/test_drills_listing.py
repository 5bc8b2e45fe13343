"""The cheap drill listing the trainer's home screen uses: the same fields as a full load,
broken files still shown as broken, and the full check when a drill is started."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trainer.drills.catalogue import DrillEntry, available_drills, load_drill
from trainer.drills.errors import DrillError, DrillFileError
from trainer.drills.listing import ScanProblem, scan, scan_text
from trainer.drills.loader import load_file, load_text
from trainer.drills.model import Kind
from trainer.paths import user_data_dir, user_drills_dir
from trainer.tui.catalogue import available

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "data" / "broken_drills"


@pytest.mark.parametrize("path", sorted((REPO / "drills").glob("*.yaml")), ids=lambda p: p.stem)
def test_listing_fields_are_those_of_the_full_load(path: Path) -> None:
    listed, drill = scan(path), load_file(path)
    assert listed == {
        "id": drill.id,
        "title": drill.title,
        "description": drill.description,
        "level": drill.level,
        "mode": drill.mode.value,
        # a shoe drill has no count: the shoe decides
        "questions": None if drill.kind is Kind.SHOE else drill.questions,
        # what a run is counted in, told from the file by the loaded drill's own kind
        "unit": "shoe" if drill.kind is Kind.SHOE else "tables" if drill.is_table else "coups",
    }
    assert DrillEntry(**listed).run_words == DrillEntry.of(drill).run_words


def test_question_count_follows_the_loaders_rule() -> None:
    head = "id: x\ntitle: T\ndescription: D\nask: outcome\n"
    coups = "coups:\n  - cards: 9h 6s Kc Qd\n  - {cards: 4h 3s 2d Kc 8h}\n"
    assert scan_text(head + coups)["questions"] == 2  # the fixed coups
    assert scan_text(head + "generate: [{}, {outcome: tie}]\n")["questions"] == 10
    assert scan_text(head + "questions: 7\n" + coups)["questions"] == 7
    assert scan_text(head + "questions: many\n" + coups)["questions"] is None


def test_a_list_counts_tables_coups_or_a_shoe() -> None:
    entries = {e.id: e for e in available_drills()}
    assert entries["table-basics"].run_words.endswith(" tables")
    assert entries["naturals"].run_words.endswith(" coups")
    assert entries["whole-shoe"].run_words == "a shoe"
    one = DrillEntry("x", "T", "", None, "practice", 1, unit="tables")
    assert one.run_words == "1 table"


@pytest.mark.parametrize(
    "name",
    [
        "alias_bomb.yaml",
        "unsafe_tag.yaml",
        "syntax_error.yaml",
        "not_mapping.yaml",
        "empty.yaml",
        "non_utf8.yaml",
        "duplicate_key.yaml",
    ],
)
def test_files_that_do_not_plainly_read_as_drills_are_not_listed_cheaply(name: str) -> None:
    with pytest.raises(ScanProblem):
        scan(CORPUS / name)


def test_missing_title_or_bad_id_is_a_scan_problem() -> None:
    with pytest.raises(ScanProblem):
        scan_text("id: x\ndescription: D\nask: outcome\ngenerate: [{}]\n")
    with pytest.raises(ScanProblem):
        scan_text("id: Not An Id\ntitle: T\ndescription: D\nask: outcome\ngenerate: [{}]\n")


def test_the_listing_accepts_the_tags_the_loader_accepts() -> None:
    text = "id: x\ntitle: ! T\ndescription: !!str D\nask: outcome\ngenerate: [{}]\n"
    drill, listed = load_text(text), scan_text(text)
    assert (listed["id"], listed["title"], listed["description"]) == (
        drill.id,
        drill.title,
        drill.description,
    )


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
    assert "broken.yaml:3" in (user["broken.yaml"].problem or "")
    assert "untitled.yaml:" in (user["untitled.yaml"].problem or "")
    assert "title" in (user["untitled.yaml"].problem or "")
    assert "anchors and aliases" in (user["bomb.yaml"].problem or "")
    with pytest.raises(DrillError):
        user["broken.yaml"].load()
    # wrong only in substance: listed, refused when started, with file:line:column
    wrong = user["wrong_expect.yaml"]
    assert wrong.problem is None and wrong.drill is None and wrong.title
    with pytest.raises(DrillFileError, match=r"wrong_expect\.yaml:12:21"):
        wrong.load()
    with pytest.raises(DrillFileError, match=r"wrong_expect\.yaml:12:21"):
        load_drill(wrong.id)
    # the full listing (ezbac drills list) still reports it as broken
    full = {e.path.name: e for e in available_drills() if not e.bundled}
    assert "wrong_expect.yaml:12:21" in (full["wrong_expect.yaml"].problem or "")


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
        "import sys; from trainer.tui.catalogue import available; "
        "assert [c for c in available() if c.problem is None]; "
        "print('trainer.drills.loader' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == "False"


# --- the listing cache (drill-listing.json in the per-user data folder) -------------------

# Read off the bundled files by hand (drills/*.yaml, in file-name order).
BUNDLED = [
    ("naturals", "Naturals: when nobody draws"),
    ("player-draw", "Player's third card: 0-5 draws, 6-7 stands"),
    ("banker-tableau", "The Banker tableau, every cell"),
    ("banker-hard-cells", "Banker 3-6 after the Player drew"),
    ("outcomes", "Outcomes: Dragon 7, Panda 8 and their look-alikes"),
    ("payouts", "Payouts on odd amounts"),
    ("whole-coup", "The whole coup, step by step"),
    ("warmup", "Pre-shift warm-up (five minutes)"),
    ("exam", "Dealer exam"),
    ("commission", "Commission baccarat: Banker pays 19 to 20"),
    ("cardroom-fee", "Card room: the payout, then the collection fee"),
    ("table-basics", "At the table: take the losers, then pay in order"),
    ("table-dragons-pandas", "Dragons and Pandas at the table"),
    ("table-chip-cutting", "Chip cutting: 40 and 25 to 1 in chips"),
    ("table-exam", "The full table against the clock"),
    ("table-commission", "The commission table"),
    ("whole-shoe", "A whole shoe, burn to last coup"),
    ("last-coups", "The last coups of a shoe"),
    ("calling", "Calling the hand"),
    ("spot-the-error", "Spot the dealer's error"),
    ("spot-the-error-table", "Supervising a table: spot the error"),
    ("shoe-table", "A shoe at the table"),
    ("violations", "Protect the game: catch a player's violation"),
    ("irregularities", "Irregularities: the dealer's remedy"),
    ("table-protection", "Protect a full table, then settle it"),
    ("table-dead-chips", "Dead chips and the rolling commission"),
]
MINE = "id: mine\ntitle: {title}\ndescription: D\nask: outcome\ngenerate: [{{outcome: tie}}]\n"


def _cache_file() -> Path:
    return user_data_dir() / "drill-listing.json"


def _listed() -> list[tuple[str, str, str | None]]:
    return [(e.id, e.title, e.problem) for e in available_drills(check=False)]


@pytest.mark.parametrize(
    "junk",
    [
        bytes(range(256)) * 3,
        b'{"hello": 1}',
        b"[1, 2, 3]",
        b'{"version": 1, "entries": [1]}',
        b"",
        b"\xff\xfe\x00garbage",
    ],
    ids=["random-bytes", "foreign-object", "list", "entries-not-a-map", "empty", "bad-utf8"],
)
def test_corrupt_or_foreign_cache_is_ignored_and_rewritten(junk: bytes) -> None:
    _cache_file().parent.mkdir(parents=True, exist_ok=True)
    _cache_file().write_bytes(junk)
    assert _listed() == [(i, t, None) for i, t in BUNDLED]
    data = json.loads(_cache_file().read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    text = _cache_file().read_text(encoding="utf-8")
    for path in sorted((REPO / "drills").glob("*.yaml")):  # reached through a symlink
        assert f'/{path.name}": {{' in text
    assert _listed() == [(i, t, None) for i, t in BUNDLED]  # and the rewritten cache reads back


def test_cached_entries_of_the_wrong_shape_are_rescanned() -> None:
    _listed()
    data = json.loads(_cache_file().read_text(encoding="utf-8"))
    # a foreign program (or an older ezbac) put nonsense under every entry
    text = json.dumps(data)
    for _ident, title in BUNDLED:
        text = text.replace(json.dumps(title), json.dumps(12345))
    _cache_file().write_text(text, encoding="utf-8")
    assert _listed() == [(i, t, None) for i, t in BUNDLED]


def test_an_edited_user_drill_is_rescanned() -> None:
    drill = _user_folder() / "mine.yaml"
    drill.write_text(MINE.format(title="Mine"))
    assert _listed()[-1] == ("mine", "Mine", None)
    assert _listed()[-1] == ("mine", "Mine", None)  # from the cache this time
    before = drill.stat()
    drill.write_text(MINE.format(title="Mine, edited to be longer"))
    os.utime(drill, ns=(before.st_atime_ns, before.st_mtime_ns + 5_000_000_000))
    after = drill.stat()
    assert (after.st_mtime_ns, after.st_size) != (before.st_mtime_ns, before.st_size)
    assert _listed()[-1] == ("mine", "Mine, edited to be longer", None)


def test_same_size_edit_with_a_new_mtime_is_rescanned() -> None:
    drill = _user_folder() / "mine.yaml"
    drill.write_text(MINE.format(title="AAAA"))
    assert _listed()[-1][1] == "AAAA"
    before = drill.stat()
    drill.write_text(MINE.format(title="BBBB"))
    os.utime(drill, ns=(before.st_atime_ns, before.st_mtime_ns + 5_000_000_000))
    assert drill.stat().st_size == before.st_size
    assert _listed()[-1][1] == "BBBB"


def test_a_broken_user_drill_is_never_cached() -> None:
    broken = _user_folder() / "broken.yaml"
    broken.write_text("id: broken\ntitle: [\n")  # the flow sequence never closes: line 3
    for _ in range(3):
        entry = _listed()[-1]
        assert entry[2] is not None and "broken.yaml:3" in entry[2]
    assert str(broken.resolve()) not in _cache_file().read_text(encoding="utf-8")
    # the message follows the file, not a remembered one
    broken.write_text("id: broken\n\n\n\ntitle: [\n")
    entry = _listed()[-1]
    assert entry[2] is not None and "broken.yaml:6" in entry[2]
    # and once fixed it lists normally
    broken.write_text(MINE.format(title="Fixed").replace("id: mine", "id: broken"))
    assert _listed()[-1] == ("broken", "Fixed", None)


def test_a_second_process_lists_from_the_cache_without_yaml(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "drills").mkdir(parents=True)
    (home / "drills" / "mine.yaml").write_text(MINE.format(title="Mine"))
    code = (
        "import json, sys; from trainer.drills.catalogue import available_drills; "
        "rows = [[e.id, e.title, e.problem] for e in available_drills(check=False)]; "
        "print(json.dumps({'yaml': 'yaml' in sys.modules, 'rows': rows}))"
    )
    env = {**os.environ, "EZBAC_HOME": str(home)}

    def run() -> dict:
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
            env=env,
        )
        return json.loads(out.stdout)

    expected = [[i, t, None] for i, t in BUNDLED] + [["mine", "Mine", None]]
    assert not (home / "drill-listing.json").exists()
    first = run()
    assert first["rows"] == expected and first["yaml"] is True
    assert json.loads((home / "drill-listing.json").read_text(encoding="utf-8"))
    second = run()
    assert second == {"yaml": False, "rows": expected}


def test_a_read_only_data_folder_does_not_break_the_listing() -> None:
    home = user_data_dir()
    (home / "drills").mkdir(parents=True, exist_ok=True)
    (home / "drills" / "mine.yaml").write_text(MINE.format(title="Mine"))
    home.chmod(0o555)
    try:
        if os.access(home, os.W_OK):
            pytest.skip("chmod does not stop writes here (running as root?)")
        expected = [(i, t, None) for i, t in BUNDLED] + [("mine", "Mine", None)]
        assert _listed() == expected
        assert _listed() == expected
        assert not _cache_file().exists()
        assert not [p for p in home.iterdir() if p.name.endswith(".tmp")]
    finally:
        home.chmod(0o755)


def test_a_cache_that_cannot_be_written_does_not_break_the_listing() -> None:
    """Works as root too: the cache's name is taken by a folder, so the write must fail."""
    _cache_file().mkdir(parents=True)
    (_cache_file() / "keep").write_text("x")
    expected = [(i, t, None) for i, t in BUNDLED]
    assert _listed() == expected
    assert _listed() == expected
    assert (_cache_file() / "keep").read_text() == "x"
    assert not [p for p in user_data_dir().iterdir() if p.name.endswith(".tmp")]
