"""The pseudo-language's detector of words left in English, on hand-written lines."""

from __future__ import annotations

from tests.i18n.english_left import english_left


def test_accented_words_and_notation_are_not_english() -> None:
    assert english_left("Štåřt ~  Th 9c  P B  ezbac") == []


def test_a_plain_word_is_found_and_an_allowed_phrase_is_not() -> None:
    line = "Ďŕàŵ ~  Player draws  Dragon drill"
    assert english_left(line) == ["Player", "draws", "Dragon", "drill"]
    assert english_left(line, allowed=["Dragon drill"]) == ["Player", "draws"]


def test_a_plain_word_glued_to_an_accented_one_is_part_of_it() -> None:
    assert english_left("Pàýéŕ Playér") == []
