"""A judge's probes of tokens leaving and coming back (111.7, 111.8, 704.5d), with made-up
cards. Each test plays a situation written as a scenario."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from scenario_text import failed_rules

from mtgrules.scenarios import parse_scenario

SCENARIO = """
title: probe
strict: false
players:
  alice: {mana: "{1}{W}{W}"}
  bob: {}
cards:
  - name: Blink Sprite
    name_fr: Lutin clignotant
    mana_cost: "{1}{W}{W}"
    types: [creature]
    subtypes: [faerie]
    power: 1
    toughness: 1
    abilities:
      - kind: triggered
        text: "When this creature enters, exile another target permanent. Return that card to the battlefield under its owner's control at the beginning of the next end step."
        text_fr: "Quand cette créature arrive, exilez un autre permanent ciblé. Renvoyez cette carte sur le champ de bataille sous le contrôle de son propriétaire au début de la prochaine étape de fin."
        trigger: {event: enters, subject: self}
        targets: [{type: permanent, filter: {other: true}}]
        effects:
          - {do: exile, what: target}
          - do: delayed_trigger
            at: next_end_step
            refers_to: moved
            text: "Return that card to the battlefield under its owner's control."
            text_fr: "Renvoyez cette carte sur le champ de bataille sous le contrôle de son propriétaire."
            effects: [{do: put_onto_battlefield, what: that_object, under: owner}]
  - name: Soldier
    name_fr: Soldat
    types: [creature]
    subtypes: [soldier]
    colors: [W]
    power: 1
    toughness: 1
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Soldier, token: true, id: soldier}]
    hand: [{card: Blink Sprite, id: sprite}]
script:
  - cast: sprite
  - resolve: 1
    answers: [{targets: [soldier]}]
  - resolve: 1
  - next_step: end
    answers: [{attackers: []}]
  - resolve: 1
"""


def test_an_exiled_token_does_not_come_back_at_the_next_end_step():
    """111.7, 111.8, 704.5d: the exiled token ceases to exist at the next check; "return that
    card to the battlefield" later finds nothing to return: it never moves again."""
    game = parse_scenario(SCENARIO).run().game
    assert game.state.objects["soldier"].zone == "gone"
    assert all("soldier" not in game.state.zone(p, "battlefield") for p in game.state.players)
    last = game.timeline.steps[-1]
    assert [e.rules for e in last.entries if e.key == "token_stays"] == [("111.8",)]
    assert "from gone" not in game.timeline.text("en")


TWIN_SEEDS = """
title: probe
strict: false
players:
  alice: {mana: "{2}{G}"}
  bob: {}
cards:
  - name: Twin Seeds
    name_fr: Graines jumelles
    mana_cost: "{2}{G}"
    types: [sorcery]
    abilities:
      - kind: spell
        text: "Create two 1/1 green Sprout creature tokens with \\"Whenever another creature you control enters, you gain 1 life.\\""
        text_fr: "Créez deux jetons de créature 1/1 verte Pousse avec « À chaque fois qu'une autre créature arrive sous votre contrôle, vous gagnez 1 point de vie. »"
        effects:
          - do: create_token
            amount: 2
            token:
              name: Sprout
              name_fr: Pousse
              types: [creature]
              subtypes: [plant]
              colors: [green]
              power: 1
              toughness: 1
              abilities:
                - kind: triggered
                  text: "Whenever another creature you control enters, you gain 1 life."
                  text_fr: "À chaque fois qu'une autre créature arrive sous votre contrôle, vous gagnez 1 point de vie."
                  trigger: {event: enters, filter: {types: [creature], controller: you, other: true}}
                  effects: [{do: gain_life, amount: 1}]
setup:
  active: alice
  step: main1
  alice:
    hand: [{card: Twin Seeds, id: seeds}]
script:
  - cast: seeds
  - resolve: 1
"""


def test_tokens_created_by_one_instruction_enter_at_once_and_see_each_other():
    """701.7a, 603.6a: "create two tokens" puts them onto the battlefield in one event, and
    every permanent there, the newcomers included, is checked for triggers: each Sprout sees
    the other enter, so two abilities trigger (one at a time, only the first saw the second)."""
    game = parse_scenario(TWIN_SEEDS).run().game
    assert sorted(i.source_id for i in game.state.stack) == ["sprout-token", "sprout-token-2"]


