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
