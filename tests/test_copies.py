"""Copies (issue 14): tokens that are copies, copy effects with exceptions (707.9) and what a
copy of that copy gets (707.3), copying a spell from a cast trigger (707.10).

The copies-* scenarios pass; a wrong claim fails exactly the check that makes it; engines
broken on purpose (exceptions forgotten, a copy of a copy taking the printed card, the 707.9e
counters copied) fail the scenarios that show the rule; a made-up card with the same abilities
as a catalog card behaves the same; bad exceptions are refused with their file, line and field.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgrules import catalog, replacement, zones
from mtgrules.abilities import CopyExceptions
from mtgrules.errors import ScenarioError
from mtgrules.objects import GameObject
from mtgrules.scenarios import Check, Scenario, load_scenario, parse_scenario, shipped_scenarios

SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith("copies-")]
COPY_CARDS = ("Spark Double", "Quicksilver Gargantuan", "Copy Artifact", "Rite of Replication",
              "Irenicus's Vile Duplication", "Twincast", "Swarm Intelligence", "Dualcaster Mage",
              "Reverberate", "Phantasmal Image", "Helm of the Host")


def _scenario(stem: str) -> Scenario:
    return load_scenario(next(p for p in SCENARIOS if p.stem.startswith(stem)))


def _failures(result: Any) -> list[Any]:
    return [(c.check.line, c.message, c.actual) for c in result.failures()] or [result.error]


# The copies-* scenarios pass, read in both languages with the official terms and catch a wrong
# expectation: tests/test_topic_scenarios.py (TOPICS).

def test_every_copies_card_has_a_scenario_whose_checks_cite_rules():
    """Each card of mtgrules/cards/copies.yaml is played by a shipped scenario, and every
    check of those scenarios cites a rule."""
    played: set[str] = set()
    for path in SCENARIOS:
        sc = load_scenario(path)
        played |= {o.card for o in sc.setup_objects}
        assert all(c.rules for c in sc.all_checks()), path.stem
    for name in COPY_CARDS:
        assert name in catalog(), name
        assert name in played, name


# --- a wrong claim fails the check that makes it ---------------------------------------------

def _object(oid: str, key: str) -> Callable[[Check], bool]:
    return lambda c: c.kind == "object" and c.expected["id"] == oid and key in c.expected


def _set(**changes: Any) -> Callable[[Any], Any]:
    return lambda expected: {**expected, **changes}


WRONG_CLAIMS = [
    pytest.param("copies-01", _object("spark", "supertypes"), _set(supertypes=["legendary"]),
                 id="spark double stays legendary"),
    pytest.param("copies-01", _object("clone", "supertypes"), _set(supertypes=["legendary"]),
                 id="a copy of the spark double is legendary (707.9b forgotten)"),
    pytest.param("copies-01", _object("clone", "counters"),
                 _set(counters={"+1/+1": 1}, power=3, toughness=5),
                 id="the additional counter copied (707.9e)"),
    pytest.param("copies-02", _object("spark", "counters"), _set(counters={"loyalty": 5}),
                 id="current loyalty copied"),
    pytest.param("copies-02", _object("spark", "counters"),
                 _set(counters={"loyalty": 4, "+1/+1": 1}), id="creature exception applied"),
    pytest.param("copies-03", _object("clone", "power"), _set(power=2, toughness=2),
                 id="the copy of the gargantuan is 2/2"),
    pytest.param("copies-04", _object("clone", "types"), _set(types=["artifact", "creature"]),
                 id="the enchantment type is not copied"),
    pytest.param("copies-05", _object("grizzly-bears-token", "name"), _set(name="Clone"),
                 id="the token copies the printed clone"),
    pytest.param("copies-06", _object("clone", "keywords"), _set(keywords=[]),
                 id="the clone of the token has no flying"),
    pytest.param("copies-06", _object("clone", "token"), _set(token=True),
                 id="being a token is copied"),
    pytest.param("copies-08", lambda c: c.kind == "object", _set(power=3, toughness=4),
                 id="prowess triggers for the copy"),
    pytest.param("copies-11", _object("clone", "subtypes"), _set(subtypes=["dinosaur"]),
                 id="the clone of the image is no illusion"),
    pytest.param("copies-11", lambda c: c.kind == "triggered" and c.expected["source"] == "clone",
                 _set(count=0), id="the clone has no becomes-the-target ability"),
    pytest.param("copies-12", _object("clone", "keywords"), _set(keywords=["haste"]),
                 id="gains haste copied like an exception"),
    pytest.param("copies-12", _object("teysa-karlov-token", "supertypes"),
                 _set(supertypes=["legendary"]), id="the helm's token is legendary"),
    pytest.param("copies-10", lambda c: c.kind == "life" and "alice" not in c.expected,
                 _set(bob=18), id="the copy of a kicked spell is not kicked"),
    pytest.param("copies-10", lambda c: c.kind == "asked",
                 _set(offered=["S1", "S2"], not_offered=[]),
                 id="reverberate may target a creature spell"),
]


@pytest.mark.parametrize("stem, find, wrong", WRONG_CLAIMS)
def test_a_wrong_claim_fails_its_check(stem: str, find: Callable[[Check], bool],
                                       wrong: Callable[[Any], Any]):
    sc = _scenario(stem)
    found = [c for c in sc.all_checks() if find(c)]
    assert found, "no such check"
    check = found[-1]
    check.expected = wrong(copy.deepcopy(check.expected))
    result = sc.run()
    assert result.error is None, result.error
    assert [c.check for c in result.failures()] == [check]


# --- a broken engine fails the scenarios ------------------------------------------------------

def _passed() -> dict[str, bool]:
    return {p.stem[:9]: load_scenario(p).run().passed for p in SCENARIOS}


def test_forgetting_the_exceptions_is_caught(monkeypatch):
    """If a copy effect ignored its exceptions (707.9), the Spark Double would be legendary,
    the Gargantuan 2/2, Copy Artifact no enchantment, the token without flying and the
    Phantasmal Image no Illusion, without its ability."""
    monkeypatch.setattr(CopyExceptions, "apply", lambda self, chars: chars)
    passed = _passed()
    for stem in ("copies-01", "copies-03", "copies-04", "copies-06", "copies-11"):
        assert not passed[stem], stem


def test_copying_the_printed_card_of_a_copy_is_caught(monkeypatch):
    """If copying a copy took the copied object's printed values instead of its copiable
    values (707.3), the Clone of the Gargantuan would be a 7/7 Quicksilver Gargantuan and the
    tokens of the Clone 0/0 Clones."""
    def printed(self: GameObject) -> Any:
        return self.token_values or (self.card.characteristics() if self.card else None)

    original = zones._become_copy

    def become_copy(game: Any, obj: GameObject, choice: zones.CopyChoice) -> None:
        monkeypatch.setattr(GameObject, "copiable_values", printed)
        try:
            original(game, obj, choice)
        finally:
            monkeypatch.undo()
            monkeypatch.setattr(zones, "_become_copy", become_copy)

    monkeypatch.setattr(zones, "_become_copy", become_copy)
    passed = _passed()
    assert not passed["copies-03"]
    assert not passed["copies-01"]


def test_copying_the_additional_counters_is_caught(monkeypatch):
    """If the 707.9e counters of the copied object's copy effect came along with its values,
    the Clone of the Spark Double would enter with a +1/+1 counter."""
    word = replacement.WORDS["enter_as_copy"]

    def keep_exceptions(game: Any, c: Any, ev: Any) -> Any:
        ev = word.apply(game, c, ev)
        if ev.copy is not None and ev.copy.exceptions is None:
            inherited = ev.copy.original.copy_except
            ev = dataclasses.replace(ev, copy=zones.CopyChoice(ev.copy.original, inherited))
        return ev

    monkeypatch.setitem(replacement.WORDS, "enter_as_copy",
                        dataclasses.replace(word, apply=keep_exceptions))
    assert not _passed()["copies-01"]


# --- a made-up card behaves like the catalog card ----------------------------------------------

def _copies_entry(name: str) -> dict[str, Any]:
    text = (resources.files("mtgrules.cards") / "copies.yaml").read_text(encoding="utf-8")
    return next(c for c in yaml.safe_load(text)["cards"] if c["name"] == name)


def _renamed(path: Path, name: str, new_name: str) -> Scenario:
    """The scenario with ``name`` replaced by a card of the scenario's own, with another name
    and the same abilities."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    card = copy.deepcopy(_copies_entry(name))
    card.update(name=new_name, name_fr=new_name, verified_fr=False)
    data["cards"] = [*data.get("cards", []), card]
    for player in data["setup"].values():
        for zone in player.values() if isinstance(player, dict) else ():
            for obj in zone if isinstance(zone, list) else []:
                if isinstance(obj, dict) and obj.get("card") == name:
                    obj["card"] = new_name
    return parse_scenario(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                          scenario_id=path.stem + "-renamed")


