"""Dependency (613.8) and land types (305.6, 305.7), as the rulings put them.

- Urborg's effect depends on Blood Moon's: Blood Moon would take Urborg's ability away (305.7),
  so it applies first whatever the timestamps, and no land is a Swamp (deps-01, deps-02).
- Control Magic's effect depends on Confiscate's when Confiscate enchants it: the "you" who gains
  control is Control Magic's controller (109.5), which Confiscate changes (deps-03).
- Ashaya's and Life and Limb's effects depend on each other: a loop, in timestamp order
  (613.8b, deps-04, deps-05), and the order is looked at again after each effect (613.8c,
  deps-05, deps-06).

The five checks every topic's scenarios share (pass, cite rules, bilingual, a wrong expectation
fails) are in tests/test_topic_scenarios.py; here each scenario is shown to fail when the rule
it teaches is taken out of the engine, and the rules are tried one by one on small boards.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from scenario_text import assert_renamed_cards_behave_the_same, renamed_scenario, topic_cards
from test_characteristics_memo import _card
from test_continuous_effects import reverse_timestamp_order

import mtgrules
from mtgrules import Game, characteristics
from mtgrules.cards import catalog
from mtgrules.characteristics import compute_all
from mtgrules.mana import parse_pool
from mtgrules.scenarios import load_scenario, parse_scenario, shipped_scenarios
from mtgrules.scenarios.checks import object_facts
from mtgrules.text.grammar import FrText, grammar_of

DEPS = [p for p in shipped_scenarios() if p.stem.startswith("deps-")]
CARDS = catalog()


def _run(stem: str) -> Any:
    return load_scenario(next(p for p in DEPS if p.stem == stem)).run()


def _fails(stem: str) -> bool:
    result = _run(stem)
    return result.error is not None or not result.passed


def _game(*cards: tuple[str, str, str], mana: str = "", **hand: str) -> Game:
    """(card, controller, id) on the battlefield, in that timestamp order; ``hand``: Alice's
    cards in hand by id."""
    game = Game(["alice", "bob"])
    for name, player, obj_id in cards:
        game.add(CARDS[name], "battlefield", player, id=obj_id)
    for obj_id, name in hand.items():
        game.add(CARDS[name], "hand", "alice", id=obj_id)
    game.start()
    if mana:
        game.player("alice").mana_pool.update(parse_pool(mana))
    return game


def _facts(game: Game, obj_id: str, *keys: str) -> tuple:
    facts = object_facts(game, obj_id)
    return tuple(facts[k] for k in keys)


# --- every scenario fails without the rule it teaches ----------------------------------------

@pytest.mark.parametrize("stem", ["deps-01-urborg-then-blood-moon",
                                  "deps-03-confiscate-a-control-magic"])
def test_without_dependencies_the_scenario_fails(monkeypatch, stem: str):
    """613.8a switched off, timestamp order alone: the Forest stays a Swamp, Bob keeps the
    Angel."""
    monkeypatch.setattr(characteristics, "_depends", lambda *a: None)
    assert _fails(stem)


def test_without_what_an_effect_does_the_control_magic_scenario_fails(monkeypatch):
    """Only existence and what an effect applies to (the engine before 613.8a was complete):
    Control Magic's "you" is read before Confiscate applies, and Bob keeps the Angel."""
    monkeypatch.setattr(characteristics, "_varies", lambda *a: False)
    assert _fails("deps-03-confiscate-a-control-magic")
    assert not _fails("deps-01-urborg-then-blood-moon")  # existence still counts


@pytest.mark.parametrize("stem", ["deps-01-urborg-then-blood-moon",
                                  "deps-02-blood-moon-then-urborg",
                                  "deps-06-order-looked-at-again"])
def test_if_setting_a_land_type_kept_the_rules_text_the_scenario_fails(monkeypatch, stem: str):
    """305.7 switched off: Urborg keeps its ability under Blood Moon, Mutavault keeps {C}."""
    monkeypatch.setattr(characteristics, "_lose_rules_text", lambda w: None)
    assert _fails(stem)


@pytest.mark.parametrize("stem", ["deps-02-blood-moon-then-urborg",
                                  "deps-05-ashaya-sea-s-claim-then-life-and-limb"])
