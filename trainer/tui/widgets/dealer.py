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

from trainer.i18n import N_, _
from trainer.session.shoe import BurnQuestion, NextQuestion
from trainer.session.table.session import TableSession
from trainer.session.table.values import Phase, SpotState, TableAnswer
from trainer.session.table.work import TableWork
from trainer.tui.widgets.chiptray import CHIP_KEYS, ChipDenomination, ChipTray
from trainer.tui.widgets.livetext import LiveText, Unscrolled
from trainer.words import layout, protection, table_shoe
from trainer.words import table as words

_STEP_NUMBER = {Phase.TAKE: 1, Phase.PAY: 2, Phase.COMMISSION: 3}


@dataclass(frozen=True)
class TrayState:
    """The tray as it is shown: the house's chips, the count of each given so far, and
    whether chips can be given now (their keys shown; the tray dimmed when not)."""

    chips: tuple[ChipDenomination, ...] = ()
    counts: Mapping[Decimal, int] = field(default_factory=dict)
    active: bool = False


class DealerPanel(Unscrolled, Vertical):
    """``#dealer``: the step, what is being paid, the chip tray (never scrolled: a step
    line wrapped onto one more line re-sizes it in that key's layout, not in a second)."""

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
    step = Text(_("SHOE"), "bold reverse")
    step.append(" ")
    step.append(table_shoe.prompt(q), "bold")
    step.append(" " + _("Keys 1-{last}, then Enter.").format(last=len(q.options)))
    return step


#: The moment's question (the violations drill's step, asked at the table).
_ANYTHING_TO_STOP = N_("Anything to stop? What does the house have you do?")


def moment_step(session: TableSession) -> Text:
    """The moment watched: what happens (the layout is on the felt), the question."""
    q = session.watch_question
    assert q is not None
    step = Text(f"0 {words.phase_label(Phase.WATCH).upper()}", "bold reverse")
    step.append(" ")
    heading = _("{moment}.").format(moment=protection.moment_heading(q.scene.moment))
    step.append(heading[:-1], "bold")  # the moment bold, its full stop not (as in English)
    step.append(heading[-1:] + " " + _(_ANYTHING_TO_STOP))
    step.append(" " + _("Keys 1-{last}, then Enter.").format(last=len(q.options)))
    for line in protection.scene_events(q.scene):
        step.append("\n" + line)
    return step


def watch_options(session: TableSession) -> tuple[str, ...]:
    """The moment's choices in words (each option's value worded; the English is graded)."""
    q = session.watch_question
    assert q is not None
    if len(q.findings) != len(q.options):
        return q.options
    return tuple(protection.finding(f) for f in q.findings)


def entry_hint(denominations: Sequence[Decimal], *, typing: bool, chips: bool) -> str:
    """How an amount can be given now: ``typing`` allowed, ``chips`` allowed."""
    keys = "".join(k for k, _k in zip(CHIP_KEYS, denominations, strict=False))
    chip_keys = (
        _("{first}-{last} add a chip, shift takes one back").format(first=keys[0], last=keys[-1])
        if keys
        else ""
    )
    if typing and chips:
        return _("type it, or chips ({keys}).").format(keys=chip_keys)
    if chips:
        return _("in chips ({keys}).").format(keys=chip_keys)
    return _("type it.")


def entry_text(table: TableWork, typed: str) -> Text:
    """The amount being given: as typed (with the cursor), or the chips given so far."""
    entry = table.entry
    text = Text((_("Paying:") if table.phase is Phase.PAY else _("Owed:")) + " ")
    if typed:
        text.append(typed, "bold")
        text.append("▏", "blink")
    elif entry.by_chips:
        text.append(layout.money(entry.total), "bold")
        given = ", ".join(
            f"{n}×{layout.money(v)}" for v, n in sorted(entry.chips.items(), reverse=True)
        )
        text.append(" " + _("in {chips}").format(chips=given))
    else:
        text.append("▏", "blink")
    return text


def done_step(session: TableSession) -> Text:
    """A table worked: how long it took, what it got right, what Enter does now."""
    s = session
    table = s.table
    step = Text()
    step.append(_("Table done"), "bold")
    step.append(" " + _("in {seconds}s").format(seconds=f"{s.elapsed():.1f}"))
    if s.target_seconds is not None:
        step.append(" " + _("(target {seconds}s)").format(seconds=f"{s.target_seconds:g}"))
    if table.timed_out:
        step.append(": " + _("time ran out"), "bold")
    if not s.exam:
        right = sum(a.correct for a in table.answers)
        step.append(
            ", " + _("{right} of {total} right").format(right=right, total=len(table.answers))
        )
    last = s.index + 1 >= s.total
    step.append(". " + (_("Enter: see the results.") if last else _("Enter: next table.")))
    return step


def phase_step(table: TableWork, *, amount_mode: bool, hint: str, typed: str) -> tuple[Text, Text]:
    """The step of a phase still being worked, and what it has given so far."""
    phase = table.phase
    step = Text()
    paying = Text()
    step.append(f"{_STEP_NUMBER[phase]} {words.phase_label(phase).upper()}", "bold reverse")
    step.append(" ")
    if phase is Phase.TAKE:
        marked = [sp for sp in table.spots if table.state(sp) is SpotState.MARKED]
        step.append(
            _("Mark each losing bet: its letter, a click, or arrows and space. Enter takes them.")
        )
        total = sum((sp.wager for sp in marked), Decimal(0))
        paying.append(
            _("Marked {count}: {total}").format(count=len(marked), total=layout.money(total))
        )
    elif phase is Phase.PAY and not amount_mode:
        step.append(
            _(
                "Pick the next bet to pay: its letter, a click, or arrows and "
                "space. Enter: done paying (pushes stay)."
            )
        )
        paying.append(
            _("Paid {count}: {total}").format(
                count=len(table.paid), total=layout.money(table.paid_total)
            )
        )
    else:
        spot = table.selected if phase is Phase.PAY else table.commission_spot
        where = "" if spot is None else layout.spot(spot.seat, spot.bet, spot.wager)
        if spot is not None and spot.dead:
            where = _("{bet} ({dead} in dead chips)").format(
                bet=where, dead=layout.money(spot.dead)
            )
        if table.commission_rolling:
            said = _("Rolling commission on {bet}").format(bet=where)
        else:
            said = (
                _("commission owed on {bet}") if phase is Phase.COMMISSION else _("pay {bet}")
            ).format(bet=where)
        step.append(layout.capital(said), "bold")
        step.append(": " + hint + " " + _("Enter confirms."))
        paying.append_text(entry_text(table, typed))
    return step, paying


def procedure_text(answers: Sequence[TableAnswer], *, exam: bool) -> Text:
    """The procedure so far: each answer given on this table (with ✓/✗ and the right one
    in practice; an exam shows only what was done)."""
    text = Text(_("This table so far:"), "bold")
    for a in answers:
        text.append("\n")
        given = words.answer(a)
        if exam:
            text.append(f"  {given}")
        elif a.correct:
            text.append(f"  ✓ {given}")
        else:
            text.append(
                "  ✗ "
                + _("{answer}; right: {expected}").format(answer=given, expected=words.expected(a))
            )
    if not answers:
        text.append("\n  " + _("nothing yet"), "dim")
    return text
