"""Shared test code (builders, hand-worked coups, the CLI runner, the PostgreSQL test server),
imported by its full name (tests.support.X) by the tests and the benchmarks."""

from pathlib import Path

#: The repository's root (where pyproject.toml is).
ROOT = Path(__file__).resolve().parents[2]
