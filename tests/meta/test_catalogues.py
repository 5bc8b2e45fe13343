"""The shipped catalogues are complete and compiled: `python -m trainer.cli.catalogues
--check` finds nothing (no message missing, none fuzzy, placeholders as the English's, every
.mo compiled from its .po, the pseudo-language generated from the template).  And the check
does find each of those when it is there."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from trainer.cli import catalogues
from trainer.i18n import LANGUAGES, LOCALE_DIR, PSEUDO


def test_every_shipped_catalogue_is_complete_and_compiled() -> None:
    assert catalogues.problems() == []


def test_every_language_has_its_catalogue_and_compiled_catalogue() -> None:
    for code in [*LANGUAGES, PSEUDO]:
        if code == "en":
            continue
        folder = LOCALE_DIR / code / "LC_MESSAGES"
        assert (folder / "ezbac.po").is_file() and (folder / "ezbac.mo").is_file(), code


def _template() -> Catalog:
    template = Catalog(locale=None)
    template.add("Start")
    template.add("The drill {drill} is not installed.")
    template.add(("Review: {count} skill due", "Review: {count} skills due"))
    template.add("Quit")
    return template


def test_the_check_finds_missing_empty_fuzzy_and_wrong_placeholders() -> None:
    made = Catalog(locale="ko")
    made.add("Start", "시작", flags=["fuzzy"])
    made.add("The drill {drill} is not installed.", "연습 {drill_name}이 없습니다.")
    made.add(("Review: {count} skill due", "Review: {count} skills due"), ("",))
    lines = list(catalogues.incomplete("ko", made, _template()))
    where = "trainer/i18n/locale/ko/LC_MESSAGES/ezbac.po"
    assert lines == [
        f"{where}: 'Start' is marked fuzzy",
        f"{where}: 'The drill {{drill}} is not installed.': its placeholders ['{{drill_name}}'] "
        "differ from the English's ['{drill}']",
        f"{where}: 'Review: {{count}} skill due' is not translated",
        f"{where}: 'Quit' is missing",
    ]


def test_a_complete_catalogue_passes() -> None:
    made = Catalog(locale="ko")
    made.add("Start", "시작")
    made.add("The drill {drill} is not installed.", "연습 {drill}이 없습니다.")
    made.add(("Review: {count} skill due", "Review: {count} skills due"), ("복습 {count}개",))
    made.add("Quit", "종료")
    assert list(catalogues.incomplete("ko", made, _template())) == []


def test_an_argparse_percent_counts_as_a_placeholder() -> None:
    # argparse %-formats a help text: a lone % added by a translation would break --help
    assert catalogues.placeholders("100%% sure, %(default)s") == ["%%", "%(default)s"]


def test_the_pseudo_language_is_longer_accented_and_keeps_placeholders() -> None:
    made = catalogues.pseudo("Trainee: {name}")
    assert made.startswith("Ţřåîñéé: {name}")
    assert len(made) >= len("Trainee: {name}") * 1.4
    assert catalogues.placeholders(made) == ["{name}"]


def test_a_stale_compiled_catalogue_is_reported(tmp_path, monkeypatch) -> None:
    """Copy the shipped catalogues, change one .po: its .mo is then out of date."""
    import shutil

    copy = tmp_path / "locale"
    shutil.copytree(LOCALE_DIR, copy)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", copy)
    monkeypatch.setattr(catalogues, "TEMPLATE", copy / "ezbac.pot")
    po = copy / "vi" / "LC_MESSAGES" / "ezbac.po"
    po.write_text(
        po.read_text(encoding="utf-8").replace('msgstr "Thoát"', 'msgstr "Ra"'), encoding="utf-8"
    )
    found = catalogues.problems()
    assert found == [f"{copy}/vi/LC_MESSAGES/ezbac.mo: not compiled from its .po"]


def test_the_check_finds_an_engine_kind_no_glossary_gives(monkeypatch) -> None:
    """A violation added to the engine without its words: every glossary is reported, and
    nothing else."""
    import enum

    from trainer.cli import glossaries
    from trainer.engine.violations import Violation

    grown = enum.Enum("Violation", [(v.name, v.value) for v in Violation] + [("PEEK", "peek")])
    monkeypatch.setitem(glossaries.FAMILIES, "violation", grown)
    assert catalogues.problems() == [
        f"trainer/i18n/glossary/{code}.yaml: the kind 'violation.peek' is missing"
        for code in ("zh_Hans", "zh_Hant", "vi", "ko")
    ]