@pytest.mark.parametrize("stem, name", [("copies-01", "Spark Double"),
                                        ("copies-11", "Phantasmal Image"),
                                        ("copies-03", "Quicksilver Gargantuan"),
                                        ("copies-06", "Irenicus's Vile Duplication"),
                                        ("copies-08", "Swarm Intelligence")])
def test_a_made_up_card_with_the_same_abilities_behaves_the_same(stem: str, name: str):
    """Nothing in the engine knows these cards by name: the same abilities under another
    name give the same game."""
    path = next(p for p in SCENARIOS if p.stem.startswith(stem))
    original = load_scenario(path).run()
    renamed = _renamed(path, name, "Mirror of the Judge").run()
    assert renamed.error is None, renamed.error
    assert renamed.passed, _failures(renamed)
    g1, g2 = original.game.state, renamed.game.state
    assert g2.resolved == g1.resolved
    assert {p: pl.life for p, pl in g2.players.items()} == \
        {p: pl.life for p, pl in g1.players.items()}
    assert g2.zones == g1.zones


def test_a_judges_own_token_copy_except_it_is_1_1():
    """A card written in a scenario: "Create a token that's a copy of target creature, except
    it's 1/1." The token is a 1/1 Grizzly Bears, and a Clone copying it is 1/1 too (707.9b)."""
    sc = parse_scenario(PALE_REFLECTION, file="pale-reflection.yaml")
    result = sc.run()
    assert result.error is None, result.error
    assert result.passed, _failures(result)


