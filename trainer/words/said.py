"""What the engine says (``trainer.engine.said.Said``: a message and its values), in the
language spoken.

A ``Said`` is looked up by its English template and its values worded in turn: another
``Said`` the same way, a name the engine gives (a hand's, a bet's, an outcome's: "Player",
"Dragon 7") from the catalogue, and anything else (a card, a total, an amount) as it is
written, the same in every language.
"""

from __future__ import annotations

from trainer.engine.money import Amount, Exact
from trainer.engine.said import Grouped, Plural, Said, Verbatim
from trainer.i18n import N_, _, ngettext

#: The names the engine puts in its sentences (``Side.label``, ``Outcome.label``,
#: ``Bet.label``), declared here for the catalogue: the engine holds them as plain words.
NAMES = (N_("Player"), N_("Banker"), N_("Tie"), N_("Dragon 7"), N_("Panda 8"))


def say(text: object) -> str:
    """``text`` in the language spoken: a ``Said`` worded from its template (a ``Plural``
    in the plural form the count takes); a plain word the catalogue has (a hand's name)
    translated; a ``Grouped`` number grouped and an ``Amount`` written as the language writes
    them; a ``Verbatim`` and
    anything else as written."""
    if isinstance(text, Plural):
        template = ngettext(text.singular, text.plural, text.number)
        return template.format(**{name: say(value) for name, value in text.args.items()})
    if isinstance(text, Said):
        if not text.args:
            return _(text.template)
        return _(text.template).format(**{name: say(value) for name, value in text.args.items()})
    if isinstance(text, Verbatim):
        return str(text)
    if isinstance(text, Amount):  # money: as the language writes amounts
        from decimal import Decimal

        from trainer.words.names import amount, exact_amount

        value = Decimal(text)
        return exact_amount(value) if isinstance(text, Exact) else amount(value)
    if isinstance(text, Grouped):
        from trainer.i18n.formats import number

        return number(int(text))
    if isinstance(text, str):
        return _(text) if text.strip() else text
    return str(text)
