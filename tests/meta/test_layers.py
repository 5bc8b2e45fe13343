"""ezbac's structure, checked: the import contracts in pyproject.toml (the layers, a pure
engine), no import cycle between modules, no module importing another's private names.

The contracts are checked by import-linter in process (what `lint-imports` runs); cycles by
the import graph import-linter builds on (grimp), with imports inside functions and under
TYPE_CHECKING counted: a cycle through them is still two modules that need each other.
"""

from __future__ import annotations

import ast
import contextlib
import io
import pkgutil
import sys
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest
from importlinter import api
from importlinter.application import use_cases

import trainer

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
PACKAGE = Path(trainer.__file__).parent


def _lint(config: Path) -> tuple[bool, str]:
    """(every contract kept, import-linter's report) for the contracts in ``config``."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        kept = use_cases.lint_imports(config_filename=str(config), no_logo=True, cache_dir=None)
    return kept, out.getvalue()


def test_the_import_contracts_are_kept() -> None:
    kept, report = _lint(PYPROJECT)
    assert "Contracts:" in report  # the contracts were read and checked
    broken = report[report.find("Broken contracts") :]
    assert kept, f"import contracts broken (pyproject.toml [tool.importlinter]):\n{broken}"


def test_a_broken_contract_is_reported_by_name(tmp_path: Path) -> None:
    """Guards the test above against passing vacuously (a wrong root, no contracts read)."""
    config = tmp_path / "contracts.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "trainer"\n\n'
        "[[tool.importlinter.contracts]]\n"
        'name = "the engine without its errors"\ntype = "forbidden"\n'
        'source_modules = ["trainer.engine"]\nforbidden_modules = ["trainer.errors"]\n'
    )
    kept, report = _lint(config)
    assert not kept
    assert "the engine without its errors BROKEN" in report
    assert "trainer.engine.errors -> trainer.errors" in report


def _top_level_modules() -> set[str]:
    return {f"trainer.{info.name}" for info in pkgutil.iter_modules([str(PACKAGE)])}


def test_the_pure_engine_contract_forbids_every_other_module_of_trainer() -> None:
    """The engine may import only trainer.errors: a module added to trainer is forbidden to
    it too, so the contract's list must name every one."""
    contracts = api.read_configuration(str(PYPROJECT))["contracts_options"]
    (pure,) = [c for c in contracts if c.get("id") == "pure-engine"]
    forbidden = {m for m in pure["forbidden_modules"] if m.startswith("trainer.")}
    assert forbidden == _top_level_modules() - {"trainer.engine", "trainer.errors"}


def test_the_engine_imports_only_the_standard_library() -> None:
    graph = grimp.build_graph("trainer", include_external_packages=True, cache_dir=None)
    outside = {
        (module, imported)
        for module in graph.find_descendants("trainer.engine") | {"trainer.engine"}
        for imported in graph.find_modules_directly_imported_by(module)
        if not imported.startswith("trainer.")
        and imported.split(".")[0] not in sys.stdlib_module_names
    }
    assert not outside, sorted(outside)


def _cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(imports):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(imports[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(imports[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def test_the_cycle_finder_finds_a_cycle() -> None:
    imports = {"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": set(), "e": {"e"}}
    assert _cycles(imports) == [["a", "b", "c"]]


def test_no_import_cycle_between_modules() -> None:
    graph = grimp.build_graph("trainer", cache_dir=None)
    imports = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    cycles = _cycles(imports)
    assert not cycles, "modules that import each other (directly or round a loop):\n" + "\n".join(
        "  " + " <-> ".join(cycle) for cycle in cycles
    )


def _is_private(name: str) -> bool:
    # ``_`` alone is gettext's public name for "this message, translated" (trainer.i18n)
    return name.startswith("_") and not name.startswith("__") and name != "_"


def _private_imports() -> Iterator[str]:
    """``from trainer.x import _name`` in any module but trainer.x, and a private module
    (``trainer.x._y``) imported from outside its package ``trainer.x``."""
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        importer = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        relative = path.relative_to(PACKAGE.parent)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue  # (named only for an import: most nodes are not)
            where = f"{relative}:{node.lineno}"
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                modules = [node.module]
                for alias in node.names:
                    name = f"{node.module}.{alias.name}"
                    if _is_module(name):
                        modules.append(name)
                    elif _is_private(alias.name) and node.module != importer:
                        yield f"{where}: {importer} imports {name}"
            else:
                continue
            for module in modules:
                parent, _, last = module.rpartition(".")
                if _is_private(last) and not f"{importer}.".startswith(f"{parent}."):
                    yield f"{where}: {importer} imports {module}"


def _is_module(name: str) -> bool:
    base = PACKAGE.parent.joinpath(*name.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def test_no_module_imports_another_modules_private_names() -> None:
    found = list(_private_imports())
    assert not found, (
        "private names used outside their module (make them public where "
        "they are shared, or move them where they belong):\n" + "\n".join(found)
    )


def test_private_names_and_modules_are_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Guards the test above: it does see both kinds, and leaves a package's own private
    module to that package."""
    root = tmp_path / "trainer"
    (root / "a").mkdir(parents=True)
    for name in ("__init__.py", "a/__init__.py", "a/_inner.py", "b.py"):
        (root / name).write_text("")
    (root / "a" / "user.py").write_text("from trainer.a import _inner\n")
    (root / "c.py").write_text("from trainer.b import _hidden\nimport trainer.a._inner\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", root)
    assert list(_private_imports()) == [
        "trainer/c.py:1: trainer.c imports trainer.b._hidden",
        "trainer/c.py:2: trainer.c imports trainer.a._inner",
    ]