PALE_REFLECTION = """
title: A judge's own card
players:
  alice: {mana: "{U}{U}{3}{U}"}
  bob: {}
cards:
  - name: Pale Reflection
    mana_cost: "{1}{U}"
    types: [sorcery]
    text: "Create a token that's a copy of target creature, except it's 1/1."
    abilities:
      - kind: spell
        targets: [{type: creature}]
        effects: [{do: create_token, copy_of: target, except: {power: 1, toughness: 1}}]
setup:
  alice:
    hand: [{card: Pale Reflection, id: reflection}, {card: Clone, id: clone}]
  bob:
    battlefield: [{card: Colossal Dreadmaw, id: dreadmaw}]
script:
  - cast: reflection
    answers: [{targets: [dreadmaw]}]
  - resolve: 1
  - cast: clone
  - resolve: 1
    answers: [{enter_as_copy: colossal-dreadmaw-token}]
expect:
  - rule: "707.9b"
    object: {id: colossal-dreadmaw-token, token: true, name: Colossal Dreadmaw, power: 1,
             toughness: 1, keywords: [trample], controller: alice}
  - rule: "707.3"
    object: {id: clone, name: Colossal Dreadmaw, power: 1, toughness: 1}
"""


# --- bad exceptions are refused where they are written -------------------------------------------

@pytest.mark.parametrize("effect, words", [
    ("{do: create_token, copy_of: target, token: {name: Soldier}}", "not both or neither"),
    ("{do: create_token, token: {name: Soldier}, except: {power: 1}}", "needs 'copy_of'"),
    ("{do: create_token, copy_of: target, except: {}}", "at least one exception"),
    ("{do: create_token, copy_of: target, except: {powr: 1}}", "powr"),
    ("{do: create_token, copy_of: it, except: {power: 1}}", "copy_of"),
    ("{do: create_token, copy_of: target, except: {enters_with: [{amount: 1}]}}", "counter"),
])
def test_a_bad_copy_effect_is_refused_with_its_line(effect: str, words: str):
    text = PALE_REFLECTION.replace(
        "effects: [{do: create_token, copy_of: target, except: {power: 1, toughness: 1}}]",
        f"effects: [{effect}]")
    with pytest.raises(ScenarioError, match=r"pale-reflection\.yaml:\d+") as err:
        parse_scenario(text, file="pale-reflection.yaml")
    assert words in str(err.value)


def test_the_schema_and_the_reference_know_every_copy_exception():
    """One table (abilities.COPY_EXCEPTION_KEYS) for the parser and the reference; the schema
    accepts exactly those keys."""
    from mtgrules.abilities import COPY_EXCEPTION_KEYS
    from mtgrules.schema import shipped_schema

    props = shipped_schema("cards")["$defs"]["copy_exceptions"]["properties"]
    assert set(props) == set(COPY_EXCEPTION_KEYS)


# --- what a person sees ----------------------------------------------------------------------

def test_the_copies_view_shows_the_exceptions_in_both_languages():
    """The copies diagram shows a copy's exceptions (707.9) beside its copiable values, and a
    copy of that copy without them (they are folded into its values)."""
    from mtgrules.draw import copies_view

    game = _scenario("copies-01").run().game
    en, fr = copies_view(game, "en").svg(), copies_view(game, "fr").svg()
    assert "except (707.9):" in en and "not legendary" in en
    assert "à ces exceptions près (707.9)" in fr and "non légendaire" in fr
    assert "marqueur +1/+1 supplémentaire si" in fr
    assert en.count("not legendary") == 1  # the Spark Double's, not the Clone's
