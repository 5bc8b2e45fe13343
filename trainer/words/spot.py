"""The words of spot the error: a replay's lines (each card, call and bet as the dealer
dealt it, an irregularity or a player's violation and what the dealer did), its questions
and the frame of its reasons, in the language spoken.

The replay gives its steps as values (``Dealt.steps``: a card to a hand, a total or the
result called, a bet taken, pushed or paid); this module words them.  What the audit says
of a deviation (what was done, the rule, the right step) is the audit's own sentence and is
shown as it comes.
"""

from __future__ import annotations

from collections.abc import Sequence

from trainer.engine.cards import DealtCard, Side
from trainer.engine.dealt import BetAction, CalledOutcome, CalledTotal, Foul, Handled, Remedied
from trainer.engine.house import House
from trainer.engine.irregularities import CONFIRMED, Irregularity, IrregularityEntry
from trainer.engine.order import Done
from trainer.engine.table import Layout
from trainer.engine.violations import Moment, Response
from trainer.i18n import N_, _
from trainer.session.spot import FixQuestion, Replay, SpotQuestion
from trainer.words.names import amount, bet_name, outcome_name
from trainer.words.protection import VIOLATION_SHORT
from trainer.words.said import say

_SIDES = {Side.PLAYER: N_("Player"), Side.BANKER: N_("Banker")}


def step_line(step: object, layout: Layout) -> str:
    """One step of a replay as the screen lists it: "K♥ to the Player", "Calls the Banker:
    7", "Seat 2 Banker 25: paid 25, commission 1.25"."""
    if isinstance(step, DealtCard):
        return _("{card} to the {hand}").format(card=step.card.pretty, hand=_(_SIDES[step.to]))
    if isinstance(step, CalledTotal):
        return _("Calls the {hand}: {total}").format(hand=_(_SIDES[step.side]), total=step.total)
    if isinstance(step, CalledOutcome):
        return _("Calls the result: {outcome}").format(outcome=outcome_name(step.outcome))
    if isinstance(step, BetAction):
        return _bet_line(step, layout)
    return str(step)


def _bet_line(step: BetAction, layout: Layout) -> str:
    wager = next(w for s, b, w in layout.bets() if (s, b) == (step.seat, step.bet))
    where = dict(seat=step.seat, bet=bet_name(step.bet), wager=amount(wager))
    if step.done is Done.PAID:
        text = _("Seat {seat} {bet} {wager}: paid {paid}").format(**where, paid=amount(step.paid))
    elif step.done is Done.PUSHED:
        text = _("Seat {seat} {bet} {wager}: pushed (returned)").format(**where)
    else:
        text = _("Seat {seat} {bet} {wager}: taken").format(**where)
    if step.commission:
        text += _(", commission {amount}").format(amount=amount(step.commission))
    if step.fee:
        text += _(", fee {amount}").format(amount=amount(step.fee))
    return text


#: Right steps with the hands swapped that no audit says itself: the spot drill offers them
#: as wrong steps (``trainer.session.spot``), worded as every step is (``say``).
SWAPPED = (
    N_("no card for the Banker"),
    N_("no card for the Player ({card} stays in the shoe)"),
    N_("no more cards for the Banker"),
)

#: The end of every replay's list.
END_LINE = N_("End: the dealer clears the table")


def _moment(cards: int, moment: Moment | None = None) -> str:
    if moment is Moment.RESULT:
        return _("after the result")
    if moment is Moment.BETS:
        return _("at no more bets")
    if cards == 0:
        return _("before the first card")
    return _("after card {number}").format(number=cards)


_ANSWERED = {
    None: N_("lets it play"),
    Response.ALLOW: N_("lets it play"),
    Response.REFUSE: N_("refuses the bet"),
    Response.RETURN: N_("returns it"),
    Response.FLOOR: N_("stops and calls the floor"),
}


