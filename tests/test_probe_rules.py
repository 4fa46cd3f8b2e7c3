"""A judge's probes, session 6, with made-up cards: what a check reads and what the rules
say it is. Each test plays a situation written as a scenario."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from mtgrules.scenarios import parse_scenario

PLANESWALKER = """
title: probe
players: [alice, bob]
cards:
  - name: Ember Sage
    name_fr: Sage des braises
    grammar_fr: le
    mana_cost: "{2}{R}{R}"
    types: [planeswalker]
    subtypes: [chandra]
    loyalty: 3
  - name: Zap
    name_fr: Zap
    types: [instant]
    mana_cost: "{R}"
    abilities:
      - kind: spell
        text: "Zap deals 2 damage to any target."
        targets: [{type: any}]
        effects: [{do: damage, to: target, amount: 2}]
setup:
  active: alice
  step: main1
  alice:
    mana: "{R}"
    hand: [{card: Zap, id: zap}]
  bob:
    battlefield: [{card: Ember Sage, id: sage}]
script:
  - cast: zap
    answers: [{targets: [sage]}]
  - resolve: 1
expect:
  - object: {id: sage, loyalty: LOYALTY}
"""


def _passes(text: str) -> bool:
    result = parse_scenario(text).run()
    assert result.error is None, result.error
    return result.passed


def test_a_planeswalkers_loyalty_on_the_battlefield_is_its_loyalty_counters():
    """306.5c: the loyalty of a planeswalker on the battlefield is the number of loyalty
    counters on it; 2 damage removed 2 of its 3 (120.3c). A check of `loyalty: 3` (its printed
    number, 306.5a) would teach that damage leaves its loyalty alone."""
    assert _passes(PLANESWALKER.replace("LOYALTY", "1"))
    assert not _passes(PLANESWALKER.replace("LOYALTY", "3"))


def test_a_planeswalkers_loyalty_off_the_battlefield_is_its_printed_number():
    """306.5a: off the battlefield, its loyalty is the number printed on it."""
    text = PLANESWALKER.replace("battlefield: [{card: Ember Sage, id: sage}]",
                                "hand: [{card: Ember Sage, id: sage}]")
    text = text.replace("    answers: [{targets: [sage]}]", "    answers: [{targets: [bob]}]")
    assert _passes(text.replace("LOYALTY", "3"))
    assert not _passes(text.replace("LOYALTY", "1"))
