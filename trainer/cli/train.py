"""`ezbac train` and the bare `ezbac` (not yet built)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # pragma: no cover - placeholder
    pass


def open_home(args: argparse.Namespace) -> int:  # pragma: no cover - placeholder
    print("ezbac: the trainer is not built yet; see 'ezbac --help'")
    return 0
