"""A judge's probes of session 11: made-up cards played from outside, each outcome checked
against the Comprehensive Rules it cites, and last session's leftovers."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

import pytest

from mtgrules import Game, catalog
from mtgrules.scenarios import parse_scenario
from mtgrules.timeline import condensed


def _lines(result, step: int, lang: str) -> list[str]:
    return [e.text(lang).replace("\u202f", " ") for e in result.game.timeline.steps[step].entries]


def _passed(result) -> None:
    assert result.passed, result.error_text()


# --- 603.2: which event a triggered ability triggered on ----------------------------------------

SAPROLINGS = """
title: Two Saprolings die at once under a watcher
players: [alice, bob]
cards:
  - name: Spore Burst
    name_fr: Explosion de spores
    grammar_fr: l' f
    mana_cost: "{1}{G}"
    types: [sorcery]
    abilities:
      - kind: spell
        text: "Create two 1/1 green Saproling creature tokens."
        text_fr: "Créez deux jetons de créature 1/1 verte Saprobionte."
        effects:
          - do: create_token
            amount: 2
            token: {name: Saproling, name_fr: Saprobionte, grammar_fr: le, types: [creature], subtypes: [saproling], colors: [green], power: 1, toughness: 1}
  - name: Rot Tender
    name_fr: Soigneur de pourriture
    grammar_fr: le
    mana_cost: "{1}{B}"
    types: [creature]
    subtypes: [zombie]
    power: 1
    toughness: 1
    abilities:
      - kind: triggered
        text: "Whenever a creature token dies, you gain 1 life."
        text_fr: "À chaque fois qu'un jeton de créature meurt, vous gagnez 1 point de vie."
        trigger: {event: dies, filter: {types: [creature], token: true}}
        effects: [{do: gain_life, amount: 1}]
setup:
  step: main1
  alice:
    mana: "{1}{G}"
    hand: [{card: Spore Burst, id: burst}]
    battlefield: [{card: Rot Tender, id: tender}]
script:
  - cast: burst
  - resolve: 1
  - destroy: [saproling-token, saproling-token-2]
    answers: [{order_triggers: [T1, T2]}]
  - resolve: all
expect:
  - life: {alice: 22}
"""


def test_two_tokens_of_one_name_dying_together_are_told_apart_in_each_trigger_line():
    """603.2, 111.4: two Saproling tokens die at once and a watcher triggers twice. Each line
    said "(Saproling died)": which trigger was about which token could not be told. The event
    now names its object's id, as every other line of the log does."""
    result = parse_scenario(SAPROLINGS).run()
    _passed(result)
    en, fr = _lines(result, 3, "en"), _lines(result, 3, "fr")
    assert "Rot Tender (tender): its triggered ability triggers (Saproling (saproling-token) died)." in en, en
    assert "Rot Tender (tender): its triggered ability triggers (Saproling (saproling-token-2) died)." in en, en
    assert "Le Soigneur de pourriture (tender) : sa capacité déclenchée se déclenche (le Saprobionte (saproling-token-2) est mort)." in fr, fr


