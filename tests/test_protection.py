"""Protection (702.16), played out: DEBT (damage, enchanting or equipping, blocking,
targeting) and nothing else.

The protect-* scenarios are the demonstrations (test_topic_scenarios.py makes sure each of their
checks would catch a wrong engine); these tests make sure each part of protection is really the
engine's doing (breaking it makes the scenarios fail), that made-up cards with the same
abilities behave the same, and that the qualities a judge needs (a color, all colors,
everything, a card type, a filter) mean what the rules say.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from scenario_text import assert_renamed_cards_behave_the_same, refused, topic_cards

import mtgrules
from mtgrules import Game, catalog
from mtgrules.choices import IllegalAnswer
from mtgrules.errors import ScenarioError
from mtgrules.protection import player_protections
from mtgrules.scenarios import load_scenario, shipped_scenarios

PROTECT = [p for p in shipped_scenarios() if p.stem.startswith("protect-")]


def _cards() -> list[dict[str, Any]]:
    return topic_cards("protection.yaml")


def _scenario(stem: str) -> Path:
    return next(p for p in PROTECT if p.stem.startswith(stem))


def test_every_protection_card_has_a_scenario():
    used = "\n".join(p.read_text(encoding="utf-8") for p in PROTECT)
    for card in _cards():
        assert f"card: {card['name']}" in used, card["name"]


@pytest.mark.parametrize("path", PROTECT, ids=[p.stem for p in PROTECT])
def test_made_up_cards_with_the_same_abilities_behave_the_same(path: Path):
    assert_renamed_cards_behave_the_same(path, _cards())


@pytest.mark.parametrize("module", ["protection.py", "placement.py", "sba.py", "combat.py",
                                    "targeting.py", "damage.py", "replacement.py",
                                    "effects.py", "abilities.py"])
def test_no_protection_card_name_appears_in_the_engine(module: str):
    source = Path(mtgrules.__file__).with_name(module).read_text(encoding="utf-8")
    for card in _cards():
        assert not re.search(r"\b" + re.escape(card["name"]) + r"\b", source), card["name"]


# --- each part of DEBT is the engine's doing -------------------------------------------------

def _fails_when(monkeypatch: pytest.MonkeyPatch, stem: str, target: str, value: Any) -> None:
    monkeypatch.setattr(target, value)
    result = load_scenario(_scenario(stem)).run()
    assert result.error is not None or not result.passed, stem


def test_damage_prevention_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    """Without the protection candidate in the prevention path, the Knight takes 3."""
    _fails_when(monkeypatch, "protect-02", "mtgrules.replacement._protection",
                lambda game, event: [])


def test_targeting_restriction_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    _fails_when(monkeypatch, "protect-03", "mtgrules.targeting.protected_from",
                lambda v, source: None)


def test_fizzling_in_response_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    _fails_when(monkeypatch, "protect-04", "mtgrules.targeting.protected_from",
                lambda v, source: None)


def test_blocking_restriction_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    _fails_when(monkeypatch, "protect-02", "mtgrules.combat.protected_from",
                lambda attacker, blocker: None)


def test_enchanting_restriction_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    _fails_when(monkeypatch, "protect-01", "mtgrules.placement.protection_problem",
                lambda *args: None)


def test_the_color_is_chosen_on_resolution(monkeypatch: pytest.MonkeyPatch):
    """Without the choice, "the color of your choice" protects from nothing."""
    _fails_when(monkeypatch, "protect-01", "mtgrules.effects.choose_qualities",
                lambda game, item, modification: modification)


# --- qualities -------------------------------------------------------------------------------

def _card(text: str) -> Any:
    from mtgrules.cards import parse_card
    from mtgrules.data import Node
    return parse_card(Node(yaml.safe_load(text)))


def _creature(name: str, protection: str, power: int = 2, colors: str = "") -> Any:
    return _card(f"""
      name: {name}
      mana_cost: "{{1}}{colors}"
      types: [creature]
      power: {power}
      toughness: 2
      text: "Protection"
      abilities:
        - {protection}
    """)


def _game(alice: list[tuple[Any, str]], bob: list[tuple[Any, str]], *, step: str = "main1"
          ) -> Game:
    game = Game(["alice", "bob"])
    for card, oid in alice:
        game.add(card, "battlefield", "alice", id=oid)
    for card, oid in bob:
        game.add(card, "battlefield", "bob", id=oid)
    return game


def test_protection_from_everything_prevents_damage_from_no_object_and_all_targeting():
    """702.16j: all damage is prevented, whatever deals it, and nothing can target it."""
    warded = _creature("Warded One", "{keyword: protection, from: everything}")
    game = _game([(warded, "warded")], [])
    game.add(catalog()["Lightning Bolt"], "hand", "bob", id="bolt")
    game.start()
    game.deal_damage(5, "warded")
    assert game.obj("warded").damage == 0
    assert "protection_prevents" in [e.key for e in game.timeline.steps[-1].entries]
    game.player("bob").mana_pool["R"] = 1
    game.pass_priority("alice")
    err = refused(game, lambda: game.cast("bob", "bolt", answers=[{"targets": ["warded"]}]))
    assert err.rule == "702.16b"


def test_protection_from_creatures_stops_combat_damage_not_a_spell():
    """702.16a: a card type: the sources that are creatures. Lightning Bolt isn't one."""
    wall = _creature("Creature Ward", "{keyword: protection, from: creatures}")
    game = _game([(wall, "ward")], [])
    game.add(catalog()["Lightning Bolt"], "hand", "alice", id="bolt")
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.cast("alice", "bolt", answers=[{"targets": ["ward"]}])
    game.resolve()
    assert game.obj("ward").zone == "graveyard"


