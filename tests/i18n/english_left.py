"""What is left in English on a screen shown in the pseudo-language.

Every message that passes through the catalogue comes out of ``en_XA`` accented (``Start`` is
``Štåřt ~``), so a plain ASCII word of three letters or more on a pseudo-language screen is
a sentence that never reached the catalogue: built below the edges, or not marked.  The
screens' tests call :func:`english_left` with what may stay as typed (a drill file's title, a
trainee's name, card notation, ``ezbac``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: A word of plain ASCII letters, three or more (shorter ones are notation: ``Th``, ``P``).
_PLAIN_WORD = re.compile(r"(?<![^\W\d_])[A-Za-z]{3,}(?![^\W\d_])")

#: Words that are no sentence in any language: the program's name.
ALWAYS_ALLOWED = frozenset({"ezbac"})


def english_left(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The plain English words of ``text`` (a screen's lines) but those ``allowed`` (whole
    phrases whose words may stay as typed: a drill's title, a name)."""
    kept = set(ALWAYS_ALLOWED)
    for phrase in allowed:
        kept.update(_PLAIN_WORD.findall(phrase))
    return [word for word in _PLAIN_WORD.findall(text) if word not in kept]
