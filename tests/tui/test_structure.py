"""The screens stay thin: they post messages up and are given attributes down, so none of
them imports the app (not even for type hints, which made an import loop) or reaches into
it through a cast."""

from __future__ import annotations

import ast
from pathlib import Path

import trainer.tui

TUI = Path(trainer.tui.__file__).parent


def modules() -> list[Path]:
    return sorted(p for p in TUI.rglob("*.py") if p.name != "app.py")


def test_no_screen_or_widget_imports_the_app() -> None:
    offenders = []
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "trainer.tui.app":
                offenders.append(f"{path.relative_to(TUI)}:{node.lineno}")
    assert offenders == []


def test_no_screen_casts_the_app_to_call_it() -> None:
    offenders = [
        f"{path.relative_to(TUI)}:{n}"
        for path in modules()
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "self.app" in line and "type: ignore" in line
    ]
    assert offenders == []


def test_the_screen_bases_declare_no_keys_their_screens_list_them() -> None:
    """The key bar lists a screen's own BINDINGS, and Textual puts a base's keys before a
    screen's: each screen on a base lists the keys the base shares itself, in its place."""
    from trainer.tui.screens.drill import DrillScreen
    from trainer.tui.screens.drill_base import ADVANCE_BINDINGS, LEAVE_BINDING, DrillBase
    from trainer.tui.screens.results import MissedScreen, ResultsScreen
    from trainer.tui.screens.results_base import (
        HOME_ON_ESCAPE,
        RESULTS_BINDINGS,
        SCROLL_BINDINGS,
        STEP_BINDINGS,
        MissedBase,
        ResultsBase,
    )
    from trainer.tui.screens.spot import SpotScreen
    from trainer.tui.screens.table_results import MissedTableScreen, TableResultsScreen

    assert [b for b in (DrillBase, ResultsBase, MissedBase) if "BINDINGS" in vars(b)] == []
    shared = {
        DrillScreen: (*ADVANCE_BINDINGS, LEAVE_BINDING),
        SpotScreen: (*ADVANCE_BINDINGS, LEAVE_BINDING),
        ResultsScreen: (*RESULTS_BINDINGS, HOME_ON_ESCAPE, *SCROLL_BINDINGS),
        TableResultsScreen: (*RESULTS_BINDINGS, HOME_ON_ESCAPE, *SCROLL_BINDINGS),
        MissedScreen: STEP_BINDINGS,
        MissedTableScreen: STEP_BINDINGS,
    }
    missing = {
        screen.__name__: [b.action for b in keys if b not in vars(screen)["BINDINGS"]]
        for screen, keys in shared.items()
    }
    assert missing == {name: [] for name in missing}
