"""The layer system (613), played with the catalog's cards and with made-up ones.

Each test reads like the rule it checks: which effect wins depends on the layer, then on
dependencies, then on timestamps; statics look again at what they affect, resolved effects do
not; "until end of turn" ends in the cleanup step; counters annihilate.
"""

from __future__ import annotations

import dataclasses
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from scenario_text import renamed_scenario, topic_cards

from mtgrules import Game, catalog, characteristics
from mtgrules.abilities import Characteristics
from mtgrules.characteristics import compute, compute_all
from mtgrules.mana import parse_pool
from mtgrules.scenarios import load_scenario, shipped_scenarios

CARDS = catalog()


def game_with(*cards: tuple[str, str, str], mana: str = "", **kw: str) -> Game:
    """A game with (card, controller, id) on the battlefield, in that timestamp order."""
    game = Game(["alice", "bob"])
    for name, player, obj_id in cards:
        game.add(CARDS[name], "battlefield", player, id=obj_id)
    for obj_id, name in kw.items():
        game.add(CARDS[name.replace("_", " ")], "hand", "alice", id=obj_id)
    game.start()
    if mana:
        game.player("alice").mana_pool.update(parse_pool(mana))
    return game


def pt(game: Game, obj_id: str) -> tuple[int | None, int | None]:
    v = game.view(obj_id)
    return v.power, v.toughness


def renamed(name: str, new: str) -> Characteristics:
    """The card under another name: same abilities, nothing for a name to lean on."""
    return dataclasses.replace(CARDS[name].characteristics(), name=new, name_fr=new)


# --- 7c: anthems are statics (611.3a); resolved pumps fix their objects (611.2c) -------------

def test_an_anthem_applies_to_a_creature_that_enters_later():
    game = game_with(("Glorious Anthem", "alice", "anthem"), ("Grizzly Bears", "alice", "a"))
    assert pt(game, "a") == (3, 3)
    late = Game(["alice", "bob"])
    late.add(CARDS["Glorious Anthem"], "battlefield", "alice", id="anthem")
    late.add(CARDS["Grizzly Bears"], "hand", "alice", id="b")
    late.start()
    late.player("alice").mana_pool.update(parse_pool("{1}{G}"))
    late.cast("alice", "b")
    late.resolve()
    assert pt(late, "b") == (3, 3), "611.3a: a static affects what matches now"


def test_an_anthem_is_only_for_its_controllers_creatures():
    game = game_with(("Glorious Anthem", "alice", "anthem"), ("Grizzly Bears", "bob", "b"))
    assert pt(game, "b") == (2, 2)


def test_other_elves_you_control_get_plus_one_but_not_the_lord_itself():
    game = game_with(("Imperious Perfect", "alice", "lord"), ("Llanowar Elves", "alice", "elf"),
                     ("Grizzly Bears", "alice", "bears"), ("Llanowar Elves", "bob", "his-elf"))
    assert pt(game, "lord") == (2, 2)
    assert pt(game, "elf") == (2, 2)
    assert pt(game, "bears") == (2, 2)
    assert pt(game, "his-elf") == (1, 1)


def test_honor_of_the_pure_follows_the_color_as_it_is_now():
    """613.5 example: turning the creature white (layer 5) makes Honor of the Pure apply."""
    game = game_with(("Honor of the Pure", "alice", "honor"), ("Grizzly Bears", "alice", "g"))
    assert pt(game, "g") == (2, 2)
    game = game_with(("Honor of the Pure", "alice", "honor"), ("Grizzly Bears", "alice", "g"),
                     ("Grizzly Bears", "bob", "frog-me"), frog="Turn_to_Frog", mana="{1}{U}")
    game.cast("alice", "frog", answers=[{"targets": ["g"]}])
    game.resolve()
    assert game.view("g").chars.colors == frozenset({"U"})
    assert pt(game, "g") == (1, 1), "blue now: Honor of the Pure no longer applies"


def test_inspired_charge_affects_only_the_creatures_there_as_it_resolves():
    game = game_with(("Grizzly Bears", "alice", "a"), charge="Inspired_Charge",
                     bears="Grizzly_Bears", mana="{2}{W}{W}{1}{G}")
    game.cast("alice", "charge")
    game.resolve()
    assert pt(game, "a") == (4, 3)
    game.cast("alice", "bears")
    game.resolve()
    assert pt(game, "bears") == (2, 2), "611.2c: the affected set was fixed on resolution"


