"""A listed drill's details on home, in the language spoken: where it comes from, its mode
and its run's length.  Light on purpose: home starts without the drill machinery
(tests/meta/test_lazy_imports.py), so nothing here imports the drills' model."""

from __future__ import annotations

from typing import TYPE_CHECKING

from trainer.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from trainer.drills.catalogue import DrillEntry

#: A drill's mode as its file writes it (trainer.drills.model.Mode's values).
_MODES = {"practice": N_("practice"), "exam": N_("exam")}


def origin(entry: DrillEntry) -> str:
    """Where a listed drill comes from: shipped with ezbac, or the user's own file."""
    return _("bundled") if entry.bundled else _("user")


def mode(entry: DrillEntry) -> str:
    """The drill's mode in the language (one a file cannot have: as written)."""
    return _(_MODES[entry.mode]) if entry.mode in _MODES else entry.mode


def run_length(entry: DrillEntry) -> str:
    """A listed drill's run ("12 coups", "5 tables", "a shoe"; "?" when not known)."""
    if entry.unit == "shoe":
        return _("a shoe")
    count = entry.questions
    if entry.unit == "tables":
        if count is None:
            return _("? tables")
        return ngettext("{count} table", "{count} tables", count).format(count=count)
    if count is None:
        return _("? coups")
    return ngettext("{count} coup", "{count} coups", count).format(count=count)
