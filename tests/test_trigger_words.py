"""Trigger events and references of issue 14, with made-up cards: "becomes the target of a spell
or ability", "whenever you gain life", "that player", "each opponent" (not targeted, 115.10),
and amounts read from an object as the ability resolves (608.2h), or from its last known
information once it has left (113.7a)."""

from __future__ import annotations

from mtgrules import Game, catalog
from mtgrules.abilities import CardDef, parse_characteristics
from mtgrules.data import Node, load_yaml
from mtgrules.mana import parse_pool


def card(text: str) -> CardDef:
    return CardDef((parse_characteristics(Node(load_yaml(text))),))


SKITTISH = card("""
name: Test Skittish Bear
types: [creature]
mana_cost: "{U}"
power: 2
toughness: 2
abilities:
  - {kind: triggered, text: "When this creature becomes the target of a spell or ability,
    sacrifice it.",
     trigger: {event: becomes_target, subject: self}, effects: [{do: sacrifice, what: self}]}
""")


def test_becoming_the_target_of_a_spell_triggers_once_and_the_spell_then_fizzles():
    """603.2: the ability triggers as the Bolt is cast, resolves first; the Bolt's only target
    is gone, so it doesn't resolve (608.2b)."""
    game = Game(["alice", "bob"])
    bear = game.add(SKITTISH, "battlefield", "bob", id="bear")
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    game.player("alice").mana_pool.update(parse_pool("{R}"))
    game.start()
    game.cast("alice", bolt, answers=[{"targets": [bear]}])
    assert [t.source for t in game.state.triggered] == [bear]
    assert [it.kind for it in game.stack] == ["triggered", "spell"]
    game.resolve()
    assert bear in game.zone("bob", "graveyard")
    game.resolve()
    assert game.obj(bolt).zone == "graveyard" and game.player("bob").life == 20


def test_becomes_the_target_can_ask_for_spells_only_or_opponents_only():
    wary = card("""
name: Test Wary Bear
types: [creature]
power: 2
toughness: 2
abilities:
  - {kind: triggered, text: "Whenever this creature becomes the target of a spell an opponent
    controls, you gain 1 life.",
     trigger: {event: becomes_target, subject: self, by: spell, player: opponent},
     effects: [{do: gain_life, amount: 1}]}
""")
    game = Game(["alice", "bob"])
    bear = game.add(wary, "battlefield", "bob", id="bear")
    mine = game.add(catalog()["Lightning Bolt"], "hand", "bob")
    theirs = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    game.player("alice").mana_pool.update(parse_pool("{R}"))
    game.player("bob").mana_pool.update(parse_pool("{R}"))
    game.start()
    game.pass_priority("alice")
    game.cast("bob", mine, answers=[{"targets": [bear]}])
    assert not game.state.triggered  # bob's own spell
    game.pass_priority("bob")
    game.cast("alice", theirs, answers=[{"targets": [bear]}])
    assert [t.source for t in game.state.triggered] == [bear]


PRIDE = card("""
name: Test Proud Cat
types: [creature]
power: 2
toughness: 2
abilities:
  - {kind: triggered, text: "Whenever you gain life, put a +1/+1 counter on this creature.",
     trigger: {event: gains_life, player: you},
     effects: [{do: add_counters, what: self, counter: "+1/+1", amount: 1}]}
""")


def test_whenever_you_gain_life_triggers_on_lifelink_and_on_effects_but_not_on_zero():
    game = Game(["alice", "bob"])
    cat = game.add(PRIDE, "battlefield", "alice", id="cat")
    game.add(catalog()["Vampire Nighthawk"], "battlefield", "alice", id="hawk")
    game.start()
    game.deal_damage(2, "bob")  # no source: nobody gains life
    assert not game.state.triggered
    game.put_onto_battlefield(game.add(card("""
name: Test Healer
types: [creature]
power: 1
toughness: 1
abilities:
  - {kind: triggered, text: "When this creature enters, you gain 2 life and each opponent
    gains 0 life.",
     trigger: {event: enters, subject: self},
     effects: [{do: gain_life, amount: 2}, {do: gain_life, who: each_opponent, amount: 0}]}
"""), "hand", "alice"))
    game.resolve()  # the healer's trigger: alice gains 2 (bob's 0 is no event, 119.9)
    assert [t.event for t in game.state.triggered][-1] == "gains_life"
    game.resolve()
    assert game.view(cat).power == 3