def test_until_end_of_turn_effects_end_in_the_cleanup_step():
    game = game_with(("Grizzly Bears", "alice", "a"), growth="Giant_Growth", mana="{G}")
    game.cast("alice", "growth", answers=[{"targets": ["a"]}])
    game.resolve()
    game.next_step("end")
    assert pt(game, "a") == (5, 5)
    game.next_step()  # the cleanup step, then on to the next turn
    assert game.state.turn == 2
    assert pt(game, "a") == (2, 2), "514.2"
    assert game.state.effects == []


# --- 7b, 7c, 7d and counters -------------------------------------------------------------------

def test_setting_comes_before_modifying_whatever_the_timestamps():
    """613.4: Giant Growth first, then Turn to Frog: 1/1 base, +3/+3 still applies: 4/4."""
    game = game_with(("Grizzly Bears", "alice", "a"), growth="Giant_Growth", frog="Turn_to_Frog",
                     mana="{G}{1}{U}")
    game.cast("alice", "growth", answers=[{"targets": ["a"]}])
    game.resolve()
    game.cast("alice", "frog", answers=[{"targets": ["a"]}])
    game.resolve()
    v = game.view("a")
    assert (v.power, v.toughness) == (4, 4)
    assert v.chars.subtypes == ("frog",)


def test_switching_applies_last_to_the_modified_values():
    """613.4d example: a 1/3 given +0/+1 then switched is 4/1."""
    game = Game(["alice", "bob"])
    one_three = Characteristics(name="Wall", card_types=("creature",), power=1, toughness=3)
    game.add(one_three, "battlefield", "alice", id="w")
    game.add(CARDS["Twisted Image"], "hand", "alice", id="twist")
    game.add(CARDS["Giant Growth"], "hand", "alice", id="growth")
    game.add(CARDS["Island"], "library", "alice")
    game.start()
    game.player("alice").mana_pool.update(parse_pool("{U}{G}"))
    game.cast("alice", "twist", answers=[{"targets": ["w"]}])
    game.resolve()
    assert pt(game, "w") == (3, 1)
    game.cast("alice", "growth", answers=[{"targets": ["w"]}])
    game.resolve()
    assert pt(game, "w") == (6, 4), "7c applies before 7d even with a later timestamp"


def test_plus_and_minus_counters_annihilate():
    game = game_with(("Grizzly Bears", "alice", "a"), boon="Dragonscale_Boon",
                     infect="Instill_Infection", mana="{3}{G}{3}{B}")
    game.add(CARDS["Island"], "library", "alice")
    game.cast("alice", "boon", answers=[{"targets": ["a"]}])
    game.resolve()
    assert dict(game.obj("a").counters) == {"+1/+1": 2}
    game.cast("alice", "infect", answers=[{"targets": ["a"]}])
    game.resolve()
    assert dict(game.obj("a").counters) == {"+1/+1": 1}, "704.5q"
    assert pt(game, "a") == (3, 3)


def test_a_characteristic_defining_ability_counts_creatures_everywhere():
    game = game_with(("Crusader of Odric", "alice", "c"), ("Grizzly Bears", "alice", "a"),
                     ("Grizzly Bears", "bob", "b"))
    assert pt(game, "c") == (2, 2)
    hand = Game(["alice", "bob"])
    hand.add(CARDS["Grizzly Bears"], "battlefield", "alice")
    hand.add(CARDS["Crusader of Odric"], "hand", "alice", id="h")
    hand.start()
    assert pt(hand, "h") == (1, 1), "604.3: a CDA works in every zone"


# --- layer 2: control ----------------------------------------------------------------------------

def test_act_of_treason_gains_control_untaps_and_gives_haste_until_end_of_turn():
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "bob", id="b", tapped=True)
    game.add(CARDS["Act of Treason"], "hand", "alice", id="treason")
    game.start()
    game.player("alice").mana_pool.update(parse_pool("{2}{R}"))
    game.cast("alice", "treason", answers=[{"targets": ["b"]}])
    game.resolve()
    v = game.view("b")
    assert (v.controller, v.tapped, "haste" in v.chars.keywords()) == ("alice", False, True)
    game.next_step("end")
    assert game.view("b").controller == "alice"
    game.next_step()  # the cleanup step (514.2)
    assert game.view("b").controller == "bob"


