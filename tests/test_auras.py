"""Auras (303.4, 702.5) and attachments, played out.

The auras-* scenarios are the demonstrations (test_topic_scenarios.py makes sure each of their
checks would catch a wrong engine); these tests make sure that an Aura spell targets and
attaches as the rules say, that 704.5m puts an Aura with nothing legal to enchant into its
owner's graveyard, that a set-up can't attach an Aura where its enchant ability forbids it, and
that made-up Auras behave like the real ones.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from scenario_text import (
    assert_renamed_cards_behave_the_same,
    refused,
    topic_cards,
)

import mtgrules
from mtgrules import Game, catalog
from mtgrules.errors import RulesError
from mtgrules.scenarios import shipped_scenarios

AURAS = [p for p in shipped_scenarios() if p.stem.startswith("auras-")]


def _aura_cards() -> list[dict[str, Any]]:
    return topic_cards("auras.yaml")


def test_every_aura_card_has_a_scenario():
    """Each card of auras.yaml is played in at least one auras-* scenario."""
    used = "\n".join(p.read_text(encoding="utf-8") for p in AURAS)
    for card in _aura_cards():
        assert f"card: {card['name']}" in used or f"card: \"{card['name']}\"" in used, \
            card["name"]


# --- made-up Auras behave the same ---------------------------------------------------------------

@pytest.mark.parametrize("path", AURAS, ids=[p.stem for p in AURAS])
def test_made_up_auras_with_the_same_abilities_behave_the_same(path: Path):
    assert_renamed_cards_behave_the_same(path, _aura_cards())


@pytest.mark.parametrize("module", ["placement.py", "sba.py", "zones.py", "combat.py",
                                    "resolution.py", "casting.py", "abilities.py",
                                    "characteristics.py", "effects.py"])
def test_no_aura_card_name_appears_in_the_engine(module: str):
    source = Path(mtgrules.__file__).with_name(module).read_text(encoding="utf-8")
    for card in _aura_cards():
        assert not re.search(r"\b" + re.escape(card["name"]) + r"\b", source), card["name"]


# --- the rules, one by one -----------------------------------------------------------------------

def _game(**zones: list[tuple[str, str, str]]) -> Game:
    """A game with (card, id, owner) per zone; Alice has {W}{W}{U}{U}{B}{G}{G} to spend."""
    cards = catalog()
    game = Game(["alice", "bob"])
    for zone, items in zones.items():
        for card, oid, owner in items:
            game.add(cards[card], zone, owner, id=oid)
    game.player("alice").mana_pool.update({"W": 2, "U": 2, "B": 1, "G": 2, "C": 2})
    return game


_refused = refused


def test_an_aura_spell_whose_target_left_doesnt_resolve():
    """608.3b: the Aura spell's only target is illegal: it doesn't resolve and goes to its
    owner's graveyard; it never enters the battlefield."""
    game = _game(hand=[("Pacifism", "pacifism", "alice"), ("Lightning Bolt", "bolt", "alice")],
                 battlefield=[("Grizzly Bears", "bears", "bob")])
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.cast("alice", "pacifism", answers=[{"targets": ["bears"]}])
    game.cast("alice", "bolt", answers=[{"targets": ["bears"]}])
    game.resolve()
    game.resolve()
    assert game.obj("pacifism").zone == "graveyard"
    assert any("608.3b" in e.rules for s in game.timeline.steps for e in s.entries)


def test_an_aura_whose_creature_dies_goes_to_the_graveyard():
    """704.5m: the enchanted creature dies; the Aura, attached to nothing, is put into its
    owner's graveyard as a state-based action, in the same settling."""
    game = _game(battlefield=[("Grizzly Bears", "bears", "bob")],
                 hand=[("Lightning Bolt", "bolt", "alice")])
    game.add(catalog()["Pacifism"], "battlefield", "alice", id="pacifism", attached_to="bears")
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.cast("alice", "bolt", answers=[{"targets": ["bears"]}])
    game.resolve()
    assert game.obj("bears").zone == "graveyard"
    assert game.obj("pacifism").zone == "graveyard"
    rules = [e.rules for e in game.timeline.steps[-1].entries if e.key == "sba"]
    assert any("704.5m" in r for r in rules), rules