GOADER = card("""
name: Test Heckler
types: [creature]
power: 1
toughness: 1
abilities:
  - {kind: triggered, text: "Whenever a player casts a spell, this creature deals 1 damage to
    that player and 1 damage to each opponent.",
     trigger: {event: cast, player: any},
     effects: [{do: damage, to: that_player, amount: 1}, {do: damage, to: each_opponent,
    amount: 1}]}
""")


def test_that_player_is_the_player_of_the_event_and_each_opponent_is_not_targeted():
    game = Game(["alice", "bob"])
    game.add(GOADER, "battlefield", "alice")
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "bob")
    game.player("bob").mana_pool.update(parse_pool("{R}"))
    game.start()
    game.pass_priority("alice")
    game.cast("bob", bolt, answers=[{"targets": ["alice"]}])
    game.resolve()  # the trigger: 1 to bob (that player), 1 to bob (alice's opponent)
    assert game.player("bob").life == 18 and game.player("alice").life == 20


AVENGER = card("""
name: Test Avenger
types: [creature]
power: 2
toughness: 2
abilities:
  - {kind: triggered, text: "Whenever another creature dies, this creature deals damage equal
    to its power to each opponent.",
     trigger: {event: dies, subject: another, filter: {types: [creature]}},
     effects: [{do: damage, to: each_opponent, amount: self.power}]}
""")


def test_the_source_s_power_is_read_on_resolution_then_from_its_last_known_information():
    """608.2h, 113.7a: a 2/2 triggers, is pumped to 3/3, then leaves: the ability deals 3."""
    game = Game(["alice", "bob"])
    avenger = game.add(AVENGER, "battlefield", "alice", id="avenger")
    bears = game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    growth = game.add(card("""
name: Test Growth
types: [instant]
abilities:
  - {kind: spell, text: Target creature gets +1/+1 until end of turn., targets: [{type: creature}],
     effects: [{do: pump, what: target, power: 1, toughness: 1}]}
"""), "hand", "alice")
    game.start()
    game.destroy(bears)
    assert game.stack[-1].source_id == avenger
    game.cast("alice", growth, answers=[{"targets": [avenger]}])
    game.resolve()  # the growth: a 3/3
    assert game.view(avenger).power == 3 and game.stack[-1].source_id == avenger
    game.destroy(avenger)
    game.resolve()
    assert game.player("bob").life == 17


def test_a_payment_on_resolution_taps_a_source_of_the_color_it_needs():
    """117.1d, 605.3a: "you may pay {U}" with a Forest and an Island untapped: the Island is
    tapped, not the Forest, and no mana is left floating."""
    asker = card("""
name: Test Toll
types: [creature]
power: 1
toughness: 1
abilities:
  - {kind: triggered, text: "When this creature enters, you may pay {U}. If you do, draw a
    card.", trigger: {event: enters, subject: self}, pay: "{U}",
     effects: [{do: draw, amount: 1}]}
""")
    game = Game(["alice", "bob"])
    forest = game.add(catalog()["Forest"], "battlefield", "alice", id="forest")
    island = game.add(catalog()["Island"], "battlefield", "alice", id="island")
    game.add(catalog()["Grizzly Bears"], "library", "alice")
    toll = game.add(asker, "hand", "alice")
    game.start()
    game.put_onto_battlefield(toll)
    game.resolve(answers=[{"pay": "yes"}])
    assert game.obj(island).tapped and not game.obj(forest).tapped
    assert not +game.player("alice").mana_pool
    assert len(game.zone("alice", "hand")) == 1