def foul_line(foul: Foul) -> str:
    """A player's violation and what the dealer did: "Seat 3 Banker 25: past posting, after
    card 2 — the dealer refuses the bet"."""
    what = _(VIOLATION_SHORT[foul.violation])
    if foul.seat is None:
        where = _("The table: {violation}").format(violation=what)
    else:
        bet = "" if foul.bet is None else f" {bet_name(foul.bet)}"
        wager = "" if foul.wager is None else f" {amount(foul.wager)}"
        where = _("Seat {seat}{bet}{wager}: {violation}").format(
            seat=foul.seat, bet=bet, wager=wager, violation=what
        )
    return _("{where}, {when} — the dealer {did}").format(
        where=where,
        when=_moment(foul.cards, foul.violation.moment),
        did=_(_ANSWERED[foul.response]),
    )


_IRREGULARITIES = {
    Irregularity.CARD_EXPOSED: N_("A card exposed"),
    Irregularity.WRONG_HAND: N_("A card to the wrong hand"),
    Irregularity.CARD_ON_FLOOR: N_("A card on the floor"),
    Irregularity.CUT_CARD_EARLY: N_("The cut card out early"),
    Irregularity.CUT_CARD_MISPLACED: N_("The cut card misplaced"),
    Irregularity.TOO_MANY_CARDS: N_("Too many cards dealt"),
    Irregularity.TOO_FEW_CARDS: N_("Too few cards dealt"),
    Irregularity.MISDEAL: N_("A misdeal"),
    Irregularity.EDGE_SORTING_REQUEST: N_("A player asking to have a card turned"),
    Irregularity.SQUEEZE_WRONG_PLAYER: N_("The cards squeezed by the wrong player"),
    Irregularity.SQUEEZE_CARDS_KEPT: N_("Squeezed cards kept from the dealer"),
}


def remedy_line(remedied: Remedied, house: House, entries: Sequence[IrregularityEntry]) -> str:
    """An irregularity and what the dealer did: "A card exposed after card 3 — the dealer
    stops and calls the floor".  A remedy applied is the house's own wording, else the
    catalogue's (their files' words, shown as written)."""
    if remedied.done is Handled.APPLIED:
        own = house.remedies.get(remedied.irregularity)
        entry = next((e for e in entries if e.kind is remedied.irregularity), None)
        words = own if own not in (None, CONFIRMED) else (entry.remedy if entry else None)
        if words:
            did = _("applies the remedy: {remedy}").format(remedy=words[:1].lower() + words[1:])
        else:
            did = _("applies the remedy")
    elif remedied.done is Handled.FLOOR:
        did = _("stops and calls the floor")
    else:
        did = _("carries on")
    return _("{irregularity} {when} — the dealer {did}").format(
        irregularity=_(_IRREGULARITIES[remedied.irregularity]),
        when=_moment(remedied.cards),
        did=did,
    )


def lines(replay: Replay) -> tuple[str, ...]:
    """Every line of a replay as listed (1-based on screen), and the end of the coup."""
    out = []
    for row in replay.rows:
        if isinstance(row, Remedied):
            out.append(remedy_line(row, replay.house, replay.entries))
        elif isinstance(row, Foul):
            out.append(foul_line(row))
        else:
            out.append(step_line(replay.dealt.steps[row], replay.layout))
    return (*out, _(END_LINE))


def prompt(q: SpotQuestion | FixQuestion, *, exam: bool = False) -> str:
    if isinstance(q, SpotQuestion):
        return _("Which step was the first dealt wrong? Or was it all right?")
    if exam:
        return _("You flagged step {number}. What should the dealer have done there?").format(
            number=q.flagged + 1
        )
    return _("Step {number} was wrong. What should the dealer have done?").format(
        number=q.flagged + 1
    )


def short(q: SpotQuestion | FixQuestion) -> str:
    return _("Spot the error") if isinstance(q, SpotQuestion) else _("The right step")


