"""A game saved as a scenario (issue 15): any recorded moment written out as a set-up plays back to
exactly the same state, and playing on from it gives what the original game gave.

Whoever adds state makes it round-trip: give the new field of ``State`` (or ``GameObject``) a
part in mtgrules/saving.py (STATE_PARTS, OBJECT_PARTS), register a new value class with
``saving.register``; the tests below then cover it in every shipped scenario."""

from __future__ import annotations

import copy
import dataclasses
from functools import cache
from types import SimpleNamespace

import pytest

from mtgrules import Game, catalog
from mtgrules.errors import ScenarioError
from mtgrules.objects import GameObject, State
from mtgrules.saving import OBJECT_PARTS, STATE_PARTS, rebase_records
from mtgrules.scenarios import load_scenario, parse_scenario, shipped_scenarios
from mtgrules.scenarios.runner import build_game, fingerprint, play_action

SHIPPED = shipped_scenarios()


def state_print(state: State, offset: int = 0) -> str:
    """The strict fingerprint of a state (every field, the shuffler's included); the trigger
    records' step numbers counted from step ``offset`` (a saved game starts its own timeline)."""
    state = copy.copy(state)
    state.triggered = rebase_records(state.triggered, offset)
    return fingerprint(SimpleNamespace(state=state))


@cache
def played(path) -> tuple:
    """The scenario played action by action: its game, the timeline index after each action,
    and each action's check results."""
    scenario = load_scenario(path)
    game = build_game(scenario)
    ends, results = [], []
    for action in scenario.script:
        try:
            results.append([(r.passed, repr(r.actual)) for r in play_action(game, action)])
        except Exception:  # noqa: BLE001 - a refused action ends the script here, as in a run
            break
        ends.append(len(game.timeline) - 1)
    return scenario, game, ends, results


def saved(game: Game, index: int, name: str) -> Game:
    text = game.to_scenario(index)
    return parse_scenario(text, file=f"{name}@{index}.yaml").new_game()


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_every_step_saved_as_a_scenario_loads_into_the_same_state(path):
    """Stack objects, waiting triggers, linked exiles, tokens, continuous effects, combat,
    counters, attachments, zone-change counts, the shuffler: all of it, at every step."""
    _, game, _, _ = played(path)
    for step in game.timeline:
        again = saved(game, step.index, path.stem)
        assert state_print(again.state) == state_print(step.state, step.index), \
            f"{path.stem}: step {step.index} ({step.action}) did not round-trip"


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_playing_on_from_a_saved_step_gives_the_same_game(path):
    """From every saved step, the rest of the game's recorded actions (with their answers) give
    the same state at every later step."""
    _, game, _, _ = played(path)
    steps = game.timeline.steps
    for start in range(len(steps) - 1):
        again = saved(game, start, path.stem)
        for step in steps[start + 1:]:
            again.replay_step(step)
            assert state_print(again.state) == state_print(step.state, start), \
                f"{path.stem}: saved at step {start}, step {step.index} differs"


#: Checks reading the log or the questions of the game: what happened before the save point is
#: in the original's timeline only (a saved game's timeline starts at its set-up), so these
#: count only for the last action, once the saved game has played one.
HISTORY_CHECKS = ("log", "asked")


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_the_rest_of_the_script_gives_the_same_results_from_a_saved_step(path):
    scenario, game, ends, results = played(path)
    for done, end in enumerate(ends):
        again = saved(game, end, path.stem)
        for j, action in enumerate(scenario.script[done + 1:len(ends)], start=done + 1):
            got = [(r.passed, repr(r.actual)) for r in play_action(again, action)]
            # the last action's log is the saved game's only once it has played one
            since = len(again.timeline) > 1
            keep = [i for i, c in enumerate(action.checks) if c.kind not in HISTORY_CHECKS
                    or (since and c.expected.get("in", "last") == "last")]
            if action.kind == "check":
                got, want = [got[i] for i in keep], [results[j][i] for i in keep]
            else:
                want = results[j]
            assert got == want, f"{path.stem}: saved after action {done + 1}, line {action.line}"


def test_every_field_of_the_state_and_of_an_object_has_a_set_up_part():
    """A new field must say how it is written out (saving.STATE_PARTS / OBJECT_PARTS)."""
    assert set(STATE_PARTS) == {f.name for f in dataclasses.fields(State)}
    assert set(OBJECT_PARTS) == {f.name for f in dataclasses.fields(GameObject)}


# --- the set-up keys, by hand -------------------------------------------------------------------

HEAD = """players: [alice, bob]
setup:
  step: main1
"""


def load(text: str):
    return parse_scenario(HEAD + text, file="saved.yaml").new_game()


def test_a_spell_on_the_stack_with_its_target():
    game = load("""  alice:
    stack: [{card: Lightning Bolt, id: bolt}]
  stack:
    - {id: S1, kind: spell, controller: alice, source_id: bolt,
       ability: {"!ability": Lightning Bolt}, targets: [[player:bob]]}
  priority: bob
  record: {next_stack_id: 2}
""")
    assert game.state.priority == "bob"
    game.resolve()
    assert game.player("bob").life == 17
    assert game.zone("alice", "graveyard") == ["bolt"]