def test_without_the_mana_ability_of_a_land_type_the_scenario_fails(monkeypatch, stem: str):
    """305.6 switched off: a land that becomes a Mountain or an Island taps for nothing."""
    monkeypatch.setattr(characteristics, "_intrinsic_mana_abilities", lambda works: None)
    assert _fails(stem)


def test_if_a_loop_waited_like_a_dependency_the_loop_scenario_fails(monkeypatch):
    """613.8b: the effects of a loop go in timestamp order and wait for nothing else. Without
    the loop rule, the first effect that depends on nothing (Sea's Claim's) would go first and
    the Bears would become a Saproling."""
    monkeypatch.setattr(characteristics, "_loop", lambda *a: set())
    assert _fails("deps-05-ashaya-sea-s-claim-then-life-and-limb")


def test_if_the_order_were_fixed_before_anything_applied_the_613_8c_scenario_fails(monkeypatch):
    """613.8c: if the dependencies were worked out once, before any effect of the layer
    applied, and never looked at again, Floodplain Decree's effect would go second (it depends
    on nothing at first) and Mutavault would end a Plains."""
    fixed: dict[tuple, dict[tuple, set]] = {}

    def once(state, works, layer, pending, started, waits=None):
        key = (id(works), layer)
        if key not in fixed:
            fixed[key] = {e.key: {o.key for o in pending if o is not e and
                                  characteristics._depends(state, works, layer, e, o, started)}
                          for e in pending}
        left = {e.key for e in pending}
        return next((e for e in pending if not fixed[key][e.key] & left), pending[0])
    monkeypatch.setattr(characteristics, "_next_effect", once)
    assert _fails("deps-06-order-looked-at-again")
    assert not _fails("deps-01-urborg-then-blood-moon")  # a dependency known from the start


@pytest.mark.parametrize("stem", ["deps-04-life-and-limb-then-ashaya",
                                  "deps-05-ashaya-sea-s-claim-then-life-and-limb"])
def test_in_reverse_timestamp_order_the_loop_scenarios_fail(monkeypatch, stem: str):
    reverse_timestamp_order(monkeypatch)
    assert _fails(stem)


# --- made-up cards behave the same --------------------------------------------------------------

@pytest.mark.parametrize("path", DEPS, ids=[p.stem for p in DEPS])
def test_made_up_cards_with_the_same_abilities_play_each_scenario_the_same(path: Path):
    """deps.yaml's cards renamed: the same checks hold and the game ends the same, down to the
    land types and which effect waited for which."""
    cards = topic_cards("deps.yaml")
    assert_renamed_cards_behave_the_same(path, cards)

    def seen(state: Any) -> dict:
        return {i: (v.power, v.toughness, v.controller, v.chars.subtypes, v.dependencies)
                for i, v in compute_all(state).items()}
    renamed = renamed_scenario(path, cards).run()
    assert seen(renamed.game.state) == seen(load_scenario(path).run().game.state)


def test_no_card_name_of_deps_yaml_appears_in_the_engine():
    package = Path(mtgrules.__file__).parent
    for module in package.rglob("*.py"):
        source = module.read_text(encoding="utf-8")
        for card in topic_cards("deps.yaml"):
            name = card["name"].split(",")[0]
            assert not re.search(r"\b" + re.escape(name) + r"\b", source), \
                (module.name, card["name"])


def test_every_card_of_deps_yaml_plays_in_a_scenario():
    played = " ".join(p.read_text(encoding="utf-8") for p in DEPS)
    for card in topic_cards("deps.yaml"):
        assert card["name"] in played, card["name"]


# --- 305.6, 305.7: land types ---------------------------------------------------------------------

def test_a_land_whose_type_is_set_keeps_its_supertypes_and_card_types():
    """305.7: "Setting a land's subtype doesn't add or remove any card types (such as
    creature) or supertypes": an animated Mutavault under Blood Moon is still a 2/2 creature
    (the effect that animated it is no ability of its rules text) and keeps its creature type,
    a Mountain with only the Mountain's mana ability."""
    game = _game(("Mutavault", "alice", "vault"), mana="{1}{2}{R}", moon="Blood Moon")
    game.activate("alice", "vault", 1)
    game.resolve()
    game.cast("alice", "moon")
    game.resolve()
    assert _facts(game, "vault", "types", "subtypes", "power", "toughness", "mana") == \
        (["land", "creature"], ["shapeshifter", "mountain"], 2, 2, ["{R}"])


