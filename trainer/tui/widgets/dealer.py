"""The dealer's side of the table drill: what to do now (``#step``), the amount or chips
being given (``#paying``) and the chip tray (``#tray``), and the words each of them says.

``DealerPanel`` owns what it shows (attributes down): ``step`` and ``paying`` (each a
``LiveText``, redrawn only when it changes), ``tray`` (the chips, those given so far, whether
they can be given now), ``tray_shown`` (a multiple-choice question puts the tray away) and
``names``.  A chip clicked is the tray's ``ChipTray.Clicked``, posted up to the screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive

from trainer.engine import format_amount
from trainer.i18n import _
from trainer.session.shoe import BurnQuestion, NextQuestion
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase, SpotState, TableAnswer
from trainer.session.table.work import TableWork
from trainer.tui.widgets.chiptray import CHIP_KEYS, ChipDenomination, ChipTray
from trainer.tui.widgets.livetext import LiveText

_STEP_NUMBER = {Phase.TAKE: 1, Phase.PAY: 2, Phase.COMMISSION: 3}


@dataclass(frozen=True)
class TrayState:
    """The tray as it is shown: the house's chips, the count of each given so far, and
    whether chips can be given now (their keys shown; the tray dimmed when not)."""

    chips: tuple[ChipDenomination, ...] = ()
    counts: Mapping[Decimal, int] = field(default_factory=dict)
    active: bool = False


class DealerPanel(Vertical):
    """``#dealer``: the step, what is being paid, the chip tray."""

    tray: reactive[TrayState | None] = reactive(None, repaint=False, init=False)
    tray_shown: reactive[bool] = reactive(True, repaint=False, init=False)
    #: Each chip's colour named under it (a tall terminal).
    names: reactive[bool] = reactive(False, repaint=False, init=False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._step = LiveText(id="step")
        self._paying = LiveText(id="paying")
        self._tray = ChipTray(id="tray")

    def compose(self) -> ComposeResult:
        yield self._step
        yield self._paying
        yield self._tray

    @property
    def step(self) -> Text:
        """What to do now (each line keeps its own text: ``LiveText.text``)."""
        return self._step.text

    @step.setter
    def step(self, text: Text) -> None:
        self._step.text = text

    @property
    def paying(self) -> Text:
        """What has been given so far, or the choices of a question."""
        return self._paying.text

    @paying.setter
    def paying(self, text: Text) -> None:
        self._paying.text = text

    def watch_tray(self, tray: TrayState | None) -> None:
        self._show_tray()

    def watch_names(self, names: bool) -> None:
        self._show_tray()

    def _show_tray(self) -> None:
        tray, state = self._tray, self.tray
        if state is None:
            return
        if tray.has_class("-idle") == state.active:  # a class change restyles: only then
            tray.set_class(not state.active, "-idle")
        counts = state.counts if state.active else {}
        tray.show(state.chips, counts, names=self.names, keys=state.active)

    def watch_tray_shown(self, shown: bool) -> None:
        self._tray.display = shown


def tray_state(table: TableWork, active: bool) -> TrayState:
    chips = tuple(ChipDenomination(v, table.colours.get(v, "")) for v in table.denominations)
    return TrayState(chips, dict(table.entry.chips), active)


def choice_text(options: Sequence[str], pick: int | None, message: str) -> Text:
    """A multiple-choice question's choices by number, the one picked marked, then why the
    last key was refused (if it was)."""
    choices = Text()
    for i, option in enumerate(options, 1):
        if i > 1:
            choices.append("\n")
        picked = pick == i - 1
        choices.append("▶" if picked else " ")
        choices.append(f"{i}", "bold underline")
        choices.append(f" {option}", "bold reverse" if picked else "")
    if message:
        choices.append("  " + message, "bold")
    return choices


def shoe_step(q: BurnQuestion | NextQuestion) -> Text:
    """The shoe's question: the prompt, then the keys that answer it."""
    step = Text("SHOE", "bold reverse")
    step.append(" ")
    step.append(q.prompt, "bold")
    step.append(f" Keys 1-{len(q.options)}, then Enter.")
    return step


def moment_step(session: TableSession) -> Text:
    """The moment watched: what happens (the layout is on the felt), the question."""
    q = session.watch_question
    assert q is not None
    step = Text(f"0 {Phase.WATCH.label.upper()}", "bold reverse")
    step.append(" ")
    step.append(q.scene.heading, "bold")
    step.append(f". {q.step.label} Keys 1-{len(q.options)}, then Enter.")
    for line in q.scene.events():
        step.append("\n" + line)
    return step


def entry_hint(denominations: Sequence[Decimal], *, typing: bool, chips: bool) -> str:
    """How an amount can be given now: ``typing`` allowed, ``chips`` allowed."""
    keys = "".join(k for k, _ in zip(CHIP_KEYS, denominations, strict=False))
    chip_keys = f"{keys[0]}-{keys[-1]} add a chip, shift takes one back" if keys else ""
    if typing and chips:
        return f"type it, or chips ({chip_keys})."
    if chips:
        return f"in chips ({chip_keys})."
    return "type it."


def entry_text(table: TableWork, typed: str) -> Text:
    """The amount being given: as typed (with the cursor), or the chips given so far."""
    entry = table.entry
    text = Text("Paying: " if table.phase is Phase.PAY else "Owed: ")
    if typed:
        text.append(typed, "bold")
        text.append("▏", "blink")
    elif entry.by_chips:
        text.append(format_amount(entry.total), "bold")
        text.append(
            " in "
            + ", ".join(
                f"{n}×{format_amount(v)}" for v, n in sorted(entry.chips.items(), reverse=True)
            )
        )
    else:
        text.append("▏", "blink")
    return text


def done_step(session: TableSession) -> Text:
    """A table worked: how long it took, what it got right, what Enter does now."""
    s = session
    table = s.table
    step = Text()
    step.append("Table done", "bold")
    step.append(f" in {s.elapsed():.1f}s")
    if s.target_seconds is not None:
        step.append(f" (target {s.target_seconds:g}s)")
    if table.timed_out:
        step.append(": time ran out", "bold")
    if not s.exam:
        right = sum(a.correct for a in table.answers)
        step.append(f", {right} of {len(table.answers)} right")
    last = s.index + 1 >= s.total
    step.append(". Enter: " + ("see the results." if last else "next table."))
    return step


def phase_step(table: TableWork, *, amount_mode: bool, hint: str, typed: str) -> tuple[Text, Text]:
    """The step of a phase still being worked, and what it has given so far."""
    phase = table.phase
    step = Text()
    paying = Text()
    step.append(f"{_STEP_NUMBER[phase]} {phase.label.upper()}", "bold reverse")
    step.append(" ")
    if phase is Phase.TAKE:
        marked = [sp for sp in table.spots if table.state(sp) is SpotState.MARKED]
        step.append(
            "Mark each losing bet: its letter, a click, or arrows and space. Enter takes them."
        )
        total = sum((sp.wager for sp in marked), Decimal(0))
        paying.append(f"Marked {len(marked)}: {format_amount(total)}")
    elif phase is Phase.PAY and not amount_mode:
        step.append(
            "Pick the next bet to pay: its letter, a click, or arrows and "
            "space. Enter: done paying (pushes stay)."
        )
        paying.append(f"Paid {len(table.paid)}: {format_amount(table.paid_total)}")
    else:
        spot = table.selected if phase is Phase.PAY else table.commission_spot
        what = "commission owed on " if phase is Phase.COMMISSION else "pay "
        where = "" if spot is None else spot.label
        if spot is not None and spot.dead:
            where = _("{bet} ({dead} in dead chips)").format(
                bet=where, dead=format_amount(spot.dead)
            )
        words = f"{what}{where}"
        if table.commission_rolling:
            words = _("Rolling commission on {bet}").format(bet=where)
        step.append(words[:1].upper() + words[1:], "bold")
        step.append(": " + hint + " Enter confirms.")
        paying.append_text(entry_text(table, typed))
    return step, paying


def procedure_text(answers: Sequence[TableAnswer], *, exam: bool) -> Text:
    """The procedure so far: each answer given on this table (with ✓/✗ and the right one
    in practice; an exam shows only what was done)."""
    text = Text("This table so far:", "bold")
    for a in answers:
        text.append("\n")
        if exam:
            text.append(f"  {a.answer}")
        elif a.correct:
            text.append(f"  ✓ {a.answer}")
        else:
            text.append(f"  ✗ {a.answer}; right: {a.expected}")
    if not answers:
        text.append("\n  nothing yet", "dim")
    return text
