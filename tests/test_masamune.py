"""The Masamune's nine rulings, played out (issue 4).

Each masamune-* scenario counts the trigger instances its ruling claims. These tests make sure
the scenarios pass, that their counts would catch a wrong engine, that The Masamune is nothing
but data (a renamed copy behaves the same), that its effect adds up with Teysa Karlov's, and
that two Masamunes only coexist because Mirror Gallery switches the legend rule off.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from scenario_text import assert_bilingual_with_official_terms

from mtgrules import triggers
from mtgrules.abilities import TriggerSpec
from mtgrules.errors import RulesError
from mtgrules.objects import TriggerRecord
from mtgrules.scenarios import Scenario, load_scenario, parse_scenario, shipped_scenarios
from mtgrules.scenarios.runner import fingerprint

MASAMUNE = [p for p in shipped_scenarios() if p.stem.startswith("masamune-")]
RULINGS = [f"masamune-{n:02d}" for n in range(1, 10)]


def _failures(result: Any) -> list[tuple[int | None, str, Any]]:
    return [(c.check.line, c.message, c.actual) for c in result.failures()]


def _by_stem(stem: str) -> Path:
    return next(p for p in MASAMUNE if p.stem == stem)


# --- the scenarios themselves -----------------------------------------------------------------

@pytest.mark.parametrize("path", MASAMUNE, ids=[p.stem for p in MASAMUNE])
def test_masamune_scenario_passes(path: Path):
    """Every Masamune scenario plays through and all of its checks hold."""
    result = load_scenario(path).run()
    assert result.error is None, result.error
    assert result.passed, _failures(result)


def test_every_masamune_ruling_has_a_scenario_that_counts_instances():
    """Each of the nine rulings is named by a `triggered` check with an exact count."""
    counted = {r for p in MASAMUNE for c in load_scenario(p).all_checks()
               if c.kind == "triggered" and "count" in c.expected for r in c.rulings}
    assert set(RULINGS) <= counted


@pytest.mark.parametrize("path", MASAMUNE, ids=[p.stem for p in MASAMUNE])
def test_scenario_text_is_bilingual_with_official_terms(path: Path):
    """Titles, descriptions and notes exist in both languages, and the French uses the
    glossary's terms for what the English says ("dies" → meurt, "twice" → deux fois...)."""
    assert_bilingual_with_official_terms(path)


# --- the checks can fail ------------------------------------------------------------------------

def _count_checks() -> Iterator[Any]:
    for path in MASAMUNE:
        for i, c in enumerate(load_scenario(path).all_checks()):
            if c.kind == "triggered" and "count" in c.expected and c.rulings:
                yield pytest.param(path, i, id=f"{path.stem}-line{c.line}")


@pytest.mark.parametrize("path, index", list(_count_checks()))
@pytest.mark.parametrize("delta", [+1, -1])
def test_a_wrong_count_fails(path: Path, index: int, delta: int):
    """Claiming one instance more, or one fewer, than the ruling says makes exactly that check
    fail: the counts in the scenarios are not decoration."""
    sc = load_scenario(path)
    check = sc.all_checks()[index]
    wrong = check.expected["count"] + delta
    if wrong < 0:
        pytest.skip("a count can't be negative")
    check.expected = {**check.expected, "count": wrong}
    result = sc.run()
    assert not result.passed
    assert [c.check for c in result.failures()] == [check]


def test_wrong_counts_are_caught_for_every_ruling():
    """The check above covers all nine rulings, not just a few."""
    covered = {r for param in _count_checks() for r in
               load_scenario(param.values[0]).all_checks()[param.values[1]].rulings}
    assert covered >= set(RULINGS)


def _run_all() -> dict[str, bool]:
    return {p.stem: load_scenario(p).run().passed for p in MASAMUNE}


def test_without_additional_instances_every_masamune_scenario_fails(monkeypatch):
    """If the engine ignored "triggers an additional time" (603.2d), no scenario would pass."""
    monkeypatch.setattr(triggers, "additional_instances", lambda *args: [])
    assert not any(_run_all().values())


def test_counting_every_event_as_a_death_is_caught(monkeypatch):
    """If any event counted as "a creature dying", the scenarios where something else happened
    (a plain artifact, a sacrifice as its own event, a milled card, an exile) would fail."""
    monkeypatch.setattr(triggers, "caused_by", lambda cause, event: True)
    passed = _run_all()
    for stem in ("masamune-01-artifact-trigger", "masamune-05-sacrifice-trigger",
                 "masamune-06-from-anywhere", "masamune-08-leaves-the-battlefield"):
        assert not passed[stem], stem


