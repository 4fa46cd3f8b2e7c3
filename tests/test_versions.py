"""The record of what changed (objects.watch, WatchedObject, Counters) that the layers' views are
remembered by (characteristics._world): no change can be missed, whoever makes it.

A watched object stops being watched at the first store of any field, a test's assignment
included; every change that can be made to an object's counters in place is recorded; and at
every step of every shipped scenario the views given back are those computed afresh.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from mtgrules import Game, catalog, characteristics, objects
from mtgrules.characteristics import compute_all
from mtgrules.objects import Counters, GameObject, WatchedObject, watch
from mtgrules.scenarios import load_scenario, shipped_scenarios

CARDS = catalog()
#: The methods of dict and Counter that read only (every other one may change it);
#: ``__init__`` fills a new one through ``update``.
READ_ONLY = {"copy", "elements", "fromkeys", "get", "items", "keys", "most_common", "total",
             "values", "__init__", "__iter__"}


def _fresh(state: Any) -> dict[str, Any]:
    world = characteristics._compute_world(state)
    return world["battlefield"] | world["command"]


def test_every_method_that_changes_counters_is_recorded():
    public = {n for cls in (dict, Counter) for n in vars(cls)
              if callable(getattr(cls, n)) and (not n.startswith("_") or n.startswith("__i")
                                                or n in ("__setitem__", "__delitem__"))}
    changing = public - READ_ONLY
    assert {"__setitem__", "__delitem__", "update", "clear", "__ior__"} <= changing
    assert changing <= set(vars(Counters)), changing - set(vars(Counters))


CHANGES: dict[str, Callable[[Counters], Any]] = {
    "set": lambda c: c.__setitem__("+1/+1", 2),
    "add": lambda c: c.update({"+1/+1": 1}),
    "add by keyword": lambda c: c.update(charge=1),
    "subtract": lambda c: c.subtract({"+1/+1": 1}),
    "delete": lambda c: c.__delitem__("loyalty"),
    "pop": lambda c: c.pop("loyalty"),
    "popitem": lambda c: c.popitem(),
    "setdefault": lambda c: c.setdefault("charge", 3),
    "clear": lambda c: c.clear(),
    "+=": lambda c: c.__iadd__(Counter({"+1/+1": 1})),
    "-=": lambda c: c.__isub__(Counter({"loyalty": 1})),
    "|=": lambda c: c.__ior__(Counter({"+1/+1": 5})),
    "&=": lambda c: c.__iand__(Counter({"+1/+1": 1})),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_change_of_counters_in_place_renews_their_version(change: str):
    counters = Counters({"loyalty": 3})
    before, content = objects.counters_version, dict(counters)
    CHANGES[change](counters)
    assert dict(counters) != content and objects.counters_version != before


def test_counters_given_as_another_mapping_become_recorded_ones():
    obj = GameObject("bears", "alice", "alice", "battlefield", counters={"+1/+1": 1})
    given = Counter({"-1/-1": 1})
    watch(obj)
    assert type(obj.counters) is Counters
    obj.counters = given
    watch(obj)
    assert obj.counters is given and type(given) is Counters  # the same counters, recorded
    before = objects.counters_version
    given["-1/-1"] += 1
    assert objects.counters_version != before


@pytest.mark.parametrize("name", list(GameObject.__dataclass_fields__))
def test_any_store_of_a_field_ends_the_watch(name: str):
    """Even a store of the value it had: the object is then no longer watched, its version
    no longer counts, and the change is recorded."""
    obj = GameObject("bears", "alice", "alice", "battlefield")
    watch(obj)
    assert type(obj) is WatchedObject
    version, written = obj.version, objects.written_version
    setattr(obj, name, getattr(obj, name))
    assert type(obj) is GameObject and objects.written_version != written
    watch(obj)
    assert obj.version != version


def test_a_watched_object_is_a_game_object_like_any_other():
    obj = GameObject("bears", "alice", "alice", "battlefield", card=CARDS["Grizzly Bears"])
    plain = obj.copy()
    watch(obj)
    assert isinstance(obj, GameObject) and obj == plain and repr(obj) == repr(plain)
    assert dataclasses.replace(obj, tapped=True) == dataclasses.replace(plain, tapped=True)
    for made in (obj.copy(), copy.copy(obj), pickle.loads(pickle.dumps(obj))):
        assert made == obj and type(made) is GameObject  # not watched: a new object


def _board() -> Game:
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(CARDS["The Masamune"], "battlefield", "alice", id="masamune", attached_to="bears")
    game.add(CARDS["Glorious Anthem"], "battlefield", "alice", id="anthem")
    game.add(CARDS["Forest"], "battlefield", "bob", id="forest")
    game.start()
    return game


#: Stores made by hand, as tests make them, of fields the views are made of.
ASSIGNMENTS: dict[str, Callable[[Game], Any]] = {
    "controller": lambda g: setattr(g.state.objects["bears"], "controller", "bob"),
    "face_down": lambda g: setattr(g.state.objects["bears"], "face_down", True),
    "tapped": lambda g: setattr(g.state.objects["forest"], "tapped", True),
    "damage": lambda g: setattr(g.state.objects["bears"], "damage", 1),
    "attached_to": lambda g: setattr(g.state.objects["masamune"], "attached_to", None),
    "zcc": lambda g: setattr(g.state.objects["bears"], "zcc", 5),
    "card": lambda g: setattr(g.state.objects["forest"], "card", CARDS["Llanowar Elves"]),
    "copy_values": lambda g: setattr(g.state.objects["bears"], "copy_values",
                                     CARDS["Llanowar Elves"].characteristics()),
    "counters, replaced": lambda g: setattr(g.state.objects["bears"], "counters",
                                            Counter({"+1/+1": 2})),
    "counters, in place": lambda g: g.state.objects["bears"].counters.update({"-1/-1": 1}),
}


@pytest.mark.parametrize("assignment", ASSIGNMENTS, ids=list(ASSIGNMENTS))
def test_a_field_stored_by_hand_is_seen_by_the_views_at_once(assignment: str):
    game = _board()
    before = compute_all(game.state)
    assert compute_all(game.state) == before  # remembered now
    assert all(type(o) is WatchedObject for o in game.state.objects.values())
    ASSIGNMENTS[assignment](game)
    after = compute_all(game.state)
    assert after == _fresh(game.state) and after != before


def test_every_step_of_every_shipped_scenario_has_the_views_computed_afresh(monkeypatch):
    """After each step (and each request on the way, tests/test_characteristics_memo.py), the
    remembered views are the fresh ones; and most are remembered (not vacuous)."""
    perform = Game.perform
    stale: list[str] = []
    steps = [0]

    def checked(game: Game, *args: Any, **kwargs: Any) -> Any:
        result = perform(game, *args, **kwargs)
        steps[0] += 1
        if compute_all(game.state, ("battlefield", "command")) != _fresh(game.state):
            stale.append(f"{scenario}: step {len(game.timeline.steps)}")
        return result

    monkeypatch.setattr(Game, "perform", checked)
    for path in shipped_scenarios():
        scenario = path.stem
        assert load_scenario(path).run().error is None, scenario
    assert stale == [] and steps[0] > 500


def test_a_big_board_destroyed_and_its_steps_rebuilt_have_the_views_computed_afresh():
    """Benchmarks' board (tests/test_recording.py): a third of it destroyed, every trigger
    resolved, the views checked after each step; then each step's state rebuilt (undo, a
    branch: copies, never watched until looked at) has its own views, the fresh ones."""
    from test_recording import big_board

    game, ids = big_board(20)
    assert compute_all(game.state) == _fresh(game.state)
    game.destroy(*ids[:12])
    while game.state.stack:
        game.resolve()
        assert compute_all(game.state) == _fresh(game.state)
    for step in list(game.timeline.steps)[::5]:
        state = step.state
        assert compute_all(state) == _fresh(state)
        state.objects[ids[-1]].tapped = True  # a change by hand on a rebuilt state
        assert compute_all(state) == _fresh(state)
