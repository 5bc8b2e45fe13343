"""The engine package's lazily loaded names still import like the eager ones did, and the
trainer's start-up path leaves the heavy modules alone until they are used."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import trainer.engine


@pytest.mark.parametrize("name", trainer.engine.__all__)
def test_every_exported_name_imports(name: str) -> None:
    namespace: dict[str, object] = {}
    exec(f"from trainer.engine import {name}", namespace)
    assert namespace[name] is getattr(trainer.engine, name)


def test_lazy_names_are_the_defining_modules_objects() -> None:
    import trainer.engine.analysis
    import trainer.engine.simulate  # rebinds the package's `simulate` to the module...

    assert trainer.engine.CoupClass is trainer.engine.analysis.CoupClass
    assert trainer.engine.analyze is trainer.engine.analysis.analyze
    from trainer.engine import simulate  # ...which is why it is eager, as it always was

    assert callable(simulate)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        trainer.engine.no_such_name  # noqa: B018
    with pytest.raises(ImportError):
        exec("from trainer.engine import no_such_name", {})


def test_dir_lists_the_lazy_names() -> None:
    assert set(trainer.engine.__all__) <= set(dir(trainer.engine))


def _modules_after(body: str) -> list[str]:
    code = f"import json, sys\n{body}\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_cheap_engine_names_do_not_load_the_analysis() -> None:
    loaded = _modules_after("from trainer.engine import Card, Coup, settle, parse_amount")
    assert "trainer.engine.analysis" not in loaded and "fractions" not in loaded
    # and the probe does see it once a lazy name is used
    assert "trainer.engine.analysis" in _modules_after("from trainer.engine import analyze")
