"""The views of permanents are remembered while nothing they are computed from changes
(characteristics._world): never stale.

Two ways to be caught out are tested: a computation of a shipped scenario that differs from a
fresh one (whatever the engine does to the state between two computations), and a change made
in place (a counter added, a creature tapped, a life total, an attacker...) that the
remembered views would miss.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import pytest
import yaml

from mtgrules import Game, catalog, characteristics
from mtgrules.characteristics import View, compute_all
from mtgrules.objects import Combat, GameObject, Player, State
from mtgrules.scenarios import load_scenario, shipped_scenarios

CARDS = catalog()


def test_every_view_of_every_shipped_scenario_is_the_one_computed_afresh(monkeypatch):
    remembered, alone = characteristics._world, characteristics._alone
    stale: list[str] = []
    counts = {"asked": 0, "computed": 0, "kept": 0, "alone": 0, "alone computed": 0}
    compute_world, compute_alone = characteristics._compute_world, characteristics._compute_alone
    unchanged = characteristics._unchanged

    def counted(state: State, *kept: Any) -> dict[str, dict[str, Any]]:
        counts["computed"] += 1
        return compute_world(state, *kept)

    def counted_unchanged(*args: Any) -> dict[str, Any]:
        kept = unchanged(*args)
        counts["kept"] += len(kept)
        return kept

    def checked(state: State) -> dict[str, dict[str, Any]]:
        counts["asked"] += 1
        got = remembered(state)
        if got != compute_world(state):
            stale.append(f"{scenario}: turn {state.turn} {state.step}")
        return got

    def counted_alone(state: State, obj: Any) -> tuple[Any, bool]:
        counts["alone computed"] += 1
        return compute_alone(state, obj)

    def checked_alone(state: State, obj: Any) -> Any:
        counts["alone"] += 1
        got = alone(state, obj)
        if got != compute_alone(state, obj)[0]:
            stale.append(f"{scenario}: {obj.id} turn {state.turn} {state.step}")
        return got

    monkeypatch.setattr(characteristics, "_world", checked)
    monkeypatch.setattr(characteristics, "_compute_world", counted)
    monkeypatch.setattr(characteristics, "_unchanged", counted_unchanged)
    monkeypatch.setattr(characteristics, "_alone", checked_alone)
    monkeypatch.setattr(characteristics, "_compute_alone", counted_alone)
    for path in shipped_scenarios():
        scenario = path.stem
        result = load_scenario(path).run()
        assert result.error is None, f"{scenario}: {result.error}"
    assert stale == []
    # not a vacuous check: most computations were answered from memory, views of objects
    # that did not change were kept, objects off the battlefield were remembered
    assert counts["computed"] < counts["asked"] / 2
    assert counts["kept"] > counts["computed"] / 2
    assert counts["alone computed"] < counts["alone"] * 3 / 4


def test_no_layer_reads_the_fields_a_change_of_status_copies_again(monkeypatch):
    """When only an object's status changed (tapped, damage...), the world's views are given
    back with it copied again (characteristics._restatused): so no layer may read those
    fields; and neither a layer nor a view reads the fields the memo's key leaves out. Every
    shipped scenario is played with a record of the fields of objects read while the layers
    work, and while views are made (apart from building the memo's keys)."""
    read: dict[str, set[str]] = {"layers": set(), "views": set()}
    inside = [""]
    for name in GameObject.__dataclass_fields__:
        member = GameObject.__dict__[name]

        def get(obj: GameObject, member: Any = member, name: str = name) -> Any:
            if inside[0]:
                read[inside[0]].add(name)
            return member.__get__(obj, GameObject)
        monkeypatch.setattr(GameObject, name, property(get, member.__set__))

    def within(function: Callable[..., Any], where: str) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            saved = inside[0]
            inside[0] = where
            try:
                return function(*args)
            finally:
                inside[0] = saved
        return run

    for name, where in (("_compute_world", "layers"), ("_compute_alone", "layers"),
                        ("_view", "views"), ("_restatus", "views"), ("_world_key", ""),
                        ("_alone", ""), ("_plain", "layers"), ("_without_effects", "layers")):
        monkeypatch.setattr(characteristics, name, within(getattr(characteristics, name), where))
    for path in shipped_scenarios():
        assert load_scenario(path).run().error is None
    status, unseen = set(characteristics._STATUS_FIELDS), set(characteristics._UNSEEN_FIELDS)
    assert read["layers"] & (status | unseen) == set()
    assert read["views"] & unseen == set()
    # not vacuous
    assert {"card", "zcc", "zone", "timestamp", "attached_to", "controller", "counters",
            "face_down"} <= read["layers"]
    assert status <= read["views"]


def _card(text: str) -> Any:
    from mtgrules.cards import parse_card
    from mtgrules.data import Node
    return parse_card(Node(yaml.safe_load(text)))


AVATAR = _card("""
name: Life Avatar
types: [creature]
subtypes: [avatar]
power: 0
toughness: 0
abilities:
  - {kind: static, text: "This creature's power and toughness are each equal to your life
      total.", static: {continuous: {affects: self, characteristic_defining: true,
      base_power: life_total, base_toughness: life_total}}}
""")


def _board() -> Game:
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(CARDS["The Masamune"], "battlefield", "alice", id="masamune", attached_to="bears")
    game.add(CARDS["Glorious Anthem"], "battlefield", "alice", id="anthem")
    game.add(AVATAR, "battlefield", "bob", id="avatar")
    game.start()
    return game


def _bears(s: State) -> Any:
    return s.objects["bears"]


def _attack(s: State) -> None:
    s.combat = Combat(attackers={"bears": "bob"})


def _untouched_effect(s: State) -> None:
    from mtgrules.continuous import ContinuousEffect, Modification
    s.effects.append(ContinuousEffect(Modification(power=2), (("bears", _bears(s).zcc),),
                                      99, "alice", "anthem"))


def _leave(s: State) -> None:
    s.zones[("", "battlefield")].remove("anthem")
    s.zone("alice", "graveyard").append("anthem")
    s.objects["anthem"].zone = "graveyard"


CHANGES: dict[str, Callable[[State], Any]] = {
    "a +1/+1 counter added in place": lambda s: _bears(s).counters.update({"+1/+1": 1}),
    "tapped": lambda s: setattr(_bears(s), "tapped", True),
    "damage": lambda s: setattr(_bears(s), "damage", 1),
    "deathtouched": lambda s: setattr(_bears(s), "deathtouched", True),
    "controller": lambda s: setattr(_bears(s), "controller", "bob"),
    "a life total (power equal to it)": lambda s: setattr(s.players["bob"], "life", 7),
    "attacking (first strike while attacking)": _attack,
    "a resolved effect": _untouched_effect,
    "the anthem leaves the battlefield": _leave,
    "the turn": lambda s: setattr(s, "turn", s.turn + 1),
    "entered this turn": lambda s: setattr(_bears(s), "entered_turn", s.turn),
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_a_change_made_in_place_is_seen_at_once(change: str):
    game = _board()
    state = game.state
    before = compute_all(state)
    assert compute_all(state) == before  # remembered now
    CHANGES[change](state)
    after = compute_all(state)
    assert after == characteristics._compute_world(state)["battlefield"] | \
        characteristics._compute_world(state)["command"]
    if change != "the turn":  # the turn is an input, but no view shows it
        assert after != before


def _resolved_effects_ended(s: State) -> None:
    s.effects.clear()


def _in_the_command_zone(s: State) -> None:
    s.zones[("", "battlefield")].remove("anthem")
    s.zones[("", "command")] = ["anthem"]  # a list made, where there was none


def _another_bears(s: State) -> None:
    other = _bears(s).copy()  # (a copy is not watched: no version renewed)
    other.card = CARDS["Forest"]
    s.objects["bears"] = other


def _emblem(s: State) -> None:
    s.objects["emblem"] = GameObject("emblem", "alice", "alice", "command",
                                     emblem_values=CARDS["Glorious Anthem"].characteristics())
    s.zones[("", "command")] = ["emblem"]


#: Changes of the state's containers alone: no field of an object stored, no counter changed,
#: so no version renewed. A request that finds the versions as they were must still see them.
CONTAINER_CHANGES: dict[str, Callable[[State], Any]] = {
    "an id taken off the battlefield's list alone": lambda s: s.zones[
        ("", "battlefield")].remove("anthem"),
    "the battlefield's list in another order": lambda s: s.zones[("", "battlefield")].reverse(),
    "the battlefield's list replaced by another": lambda s: s.zones.__setitem__(
        ("", "battlefield"), [i for i in s.zones[("", "battlefield")] if i != "avatar"]),
    "moved to a command zone made now": _in_the_command_zone,
    "another object under the same id": _another_bears,
    "an emblem put in a command zone made now": _emblem,
    "a resolved effect added": _untouched_effect,
    "the resolved effects ended": _resolved_effects_ended,
    "a life total": lambda s: setattr(s.players["bob"], "life", 7),
    "attacking (read by the equipment)": _attack,
    "combat over": lambda s: setattr(s, "combat", None),
    "another player under a name": lambda s: s.players.__setitem__("bob", Player("bob", 7)),
    "a player less": lambda s: s.players.pop("bob"),
}


@pytest.mark.parametrize("asked", ["asked again first", "not asked again"])
@pytest.mark.parametrize("change", CONTAINER_CHANGES, ids=list(CONTAINER_CHANGES))
def test_a_change_of_the_states_containers_alone_is_seen_at_once(change: str, asked: str):
    """A request after a change that no version tells of (objects.written_version,
    counters_version) still sees it: every part of the state the views are made of is
    compared, the zones' lists and the objects in them, the resolved effects, the life
    totals (each player's) and who attacks; whether the views were given back again from
    memory before the change or not."""
    game = _board()
    state = game.state
    if change == "the resolved effects ended":
        _untouched_effect(state)
    if change == "combat over":
        _attack(state)
    before = characteristics._world(state)
    if asked == "asked again first":
        assert characteristics._world(state) is before  # (from memory: not vacuous)
    CONTAINER_CHANGES[change](state)
    after = _in_order(characteristics._world(state))
    assert after == _in_order(characteristics._compute_world(state)) != _in_order(before)


def _alone_in_play(s: State) -> None:
    """Only the bears in play: the objects in play are read as one (not a tuple of them)."""
    for i in ("masamune", "anthem", "avatar"):
        s.zones[("", "battlefield")].remove(i)
        s.objects[i].zone = "graveyard"


@pytest.mark.parametrize("board", ["alone, without effects", "alone, with an effect",
                                   "nothing in play"])
def test_a_board_of_one_object_or_none_is_read_as_any_other(board: str, monkeypatch):
    """With one object in play, another object under its id is seen (the objects in play
    are compared by identity, never field by field: GameObject.__eq__ is not called); with
    none, a permanent put there is."""
    game = _board()
    state = game.state
    _alone_in_play(state)
    if board == "alone, with an effect":
        _untouched_effect(state)
    if board == "nothing in play":
        state.zones[("", "battlefield")].remove("bears")
    before = characteristics._world(state)
    compared: list[Any] = []
    monkeypatch.setattr(GameObject, "__eq__",
                        lambda a, b: compared.append(a) or a is b)
    assert characteristics._world(state) is before and compared == []
    if board == "nothing in play":
        state.zones[("", "battlefield")].append("bears")
    else:
        _another_bears(state)
    after = _in_order(characteristics._world(state))
    assert after == _in_order(characteristics._compute_world(state)) != _in_order(before)


def _in_order(world: dict[str, dict[str, View]]) -> list[list[tuple[str, View]]]:
    """The views of each zone in order (callers go through them in order: APNAP...)."""
    return [list(world[zone].items()) for zone in ("battlefield", "command")]


def test_the_views_asked_for_are_a_new_dict_each_time():
    game = _board()
    views = compute_all(game.state)
    views.pop("bears")
    assert "bears" in compute_all(game.state)


def test_views_of_other_zones_alone_are_worked_out_without_the_battlefield():
    game = _board()
    bears = game.state.objects["bears"]
    game.state.zones[("", "battlefield")].remove("bears")
    game.state.zone("alice", "graveyard").append("bears")
    bears.zone = "graveyard"
    views = compute_all(game.state, ("graveyard",))
    assert list(views) == ["bears"] and views["bears"].power == 2


@pytest.mark.parametrize("change", ["a +1/+1 counter added in place", "tapped", "damage"])
def test_on_a_board_without_effects_a_change_made_in_place_is_seen_at_once(change: str):
    """Views of objects that did not change are kept from the computation before; the one
    that changed is not."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(CARDS["Forest"], "battlefield", "alice", id="forest")
    game.start()
    before = compute_all(game.state)
    game.state.objects["forest"].tapped = not game.state.objects["forest"].tapped
    between = compute_all(game.state)
    assert between["bears"] is before["bears"]  # kept: not vacuous
    CHANGES[change](game.state)
    after = compute_all(game.state)
    assert after == characteristics._compute_world(game.state)["battlefield"]
    assert after["bears"] != between["bears"]


def _anthem_enters(s: State) -> None:
    anthem = dataclasses.replace(_bears(s), id="anthem", card=CARDS["Glorious Anthem"],
                                 timestamp=99)
    s.objects["anthem"] = anthem
    s.zones[("", "battlefield")].append("anthem")


PLAIN_CHANGES: dict[str, Callable[[State], Any]] = {
    **{name: CHANGES[name] for name in ("a +1/+1 counter added in place", "tapped", "damage",
                                        "controller", "a resolved effect",
                                        "entered this turn")},
    "counters replaced": lambda s: setattr(_bears(s), "counters", {"+1/+1": 2}),
    "a static ability enters (Glorious Anthem)": _anthem_enters,
    "another object in its place": lambda s: s.objects.__setitem__(
        "bears", dataclasses.replace(_bears(s), card=CARDS["Forest"])),
    "it leaves the battlefield": lambda s: s.zones[("", "battlefield")].remove("bears"),
}


@pytest.mark.parametrize("change", PLAIN_CHANGES, ids=list(PLAIN_CHANGES))
def test_on_a_board_without_effects_each_view_is_made_again_only_for_what_changed(
        change: str, monkeypatch):
    """Without a continuous effect in force, each view is a matter of its object alone
    (characteristics._plain_world): made again for an object that changed, kept for the
    others; an effect that comes into force makes the layers work across all objects."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(CARDS["Forest"], "battlefield", "alice", id="forest")
    game.start()
    before = compute_all(game.state)
    made: list[str] = []
    view = characteristics._view
    monkeypatch.setattr(characteristics, "_view", lambda w: made.append(w.id) or view(w))
    PLAIN_CHANGES[change](game.state)
    after = compute_all(game.state)
    assert after == characteristics._compute_world(game.state)["battlefield"]
    assert after != before
    if change in EFFECTS_IN_FORCE:
        assert "bears" in after and after["bears"].layered  # not vacuous
    else:  # made once more: by the fresh computation
        assert after["forest"] is before["forest"] and made.count("forest") == 1


EFFECTS_IN_FORCE = ("a resolved effect", "a static ability enters (Glorious Anthem)")


def test_a_life_total_no_effect_reads_changes_no_view_and_computes_nothing(monkeypatch):
    """With only an anthem (no power "equal to your life total"), a life total that changes
    leaves the views as they were: they come back without the layers; with a Life Avatar
    (reading it), they are computed again (the in-place test above)."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(CARDS["Glorious Anthem"], "battlefield", "alice", id="anthem")
    game.start()
    before = compute_all(game.state)
    computed = []
    compute_world = characteristics._compute_world
    monkeypatch.setattr(characteristics, "_compute_world",
                        lambda *a: computed.append(1) or compute_world(*a))
    game.state.players["bob"].life = 3
    assert compute_all(game.state) == before == characteristics._compute_world(
        game.state)["battlefield"]
    assert len(computed) == 1  # the fresh one only


def _in_graveyard(game: Game) -> Any:
    bears = game.state.objects["bears"]
    game.state.zones[("", "battlefield")].remove("bears")
    game.state.zone("alice", "graveyard").append("bears")
    bears.zone = "graveyard"
    return bears


def _names_it(s: State, obj: Any) -> None:
    from mtgrules.continuous import ContinuousEffect, Modification
    s.effects.append(ContinuousEffect(Modification(power=2), ((obj.id, obj.zcc),), 99, "alice",
                                      "anthem"))


ALONE_CHANGES: dict[str, Callable[[State, Any], Any]] = {
    "a +1/+1 counter added in place": lambda s, o: o.counters.update({"+1/+1": 1}),
    "a resolved effect that names it": _names_it,
    "its controller": lambda s, o: setattr(o, "controller", "bob"),
    "turned face down": lambda s, o: setattr(o, "face_down", True),
    "a new object (zone-change count)": lambda s, o: setattr(o, "zcc", o.zcc + 1),
}


@pytest.mark.parametrize("change", ALONE_CHANGES, ids=list(ALONE_CHANGES))
def test_a_change_made_in_place_off_the_battlefield_is_seen_at_once(change: str):
    game = _board()
    bears = _in_graveyard(game)
    before = characteristics.compute(game.state, "bears")
    assert characteristics.compute(game.state, "bears") is before  # remembered now
    ALONE_CHANGES[change](game.state, bears)
    after = characteristics.compute(game.state, "bears")
    assert after == characteristics._compute_alone(game.state, bears)[0]
    assert after != before


# --- the faster ways of building views and characteristics build the same objects -----------

def test_changed_characteristics_are_those_dataclasses_replace_makes():
    chars = CARDS["Grizzly Bears"].characteristics()
    for f in dataclasses.fields(chars):
        value = ("changed",) if f.name != "power" else 7
        assert characteristics._replaced(chars, {f.name: value}) == \
            dataclasses.replace(chars, **{f.name: value})
    assert characteristics._replaced(chars, {"power": 3, "toughness": 4}) == \
        dataclasses.replace(chars, power=3, toughness=4)


def test_a_view_has_each_field_of_its_object_in_its_place():
    game = _board()
    bears = game.state.objects["bears"]
    bears.token_values = bears.copiable_values()  # a token, not an emblem
    # a value of its own in each field, so that two fields swapped would show
    for name in ("zcc", "tapped", "attached_to", "damage", "deathtouched", "entered_turn",
                 "copy_of", "face_down"):
        setattr(bears, name, name)
    bears.counters.update({"+1/+1": 2})
    work = characteristics._Work(bears, bears.copiable_values())
    work.controller = "bob"
    work.layered, work.dependencies = (("7c", "anthem"),), (("4", "a", "b", "does"),)
    work.origins = (("anthem", 3),) * len(work.origins)
    view = characteristics._view(work)
    assert view == View(
        id="bears", zcc="zcc", zone="battlefield", owner="alice", controller="bob",
        chars=work.chars, is_token=True, is_emblem=False, tapped="tapped",
        attached_to="attached_to", counters=MappingProxyType({"+1/+1": 2}), damage="damage",
        deathtouched="deathtouched", entered_turn="entered_turn", copy_of="copy_of",
        face_down="face_down", granted_by=((0, "anthem"),) * len(work.origins),
        layered=work.layered, dependencies=work.dependencies)


def test_a_dependency_trial_copies_only_what_the_effect_changes(monkeypatch):
    """613.8a: to know whether an effect depends on another, the other is applied on a trial
    (characteristics._trial) where only the objects it applies to are copied, or none when
    it would change nothing. Every dependency asked in every shipped scenario is the same as
    with every object copied and the other effect applied there."""
    real = characteristics._depends
    asked: list[str | None] = []

    def checked(state: State, works: Any, layer: str, effect: Any, other: Any,
                started: Any, trials: Any = None) -> str | None:
        got = real(state, works, layer, effect, other, started, trials)
        everything = {i: w.clone() for i, w in works.items()}
        characteristics._apply(state, everything, layer, other, dict(started))
        assert got == real(state, works, layer, effect, other, started,
                           {other.key: everything})
        asked.append(got)
        return got

    monkeypatch.setattr(characteristics, "_depends", checked)
    for path in shipped_scenarios():
        assert load_scenario(path).run().error is None
    assert len(asked) > 100 and {"existence", "applies_to", "does"} <= set(asked)
