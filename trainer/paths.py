"""Where ezbac keeps per-user data (own drills, history).

One place decides it so tests and users can move everything with ``EZBAC_HOME``.  Nothing
is created on import: directories appear only when something is written there.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

ENV_HOME = "EZBAC_HOME"


def user_data_dir() -> Path:
    """The per-user data directory: ``$EZBAC_HOME`` if set, else the platform's usual one."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir as platform_dir

    return Path(platform_dir("ezbac", appauthor=False))


def user_drills_dir() -> Path:
    """Where a user's own drill files live (listed by `ezbac drills list`)."""
    return user_data_dir() / "drills"


def default_db_path() -> Path:
    """The training history database."""
    return user_data_dir() / "history.sqlite3"


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once, creating its folder.

    Readers see the old file or the new one, never half of it; the temp name carries the
    pid so two terminals saving at once do not write through each other's temp file, and a
    failed write leaves no temp behind.  OSError is re-raised for the caller to report.
    """
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
        raise
