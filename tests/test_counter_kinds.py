"""Kinds of counters (122.1): a typo ("+1/+l", "loyality") is refused with "did you mean", not
taken as a new kind; a made-up kind is known when a card of the game declares it (puts,
removes or counts it), the way a judge reads a new card (mtgrules/counters.py)."""

from __future__ import annotations

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.counters import KEYWORD_KINDS, RULES_KINDS, declared_kinds, problem, typo
from mtgrules.cr import english_text
from mtgrules.errors import ScenarioError
from mtgrules.scenarios import parse_scenario
from mtgrules.scenarios.runner import fingerprint

GLIMMER_BEAR = """
cards:
  - name: Glimmer Bear
    types: [creature]
    power: 2
    toughness: 2
    abilities:
      - kind: activated
        text: "{T}: Put a glimmer counter on this creature."
        cost: "{T}"
        effects: [{do: add_counters, what: self, counter: glimmer, amount: 1}]
"""


def _scenario(counters: str, cards: str = "") -> str:
    return (f"title: counters\nplayers: [alice, bob]\n{cards}setup:\n  alice:\n"
            f"    battlefield: [{{card: Grizzly Bears, id: bears, counters: {counters}}}]\n"
            f"expect:\n  - object: {{id: bears, counters: {counters}}}\n")


@pytest.mark.parametrize(("kind", "rule"), sorted(RULES_KINDS.items()))
def test_each_kind_the_kit_says_the_rules_name_is_named_by_that_rule(kind, rule):
    word = "keyword counter" if kind in KEYWORD_KINDS else f"{kind} counter"
    assert word in english_text(rule), f"{rule} doesn't name {word}"
    if kind in KEYWORD_KINDS:
        assert kind in english_text(rule)


@pytest.mark.parametrize(("typed", "meant"), [("+1/+l", "+1/+1"), ("loyality", "loyalty"),
                                              ("-1/1", "-1/-1"), ("sheild", "shield")])
def test_a_typo_in_a_set_up_counter_is_refused_with_did_you_mean(typed, meant):
    with pytest.raises(ScenarioError) as refused:
        parse_scenario(_scenario(f'{{"{typed}": 1}}'), file="typo.yaml")
    assert f"did you mean: {meant}" in str(refused.value)
    assert "setup.alice.battlefield[0].counters" in str(refused.value)


def test_a_kind_no_rule_and_no_card_names_is_refused_in_a_scenario():
    with pytest.raises(ScenarioError, match="unknown kind of counter 'glimmer'"):
        parse_scenario(_scenario("{glimmer: 1}"), file="made-up.yaml")


def test_a_made_up_kind_a_card_of_the_scenario_declares_is_known():
    """Glimmer Bear puts glimmer counters: the scenario may set up and check them, on any
    permanent (counters of the same name are interchangeable, 122.1)."""
    result = parse_scenario(_scenario("{glimmer: 2}", GLIMMER_BEAR), file="ok.yaml").run()
    assert result.passed and result.game.obj("bears").counters["glimmer"] == 2


def test_p_t_and_rules_kinds_are_known_without_any_card():
    for kind in ("+1/+1", "-1/-1", "+2/+0", "-0/-2", "loyalty", "shield", "flying", "lore"):
        assert problem(kind, ()) is None and typo(kind) is None
    assert typo("glimmer") is None  # a card may declare a kind of its own
    assert {"+1/+1", "-1/-1"} <= declared_kinds(catalog()[n] for n in catalog())


def test_the_api_refuses_a_typo_kind_and_the_game_is_left_as_it_was():
    game = Game(["alice", "bob"])
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    before = fingerprint(game)
    with pytest.raises(RulesError) as refused:
        game.add(catalog()["Grizzly Bears"], "battlefield", "alice", counters={"+1/+l": 1})
    assert refused.value.rule == "122.1" and "did you mean: +1/+1" in str(refused.value)
    assert "vouliez-vous dire : +1/+1" in refused.value.message_fr
    assert fingerprint(game) == before and list(game.state.objects) == ["bears"]
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", counters={"+1/+1": 1})


def test_the_builder_refuses_a_typo_kind_in_english_and_french():
    from mtgrules.widgets.builder import SetupError, parse_counters

    assert parse_counters("+1/+1: 2, charge: 1") == {"+1/+1": 2, "charge": 1}
    with pytest.raises(SetupError) as refused:
        parse_counters("+1/+l: 2")
    assert "did you mean: +1/+1" in str(refused.value)
    assert refused.value.message_fr.startswith("type de marqueur inconnu « +1/+l »")