def test_a_condensed_log_names_every_object_the_alike_events_were_about():
    """A long log is read condensed (issue 12): thirty trigger lines alike but for the creature
    that died are one line, which names all thirty (not the first one's alone), and a watcher
    that triggered thirty times is said to have done so ×30, not "and 29 more alike
    (artist, artist, ...)"."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Blood Artist"], "battlefield", "alice", id="artist")
    bears = [game.add(cards["Grizzly Bears"], "battlefield", "bob", id=f"b{i}") for i in range(30)]
    game.start()
    game.destroy(*bears, answers=[{"targets": ["bob"]}] * 30)
    en = [line.text("en") for line in condensed(game.timeline[1].entries)]
    assert "Blood Artist (artist): its triggered ability triggers (Grizzly Bears (b0, b1, …, b29) died). ×30" in en, en
    assert "Grizzly Bears (b0) dies. — and 29 more alike (b1, b2, …, b29)" in en, en
    fr = [line.text("fr").replace("\u202f", " ") for line in condensed(game.timeline[1].entries)]
    assert "L'Artiste de sang (artist) : sa capacité déclenchée se déclenche (les Grizzlis (b0, b1, …, b29) sont morts). ×30" in fr, fr


# --- 702.12b: indestructible and lethal damage ------------------------------------------------

WARDEN = """
title: Lethal damage to an indestructible creature
players: [alice, bob]
cards:
  - {name: Stone Warden, name_fr: Gardien de pierre, grammar_fr: le, mana_cost: "{3}{W}", types: [creature], subtypes: [golem], power: 2, toughness: 3, abilities: [{keyword: indestructible}]}
  - {name: Venom Fang, name_fr: Croc venimeux, grammar_fr: le, mana_cost: "{B}", types: [creature], subtypes: [snake], power: 1, toughness: 1, abilities: [{keyword: deathtouch}]}
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Venom Fang, id: fang}]
  bob:
    battlefield: [{card: Stone Warden, id: warden}, {card: Grizzly Bears, id: bears}]
script:
  - damage: {amount: 5, to: [warden, bears]}
  - check:
      - rule: "702.12b"
        object: {id: warden, zone: battlefield, damage: 5}
      - rule: "704.5g"
        object: {id: bears, zone: graveyard}