def test_an_aura_that_no_longer_matches_its_enchant_ability_goes():
    """704.5m, 303.4c: an Aura with "enchant creature you control" whose creature an opponent
    now controls is on an illegal object. Set-up refuses it; moving control (here by hand in a
    scratch state) makes the state-based action put the Aura away."""
    game = _game(battlefield=[("Grizzly Bears", "bears", "alice")])
    custom = _card("""
      name: Loyal Blessing
      mana_cost: "{W}"
      types: [enchantment]
      subtypes: [aura]
      abilities:
        - {keyword: enchant, enchant: creature_you_control}
    """)
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="theirs")
    err = _refused(game, lambda: game.add(custom, "battlefield", "alice", id="b1",
                                          attached_to="theirs"))
    assert err.rule == "303.4c"
    game.add(custom, "battlefield", "alice", id="blessing", attached_to="bears")
    game.obj("bears").controller = "bob"  # set-up: as if a control change had happened
    game.start()
    game.pass_priority("alice")  # state-based actions are checked (117.5)
    assert game.obj("blessing").zone == "graveyard"


def test_set_up_refuses_an_aura_on_an_illegal_object_naming_the_rule():
    game = _game(battlefield=[("Forest", "forest", "alice"), ("Grizzly Bears", "bears", "bob")])
    err = _refused(game, lambda: game.add(catalog()["Pacifism"], "battlefield", "alice",
                                          attached_to="forest"))
    assert err.rule == "303.4c" and "creature" in str(err)
    game.add(catalog()["Pacifism"], "battlefield", "alice", id="p")
    assert _refused(game, lambda: game.attach("p", "p")).rule == "303.4d"


def test_an_aura_put_onto_the_battlefield_chooses_what_it_enchants():
    """303.4f: put onto the battlefield without being cast, the Aura's controller chooses a
    legal object as it enters; it doesn't target, so hexproof doesn't stop it (115.1b)."""
    game = _game(graveyard=[("Pacifism", "pacifism", "alice")],
                 battlefield=[("Gladecover Scout", "scout", "bob"), ("Forest", "forest", "bob")])
    game.start()
    seen = []

    class Spy:
        def answer(self, q: Any) -> Any:
            seen.append(q)
            return "scout"

    game.answerer = Spy()
    game.put_onto_battlefield("pacifism")
    q = next(q for q in seen if q.kind == "enchant")
    assert [o.key for o in q.options] == ["scout"] and q.rule == "303.4f"
    assert game.obj("pacifism").attached_to == "scout"


def test_an_aura_with_nothing_to_enchant_stays_where_it_is():
    """303.4g: no legal object: the Aura stays in its zone."""
    game = _game(graveyard=[("Pacifism", "pacifism", "alice")],
                 battlefield=[("Forest", "forest", "bob")])
    game.start()
    game.put_onto_battlefield("pacifism")
    assert game.obj("pacifism").zone == "graveyard"
    keys = [e.key for e in game.timeline.steps[-1].entries]
    assert "aura_stays" in keys


def test_an_aura_spell_can_target_only_what_its_enchant_ability_allows():
    game = _game(hand=[("Pacifism", "pacifism", "alice")],
                 battlefield=[("Forest", "forest", "alice"), ("Grizzly Bears", "bears", "bob")])
    game.start()
    err = _refused(game, lambda: game.cast("alice", "pacifism",
                                           answers=[{"targets": ["forest"]}]))
    assert err.rule == "601.2c"


def _card(text: str) -> Any:
    from mtgrules.cards import parse_card
    from mtgrules.data import Node
    return parse_card(Node(yaml.safe_load(text)))


