"""A table run in the audit's notation (``trainer.engine.notation``): what the trainee did
at each table beside the right procedure, the export a trainee hands to a supervisor, whose
``ezbac audit --file`` finds the trainee's deviations in the first and none in the second.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from trainer.drills.model import Drill
from trainer.engine.chips import ChipBreakdown
from trainer.engine.dealt import CUT_EARLIER, BetAction, Foul
from trainer.engine.notation import Procedure, fouls_of, right_procedure
from trainer.engine.order import Done, settled_before
from trainer.engine.protection import ALL_PLAY
from trainer.engine.violations import Response
from trainer.session.shoe import DealtShoe
from trainer.session.table.state import TableState

__all__ = ["procedures", "worked", "write_procedures"]

_ZERO = Decimal(0)


def worked(table: TableState, right: Procedure) -> Procedure:
    """What the trainee did at this table, in the audit's notation, from ``right`` (the
    engine's procedure: the cards, the calls, the shoe): the bets marked taken (in the
    order marked), then every payout in the order made, with its amount, its chips when
    built in chips and the commission given on it (and the rolling commission given on a
    bet's dead chips, on the bet it was given on); once paying ended, each push left on
    the layout where the house settles it among them; a bet neither taken nor paid stays a bet never
    settled (a loser left, a winner unpaid).  A moment watched keeps its violation with
    the response chosen (none: it played); a legal moment stopped has no notation and is
    left out."""
    by_key = {(a.seat, a.bet): a for a in right.dealt.bets}
    bets: list[BetAction] = [  # in the order marked: the audit judges it as the drill
        replace(
            by_key[k],
            done=Done.TAKEN,
            paid=_ZERO,
            commission=_ZERO,
            boxed=None,
            chips=None,
            rolling=table.rolling_given.get(k),
        )
        for k in table.took_order
        if k in by_key
    ]
    paid: list[BetAction] = []
    for key, entry in table.payouts:
        a = by_key[key]
        chips = (
            ChipBreakdown(
                tuple(sorted(((v, n) for v, n in entry.chips.items() if n), reverse=True))
            )
            if entry.by_chips
            else None
        )
        commission = table.commissions_given.get(key, _ZERO)
        paid.append(
            replace(
                a,
                done=Done.PAID,
                paid=entry.total,
                chips=chips,
                commission=commission,
                boxed=a.boxed if commission else None,
                rolling=table.rolling_given.get(key),
            )
        )
    done = {k for k, _ in table.payouts}
    for k, a in by_key.items():
        if not table.paying_ended or a.done is not Done.PUSHED or k in done or k in table.took:
            continue  # a push is left only once paying ended (not at a time-out before)
        push = (a.seat, a.bet, Done.PUSHED)
        at = next(
            (
                i
                for i, b in enumerate(paid)
                if settled_before(table.house, push, (b.seat, b.bet, Done.PAID))
            ),
            len(paid),
        )
        paid.insert(at, a)
    bets += paid
    fouls: list[Foul] = []
    for q, option in zip(table.watch, table.watch_answers, strict=False):
        for f in fouls_of(q.scene, table.house):
            chosen = None if option == ALL_PLAY else _response_in(option)
            fouls.append(replace(f, response=chosen))
    return Procedure(replace(right.dealt, bets=tuple(bets), fouls=tuple(fouls)), right.layout)


def procedures(
    drill: Drill, trainee: str, tables: Sequence[TableState], shoe: DealtShoe | None
) -> str:
    """Each table of the run in the audit's notation, two paragraphs each: what the
    trainee did (``worked``; a table not reached has none), then the right
    procedure (at a shoe, with the cut card and the call after the coup): what the
    trainee exports to hand to a supervisor, whose ``ezbac audit --file`` finds the
    trainee's deviations in the first and none in the second."""
    house = drill.house
    # a name on a comment line: whatever it holds stays on that line (no line break or
    # control character can write a step into the file)
    who = "".join(c if c.isprintable() else " " for c in trainee)
    out = [f"# {drill.id}: {who}, house {house.id}"]
    for i, table in enumerate(tables):
        place = shoe.coups[i] if shoe is not None else None
        cut = None if place is None else CUT_EARLIER if place.cut_out_before else place.cut_card
        procedure = right_procedure(
            table.dealt.coup,
            table.dealt.layout,
            house,
            at_shoe=place is not None,
            cut=cut,
            watched=table.dealt.watch,
        )
        result = house.result(table.dealt.coup)
        if table.answers:  # a table reached and worked, if only in part
            done = worked(table, procedure)
            out.append(f"\n# table {table.number}: {result}: as {who} worked it\n{done}")
        out.append(f"\n# table {table.number}: {result}: the right procedure\n{procedure}")
    return "\n".join(out) + "\n"


def write_procedures(folder: Path, drill: Drill, text: str) -> Path:
    """Write ``text`` (a run's ``procedures``) to a new file in ``folder`` (made if need
    be), named by the drill and a number not yet taken; its path.  OSError if it cannot be
    written."""
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(1, 10_000):
        path = folder / f"{drill.id}-{n}.txt"
        try:
            with path.open("x", encoding="utf-8") as f:
                f.write(text)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"{folder}: no free name for {drill.id}")


def _response_in(option: str) -> Response | None:
    """The response a moment's chosen option names ("Seat 4 Player: past posting: refuse
    the bet"), by the words it ends with; None when it names none."""
    return next((r for r in Response if option.endswith(r.label)), None)