"""


def test_lethal_damage_to_an_indestructible_creature_says_why_nothing_happens():
    """702.12b: 5 damage to an indestructible 2/3 leaves it on the battlefield with lethal
    damage marked. The log said only "deals 5 damage": a learner saw lethal damage and no
    death, with nothing saying why. It now says so, with the rule; the Bears beside it die."""
    result = parse_scenario(WARDEN).run()
    _passed(result)
    en, fr = _lines(result, 1, "en"), _lines(result, 1, "fr")
    assert "Stone Warden (warden) has lethal damage, but has indestructible: it isn't destroyed." in en, en
    assert "Le Gardien de pierre (warden) a des blessures mortelles, mais a l'indestructible : il n'est pas détruit." in fr, fr
    assert not [line for line in en if "bears" in line and "indestructible" in line]
    spared = [e for e in result.game.timeline.steps[1].entries if e.key == "indestructible_lethal"]
    assert [e.rules for e in spared] == [("702.12b",)]


def test_deathtouch_damage_to_an_indestructible_creature_is_said_to_destroy_nothing():
    """702.12b, 704.5h: 1 combat damage from a deathtouch creature would destroy a 2/3, but an
    indestructible one stays; the log says so (and not "lethal damage": 1 isn't)."""
    text = WARDEN.split("script:")[0] + """script:
  - declare_attackers: {fang: bob}
  - declare_blockers: {warden: fang}
  - combat_damage: true
  - check:
      - rules: ["702.12b", "704.5h"]
        object: {id: warden, zone: battlefield, damage: 1}
      - rule: "704.5g"
        object: {id: fang, zone: graveyard}
"""
    result = parse_scenario(text).run()
    _passed(result)
    en, fr = _lines(result, 3, "en"), _lines(result, 3, "fr")
    assert "Stone Warden (warden) was dealt damage by a source with deathtouch, but has indestructible: it isn't destroyed." in en, en
    assert "Le Gardien de pierre (warden) a subi des blessures infligées par une source avec le contact mortel, mais a l'indestructible : il n'est pas détruit." in fr, fr
    assert not [line for line in en if "(warden) has lethal damage" in line]


def test_an_indestructible_creature_with_toughness_0_is_not_said_to_survive():
    """704.5f: toughness 0 or less puts even an indestructible creature into its owner's
    graveyard (702.12b covers destruction only): no line says it survives."""
    text = WARDEN.replace("power: 2, toughness: 3", "power: 2, toughness: 0").split("script:")[0] + """script:
  - damage: {amount: 1, to: [bears]}
"""
    result = parse_scenario(text).run()
    assert result.game.obj("warden").zone == "graveyard"
    assert not [e for step in result.game.timeline.steps for e in step.entries
                if e.key.startswith("indestructible")]


# --- 702.85a: cascade passes over lands -------------------------------------------------------

CASCADE = """
title: Cascade with made-up cards
players: [alice, bob]
seed: 3
cards:
  - name: Cinder Avalanche
    name_fr: Avalanche de braises
    grammar_fr: l' f
    mana_cost: "{3}{R}"
    types: [sorcery]
    abilities:
      - {keyword: cascade}
      - kind: spell
        text: "Cinder Avalanche deals 4 damage to target player."
        text_fr: "L'Avalanche de braises inflige 4 blessures au joueur ciblé."
        targets: [{type: player}]
        effects: [{do: damage, to: target, amount: 4}]
  - {name: Ember Pup, name_fr: Chiot de braise, grammar_fr: le, mana_cost: "{1}{R}", types: [creature], subtypes: [dog], power: 2, toughness: 1}
  - {name: Hill Giant Variant, name_fr: Géant des collines variante, grammar_fr: le, mana_cost: "{5}{R}", types: [creature], subtypes: [giant], power: 6, toughness: 6}
setup:
  step: main1
  alice:
    mana: "{3}{R}"
    hand: [{card: Cinder Avalanche, id: avalanche}]
    library: [{card: Mountain, id: mountain}, {card: Hill Giant Variant, id: giant}, {card: Ember Pup, id: pup}, Forest]
script:
  - cast: avalanche
    answers: [{targets: [bob]}]
  - resolve: 1
    answers: [{cascade_cast: Ember Pup}]
  - resolve: all
expect:
  - life: {bob: 16}
  - object: {id: pup, zone: battlefield}
  - zone: {player: alice, zone: library, count: 3}
"""


def test_cascade_says_a_land_is_passed_over_for_being_a_land():
    """702.85a: cascade exiles cards until a NONLAND card with a lesser mana value. A Mountain
    exiled on the way was told "mana value 0 (needs less than 4)", as if it qualified; each
    card is now said to be a land or a nonland card, and what cascade needs. The Giant is
    passed over for its mana value, the Pup cast."""
    result = parse_scenario(CASCADE).run()
    _passed(result)
    en, fr = _lines(result, 2, "en"), _lines(result, 2, "fr")
    assert "Cascade exiles Mountain (mountain) face up: a land, mana value 0 (it needs a nonland card of mana value less than 4)." in en, en
    assert "Cascade exiles Hill Giant Variant (giant) face up: a nonland card, mana value 6 (it needs a nonland card of mana value less than 4)." in en, en
    assert "La cascade exile la Montagne (mountain) face visible : un terrain, valeur de mana 0 (il faut une carte non-terrain de valeur de mana inférieure à 4)." in fr, fr
    reveals = [e for e in result.game.timeline.steps[2].entries if e.key == "cascade_reveal"]
    assert [e.get("id") for e in reveals] == ["mountain", "giant", "pup"]  # a log check counts all


# --- 115.1: an effect on objects never names a player ------------------------------------------

VENOM = """
title: Venom Dart
players: [alice, bob]
cards:
  - name: Venom Dart
    name_fr: Dard venimeux
    grammar_fr: le
    mana_cost: "{B}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Target player gets two poison counters."
        text_fr: "Le joueur ciblé reçoit deux marqueurs « poison »."
        targets: [{type: player}]
        effects: [{do: add_counters, what: target, counter: poison, amount: 2}]
setup:
  step: main1
  alice:
    mana: "{B}"
    hand: [{card: Venom Dart, id: dart}]
script:
  - cast: dart
    answers: [{targets: [bob]}]
  - resolve: 1
"""


@pytest.mark.parametrize("effect, target, field", [
    ("{do: add_counters, what: target, counter: poison, amount: 2}", "player", ".what"),
    ("{do: add_counters, counter: poison, amount: 2}", "player", ""),  # 'what' left out: the target
    ("{do: tap, what: target}", "player", ".what"),
    ("{do: destroy, what: target}", "any", ".what"),
])
def test_an_effect_on_objects_naming_a_player_target_is_refused_where_it_is_written(effect, target, field):
    """115.1, 122.1f: "target player gets two poison counters" resolved and did nothing, with
    no word of it: the counters went nowhere and Bob was never poisoned (704.5c). An effect
    that acts on objects (counters, tap, destroy...) naming a target that is, or may be, a
    player is refused as the card is read, with its file, line and field."""
    from mtgrules.errors import ScenarioError

    text = VENOM.replace("{do: add_counters, what: target, counter: poison, amount: 2}", effect) \
        .replace("targets: [{type: player}]", f"targets: [{{type: {target}}}]")
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, file="venom.yaml")
    message = str(err.value)
    assert message.startswith("venom.yaml:15: ") and "acts on objects" in message, message
    assert f"(field 'cards[0].abilities[0].effects[0]{field}')" in message, message
    if "counters" in effect:
        assert "poison counters, 122.1f and 704.5c, are not in the kit" in message


