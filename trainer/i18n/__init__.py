"""The language ezbac speaks: which one is chosen, and a message in it.

Standard library only at import (``gettext``): the home screen's first frame needs nothing
more.  Babel is imported only to format an amount or a time for display
(``trainer.i18n.formats``) and to build the catalogues (``python -m trainer.cli.catalogues``).

The language is chosen, first found first: ``--lang`` on the command line, the trainer's
setting (the home screen's language key), the environment's locale (``LC_ALL``,
``LC_MESSAGES``, ``LANG``), else English.  A message the chosen catalogue does not have is
shown in English (the source string), never empty.  Machine-readable output never passes
through here.
"""

from __future__ import annotations

import gettext as _gettext
import re
from collections.abc import Mapping
from pathlib import Path

from trainer.errors import BadInputError

DOMAIN = "ezbac"
LOCALE_DIR = Path(__file__).with_name("locale")
ENGLISH = "en"
#: The generated pseudo-language (every message longer, accented): the layout's test, never
#: offered to trainees.
PSEUDO = "en_XA"

#: Each shipped language, by its code (the catalogue's folder), with its own name for itself.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "zh_Hans": "简体中文",
    "zh_Hant": "繁體中文",
    "vi": "Tiếng Việt",
    "ko": "한국어",
}

#: Other spellings of a language (a locale's name, BCP 47), lower case, ``-`` as ``_``.
_ALIASES: dict[str, str] = {
    "zh_cn": "zh_Hans",
    "zh_sg": "zh_Hans",
    "zh_my": "zh_Hans",
    "zh_hans_cn": "zh_Hans",
    "zh_tw": "zh_Hant",
    "zh_hk": "zh_Hant",
    "zh_mo": "zh_Hant",
    "zh_hant_tw": "zh_Hant",
    "zh_hant_hk": "zh_Hant",
    "zh_hant_mo": "zh_Hant",
    "yue": "zh_Hant",
    "c": "en",
    "posix": "en",
}


#: A language's or a locale's name: ``ko``, ``zh_Hant_HK``, ``en_GB`` (ASCII letters and digits).
_LOCALE_NAME = re.compile(r"[A-Za-z]{1,8}(_[A-Za-z0-9]{1,8}){0,3}")


class UnknownLanguageError(BadInputError):
    """A language ezbac has no catalogue for, or whose catalogue cannot be read."""


def known(code: str) -> str | None:
    """The shipped language ``code`` names (``zh-TW``, ``ko_KR.UTF-8``, ``zh_Hant`` ...), or
    None."""
    word = code.split(".")[0].split("@")[0].replace("-", "_").strip()
    if not _LOCALE_NAME.fullmatch(word):  # a path, a space, punctuation: no language
        return None
    lowered = word.lower()
    for name in (*LANGUAGES, PSEUDO):
        if lowered == name.lower():
            return name
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    base = lowered.split("_")[0]
    if base in LANGUAGES and base != "zh":  # ko_KR, vi_VN, en_GB
        return base
    if base == "zh":  # Chinese without a script or a place: the Simplified characters
        return "zh_Hans"
    return None


def parse_language(text: str, where: str = "--lang") -> str:
    """The language a user named; UnknownLanguageError naming it otherwise (an empty one
    too: never a default)."""
    if not text.strip():
        raise UnknownLanguageError(
            _("{where}: the language is empty: give one of {languages}").format(
                where=where, languages=_listed()
            )
        )
    found = known(text)
    if found is None:
        raise UnknownLanguageError(
            _("{where}: unknown language {text}: give one of {languages}").format(
                where=where, text=repr(text), languages=_listed()
            )
        )
    return found


def _listed() -> str:
    return ", ".join(LANGUAGES)


def from_environment(environ: Mapping[str, str]) -> str:
    """The language of the environment's locale (the first of LC_ALL, LC_MESSAGES, LANG that
    is set), English when it names none ezbac has: a locale ezbac does not speak is no
    error."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return known(value) or ENGLISH
    return ENGLISH


def choose(given: str | None, setting: str, environ: Mapping[str, str]) -> tuple[str, str | None]:
    """The language to speak, and why a setting was passed over (None if it was not): the
    one ``given`` (``--lang``, already parsed), else the trainer's ``setting``, else the
    environment's."""
    if given:
        return given, None
    if setting:
        found = known(setting)
        if found is not None:
            return found, None
        problem = f"settings: unknown language {setting!r} ignored"
        return from_environment(environ), problem
    return from_environment(environ), None


class _State:
    language: str = ENGLISH
    catalogue: _gettext.NullTranslations = _gettext.NullTranslations()


def load(language: str) -> _gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English: none, the sources are English);
    UnknownLanguageError naming it when it is missing or cannot be read."""
    if language == ENGLISH:
        return _gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as f:
            return _gettext.GNUTranslations(f)
    except FileNotFoundError:
        raise UnknownLanguageError(
            f"language {language!r}: its catalogue {path} is missing"
        ) from None
    except OSError as exc:
        raise UnknownLanguageError(
            f"language {language!r}: cannot read its catalogue {path} ({exc.strerror})"
        ) from None
    except Exception as exc:  # a damaged .mo: struct.error, UnicodeDecodeError, OSError
        raise UnknownLanguageError(
            f"language {language!r}: its catalogue {path} is damaged ({type(exc).__name__})"
        ) from None


def set_language(language: str) -> None:
    """Speak ``language`` from now on (UnknownLanguageError when its catalogue cannot be
    read: then the language is unchanged)."""
    catalogue = load(language)
    _State.language, _State.catalogue = language, catalogue


def current() -> str:
    return _State.language


def _(message: str) -> str:
    """``message`` in the current language; the English itself when it has no translation."""
    return _State.catalogue.gettext(message) or message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` by the language's plural rule (its catalogue's
    ``Plural-Forms``); English's when it has no translation."""
    found = _State.catalogue.ngettext(singular, plural, n)
    return found or (singular if n == 1 else plural)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is declared (a key's label); it is
    translated where it is shown, with ``_``."""
    return message
