"""The catalog is read from several files, one per topic, as one catalog."""

from __future__ import annotations

from importlib import resources

import pytest

from mtgrules.cards import _parse_catalog, catalog, catalog_files
from mtgrules.errors import ScenarioError


def test_catalog_yaml_is_read_first_then_the_topic_files_in_name_order():
    files = catalog_files()
    assert files[0] == "catalog.yaml"
    assert files[1:] == sorted(files[1:])


def test_every_card_of_every_catalog_file_is_in_the_catalog():
    folder = resources.files("mtgrules.cards")
    for name in catalog_files():
        text = (folder / name).read_text(encoding="utf-8")
        for card in _parse_catalog(text, name):
            assert card in catalog()


def test_a_topic_file_without_a_cards_list_is_refused_with_its_file():
    with pytest.raises(ScenarioError, match=r"mtgrules/cards/auras\.yaml: .*'cards' list"):
        _parse_catalog("creatures: []\n", "mtgrules/cards/auras.yaml")


def test_a_card_defined_in_two_files_is_refused(monkeypatch: pytest.MonkeyPatch):
    import mtgrules.cards as cards

    folder = resources.files("mtgrules.cards")
    main = (folder / "catalog.yaml").read_text(encoding="utf-8")
    bears = main[main.index("  - name: Grizzly Bears"):]
    bears = bears[:bears.index("\n  - name:", 1)]
    files = {"catalog.yaml": main, "zz_more.yaml": "cards:\n" + bears + "\n"}

    class Folder:
        def __truediv__(self, name: str):
            class F:
                def read_text(self, encoding: str) -> str:
                    return files[name]
            return F()

    monkeypatch.setattr(cards, "catalog_files", lambda: list(files))
    monkeypatch.setattr(cards, "FOLDER", Folder())
    monkeypatch.setenv("MTGRULES_CACHE_DIR", "off")
    cards.catalog.cache_clear()
    try:
        with pytest.raises(ScenarioError, match=r"zz_more\.yaml.*Grizzly Bears' is defined "
                                                r"twice \(also in mtgrules/cards/catalog\.yaml"):
            cards.catalog()
    finally:
        cards.catalog.cache_clear()
