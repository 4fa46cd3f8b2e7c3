"""The catalog is read from several files, one per topic, as one catalog."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

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


def test_a_card_defined_in_two_files_is_refused(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path):
    import mtgrules.cards as cards

    folder = resources.files("mtgrules.cards")
    main = (folder / "catalog.yaml").read_text(encoding="utf-8")
    bears = main[main.index("  - name: Grizzly Bears"):]
    bears = bears[:bears.index("\n  - name:", 1)]
    files = {"catalog.yaml": main, "zz_more.yaml": "cards:\n" + bears + "\n"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")

    monkeypatch.setattr(cards, "catalog_files", lambda: list(files))
    monkeypatch.setattr(cards, "FOLDER", tmp_path)
    monkeypatch.setenv("MTGRULES_CACHE_DIR", "off")
    cards.catalog.cache_clear()
    try:
        with pytest.raises(ScenarioError, match=r"zz_more\.yaml.*Grizzly Bears' is defined "
                                                r"twice \(also in mtgrules/cards/catalog\.yaml"):
            cards.catalog()
    finally:
        cards.catalog.cache_clear()


#: French names a bilingual judge or the shared list confirms, and basic lands.
REFERENCE_NAMES = Path(__file__).resolve().parents[2] / "shared/reference/card_names_fr.csv"


@pytest.mark.skipif(not REFERENCE_NAMES.is_file(), reason="no ../shared/reference folder")
def test_a_real_card_marked_verified_in_french_says_where_its_name_was_confirmed():
    """verified_fr: true (the default) on a real card means its French name is in the shared
    reference list, is a basic land's, or has a ``source_fr`` naming where it was confirmed."""
    import csv

    import yaml

    with REFERENCE_NAMES.open(encoding="utf-8") as f:
        listed = {row["en"] for row in csv.DictReader(f)}
    folder = resources.files("mtgrules.cards")
    unsourced = []
    for name in catalog_files():
        for card in yaml.safe_load((folder / name).read_text(encoding="utf-8"))["cards"]:
            if card.get("kit") or card.get("verified_fr") is False:
                continue
            if card["name"] not in listed | {"Forest", "Island"} and not card.get("source_fr"):
                unsourced.append(card["name"])
    assert not unsourced, f"verified French names without a source: {unsourced}"
