"""The README is what a newcomer follows: its example drill must load, and .ci/run must run
exactly the README's install and test commands."""

from __future__ import annotations

import re
from pathlib import Path

from trainer.drills.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_example_drill_loads(tmp_path: Path) -> None:
    block = re.search(r"```yaml\n(.*?)```", README, re.S)
    assert block, "the README has no example drill"
    path = tmp_path / "example.yaml"
    path.write_text(block.group(1), encoding="utf-8")
    drill = load_file(path)
    assert drill.id == "dragon-practice"


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