def test_a_billion_tokens_or_draws_is_refused_by_the_kit_and_changes_nothing():
    """Hostile numbers: "create 1,000,000,000 tokens" or "draw 1,000,000,000 cards" ran for
    ever (one object or draw at a time). The kit refuses above its limit, says it is the kit's
    limit and not a rule, in both languages, and the game is left as it was."""
    import pytest

    from mtgrules.errors import RulesError
    from mtgrules.zones import KIT_LIMIT

    for effect in ("{do: create_token, amount: 1000000000, token: {name: Insect, types: "
                   "[creature], subtypes: [insect], power: 1, toughness: 1}}",
                   "{do: draw, amount: 1000000000}"):
        scenario = parse_scenario(f"""
title: probe
strict: false
players: [alice, bob]
cards:
  - name: Endless Swarm
    mana_cost: "{{G}}"
    types: [sorcery]
    abilities: [{{kind: spell, text: "A billion.", effects: [{effect}]}}]
setup:
  active: alice
  step: main1
  alice:
    mana: "{{G}}"
    hand: [{{card: Endless Swarm, id: swarm}}]
script:
  - cast: swarm
""")
        game = scenario.run().game
        before = game.timeline.steps[-1].state.snapshot()
        with pytest.raises(RulesError) as err:
            game.resolve()
        assert f"{KIT_LIMIT:,}" in err.value.message and "not a rule" in err.value.message
        assert "pas une règle" in err.value.message_fr
        assert len(game.state.objects) == len(before.objects)
        assert [i.id for i in game.state.stack] == [i.id for i in before.stack]


def test_probe_21_passes_and_catches_a_token_coming_back(monkeypatch):
    """probe-21's 111.8 checks fail when a token that left the battlefield may move again."""
    from mtgrules import zones

    assert failed_rules("probe-21") == set()
    monkeypatch.setattr(zones, "_tokens_stay", lambda game, moves: moves)
    assert "111.8" in failed_rules("probe-21")


def test_probe_21_catches_tokens_entering_one_at_a_time(monkeypatch):
    """probe-21 fails when the tokens of one instruction enter one by one: only one ability
    triggers, so the order of two that the script gives is never asked and the step is
    refused before its 603.6a check."""
    from mtgrules import zones

    enter = zones._tokens_enter
    monkeypatch.setattr(zones, "_tokens_enter", lambda game, controller, tokens, attach: [
        t for t in tokens for _ in enter(game, controller, [t], attach)])
    assert "error" in failed_rules("probe-21")


def test_an_instruction_that_finds_a_new_object_says_so():
    """400.7: "At end of combat, destroy it" after the creature was exiled and returned finds a
    new object and does nothing; the log said only "S3 resolves", as if the rule had been
    forgotten. It now says why, once, in both languages."""
    game = parse_scenario("""
title: probe
strict: false
players: [alice, bob]
cards:
  - name: Quick Blink
    mana_cost: "{G}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Exile target creature you control, then return that card to the battlefield."
        targets: [{type: creature, filter: {controller: you}}]
        effects: [{do: exile, what: target}, {do: put_onto_battlefield, what: moved, under: owner}]
  - name: Reckless Surge
    mana_cost: "{G}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Target creature gets +2/+0 until end of turn. At end of combat, destroy it."
        targets: [{type: creature}]
        effects:
          - {do: pump, what: target, power: 2, toughness: 0}
          - {do: delayed_trigger, at: end_of_combat, refers_to: target, text: "Destroy it.", effects: [{do: destroy, what: that_object}]}
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Grizzly Bears, id: bears}, Forest, Forest]
    hand: [{card: Reckless Surge, id: surge}, {card: Quick Blink, id: blink}]
script:
  - cast: surge
    answers: [{targets: [bears]}]
  - resolve: 1
  - cast: blink
    answers: [{targets: [bears]}]
  - resolve: 1
  - next_step: end_of_combat
  - resolve: 1
""").run().game
    assert game.state.objects["bears"].zone == "battlefield"
    last = game.timeline.steps[-1]
    lost = [e for e in last.entries if e.key == "reference_lost"]
    assert [(e.get("id"), e.rules) for e in lost] == [("bears", ("400.7",))]
    assert "changé de zone" in last.text("fr")


def test_the_board_marks_a_delayed_ability_whose_token_ceased_to_exist():
    """603.7c, 111.7: the board lists the waiting "return that card" with what it refers to; a
    token that ceased to exist is marked ✗ like an object that left, not shown as if it would
    come back."""
    from mtgrules.draw.diagrams import draw_step
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    path = next(p for p in shipped_scenarios() if p.stem.startswith("probe-21"))
    game = load_scenario(path).run().game
    step = next(i for i, s in enumerate(game.timeline.steps)
                if s.state.delayed and s.state.objects["sprout-token"].zone == "gone")
    for lang in ("en", "fr"):
        source = draw_step(game, step, "board", lang).source
        assert "(sprout&#45;token) ✗" in source or "(sprout-token) ✗" in source, source[-800:]
