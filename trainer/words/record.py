"""The words of a person's record, for the people screens (sign-in, the class view, progress,
the path, the audition's verdict): what the history returns (kinds and their values) put in
the language spoken.  Amounts, dates and times are formatted for display by
``trainer.i18n.formats``; machine-readable output (``--json``, CSV) never comes here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from trainer.i18n import N_, _, ngettext
from trainer.i18n.formats import day_time
from trainer.words.pace import mastery_target_words

if TYPE_CHECKING:
    from trainer.history.mastery import PathProgress, SkillMastery
    from trainer.history.people import SignIn
    from trainer.history.review import NothingDueError
    from trainer.session.audition import AreaResult, Verdict
    from trainer.skillkey import SkillKey

# -- sign-in ----------------------------------------------------------------------------------

#: What a wrong PIN and a name not on the roster both say (trainer.history.signing_in.WRONG).
WRONG = N_("wrong name, PIN or passphrase")

#: What the roster says of a name or a secret that could not be a roster's (its English is
#: trainer.history.people's PersonError): put in the language spoken, the rest left as said.
_TYPED: Mapping[str, str] = {
    m: m
    for m in (
        N_("the name is not valid UTF-8 text; type it again in UTF-8"),
        N_("the name holds an invisible character; use letters, digits and spaces"),
        N_("the name is empty"),
        N_("the name holds a control character; use letters, digits and spaces"),
        N_("the name holds stacked accents; type each letter once"),
        N_("the PIN or passphrase is empty"),
        N_("the PIN or passphrase is not valid UTF-8 text; type it in UTF-8"),
        N_("the PIN or passphrase holds a control character"),
    )
}


def typed_problem(message: str) -> str:
    """A name or a secret refused as typed, in the language spoken (a limit's message with
    its number too)."""
    if message in _TYPED:
        return _(message)
    for what, limit in (("the name", 40), ("the PIN or passphrase", 1024)):
        if message == f"{what} is longer than {limit} characters":
            if what == "the name":
                return _("the name is longer than {count} characters").format(count=limit)
            return _("the PIN or passphrase is longer than {count} characters").format(count=limit)
    return message


def held(name: str, seconds: int, until: datetime | None, here: bool) -> str:
    """Who is held back after wrong tries, how long, until when (UTC), and where."""
    if until is not None:
        minutes = (seconds + 59) // 60
        if here:
            line = _(
                "{name} is locked for {minutes} min, until {time} UTC, after wrong tries at "
                "this terminal"
            )
        else:
            line = _("{name} is locked for {minutes} min, until {time} UTC, after wrong tries")
        return line.format(name=name, minutes=minutes, time=f"{until:%H:%M}")
    if here:
        return _("{name} may try again in {seconds} s at this terminal").format(
            name=name, seconds=seconds
        )
    return _("{name} may try again in {seconds} s").format(name=name, seconds=seconds)


def sign_in_refusal(result: SignIn) -> str:
    """Why a sign-in failed, one line in the language spoken."""
    kind = result.refusal
    if kind == "typed":
        return typed_problem(result.message)
    if kind == "retired":
        return _("{name} is retired and cannot sign in").format(name=result.name)
    if kind == "not-instructor":
        return _("{name} is not an instructor").format(name=result.name)
    if kind in ("wrong", "held") and result.wait:
        line = held(result.name, result.wait, result.until, result.here)
        return line if kind == "held" else _("{wrong}; {held}").format(wrong=_(WRONG), held=line)
    if kind == "wrong":
        return _(WRONG)
    return result.message


def idle_note(seconds: float) -> str:
    """Why the last person was signed out, on the sign-in screen: the school's idle time."""
    minutes = max(1, round(seconds / 60))
    return ngettext(
        "Signed out after {count} idle minute with no key pressed; a drill under way was "
        "recorded as abandoned.",
        "Signed out after {count} idle minutes with no key pressed; a drill under way was "
        "recorded as abandoned.",
        minutes,
    ).format(count=minutes)