def test_an_ability_granted_before_the_land_type_was_set_stays():
    """305.7: setting a land type "doesn't remove any abilities that were granted to the land by
    other effects", even one granted earlier: the loss happens with the type, in layer 4
    (613.1d), and granted abilities come in layer 6 (613.1f) whatever their timestamps."""
    scenario = parse_scenario('''
players: {alice: {mana: "{C}{2}{R}"}, bob: {}}
cards:
  - name: Kit Wellspring
    kit: true
    types: [instant]
    abilities:
      - kind: spell
        targets: [{type: permanent, filter: {types: [land]}}]
        effects:
          - {do: continuous, what: target, gains: [{kind: activated, text: "{T}: Add {C}{C}.",
             cost: "{T}", effects: [{do: add_mana, mana: "{C}{C}"}]}]}
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Mutavault, id: vault}]
    hand: [{card: Kit Wellspring, id: spring}, {card: Blood Moon, id: moon}]
script:
  - cast: spring
    answers: [{targets: [vault]}]
  - resolve: 1
  - cast: moon
  - resolve: 1
  - check:
      - rule: "305.7"
        object: {id: vault, subtypes: [mountain], mana: ["{C}{C}", "{R}"]}
''', file="granted.yaml")
    result = scenario.run()
    assert result.error is None, result.error
    assert result.passed, [(c.check.line, c.message) for c in result.failures()]


def test_a_land_type_added_in_addition_keeps_the_rules_text():
    """305.7, last sentence: "in addition to its other types" keeps its land types and rules
    text, and adds the new types' mana abilities."""
    game = _game(("Urborg, Tomb of Yawgmoth", "alice", "urborg"), ("Mutavault", "bob", "vault"),
                 ("Island", "bob", "island"))
    assert _facts(game, "vault", "subtypes", "mana", "abilities") == \
        (["swamp"], ["{B}", "{C}"], ["activated", "activated", "activated"])
    assert _facts(game, "island", "subtypes", "mana") == (["island", "swamp"], ["{B}", "{U}"])


def test_a_basic_land_keeps_its_printed_mana_ability_once():
    """305.6: the Island's printed "{T}: Add {U}" is its intrinsic ability, not a second one."""
    game = _game(("Island", "bob", "island"), ("Blood Moon", "alice", "moon"))
    assert _facts(game, "island", "mana", "abilities") == (["{U}"], ["activated"])


@pytest.mark.parametrize("land_type", ["plains", "island", "swamp", "mountain", "forest"])
def test_a_basic_land_types_intrinsic_ability_is_the_one_a_card_file_would_give(land_type):
    """305.6: "{T}: Add [mana]", made directly once per type, is the very ability a card's
    file writing it out reads as (so a printed one is recognised as the same, above)."""
    from mtgrules.abilities import BASIC_LAND_MANA, intrinsic_mana_ability, parse_ability
    from mtgrules.data import Node

    mana = BASIC_LAND_MANA[land_type]
    written = parse_ability(Node({"kind": "activated", "text": f"{{T}}: Add {mana}.",
                                  "text_fr": f"{{T}} : Ajoutez {mana}.", "cost": "{T}",
                                  "effects": [{"do": "add_mana", "mana": mana}]}))
    made = intrinsic_mana_ability(land_type)
    assert made == written
    assert repr(made) == repr(written)  # (every field, those equality leaves out too)


def test_setting_a_basic_land_type_on_a_basic_land_replaces_its_mana_ability():
    """Sea's Claim on a basic Forest: an Island that taps for {U} only (305.7); still basic."""
    game = _game(("Forest", "bob", "forest"), mana="{U}", claim="Sea's Claim")
    game.cast("alice", "claim", answers=[{"targets": ["forest"]}])
    game.resolve()
    assert _facts(game, "forest", "subtypes", "supertypes", "mana") == \
        (["island"], ["basic"], ["{U}"])


def test_a_land_type_setting_effect_on_a_nonland_takes_no_ability():
    """305.7 is about lands: a nonland object given a land type keeps its abilities."""
    from mtgrules.abilities import parse_modification
    from mtgrules.data import Node
    modification = parse_modification(Node({"land_types": ["mountain"]}))
    game = _game(("Serra Angel", "alice", "angel"))
    work = characteristics._Work(game.obj("angel"), game.view("angel").chars)
    effect = characteristics._Effect(("t",), modification, 99, "alice", "x")
    characteristics._types(game.state, {"angel": work}, work, effect)
    assert work.chars.abilities == game.view("angel").chars.abilities