def test_an_effect_on_objects_naming_a_creature_target_still_loads():
    """The refusal is about slots that may hold a player: the same effects on a creature or a
    permanent target load and act."""
    text = VENOM.replace("targets: [{type: player}]", "targets: [{type: creature}]") \
        .replace("counter: poison", 'counter: "-1/-1"') \
        .replace("hand: [{card: Venom Dart, id: dart}]",
                 "hand: [{card: Venom Dart, id: dart}]\n  bob:\n    battlefield: [{card: Grizzly Bears, id: bears}]") \
        .replace("targets: [bob]", "targets: [bears]")
    result = parse_scenario(text).run()
    _passed(result)
    assert result.game.obj("bears").zone == "graveyard"  # 0/0 (704.5f)


# --- 802.4a: several defending players' blocks in one mapping -------------------------------

MELEE = """
title: Two defending players block in one mapping
players: [alice, bob, carol]
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Grizzly Bears, id: ox}, {card: Grizzly Bears, id: ox2}]
  bob:
    battlefield: [{card: Grizzly Bears, id: wall}]
  carol:
    battlefield: [{card: Grizzly Bears, id: carol-wall}]
script:
  - declare_attackers: {ox: bob, ox2: carol}
  - declare_blockers: {wall: ox, carol-wall: ox2}
  - check:
      - rules: ["509.1g", "802.4a"]
        combat: {blocking: {wall: ox, carol-wall: ox2}, blocked: [ox, ox2]}
"""


def test_blocks_of_two_defending_players_may_be_written_in_one_mapping():
    """509.1, 802.4a: Bob and Carol each declare their blockers, in turn. One mapping naming
    both players' creatures was refused ("carol-wall is controlled by Carol"): each one's
    blocks are now their own declaration."""
    result = parse_scenario(MELEE).run()
    _passed(result)
    asked = [(q.player, q.answer) for q in result.game.timeline.steps[2].answered
             if q.kind == "blockers"]
    assert [p for p, _ in asked] == ["bob", "carol"], asked


def test_a_block_of_a_creature_attacking_someone_else_is_still_refused_in_one_mapping():
    """509.1a: Bob's creature can't block a creature attacking Carol, however it is written."""
    text = MELEE.replace("  - declare_blockers: {wall: ox, carol-wall: ox2}",
                         "  - declare_blockers: {wall: ox2, carol-wall: ox}\n    error: {rule: \"509.1a\", contains: \"is attacking Carol\"}") \
        .split("  - check:")[0]
    result = parse_scenario(text).run()
    _passed(result)


# --- 615.1a: "prevent all damage that would be dealt to target creature" ---------------------

