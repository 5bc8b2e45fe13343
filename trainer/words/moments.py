"""The words of a moment at the table (the violations drill): the layout as the bets closed,
what is on it that is no bet, what players did at the moment, the violation found and what
the house has the dealer do, in the language spoken.

The engine gives the scene as values (``Scene``: the moment, the layouts before and after,
the items on the layout) and its judgement as ``Finding`` values; this module words them.
An option of the question is the engine's one-line ``Finding.describe()`` (or
``ALL_PLAY``), the answer's identity in the history: it is worded here by the finding it
names.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from trainer.engine.irregularities import CALL_THE_FLOOR, Source, taught
from trainer.engine.protection import ALL_PLAY, Finding, Item, Scene, judge
from trainer.engine.settlement import Bet
from trainer.engine.table import Layout
from trainer.engine.violations import Moment, Response, Violation
from trainer.i18n import N_, _
from trainer.session.protect import IrregularityQuestion, ViolationQuestion
from trainer.words.names import amount, bet_name, step_question
from trainer.words.protection import (
    HEADINGS,
    MOMENTS,
    RESPONSE_LABELS,
    SHORT_NAMES,
    VIOLATION_LABELS,
    VIOLATION_SHORT,
)


def moment(when: Moment) -> str:
    return _(MOMENTS[when])


def _bets(bets: Mapping[Bet, Decimal]) -> str:
    return ", ".join(f"{bet_name(b)} {amount(w)}" for b, w in bets.items())


def _item(item: Item) -> str:
    if item.what == "cash":
        thing = _("a {amount} banknote").format(amount=amount(item.value))
    else:
        thing = _("a {amount} commission change chip").format(amount=amount(item.value))
    return _("seat {seat}: {thing} on the {bet} spot").format(
        seat=item.seat, thing=thing, bet=bet_name(item.bet)
    )


def _changes(before: Layout, after: Layout) -> list[str]:
    """Each bet a player changed, in words, in layout order."""
    was = {s.number: s.bets for s in before.seats}
    now = {s.number: s.bets for s in after.seats}
    out = []
    for seat in sorted(set(was) | set(now)):
        a, b = was.get(seat, {}), now.get(seat, {})
        for bet in Bet:
            old, new = a.get(bet, Decimal(0)), b.get(bet, Decimal(0))
            if old == new:
                continue
            said = dict(seat=seat, bet=bet_name(bet))
            if not old:
                out.append(
                    _("seat {seat} puts {amount} on {bet}").format(**said, amount=amount(new))
                )
            elif not new:
                out.append(
                    _("seat {seat} takes back its {bet} {amount}").format(
                        **said, amount=amount(old)
                    )
                )
            elif new > old:
                out.append(
                    _("seat {seat} adds {amount} to its {bet} bet").format(
                        **said, amount=amount(new - old)
                    )
                )
            else:
                out.append(
                    _("seat {seat} takes {amount} off its {bet} bet").format(
                        **said, amount=amount(old - new)
                    )
                )
    return out


def scene_lines(scene: Scene) -> list[str]:
    """The scene in words, as the dealer sees it (``Scene.lines``)."""
    out = [_("{moment}. The layout:").format(moment=_(HEADINGS[scene.moment]))]
    out += [
        "  " + _("seat {seat}: {bets}").format(seat=s.number, bets=_bets(s.bets))
        for s in scene.before.seats
    ]
    out += [f"  {_item(item)}" for item in scene.items]
    out.append(_("Then, {moment}:").format(moment=moment(scene.moment)))
    changes = _changes(scene.before, scene.after)
    out += [f"  {text}" for text in changes] or ["  " + _("no player touches a bet")]
    return out


def finding(found: Finding) -> str:
    """On one line: "Seat 3 Banker: past posting: refuse the bet"."""
    if found.seat is None:
        where = _("The table")
    elif found.bet is None:
        where = _("Seat {seat}").format(seat=found.seat)
    else:
        where = _("Seat {seat} {bet}").format(seat=found.seat, bet=bet_name(found.bet))
    return _("{where}: {violation}: {response}").format(
        where=where,
        violation=_(VIOLATION_SHORT[found.violation]),
        response=_(RESPONSE_LABELS[found.response]),
    )


def option(q: ViolationQuestion, text: str) -> str:
    """One of the question's options (the engine's line for a finding, or ``ALL_PLAY``) in
    words; a line no finding of its scene gives is shown as it is."""
    if text == ALL_PLAY:
        return _("Nothing to stop: every bet plays")
    scene = q.scene
    seats: list[int | None] = [None, *(s.number for s in (*scene.before.seats, *scene.after.seats))]
    seats += [item.seat for item in scene.items]
    for seat in dict.fromkeys(seats):
        for bet in (None, *Bet):
            for violation in Violation:
                for response in Response:
                    candidate = Finding(seat, bet, violation, response)
                    if candidate.describe() == text:
                        return finding(candidate)
    return text


def prompt(q: ViolationQuestion) -> str:
    return "\n".join([*scene_lines(q.scene), step_question(q.step)])


def short(q: ViolationQuestion) -> str:
    return _("At the table, {moment}").format(moment=moment(q.scene.moment))


def reason(q: ViolationQuestion) -> str:
    found = judge(q.scene, q.house)
    if not found:
        return _(
            "Every bet is within {house}'s rules {moment}: stopping a legal bet stops the game "
            "for nothing"
        ).format(house=q.house.name, moment=moment(q.scene.moment))
    first = found[0]
    label = _(VIOLATION_LABELS[first.violation])
    return _("{violation} is caught {moment}; {house} has the dealer {response}").format(
        violation=label.capitalize(),  # as the English always said it
        moment=moment(first.violation.moment),
        house=q.house.name,
        response=_(RESPONSE_LABELS[first.response]),
    )


def skill_name(family: str, parts: tuple[str, ...]) -> str | None:
    """A violations skill in words (None: not one of them)."""
    if family != "violation" or len(parts) != 1:
        return None
    if parts[0] == "none":
        return _("Violations: a legal moment let play")
    known = {v.value: v for v in Violation}
    if parts[0] in known:
        return _("Violations: {violation}").format(violation=_(SHORT_NAMES[known[parts[0]]]))
    return None


# -- irregularities: the catalogue's words (a file's) in the trainer's frame ---------------------

_SOURCES = {
    Source.HOUSE: N_("the house's own rule"),
    Source.STANDARD: N_("a common standard"),
    Source.ASK_FLOOR: N_("ask the floor: the sources disagree"),
}


def irregularity_prompt(q: IrregularityQuestion) -> str:
    """The catalogue's name and scene (its file's words), then the question."""
    return f"{q.entry.name}. {q.entry.scene}\n{step_question(q.step)}"


def irregularity_option(text: str) -> str:
    """An option: the catalogue's or the house's remedy as written, or the floor called."""
    return (
        _("Stop, keep everything in place and call the floor") if text == CALL_THE_FLOOR else text
    )


def irregularity_reason(q: IrregularityQuestion) -> str:
    got = taught(q.entry, q.house.remedies)
    detail = q.entry.detail or q.entry.remedy
    if got.source is Source.ASK_FLOOR:
        return _(
            "{house} has not confirmed a remedy for {irregularity}: call the floor. The "
            "common remedy ({source}): {detail}"
        ).format(
            house=q.house.name,
            irregularity=q.entry.name.lower(),
            source=_(_SOURCES[q.entry.source]),
            detail=detail,
        )
    own = got.remedy != got.standard
    return _("{source} at {house}: {remedy}").format(
        source=_(_SOURCES[got.source]),
        house=q.house.name,
        remedy=got.remedy if own else detail,
    )


#: An irregularity as its skill names it (its key's words).
IRREGULARITY_KINDS = {
    "card_exposed": N_("card exposed"),
    "wrong_hand": N_("wrong hand"),
    "card_on_floor": N_("card on floor"),
    "cut_card_early": N_("cut card early"),
    "cut_card_misplaced": N_("cut card misplaced"),
    "too_many_cards": N_("too many cards"),
    "too_few_cards": N_("too few cards"),
    "misdeal": N_("misdeal"),
    "edge_sorting_request": N_("edge sorting request"),
    "squeeze_wrong_player": N_("squeeze wrong player"),
    "squeeze_cards_kept": N_("squeeze cards kept"),
}


def irregularity_skill(family: str, parts: tuple[str, ...]) -> str | None:
    """An irregularity's skill: "Irregularity: card exposed"."""
    if family == "irregularity" and len(parts) == 1 and parts[0] in IRREGULARITY_KINDS:
        return _("Irregularity: {kind}").format(kind=_(IRREGULARITY_KINDS[parts[0]]))
    return None
