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
    assert "Ce que montre la partie" in after_steps and "politique par défaut" in after_steps
    assert "(answers: [{targets: ...}]) ou écrivez strict: false" in after_steps  # YAML as is


AURA = """
title: probe
strict: false
players:
  alice: {mana: "{1}{G}"}
  bob: {}
cards:
  - name: Hollow Vault
    name_fr: Caveau creux
    grammar_fr: le
    types: [land]
    abilities:
      - kind: activated
        text: "{1}: This land becomes a 2/2 creature until end of turn."
        text_fr: "{1} : Ce terrain devient une créature 2/2 jusqu'à la fin du tour."
        cost: "{1}"
        effects: [{do: animate, what: self, types: [creature], subtypes: [shapeshifter],
                   power: 2, toughness: 2}]
  - name: Vine Mantle
    name_fr: Cape de lierre
    grammar_fr: la
    mana_cost: "{G}"
    types: [enchantment]
    subtypes: [aura]
    abilities:
      - {keyword: enchant, enchant: creature}
  - name: Ember Imps
    name_fr: Diablotins de braise
    grammar_fr: les
    mana_cost: "{R}"
    types: [creature]
    subtypes: [devil]
    power: 1
    toughness: 1
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Hollow Vault, id: vault}, {card: Ember Imps, id: imps}]
    hand: [{card: Vine Mantle, id: mantle}]
script:
  - activate: vault
    ability: 1
  - resolve: 1
  - cast: mantle
    answers: [{targets: [vault]}]
  - resolve: 1
  - destroy: [imps]
  - next_step: cleanup
"""


def test_a_made_up_card_takes_the_french_article_and_agreement_its_file_gives():
    """A scenario's own card says how its French name takes an article (grammar_fr, as
    mtgrules/text/noms_fr.csv does for the catalog): « La Cape de lierre est attachée au Caveau
    creux », « Les Diablotins de braise meurent », never « Cape de lierre est attaché à Caveau
    creux »."""
    fr = parse_scenario(AURA).run().game.timeline.text("fr").replace("\u202f", " ")
    assert "La Cape de lierre (mantle) est attachée au Caveau creux (vault)" in fr
    assert "Les Diablotins de braise (imps) meurent" in fr
    assert "Cape de lierre est attaché " not in fr


def test_the_damage_assignment_question_takes_the_french_article():
    """« Assignez les 2 blessures de combat du Bœuf solaire (ox) », not « de Bœuf solaire »:
    the question a learner answers in the action panel and reads in a blog post."""
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    path = next(p for p in shipped_scenarios() if p.stem.startswith("probe-20"))
    game = load_scenario(path).run().game
    asked = [a.prompt_fr for s in game.timeline.steps for a in s.answered
             if a.kind == "assign_damage"]
    assert asked == ["Assignez les 2 blessures de combat du Bœuf solaire (ox)"]


def test_a_made_up_token_takes_the_french_article_its_definition_gives():
    """A token an effect creates may give grammar_fr too: « la Pousse est arrivée », not
    « Pousse est arrivé »."""
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    path = next(p for p in shipped_scenarios() if p.stem.startswith("probe-21"))
    fr = load_scenario(path).run().game.timeline.text("fr").replace("\u202f", " ")
    assert "(la Pousse (sprout-token) est arrivée)" in fr and "est arrivé)" not in fr.replace(
        "(le Lutin clignotant (sprite) est arrivé)", "")


def test_the_cascade_question_names_the_card_with_its_article_in_french():
    """« Lancer Joueur de pipeau errant sans payer son coût de mana ? » had no article, and
    « son » for a plural name: « Lancer les Grizzlis sans payer leur coût de mana ? »."""
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    prompts = {a.prompt_fr: a for p in shipped_scenarios() if p.stem.startswith("cascade")
               for s in load_scenario(p).run().game.timeline.steps for a in s.answered
               if a.kind == "cascade_cast"}
    assert "Lancer les Grizzlis sans payer leur coût de mana\u202f?" in prompts or \
        "Lancer les Grizzlis sans payer leur coût de mana ?" in prompts, sorted(prompts)
    assert any(p.startswith("Lancer le Joueur de pipeau errant sans payer son") for p in prompts)


def test_a_copys_new_target_reads_with_articles_and_elision():
    """« S3 : nouvelle cible Bob à la place de Alice » → « S3 cible désormais Bob à la place
    d'Alice », « … les Grizzlis (bears) à la place de Bob »."""
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    lines = {e.text("fr") for p in shipped_scenarios()
             for s in load_scenario(p).run().game.timeline.steps for e in s.entries
             if e.key == "new_target"}
    assert "S3 cible désormais Bob à la place d'Alice." in lines, sorted(lines)
    assert any("cible désormais les Grizzlis (bears) à la place de Bob" in t for t in lines)
    assert not any(" de Alice" in t for t in lines)


def test_the_attack_requirement_refusal_names_the_creature_with_its_article():
    """508.1d: « Cyclope de Rocsang (cyclops) attaque à chaque combat… » had no article."""
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    refusals = [c.refusal[1] for p in shipped_scenarios() if p.stem.startswith("combat")
                for c in load_scenario(p).run().checks if c.check.kind == "error"]
    assert any(r.startswith("Le Cyclope de Rocsang (cyclops) attaque à chaque combat si "
                            "possible, et le peut") for r in refusals), refusals
