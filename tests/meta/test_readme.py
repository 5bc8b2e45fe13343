"""The README and docs/ are what users follow, so every example in them is run here.

- ```sh blocks: each line is run through the real CLI, in process (``trainer.cli.main``), in a
  folder holding the files the examples name (made from the docs' own YAML examples), the
  school's history file and server standing in for the documented ones (the suite's
  throwaway PostgreSQL server, set up by the docs' own SQL). A command that opens the
  trainer or a server (bare ``ezbac``, ``train``, ``serve``, ``class``) runs the whole
  command with the app itself stubbed out. The README's set-up and test commands are the
  ones .ci/run runs.
- ```console blocks: ``$ command`` and what it prints, compared line for line.
- ```yaml blocks: loaded by the real loader of their kind (drill, house, mistakes or
  curriculum file).
- ```sql blocks: run on the suite's throwaway PostgreSQL server (skipped without one).
- ```text blocks are pictures and shapes (a screen, a synopsis), not commands.
Every relative link (and its #anchor) must lead somewhere, and the README's picture must
be the table drill's snapshot."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from trainer.cli import main
from trainer.curriculum.catalogue import drill_ids
from trainer.curriculum.loader import load_curriculum_text
from trainer.drills.loader import load_file, load_text
from trainer.houses.loader import load_house_text
from trainer.irregularities.loader import load_irregularities_text
from trainer.mistakes.loader import load_mistakes_text

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
DRILLS = (ROOT / "docs" / "drills.md").read_text(encoding="utf-8")
KNOWN = {"sh", "console", "yaml", "sql", "text"}
#: The school's history in the docs, and its server (stood in for by the suite's own).
SCHOOL_FILE = "/srv/school/history.sqlite3"
SCHOOL_SERVER = "postgresql://ezbac@db.school.lan/ezbac"


@dataclass(frozen=True)
class Block:
    page: Path
    line: int
    lang: str
    body: str

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks() -> Iterator[Block]:
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        for found in re.finditer(r"^```(\w*)\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, found.start()) + 1
            yield Block(page, line, found.group(1), found.group(2))


def of(lang: str) -> list[Block]:
    return [b for b in blocks() if b.lang == lang]


def test_every_block_says_what_it_is() -> None:
    unknown = [f"{b.where} ```{b.lang}" for b in blocks() if b.lang not in KNOWN]
    assert not unknown, f"give each code block one of {sorted(KNOWN)}: {unknown}"


# -- the README's set-up and test commands, as .ci/run runs them ---------------------------


def _commands(section: str) -> list[str]:
    body = README.split(f"## {section}\n", 1)[1]
    block = re.search(r"```sh\n(.*?)```", body, re.S)
    assert block, f"no commands under '## {section}'"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_ci_runs_the_readme_commands() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    install = _commands("Set up and run")[0]
    (test,) = _commands("Test")
    assert install in ci
    assert test in ci


#: Lines of ```sh blocks that are not ezbac commands: the set-up and test (checked above
#: against .ci/run) and a shell profile's setting.
NOT_EZBAC = (
    re.compile(r"python3 -m venv .venv && "),
    re.compile(r"\.venv/bin/python -m pytest -n auto$"),
    re.compile(r"export EZBAC_DB=postgresql://\S+$"),
)


# -- the files the examples name -------------------------------------------------------------


def _yaml(page: str, first: str, lang: str = "yaml") -> str:
    """The docs' YAML (or ``lang``) example of ``page`` whose text holds ``first``."""
    for block in of(lang):
        if block.page.name == page and first in block.body:
            return block.body
    raise AssertionError(f"docs/{page} has no {lang} example holding {first!r}")


