"""One typed model (issue 15): what happened (events), the triggered abilities waiting to go on
the stack and the record of every trigger are frozen records with named fields. Nothing can
change one once it exists, so snapshots share them and a trigger keeps its event exactly as it
happened (603.10a)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mtgrules import Game, RulesError, catalog, events
from mtgrules.actions import GameAction
from mtgrules.casting import try_to_cast
from mtgrules.events import Event, ZoneChange
from mtgrules.objects import Payment, PendingTrigger, Ref, TriggerRecord
from mtgrules.scenarios import load_scenario, shipped_scenarios
from mtgrules.scenarios.runner import fingerprint


def _artist_and_bears() -> Game:
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Blood Artist"], "battlefield", "alice", id="artist")
    game.add(cards["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.start()
    return game


def _bears_destroyed() -> tuple[Game, list[PendingTrigger]]:
    """The bears destroyed, and the triggered abilities that waited to go on the stack."""
    game = _artist_and_bears()
    seen: list[PendingTrigger] = []
    original = game.settle

    def spy() -> None:
        seen.extend(game.state.pending)
        original()

    game.settle = spy  # type: ignore[method-assign]
    game.destroy("bears")
    return game, seen


def test_a_death_is_a_zone_change_event_kept_with_its_trigger():
    """Blood Artist's ability remembers the event that triggered it: Grizzly Bears moving from
    the battlefield to the graveyard, as it last existed on the battlefield (603.10a)."""
    game, seen = _bears_destroyed()
    event = seen[0].event
    assert isinstance(event, ZoneChange) and event.dies
    assert (event.kind, event.object, event.from_zone, event.to) == \
        ("zone_change", "bears", "battlefield", "graveyard")
    assert event.lki is not None and event.lki.zone == "battlefield"
    record = game.state.triggered[-1]
    assert isinstance(record, TriggerRecord)
    assert (record.source, record.event, record.event_object, record.step) == \
        ("artist", "zone_change", "bears", 1)


def test_events_trigger_records_and_waiting_triggers_cannot_be_changed():
    """A record changed after the fact would rewrite history for everything sharing it (the
    recorded steps' keyframes, branches): each one refuses to be changed."""
    game, seen = _bears_destroyed()
    pending, record = seen[0], game.state.triggered[-1]
    for obj, name, value in ((pending, "controller", "bob"), (pending.event, "to", "exile"),
                             (pending.remembers, "source_x", 3), (record, "instance", 9)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(obj, name, value)


def test_every_event_kind_is_a_frozen_record():
    """Each kind of event is frozen, has slots (no stray attribute) and keyword fields."""
    kinds = [k for k in vars(events).values()
             if isinstance(k, type) and issubclass(k, Event)]
    assert len(kinds) >= 9
    for kind in kinds:
        assert kind.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]
        assert "__slots__" in vars(kind), kind
        assert all(p.kw_only for p in dataclasses.fields(kind)), kind


def test_a_stack_object_is_frozen_and_keeps_payments_apart_from_memory():
    """What was paid (a creature sacrificed as a cost) is one record, copied with the stack
    object (707.10); what a triggered ability remembers of its event is another (603.10a). A
    stack object can't be changed: a decision makes a new one."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Blood Artist"], "battlefield", "alice", id="artist")
    game.add(cards["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(cards["Village Rites"], "hand", "alice", id="rites")
    game.player("alice").mana_pool["B"] = 1
    game.start()
    game.cast("alice", "rites", answers=[{"sacrifice": "bears"}, {"targets": "bob"}])
    spell = next(it for it in game.stack if it.kind == "spell")
    assert isinstance(spell.paid, Payment) and spell.paid.sacrificed is not None
    assert (spell.paid.sacrificed.id, spell.paid.sacrificed.zone) == ("bears", "battlefield")
    trigger = next(it for it in game.stack if it.kind == "triggered")
    assert trigger.paid == Payment()
    assert trigger.remembers.event_object is not None
    assert trigger.remembers.event_object.id == "bears"
    assert trigger.targets == ((Ref("player", "bob"),),)
    for name, value in (("x", 3), ("targets", ()), ("paid", Payment())):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(spell, name, value)


# --- one action dispatcher ------------------------------------------------------------------

def _applied(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Game, GameAction]]:
    """Every action any game applies from now on, with its game."""
    seen: list[tuple[Game, GameAction]] = []
    real = Game.apply

    def apply(self: Game, action: GameAction, **kw: Any) -> Any:
        seen.append((self, action))
        return real(self, action, **kw)

    monkeypatch.setattr(Game, "apply", apply)
    return seen


@pytest.mark.parametrize("stem", ["core-blood-artist-dies-together",
                                  "gogo-13-distributed-counters",
                                  "combat-03-first-strike-against-double-strike",
                                  "cascade-05-additional-costs"])
def test_the_runner_and_the_replay_apply_the_same_actions(monkeypatch, stem):
    """The scenario runner and Game.replay both play through Game.apply, and a replay applies
    exactly the actions each step recorded, giving the same steps."""
    scenario = load_scenario(next(p for p in shipped_scenarios() if p.stem == stem))
    seen = _applied(monkeypatch)
    result = scenario.run()
    assert result.passed, result.error
    played = [a for g, a in seen if g is result.game]
    assert played and all(isinstance(a, GameAction) for a in played)
    calls = [s.call for s in result.game.timeline.steps[1:]]
    assert all(isinstance(c, GameAction) for c in calls)
    seen.clear()
    again = result.game.replay()
    assert [a for g, a in seen if g is again] == calls
    assert [s.call for s in again.timeline.steps[1:]] == calls
    assert fingerprint(again) == fingerprint(result.game)


def test_the_script_the_panel_and_the_methods_make_the_same_action():
    """A cast written in a scenario, chosen in the action panel, or called as Game.cast is
    one GameAction, recorded the same way; so are the other kinds the panel offers."""
    from mtgrules.scenarios.model import Action as ScriptAction
    from mtgrules.scenarios.runner import game_action
    from mtgrules.widgets.actions import Action as PanelAction

    game = _artist_and_bears()
    cases = [(ScriptAction("cast", "bears", by="alice"), PanelAction("cast", "alice", "bears"),
              GameAction("cast", "alice", ("bears",))),
             (ScriptAction("play", "bears"), PanelAction("play", "alice", "bears"),
              GameAction("play_land", None, ("bears",))),
             (ScriptAction("activate", "artist", ability=2),
              PanelAction("activate", "alice", "artist", 1),
              GameAction("activate", None, ("artist",), 1)),
             (ScriptAction("pass", "alice"), PanelAction("pass", "alice"),
              GameAction("pass_priority", "alice")),
             (ScriptAction("resolve", True), PanelAction("resolve"), GameAction("resolve")),
             (ScriptAction("destroy", ["bears"]), PanelAction("destroy", None, "bears"),
              GameAction("destroy", objects=("bears",))),
             (ScriptAction("sacrifice", "bears", by="bob"),
              PanelAction("sacrifice", "bob", "bears"),
              GameAction("sacrifice", "bob", ("bears",)))]
    for script, panel, expected in cases:
        from_script, from_panel = game_action(game, script), panel.game_action()
        assert {dataclasses.replace(a, player=a.player or "alice")
                for a in (from_script, from_panel, expected)} == \
            {dataclasses.replace(expected, player=expected.player or "alice")}, script.kind


def test_the_three_paths_play_an_action_to_the_same_step():
    """The same destroy played by a scenario line, by the action panel and by Game.destroy:
    the same recorded action, the same log, the same game after it."""
    from mtgrules.scenarios.model import Action as ScriptAction
    from mtgrules.scenarios.runner import play_action
    from mtgrules.widgets.actions import ActionModel

    by_script, by_panel, by_method = (_artist_and_bears() for _ in range(3))
    play_action(by_script, ScriptAction("destroy", "bears", answers=[{"targets": "bob"}]))
    panel = ActionModel(by_panel)
    panel.auto = True
    assert panel.perform("destroy:bears") == "done"
    by_method.destroy("bears", answers=[{"targets": "bob"}])
    steps = [g.timeline[-1] for g in (by_script, by_panel, by_method)]
    assert {s.call for s in steps} == {GameAction("destroy", objects=("bears",))}
    assert len({tuple(e.key for e in s.entries) for s in steps}) == 1
    assert fingerprint(by_script) == fingerprint(by_panel) == fingerprint(by_method)


def test_a_snapshot_shares_the_frozen_records_and_copies_the_rest():
    game, _ = _bears_destroyed()
    copy = game.state.snapshot()
    assert copy.stack[0] is game.state.stack[0] and copy.triggered[0] is game.state.triggered[0]
    assert copy.objects["artist"] is not game.state.objects["artist"]
    copy.objects["artist"].counters["+1/+1"] += 1
    assert game.state.objects["artist"].counters["+1/+1"] == 0


def test_a_snapshot_owns_every_container_of_the_state():
    """Every list or dict of the state is the snapshot's own (objects._copy_state says how
    each field is copied): a container shared with the game would change a keyframe with it."""
    from mtgrules.objects import Combat, State

    game, _ = _bears_destroyed()
    game.state.combat = Combat()
    copy = game.state.snapshot()
    for name in State.__dataclass_fields__:
        value = getattr(game.state, name)
        if isinstance(value, (list, dict, Combat)):
            assert getattr(copy, name) is not value, name
    assert all(copy.players[p] is not game.state.players[p]
               and copy.players[p].mana_pool is not game.state.players[p].mana_pool
               for p in game.state.players)


def test_a_recorded_step_keeps_the_action_with_its_player():
    game = _artist_and_bears()
    game.pass_priority()
    assert game.timeline[-1].call == GameAction("pass_priority", "alice")
    assert repr(game.timeline[-1].call) == "GameAction('pass_priority', player='alice')"
    with pytest.raises(ValueError, match="unknown action 'shuffle'"):
        GameAction("shuffle")


def test_an_action_given_its_player_keeps_everything_else():
    action = GameAction("cast", None, ("bolt",), 2, 3, "end", {"a": 1}, "all")
    assert action.by("bob") == dataclasses.replace(action, player="bob")


# --- one rollback ---------------------------------------------------------------------------

def test_resolving_twice_is_all_or_nothing():
    """'resolve: 2' with one object on the stack, or 'resolve: all' with an answer nobody asks
    for, is refused as a whole: the resolution that happened is taken back too, and the record
    is as it was."""
    game, _ = _bears_destroyed()
    assert len(game.state.stack) == 1
    before, steps = fingerprint(game), len(game.timeline)
    with pytest.raises(RulesError, match="405.5"):
        game.resolve(2)
    assert fingerprint(game) == before and len(game.timeline) == steps
    with pytest.raises(RulesError, match="not asked for"):
        game.resolve("all", answers=[{"mode": 1}])
    assert fingerprint(game) == before and len(game.timeline) == steps
    assert game.resolve("all") is not None
    assert game.state.stack == [] and len(game.timeline) == steps + 1


def test_a_refused_first_action_leaves_the_game_unstarted():
    game = Game(["alice", "bob"])
    game.add(catalog()["Grizzly Bears"], "hand", "alice", id="bears")
    before = fingerprint(game)
    with pytest.raises(RulesError):
        game.cast("alice", "bears")  # no mana
    assert len(game.timeline) == 0 and fingerprint(game) == before


def test_an_effect_that_cant_cast_leaves_no_trace_of_the_attempt(monkeypatch):
    """An effect's attempt to cast (608.2g) that fails is undone by the same rollback as an
    action: the state and the log of the action under way go back to where it began."""
    game = _artist_and_bears()
    game.add(catalog()["Lightning Bolt"], "hand", "alice", id="bolt")
    seen: dict[str, Any] = {}

    def attempt() -> None:
        entries = list(game._entries or [])
        state = fingerprint(game)
        assert not try_to_cast(game, "alice", "bolt")  # no mana: it can't be cast
        seen["state"] = fingerprint(game) == state
        seen["log"] = [e.key for e in (game._entries or [])][len(entries):]

    game.perform("attempt", "tentative", attempt)
    assert seen == {"state": True, "log": ["cant_cast"]}
    assert game.obj("bolt").zone == "hand"


def test_game_has_no_deepcopy_overrides():
    """Snapshots copy what changes and share what is frozen, by design (State.snapshot), not by
    making deepcopy shallow."""
    from mtgrules import abilities, characteristics, objects

    for module in (abilities, characteristics, objects):
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__:
                assert "__deepcopy__" not in vars(value), value
