"""The engine and `ezbac check` must never load Textual or YAML (fast start, stdlib only)."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("textual", "yaml")

_PROBE = """
import json, sys
{body}
print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {heavy!r})))
"""


def _loaded(body: str) -> list[str]:
    code = _PROBE.format(body=body, heavy=HEAVY)
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_importing_the_engine_loads_no_textual_or_yaml() -> None:
    assert _loaded("import trainer.engine\nimport trainer.engine.analysis") == []


def test_the_probe_can_see_a_heavy_import() -> None:
    # Guards the test above against passing vacuously.
    assert "yaml" in _loaded("import yaml")


def test_ezbac_check_and_analyze_load_no_textual_or_yaml() -> None:
    body = (
        "import contextlib, io\n"
        "from trainer.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(['check', '4h', '3s', '2d', 'Kc', '8h', '--bet', 'tie=5']) == 0\n"
        "    assert main(['check', '--json', '9s', '2h', 'Kd', '5c']) == 0\n"
        "    assert main(['analyze', '--json']) == 0\n"
    )
    assert _loaded(body) == []


def test_python_m_trainer_check_runs_without_textual() -> None:
    # The real entry point, with the heavy packages made unimportable: it must still work.
    code = (
        "import sys, runpy\n"
        "for name in ('textual', 'yaml'):\n"
        "    sys.modules[name] = None\n"
        "sys.argv = ['ezbac', 'check', '4h', '3s', '2d', 'Kc', '8h']\n"
        "runpy.run_module('trainer', run_name='__main__')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "Player wins 6 to 1" in out.stdout
