"""The one filter (issue 14): read once (filters.parse_filter), evaluated in one function
(filters.accepts), and every key it accepts is honoured wherever a card chooses or counts:
targets (115.1), triggers (603.2), costs (118.3), counts (603.4), entering as a copy (707.5).
"Destroy target Elf" once destroyed a Grizzly Bears: ``subtypes`` was accepted and ignored."""

from __future__ import annotations

import pytest

from mtgrules import Game, RulesError, ScenarioError, catalog
from mtgrules.abilities import AbilityDef, CardDef, parse_characteristics
from mtgrules.characteristics import compute_all
from mtgrules.choices import IllegalAnswer
from mtgrules.data import Node, load_yaml
from mtgrules.filters import (
    FILTER_KEYS,
    Perspective,
    accepts,
    condition_holds,
    parse_condition,
    parse_filter,
)
from mtgrules.mana import parse_pool
from mtgrules.objects import StackItem


def card(text: str) -> CardDef:
    return CardDef((parse_characteristics(Node(load_yaml(text))),))


def flt(text: str):
    return parse_filter(Node(load_yaml(text)))


ELF_LORD = card("""
name: Test Elf Lord
types: [creature]
subtypes: [elf]
supertypes: [legendary]
mana_cost: "{G}"
power: 1
toughness: 1
""")


@pytest.fixture()
def board() -> tuple[Game, dict]:
    """alice: a legendary Elf (mana value 1), a Grizzly Bears (2), an artifact, a token that
    entered this turn; bob: a Grizzly Bears."""
    game = Game(["alice", "bob"])
    game.add(ELF_LORD, "battlefield", "alice", id="elf")
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(card("{name: Test Rock, types: [artifact], mana_cost: '{3}'}"), "battlefield",
             "alice", id="rock")
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="token", token=True,
             entered_this_turn=True)
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="theirs")
    game.start()
    return game, compute_all(game.state, ("battlefield",))


#: Each filter key: a filter, an object it accepts and one it refuses (alice's point of view,
#: the ability coming from the Elf, X = 2).
KEY_CASES = [
    ("types", "{types: [artifact]}", "rock", "bears"),
    ("all_types", "{all_types: [artifact, creature]}", None, "rock"),
    ("all_types", "{all_types: [artifact, creature]}", None, "bears"),
    ("not_types", "{not_types: [creature]}", "rock", "bears"),
    ("supertypes", "{supertypes: [legendary]}", "elf", "bears"),
    ("not_supertypes", "{not_supertypes: [legendary]}", "bears", "elf"),
    ("subtypes", "{subtypes: [elf]}", "elf", "bears"),
    ("not_subtypes", "{not_subtypes: [elf]}", "bears", "elf"),
    ("colors", "{colors: [green]}", "elf", "rock"),
    ("colors", "{colors: [white, blue]}", None, "elf"),
    ("controller", "{controller: you}", "bears", "theirs"),
    ("controller", "{controller: opponent}", "theirs", "bears"),
    ("token", "{token: true}", "token", "bears"),
    ("token", "{token: false}", "bears", "token"),
    ("entered_this_turn", "{entered_this_turn: true}", "token", "bears"),
    ("entered_this_turn", "{entered_this_turn: false}", "bears", "token"),
    ("other", "{other: true}", "bears", "elf"),
    ("mana_value", "{mana_value: {at_most: 1}}", "elf", "bears"),
    ("mana_value", "{mana_value: {at_least: 2}}", "bears", "elf"),
    ("mana_value", "{mana_value: {less_than: 2}}", "elf", "bears"),
    ("mana_value", "{mana_value: {equals: 3}}", "rock", "bears"),
    ("mana_value", "{mana_value: {at_most: X}}", "bears", "rock"),
    ("power", "{power: {at_least: 2}}", "bears", "elf"),
    ("power", "{power: {at_most: 1}}", "elf", "bears"),
    ("power", "{power: {at_most: 5}}", "bears", "rock"),  # an artifact has no power
    ("toughness", "{toughness: {equals: 1}}", "elf", "bears"),
]


@pytest.mark.parametrize("key, text, yes, no", KEY_CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(KEY_CASES)])
def test_each_permanent_key_accepts_and_refuses(board, key, text, yes, no):
    game, views = board
    at = Perspective("alice", "elf", game.state.turn, x=2)
    f = flt(text)
    assert f.get(key) is not None
    assert yes is None or accepts(f, views[yes], at)
    assert not accepts(f, views[no], at)