GUARD = """
title: Prevention against a deathtouch lifelinker
players: [alice, bob]
cards:
  - {name: Venom Leech, name_fr: Sangsue venimeuse, grammar_fr: la, mana_cost: "{B}", types: [creature], subtypes: [leech], power: 2, toughness: 2, abilities: [{keyword: deathtouch}, {keyword: lifelink}]}
  - name: Guard Light
    name_fr: Lumière gardienne
    grammar_fr: la
    mana_cost: "{W}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Prevent all damage that would be dealt to target creature this turn."
        text_fr: "Prévenez toutes les blessures qui devraient être infligées à la créature ciblée ce tour-ci."
        targets: [{type: creature}]
        effects: [{do: prevent_damage, to: target}]
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Venom Leech, id: leech}]
  bob:
    battlefield: [{card: Colossal Dreadmaw, id: maw}, {card: Plains, id: plains}]
    hand: [{card: Guard Light, id: light}]
script:
  - declare_attackers: {leech: bob}
  - declare_blockers: {maw: leech}
  - pass: alice
  - cast: light
    by: bob
    answers: [{targets: [maw]}]
  - resolve: 1
  - combat_damage: true
expect:
  - rules: ["615.1a", "702.2b"]
    object: {id: maw, zone: battlefield, damage: 0}
  - rule: "704.5g"
    object: {id: leech, zone: graveyard}
  - rules: ["615.1a", "702.15b"]
    life: {alice: 20, bob: 20}
"""


def test_prevent_all_damage_to_a_target_says_all_and_reads_in_french():
    """615.1a: "prevent all damage that would be dealt to target creature this turn" was
    logged "the next None damage that would be dealt to Colossal Dreadmaw", and the French
    log raised a TypeError. It says "all damage" now, in both languages; the deathtouch
    lifelinker's damage is prevented, so it neither destroys the Dreadmaw nor gains life."""
    result = parse_scenario(GUARD).run()
    _passed(result)
    en, fr = _lines(result, 5, "en"), _lines(result, 5, "fr")
    assert "Guard Light (light-shield): all damage that would be dealt to Colossal Dreadmaw (maw) this turn will be prevented." in en, en
    assert "La Lumière gardienne (light-shield) : toutes les blessures qui devraient être infligées à la Gueule d'effroi colossale (maw) ce tour-ci seront prévenues." in fr, fr
    assert not [line for line in en if "None" in line]
    from mtgrules.draw import draw_step

    board = draw_step(result.game, 5, "board", "fr").source
    assert "toutes\\lles blessures" in board and "None" not in board


# --- 500.5, 106.4: unspent mana empties as a step ends -------------------------------------

def test_mana_left_in_a_pool_as_a_step_ends_is_said_to_be_lost():
    """500.5, 106.4: Bob's set-up gives him {W}; Alice moves on to combat and Bob's cast of
    Guard Light is refused for want of {W}. Nothing said the mana had gone: the log now says
    Bob loses it as the main phase ends, which is why."""
    text = GUARD.replace("battlefield: [{card: Colossal Dreadmaw, id: maw}, {card: Plains, id: plains}]",
                         'mana: "{W}"\n    battlefield: [{card: Colossal Dreadmaw, id: maw}]') \
        .split("  - resolve: 1")[0].replace("    answers: [{targets: [maw]}]\n",
                                            "    answers: [{targets: [maw]}]\n    error: {rule: \"601.2h\", contains: \"{W} is missing\"}\n")
    result = parse_scenario(text).run()
    _passed(result)
    en, fr = _lines(result, 1, "en"), _lines(result, 1, "fr")
    assert "Bob loses unspent mana ({W}): a mana pool empties as each step and phase ends." in en, en
    assert "Bob perd du mana inutilisé ({W}) : la réserve de mana se vide à la fin de chaque étape et de chaque phase." in fr, fr
    lost = [e for e in result.game.timeline.steps[1].entries if e.key == "mana_lost"]
    assert [e.rules for e in lost] == [("500.5", "106.4")]
    assert result.game.player("bob").mana_pool == {}


# --- a check that names a word the game never shows is refused where it is written ------------

BEARS_CHECK = """
title: An object check
players: [alice, bob]
setup:
  step: main1
  alice:
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - check: [{object: {id: bears, FACT}}]
"""