def test_from_anywhere_looking_back_is_caught(monkeypatch):
    """If a "from anywhere" ability looked back in time like a leaves-the-battlefield ability
    (603.6c says it never does), masamune-06 would fail."""
    monkeypatch.setattr(TriggerSpec, "looks_back", property(
        lambda self: self.event in ("dies", "leaves_battlefield", "put_into_graveyard")))
    passed = _run_all()
    assert not passed["masamune-06-from-anywhere"]
    assert not passed["masamune-06-emblem-from-anywhere"]


def test_no_look_back_is_caught(monkeypatch):
    """If dies abilities were checked after the event instead of before it (603.10a), the dead
    equipped creature would have lost its granted ability: masamune-07 and -09 would fail."""
    monkeypatch.setattr(TriggerSpec, "looks_back", property(lambda self: False))
    passed = _run_all()
    assert not passed["masamune-07-own-death"]
    assert not passed["masamune-09-dying-together"]


# --- The Masamune is data -----------------------------------------------------------------------

def _catalog_entry(name: str) -> dict[str, Any]:
    text = (resources.files("mtgrules.cards") / "catalog.yaml").read_text(encoding="utf-8")
    return next(c for c in yaml.safe_load(text)["cards"] if c["name"] == name)


def _with_renamed_masamune(path: Path, name: str = "Kotetsu, Wanderer's Blade") -> Scenario:
    """The same scenario, with every Masamune replaced by a scenario card that has The
    Masamune's abilities under another name."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    card = copy.deepcopy(_catalog_entry("The Masamune"))
    card.update(name=name, name_fr=name, verified_fr=False)
    data["cards"] = [*data.get("cards", []), card]
    for player in data["setup"].values():
        if not isinstance(player, dict):
            continue
        for zone in player.values():
            for obj in zone if isinstance(zone, list) else []:
                if isinstance(obj, dict) and obj.get("card") == "The Masamune":
                    obj["card"] = name
    return parse_scenario(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                          scenario_id=path.stem + "-renamed")


def _by_id(records: list[TriggerRecord]) -> list[TriggerRecord]:
    return [dataclasses.replace(r, added_by=tuple(a.rsplit(" (", 1)[-1] for a in r.added_by))
            for r in records]


@pytest.mark.parametrize("path", MASAMUNE, ids=[p.stem for p in MASAMUNE])
def test_a_made_up_card_with_the_masamunes_abilities_behaves_the_same(path: Path):
    """Nothing in the engine knows The Masamune by name: a card defined in the scenario with its
    abilities triggers exactly the same abilities the same number of times."""
    original = load_scenario(path).run()
    renamed_sc = _with_renamed_masamune(path)
    assert any(c.name == "Kotetsu, Wanderer's Blade" for c in renamed_sc.cards.values())
    renamed = renamed_sc.run()
    assert renamed.passed, _failures(renamed)
    # Same records; only the adder's printed name differs (it is the card's own name).
    assert _by_id(renamed.game.state.triggered) == _by_id(original.game.state.triggered)
    assert {p: renamed.game.player(p).life for p in renamed.game.state.players} == \
        {p: original.game.player(p).life for p in original.game.state.players}


# --- The Masamune and Teysa Karlov together -----------------------------------------------------

TEYSA = """
players: [alice, bob]
setup:
  alice:
    command:
      - {card: Mourning Sigil, id: sigil, emblem: true}
    battlefield:
      - {card: Teysa Karlov, id: teysa}
      - {card: Blood Artist, id: artist}
      - {card: The Masamune, id: masamune, attached_to: artist}
      - {card: Grizzly Bears, id: bears}
script:
  - destroy: bears
    answers: [{order_triggers: [T1, T2, T3, T4, T5]}, {targets: [alice]}, {targets: [alice]},
              {targets: [alice]}]
  - check:
      - triggered: {source: artist, event_object: bears, count: 3, added_by: [masamune, teysa],
                    in: last}
      - triggered: {source: sigil, event_object: bears, count: 2, added_by: [masamune], in: last}
