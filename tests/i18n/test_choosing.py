"""Which language is spoken, and a message in it: trainer.i18n."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import trainer.i18n as i18n
from trainer.i18n import (
    UnknownLanguageError,
    _,
    choose,
    from_environment,
    known,
    ngettext,
    parse_language,
    set_language,
)
from trainer.i18n.formats import number, seconds


@pytest.mark.parametrize(
    ("written", "language"),
    [
        ("ko", "ko"),
        ("ko_KR.UTF-8", "ko"),
        ("vi_VN", "vi"),
        ("zh_TW.UTF-8", "zh_Hant"),
        ("zh-HK", "zh_Hant"),
        ("zh_MO", "zh_Hant"),
        ("zh_CN.GB18030", "zh_Hans"),
        ("zh-Hans", "zh_Hans"),
        ("ZH_HANT", "zh_Hant"),
        ("en_GB.UTF-8", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("de_DE.UTF-8", None),
        ("xx", None),
        ("zh_Hant/../ko", None),  # a path is no language, whatever it starts with
        ("ko KR", None),
        ("zh_\udcff", None),
    ],
)
def test_a_language_is_known_by_its_usual_spellings(written: str, language: str | None) -> None:
    assert known(written) == language


def test_an_unknown_or_empty_language_is_refused_by_name() -> None:
    with pytest.raises(UnknownLanguageError, match=r"^--lang: unknown language 'klingon'"):
        parse_language("klingon")
    with pytest.raises(UnknownLanguageError, match=r"^--lang: the language is empty"):
        parse_language(" ")


def test_the_environment_s_locale_in_order() -> None:
    assert from_environment({"LANG": "ko_KR.UTF-8"}) == "ko"
    assert from_environment({"LC_MESSAGES": "vi_VN", "LANG": "ko_KR"}) == "vi"
    assert from_environment({"LC_ALL": "zh_TW", "LC_MESSAGES": "vi_VN", "LANG": "ko"}) == "zh_Hant"
    assert from_environment({"LC_ALL": "", "LANG": "ko"}) == "ko"  # an empty one is unset
    assert from_environment({"LANG": "de_DE.UTF-8"}) == "en"  # not spoken: no error
    assert from_environment({}) == "en"


def test_lang_beats_the_setting_which_beats_the_environment() -> None:
    env = {"LANG": "ko_KR.UTF-8"}
    assert choose("vi", "zh_Hant", env) == ("vi", None)
    assert choose(None, "zh_Hant", env) == ("zh_Hant", None)
    assert choose(None, "", env) == ("ko", None)
    assert choose(None, "tlh", env) == ("ko", "settings: unknown language 'tlh' ignored")


def test_a_message_in_each_language_and_english_when_missing() -> None:
    set_language("zh_Hant")
    assert _("Start") == "開始"
    assert _("a message no catalogue has") == "a message no catalogue has"
    set_language("ko")
    assert _("Quit") == "종료"
    set_language("zh_Hans")
    assert _("Quit") == "退出"
    set_language("vi")
    assert _("Language") == "Ngôn ngữ"
    set_language("en")
    assert _("Start") == "Start"


def test_plurals_follow_the_catalogue_s_rule() -> None:
    one, many = "Review: {count} skill due", "Review: {count} skills due"
    assert ngettext(one, many, 1) == one and ngettext(one, many, 2) == many
    set_language("ko")  # Korean has one form
    assert ngettext(one, many, 1) == ngettext(one, many, 5) == "복습: 기술 {count}개 예정"
    assert ngettext("no such", "no such ones", 3) == "no such ones"


def test_a_damaged_catalogue_is_named_and_the_language_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "ko" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "ezbac.mo").write_bytes(b"\xde\x12\x04\x95garbage")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    set_language("en")
    with pytest.raises(UnknownLanguageError, match=r"language 'ko': its catalogue .* damaged"):
        set_language("ko")
    with pytest.raises(UnknownLanguageError, match=r"language 'vi': its catalogue .* missing"):
        set_language("vi")
    assert i18n.current() == "en" and _("Start") == "Start"


def test_amounts_and_times_for_display_by_the_locale() -> None:
    # CLDR: Vietnamese groups with "." and marks decimals with ","; every digit kept
    assert number(Decimal("1234567.5"), "vi") == "1.234.567,5"
    assert number(Decimal("1234567.5"), "ko") == "1,234,567.5"
    assert number(Decimal("12.125"), "en") == "12.125"
    assert seconds(12, "en") == "12 seconds"
    assert seconds(12, "ko") == "12초"


def test_the_language_setting_is_saved_and_read(tmp_path: Path) -> None:
    from trainer.prefs import Settings, load_settings, save_settings

    path = tmp_path / "settings.json"
    save_settings(load_settings(path), Settings("Sam"))
    assert "language" not in path.read_text(encoding="utf-8")  # none chosen: as before
    save_settings(load_settings(path), Settings("Sam", language="zh_Hant"))
    assert '"language": "zh_Hant"' in path.read_text(encoding="utf-8")
    assert load_settings(path).settings.language == "zh_Hant"
    path.write_text('{"trainee": "Sam", "language": 7}', encoding="utf-8")
    loaded = load_settings(path)
    assert loaded.problem is not None and "not valid" in loaded.problem
    assert loaded.settings.language == ""
