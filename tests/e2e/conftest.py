"""Fixtures of the browser tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def chromium_installed() -> None:
    """Skip, saying why, where Debian's Chromium or its chromedriver is missing."""
    from tests.e2e.test_serve_browser import CHROMEDRIVER, CHROMIUM

    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip(
            "Chromium or chromedriver is not installed (.ci/run installs Debian's chromium "
            "and chromium-driver)"
        )