def _item(kind: str, ability: AbilityDef | None, controller: str = "bob") -> StackItem:
    return StackItem(id="s9", kind=kind, controller=controller, source_id="x", source_zcc=0,
                     source_name="X", source_name_fr="X", ability=ability)


@pytest.mark.parametrize("text, yes, no", [
    ("{kinds: [triggered]}", _item("triggered", AbilityDef("triggered")),
     _item("activated", AbilityDef("activated"))),
    ("{copiable: true}", _item("activated", AbilityDef("activated")),
     _item("activated", AbilityDef("activated", copiable=False))),
    ("{copiable: false}", _item("activated", AbilityDef("activated", copiable=False)),
     _item("activated", AbilityDef("activated"))),
    ("{mana_ability: false}", _item("activated", AbilityDef("activated")),
     _item("activated", AbilityDef("activated", mana_ability=True))),
    ("{mana_ability: true}", _item("activated", AbilityDef("activated", mana_ability=True)),
     _item("activated", AbilityDef("activated"))),
    ("{controller: opponent}", _item("triggered", AbilityDef("triggered")),
     _item("triggered", AbilityDef("triggered"), controller="alice")),
])
def test_each_stack_key_accepts_and_refuses(text, yes, no):
    at = Perspective("alice")
    assert accepts(flt(text), None, at, item=yes)
    assert not accepts(flt(text), None, at, item=no)


def test_an_ability_on_the_stack_has_no_characteristics_for_a_filter():
    """113.7: an ability on the stack is not a card: "target creature ability" is nothing."""
    item = _item("triggered", AbilityDef("triggered"))
    assert not accepts(flt("{types: [creature]}"), None, Perspective("alice"), item=item)
    assert accepts(flt("{}"), None, Perspective("alice"), item=item)


def test_every_filter_key_has_a_case_above():
    tested = {c[0] for c in KEY_CASES} | {"kinds", "copiable", "mana_ability"}
    assert tested == set(FILTER_KEYS)


@pytest.mark.parametrize("text, words", [
    ("{subtype: [elf]}", "subtype"),
    ("{controller: me}", "controller"),
    ("{mana_value: {below: 2}}", "mana_value.below"),
    ("{mana_value: {}}", "mana_value"),
    ("{token: maybe}", "token"),
])
def test_a_bad_filter_is_refused_with_its_field(text, words):
    with pytest.raises(ScenarioError) as err:
        flt(text)
    assert words in str(err.value)


# --- every place that filters uses it --------------------------------------------------------

DESTROY_ELF = card("""
name: Test Elf Bane
types: [instant]
mana_cost: "{B}"
abilities:
  - {kind: spell, text: Destroy target Elf., targets: [{type: creature, filter: {subtypes: [elf]}}],
     effects: [{do: destroy, what: target}]}
""")


def test_destroy_target_elf_cannot_target_a_grizzly_bears(board):
    game, _ = board
    game.player("alice").mana_pool.update(parse_pool("{B}{B}"))
    bane = game.add(DESTROY_ELF, "hand", "alice")
    with pytest.raises(IllegalAnswer):
        game.cast("alice", bane, answers=[{"targets": ["bears"]}])
    assert game.zone(None, "battlefield").count("bears") == 1
    game.cast("alice", bane, answers=[{"targets": ["elf"]}])
    game.resolve()
    assert game.zone("alice", "graveyard")[0] == "elf"


def test_a_trigger_filter_honours_subtypes():
    """603.2: "whenever another Elf enters" doesn't trigger on a Bear."""
    watcher = card("""
name: Test Elf Watcher
types: [creature]
power: 1
toughness: 1
abilities:
  - {kind: triggered, text: "Whenever another Elf enters, you gain 1 life.",
     trigger: {event: enters, subject: another, filter: {subtypes: [elf]}},
     effects: [{do: gain_life, amount: 1}]}
""")
    game = Game(["alice", "bob"])
    game.add(watcher, "battlefield", "alice")
    bears = game.add(catalog()["Grizzly Bears"], "hand", "alice")
    elf = game.add(ELF_LORD, "hand", "alice")
    game.start()
    game.put_onto_battlefield(bears)
    assert not game.state.triggered
    game.put_onto_battlefield(elf)
    assert [t.event_object for t in game.state.triggered] == [elf]