def test_an_unknown_land_type_is_refused_with_its_field():
    from mtgrules.abilities import parse_modification
    from mtgrules.data import Node
    from mtgrules.errors import ScenarioError
    with pytest.raises(ScenarioError, match="land_types"):
        parse_modification(Node({"land_types": ["moutain"]}, file="x.yaml", line=3))


# --- 613.8: which effect waited for which, as the views record it ---------------------------------

def test_the_view_says_which_effect_waited_for_which_and_how():
    """Urborg first, Blood Moon later: Urborg's effect waited for Blood Moon's, out of
    timestamp order, because Blood Moon's changes whether it exists (613.8a), and then it no
    longer existed: "gone". Said on Urborg, not on Blood Moon, to which nothing applies."""
    game = _game(("Urborg, Tomb of Yawgmoth", "alice", "urborg"),
                 ("Blood Moon", "alice", "moon"), ("Forest", "bob", "forest"))
    assert game.view("urborg").dependencies == (("4", "urborg", "moon", "gone"),)
    assert game.view("moon").dependencies == ()
    assert game.view("forest").dependencies == ()  # Urborg's effect never reached it


def test_an_effect_that_waited_and_still_applies_is_noted_where_it_applies():
    """March of the Machines waits for Liquimetal Coating's effect on Glorious Anthem (what it
    applies to) and then makes the Anthem a 3/3 artifact creature, which its own "creatures you
    control get +1/+1" makes 4/4: noted on March and on the Anthem, not on what March's effect
    doesn't reach."""
    game = _game(("March of the Machines", "alice", "march"),
                 ("Liquimetal Coating", "alice", "coating"), ("Glorious Anthem", "bob", "anthem"),
                 ("Grizzly Bears", "alice", "bears"))
    game.activate("alice", "coating", answers=[{"targets": ["anthem"]}])
    game.resolve()
    note = ("4", "march", "coating", "applies_to")
    views = compute_all(game.state)
    assert (views["anthem"].power, views["anthem"].toughness) == (4, 4)
    assert note in views["march"].dependencies
    assert note in views["anthem"].dependencies
    assert not views["bears"].dependencies


def test_in_timestamp_order_nothing_is_said_to_have_waited():
    """Blood Moon first: timestamp order already puts it first; no effect waited, and no view
    claims one did."""
    game = _game(("Blood Moon", "alice", "moon"),
                 ("Urborg, Tomb of Yawgmoth", "alice", "urborg"), ("Forest", "bob", "forest"))
    assert all(not v.dependencies for v in compute_all(game.state).values())


def test_a_dependency_through_what_an_effect_does_is_recorded_on_what_it_applies_to():
    result = _run("deps-03-confiscate-a-control-magic")
    angel = result.game.view("angel")
    assert ("2", "control-magic", "confiscate", "does") in angel.dependencies


def test_a_loop_is_recorded_as_a_loop():
    result = _run("deps-04-life-and-limb-then-ashaya")
    views = compute_all(result.game.state)
    assert ("4", "life-and-limb", "ashaya", "loop") in views["forest"].dependencies
    assert ("4", "life-and-limb", "ashaya", "loop") in views["ashaya"].dependencies
    assert not views["bears"].dependencies  # Life and Limb's effect never reached the Bears


def test_a_characteristic_defining_ability_and_another_effect_never_depend_on_each_other():
    """613.8a(c): Ashaya's characteristic-defining ability (7a) and Life and Limb's 7b effect
    are in different sublayers anyway; in layer 4 only non-defining effects meet. The CDA
    counts lands after layer 4 (604.3): three."""
    result = _run("deps-04-life-and-limb-then-ashaya")
    assert (result.game.view("ashaya").power, result.game.view("ashaya").toughness) == (3, 3)


# --- what a person sees: the board says why an effect waited -------------------------------------

#: Urborg's French name with its grammar: "de" before it is the grammar's (« d'Urborg »)
URBORG_FR = FrText("Urborg, tombeau de Yawgmoth", grammar_of("Urborg, tombeau de Yawgmoth"))


