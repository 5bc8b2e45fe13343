"""The words every drill's screens share: an amount, seconds to a tenth, an outcome's and a
bet's names, in the language spoken (amounts formatted for display by CLDR through Babel;
what a trainee types is read exactly as before)."""

from __future__ import annotations

from decimal import Decimal

from trainer.drills.model import Step
from trainer.engine import Bet, Outcome, format_amount
from trainer.engine.games import CENT, Rounding
from trainer.engine.money import normalize
from trainer.i18n import ENGLISH, N_, PSEUDO, _, current

# -- amounts ---------------------------------------------------------------------------------


def amount(value: Decimal) -> str:
    """An amount as the language writes it, for display: every digit kept, cents as cents
    (2.50, never 2.5); English and the pseudo-language as the trainer always wrote it."""
    if current() in (ENGLISH, PSEUDO):
        return format_amount(value)
    from babel.numbers import format_decimal

    from trainer.i18n.formats import cldr_locale

    shown = normalize(value)
    exponent = shown.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) else 0
    pattern = "#,##0" + ("." + "0" * places if places > 0 else "")
    return str(format_decimal(shown, format=pattern, locale=cldr_locale()))


def exact_amount(value: Decimal) -> str:
    """An exact product, every digit ("6.85", "0.0125")."""
    if current() in (ENGLISH, PSEUDO):
        return f"{value.normalize():f}"
    from trainer.i18n.formats import number

    return number(value.normalize())


def tenths(value: float, width: int = 0) -> str:
    """Seconds to a tenth ("4.2"; "4,2" in Vietnamese), right-aligned in ``width``."""
    if current() in (ENGLISH, PSEUDO):
        return f"{value:{width}.1f}"
    from babel.numbers import format_decimal

    from trainer.i18n.formats import cldr_locale

    shown = str(format_decimal(round(value, 1), format="#,##0.0", locale=cldr_locale()))
    return shown.rjust(width)


def amount_problem(problem: Exception, typed: str) -> str:
    """Why a typed amount was refused: the engine's own line in English; in another
    language, what was typed and what an amount looks like (the engine words its refusals
    in English only)."""
    if current() == ENGLISH:
        return str(problem)
    return _("{typed} is not an amount this question takes (for example 600 or 2.50)").format(
        typed=repr(typed.strip())
    )


# -- names -----------------------------------------------------------------------------------

_OUTCOMES = {
    Outcome.PLAYER: N_("Player"),
    Outcome.BANKER: N_("Banker"),
    Outcome.TIE: N_("Tie"),
    Outcome.DRAGON7: N_("Dragon 7"),
    Outcome.PANDA8: N_("Panda 8"),
}


def outcome_name(outcome: Outcome) -> str:
    return _(_OUTCOMES[outcome])


def bet_name(bet: Bet) -> str:
    """A bet is named after the outcome it backs."""
    return outcome_name(Outcome(bet.value))


_STEPS = {
    Step.PLAYER_DRAWS: N_("Does the Player draw?"),
    Step.BANKER_DRAWS: N_("Does the Banker draw?"),
    Step.OUTCOME: N_("What is the outcome?"),
    Step.PAYOUT: N_("What happens to each bet?"),
    Step.COMMISSION: N_("What commission is owed?"),
    Step.FEE: N_("What is the collection fee?"),
    Step.TABLE: N_("Work the table"),
    Step.BURN: N_("How many cards are burned?"),
    Step.CUT: N_("The cut card is out: what now?"),
    Step.CALL: N_("What does the dealer call?"),
    Step.SPOT: N_("Which step was the first dealt wrong?"),
    Step.FIX: N_("What was the right step?"),
    Step.VIOLATION: N_("Anything to stop? What does the house have you do?"),
    Step.IRREGULARITY: N_("What does the dealer do?"),
}


def step_question(step: Step) -> str:
    """The question a step asks ("Does the Player draw?")."""
    return _(_STEPS[step])


def rounding_words(rounding: Rounding) -> str:
    """How a house rounds a commission: "up to the next quarter", or its step table."""
    if rounding.unit == CENT:
        unit = _("to the cent")
    elif rounding.unit == Decimal("0.25"):
        unit = _("up to the next quarter")
    else:
        unit = _("up to a multiple of {amount}").format(amount=amount(rounding.unit))
    if not rounding.steps:
        return unit
    table = ", ".join(
        _("above that owes {amount}").format(amount=amount(step.amount))
        if step.up_to is None
        else _("up to {limit} owes {amount}").format(
            limit=amount(step.up_to), amount=amount(step.amount)
        )
        for step in rounding.steps
    )
    return _("{table}; above that {unit}").format(table=table, unit=unit)
