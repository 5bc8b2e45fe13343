"""Which history files were last found whole, so an unchanged file is not read page by page
again on every open.

Why: ``PRAGMA quick_check`` reads every page (0.5-0.9 s at a million answers), and every
open ran it, reading ones too: half of ``ezbac report``'s time.  A file that has not changed
since a check found it whole is still whole, so the check is skipped for it; any change
(a write by a trainer, a copy over it, damage written by anything) moves its status stamp
and the next open checks it in full, as before.  So the guarantee stands: a damaged file is
refused with one line and never written to.  What this cannot see is damage that changes no
status field at all (a disk rotting under an unchanged inode), which the check on the next
change of the file catches.

The stamp is the file's device, inode, size, modification and status-change times (ctime:
no tool can set it back, so a file damaged and its mtime restored is still seen to have
changed) and the same for its ``-wal`` when that holds anything (a trainer writing).  The
record is a small JSON file under ``$EZBAC_HOME`` (never beside the history: reading
commands leave nothing there), at most ``KEEP`` files, written atomically; when it cannot be
read or written the check simply runs.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path

KEEP = 32
Stamp = list[int]


def _record() -> Path:
    from trainer.paths import user_data_dir

    return user_data_dir() / "checked.json"


def _stat(path: Path) -> Stamp | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return [info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns]


def stamp(path: Path) -> Stamp | None:
    """The file's status now (see the module docstring); None when it cannot be had."""
    main = _stat(path)
    if main is None:
        return None
    wal = _stat(Path(f"{path}-wal"))
    if wal is not None and wal[2] > 0:  # an empty or absent -wal holds nothing to check
        return main + wal
    return main


def _load() -> dict[str, Stamp]:
    from trainer.jsonfile import loads

    try:  # a damaged record is only a cache lost: every file is checked in full again
        data = loads(_record().read_bytes())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _save(path: Path, clean: Stamp) -> None:
    from trainer.paths import write_atomic

    key = str(path.resolve())
    with contextlib.suppress(OSError, ValueError):  # an unwritable home: checked next time
        data = _load()
        data.pop(key, None)
        data[key] = clean  # newest last: the oldest are forgotten first
        kept = dict(list(data.items())[-KEEP:])
        write_atomic(_record(), json.dumps(kept))


def checked(path: Path, check: Callable[[], None]) -> bool:
    """Run ``check`` (which raises if the file is damaged) unless the file is unchanged since
    it last passed; True when it ran.  A pass is remembered only if the file did not change
    while it ran."""
    before = stamp(path)
    if before is not None:
        with contextlib.suppress(OSError, ValueError):
            if _load().get(str(path.resolve())) == before:
                return False
    check()
    if before is not None and stamp(path) == before:
        _save(path, before)
    return True