def _board_text(game_or_state: Any, lang: str) -> str:
    from mtgrules.draw.diagrams import board_view
    return board_view(game_or_state, lang).source.replace("\\l", " ").replace("\\n", " ")


def _flat(text: str) -> str:
    """One space between words (the board wraps lines and draws U+202F as a space)."""
    return re.sub(r"\s+", " ", text.replace("\u202f", " "))


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Blood Moon first: the effect of Urborg, Tomb of Yawgmoth depends on it, then no "
           "longer exists (613.8a)"),
    ("fr", "La Lune de sang d'abord\u202f: l'effet {urborg:de} en dépend, puis n'existe plus "
           "(613.8a)")])
def test_the_board_says_which_effect_waited_for_which(lang: str, sentence: str):
    sentence = sentence.format(urborg=URBORG_FR)
    text = _flat(_board_text(_run("deps-01-urborg-then-blood-moon").game, lang))
    assert text.count(_flat(sentence)) == 1, text  # on Urborg only


def test_the_board_names_a_loop_and_what_an_effect_does():
    text = _flat(_board_text(_run("deps-04-life-and-limb-then-ashaya").game, "en"))
    assert "Life and Limb and Ashaya, Soul of the Wild depend on each other: a loop, timestamp " \
           "order (613.8b)" in text
    text = _flat(_board_text(_run("deps-03-confiscate-a-control-magic").game, "fr"))
    assert "La Confiscation d'abord : l'effet de la Magie de contrôle en dépend pour ce qu'il " \
           "fait (613.8a)" in text


@pytest.mark.parametrize("lang, sentence", [
    ("en", "The effect of Urborg, Tomb of Yawgmoth depends on that of Blood Moon (613.8a): that "
           "of Blood Moon applied first, although its timestamp is later, and that of Urborg, "
           "Tomb of Yawgmoth then no longer exists."),
    ("fr", "L'effet {urborg:de} dépend de celui de la Lune de sang (613.8a)\u202f: celui de la "
           "Lune de sang s'est appliqué d'abord, bien que plus récent, et celui {urborg:de} "
           "n'existe alors plus.")])
def test_the_full_sentence_says_why(lang: str, sentence: str):
    """The explanation in full (the board gives its short form)."""
    sentence = sentence.format(urborg=URBORG_FR)
    from mtgrules.draw.diagrams import dependency_sentences
    game = _run("deps-01-urborg-then-blood-moon").game
    assert dependency_sentences(game.state, game.view("urborg"), lang) == [sentence]


@pytest.mark.parametrize("lang, sentence", [
    ("en", "The effect of Control Magic applied after that of Confiscate, out of timestamp "
           "order: applying that of Confiscate would change what it does, so it depends on it "
           "(613.8a-b)."),
    ("fr", "L'effet de la Magie de contrôle s'est appliqué après celui de la Confiscation, hors "
           "de l'ordre d'horodatage\u202f: appliquer celui de la Confiscation changerait ce que "
           "fait le premier, qui en dépend donc (613.8a-b).")])
def test_the_full_sentence_of_an_effect_that_still_applies(lang: str, sentence: str):
    from mtgrules.draw.diagrams import dependency_sentences
    game = _run("deps-03-confiscate-a-control-magic").game
    assert dependency_sentences(game.state, game.view("angel"), lang) == [sentence]


@pytest.mark.parametrize("path", DEPS, ids=[p.stem for p in DEPS])
def test_the_board_never_says_an_effect_waited_when_none_did(path: Path):
    """At every step, the board's dependency sentences are exactly those of the views'
    records, in both languages: none when every effect applied in timestamp order (deps-02,
    where Blood Moon came first), none left over from an earlier step."""
    from mtgrules.draw.diagrams import dependency_sentences
    result = load_scenario(path).run()
    for step in result.game.timeline.steps:
        state = step.state
        views = compute_all(state)
        for lang in ("en", "fr"):
            text = _flat(_board_text(state, lang))
            said = text.count("(613.8")
            expected = [s for v in views.values()
                        for s in dependency_sentences(state, v, lang, short=True)]
            assert said == len(expected), (path.stem, lang)
            assert all(_flat(s) in text for s in expected), (path.stem, lang)
            if path.stem.startswith("deps-02"):
                assert said == 0 and not expected