# --- the set-up builder --------------------------------------------------------------------------

def test_the_builder_attaches_an_aura_only_where_its_enchant_ability_allows():
    from mtgrules.widgets.builder import BuilderModel
    b = BuilderModel()
    b.add("Forest", "battlefield", "alice", id="forest")
    b.add("Grizzly Bears", "battlefield", "bob", id="bears")
    before = b.to_yaml()
    with pytest.raises(RulesError) as err:
        b.add("Pacifism", "battlefield", "alice", attached_to="forest")
    assert err.value.rule == "303.4c" and "Forest" in str(err.value)
    with pytest.raises(RulesError) as err:
        b.add("Pacifism", "battlefield", "alice")
    assert err.value.rule == "704.5m"
    assert b.to_yaml() == before
    b.add("Pacifism", "battlefield", "alice", id="pacifism", attached_to="bears")
    game = b.new_game()
    assert game.obj("pacifism").attached_to == "bears"
    b.remove("bears")  # 704.5m: the Aura doesn't stay attached to nothing
    assert b.ids() == ["forest"]


def test_the_builder_view_refuses_an_illegal_attachment_in_both_languages():
    from mtgrules.widgets import SituationBuilder
    builder = SituationBuilder()
    builder.card.value = "Forest"
    builder.add_button.click()
    builder.card.value = "Pacifism"
    builder.attached_to.value = "forest"
    builder.add_button.click()
    assert "303.4c" in builder.message.value
    builder.lang.value = "fr"
    assert "303.4c" in builder.message.value and "créature" in builder.message.value
    assert builder.model.ids() == ["forest"]


# --- the board diagram ---------------------------------------------------------------------------

def test_the_board_draws_what_an_aura_enchants_and_what_an_equipment_equips():
    """303.4b, 301.5a: the attachment is an arrow from the Aura or Equipment to its host, named
    for what it does, in English and in French."""
    from test_draw import _visible_edges

    from mtgrules.draw import board_view
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.add(cards["Raging Goblin"], "battlefield", "alice", id="goblin")
    game.add(cards["Pacifism"], "battlefield", "alice", id="pacifism", attached_to="bears")
    game.add(cards["The Masamune"], "battlefield", "alice", id="sword", attached_to="goblin")
    game.start()
    for lang, enchants, equips in (("en", "enchants (303.4b)", "equips (301.5a)"),
                                   ("fr", "enchante (303.4b)", "équipe (301.5a)")):
        edges = _visible_edges(board_view(game, lang).source)
        assert any(t == "perm_pacifism" and h == "perm_bears" and enchants in a
                   for t, h, a in edges), edges
        assert any(t == "perm_sword" and h == "perm_goblin" and equips in a
                   for t, h, a in edges), edges


def test_the_builder_attaches_an_aura_to_what_it_can_enchant():
    """Typing an Aura's name chooses the first object it can legally enchant (303.4c): an Aura
    on the battlefield enchants something (704.5m)."""
    from mtgrules.widgets import SituationBuilder
    builder = SituationBuilder()
    for card, owner in (("Forest", "alice"), ("Grizzly Bears", "bob"), ("Raging Goblin", "alice")):
        builder.card.value, builder.owner.value = card, owner
        builder.add_button.click()
    builder.owner.value = "alice"
    assert builder.model.enchantable("Pacifism", "alice") == ["raging-goblin", "grizzly-bears"]
    assert builder.model.enchantable("Grizzly Bears") is None
    builder.card.value = "Pacifism"
    assert builder.attached_to.value == "raging-goblin"
    builder.add_button.click()
    assert builder.model.new_game().obj("pacifism").attached_to == "raging-goblin"