@pytest.mark.parametrize("fact, message", [
    ("colors: [green]", "'green' is not a color symbol: an object check names colors by their symbols (105.2) (did you mean: G?)"),
    ("keywords: [flyng]", "'flyng' is not a keyword of the card language (702) (did you mean: flying?)"),
    ("types: [creeture]", "'creeture' is not a card type (205.2a) (did you mean: creature?)"),
    ("subtypes: [beer]", "'beer' is not a subtype (205.3) (did you mean: "),
    ("types: [Creature]", "'Creature': write it in lower case, 'creature'"),
])
def test_an_object_check_naming_a_word_the_game_never_shows_is_refused(fact, message):
    """A judge wrote `colors: [green]` for a green creature: the check failed, saying
    "Grizzly Bears is Green" and "What the game shows: Grizzly Bears is green". Words an
    object check compares with the game's are the rules' own (symbols for colors, 105.2):
    any other is refused at load, with its file, line, field and the nearest word."""
    from mtgrules.errors import ScenarioError

    with pytest.raises(ScenarioError) as err:
        parse_scenario(BEARS_CHECK.replace("FACT", fact), file="check.yaml")
    assert str(err.value).startswith("check.yaml:9: ") and message in str(err.value), str(err.value)


def test_an_object_check_in_the_rules_words_still_holds_and_can_fail():
    result = parse_scenario(BEARS_CHECK.replace("FACT", "colors: [G], types: [creature], subtypes: [bear], keywords: []")).run()
    _passed(result)
    result = parse_scenario(BEARS_CHECK.replace("FACT", "colors: [W]")).run()
    assert not result.passed


def test_a_spell_ability_on_a_permanent_card_is_refused_where_it_is_written():
    """113.3a: a spell ability is followed as an instant or sorcery spell resolves. A judge
    gave a creature `{kind: spell, text: "You gain 3 life."}`: the creature resolved, entered,
    and the life was silently never gained. Refused now, saying what a permanent's abilities
    are; the same ability on an instant loads."""
    from mtgrules.errors import ScenarioError

    card = """
title: A creature with a spell ability
players: [alice, bob]
cards:
  - {name: Odd Healer, name_fr: Guérisseur étrange, mana_cost: "{W}", types: [TYPE], power: 1, toughness: 1, abilities: [{kind: spell, text: "You gain 3 life.", effects: [{do: gain_life, amount: 3}]}]}
setup:
  step: main1
  alice:
    mana: "{W}"
    hand: [{card: Odd Healer, id: healer}]
script:
  - cast: healer
  - resolve: 1
"""
    with pytest.raises(ScenarioError) as err:
        parse_scenario(card.replace("TYPE", "creature"), file="healer.yaml")
    assert str(err.value).startswith("healer.yaml:5: a spell ability is followed only as an instant or sorcery resolves (113.3a)"), str(err.value)
    assert "(field 'cards[0].abilities[0]')" in str(err.value)
    result = parse_scenario(card.replace("TYPE", "instant").replace(", power: 1, toughness: 1", "")).run()
    assert result.game.player("alice").life == 23


# --- 115.1: a target card (in a graveyard or in exile) ---------------------------------------

GRAVE_HATE = """
title: Exile target creature card from a graveyard
players: [alice, bob]
cards:
  - name: Ashen Sweep
    name_fr: Balayage cendreux
    grammar_fr: le
    mana_cost: "{B}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Exile target creature card from a graveyard."
        text_fr: "Exilez la carte de créature ciblée d'un cimetière."
        targets: [{type: card, filter: {types: [creature]}}]
        effects: [{do: exile, what: target}]
setup:
  step: main1
  alice:
    mana: "{B}"
    hand: [{card: Ashen Sweep, id: sweep}]
  bob:
    graveyard: [{card: Grizzly Bears, id: bears}, {card: Forest, id: forest}]
script:
  - cast: sweep
    answers: [{targets: [bears]}]
  - check:
      - rule: "115.1"
        asked: {kind: targets, offered: [bears], not_offered: [forest, sweep]}
  - resolve: 1
  - check:
      - rule: "701.13a"
        object: {id: bears, zone: exile}
"""