def test_protection_from_all_colors_is_from_each_color_not_from_colorless():
    """702.16h-ish: "all colors" is each color; a colorless source isn't one of them."""
    prism = _creature("Prism Ward", "{keyword: protection, from: all_colors}")
    game = _game([(prism, "prism")], [(catalog()["Grizzly Bears"], "bears"),
                                      (catalog()["Ornithopter"], "thopter")])
    game.start()
    from mtgrules.characteristics import compute
    from mtgrules.protection import protected_from
    state = game.state
    assert protected_from(compute(state, "prism"), compute(state, "bears")) is not None
    assert protected_from(compute(state, "prism"), compute(state, "thopter")) is None


def test_protection_from_a_filter_reads_the_one_filter():
    goblin_ward = _card("""
      name: Goblin Ward
      mana_cost: "{1}{W}"
      types: [creature]
      power: 1
      toughness: 1
      abilities:
        - {keyword: protection, from: {subtypes: [goblin]}, text: Protection from Goblins,
           text_fr: Protection contre les Gobelins}
    """)
    game = _game([(goblin_ward, "ward")], [(catalog()["Raging Goblin"], "goblin"),
                                           (catalog()["Grizzly Bears"], "bears")])
    game.start()
    from mtgrules.characteristics import compute
    from mtgrules.protection import protected_from
    ward = compute(game.state, "ward")
    assert protected_from(ward, compute(game.state, "goblin")).text == "Protection from Goblins"
    assert protected_from(ward, compute(game.state, "bears")) is None


def test_an_equip_ability_cant_target_a_creature_with_protection_from_artifacts():
    """702.16b: equip is an ability whose source is an artifact."""
    game = Game(["alice", "bob"])
    game.add(catalog()["Tel-Jilad Chosen"], "battlefield", "alice", id="chosen")
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(catalog()["The Masamune"], "battlefield", "alice", id="masamune")
    game.player("alice").mana_pool["C"] = 2
    game.start()
    err = refused(game, lambda: game.activate("alice", "masamune", 0,
                                              answers=[{"targets": ["chosen"]}]))
    assert err.rule == "702.16b"


def test_set_up_refuses_equipment_on_a_creature_with_protection_from_artifacts():
    game = Game(["alice", "bob"])
    game.add(catalog()["Tel-Jilad Chosen"], "battlefield", "alice", id="chosen")
    err = refused(game, lambda: game.add(catalog()["The Masamune"], "battlefield", "alice",
                                         id="masamune", attached_to="chosen"))
    assert err.rule == "702.16d"


def test_equipment_falls_off_a_creature_that_gains_protection_from_artifacts():
    """702.16d, 704.5n: it becomes unattached and stays on the battlefield."""
    ward = _card("""
      name: Artifact Ward
      mana_cost: "{W}"
      types: [instant]
      abilities:
        - kind: spell
          text: Target creature gains protection from artifacts until end of turn.
          targets: [{type: creature}]
          effects: [{do: continuous, what: target, gains: [{keyword: protection, from: artifacts}]}]
    """)
    game = Game(["alice", "bob"])
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(catalog()["The Masamune"], "battlefield", "alice", id="masamune",
             attached_to="bears")
    game.add(ward, "hand", "alice", id="ward")
    game.player("alice").mana_pool["W"] = 1
    game.start()
    game.cast("alice", "ward", answers=[{"targets": ["bears"]}])
    game.resolve()
    assert game.obj("masamune").zone == "battlefield"
    assert game.obj("masamune").attached_to is None
    rules = [e.rules for e in game.timeline.steps[-1].entries if e.key == "unattached"]
    assert rules and "704.5n" in rules[0] and "702.16d" in rules[0]


