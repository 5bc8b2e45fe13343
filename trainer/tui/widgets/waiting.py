"""The line that says how many answers wait for the history (the local spool,
trainer.history.spool), shown on the home and drill screens while any do.

It follows the app's ``history_waiting`` text (set from the recorder, trainer.history.hooks)
and takes no room when that is empty, so a screen looks the same whenever nothing waits.
"""

from __future__ import annotations

from textual.widgets import Static


class HistoryWaiting(Static):
    DEFAULT_CSS = """
    HistoryWaiting {
        width: auto;
        height: 1;
        padding: 0 1;
        display: none;
        background: $warning;
        color: $text;
        text-style: bold;
    }
    """

    def on_mount(self) -> None:
        if hasattr(self.app, "history_waiting"):  # a host app without a history shows none
            self.watch(self.app, "history_waiting", self.show_waiting, init=True)

    def show_waiting(self, line: str) -> None:
        self.update(line)
        self.display = bool(line)