def test_a_spell_may_target_a_card_in_a_graveyard():
    """115.1: target type `card` ("a card in a zone other than the battlefield", with the
    example "Exile target card") was never offered: every such spell was refused "has no
    legal target to choose (601.2c)" with a creature card in Bob's graveyard. It offers the
    cards its filter accepts now (the Bears, not the Forest), and the spell exiles it."""
    _passed(parse_scenario(GRAVE_HATE).run())


def test_a_target_card_that_left_its_graveyard_is_an_illegal_target_on_resolution():
    """608.2b, 400.7: the Bears are put onto the battlefield in response; they are a new
    object, not the card targeted: the spell doesn't resolve, and the Bears stay."""
    text = GRAVE_HATE.split("  - resolve: 1")[0] + """  - put_onto_battlefield: [bears]
  - resolve: 1
  - check:
      - rules: ["608.2b", "400.7"]
        object: {id: bears, zone: battlefield}
      - rule: "608.2b"
        log: {key: fizzles, count: 1}
"""
    result = parse_scenario(text).run()
    _passed(result)
    assert result.game.obj("sweep").zone == "graveyard"


def test_damage_to_a_target_card_is_refused_where_it_is_written():
    """120.1: damage is dealt to battles, creatures, planeswalkers and players. "Deals 2
    damage to target card" logged "deals 2 damage to Grizzly Bears" for a card in a
    graveyard; it is refused as the card is read."""
    from mtgrules.errors import ScenarioError

    text = GRAVE_HATE.replace("{do: exile, what: target}", "{do: damage, to: target, amount: 2}")
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, file="zap.yaml")
    assert "damage is dealt only to battles, creatures, planeswalkers and players (120.1)" in str(err.value)
    assert "(field 'cards[0].abilities[0].effects[0].to')" in str(err.value)


# --- refusals name the card, and agree with it in French -------------------------------------

def test_a_tap_ability_refused_names_its_source_and_agrees_with_it_in_french():
    """107.5, 302.6: the refusals said "relic est déjà engagé : il ne peut pas payer {T}" (a
    bare id, and masculine for « la Relique solaire »), and "monk est passé sous le contrôle
    de Alice". They name the card and its id, in agreement, with « d'Alice »."""
    from mtgrules.errors import RulesError

    text = """
title: Tap abilities refused
players: [alice, bob]
cards:
  - {name: Sun Relic, name_fr: Relique solaire, grammar_fr: la, mana_cost: "{1}", types: [artifact], abilities: [{kind: activated, text: "{T}: You gain 1 life.", text_fr: "{T} : Vous gagnez 1 point de vie.", cost: "{T}", effects: [{do: gain_life, amount: 1}]}]}
  - {name: Sun Monk, name_fr: Moine solaire, grammar_fr: le, mana_cost: "{W}", types: [creature], power: 1, toughness: 1, abilities: [{kind: activated, text: "{T}: You gain 1 life.", text_fr: "{T} : Vous gagnez 1 point de vie.", cost: "{T}", effects: [{do: gain_life, amount: 1}]}]}
setup:
  step: main1
  alice:
    battlefield: [{card: Sun Relic, id: relic, tapped: true}, {card: Sun Monk, id: monk, entered_this_turn: true}]
"""
    game = parse_scenario(text).new_game()
    with pytest.raises(RulesError) as err:
        game.activate("alice", "relic", 0)
    assert err.value.rule == "107.5"
    assert err.value.message == "Sun Relic (relic) is already tapped, so it can't pay {T}"
    assert err.value.message_fr == "La Relique solaire (relic) est déjà engagée : elle ne peut pas payer {T}"
    with pytest.raises(RulesError) as err:
        game.activate("alice", "monk", 0)
    assert err.value.rule == "302.6"
    assert err.value.message_fr == ("Le Moine solaire (monk) est passé sous le contrôle d'Alice ce tour-ci : "
                                    "ses capacités {T} ne peuvent pas être activées")
    with pytest.raises(RulesError) as err:
        game.cast("bob", "relic")
    assert err.value.message == "Bob can't cast Sun Relic (relic) from the battlefield"
