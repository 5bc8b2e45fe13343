"""Shared test fixtures."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test gets its own per-user data directory: no test touches the real one, and a
    user's own EZBAC_DB setting cannot reach the tests."""
    monkeypatch.setenv("EZBAC_HOME", str(tmp_path_factory.mktemp("ezbac-home")))
    monkeypatch.delenv("EZBAC_DB", raising=False)