def test_a_color_that_isnt_offered_is_refused():
    game = Game(["alice", "bob"])
    game.add(catalog()["Mother of Runes"], "battlefield", "alice", id="mother")
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.start()
    game.activate("alice", "mother", 0, answers=[{"targets": ["bears"]}])
    with pytest.raises(IllegalAnswer):
        game.resolve(answers=[{"color": "purple"}])
    assert game.state.stack  # all or nothing: the ability is still there


@pytest.mark.parametrize("ability, says", [
    ("{keyword: protection}", "needs 'from'"),
    ("{keyword: protection, from: purple}", "purple"),
    ("{keyword: protection, from: {subtypes: [goblin]}}", "needs the ability's 'text'"),
])
def test_a_bad_protection_is_refused_with_its_field(ability: str, says: str):
    with pytest.raises(ScenarioError) as info:
        _card(f"""
          name: Bad Ward
          types: [creature]
          power: 1
          toughness: 1
          abilities:
            - {ability}
        """)
    assert says in str(info.value)


def test_protection_with_a_damage_doubler_asks_no_order():
    """616.1: the order is asked only when it can change the result: protection prevents all
    of the damage whether it is doubled first or not, and uses nothing up."""
    warded = _creature("Warded One", "{keyword: protection, from: everything}")
    game = _game([(warded, "warded"), (catalog()["Furnace of Rath"], "furnace")], [])
    game.start()
    game.deal_damage(2, "warded")
    keys = [e.key for e in game.timeline.steps[-1].entries]
    assert "protection_prevents" in keys and "replacement_order" not in keys
    assert game.obj("warded").damage == 0


# --- Auras that enchant players (303.4, 702.5d) ------------------------------------------------

CURSE = """
  name: Homebrew Hex
  mana_cost: "{B}"
  types: [enchantment]
  subtypes: [aura, curse]
  abilities:
    - {keyword: enchant, enchant: ENCHANT}
    - kind: triggered
      text: At the beginning of enchanted player's upkeep, that player loses 1 life.
      trigger: {event: beginning_of_upkeep, player: enchanted_player}
      effects: [{do: lose_life, who: that_player, amount: 1}]
"""


def test_an_aura_with_enchant_player_is_attached_only_to_a_player():
    game = Game(["alice", "bob"])
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="bears")
    hex_card = _card(CURSE.replace("ENCHANT", "player"))
    assert refused(game, lambda: game.add(hex_card, "battlefield", "alice",
                                          attached_to="bears")).rule == "303.4c"
    assert refused(game, lambda: game.add(catalog()["Pacifism"], "battlefield", "alice",
                                          attached_to="bob")).rule == "303.4c"
    assert refused(game, lambda: game.add(catalog()["The Masamune"], "battlefield", "alice",
                                          attached_to="bob")).rule == "303.4b"
    game.add(hex_card, "battlefield", "alice", id="hex", attached_to="bob")
    assert game.obj("hex").attached_to == "bob"


def test_enchant_opponent_cant_enchant_its_controller():
    game = Game(["alice", "bob"])
    hex_card = _card(CURSE.replace("ENCHANT", "opponent"))
    err = refused(game, lambda: game.add(hex_card, "battlefield", "alice", attached_to="alice"))
    assert err.rule == "303.4c" and "opponent" in str(err)


def test_the_enchanted_players_upkeep_only():
    """The trigger watches the player the Aura enchants, whoever controls the Aura."""
    game = Game(["alice", "bob"])
    game.add(_card(CURSE.replace("ENCHANT", "player")), "battlefield", "bob", id="hex",
             attached_to="alice")
    for player in ("alice", "bob"):  # enough cards to draw: no one loses (704.5b, 104.1)
        for _ in range(3):
            game.add(catalog()["Forest"], "library", player)
    game.start()
    for _ in range(4):  # Alice's turn 1 to Bob's turn 2, then Alice's turn 3
        game.next_step("upkeep")
        game.resolve("all")
    lives = {p: game.player(p).life for p in ("alice", "bob")}
    assert lives == {"alice": 18, "bob": 20}, lives


def test_an_aura_put_onto_the_battlefield_may_enchant_a_player():
    """303.4f: the Aura's controller chooses, among the players it may enchant."""
    game = Game(["alice", "bob"])
    game.add(_card(CURSE.replace("ENCHANT", "opponent")), "graveyard", "alice", id="hex")
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.start()
    seen = []

    class Spy:
        def answer(self, q: Any) -> Any:
            seen.append(q)
            return "bob"

    game.answerer = Spy()
    game.put_onto_battlefield("hex")
    q = next(q for q in seen if q.kind == "enchant")
    assert [o.key for o in q.options] == ["bob"]
    assert game.obj("hex").attached_to == "bob"


