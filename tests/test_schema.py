"""Every mistake in a scenario or card file is refused at load, with its file, line and field:
the JSON Schema (Draft 2020-12) checks the form of everything, references are checked against
the set-up, and `mtgrules run`/`check` exit 2 on such a file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from mtgrules import ScenarioError
from mtgrules.abilities import EFFECT_PARAMS, REPLACEMENT_VOCABULARY, STATIC_KINDS
from mtgrules.data import Node, load_yaml
from mtgrules.filters import FILTER_KEYS
from mtgrules.instructions import HANDLERS
from mtgrules.scenarios import parse_scenario, shipped_scenarios
from mtgrules.schema import shipped_schema
from mtgrules.schema.build import card_schema, scenario_schema

SCENARIO = """
players: [alice, bob]
setup:
  alice:
    battlefield: [{card: Blood Artist, id: artist}, {card: Grizzly Bears, id: bears}]
script:
  - destroy: bears
    answers: [{targets: [bob]}]
  - check:
      - CHECK
"""
CARD = """
cards:
  - name: Test Spell
    types: [instant]
    abilities:
      - {kind: spell, targets: [{type: player}], effects: [EFFECT]}
players: [alice, bob]
setup:
  alice: {hand: [Test Spell]}
"""


def test_the_shipped_schema_files_are_up_to_date():
    """`make schema` writes them from the vocabulary; run it after changing the vocabulary."""
    assert shipped_schema("scenario") == scenario_schema(), "run `make schema`"
    assert shipped_schema("cards") == card_schema(), "run `make schema`"
    Draft202012Validator.check_schema(shipped_schema("scenario"))
    Draft202012Validator.check_schema(shipped_schema("cards"))


@pytest.mark.parametrize("path", shipped_scenarios(), ids=lambda p: p.stem)
def test_every_shipped_scenario_is_valid_for_the_shipped_schema(path: Path):
    data = load_yaml(path.read_text(encoding="utf-8"))
    errors = list(Draft202012Validator(shipped_schema("scenario")).iter_errors(data))
    assert not errors, errors[0].message


def test_the_schema_covers_the_whole_vocabulary():
    """A static kind or a filter key added to the engine needs its place in the schema."""
    defs = card_schema()["$defs"]
    assert set(defs["static"]["properties"]) == set(STATIC_KINDS) | set(REPLACEMENT_VOCABULARY)
    assert set(defs["filter"]["properties"]) == set(FILTER_KEYS)


def test_every_effect_has_a_handler_and_a_schema():
    assert set(EFFECT_PARAMS) == set(HANDLERS)
    assert set(shipped_schema("cards")["$defs"]["effect"]["properties"]["do"]["enum"]) == \
        set(HANDLERS)


@pytest.mark.parametrize("check, field, words", [
    ("triggered: {source: artist, cuont: 99}", "triggered.cuont", "did you mean: count?"),
    ("triggered: {source: nobody}", "triggered.source", "'nobody' is not an object"),
    ("zone: {zone: graveyard, equal: [bears]}", "zone.equal", "did you mean: equals?"),
    ("zone: {zone: graveyard}", "zone", "says what to compare"),
    ("linked: {source: nothing, count: 1}", "linked.source", "'nothing' is not an object"),
    ("asked: {kind: targest, count: 0}", "asked.kind", "did you mean: targets"),
    ("log: {key: movd, count: 0}", "log.key", "did you mean: moved"),
    ("object: {id: bears}", "object", "compares at least one fact"),
    ("object: {id: bears, powr: 2}", "object.powr", "did you mean: power"),
    ("stack: [{sorce: artist}]", "stack[0].sorce", "did you mean: source?"),
    ("life: {alice: 20, bbo: 19}", "life.bbo", "no player 'bbo' (did you mean: bob?)"),
    ("stack_size: -1", "stack_size", "at least 0"),
    ("resolved_order: [S1, bears]", "resolved_order[1]", "stack object"),
    ("zone: {zone: graveyard, player: carol, count: 1}", "zone.player",
     "'carol' is not one of: alice, bob"),
    ("stack_size: 0\n        rulings: [gogo-1]", "rulings[0]", "ruling id"),
])
def test_a_mistake_in_a_check_is_refused_at_load(check: str, field: str, words: str):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(SCENARIO.replace("CHECK", check), file="bad.yaml")
    assert err.value.file == "bad.yaml" and err.value.line in (10, 11)
    assert err.value.field == "script[1].check[0]." + field
    assert words in str(err.value)


@pytest.mark.parametrize("effect, field, words", [
    ("{do: damage, to: everybody, amount: 2}", "to", "what is dealt damage"),
    ("{do: lose_life, who: target, amount: power}", "amount", "an amount is"),
    ("{do: lose_life, who: target, amount: self.strength}", "amount", "an amount is"),
    ("{do: lose_life, who: target, amount: target2.power}", "amount", "has 1 target"),
    ("{do: lose_life, who: target2, amount: 1}", "who", "has 1 target"),
    ("{do: damge, to: target}", "do", "did you mean: damage?"),
    ("{do: damage, to: target, amuont: 1}", "amuont", "did you mean: amount?"),
    ("{do: draw, who: oponent}", "who", "player reference"),
    ("{do: destroy, what: targets}", "what", "object reference"),
])
def test_a_mistake_in_an_effect_is_refused_at_load(effect: str, field: str, words: str):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(CARD.replace("EFFECT", effect), file="card.yaml")
    assert err.value.file == "card.yaml" and err.value.line == 6
    assert err.value.field == "cards[0].abilities[0].effects[0]." + field
    assert words in str(err.value)


@pytest.mark.parametrize("step, words", [
    ("cast: bear", "'bear' is not an object"),
    ("destroy: [bears, artst]", "did you mean: artist"),
    ("damage: {amount: 2, to: [bobb]}", "did you mean: bob?"),
    ("resolve: 0", "resolve takes"),
    ("pass: true\n    error: {ruling: gogo-01}", "names the rule"),
    ("destroy: bears\n    answers: [{target: [bob]}]", "did you mean: targets"),
])
def test_a_mistake_in_a_step_is_refused_at_load(step: str, words: str):
    text = SCENARIO.replace("  - check:\n      - CHECK\n", "").replace(
        "  - destroy: bears\n    answers: [{targets: [bob]}]\n", f"  - {step}\n")
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, file="bad.yaml")
    assert words in str(err.value) and err.value.line in (7, 8)


def test_mtgrules_run_exits_2_on_each_mistake(tmp_path: Path):
    for n, check in enumerate(["triggered: {source: artist, cuont: 99}",
                               "linked: {source: nothing, count: 1}"]):
        path = tmp_path / f"bad{n}.yaml"
        path.write_text(SCENARIO.replace("CHECK", check), encoding="utf-8")
        out = subprocess.run([sys.executable, "-m", "mtgrules", "run", str(path)],
                             capture_output=True, text=True)
        assert out.returncode == 2, out.stdout + out.stderr
        assert f"bad{n}.yaml:10" in out.stderr and "Traceback" not in out.stderr


def test_the_catalog_is_validated_with_the_card_schema():
    from importlib import resources
    text = (resources.files("mtgrules.cards") / "catalog.yaml").read_text(encoding="utf-8")
    bad = text.replace("effects: [{do: copy, what: target, times: X, new_targets: true}]",
                       "effects: [{do: copy, what: target, tmes: X, new_targets: true}]", 1)
    assert bad != text
    from mtgrules.schema import validate
    with pytest.raises(ScenarioError, match="did you mean: times"):
        validate(Node(load_yaml(bad, "catalog.yaml"), "catalog.yaml"), "cards")


def test_mtgrules_schema_prints_the_shipped_file():
    out = subprocess.run([sys.executable, "-m", "mtgrules", "schema"], capture_output=True,
                         text=True)
    assert out.returncode == 0 and Path(out.stdout.strip()).is_file()


def test_a_handler_for_a_word_outside_the_vocabulary_is_refused():
    from mtgrules.instructions import register
    with pytest.raises(ValueError, match="not in the vocabulary"):
        register({"explode": lambda game, item, p: None})
    with pytest.raises(ValueError, match="twice"):
        register({"damage": lambda game, item, p: None})


def test_each_effect_is_documented_in_the_schema_with_its_rule():
    from mtgrules.abilities import EFFECT_VOCABULARY
    defs = shipped_schema("cards")["$defs"]
    for name, spec in EFFECT_VOCABULARY.items():
        assert f"({spec.rule})" in defs[f"effect_{name}"]["description"]


def test_validating_imports_no_format_checker_the_schemas_do_not_use():
    """jsonschema loads without rfc3987_syntax (seconds of grammar compiling), which stays
    importable for whoever needs it afterwards."""
    import subprocess
    import sys

    code = (
        "import sys, mtgrules.schema as s; s._validator('scenario');"
        "print('rfc3987_syntax' in sys.modules);"
        "import importlib.util; print(sys.modules.get('rfc3987_syntax', 0) is not None)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]