def test_a_sacrifice_cost_honours_subtypes(board):
    """118.3: "Sacrifice an Elf" can't be paid with a Bear."""
    altar = card("""
name: Test Elf Altar
types: [artifact]
abilities:
  - {kind: activated, text: "Sacrifice an Elf: You gain 2 life.",
     cost: {sacrifice: {subtypes: [elf]}}, effects: [{do: gain_life, amount: 2}]}
""")
    game, _ = board
    source = game.add(altar, "battlefield", "alice")
    with pytest.raises(IllegalAnswer):
        game.activate("alice", source, answers=[{"sacrifice": "bears"}])
    game.activate("alice", source, answers=[{"sacrifice": "elf"}])
    assert "elf" in game.zone("alice", "graveyard")


def test_a_count_honours_every_key(board):
    game, views = board
    at = Perspective("alice", None, game.state.turn)
    def holds(text: str) -> bool:
        return condition_holds(parse_condition(Node(load_yaml(text))), views.values(), at,
                               game.player("alice").life)
    assert holds("{you_control: {subtypes: [elf], at_least: 1}}")
    assert not holds("{you_control: {subtypes: [elf], at_least: 2}}")
    assert holds("{you_control: {types: [creature], at_least: 3}}")  # bob's Bear isn't counted
    assert not holds("{you_control: {types: [creature], at_least: 4}}")
    assert holds("{you_control: {token: true, at_most: 1}}")
    assert not holds("{you_control: {mana_value: {at_least: 2}, at_most: 1}}")
    assert holds("{life_at_least: 20}") and not holds("{life_at_least: 21}")


def test_entering_as_a_copy_honours_subtypes(board):
    """707.5: "enter as a copy of an Elf" offers no Bear."""
    mimic = card("""
name: Test Elf Mimic
types: [creature]
mana_cost: "{U}"
power: 0
toughness: 0
abilities:
  - {kind: replacement, text: You may have this enter as a copy of an Elf on the battlefield.,
     static: {enter_as_copy: {choose: {subtypes: [elf]}}}}
""")
    game = Game(["alice", "bob"])
    game.add(catalog()["Llanowar Elves"], "battlefield", "alice", id="elves")
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    mimic_id = game.add(mimic, "hand", "alice")
    game.start()
    with pytest.raises(RulesError):
        game.put_onto_battlefield(mimic_id, answers=[{"enter_as_copy": "bears"}])
    game.put_onto_battlefield(mimic_id, answers=[{"enter_as_copy": "elves"}])
    assert game.view(mimic_id).chars.name == "Llanowar Elves"


SPELL_SNARE = card("""
name: Test Small Counter
types: [instant]
mana_cost: "{U}"
abilities:
  - {kind: spell, text: Counter target spell with mana value 2 or less.,
     targets: [{type: spell, filter: {mana_value: {at_most: 2}}}],
     effects: [{do: counter, what: target}]}
""")


def test_a_mana_value_filter_on_spells_counts_x(board):
    """202.3e: on the stack X counts: a 2-mana-value limit refuses an X spell cast with X=2."""
    game, _ = board
    game.player("alice").mana_pool.update(parse_pool("{R}{R}{R}{R}{R}{U}{U}{U}{U}"))
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    blaze = game.add(card("""
name: Test Blaze
types: [sorcery]
mana_cost: "{X}{R}"
abilities:
  - {kind: spell, targets: [{type: any}], effects: [{do: damage, to: target, amount: X}]}
"""), "hand", "alice")
    snare = game.add(SPELL_SNARE, "hand", "alice")
    snare2 = game.add(SPELL_SNARE, "hand", "alice", id="snare2")
    spell = game.cast("alice", blaze, answers=[{"x": 2}, {"targets": ["bob"]}])
    with pytest.raises(RulesError, match="no legal target"):
        game.cast("alice", snare, answers=[{"targets": [spell]}])
    bolt_item = game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    game.cast("alice", snare2, answers=[{"targets": [bolt_item]}])
    game.resolve()
    assert bolt in game.zone("alice", "graveyard")


def test_all_types_accepts_an_artifact_creature_where_types_would_accept_any_artifact(board):
    """205.2a: "artifact creature" is both types at once; 'types' lists any one of them."""
    game, _ = board
    game.add(card("{name: Test Golem, types: [artifact, creature], mana_cost: '{2}', "
                  "power: 2, toughness: 2}"), "battlefield", "alice", id="golem")
    views = compute_all(game.state, ("battlefield",))
    at = Perspective("alice", "elf", game.state.turn)
    both = flt("{all_types: [artifact, creature]}")
    assert accepts(both, views["golem"], at)
    assert not accepts(both, views["rock"], at) and not accepts(both, views["bears"], at)
    assert accepts(flt("{types: [artifact, creature]}"), views["bears"], at)