def test_the_board_draws_an_aura_enchanting_a_player():
    from mtgrules.draw.diagrams import board_view
    game = Game(["alice", "bob"])
    game.add(_card(CURSE.replace("ENCHANT", "player")), "battlefield", "alice", id="hex",
             attached_to="bob")
    game.start()
    for lang, word in (("en", "enchants"), ("fr", "enchante")):
        svg = board_view(game, lang)._repr_svg_()
        assert word in svg, lang


def test_the_enchanted_player_trigger_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    _fails_when(monkeypatch, "protect-08", "mtgrules.triggers._player_ok",
                lambda who, player, source: who == "any")


def test_protection_from_each_opponent_stops_their_spells_not_yours():
    """702.16k: protection from a player: each object that player controls."""
    guarded = _creature("Guarded One", "{keyword: protection, from: opponents}")
    game = _game([(guarded, "guarded")], [(catalog()["Grizzly Bears"], "bears")])
    game.add(catalog()["Lightning Bolt"], "hand", "alice", id="mine")
    game.add(catalog()["Lightning Bolt"], "hand", "bob", id="theirs")
    game.player("bob").mana_pool["R"] = 1
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.pass_priority("alice")
    err = refused(game, lambda: game.cast("bob", "theirs", answers=[{"targets": ["guarded"]}]))
    assert err.rule == "702.16b" and "each of your opponents" in str(err)
    game.cast("bob", "theirs", answers=[{"targets": ["bears"]}])
    game.resolve()
    game.cast("alice", "mine", answers=[{"targets": ["guarded"]}])
    game.resolve()
    assert game.obj("guarded").zone == "graveyard"


# --- players with protection (702.16) --------------------------------------------------------

SHIELD_ME = """
  name: Homebrew Aegis
  mana_cost: "{W}"
  types: [instant]
  abilities:
    - kind: spell
      text: You gain protection from QUALITY until end of turn.
      effects: [{do: continuous, what: you, gains: [{keyword: protection, from: QUALITY}]}]
"""


def _shielded(quality: str) -> Game:
    game = Game(["alice", "bob"])
    game.add(_card(SHIELD_ME.replace("QUALITY", quality)), "hand", "alice", id="aegis")
    game.player("alice").mana_pool["W"] = 1
    game.start()
    game.cast("alice", "aegis")
    game.resolve()
    return game


def test_a_player_with_protection_is_dealt_no_damage_from_such_sources():
    game = _shielded("everything")
    game.deal_damage(4, "alice")
    assert game.player("alice").life == 20
    assert "protection_prevents" in [e.key for e in game.timeline.steps[-1].entries]


def test_a_player_with_protection_cant_be_enchanted_by_such_auras():
    """702.16c: set up, or already attached when the protection starts: it falls off."""
    game = Game(["alice", "bob"])
    game.add(_card(CURSE.replace("ENCHANT", "player")), "battlefield", "bob", id="hex",
             attached_to="alice")
    game.add(_card(SHIELD_ME.replace("QUALITY", "black")), "hand", "alice", id="aegis")
    game.player("alice").mana_pool["W"] = 1
    game.start()
    game.cast("alice", "aegis")
    game.resolve()
    assert game.obj("hex").zone == "graveyard"
    entry = next(e for e in game.timeline.steps[-1].entries if e.key == "sba")
    assert "702.16c" in entry.rules and "704.5m" in entry.rules
    err = refused(game, lambda: game.add(_card(CURSE.replace("ENCHANT", "player")),
                                         "battlefield", "bob", attached_to="alice"))
    assert err.rule == "702.16c"


def test_protection_of_a_player_ends_with_the_turn():
    game = _shielded("red")
    assert [a.text for a in player_protections(game.state, "alice")] == \
        ["Protection from red"]
    game.next_step("upkeep")
    assert player_protections(game.state, "alice") == ()


def test_a_player_can_only_gain_abilities():
    with pytest.raises(ScenarioError) as info:
        _card("""
          name: Bad Aegis
          types: [instant]
          abilities:
            - kind: spell
              text: You get +1/+1.
              effects: [{do: continuous, what: you, power: 1, toughness: 1}]
        """)
    assert "only gives abilities" in str(info.value)


def test_a_players_protection_is_on_the_board():
    from mtgrules.draw.diagrams import board_view
    game = _shielded("red")
    assert "protection from red" in board_view(game, "en")._repr_svg_()
    assert "protection contre le rouge" in board_view(game, "fr")._repr_svg_()


def test_a_players_protection_from_targeting_is_the_engines(monkeypatch: pytest.MonkeyPatch):
    _fails_when(monkeypatch, "protect-09", "mtgrules.targeting.player_protected_from",
                lambda state, player, source: None)