class Stub:
    """An app or a web server that returns at once instead of taking the terminal."""

    return_code = 0
    runs = 0

    def __init__(self, *args: object, **kwargs: object) -> None:
        pass

    def run(self) -> int:
        Stub.runs += 1
        return 0


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working folder with the files the examples name, made from the docs' examples; the
    trainer, the class screen and the web server stubbed (the command around them runs)."""
    import importlib

    import trainer.cli.serve
    import trainer.tui.app

    monkeypatch.setattr(trainer.tui.app, "TrainerApp", Stub)
    monkeypatch.setattr(importlib.import_module("trainer.cli.class_"), "make_app", Stub)
    monkeypatch.setattr(trainer.cli.serve, "_server_class", lambda: Stub)
    monkeypatch.setattr(trainer.cli.serve, "_check_can_listen", lambda host, port: None)
    drill = _yaml("drills.md", "id: dragon-practice")
    files = {
        "my.yaml": drill,
        "my-drill.yaml": drill,
        "other.yaml": _yaml("drills.md", "id: my-table"),
        "my-house.yaml": _yaml("houses.md", "id: downtown-mini"),
        "night.txt": _yaml("supervisors.md", "# the night's disputes", "text"),
        "disputed-coups.txt": "P:Ks B:2h P:As B:2c P:5d B:3c --seat 1:banker=25:paid=25\n"
        "9s 2h Kd 5c --called player=9,banker=7,outcome=player\n",
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@dataclass
class Ran:
    status: int
    out: str
    err: str


def ezbac(words: list[str], stdin: str = "") -> Ran:
    """``ezbac WORDS`` in process, with ``stdin`` as standard input."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(words)
    finally:
        sys.stdin = saved
    return Ran(status, out.getvalue(), err.getvalue())


def run_line(line: str, where: str) -> Ran:
    """One shell line of the docs: ``[printf '...' |] ezbac ARGS [< FILE] [> FILE]``."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars="|<>")
    lexer.whitespace_split = True
    words = list(lexer)
    stdin = ""
    if words[0] == "printf":
        pipe = words.index("|")
        stdin = words[1].replace("\\n", "\n")
        words = words[pipe + 1 :]
    if words[0] == ".venv/bin/ezbac":
        words[0] = "ezbac"
    assert words[0] == "ezbac", f"{where}: not an ezbac command: {line}"
    words = words[1:]
    target = None
    if "<" in words:
        at = words.index("<")
        stdin = Path(words[at + 1]).read_text(encoding="utf-8")
        words = words[:at] + words[at + 2 :]
    if ">" in words:
        at = words.index(">")
        target, words = words[at + 1], words[:at]
    ran = ezbac(words, stdin)
    if target is not None:
        Path(target).write_text(ran.out, encoding="utf-8")
    return ran


def test_the_readme_example_drill_loads() -> None:
    block = re.search(r"```yaml\n(.*?)```", DRILLS, re.S)
    assert block, "docs/drills.md has no example drill"
    assert load_text(block.group(1), "docs/drills.md").id == "dragon-practice"


def school_file(path: Path) -> str:
    """A school's history with two runs and their answers in it."""
    from datetime import UTC, datetime

    from trainer.history.store import open_history
    from trainer.session.records import AnswerRecord, SessionRecord

    at = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
    with open_history(str(path)) as store:
        for number, trainee in enumerate(("ana", "sam")):
            session = f"s{number}"
            store.on_session(
                SessionRecord(
                    session, trainee, "outcomes", "Outcomes", "practice", at, at, 1, 1, True
                )
            )
            store.on_answer(
                AnswerRecord(
                    session,
                    trainee,
                    "outcomes",
                    "outcome",
                    "outcome:tie",
                    ("4h", "3s", "Td", "Kc"),
                    "tie",
                    "tie",
                    True,
                    2.0,
                    at,
                )
            )
    return str(path)


_SET_UP: set[int] = set()


