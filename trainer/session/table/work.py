"""One table being worked: ``TableWork`` is the table the session acts through, its state
(``TableState``) with one action per step of a dealer's work.

Each phase's grading lives in its own module (``watch``, ``take``, ``pay``, ``commission``,
and ``timeout`` across them), each a few functions over the table's state, and the audit's
notation of what was done in ``notation``: the class only names the actions, so what a phase
asks and how it is graded is read in one short module.
"""

from __future__ import annotations

from trainer.engine.notation import Procedure
from trainer.session.table import commission, notation, pay, take, timeout, watch
from trainer.session.table.state import TableState
from trainer.session.table.values import BetSpot, Entry, Key, SpotState, TableActionError, Worked

__all__ = ["TableWork"]


class TableWork(TableState):
    """One table being worked: the layout, the cards, the phase, what was done so far, and
    its grading against the answer key.  Read its attributes to draw it; it changes only
    through its own actions, which ``TableSession`` calls (the session checks the phase
    first)."""

    # -- actions (the session checks the phase first) --------------------------------------
    def mark(self, key: Key, marked: bool) -> None:
        if marked and key not in self.marked:
            self.marked.add(key)
            self.mark_order.append(key)
        elif not marked and key in self.marked:
            self.marked.discard(key)
            self.mark_order.remove(key)

    def select(self, spot: BetSpot) -> None:
        if self.state(spot) is not SpotState.ON:
            raise TableActionError(
                f"{spot.label} is {self.state(spot).value}: pick a bet still on the layout"
            )
        self.selected, self.entry = spot, Entry()

    def enter(self, entry: Entry) -> Entry:
        self.entry = entry
        return entry

    def confirm_watch(self, option: str, seconds: float, over: bool) -> Worked:
        """The answer to the moment watched now: graded now; then the next moment, or the
        take once the result's is answered."""
        return watch.confirm_watch(self, option, seconds, over)

    def confirm_take(self, seconds: float, over: bool) -> Worked:
        """Take the marked bets: graded now; the engine's losers go, the rest stay (an exam:
        the bets marked go, whatever they are, so the felt never shows the right take)."""
        return take.confirm_take(self, seconds, over)

    def confirm_payout(self, seconds: float, over: bool) -> Worked:
        """Pay the selected bet the entry's amount; graded now (amount, order, chips)."""
        return pay.confirm_payout(self, seconds, over)

    def finish_paying(self, seconds: float, over: bool) -> Worked:
        """Done paying: the bets left on the layout stay (a winner among them is unpaid)."""
        return pay.finish_paying(self, seconds, over)

    def confirm_commission(self, seconds: float, over: bool) -> Worked:
        """The entry as the commission on ``commission_spot``; graded now."""
        return commission.confirm_commission(self, seconds, over)

    def time_out(self, limit: float) -> Worked:
        """Grade everything not answered yet as a timeout (the answer key's, as grading
        would have had it) and close the table."""
        return timeout.time_out(self, limit)

    def worked(self, right: Procedure) -> Procedure:
        """What the trainee did at this table, in the audit's notation, from ``right`` (the
        engine's procedure): ``trainer.session.table.notation.worked``."""
        return notation.worked(self, right)