def test_an_equipment_that_becomes_a_creature_falls_off():
    """301.5c, 704.5n: an Equipment that is also a creature can't equip; 704.5p: it becomes
    unattached and stays on the battlefield. An Equipment whose creature stops being one falls
    off too (704.5n)."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(cards["The Masamune"], "battlefield", "alice", id="sword", attached_to="bears")
    animate = _card("""
      name: Living Metal
      mana_cost: "{U}"
      types: [instant]
      abilities:
        - kind: spell
          targets: [{type: permanent}]
          effects: [{do: animate, what: target, power: 2, toughness: 2}]
    """)
    game.add(animate, "hand", "alice", id="spell")
    game.player("alice").mana_pool["U"] = 1
    game.start()
    game.cast("alice", "spell", answers=[{"targets": ["sword"]}])
    game.resolve()
    assert game.obj("sword").attached_to is None and game.obj("sword").zone == "battlefield"
    rules = [e.rules for e in game.timeline.steps[-1].entries if e.key == "unattached"]
    assert rules and rules[0][0] in ("704.5n", "704.5p"), rules


@pytest.mark.parametrize("enchant", ["land", "{type: permanent, filter: {types: [land]}}"])
def test_enchant_land_targets_lands_only(enchant: str):
    """702.5a: "Enchant land", as a word or as a target with a filter: the Aura spell can target
    a land and not a creature, and the set-up can't put it on a creature (303.4c)."""
    aura = _card(f"""
      name: Made-up Land Blessing
      mana_cost: "{{G}}"
      types: [enchantment]
      subtypes: [aura]
      abilities:
        - {{keyword: enchant, enchant: {enchant}}}
    """)
    game = _game(battlefield=[("Forest", "forest", "alice"), ("Grizzly Bears", "bears", "bob")])
    game.add(aura, "hand", "alice", id="blessing")
    err = _refused(game, lambda: game.add(aura, "battlefield", "alice", attached_to="bears"))
    assert err.rule == "303.4c" and "land" in str(err)
    game.start()
    assert _refused(game, lambda: game.cast("alice", "blessing",
                                            answers=[{"targets": ["bears"]}])).rule == "601.2c"
    game.cast("alice", "blessing", answers=[{"targets": ["forest"]}])
    game.resolve()
    assert game.obj("blessing").attached_to == "forest"


def test_an_enchant_keyword_without_what_it_enchants_is_refused_with_its_line():
    from mtgrules.errors import ScenarioError
    with pytest.raises(ScenarioError) as err:
        _card("""
          name: Vague Aura
          types: [enchantment]
          subtypes: [aura]
          abilities:
            - {keyword: enchant}
        """)
    assert "702.5a" in str(err.value)


def test_an_attach_effect_moves_nothing_where_it_cant_be_attached():
    """701.3b, 303.4j: an effect that tries to attach an Aura to what it can't enchant leaves it
    where it is; attaching it to what it is already attached to does nothing."""
    mover = _card("""
      name: Made-up Shift
      mana_cost: "{U}"
      types: [instant]
      abilities:
        - kind: spell
          targets: [{type: permanent}, {type: permanent}]
          effects: [{do: attach, what: target, to: target2}]
    """)
    game = _game(battlefield=[("Grizzly Bears", "bears", "bob"), ("Forest", "forest", "bob"),
                              ("Raging Goblin", "goblin", "alice")])
    game.add(catalog()["Pacifism"], "battlefield", "alice", id="pacifism", attached_to="bears")
    game.add(mover, "hand", "alice", id="shift")
    game.add(mover, "hand", "alice", id="shift-2")
    game.start()
    game.cast("alice", "shift", answers=[{"targets": ["pacifism"]}, {"targets": ["forest"]}])
    game.resolve()
    assert game.obj("pacifism").attached_to == "bears"
    assert [e.rules for e in game.timeline.steps[-1].entries if e.key == "attach_failed"] \
        == [("701.3b", "303.4c")]
    game.cast("alice", "shift-2", answers=[{"targets": ["pacifism"]}, {"targets": ["goblin"]}])
    game.resolve()
    assert game.obj("pacifism").attached_to == "goblin"
