"""What each path loads: the trainer's start-up leaves the drill machinery alone, `ezbac
check` the exact analysis, `ezbac report` the session; packages load no more than their
modules ask for (there is no lazy loading to hide it: each caller imports what it uses from
the module that defines it)."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import trainer.engine


@pytest.mark.parametrize("name", trainer.engine.__all__)
def test_every_exported_engine_name_imports(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from trainer.engine import {name}", namespace)
    assert namespace[name] is getattr(trainer.engine, name)


def test_a_module_is_its_own_name_in_its_package() -> None:
    """No package attribute shadows a submodule of the same name (``simulate`` was both)."""
    for module in ("trainer.engine.simulate", "trainer.engine.analysis"):
        imported = importlib.import_module(module)
        package, _, name = module.rpartition(".")
        assert getattr(importlib.import_module(package), name) is imported


def _modules_after(body: str, env: dict[str, str] | None = None) -> list[str]:
    code = f"import json, sys\n{body}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_cheap_engine_names_do_not_load_the_analysis() -> None:
    loaded = _modules_after("from trainer.engine import Card, Coup, settle, parse_amount")
    assert not [
        name
        for name in ("trainer.engine.analysis", "trainer.engine.simulate", "fractions")
        if name in loaded
    ]
    # and the probe does see them once a path imports them
    loaded = _modules_after("from trainer.engine.analysis import analyze")
    assert "trainer.engine.analysis" in loaded and "fractions" in loaded


def test_the_history_package_loads_none_of_its_modules() -> None:
    loaded = _modules_after("import trainer.history")
    assert [name for name in loaded if name.startswith("trainer.")] == ["trainer.history"]


def test_the_history_store_loads_no_engine_and_no_review() -> None:
    loaded = _modules_after("from trainer.history.store import open_history")
    assert "trainer.history.store" in loaded
    heavy = (
        "trainer.engine",
        "trainer.session",
        "trainer.drills.model",
        "trainer.history.review",
        "trainer.history.progress",
        "psycopg",
        "yaml",
    )
    assert not [name for name in heavy if name in loaded]


#: Loaded only once a drill starts (or the progress screen opens): the home screen must come
#: up without them, within its launch budget (docs/decisions.md, "The home screen comes up
#: before what a drill needs").
NOT_AT_HOME = (
    "yaml",
    "trainer.engine",
    "trainer.drills.model",
    "trainer.drills.loader",
    "trainer.drills.schema",
    "trainer.fileformat.reading",
    "trainer.fileformat.scanning",
    "trainer.session.records",
    "trainer.session.session",
    "trainer.history.progress",
    "trainer.history.review",
    "trainer.tui.screens.drill",
    "trainer.tui.screens.results",
    "trainer.tui.screens.dialogs",
    "trainer.cli.check",
    "trainer.cli.analyze",
    "argparse",  # the bare `ezbac` has nothing to parse
    "trainer.cli.parser",
    "trainer.cli.options",
    "psycopg",  # only a postgresql:// history needs it
    "babel",  # the language is read by the standard library's gettext; Babel formats amounts
    "trainer.i18n.formats",
    "trainer.cli.catalogues",
    "trainer.history.backend_pg",
)


def test_the_home_screen_starts_without_the_drill_machinery(tmp_path: Path) -> None:
    """On a warm start: the first launch also reads each drill file to build the listing."""
    body = (
        "from trainer.tui import app\n"
        "class Quick(app.TrainerApp):\n"
        "    def run(self, **_):\n"
        "        return super().run(headless=True, size=(80, 24))\n"
        "    def on_ready(self):\n"
        "        assert self.screen.choices\n"
        "        self.call_after_refresh(self.exit)\n"
        "app.TrainerApp = Quick\n"
        "from trainer.cli import main\n"
        "assert main([]) == 0\n"
    )
    env = dict(os.environ, EZBAC_HOME=str(tmp_path))
    env.pop("EZBAC_DB", None)
    _modules_after(body, env)  # the first launch: creates the history and listing cache
    loaded = _modules_after(body, env)
    assert "trainer.tui.screens.home" in loaded and "trainer.history.store" in loaded
    assert not [name for name in NOT_AT_HOME if name in loaded]


def test_ezbac_check_leaves_the_exact_analysis_alone() -> None:
    body = (
        "import contextlib, io\n"
        "from trainer.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['check', '4h', '3s', '2d', 'Kc', '8h', '--tie-pays', '9']) == 0\n"
    )
    loaded = _modules_after(body)
    assert "trainer.cli.check" in loaded
    assert "trainer.engine.analysis" not in loaded and "trainer.cli.analyze" not in loaded


def test_ezbac_report_leaves_the_session_and_the_drills_alone(tmp_path: Path) -> None:
    """The report formats percentages by the one score rule without loading the session
    package (and the engine and drill model behind it), and an SQLite history needs no
    psycopg."""
    db = tmp_path / "h.sqlite3"
    setup = (
        "from tests.support.history import answer, session\n"
        "from trainer.history.store import open_history\n"
        f"with open_history({str(db)!r}) as store:\n"
        "    store.on_answer(answer(correct=False))\n"
        "    store.on_session(session())\n"
    )
    subprocess.run(
        [sys.executable, "-c", setup], check=True, timeout=60, cwd=Path(__file__).parents[2]
    )
    body = (
        "import contextlib, io\n"
        "from trainer.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        f"    assert main(['report', '--format', 'csv', '--db', {str(db)!r}]) == 0\n"
        "assert 'ana' in out.getvalue()\n"
    )
    env = dict(os.environ, EZBAC_HOME=str(tmp_path))
    loaded = _modules_after(body, env)
    assert "trainer.history.report" in loaded and "trainer.scoring" in loaded
    heavy = (
        "trainer.session",
        "trainer.session.session",
        "trainer.engine",
        "trainer.drills.model",
        "yaml",
        "psycopg",
    )
    assert not [name for name in heavy if name in loaded]
