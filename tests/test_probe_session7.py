"""A judge's probes of session 7, with made-up cards: each test plays a situation the kit had
never seen and checks it against the Comprehensive Rules it cites."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from mtgrules import Game, catalog
from mtgrules.scenarios import parse_scenario

TOKEN_DIES = """
title: probe
strict: false
players: [alice, bob]
cards:
  - name: Grave Tally
    mana_cost: "{B}"
    types: [enchantment]
    abilities:
      - kind: triggered
        text: "Whenever a card is put into a graveyard from anywhere, you gain 1 life."
        trigger: {event: put_into_graveyard, from: anywhere}
        effects: [{do: gain_life, amount: 1}]
      - kind: triggered
        text: "Whenever a creature is put into a graveyard from the battlefield, you gain 10 life."
        trigger: {event: put_into_graveyard, filter: {types: [creature]}}
        effects: [{do: gain_life, amount: 10}]
  - name: Sprig
    types: [creature]
    power: 2
    toughness: 2
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Grave Tally, id: tally}, {card: Sprig, token: true, id: sprig}, {card: Sprig, id: card-sprig}]
script:
  - destroy: [sprig, card-sprig]
  - resolve: all
"""


def test_a_token_put_into_a_graveyard_is_not_a_card_put_into_a_graveyard_from_anywhere():
    """108.2b: a token isn't a card. "Whenever a card is put into a graveyard from anywhere"
    sees the Sprig card die, not the Sprig token (+1); "whenever a creature is put into a
    graveyard from the battlefield" sees both (+20; 603.6c)."""
    game = parse_scenario(TOKEN_DIES).run().game
    assert game.state.players["alice"].life == 20 + 1 + 20


def test_a_catalog_creature_card_trigger_from_anywhere_ignores_a_dying_token():
    """108.2b: the catalog's "whenever a creature card is put into a graveyard from anywhere"
    gains nothing when a creature token dies."""
    cards = catalog()
    watcher = next(c for c in cards.values() if c.characteristics().text.startswith(
        "Whenever a creature card is put into a graveyard from anywhere"))
    game = Game(["alice", "bob"])
    game.add(watcher, "battlefield", "alice")
    token = game.add(cards["Grizzly Bears"], "battlefield", "alice", token=True)
    game.start()
    game.destroy(token)
    game.resolve("all")
    assert game.state.players["alice"].life == 20
    assert not game.state.stack


KEYWORD_AS_STATIC = """
title: probe
strict: false
players: [alice, bob]
cards:
  - name: Skyhook Kite
    types: [creature]
    power: 1
    toughness: 1
    abilities:
      - {kind: static, text: Flying, static: {keyword: flying}}
      - {kind: static, text: Double strike, static: {keyword: double strike}}
  - name: Mud Crab
    types: [creature]
    power: 0
    toughness: 4
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Skyhook Kite, id: kite}]
  bob:
    battlefield: [{card: Mud Crab, id: crab}]
script:
  - declare_attackers: [kite]
  - check:
      - object: {id: kite, keywords: [double strike, flying]}
  - declare_blockers: {crab: kite}
    error: {rule: "702.9b"}
  - declare_blockers: []
  - combat_damage: true
  - combat_damage: true
"""


def test_a_keyword_written_as_a_static_ability_is_that_keyword():
    """702.1, 702.9b, 702.4b: the card language's static kind `keyword` (`{kind: static,
    static: {keyword: flying}}`) gives the keyword itself: the crab can't block a flyer, and
    double strike deals damage in both combat damage steps (bob loses 2)."""
    result = parse_scenario(KEYWORD_AS_STATIC).run()
    assert result.passed, (result.error_text(), result.failures())
    assert result.game.state.players["bob"].life == 18
