"""The session's name for the one score rule, defined in trainer.scoring (outside this
package, so the report formats percentages without loading the session and the engine)."""

from __future__ import annotations

from trainer.scoring import passes, percent, percent_1dp

__all__ = ["passes", "percent", "percent_1dp"]
