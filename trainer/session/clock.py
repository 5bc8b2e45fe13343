"""Time as a session sees it, injected so tests (and replays) decide what time it is."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

#: Monotonic seconds, for timing answers and time limits.
Clock = Callable[[], float]
#: Wall time, stamped on the history's records.
Now = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)