def nothing_due(problem: NothingDueError) -> str:
    """Why no review can run now, and when one will."""
    if not problem.trainee:
        return _("nothing is due for review")
    if problem.unanswered:
        return _("nothing to review yet for {trainee}: answer a drill first").format(
            trainee=problem.trainee
        )
    if problem.upcoming is None:
        return _("nothing is due for review for {trainee}").format(trainee=problem.trainee)
    return _("nothing is due for review for {trainee}; next due {moment}").format(
        trainee=problem.trainee, moment=f"{problem.upcoming.astimezone():%Y-%m-%d %H:%M}"
    )


# -- times ------------------------------------------------------------------------------------


def until(moment: datetime, now: datetime) -> str:
    """'now' or 'in 5 min' / 'in 3 h' / 'in 2 days': when a review comes due, from ``now``."""
    left = moment - now
    if left <= timedelta(0):
        return _("now")
    minutes = int(left.total_seconds() // 60)
    if minutes < 60:
        return _("in {minutes} min").format(minutes=max(minutes, 1))
    if minutes < 48 * 60:
        return _("in {hours} h").format(hours=minutes // 60)
    days = minutes // (24 * 60)
    return ngettext("in {count} day", "in {count} days", days).format(count=days)


def local_time(moment: datetime) -> str:
    """A moment in this machine's time zone, day and time ("05 May 10:42" in English)."""
    return day_time(moment.astimezone())


def seconds_each(seconds: float | None, missing: str = "·") -> str:
    """An average time, "2.4s"."""
    return missing if seconds is None else _("{seconds}s").format(seconds=f"{seconds:.1f}")


# -- skills and families ----------------------------------------------------------------------

_FAMILIES: Mapping[str, str] = {
    "natural": N_("Naturals"),
    "player": N_("Player draw"),
    "banker": N_("Banker tableau"),
    "outcome": N_("Outcomes"),
    "payout": N_("Payouts"),
    "table": N_("Table work"),
    "shoe": N_("Running a shoe"),
    "call": N_("Calling"),
    "spot": N_("Spotting errors"),
    "violation": N_("Violations"),
    "irregularity": N_("Irregularities"),
}


def family(name: str) -> str:
    """A report family's title (a family of trainer.skills.ALL_FAMILIES)."""
    return _(_FAMILIES[name]) if name in _FAMILIES else name


_FAMILY_SHORT: Mapping[str, str] = {
    "natural": N_("Nat"),
    "player": N_("Player"),
    "banker": N_("Banker"),
    "outcome": N_("Outc"),
    "payout": N_("Payout"),
    "table": N_("Table"),
    "shoe": N_("Shoe"),
    "call": N_("Call"),
    "spot": N_("Spot"),
    "violation": N_("Viol"),
    "irregularity": N_("Irreg"),
}


def family_short(name: str) -> str:
    """A family's column heading on the class screen."""
    return _(_FAMILY_SHORT[name]) if name in _FAMILY_SHORT else name


_OUTCOMES: Mapping[str, str] = {
    "player": N_("Player"),
    "banker": N_("Banker"),
    "tie": N_("Tie"),
    "dragon7": N_("Dragon 7"),
    "panda8": N_("Panda 8"),
}


def outcome(value: str) -> str:
    """An outcome's or a bet's name (by its value: ``banker``, ``dragon7``)."""
    return _(_OUTCOMES[value]) if value in _OUTCOMES else value


_SHOE: Mapping[str, str] = {
    "burn": N_("Shoe: the burn"),
    "cut": N_("Shoe: the cut card comes out"),
    "end": N_("Shoe: the last coup"),
    "deal": N_("Shoe: dealing on before the cut card"),
}
_TABLE: Mapping[tuple[str, ...], str] = {
    ("take",): N_("Table: taking the losing bets"),
    ("order",): N_("Table: paying in the house's order"),
    ("chips",): N_("Table: paying in chips"),
    ("commission",): N_("Table: commission"),
}
_SPOT: Mapping[tuple[str, ...], str] = {
    ("none",): N_("Spot: a coup dealt right"),
    ("remedy",): N_("Spot: an irregularity remedied wrong"),
    ("remedied",): N_("Spot: an irregularity remedied right"),
    ("remedy", "fix"): N_("Right step: the remedy for an irregularity"),
    ("violation",): N_("Spot: a player's violation handled wrong"),
    ("caught",): N_("Spot: a player's violation handled right"),
    ("violation", "fix"): N_("Right step: the answer to a player's violation"),
}
_PAYOUT_VERBS: Mapping[str, str] = {
    "win": N_("{bet} bet wins"),
    "push": N_("{bet} bet pushes"),
    "lose": N_("{bet} bet loses"),
}


def skill(key: str) -> str:
    """A skill key in words (trainer.skills.describe's English, translated); the procedure's
    keys named after a drill file's or the catalogue's words keep them."""
    from trainer.skillkey import SkillKey, SkillKeyError
    from trainer.skills import describe

    try:
        parsed = SkillKey.parse(key)
    except SkillKeyError:
        return key
    match parsed:
        case SkillKey("natural", ()):
            return _("Naturals (nobody draws)")
        case SkillKey("player", (total,)):
            return _("Player draw on {total}").format(total=total)
        case SkillKey("banker", (total, "stood")):
            return _("Banker {total}, Player stood").format(total=total)
        case SkillKey("banker", (total, third)):
            return _("Banker {total}, Player's third card {third}").format(total=total, third=third)
        case SkillKey("outcome", (value,)) if value in _OUTCOMES:
            return _("Outcome: {outcome}").format(outcome=outcome(value))
        case SkillKey("payout", (bet, "commission")) if bet in _OUTCOMES:
            return _("{bet} commission owed").format(bet=outcome(bet))
        case SkillKey("payout", ("fee",)):
            return _("Collection fee")
        case SkillKey("payout", (bet, result)) if bet in _OUTCOMES and result in _PAYOUT_VERBS:
            return _(_PAYOUT_VERBS[result]).format(bet=outcome(bet))
        case SkillKey("table", ("pay", bet)) if bet in _OUTCOMES:
            return _("Table: paying {bet}").format(bet=outcome(bet))
        case SkillKey("table", rest) if rest in _TABLE:
            return _(_TABLE[rest])
        case SkillKey("shoe", (what,)) if what in _SHOE:
            return _(_SHOE[what])
    return _procedure_skill(parsed) or kind_skill(parsed) or describe(key)


def _procedure_skill(parsed: SkillKey) -> str | None:
    """A key of spotting a dealer's errors in words (None: one worded as it is stored)."""
    from trainer.skillkey import SkillKey
    from trainer.skills import error_title

    match parsed:
        case SkillKey("spot", rest) if rest in _SPOT:
            return _(_SPOT[rest])
        case SkillKey("violation", ("none",)):
            return _("Violations: a legal moment let play")
        case SkillKey("spot", (error,)):  # the catalogue's words for the mistake, as written
            return _("Spot: {mistake}").format(mistake=error_title(error))
        case SkillKey("spot", (error, "fix")):
            return _("Right step: {mistake}").format(mistake=error_title(error))
    return None


#: A call's skill, by its key's words ("Call: player shows").
_CALL_SKILLS = {
    "player_shows": N_("player shows"),
    "banker_shows": N_("banker shows"),
    "natural": N_("natural"),
    "player_acts": N_("player acts"),
    "player_has": N_("player has"),
    "banker_acts": N_("banker acts"),
    "banker_has": N_("banker has"),
    "result": N_("result"),
    "push": N_("push"),
}


def call_skill(family: str, parts: tuple[str, ...]) -> str | None:
    if family == "call" and len(parts) == 1 and parts[0] in _CALL_SKILLS:
        return _("Call: {step}").format(step=_(_CALL_SKILLS[parts[0]]))
    return None


#: The skills a drill kind words itself (spot the error, the shoe, moments, irregularities).
def _families() -> tuple[Callable[[str, tuple[str, ...]], str | None], ...]:
    from trainer.words import moments, shoe, spot  # the drill kinds' words, when first asked

    return (
        spot.skill_name,
        shoe.skill_name,
        moments.skill_name,
        moments.irregularity_skill,
        call_skill,
    )


def kind_skill(parsed: SkillKey) -> str | None:
    """A skill of a drill kind's own (calls, violations, irregularities, spotting, the
    shoe) in words; None for another."""
    for family_words in _families():
        said = family_words(parsed.family, parsed.parts)
        if said is not None:
            return said
    return None


# -- runs -------------------------------------------------------------------------------------

_RUN_STATES: Mapping[str, str] = {
    "finished": N_("finished"),
    "abandoned": N_("abandoned"),
    "cut off": N_("cut off"),
    "done": N_("done"),
    "✓ pass": N_("✓ pass"),
    "✗ fail": N_("✗ fail"),
}
_MODES: Mapping[str, str] = {
    "practice": N_("practice"),
    "exam": N_("exam"),
    "review": N_("review"),
}


def run_state(state: str) -> str:
    """How a run ended (trainer.scoring.run_status, or its pass or fail)."""
    return _(_RUN_STATES[state]) if state in _RUN_STATES else state


def mode(value: str) -> str:
    """A run's mode as recorded (practice, exam, review)."""
    return _(_MODES[value]) if value in _MODES else value


# -- the path ---------------------------------------------------------------------------------

_STATES: Mapping[str, str] = {
    "mastered": N_("mastered"),
    "in progress": N_("in progress"),
    "not yet open": N_("not yet open"),
    "slipping": N_("slipping"),
    "learning": N_("learning"),
    "not started": N_("not started"),
}
_PACES: Mapping[str, str] = {"fast": N_("fast"), "on pace": N_("on pace"), "slow": N_("slow")}


def state(value: str) -> str:
    """A module's state or a skill's standing on the path (trainer.history.mastery)."""
    return _(_STATES[value]) if value in _STATES else value


def pace(value: str) -> str:
    """A skill's pace against its target."""
    return _(_PACES[value]) if value in _PACES else value


def needs(s: SkillMastery) -> tuple[str, ...]:
    """What stands between a skill and mastery (SkillMastery.needs, in words)."""
    if s.mastered:
        return ()
    rule = s.rule
    out = []
    if s.answered < rule.min_answers:
        more = rule.min_answers - s.answered
        out.append(_("{count} more answers").format(count=more))
    if s.recent and s.right * 100 < rule.accuracy * s.recent:
        out.append(
            _("{right} of the last {recent} right, {accuracy}% needed").format(
                right=s.right, recent=s.recent, accuracy=rule.accuracy
            )
        )
    if s.pace is not None and s.pace.value == "slow" and s.average is not None:
        out.append(
            _("{seconds} s an answer, {target} the target").format(
                seconds=f"{s.average:.1f}", target=mastery_target_words(rule)
            )
        )
    return tuple(out)


def readiness(path: PathProgress) -> str:
    """What an instructor reads first: table-ready, close, or how many skills are left."""
    from trainer.history.mastery import CLOSE

    left = len(path.to_go)
    if path.ready:
        return _("table-ready")
    return _("close") if left <= CLOSE else _("{count} left").format(count=left)


def held_back_by(path: PathProgress) -> tuple[str, ...]:
    """Each skill left, with the first thing it needs."""
    out = []
    for s in path.to_go:
        first = needs(s)
        out.append(
            _("{skill} ({needs})").format(skill=s.goal.title, needs=first[0])
            if first
            else s.goal.title
        )
    return tuple(out)


# -- the audition's verdict -------------------------------------------------------------------


def area_mark(area: AreaResult) -> str:
    """An area's grade as the verdict shows it (its letter is the curriculum's)."""
    if not area.enough:
        return _("not enough answers")
    return _("failed") if area.grade is None else area.grade.grade


def verdict_outcome(verdict: Verdict) -> str:
    """What follows PASSED or FAILED: the areas retaken on their own (when the rest stands)
    and the score's named band ("" with neither): Verdict.outcome_words, in words."""
    from trainer.session.audition import Outcome

    parts = []
    if verdict.retake_of is not None:
        names = ", ".join(a.area.title for a in verdict.areas if a.area.id in verdict.retaken)
        parts.append(
            _("A retake of {areas} (sitting {sitting}).").format(
                areas=names, sitting=verdict.retake_of[:8]
            )
        )
    if verdict.outcome is Outcome.RETAKE_AREAS:
        names = ", ".join(a.area.title for a in verdict.retake_areas)
        parts.append(_("Retake on their own: {areas}; the rest stands.").format(areas=names))
    if verdict.bands and verdict.score is not None:
        band = verdict.band
        parts.append(
            _("Score {score}: {band}.").format(
                score=verdict.score, band=band.name if band else _("in no band")
            )
        )
    return " ".join(parts)
