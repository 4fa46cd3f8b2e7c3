"""A judge's probes of combat (510, 702) with made-up cards: what one creature deals at once, and
what follows from it. Each test is a situation written as a scenario, played by the engine."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from scenario_text import failed_rules

from mtgrules import combat, damage
from mtgrules.scenarios import parse_scenario

CARDS = """
cards:
  - name: Razor Wyrm
    name_fr: Guivre rasoir
    mana_cost: "{3}{B}{G}"
    types: [creature]
    subtypes: [wurm]
    power: 3
    toughness: 3
    abilities: [{keyword: double strike}, {keyword: deathtouch}, {keyword: trample},
                {keyword: lifelink}]
  - name: Stone Wall
    name_fr: Mur de pierre
    mana_cost: "{1}{W}"
    types: [creature]
    subtypes: [wall]
    power: 0
    toughness: 5
    abilities: [{keyword: defender}]
  - name: Sunlit Acolyte
    name_fr: Acolyte ensoleillé
    mana_cost: "{1}{W}"
    types: [creature]
    subtypes: [cat, cleric]
    power: 2
    toughness: 2
    abilities:
      - kind: triggered
        text: "Whenever you gain life, put a +1/+1 counter on this creature."
        text_fr: "À chaque fois que vous gagnez des points de vie, mettez un marqueur +1/+1 sur cette créature."
        trigger: {event: gains_life, player: you}
        effects: [{do: add_counters, what: self, counter: "+1/+1", amount: 1}]
  - name: Vampiric Sparks
    name_fr: Étincelles vampiriques
    mana_cost: "{1}{B}{R}"
    types: [sorcery]
    abilities:
      - {keyword: lifelink}
      - kind: spell
        text: "Vampiric Sparks deals 3 damage divided as you choose among one, two or three targets."
        text_fr: "Les Étincelles vampiriques infligent 3 blessures réparties à votre guise entre une, deux ou trois cibles."
        targets: [{type: any, min: 1, max: 3}]
        divide: 3
        effects: [{do: damage, divided: true}]
  - name: Ward Glimmer
    name_fr: Lueur protectrice
    mana_cost: "{G}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Prevent the next 2 damage that would be dealt to target creature this turn."
        text_fr: "Prévenez les 2 prochaines blessures qui devraient être infligées à la créature ciblée ce tour-ci."
        targets: [{type: creature}]
        effects: [{do: prevent_damage, to: target, amount: 2}]
  - name: Tusked Ox
    name_fr: Bœuf à défenses
    mana_cost: "{3}{G}"
    types: [creature]
    subtypes: [ox]
    power: 1
    toughness: 5
  - name: Venom Newt
    name_fr: Triton venimeux
    mana_cost: "{B}"
    types: [creature]
    subtypes: [salamander]
    power: 2
    toughness: 1
    abilities: [{keyword: deathtouch}]
  - name: Hill Brute
    name_fr: Brute des collines
    mana_cost: "{2}{R}"
    types: [creature]
    subtypes: [ogre]
    power: 3
    toughness: 3
"""


def _play(body: str):
    head = "title: probe\nstrict: false\n" + ("" if "\nplayers:" in body else "players: [alice, bob]\n")
    return parse_scenario(head + CARDS + body).run()


def test_a_lifelinker_dealing_damage_to_three_at_once_gains_life_once():
    """702.15e, 120.3f, 510.2: combat damage is dealt at once; one source with lifelink that
    deals damage to two blockers and the player causes ONE life gain event of 3, so "whenever
    you gain life" triggers once (the Gatherer ruling on Ajani's Pridemate says the same)."""
    result = _play("""
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Razor Wyrm, id: wyrm}, {card: Sunlit Acolyte, id: acolyte}]
  bob:
    battlefield: [{card: Stone Wall, id: wall1}, {card: Stone Wall, id: wall2}]
script:
  - declare_attackers: {wyrm: bob}
  - declare_blockers: {wall1: wyrm, wall2: wyrm}
  - combat_damage: true
    answers: [{assign_damage: {wall1: 1, wall2: 1, bob: 1}}]
""")
    game = result.game
    step = game.timeline.steps[-1]
    gains = [e for e in step.entries if e.key == "gains_life"]
    assert [e.get("n") for e in gains] == [3]
    assert len(game.state.stack) == 1
    assert game.state.players["alice"].life == 23 and game.state.players["bob"].life == 19


