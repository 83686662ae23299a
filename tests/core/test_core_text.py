"""The kernel's text catalog: templates by language, English fallback, plural forms."""

import pytest

from bigtop.core.errors import DataError
from bigtop.core.text import Catalog, language, plural_form

CATALOG = Catalog(
    {
        "log.hired": {"en": "{seat} hires {card}.", "fr": "{seat} engage {card}."},
        "coins": {"en": {"one": "{n} coin", "other": "{n} coins"}, "fr": {"one": "{n} pièce", "other": "{n} pièces"}, "zh-Hant": "{n} 枚金幣"},
    }
)


def test_a_template_is_filled_in_the_language_asked_and_falls_back_to_english():
    assert CATALOG.text("log.hired", "fr", seat="Ana", card="Clown") == "Ana engage Clown."
    assert CATALOG.text("log.hired", "zh-Hant", seat="Ana", card="Clown") == "Ana hires Clown."
    assert CATALOG.missing()["zh-Hant"] == ["log.hired"]


def test_plural_forms_follow_each_language():
    assert [CATALOG.text("coins", "en", n=n) for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert [CATALOG.text("coins", "fr", n=n) for n in (0, 1, 2)] == ["0 pièce", "1 pièce", "2 pièces"]
    assert CATALOG.text("coins", "zh-Hant", n=1) == "1 枚金幣"
    assert plural_form("en", True) == "other"


def test_language_codes_are_matched_to_the_closest_language():
    assert [language(c) for c in ("fr-CA", "zh-TW", "ZH", "de", None, "")] == ["fr", "zh-Hant", "zh-Hant", "en", "en", "en"]


def test_a_catalog_file_nests_keys_and_refuses_gaps(tmp_path):
    good = tmp_path / "text.toml"
    good.write_text('[log.hired]\nen = "{seat} hires."\nzh-Hant = "{seat} 雇用。"\n', encoding="utf-8")
    assert Catalog.load(good).text("log.hired", "zh-Hant", seat="A") == "A 雇用。"
    no_english = tmp_path / "bad.toml"
    no_english.write_text('[log.hired]\nfr = "{seat} engage."\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"\[log.hired\] has no English"):
        Catalog.load(no_english)
    bare = tmp_path / "bare.toml"
    bare.write_text('title = "x"\n', encoding="utf-8")
    with pytest.raises(DataError, match="must be a table of languages"):
        Catalog.load(bare)
    no_other = tmp_path / "plural.toml"
    no_other.write_text('[coins]\nen = { one = "{n} coin" }\n', encoding="utf-8")
    with pytest.raises(DataError, match="need 'other'"):
        Catalog.load(no_other)