# --- timestamps and dependencies -------------------------------------------------------------

@pytest.mark.parametrize("first, expected", [("Humility", (4, 4)), ("Opalescence", (1, 1))])
def test_humility_and_opalescence_by_timestamp(first: str, expected: tuple[int, int]):
    """613.7: in layer 7b Humility sets 1/1 and Opalescence sets 4/4; the later one wins."""
    second = "Opalescence" if first == "Humility" else "Humility"
    game = game_with((first, "alice", first.lower()), (second, "alice", second.lower()),
                     ("Grizzly Bears", "bob", "b"))
    assert pt(game, "humility") == expected
    assert pt(game, "b") == (1, 1)
    assert game.view("humility").chars.abilities == ()


def test_march_of_the_machines_depends_on_liquimetal_coating():
    """613.8a: the Coating's effect changes what March applies to, so it applies first even
    with the later timestamp: the land becomes a 0/0 artifact creature and dies."""
    game = game_with(("March of the Machines", "alice", "march"),
                     ("Liquimetal Coating", "alice", "coating"), ("Island", "bob", "land"))
    assert game.view("coating").is_("creature")  # a noncreature artifact: 2/2
    game.activate("alice", "coating", answers=[{"targets": ["land"]}])
    game.resolve()
    assert game.obj("land").zone == "graveyard", "704.5f after 613.8"


def test_without_dependencies_timestamp_order_would_keep_the_land():
    """The same pair with the dependency check switched off: proof the check matters."""
    from mtgrules import characteristics
    game = game_with(("March of the Machines", "alice", "march"),
                     ("Liquimetal Coating", "alice", "coating"), ("Island", "bob", "land"))
    original = characteristics._depends
    characteristics._depends = lambda *a: False  # type: ignore[assignment]
    try:
        game.activate("alice", "coating", answers=[{"targets": ["land"]}])
        game.resolve()
        assert game.obj("land").zone == "battlefield"
    finally:
        characteristics._depends = original


def test_a_made_up_card_with_the_same_abilities_behaves_the_same():
    game = Game(["alice", "bob"])
    game.add(renamed("Humility", "Modesty of Kin"), "battlefield", "alice", id="m")
    game.add(renamed("Opalescence", "Shimmer"), "battlefield", "alice", id="s")
    game.add(renamed("Glorious Anthem", "Song"), "battlefield", "alice", id="song")
    game.start()
    assert pt(game, "m") == (4, 4)
    assert pt(game, "song") == (3, 3)


def test_one_view_equals_the_view_among_all():
    game = game_with(("Humility", "alice", "h"), ("Opalescence", "alice", "o"),
                     ("Glorious Anthem", "bob", "g"), ("Grizzly Bears", "bob", "b"))
    views = compute_all(game.state)
    for obj_id in ("h", "o", "g", "b"):
        assert compute(game.state, obj_id) == views[obj_id]


# --- the shipped layers-* scenarios: they pass, cover every card, and catch a wrong engine ----

LAYER_SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith("layers-")]


def _run(stem: str) -> Any:
    return load_scenario(next(p for p in LAYER_SCENARIOS if p.stem == stem)).run()


# They pass, read in both languages with the official terms and catch a wrong expectation:
# tests/test_topic_scenarios.py (TOPICS).

def test_every_card_of_layers_yaml_plays_in_a_scenario_whose_checks_cite_rules():
    names = {c["name"] for c in yaml.safe_load(
        (resources.files("mtgrules") / "cards" / "layers.yaml").read_text("utf-8"))["cards"]}
    assert len(names) >= 9
    played: set[str] = set()
    for path in LAYER_SCENARIOS:
        scenario = load_scenario(path)
        assert all(c.rules for c in scenario.all_checks()), path.stem
        played |= {line.split("card: ", 1)[1].split(",")[0].split("}")[0].strip('"')
                   for line in path.read_text("utf-8").splitlines() if "card: " in line}
    assert names <= played, names - played


