"""Amounts, counts and times as the current language writes them, for DISPLAY only (CLDR
through Babel, imported here and only when something is formatted): what is typed in is
read exactly as it always was, and machine-readable output never comes through here."""

from __future__ import annotations

from datetime import datetime, timedelta
from decimal import Decimal

from trainer.i18n import ENGLISH, PSEUDO, current

#: The CLDR locale each language is formatted by (Traditional Chinese: Hong Kong's, Macau's
#: and Taiwan's agree on numbers).
_CLDR: dict[str, str] = {
    ENGLISH: "en",
    PSEUDO: "en",
    "zh_Hans": "zh_Hans_CN",
    "zh_Hant": "zh_Hant_HK",
    "vi": "vi",
    "ko": "ko",
}


def _locale(language: str | None) -> str:
    return _CLDR.get(language or current(), "en")


def number(value: int | Decimal, language: str | None = None) -> str:
    """``value`` with the language's digit grouping and decimal sign, every digit kept (never
    rounded: 12.5 stays 12.5)."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, locale=_locale(language), decimal_quantization=False))


def seconds(value: float, language: str | None = None) -> str:
    """A duration in seconds as the language says it ("12 seconds", "12秒", "12초")."""
    from babel.dates import format_timedelta

    duration = timedelta(seconds=value)
    return str(
        format_timedelta(duration, granularity="second", threshold=1000, locale=_locale(language))
    )


def day_time(moment: datetime, language: str | None = None) -> str:
    """A day and a time of day as the language writes them, in ``moment``'s own time zone
    ("05 May 10:42", "5月5日 10:42", "5월 5일 10:42"); the pseudo-language in figures only
    (a month's English name is no message of ours)."""
    spoken = language or current()
    if spoken == ENGLISH:
        return moment.strftime("%d %b %H:%M")
    from babel.dates import format_skeleton

    where = _locale(spoken)
    day = format_skeleton(
        "Md" if spoken == PSEUDO else "MMMd", moment, tzinfo=moment.tzinfo, locale=where
    )
    return f"{day} {format_skeleton('Hm', moment, tzinfo=moment.tzinfo, locale=where)}"


def cldr_locale(language: str | None = None) -> str:
    """The CLDR locale ``language`` (the current one by default) is formatted by, for a
    pattern of one's own (an amount's cents kept: ``trainer.words.names``)."""
    return _locale(language)