WINGS = _card("""
name: Test Wings
types: [artifact]
subtypes: [equipment]
abilities:
  - {kind: static, text: Equipped creature has flying., static: {continuous: {affects:
      equipped_creature, gains: [{keyword: flying}]}}}
""")
DULLING = _card("""
name: Test Dulling Field
types: [enchantment]
abilities:
  - {kind: static, text: Artifacts lose all abilities., static: {continuous: {affects:
      {types: [artifact]}, loses_all_abilities: true}}}
""")
HUSH = _card("""
name: Test Hush
types: [enchantment]
abilities:
  - {kind: static, text: Creatures lose all abilities., static: {continuous: {affects:
      {types: [creature]}, loses_all_abilities: true}}}
""")


@pytest.mark.parametrize("later", ["artifacts lose all abilities",
                                   "creatures lose all abilities"])
def test_an_equipments_effect_waits_only_for_what_takes_its_own_ability(later: str):
    """An Equipment's "equipped creature has flying" (layer 6) depends on a later "artifacts
    lose all abilities", which takes the ability away from the Equipment itself (613.8a:
    existence): it waits, no longer exists, and the creature doesn't fly. A later "creatures
    lose all abilities" touches the creature alone: no dependency (the layers find it without
    a trial, characteristics._depends), so timestamp order, and the creature loses flying
    too."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(WINGS, "battlefield", "alice", id="wings", attached_to="bears")
    game.add(DULLING if later.startswith("artifacts") else HUSH, "battlefield", "alice",
             id="later")
    game.start()
    views = compute_all(game.state)
    assert not any(a.keyword == "flying" for a in views["bears"].chars.abilities)
    if later.startswith("artifacts"):
        assert views["wings"].dependencies == (("6", "wings", "later", "gone"),)
    else:
        assert views["wings"].dependencies == ()
        assert views["bears"].layered == (("6", "wings"), ("6", "later"))


# --- dependencies the layers find without a trial (characteristics._depends) ----------------

def _static(name: str, types: str, text: str, continuous: str) -> Any:
    return _card(f"""
name: {name}
types: [{types}]
abilities:
  - {{kind: static, text: "{text}", static: {{continuous: {{{continuous}}}}}}}
""")


SMALL_WALLS = _static("Test Small Walls", "enchantment", "Creatures with power 2 or less get "
                      "+0/+3.", "affects: {types: [creature], power: {at_most: 2}}, "
                      "toughness: 3")
STEADY_WALLS = _static("Test Steady Walls", "enchantment", "Creatures get +0/+3.",
                       "affects: {types: [creature]}, toughness: 3")
MIGHT = _static("Test Might", "enchantment", "Creatures get +1/+0.",
                "affects: {types: [creature]}, power: 1")
BLUE_TO_WHITE = _static("Test Bleach", "enchantment", "Blue creatures are white.",
                        "affects: {types: [creature], colors: [blue]}, colors: [white]")
GREEN_TO_WHITE = _static("Test Frost", "enchantment", "Green creatures are white.",
                         "affects: {types: [creature], colors: [green]}, colors: [white]")
ALL_BLUE = _static("Test Tide", "enchantment", "Creatures are blue.",
                   "affects: {types: [creature]}, colors: [blue]")
SKIES = _static("Test Skies", "enchantment", "Creatures have flying.",
                "affects: {types: [creature]}, gains: [{keyword: flying}]")
ENCHANTMENTS_HUSHED = _static("Test Enchantments Hushed", "enchantment",
                              "Enchantments lose all abilities.",
                              "affects: {types: [enchantment]}, loses_all_abilities: true")


def _bears_under(*cards: Any) -> dict[str, Any]:
    """Grizzly Bears (green, 2/2) and the cards, in that timestamp order, ids e0, e1..."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    for n, card in enumerate(cards):
        game.add(card, "battlefield", "alice", id=f"e{n}")
    game.start()
    return compute_all(game.state)


def test_a_filter_on_power_waits_for_an_effect_that_changes_power_in_the_same_layer():
    """613.8a: "creatures with power 2 or less get +0/+3" (earlier) depends on a later
    "creatures get +1/+0", both in layer 7c: applying the later one makes the Bears' power 3,
    so the earlier one no longer applies to them. The later one applies first: 3/2."""
    views = _bears_under(SMALL_WALLS, MIGHT)
    assert (views["bears"].power, views["bears"].toughness) == (3, 2)
    assert views["e0"].dependencies == (("7c", "e0", "e1", "applies_to"),)
    assert views["bears"].layered == (("7c", "e1"),)