def _breaks(monkeypatch: pytest.MonkeyPatch, target: str, replacement: Any, stem: str) -> None:
    """With ``target`` replaced, the scenario must fail: its checks depend on that rule."""
    monkeypatch.setattr(characteristics, target, replacement)
    result = _run(stem)
    assert result.error is not None or not result.passed, f"{stem} passed without {target}"


def reverse_timestamp_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within a layer, the latest timestamp first (613.7 turned round); CDAs still first."""
    order = characteristics._Effect.order
    monkeypatch.setattr(characteristics._Effect, "order",
                        property(lambda e: (order.fget(e)[0], -e.timestamp, e.key)))


def test_without_dependencies_the_dependency_scenario_fails(monkeypatch):
    _breaks(monkeypatch, "_depends", lambda *a: False, "layers-05-dependency-march-and-coating")


@pytest.mark.parametrize("stem", ["layers-03-humility-then-opalescence",
                                  "layers-04-opalescence-then-humility"])
def test_in_reverse_timestamp_order_the_humility_scenarios_fail(monkeypatch, stem: str):
    reverse_timestamp_order(monkeypatch)
    result = _run(stem)
    assert not result.passed


def test_statics_that_fix_their_objects_fail_the_anthem_scenario(monkeypatch):
    """611.3a against 611.2c: a static found its objects once would miss the late Bears."""
    real = characteristics._ids
    seen: dict[tuple, list[str]] = {}
    def frozen(state: Any, works: Any, effect: Any) -> list[str]:
        key = (effect.source, effect.timestamp)
        return seen.setdefault(key, real(state, works, effect))
    _breaks(monkeypatch, "_ids", frozen, "layers-01-anthem-and-lord")


def test_resolved_effects_that_look_again_fail_the_charge_scenario(monkeypatch):
    real = characteristics._ids
    def everyone(state: Any, works: Any, effect: Any) -> list[str]:
        if effect.ability is None:
            return [i for i, w in works.items() if w.obj.zone == "battlefield"
                    and w.is_("creature") and w.controller == effect.controller]
        return real(state, works, effect)
    monkeypatch.setattr(characteristics, "_resolved", lambda state, works: [
        characteristics._Effect(("resolved", n), e.modification, e.timestamp, e.controller,
                                e.source, locked=e.objects) for n, e in enumerate(state.effects)])
    _breaks(monkeypatch, "_ids", everyone, "layers-02-resolved-effects-fix-their-objects")


@pytest.mark.parametrize("layer, stem", [
    ("2", "layers-06-act-of-treason"), ("5", "layers-07-crusader-honor-and-frog"),
    ("7a", "layers-07-crusader-honor-and-frog"), ("7d", "layers-08-switching"),
    ("4", "layers-05-dependency-march-and-coating"), ("6", "layers-03-humility-then-opalescence"),
])
def test_without_a_layer_its_scenario_fails(monkeypatch, layer: str, stem: str):
    steps = dict(characteristics._LAYER_STEPS)
    steps[layer] = lambda *a: None
    monkeypatch.setattr(characteristics, "_LAYER_STEPS", steps)
    assert not _run(stem).passed


def test_without_annihilation_the_counters_scenario_fails(monkeypatch):
    from mtgrules import sba
    monkeypatch.setattr(sba, "_counters_annihilate", lambda game, views: False)
    assert not _run("layers-09-counters-annihilate").passed


def test_without_the_cleanup_the_until_end_of_turn_checks_fail(monkeypatch):
    from mtgrules import turns
    real = turns._cleanup
    def keep_effects(game: Any) -> None:
        effects = list(game.state.effects)
        real(game)
        game.state.effects = effects
    monkeypatch.setattr(turns, "_cleanup", keep_effects)
    assert not _run("layers-06-act-of-treason").passed


# --- what a person sees ------------------------------------------------------------------------

def test_the_board_draws_a_stolen_creature_under_its_new_controller_with_its_computed_pt():
    from mtgrules.draw.diagrams import board_view
    result = _run("layers-06-act-of-treason")
    after_treason = board_view(result.game.timeline.steps[2].state).source
    alice = after_treason.split("subgraph cluster_player_bob")[0]
    assert "perm_bears [label=" in alice, "613.1b: Alice's battlefield holds the Bears"
    frog = _run("layers-07-crusader-honor-and-frog")
    last = board_view(frog.game.timeline.steps[-1].state).source
    assert "Crusader of Odric\\n(crusader)\\n4/4" in last, "613.4: the P/T drawn is computed"


def test_the_board_says_which_effects_apply_in_which_layers_in_both_languages():
    from mtgrules.draw.diagrams import board_view
    state = _run("layers-03-humility-then-opalescence").game.timeline.steps[-1].state
    en, fr = board_view(state).source, board_view(state, "fr").source
    humility = next(line for line in en.splitlines() if "perm_humility [" in line)
    assert "4/4\\ncontinuous effects (613):\\n  Opalescence: 4, 7b\\n  Humility: 6, 7b" in humility
    assert "effets continus (613) :" in fr
    bears = next(line for line in en.splitlines() if "perm_bears [" in line)
    assert "Opalescence" not in bears and "Humility: 6, 7b" in bears


def test_the_log_says_what_a_continuous_effect_does_in_both_languages():
    result = _run("layers-07-crusader-honor-and-frog")
    entries = [e for s in result.game.timeline.steps for e in s.entries
               if e.key == "continuous_effect"]
    texts = [(e.text("en"), e.text("fr")) for e in entries]
    assert any("has Frog as its only creature type; becomes blue; loses all abilities; base "
               "power and toughness 1/1"
               in en for en, _ in texts), texts
    assert any("devient bleu" in fr and "perd toutes ses capacités" in fr for _, fr in texts)


# --- bad card text is refused with its field and rule --------------------------------------

@pytest.mark.parametrize("static, words", [
    ("{continuous: {affects: {types: [creature]}}}", "must change something"),
    ("{continuous: {affects: everything, power: 1}}", "affects"),
    ("{continuous: {affects: {types: [creature]}, base_power: many}}", "base_power"),
    ("{continuous: {affects: {types: [creature]}, characteristic_defining: true, "
     "base_power: 1}}", "604.3"),
    ("{continuous: {affects: {colors: [purple]}, power: 1}}", "colors"),
])
def test_a_bad_continuous_static_is_refused(static: str, words: str):
    from mtgrules.abilities import parse_ability
    from mtgrules.data import Node, load_yaml
    with pytest.raises(ValueError) as err:
        parse_ability(Node(load_yaml(f"{{kind: static, static: {static}}}", "x.yaml"),
                           "x.yaml"))
    assert words in str(err.value)


@pytest.mark.parametrize("effect, words", [
    ("{do: continuous, what: each, power: 1}", "filter"),
    ("{do: continuous, what: target, filter: {types: [creature]}, power: 1}", "filter"),
    ("{do: continuous, what: target, duration: forever, power: 1}", "duration"),
    ("{do: continuous, what: target, control: bob}", "control"),
])
def test_a_bad_continuous_effect_is_refused(effect: str, words: str):
    from mtgrules.abilities import parse_ability
    from mtgrules.data import Node, load_yaml
    text = f"{{kind: spell, targets: [{{type: creature}}], effects: [{effect}]}}"
    with pytest.raises(ValueError) as err:
        parse_ability(Node(load_yaml(text, "x.yaml"), "x.yaml"))
    assert words in str(err.value)


# --- the card language: every word has its rule, French and an example that parses ------------

def _words() -> list[tuple[str, Any]]:
    from mtgrules import continuous
    tables = {"modification": continuous.MODIFICATION_KEYS, "affects": continuous.AFFECTS_WORDS,
              "pt_value": continuous.PT_VALUE_WORDS, "duration": continuous.DURATION_WORDS}
    return [(f"{t}:{k}", w) for t, table in tables.items() for k, w in table.items()]


@pytest.mark.parametrize("name, word", _words(), ids=[n for n, _ in _words()])
def test_every_word_has_french_a_rule_and_an_example_that_parses_and_uses_it(name, word):
    from mtgrules.abilities import parse_ability
    from mtgrules.cr import rule
    from mtgrules.data import Node, load_yaml
    key = name.split(":")[1]
    assert word.text and word.text_fr and word.text != word.text_fr
    assert rule(word.rule)
    ability = parse_ability(Node(load_yaml(word.example, "example"), "example"))
    assert ability is not None
    assert key in word.example or key == "filter"


def test_the_vocabulary_tables_and_the_parser_agree():
    from mtgrules import abilities, continuous
    assert set(abilities.MODIFICATION_PARAMS) == set(continuous.MODIFICATION_KEYS)
    assert set(abilities.AFFECTS) | {"filter"} == set(continuous.AFFECTS_WORDS)


def test_a_creature_stolen_without_haste_has_summoning_sickness():
    """302.6: not under Alice's control since her turn began: it can't attack, and its {T}
    ability can't be activated. A made-up "Borrow" only changes control."""
    from mtgrules import RulesError
    from mtgrules.abilities import CardDef, parse_characteristics
    from mtgrules.data import Node, load_yaml
    borrow = CardDef((parse_characteristics(Node(load_yaml(
        "{name: Borrow, types: [sorcery], mana_cost: '{1}', abilities: [{kind: spell, "
        "targets: [{type: creature}], effects: [{do: continuous, what: target, control: you}]}]}"
    ))),))
    game = Game(["alice", "bob"])
    game.add(CARDS["Llanowar Elves"], "battlefield", "bob", id="elves")
    game.add(borrow, "hand", "alice", id="borrow")
    game.start()
    game.player("alice").mana_pool.update(parse_pool("{1}"))
    game.cast("alice", "borrow", answers=[{"targets": ["elves"]}])
    game.resolve()
    assert game.view("elves").controller == "alice"
    with pytest.raises(RulesError, match="302.6"):
        game.activate("alice", "elves")
    with pytest.raises(RulesError, match="302.6"):
        game.declare_attackers({"elves": "bob"})


