"""Each browser tab under `ezbac serve` speaks its own language, in Debian's headless
Chromium: the language comes from the tab's browser (navigator.languages, set here per tab
through the DevTools protocol as a browser set to Korean or to Traditional Chinese would
send it), and the home screen's language key switches that tab only, never another tab's
nor the server's setting (the preferences file in the data folder); a reload of the tab
speaks what its key chose (the page keeps it for that tab), and a kept value ezbac does not
offer is ignored.

The titles expected are the catalogues' own translations of the home screen's title, as a
translator wrote them in trainer/i18n/locale/<language>/LC_MESSAGES/ezbac.po."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_serve_browser import CATCH_TERMINAL, keys, open_browser, wait_for
from tests.support.serve import Served
from trainer.prefs import SETTINGS_FILE

pytestmark = pytest.mark.usefixtures("chromium_installed")

ENGLISH = "ezbac · EZ Baccarat dealer trainer"
KOREAN = "ezbac · EZ 바카라 딜러 훈련기"
TRADITIONAL = "ezbac · EZ 百家樂荷官訓練器"
VIETNAMESE = "ezbac · Trình luyện chia bài EZ Baccarat"
#: The language a tab's key chose, as its page keeps it for the tab.
KEPT = "return sessionStorage.getItem('ezbac-language');"


def _open_tab_in(driver, url: str, languages: str | None) -> str:  # type: ignore[no-untyped-def]
    """A new tab whose browser speaks ``languages`` (an Accept-Language list; None: the
    browser's own), opened at ``url``; its window handle."""
    driver.switch_to.new_window("tab")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CATCH_TERMINAL})
    if languages is not None:
        agent = driver.execute_script("return navigator.userAgent;")
        driver.execute_cdp_cmd(
            "Emulation.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": languages}
        )
    driver.get(url)
    return str(driver.current_window_handle)


def test_two_tabs_in_two_languages_and_the_key_switches_one(tmp_path: Path) -> None:
    served = Served(tmp_path)
    try:
        served.wait_listening()
        with open_browser(tmp_path) as driver:
            try:
                korean = _open_tab_in(driver, served.url, "ko-KR,ko;q=0.9,en;q=0.5")
                assert driver.execute_script("return navigator.languages;")[0] == "ko-KR"
                wait_for(driver, KOREAN)
                chinese = _open_tab_in(driver, served.url, "zh-TW,zh;q=0.9")
                wait_for(driver, TRADITIONAL)

                driver.switch_to.window(korean)  # the key in the Korean tab: ko -> English
                driver.execute_script("window.__terminals[0].focus();")
                keys(driver, "l")
                assert KOREAN not in wait_for(driver, ENGLISH)
                # reloaded, the tab speaks what its key chose, not its browser's Korean
                assert driver.execute_script(KEPT) == "en"
                driver.refresh()
                assert KOREAN not in wait_for(driver, ENGLISH)

                driver.switch_to.window(chinese)  # still Traditional Chinese: its key
                driver.execute_script("window.__terminals[0].focus();")  # goes zh_Hant -> vi
                assert TRADITIONAL in driver.execute_script(
                    "const t = window.__terminals[0]; return t.buffer.active.getLine(0)"
                    ".translateToString(true) + '\\n' + t.buffer.active.getLine(1)"
                    ".translateToString(true);"
                )
                keys(driver, "l")
                wait_for(driver, VIETNAMESE)

                # a new tab from a Korean browser: Korean still (the key changed no setting,
                # and what a tab's key chose is that tab's own)
                _open_tab_in(driver, served.url, "ko")
                wait_for(driver, KOREAN)
                assert driver.execute_script(KEPT) is None
                # a kept value that is not one of ezbac's languages (here the layout's
                # pseudo-language): ignored, the browser's language
                driver.execute_script("sessionStorage.setItem('ezbac-language', 'en_XA');")
                driver.refresh()
                wait_for(driver, KOREAN)
                # a browser in a language ezbac does not have: the server's own (English)
                _open_tab_in(driver, served.url, "fr-FR,fr;q=0.9")
                wait_for(driver, ENGLISH)
            finally:
                driver.save_screenshot(str(tmp_path / "browser.png"))
    finally:
        status, printed = served.stop()
    assert status == 130, printed
    # the server's setting is untouched: no language saved in the shared data folder
    saved = list((tmp_path / "home").rglob(SETTINGS_FILE))
    assert all('"language"' not in path.read_text(encoding="utf-8") for path in saved), saved
