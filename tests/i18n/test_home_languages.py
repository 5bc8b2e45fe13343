"""Home in every language at 80x24: snapshots (East Asian characters take two columns), every
word of home on screen whole in each language and in the pseudo-language (every message
about 40% longer), and the language key that switches at once and is remembered.

Update the snapshots after a deliberate change with
`pytest tests/i18n/test_home_languages.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import pytest
from textual.app import App

from tests.tui.test_snapshots import app as home_app
from trainer.i18n import LANGUAGES, PSEUDO, _, current, set_language
from trainer.prefs import load_settings
from trainer.tui.screens.home import HomeScreen

SIZE = (80, 24)
TRANSLATED = [code for code in LANGUAGES if code != "en"]

#: What home shows of its own words (the drills' titles and descriptions are the drill files'),
#: with the example app of tests/tui/test_snapshots.py: a trainee, no history, no path.
KEYS = ["Start", "Warm-up", "Review", "Progress", "Class", "Name", "4-colour", "Language", "Quit"]
WORDS = ["ezbac · EZ Baccarat dealer trainer", "Trainee:", "(exam)", "Enter: start this drill"]


def screen_lines(app: App[None]) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
def test_home_snapshot(language: str, snap_compare) -> None:
    set_language(language)
    assert snap_compare(home_app(start=False), terminal_size=SIZE)


@pytest.mark.parametrize("language", [*TRANSLATED, PSEUDO])
async def test_every_word_of_home_is_on_screen_whole(language: str) -> None:
    set_language(language)
    app = home_app(start=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = screen_lines(app)
        assert len(lines) == SIZE[1]
        text = "\n".join(lines)
        for key in KEYS:  # a key's label is never split or cut
            assert _(key) in text, (key, _(key), text)
            assert _(key) != key, key  # translated, not the English left in
        words = set(text.split())
        for message in WORDS:  # these may wrap, but every word is there
            shown = _(message)
            assert set(shown.split()) <= words, (message, shown, text)


async def test_the_language_key_switches_at_once_and_is_remembered() -> None:
    app = home_app(start=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "ezbac · EZ Baccarat dealer trainer" in "\n".join(screen_lines(app))
        await pilot.press("l")
        await pilot.pause()
        assert current() == "zh_Hans"
        text = "\n".join(screen_lines(app))
        assert "ezbac · EZ 百家乐荷官训练器" in text and "学员：" in text and "语言" in text
        assert "Trainee:" not in text and " Start " not in text
        assert load_settings().settings.language == "zh_Hans"
        assert isinstance(app.screen, HomeScreen)
        for _step in range(3):  # zh_Hant, vi, ko
            await pilot.press("l")
        await pilot.pause()
        assert current() == "ko" and "EZ 바카라 딜러 훈련기" in "\n".join(screen_lines(app))
        await pilot.press("l")  # and round to English
        await pilot.pause()
        assert current() == "en" and load_settings().settings.language == "en"
        assert "Trainee:" in "\n".join(screen_lines(app))


async def test_the_environment_s_locale_reaches_home() -> None:
    from trainer.cli.common import speak

    assert speak([], environ={"LANG": "zh_HK.UTF-8"}) == []
    app = home_app(start=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        assert "ezbac · EZ 百家樂荷官訓練器" in text and "學員：" in text
