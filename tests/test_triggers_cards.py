"""The cards of issue 14's triggers part (mtgrules/cards/triggers.yaml), played out.

The triggers-* scenarios are the demonstrations: intervening "if" (603.4), "becomes the target"
(603.2), "whenever you gain life" (119.9), "that player", "each opponent" (115.10), amounts read
on resolution or from last known information (608.2h, 113.7a), "unless ... pays" and "you may
pay" paid with mana abilities (118.12, 117.1d, 605.3a), removing counters, and filters. Each check
catching a wrong engine is tested in test_topic_scenarios.py; these tests make sure made-up
cards with the same abilities behave the same.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from scenario_text import (
    assert_renamed_cards_behave_the_same,
    topic_cards,
)

import mtgrules
from mtgrules.scenarios import shipped_scenarios

SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith("triggers-")]


def _cards() -> list[dict[str, Any]]:
    return topic_cards("triggers.yaml")


def test_every_card_has_a_scenario():
    used = "\n".join(p.read_text(encoding="utf-8") for p in SCENARIOS)
    assert len(_cards()) >= 9
    for card in _cards():
        assert f"card: {card['name']}" in used or f"card: \"{card['name']}\"" in used, \
            card["name"]


# --- made-up cards behave the same -----------------------------------------------------------

@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_made_up_cards_with_the_same_abilities_behave_the_same(path: Path):
    assert_renamed_cards_behave_the_same(path, _cards())


def test_no_card_name_of_triggers_yaml_appears_in_the_engine():
    package = Path(mtgrules.__file__).parent
    for module in package.glob("*.py"):
        source = module.read_text(encoding="utf-8")
        for card in _cards():
            assert not re.search(r"\b" + re.escape(card["name"]) + r"\b", source), \
                (module.name, card["name"])