def school_server(server) -> str:  # type: ignore[no-untyped-def]
    """The school's database on the suite's server, made by the docs' own SQL (once): the
    address the terminals use."""
    if id(server) not in _SET_UP:
        (sql,) = of("sql")
        with server.admin() as conn:
            for statement in filter(str.strip, sql.body.split(";")):
                conn.execute(statement)
        _SET_UP.add(id(server))
    return str(server.url("ezbac", user="ezbac"))


@pytest.mark.parametrize("block", of("sh"), ids=lambda b: b.where)
def test_shell_examples_run(block: Block, folder: Path, request: pytest.FixtureRequest) -> None:
    places: dict[str, str] = {}
    for line in block.body.splitlines():
        line = line.strip()
        if not line or any(p.match(line) for p in NOT_EZBAC):
            continue
        if SCHOOL_FILE in line and SCHOOL_FILE not in places:
            places[SCHOOL_FILE] = school_file(folder / "school.sqlite3")
        if SCHOOL_SERVER in line and SCHOOL_SERVER not in places:
            places[SCHOOL_SERVER] = school_server(request.getfixturevalue("pg_server"))
        for documented, here in places.items():
            line = line.replace(documented, here)
        opened = Stub.runs
        ran = run_line(line, block.where)
        allowed = {0, 1} if " audit " in f" {line} " else {0}  # audit: 1 = a deviation found
        assert ran.status in allowed, f"{block.where}: {line}\n{ran.err}"
        assert "Traceback" not in ran.err and "error" not in ran.err, f"{line}\n{ran.err}"
        assert ran.out or Stub.runs > opened or line.startswith("ezbac report"), (
            f"{block.where}: {line} printed nothing and opened nothing"
        )


@pytest.mark.parametrize("block", of("console"), ids=lambda b: b.where)
def test_console_examples_print_what_is_shown(block: Block, folder: Path) -> None:
    runs = re.split(r"^\$ ", block.body, flags=re.M)
    assert runs[0] == "", f"{block.where}: a console block starts with '$ command'"
    for run in runs[1:]:
        line, *shown = run.splitlines()
        ran = run_line(line, block.where)
        assert ran.out.splitlines() == shown, f"{block.where}: {line}"


@pytest.mark.parametrize("block", of("yaml"), ids=lambda b: b.where)
def test_yaml_examples_load(block: Block, tmp_path: Path) -> None:
    label = block.where
    if re.search(r"^mistakes:", block.body, re.M):
        assert load_mistakes_text(block.body, label)
    elif re.search(r"^modules:", block.body, re.M):
        assert load_curriculum_text(block.body, label, drill_ids()).name
    elif re.search(r"^irregularities:", block.body, re.M):
        assert load_irregularities_text(block.body, label)
    elif re.search(r"^game:|house\.schema\.json", block.body, re.M):
        assert load_house_text(block.body, label).id
    else:
        path = tmp_path / "example.yaml"
        path.write_text(block.body, encoding="utf-8")
        assert load_file(path).id


def test_the_sql_example_makes_the_schools_role_and_database(pg_server) -> None:  # type: ignore[no-untyped-def]
    school_server(pg_server)
    with pg_server.admin() as conn:
        assert conn.execute("SELECT 1 FROM pg_roles WHERE rolname = 'ezbac'").fetchall()
        assert conn.execute("SELECT 1 FROM pg_database WHERE datname = 'ezbac'").fetchall()


# -- figures the docs show from a command's output -----------------------------------------