def test_a_lifelink_spell_dividing_its_damage_gains_life_once():
    """702.15e, 120.3f: a spell with lifelink dealing 3 damage divided among three targets deals
    it at once: one life gain event of 3, one trigger of "whenever you gain life"."""
    result = _play("""
players:
  alice: {mana: "{1}{B}{R}"}
  bob: {}
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Sunlit Acolyte, id: acolyte}]
    hand: [{card: Vampiric Sparks, id: sparks}]
  bob:
    battlefield: [{card: Stone Wall, id: wall1}, {card: Stone Wall, id: wall2}]
script:
  - cast: sparks
    answers: [{targets: [wall1, wall2, bob]}, {divide: [1, 1, 1]}]
  - resolve: 1
""")
    game = result.game
    gains = [e for e in game.timeline.steps[-1].entries if e.key == "gains_life"]
    assert [e.get("n") for e in gains] == [3]
    assert [i.source_id for i in game.state.stack] == ["acolyte"]


SHIELD = """
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Tusked Ox, id: ox}, Forest]
    hand: [{card: Ward Glimmer, id: glimmer}]
  bob:
    battlefield: [{card: %s, id: %s}, {card: %s, id: %s}]
script:
  - declare_attackers: {ox: bob}
  - declare_blockers: {newt: ox, brute: ox}
  - cast: glimmer
    answers: [{targets: [ox]}]
  - resolve: 1
  - combat_damage: true
    answers: [{assign_damage: {newt: 1}}, {shield_order: [%s]}]
"""


def test_a_shield_meeting_two_blockers_at_once_prevents_the_damage_its_player_chooses():
    """615.7: a shield of 2 on Tusked Ox, blocked by Venom Newt (2, deathtouch) and Hill Brute
    (3) at once: Alice, who controls the Ox, chooses which damage the shield prevents. She
    chooses the Newt's, so no deathtouch damage is dealt and the Ox survives with 3 damage,
    however the blockers were listed; choosing the Brute's lets the Newt's deathtouch kill it."""
    for order in (("Venom Newt", "newt", "Hill Brute", "brute"),
                  ("Hill Brute", "brute", "Venom Newt", "newt")):
        game = _play(SHIELD % (*order, "newt, brute")).game
        assert game.state.objects["ox"].zone == "battlefield"
        assert game.state.objects["ox"].damage == 3
        asked = [a for s in game.timeline.steps for a in s.answered if a.kind == "shield_order"]
        assert [a.player for a in asked] == ["alice"]
    game = _play(SHIELD % ("Venom Newt", "newt", "Hill Brute", "brute", "brute, newt")).game
    assert game.state.objects["ox"].zone == "graveyard"


def test_the_first_damage_step_of_a_double_striker_alone_says_double_strike():
    """702.4b, 510.4: a creature with double strike and no first strike deals damage in the
    first step because of double strike; the log said "First strike: only Razor Wyrm deals…",
    which reads as if it had first strike. A first striker's line is unchanged."""
    result = _play("""
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Razor Wyrm, id: wyrm}]
  bob:
    battlefield: [{card: Stone Wall, id: wall1}]
script:
  - declare_attackers: {wyrm: bob}
  - declare_blockers: {wall1: wyrm}
  - combat_damage: true
""")
    step = result.game.timeline.steps[-1]
    en, fr = step.text("en"), step.text("fr").replace("\u202f", " ")
    assert "Double strike: only Razor Wyrm (wyrm) deals combat damage in this step." in en
    assert "First strike" not in en
    assert "Double initiative : dans cette étape, seule cette créature inflige" in fr
    line = next(e for e in step.entries if e.key.endswith("strike_step"))
    assert line.rules == ("510.4", "702.4b")


def test_probe_20_passes_and_catches_a_shield_that_ignores_its_players_choice(monkeypatch):
    """probe-20's 615.7 checks fail when the shield meets the damage in the set-up's order."""
    assert failed_rules("probe-20") == set()
    shield_order = damage._shield_order

    def asked_but_ignored(game, hits):
        shield_order(game, hits)  # Alice is asked, and her answer is not followed
        return hits

    monkeypatch.setattr(damage, "_shield_order", asked_but_ignored)
    assert "615.7" in failed_rules("probe-20")


def test_probe_20_catches_lifelink_gained_once_per_recipient(monkeypatch):
    """probe-20's 702.15e checks fail when each recipient's damage is its own life gain."""
    at_once, shield_order = damage.deal_damage_at_once, damage._shield_order

    def one_recipient_at_a_time(game, hits):
        ordered = shield_order(game, hits)  # 615.7 still asked and followed
        monkeypatch.setattr(damage, "_shield_order", lambda game, hits: hits)
        for hit in ordered:
            at_once(game, [hit])
        monkeypatch.setattr(damage, "_shield_order", shield_order)

    monkeypatch.setattr(combat, "deal_damage_at_once", one_recipient_at_a_time)
    assert "702.15e" in failed_rules("probe-20")