def reason(q: SpotQuestion | FixQuestion) -> str:
    """Why: the replay dealt right (and an irregularity or a violation answered as the house
    says), or the step of the first mistake and the audit's words on it."""
    replay = q.replay
    first = replay.first_mistake()
    if isinstance(q, FixQuestion):
        assert first is not None  # a fix question follows a replay's error
        return _("{rule}: {right}").format(rule=say(first.rule), right=say(first.right))
    if first is None:
        if replay.dealt.remedies:
            return _(
                "Every step follows the rules, and the irregularity was remedied as {house} "
                "says: the coup was dealt right"
            ).format(house=replay.house.name)
        if replay.dealt.fouls:
            return _(
                "Every step follows the rules, and the player's violation was answered as "
                "{house} says: the coup was dealt right"
            ).format(house=replay.house.name)
        return _("Every step follows the rules: the coup was dealt right")
    at = replay.line_of(first)
    shown = lines(replay)
    said = _("{did}. Rule: {rule}. Right: {right}.").format(
        did=say(first.did), rule=say(first.rule), right=say(first.right)
    )
    if first.follows:
        said += _(" (follows from an earlier deviation)")
    return _("Step {number} ({line}): {said}").format(
        number=at + 1, line=shown[min(at, len(shown) - 1)], said=said
    )


#: The catalogue's mistakes as a skill names them (the catalogue's own words, without the
#: full stop); a school's own mistakes file is shown as written.
MISTAKES = {
    "banker-drew-on-stand": N_("The Banker drew at a hard tableau cell where it stands"),
    "banker-stood-on-draw": N_("The Banker stood at a hard tableau cell where it draws"),
    "player-drew-on-6-7": N_("The Player drew on 6 or 7"),
    "player-stood-on-0-5": N_("The Player stood on 0 to 5"),
    "natural-not-stopped": N_("A card was drawn after a natural"),
    "third-card-wrong-hand": N_("A third card was dealt to the wrong hand"),
    "total-miscounted": N_("A hand's total was called a point off"),
    "tie-called-dragon7": N_("A tying three-card Banker 7 was called a Dragon 7"),
    "losing-8-called-panda8": N_(
        "A three-card Player 8 that does not win (a tie, or a Banker 9) was called a Panda 8"
    ),
    "banker-paid-on-dragon7": N_("The Banker bet was paid instead of pushed on a Dragon 7"),
    "panda8-paid-on-tie": N_("A Panda 8 bet was paid on a Tie"),
    "commission-in-ez": N_(
        "A 5 % commission was taken from a winning Banker bet in a game that takes none"
    ),
    "payout-short": N_("A payout worked on a wager one red chip short (35 x 40 paid as 1,200)"),
    "payout-over": N_("A payout worked on a wager one red chip over (35 x 40 paid as 1,600)"),
    "losing-bet-paid": N_("A losing bet was paid"),
    "push-taken": N_("A bet that pushes was taken"),
    "winner-taken": N_("A winning bet was taken"),
    "loser-left": N_("A losing bet was left on the layout as if it pushed"),
    "panda8-paid-at-40": N_("A Panda 8 paid at the Dragon 7's 40 to 1 instead of 25 to 1"),
    "paid-before-taken": N_("A winner was paid before every losing bet was taken"),
    "seats-out-of-order": N_("Two seats were settled out of the house's order"),
}


def mistake_title(mistake_id: str) -> str:
    """A mistake of the catalogue in words; a school's own as its file words it."""
    found = MISTAKES.get(mistake_id)
    if found is not None:
        return _(found)
    from trainer.skills import error_title

    return error_title(mistake_id)


def skill_name(family: str, parts: tuple[str, ...]) -> str | None:
    """A spot-the-error skill in words (None: not one of them)."""
    if family != "spot":
        return None
    match parts:
        case ("none",):
            return _("Spot: a coup dealt right")
        case ("remedy",):
            return _("Spot: an irregularity remedied wrong")
        case ("remedied",):
            return _("Spot: an irregularity remedied right")
        case ("remedy", "fix"):
            return _("Right step: the remedy for an irregularity")
        case ("violation",):
            return _("Spot: a player's violation handled wrong")
        case ("caught",):
            return _("Spot: a player's violation handled right")
        case ("violation", "fix"):
            return _("Right step: the answer to a player's violation")
        case (error,):
            return _("Spot: {mistake}").format(mistake=mistake_title(error))
        case (error, "fix"):
            return _("Right step: {mistake}").format(mistake=mistake_title(error))
    return None
