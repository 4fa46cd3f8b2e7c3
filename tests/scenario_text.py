"""What the scenario tests of each card share: a scenario's learner-facing text, in pairs;
the cards of a topic file; a scenario replayed with made-up cards."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

import mtgrules
from mtgrules.rulings.terminology import check_text
from mtgrules.scenarios import Scenario, load_scenario
from mtgrules.scenarios.loader import parse_scenario


def assert_bilingual_with_official_terms(path: Path) -> None:
    """Title, description and every note exist in English and French, the two differ, and the
    French uses the glossary's official terms for what the English says."""
    sc = load_scenario(path)
    pairs = [(sc.title, sc.title_fr), (sc.description, sc.description_fr)]
    pairs += [(c.note, c.note_fr) for c in sc.all_checks() if c.note or c.note_fr]
    pairs += [(a.note, a.note_fr) for a in sc.script if a.note or a.note_fr]
    for en, fr in pairs:
        assert en and fr and en != fr, (path.name, en, fr)
        assert not check_text(en, fr), (path.name, [str(i) for i in check_text(en, fr)])


def topic_cards(file: str) -> list[dict[str, Any]]:
    """The cards of a topic file beside catalog.yaml (mtgrules/cards/<file>), as written."""
    text = (Path(mtgrules.__file__).parent / "cards" / file).read_text(encoding="utf-8")
    return yaml.safe_load(text)["cards"]


def renamed_scenario(path: Path, cards: list[dict[str, Any]]) -> Scenario:
    """The scenario with each of ``cards`` it plays replaced by a scenario card with the same
    abilities under a made-up name: a made-up card must behave as the real one."""
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    names = {c["name"]: f"Homebrew {i}" for i, c in enumerate(cards)}
    extra = []
    for card in cards:
        if card["name"] in text:
            new = copy.deepcopy(card)
            new.update(name=names[card["name"]], name_fr=names[card["name"]], verified_fr=False)
            extra.append(new)
    data["cards"] = [*data.get("cards", []), *extra]
    for player in data["setup"].values():
        for zone in player.values() if isinstance(player, dict) else ():
            for obj in zone if isinstance(zone, list) else []:
                if isinstance(obj, dict) and obj.get("card") in names:
                    obj["card"] = names[obj["card"]]
    return parse_scenario(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                          scenario_id=path.stem + "-renamed")


def failures(result: Any) -> list[Any]:
    """A scenario result's failed checks (line, message, actual value), or its error."""
    return [(c.check.line, c.message, c.actual) for c in result.failures()] or [result.error]


def assert_scenario_passes(path: Path) -> None:
    result = load_scenario(path).run()
    assert result.error is None, result.error
    assert result.passed, failures(result)


def assert_checks_cite_rules(path: Path) -> None:
    """Every check names a rule or a ruling, and every expected refusal its rule."""
    sc = load_scenario(path)
    for check in sc.all_checks():
        assert check.rules or check.rulings, (path.name, check.line)
    for action in sc.script:
        if action.error is not None:
            assert action.error.get("rule"), (path.name, action.line)
