"""A judge's probes of copy effects with exceptions (707.9) under the layers (613), with made-up
cards. Each test plays a situation written as a scenario."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from mtgrules.scenarios import parse_scenario

CARDS = """
cards:
  - name: Moor Colossus
    name_fr: Colosse de la lande
    mana_cost: "{3}{G}"
    types: [creature]
    subtypes: [elemental]
    power: 0
    toughness: 0
    abilities:
      - kind: static
        text: "This creature's power and toughness are each equal to the number of lands you control."
        text_fr: "La force et l'endurance de cette créature sont chacune égales au nombre de terrains que vous contrôlez."
        static: {continuous: {affects: self, characteristic_defining: true, base_power: lands_you_control, base_toughness: lands_you_control}}
  - name: Pale Double
    name_fr: Double pâle
    mana_cost: "{1}{U}"
    types: [creature]
    subtypes: [shapeshifter]
    power: 0
    toughness: 0
    abilities:
      - kind: replacement
        text: "You may have this creature enter as a copy of a creature on the battlefield, except it's 1/1."
        text_fr: "Vous pouvez faire que cette créature arrive en tant que copie d'une créature sur le champ de bataille, à ceci près qu'elle est 1/1."
        static: {enter_as_copy: {optional: true, choose: {types: [creature]}, except: {power: 1, toughness: 1}}}
  - name: Plain Double
    name_fr: Double simple
    mana_cost: "{1}{U}"
    types: [creature]
    subtypes: [shapeshifter]
    power: 0
    toughness: 0
    abilities:
      - kind: replacement
        text: "You may have this creature enter as a copy of a creature on the battlefield."
        text_fr: "Vous pouvez faire que cette créature arrive en tant que copie d'une créature sur le champ de bataille."
        static: {enter_as_copy: {optional: true, choose: {types: [creature]}}}
"""


def _play(body: str):
    return parse_scenario("title: probe\nstrict: false\nplayers: [alice, bob]\n" + CARDS + body).run()


def _pt(game, obj_id: str) -> tuple[int, int]:
    from mtgrules.characteristics import compute
    chars = compute(game.state, obj_id).chars
    return chars.power, chars.toughness


SETUP = """
setup:
  active: alice
  step: main1
  alice:
    mana: "{1}{U}{1}{U}"
    battlefield: [{card: Moor Colossus, id: colossus}, Forest, Forest, Forest, Island]
    hand: [{card: %s, id: double}]
script:
  - cast: double
  - resolve: 1
    answers: [{enter_as_copy: colossus}]
"""


def test_a_copy_that_sets_power_and_toughness_does_not_copy_the_ability_defining_them():
    """707.9d: a copy effect that gives power and toughness a set of values ("except it's 1/1")
    doesn't copy the characteristic-defining ability (604.3) of the original that defines them:
    otherwise that ability (layer 7a) would undo the exception (layer 1) and the copy would be
    4/4 with four lands."""
    game = _play(SETUP % "Pale Double").game
    assert _pt(game, "double") == (1, 1)
    assert _pt(game, "colossus") == (4, 4)


def test_a_copy_without_exceptions_copies_the_ability_defining_power_and_toughness():
    """707.2: without an exception the characteristic-defining ability is copied with the rest,
    so the copy counts its controller's lands too (the test above can fail only for 707.9d)."""
    game = _play(SETUP % "Plain Double").game
    assert _pt(game, "double") == (4, 4)
