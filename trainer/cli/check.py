"""`ezbac check` (not yet built)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # pragma: no cover - placeholder
    pass
