"""The rules reference: the Banker tableau and the settlement table, read from the engine,
and the house's own rules the drill needs (``topics_for``): its commission and how it is
rounded, its collection fee schedule, its table limits, its response to each violation and
its remedies for irregularities, in the words of ``ezbac houses show --summary``.

Once a question is answered the cell that decided it is marked (brackets and reverse video,
so not by colour alone); before that the tables are shown whole and unmarked, since a
marked cell would give the answer away.  It fits an 80x24 terminal without scrolling.
"""

from __future__ import annotations

from pathlib import PurePath
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from trainer.drills.model import Drill, Kind, Step
from trainer.engine import Bet, Outcome
from trainer.engine.house import House
from trainer.engine.irregularities import taught
from trainer.engine.rules import banker_draws, player_draws
from trainer.engine.settlement import BetResult
from trainer.engine.violations import Violation
from trainer.i18n import N_, _
from trainer.session import Question
from trainer.tui.screens import stylesheets
from trainer.tui.widgets.spoken_footer import SpokenFooter
from trainer.words import reference as house_words
from trainer.words.moments import IRREGULARITY_KINDS
from trainer.words.names import bet_name, outcome_name
from trainer.words.protection import RESPONSE_LABELS, VIOLATION_LABELS

_MARK = "bold reverse"


def tableau(cell: tuple[int, int | None] | None) -> Table:
    """Banker two-card total (rows) × the Player's third card value or "stood" (columns)."""
    table = Table(
        title=_("Banker: D draws, S stands; columns: the Player's third card"),
        box=None,
        padding=(0, 1),
        title_justify="left",
        show_edge=False,
    )
    table.add_column("Bk", justify="right")
    for v in range(10):
        table.add_column(str(v), justify="center")
    table.add_column(_("stood"), justify="center")
    for total in range(8):
        row: list[Text] = [Text(str(total))]
        for third in [*range(10), None]:
            mark = "D" if banker_draws(total, third) else "S"
            if cell == (total, third):
                row.append(Text(f"[{mark}]", _MARK))
            else:
                row.append(Text(f" {mark} "))
        table.add_row(*row)
    return table


def player_rule(total: int | None) -> Text:
    text = Text(_("Player: "))
    for t in range(8):
        mark = "D" if player_draws(t) else "S"
        chunk = f"{t}{mark}"
        text.append(f"[{chunk}]" if t == total else f" {chunk} ", _MARK if t == total else "")
    text.append("  " + _("(8-9: natural, nobody draws)"))
    return text


def settlement(cell: tuple[Outcome, Bet] | None, house: House) -> Table:
    """The house's settlement table: its game's results and pays (19:20 for a commission
    Banker bet), only the bets it offers and the outcomes its dealers name (no Dragon 7 row
    at a table without the bet)."""
    results, bets, outcomes = house.results, house.bets, house.outcomes
    table = Table(
        title=_("Settlement (odds paid to 1 on a win)"),
        box=None,
        padding=(0, 1),
        title_justify="left",
        show_edge=False,
    )
    table.add_column(_("outcome"))
    for bet in bets:
        table.add_column(bet_name(bet), justify="center")
    for outcome in outcomes:
        row: list[Text] = [Text(outcome_name(outcome))]
        for bet in bets:
            result = results[outcome][bet]
            pays = house.pays(bet).replace(" to ", ":")
            word = {
                BetResult.WIN: pays,
                BetResult.PUSH: _("push"),
                BetResult.LOSE: _("loses"),
            }[result]
            if cell == (outcome, bet):
                row.append(Text(f"[{word}]", _MARK))
            else:
                row.append(Text(word))
        table.add_row(*row)
    return table


def table_procedure(house: House) -> Text:
    """What the table drill grades beyond the tables: the house's settlement order and the
    chips its payouts are cut in (the same words as ``ezbac houses show --summary``)."""
    text = Text(_("Settling the table: "), "bold")
    text.append(house_words.settlement_order(house))
    text.append("\n" + _("Payouts in "), "bold")
    text.append(house_words.payout_chips(house.payout_chips))
    if house.dead_chips is not None:
        text.append("\n" + _("Dead chips: "), "bold")
        text.append(house_words.dead_chips(house.dead_chips))
    return text


#: The house's own rules a reference may show: what the drill in play needs.
COMMISSION, FEE, LIMITS, VIOLATIONS, REMEDIES = (
    "commission",
    "fee",
    "limits",
    "violations",
    "remedies",
)


