"""A judge's probes of the French a learner reads when their own scenario goes wrong: the report
of `mtgrules run --lang fr` says what failed in French, never in English."""

from __future__ import annotations

import re

from mtgrules.scenarios import parse_scenario
from mtgrules.scenarios.report import narrate

FAILING = """
title: probe
players: [alice, bob]
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Grizzly Bears, id: bears}, {card: Blood Artist, id: artist}]
    hand: [{card: Lightning Bolt, id: bolt}]
script:
  - check:
      - rule: "400.1"
        zone: {player: alice, zone: battlefield, contains: [bolt], not_contains: [bears], count: 5}
      - rule: "208.1"
        object: {id: bears, power: 3, tapped: true}
      - rule: "405.1"
        stack: [{source: bolt}]
      - rule: "601.2c"
        asked: {kind: targets, offered: [bob]}
  - destroy: [bears]
"""

#: English that must not be left in a French report (whole words).
ENGLISH = ("expected", "got", "found", "missing", "should not", "offered", "asked",
           "default policy", "refused", "line", "from the top", "there is no")


def test_a_failing_scenario_is_reported_in_french_without_english():
    """Whatever a learner reads exists in French (the brief's bilingual rule): the checks'
    own messages ("count: expected 5, got 2", "bolt is missing") and the strict mode's "this
    question was answered by the default policy" were English in the French report."""
    text = narrate(parse_scenario(FAILING).run(), "fr")
    after_steps = text[text.index("✘"):]
    prose = re.sub(r"\{[^{}]*\}", "", after_steps)  # the checks' data ({'offered': [bob]})
    left = [w for w in ENGLISH if re.search(rf"\b{w}\b", prose)]
    assert not left, (left, after_steps)
    assert "obtenu" in after_steps and "politique par défaut" in after_steps
    assert "(answers: [{targets: ...}]) ou écrivez strict: false" in after_steps  # YAML as is