def test_a_card_on_the_stack_without_its_spell_is_refused_with_the_rule():
    with pytest.raises(ScenarioError, match=r"saved.yaml.*405\.1"):
        load("""  alice:
    stack: [{card: Lightning Bolt, id: bolt}]
""")


def test_a_target_that_is_not_in_the_set_up_is_refused_with_the_line_and_the_rule():
    with pytest.raises(ScenarioError) as err:
        load("""  alice:
    stack: [{card: Lightning Bolt, id: bolt}]
  stack:
    - {id: S1, kind: spell, controller: alice, source_id: bolt, targets: [[object:nobody]]}
""")
    assert "saved.yaml:7" in str(err.value) and "115.1" in str(err.value)
    assert "setup.stack[0]" in str(err.value)


def test_a_badly_written_target_names_the_field():
    with pytest.raises(ScenarioError, match=r"kind:id.*setup\.stack\[0\]\.targets\[0\]\[0\]"):
        load("""  alice:
    stack: [{card: Lightning Bolt, id: bolt}]
  stack:
    - {id: S1, kind: spell, controller: alice, source_id: bolt, targets: [[bob]]}
""")


def test_blockers_outside_combat_are_refused_with_the_rule():
    with pytest.raises(ScenarioError, match=r"506\.1"):
        load("""  alice:
    battlefield: [{card: Grizzly Bears, id: bears}]
  bob:
    battlefield: [{card: Grizzly Bears, id: wall}]
  combat: {attackers: {bears: bob}, blockers: {wall: [bears]}, blocked: [bears]}
""")


def test_an_unknown_value_type_names_the_known_ones():
    with pytest.raises(ScenarioError, match=r"unknown value type '!Viw'.*!View"):
        load("""  effects: [{modification: {gains: [{"!Viw": {}}]}, objects: [], timestamp: 2,
             controller: alice}]
""")


def test_a_token_an_effect_created_counters_damage_and_a_linked_exile():
    game = load("""  alice:
    battlefield:
      - {card: Grizzly Bears, id: bears, counters: {+1/+1: 2}, damage: 1, zcc: 3}
      - {token: {"!chars": [Raise the Alarm, 1]}, id: tok}
    exile: [{card: Island, id: island, face_down: true}]
  linked: [{source: bears, zcc: 3, label: hideaway, cards: [island]}]
""")
    assert game.view("bears").power == 4 and game.obj("bears").zcc == 3
    assert game.obj("tok").is_token and game.obj("tok").card is None
    assert [str(c) for c in next(iter(game.state.linked.values()))] == ["island#0"]


def test_a_saved_file_starts_with_the_schema_modeline():
    game = Game(["alice", "bob"])
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice")
    game.start()
    text = game.to_scenario()
    assert text.startswith("# yaml-language-server: $schema=")
    assert text.splitlines()[0].endswith("mtgrules/schema/scenario.schema.json")
    assert game.to_scenario(modeline="../s.json").startswith(
        "# yaml-language-server: $schema=../s.json\n")


def test_the_saved_moment_example_of_the_docs_loads_as_written():
    """docs/scenarios.md shows every key of a saved moment in one file; it must load."""
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text("utf-8")
    block = doc.split("title: A moment of a game, written out", 1)[1].split("```", 1)[0]
    game = parse_scenario("title: A moment of a game, written out" + block,
                          file="docs/scenarios.md").new_game()
    assert [it.id for it in game.stack] == ["S2", "S1"] and game.state.priority == "bob"
    assert game.obj("bears").zcc == 2 and game.view("bears").power == 4  # +2/+2 until EOT
    assert game.view("protege").name == "Grizzly Bears" and game.obj("soldier-token").is_token
    assert len(game.state.pending) == 1 and game.state.combat.blocked == ["bears"]
    assert [str(c) for cards in game.state.linked.values() for c in cards] == ["island#0"]
    assert game.state.next_stack_id == 3 and game.state.lands_played == 1



def test_shipped_scenario_and_card_files_start_with_the_schema_modeline():
    """Each shipped scenario and catalog file names the shipped schema on its first line, by a
    path relative to the file, so an editor with the YAML language server completes and checks
    it in a clone as in an installed kit (docs/scenarios.md)."""
    from mtgrules.cards import FOLDER, catalog_files
    from mtgrules.schema import schema_path

    files = [(p, "scenario") for p in SHIPPED] + [(FOLDER / n, "cards") for n in catalog_files()]
    for path, kind in files:
        first = path.read_text("utf-8").splitlines()[0]
        prefix = "# yaml-language-server: $schema="
        assert first.startswith(prefix), f"{path.name}: no modeline on its first line"
        relative = first[len(prefix):]
        assert not relative.startswith("/") and "://" not in relative, path.name
        assert (path.parent / relative).resolve() == schema_path(kind), path.name
