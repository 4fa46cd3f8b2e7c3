"""What the scenario tests of each card share: a scenario's learner-facing text, in pairs;
the cards of a topic file; a scenario replayed with made-up cards; each check failing when its
expected value is wrong, each refusal when another rule is claimed."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
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


def card_def(text: str) -> Any:
    """A made-up card written as a card file's entry (YAML), to add to a game (Game.add)."""
    from mtgrules.abilities import CardDef, parse_characteristics
    from mtgrules.data import Node

    return CardDef((parse_characteristics(Node(yaml.safe_load(text))),))


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


def assert_renamed_cards_behave_the_same(path: Path, cards: list[dict[str, Any]]) -> None:
    """The scenario played with ``cards`` renamed (:func:`renamed_scenario`) passes and ends
    the same: the same stack objects resolved, life totals, zones, attachments and counters."""
    original = load_scenario(path).run()
    renamed = renamed_scenario(path, cards).run()
    assert renamed.error is None, renamed.error
    assert renamed.passed, failures(renamed)
    g1, g2 = original.game.state, renamed.game.state
    assert g2.resolved == g1.resolved
    assert {p: pl.life for p, pl in g2.players.items()} == \
        {p: pl.life for p, pl in g1.players.items()}
    assert g2.zones == g1.zones
    assert {i: (o.attached_to, dict(o.counters)) for i, o in g2.objects.items()} == \
        {i: (o.attached_to, dict(o.counters)) for i, o in g1.objects.items()}


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


def check_params(paths: list[Path]) -> list[Any]:
    """(path, index of a check) for each check of each scenario, for parametrize."""
    return [pytest.param(path, i, id=f"{path.stem}-line{c.line}")
            for path in paths for i, c in enumerate(load_scenario(path).all_checks())]


def refusal_params(paths: list[Path]) -> list[Any]:
    """(path, index of a script action) for each expected refusal, for parametrize."""
    return [pytest.param(path, i, id=f"{path.stem}-line{a.line}")
            for path in paths for i, a in enumerate(load_scenario(path).script)
            if a.error is not None]


def assert_a_wrong_expectation_fails(path: Path, index: int) -> None:
    """The check fails when its expected value is changed: it is no decoration."""
    sc = load_scenario(path)
    check = sc.all_checks()[index]
    check.expected = wrong(check.kind, check.expected)
    result = sc.run()
    assert not result.passed
    assert check in [c.check for c in result.failures()]


def assert_a_refusal_with_another_rule_fails(path: Path, index: int) -> None:
    sc = load_scenario(path)
    action = sc.script[index]
    action.error = {**action.error, "rule": "100.1"}
    assert not sc.run().passed


def wrong(kind: str, expected: Any) -> Any:
    """An expectation that differs from ``expected`` in a way the engine could get wrong."""
    e = copy.deepcopy(expected)
    if kind == "life":
        first = next(iter(e))
        e[first] += 1
    elif kind == "zone":
        if "equals" in e:
            e["equals"] = e["equals"][1:] if e["equals"] else ["nothing-here"]
        elif "count" in e:
            e["count"] += 1
        else:
            e["contains"] = [*e.get("contains", []), "nothing-here"]
    elif kind in ("object", "combat"):
        key = next(k for k in e if k != "id")
        e[key] = other(e[key])
    elif kind == "triggered":
        e["count"] = e.get("count", 1) + 1  # without a count: it triggered exactly once
    elif kind in ("log", "asked") or kind == "delayed":
        e["count"] = e.get("count", 1) + 1
    elif kind == "stack_size":
        e += 1
    elif kind == "stack":
        e = e[1:] if e else ["nothing-here"]
    elif kind == "stack_object":
        e = {**e, "targets": ["nothing-here"]}
    else:
        raise AssertionError(f"no wrong value for a {kind} check")
    return e


def other(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "-not"
    if isinstance(value, list):
        return value[1:] if value else ["something"]
    if isinstance(value, dict):
        return {**value, "nothing-here": "x"} if not value else dict(list(value.items())[1:])
    raise AssertionError(value)


def refused(game: Any, action: Any) -> Any:
    """Run ``action`` (a function of no arguments), which must be refused with a RulesError
    that leaves the game exactly as it was (same state, no new step); return the error."""
    from mtgrules.errors import RulesError
    from mtgrules.scenarios.runner import fingerprint

    before, steps = fingerprint(game), len(game.timeline)
    with pytest.raises(RulesError) as err:
        action()
    assert fingerprint(game) == before and len(game.timeline) == steps
    return err.value


def failed_rules(stem: str) -> set[str]:
    """The rules cited by the checks of the shipped scenario ``stem...`` that fail now, plus
    'error' when the script itself stopped (an answer no question took, a refused action): what
    a test that breaks the engine on purpose expects to see."""
    from mtgrules.scenarios import shipped_scenarios

    path = next(p for p in shipped_scenarios() if p.stem.startswith(stem))
    result = load_scenario(path).run()
    failed = {r for c in result.checks if not c.passed for r in c.check.rules}
    return failed | ({"error"} if result.error else set())