"""


def test_masamune_and_teysa_add_up():
    """Two different "additional time" effects each add one instance (603.2d): Blood Artist,
    equipped and controlled alongside Teysa Karlov, triggers 1 + 1 + 1 = 3 times, and the record
    names both effects. Teysa only affects permanents, so the emblem gets The Masamune's extra
    instance alone."""
    result = parse_scenario(TEYSA).run()
    assert result.passed, _failures(result)
    records = [r for r in result.game.state.triggered if r.source == "artist"]
    assert [(r.instance, r.of) for r in records] == [(1, 3), (2, 3), (3, 3)]
    assert sorted(records[0].added_by) == ["Teysa Karlov (teysa)", "The Masamune (masamune)"]


def test_each_effect_contributes_one_instance():
    """Without Teysa the same death triggers Blood Artist twice; without The Masamune, twice too:
    the three come from 1 + 1 + 1, not from a product."""
    # Without the answers and checks: they fit the full set-up (the checks name both objects,
    # and a file naming an object it doesn't set up is refused at load). Not strict: the
    # default policy orders and targets, which these counts don't depend on.
    unchecked = "strict: false\n" + TEYSA.split("    answers:")[0]
    no_teysa = unchecked.replace("      - {card: Teysa Karlov, id: teysa}\n", "")
    no_masamune = unchecked.replace(
        "      - {card: The Masamune, id: masamune, attached_to: artist}\n", "")
    for text, adders in ((no_teysa, ["masamune"]), (no_masamune, ["teysa"])):
        game = parse_scenario(text).run().game
        records = [r for r in game.state.triggered if r.source == "artist"]
        assert len(records) == 2
        assert {a.split(" (")[-1].rstrip(")") for a in records[0].added_by} == set(adders)


# --- "somehow" two Masamunes: the legend rule ---------------------------------------------------

SECOND_MASAMUNE = """
players:
  alice: {mana: "{3}"}
  bob: {}
setup:
  alice:
    battlefield:
      - {card: The Masamune, id: first}
    hand:
      - {card: The Masamune, id: second}
script:
  - cast: second
  - resolve: 1
    answers: [{legend_rule: first}]
"""


def test_legend_rule_puts_one_masamune_into_the_graveyard():
    """Without Mirror Gallery, a second Masamune entering means Alice controls two legendary
    permanents with the same name: she keeps one and the other goes to the graveyard
    (704.5j)."""
    result = parse_scenario(SECOND_MASAMUNE).run()
    assert result.error is None, result.error
    game = result.game
    assert game.zone(None, "battlefield") == ["first"]
    assert game.zone("alice", "graveyard") == ["second"]
    asked = [a for a in game.timeline.steps[-1].answered if a.kind == "legend_rule"]
    assert len(asked) == 1 and sorted(asked[0].options) == ["first", "second"]


def test_mirror_gallery_lets_alice_keep_both():
    """With Mirror Gallery the legend rule doesn't apply: both stay, and nobody is asked which
    to keep. That is the "somehow" of masamune-02."""
    text = SECOND_MASAMUNE.replace("      - {card: The Masamune, id: first}",
                                   "      - {card: The Masamune, id: first}\n"
                                   "      - {card: Mirror Gallery, id: gallery}")
    text = text.replace("    answers: [{legend_rule: first}]\n", "")
    game = parse_scenario(text).run().game
    assert sorted(game.zone(None, "battlefield")) == ["first", "gallery", "second"]
    assert not any(a.kind == "legend_rule" for s in game.timeline.steps for a in s.answered)


def test_legend_rule_applies_again_once_mirror_gallery_leaves():
    """The legend rule is a state-based action: as soon as Mirror Gallery is gone, the next check
    puts one of the two Masamunes into the graveyard."""
    text = """
players: [alice, bob]
setup:
  alice:
    battlefield:
      - {card: Mirror Gallery, id: gallery}
      - {card: The Masamune, id: first}
      - {card: The Masamune, id: second}
script:
  - destroy: gallery
    answers: [{legend_rule: second}]
expect:
  - zone: {player: alice, zone: graveyard, equals: [gallery, first]}
"""
    result = parse_scenario(text).run()
    assert result.passed, _failures(result) or result.error


# --- the exile action ---------------------------------------------------------------------------

def test_exiling_something_not_on_the_battlefield_is_refused_and_changes_nothing():
    """Game.exile exiles permanents; naming a card in a hand is an error that names the rule
    and leaves the game exactly as it was."""
    game = parse_scenario("""
players: [alice, bob]
setup:
  alice:
    battlefield: [{card: Grizzly Bears, id: bears}]
    hand: [{card: Llanowar Elves, id: elves}]
""").new_game()
    before = fingerprint(game)
    with pytest.raises(RulesError) as err:
        game.exile("bears", "elves")
    assert err.value.rule == "110.1"
    assert fingerprint(game) == before
    game.exile("bears")
    assert game.zone(None, "exile") == ["bears"]


def test_an_exiled_creature_does_not_die():
    """Exile moves a creature off the battlefield without dying (700.4): a dies ability doesn't
    trigger, even with The Masamune equipped."""
    text = (_by_stem("masamune-08-leaves-the-battlefield").read_text(encoding="utf-8"))
    data = yaml.safe_load(text)
    data["setup"]["alice"]["battlefield"][0]["card"] = "Blood Artist"
    data["script"] = [{"exile": "elves"}]
    data.pop("expect")
    game = parse_scenario(yaml.safe_dump(data)).run().game
    assert [r for r in game.state.triggered if r.source == "warden"] == []