def _rows(page: str, header: str) -> list[list[str]]:
    """The rows of the Markdown table of ``docs/page`` whose header starts ``header``."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    table = text.split(header, 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in table]


def _bet_lines(house: str, decks: str = "8") -> dict[str, str]:
    """``ezbac analyze``'s line for each bet, by the bet's name."""
    ran = ezbac(["analyze", "--house", house, "--decks", decks])
    assert ran.status == 0, ran.err
    lines = ran.out.split("\nbet ", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    return {re.split(r"\s{2,}", line.strip())[0]: " ".join(line.split()) for line in lines}


def test_the_exact_odds_table_is_what_analyze_prints() -> None:
    printed = " ".join(ezbac(["analyze"]).out.split())
    for event, sequences, bet, pays, edge in _rows("rules.md", "| event (8 decks) |"):
        assert f"{event} {sequences}" in printed
        assert f"{bet} {pays.split(',')[0]} {edge}" in _bet_lines("ez")[bet]


def test_the_odds_per_house_are_what_analyze_prints() -> None:
    rows = _rows("houses.md", "| bet | ez |")
    houses = ["ez", "ez-tie9", "commission", "cardroom"]
    for number, house in enumerate(houses, 1):
        lines = _bet_lines(house)
        for row in rows:
            bet, cell = row[0], row[number]
            if cell == "not offered":
                assert bet not in lines, (house, bet)
            else:
                pays, edge = cell.split(": ")
                assert f"{bet} {pays.split(',')[0]} {edge}" in lines[bet], (house, bet)
    six = {**_bet_lines("commission", "6"), "Tie 9": _bet_lines("ez-tie9", "6")["Tie"]}
    said = (
        "With 6 decks: commission Banker 1.0558 %, Player 1.2374 %, Tie 8 to 1 14.4382 %, "
        "9 to 1\n4.9313 %."
    )
    assert said in (ROOT / "docs" / "houses.md").read_text(encoding="utf-8")
    assert "19 to 20 1.0558 %" in six["Banker"] and "1.2374 %" in six["Player"]
    assert "8 to 1 14.4382 %" in six["Tie"] and "9 to 1 4.9313 %" in six["Tie 9"]


# -- links and the picture ----------------------------------------------------------------


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings."""
    out = set()
    for heading in re.findall(r"^#+ (.*)$", page.read_text(encoding="utf-8"), re.M):
        words = re.sub(r"[^\w\- ]", "", heading.lower().replace("`", ""))
        out.add(words.replace(" ", "-"))
    return out


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_links_lead_somewhere(page: Path) -> None:
    text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        goal = (page.parent / path).resolve() if path else page
        if not goal.exists() or (anchor and goal.suffix == ".md" and anchor not in _anchors(goal)):
            broken.append(target)
    assert not broken, f"{page.relative_to(ROOT)}: broken links {broken}"


def screen_text(svg: str) -> str:
    """The characters of a Rich/Textual SVG screenshot, a line per terminal row."""
    import html

    rows: dict[int, dict[int, str]] = {}
    cell = r'<text class="[^"]*" x="([^"]*)" y="[^"]*" textLength="[^"]*" '
    for x, row, text in re.findall(cell + r'clip-path="url\(#terminal-line-(\d+)\)">([^<]*)<', svg):
        rows.setdefault(int(row), {})[round(float(x) / 12.2)] = html.unescape(text)
    lines = []
    for row in range(max(rows) + 1):
        line = ""
        for column, text in sorted(rows.get(row, {}).items()):
            line = line.ljust(column) + text.replace("\xa0", " ")
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def test_the_table_screen_in_the_docs_is_the_snapshot() -> None:
    (snapshot,) = ROOT.glob("tests/**/__snapshots__/**/test_table_screen.svg")
    (shown,) = [
        b for b in of("text") if b.page.name == "trainees.md" and "Work the table" in b.body
    ]
    assert shown.body == screen_text(snapshot.read_text(encoding="utf-8")), (
        f"{shown.where} is not what {snapshot.relative_to(ROOT)} shows"
    )


def test_the_readme_picture_is_the_table_drill_snapshot() -> None:
    assert "![" in README and "(docs/images/table-drill.svg)" in README
    (snapshot,) = ROOT.glob("tests/**/__snapshots__/**/test_table_screen.svg")
    assert (ROOT / "docs" / "images" / "table-drill.svg").read_bytes() == snapshot.read_bytes(), (
        f"copy {snapshot.relative_to(ROOT)} to docs/images/table-drill.svg"
    )