def test_a_creature_taken_by_a_control_aura_has_summoning_sickness():
    """302.6 with a static control change: Control Magic enters attached, its creature changes
    controller then, so it can't attack this turn."""
    from mtgrules import RulesError
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.add(CARDS["Control Magic"], "hand", "alice", id="magic")
    game.start()
    game.player("alice").mana_pool.update(parse_pool("{2}{U}{U}"))
    game.cast("alice", "magic", answers=[{"targets": ["bears"]}])
    game.resolve()
    assert game.view("bears").controller == "alice"
    with pytest.raises(RulesError, match="302.6"):
        game.declare_attackers({"bears": "bob"})


@pytest.mark.parametrize("path", LAYER_SCENARIOS, ids=[p.stem for p in LAYER_SCENARIOS])
def test_made_up_cards_with_the_same_abilities_play_each_scenario_the_same(path: Path):
    """Every card of layers.yaml renamed ("Homebrew N"): the same checks hold, the same
    objects end in the same zones with the same power and toughness."""
    original = load_scenario(path).run()
    renamed = renamed_scenario(path, topic_cards("layers.yaml")).run()
    assert renamed.error is None, renamed.error
    assert renamed.passed, [(c.check.line, c.message) for c in renamed.failures()]
    g1, g2 = original.game.state, renamed.game.state
    assert g2.zones == g1.zones
    assert {i: (v.power, v.toughness, v.controller) for i, v in compute_all(g2).items()} == \
        {i: (v.power, v.toughness, v.controller) for i, v in compute_all(g1).items()}


@pytest.mark.parametrize("order, haste", [(("treason", "frog"), False),
                                          (("frog", "treason"), True)])
def test_in_layer_6_the_later_effect_wins(order: tuple[str, str], haste: bool):
    """613.7, 613.9: "loses all abilities" and "gains haste" in timestamp order; control (layer
    2) and the Frog's 1/1 (7b) apply whatever the order."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.add(CARDS["Act of Treason"], "hand", "alice", id="treason")
    game.add(CARDS["Turn to Frog"], "hand", "alice", id="frog")
    game.start()
    game.player("alice").mana_pool.update(parse_pool("{2}{R}{1}{U}"))
    for card in order:
        game.cast("alice", card, answers=[{"targets": ["bears"]}])
        game.resolve()
    v = game.view("bears")
    assert ("haste" in v.chars.keywords()) is haste
    assert (v.controller, v.power, v.toughness) == ("alice", 1, 1)
