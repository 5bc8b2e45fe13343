"""Package names that load on first use (PEP 562).

The trainer's home screen must come up within 1.3x a bare Textual app (issue 4), so the
packages it touches (``trainer.session``, ``trainer.history``) must not import the engine,
the drill model and the grading code just because one of their light submodules is used;
and ``trainer.engine`` keeps its exact analysis (fractions and all) off ``ezbac check``'s
path.  Standard library only, like the engine that uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any


def lazy_exports(
    package: str, names: Sequence[str], modules: Sequence[str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``: each of ``names`` is looked up in
    ``modules`` (submodule names, cheapest first: later ones are imported only if the name
    was not found earlier) and cached in the package's namespace."""
    exported = frozenset(names)

    def __getattr__(name: str) -> Any:
        if name in exported:
            namespace = vars(import_module(package))
            for module in modules:
                found = vars(import_module(f"{package}.{module}"))
                if name in found:
                    namespace[name] = found[name]  # later lookups skip this function
                    return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted(set(vars(import_module(package))) | exported)

    return __getattr__, __dir__