def topics_for(drill: Drill) -> frozenset[str]:
    """The house's rules ``drill`` needs beside the tables: a commission or a fee wherever
    the house has one (it governs every payout), the limits and the violations where players
    are watched (the violations drill, spotting at a table, a protected table), the remedies
    where irregularities are asked."""
    house, kind = drill.house, drill.kind
    topics: set[str] = set()
    if house.commission is not None:
        topics.add(COMMISSION)
    if house.fee is not None:
        topics.add(FEE)
    watched = drill.table is not None and drill.table.violations is not None
    if kind in (Kind.VIOLATIONS, Kind.SPOT) or watched:
        topics |= {LIMITS, VIOLATIONS}
    if kind in (Kind.IRREGULARITIES, Kind.SPOT):
        topics.add(REMEDIES)
    return frozenset(topics)


def house_rules(house: House, topics: frozenset[str]) -> Text:
    """The house's own rules named in ``topics``, one rule a line (the summary's words, in
    the language spoken)."""
    text = Text()
    text.append(_("House rules: {house}").format(house=house.name), "bold underline")
    if COMMISSION in topics and (c := house_words.commission(house)) is not None:
        text.append("\n" + _("Commission: "), "bold")
        text.append(c)
    if FEE in topics and (f := house_words.fee(house)) is not None:
        text.append("\n" + _("Collection fee: "), "bold")
        text.append(f)
    if LIMITS in topics:
        text.append("\n" + _("Table limits: "), "bold")
        text.append(house_words.limits(house))
    if VIOLATIONS in topics:
        text.append("\n" + _("Violations, and what the house has you do:"), "bold")
        for v in Violation:
            response = house.enforces(v)
            if response is not None:
                said = _(VIOLATION_LABELS[v]), _(RESPONSE_LABELS[response])
                line_said = _("{violation}: {response}").format(violation=said[0], response=said[1])
                text.append("\n  " + line_said)
    if REMEDIES in topics:
        from trainer.irregularities.loader import bundled  # the catalogue: on demand

        text.append("\n" + _("Irregularities: "), "bold")
        # the remedy the house confirms, in the catalogue's words (or the house's own)
        confirmed = [
            (e.kind, taught(e, house.remedies).remedy)
            for e in bundled()
            if e.kind in house.remedies
        ]
        text.append(
            _("any other, call the floor") if confirmed else _("call the floor on every one")
        )
        for kind, remedy in confirmed:
            kind_words = IRREGULARITY_KINDS.get(kind.value, kind.value.replace("_", " "))
            text.append(f"\n  {_(kind_words)}: {remedy}")
    text.append("\n")  # a blank line before the tables
    return text


class ReferenceScreen(ModalScreen[None]):
    """Opened with `?` in practice; the session counts each opening.

    ``answered``: the question just answered, whose cell is marked; None while a question
    is still open (nothing marked).  ``table``: opened at the table, so the house's
    settlement order and chip convention are shown too (the table drill grades them).
    ``rules``: the house's own rules the drill needs (``topics_for``), shown first."""

    CSS_PATH: ClassVar[list[str | PurePath]] = stylesheets("dialogs.tcss")

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("question_mark", "dismiss", N_("Close"), show=False),
        Binding("q", "dismiss", N_("Close"), show=False),
    ]

    def __init__(
        self,
        house: House,
        answered: Question | None = None,
        *,
        table: bool = False,
        rules: frozenset[str] = frozenset(),
    ) -> None:
        super().__init__()
        self.house = house
        self.table = table
        self.rules = rules
        question = answered
        # The cell in play for this question (None: nothing to mark).
        self.bank_cell: tuple[int, int | None] | None = None
        self.player_total: int | None = None
        self.pay_cell: tuple[Outcome, Bet] | None = None
        if question is not None:
            coup = question.coup
            if question.step is Step.BANKER_DRAWS:
                self.bank_cell = coup.banker_cell
            elif question.step is Step.PLAYER_DRAWS and not coup.natural:
                self.player_total = coup.player.two_card_total
            elif question.step is Step.PAYOUT and question.bet is not None:
                self.pay_cell = (question.outcome, question.bet)

    def compose(self) -> ComposeResult:
        marked = (self.bank_cell, self.player_total, self.pay_cell) != (None, None, None)
        with VerticalScroll(id="reference") as body:
            body.border_title = _("Rules reference")
            body.border_subtitle = (
                _("the cell that decided your answer is marked [like this]")
                if marked
                else _("Esc closes")
            )
            if self.rules:
                yield Static(house_rules(self.house, self.rules), id="house-rules")
            yield Static(player_rule(self.player_total), id="player-rule")
            yield Static(tableau(self.bank_cell), id="tableau")
            yield Static(settlement(self.pay_cell, self.house), id="settlement")
            if self.table:
                yield Static(table_procedure(self.house), id="table-procedure")
        yield SpokenFooter()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