def test_a_filter_that_reads_no_power_doesnt_wait_in_layer_7():
    """The same without the power in the filter: no dependency (found without a trial), so
    timestamp order, and both apply: 3/5."""
    views = _bears_under(STEADY_WALLS, MIGHT)
    assert (views["bears"].power, views["bears"].toughness) == (3, 5)
    assert views["e0"].dependencies == () and views["bears"].dependencies == ()
    assert views["bears"].layered == (("7c", "e0"), ("7c", "e1"))


def test_a_filter_on_colors_waits_for_an_effect_that_changes_colors():
    """613.8a in layer 5: "blue creatures are white" (earlier) depends on a later "creatures
    are blue", which makes the green Bears blue: the later one first, then the Bears are
    white."""
    views = _bears_under(BLUE_TO_WHITE, ALL_BLUE)
    assert views["bears"].chars.colors == frozenset({"W"})
    assert views["e0"].dependencies == (("5", "e0", "e1", "applies_to"),)


def test_an_effect_on_colors_that_a_later_one_stops_applying_to_still_waits():
    """"Green creatures are white" (earlier) depends on "creatures are blue" too: applied
    first, that one leaves no green creature, so the Bears end blue, and the board says the
    earlier effect waited (and applied to nothing)."""
    views = _bears_under(GREEN_TO_WHITE, ALL_BLUE)
    assert views["bears"].chars.colors == frozenset({"U"})
    assert views["e0"].dependencies == (("5", "e0", "e1", "applies_to"),)
    assert views["bears"].layered == (("5", "e1"),)


@pytest.mark.parametrize("later", ["enchantments", "creatures"])
def test_a_filter_based_grant_waits_only_for_what_takes_its_own_ability(later: str):
    """Layer 6 with a filter ("creatures have flying"): a later "enchantments lose all
    abilities" takes the ability away from the enchantment itself (existence): it waits and
    no longer exists. A later "creatures lose all abilities" touches the Bears alone, and a
    filter reads no ability: no dependency, found without a trial; timestamp order, and the
    Bears lose flying too."""
    views = _bears_under(SKIES, ENCHANTMENTS_HUSHED if later == "enchantments" else HUSH)
    assert not any(a.keyword == "flying" for a in views["bears"].chars.abilities)
    if later == "enchantments":
        assert views["e0"].dependencies == (("6", "e0", "e1", "gone"),)
    else:
        assert views["e0"].dependencies == ()
        assert views["bears"].layered == (("6", "e0"), ("6", "e1"))


def test_every_value_a_power_may_be_set_to_is_known_to_read_no_color_power_or_toughness():
    """The layers find without a trial that an effect in layer 5 or 7 can't change what
    another one does (characteristics._PT_VALUES_BLIND): a new value that reads power (say,
    "the greatest power among creatures you control") must be looked at there first."""
    from mtgrules.continuous import PT_VALUES
    assert set(PT_VALUES) == characteristics._PT_VALUES_BLIND


BANNER = _card("""
name: Test Banner
types: [artifact]
subtypes: [equipment]
abilities:
  - {kind: static, text: "Equipped creature has \\"Other creatures you control get +1/+1.\\"",
     static: {continuous: {affects: equipped_creature, gains: [{kind: static, text: Other
     creatures you control get +1/+1., static: {continuous: {affects: {types: [creature],
     controller: you, other: true}, power: 1, toughness: 1}}}]}}}
""")


def test_a_static_ability_granted_in_layer_6_generates_its_effect_from_layer_7a():
    """613.7a: the Bears gain "other creatures you control get +1/+1" in layer 6; its effect
    applies in 7c with the later of the Bears' and the Equipment's timestamps, beside the
    Anthem's (a static the Anthem always had)."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="other")
    game.add(CARDS["Glorious Anthem"], "battlefield", "alice", id="anthem")
    game.add(BANNER, "battlefield", "alice", id="banner", attached_to="bears")
    game.start()
    views = compute_all(game.state)
    assert (views["bears"].power, views["bears"].toughness) == (3, 3)
    assert (views["other"].power, views["other"].toughness) == (4, 4)
    assert views["other"].layered == (("7c", "anthem"), ("7c", "bears"))
