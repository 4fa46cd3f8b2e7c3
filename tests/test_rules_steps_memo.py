"""The rules steps between actions (state-based actions) remember what they found about views
only while they are the same View objects (immutable, given back by the layers
while nothing they show changed): never stale.

Each remembered answer is compared with one worked out afresh, at every call of every shipped
scenario, and a change the answer depends on is shown to be seen.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from mtgrules import Game, catalog, objects, replacement, sba, triggers, turns, zones
from mtgrules import game as game_module
from mtgrules.abilities import TRIGGER_EVENTS
from mtgrules.actions import GameAction
from mtgrules.characteristics import View, in_play
from mtgrules.continuous import ContinuousEffect, Modification
from mtgrules.events import ZoneChange
from mtgrules.objects import GameObject
from mtgrules.scenarios import load_scenario, shipped_scenarios

CARDS = catalog()


def _compared_with_afresh(monkeypatch, module: Any, name: str, afresh: Callable[[Any], Any],
                          remembered: Callable[[], list[Any]]) -> float:
    """Play every shipped scenario with ``module.name`` (which remembers what it found)
    checked at each call against ``afresh`` (which doesn't); the share of calls about some
    views that were answered from memory (``remembered``: the answers it keeps now)."""
    given = getattr(module, name)
    stale: list[str] = []
    counts = {"asked": 0, "given back": 0}

    def checked(views: dict[str, View]) -> Any:
        known = {id(answer) for answer in remembered()}
        got = given(views)
        counts["asked"] += bool(views)
        counts["given back"] += id(got) in known and bool(views)
        if got != afresh(views):
            stale.append(f"{scenario}: {sorted(views)}")
        return got

    monkeypatch.setattr(module, name, checked)
    for path in shipped_scenarios():
        scenario = path.stem
        assert load_scenario(path).run().error is None
    assert stale == []
    return counts["given back"] / counts["asked"]


def test_state_based_actions_sort_out_every_shipped_check_as_afresh(monkeypatch):
    share = _compared_with_afresh(monkeypatch, sba, "_sort_out",
                                  lambda views: sba._sort_out_afresh(tuple(views.values())),
                                  lambda: [sba._LAST_SORT[1]])
    # not vacuous: many checks see the views of the check before them (those after a check
    # that found nothing, in combat too, are answered before sorting out: the test below)
    assert share > 0.2


def test_triggered_abilities_indexed_at_every_shipped_event_as_afresh(monkeypatch):
    share = _compared_with_afresh(monkeypatch, triggers, "_index", triggers._index_afresh,
                                  lambda: [triggers._INDEXED[0][1], triggers._INDEXED[1][1]])
    # not vacuous: the views before a zone change are often those of the last event
    assert share > 0.1


def test_the_views_in_play_for_triggers_never_change_once_given():
    """603.10a: the views before an event are read after it (leaves-the-battlefield
    abilities): those views_in_play gave stay as they were, and a change makes new ones."""
    game = Game(["alice", "bob"])
    artist = game.add(CARDS["Blood Artist"], "battlefield", "alice")
    game.start()
    before = triggers.views_in_play(game.state)
    kept = dict(before)
    assert triggers.views_in_play(game.state) is before
    game.obj(artist).counters["+1/+1"] += 1
    after = triggers.views_in_play(game.state)
    assert after is not before and before == kept and after[artist].power == 1
    (holder, _), = triggers._index(after)[0]
    assert holder is after[artist] and triggers._index(before)[0][0][0] is before[artist]


def test_a_triggered_ability_is_indexed_with_its_source_as_it_is_now():
    """603.10: an ability that triggers after a change of its source sees the source as it is
    now: a +1/+1 counter makes a new view of Blood Artist, and the index holds that one, not
    the one it held before."""
    game = Game(["alice", "bob"])
    artist = game.add(CARDS["Blood Artist"], "battlefield", "alice")
    game.start()
    before = zones.compute_all(game.state)
    assert [v for v, _ in triggers._index(before)[0]] == [before[artist]]
    game.obj(artist).counters["+1/+1"] += 1
    after = zones.compute_all(game.state)
    (holder, _), = triggers._index(after)[0]
    assert holder is after[artist] and holder is not before[artist] and holder.power == 1


def test_a_check_answered_from_the_last_quiet_one_finds_nothing_afresh(monkeypatch):
    """704.3: a state-based action check that sees the same views and players as the last
    check that found nothing finds nothing without looking again; at every such check of
    every shipped scenario, a check made afresh finds nothing either."""
    check, sort_out = sba.check_state_based_actions, sba._sort_out
    counts = {"checks": 0, "quiet": 0}
    sorted_out: list[int] = []

    def counting_sort_out(views: Any) -> Any:
        sorted_out.append(1)
        return sort_out(views)

    def compared(game: Game, views: dict | None = None) -> bool:
        counts["checks"] += 1
        sorted_out.clear()
        got = check(game, views)
        if not sorted_out and not got:  # answered from the last quiet check
            counts["quiet"] += 1
            sba._QUIET = (None, None, None)
            logged = len(game._entries or ())
            assert not check(game, views) and len(game._entries or ()) == logged
        return got
    monkeypatch.setattr(sba, "_sort_out", counting_sort_out)
    monkeypatch.setattr(game_module, "check_state_based_actions", compared)
    monkeypatch.setattr(turns, "check_state_based_actions", compared)
    for path in shipped_scenarios():
        assert load_scenario(path).run().error is None
    assert counts["quiet"] > counts["checks"] / 4  # not vacuous


@pytest.mark.parametrize("change", ["nothing", "life", "effect", "tapped", "counter", "zone"])
def test_the_views_in_play_are_a_new_object_once_something_changed(change):
    """What a state-based action check found in the views in play (characteristics.in_play)
    holds while they are the same object: they are, while nothing changed, and never after
    a change of a life total (704.5a), of the resolved effects (a player's protection,
    303.4d), of a permanent's status or counters, or of the battlefield."""
    game = Game(["alice", "bob"])
    bears = game.add(CARDS["Grizzly Bears"], "battlefield", "bob")
    game.start()
    state = game.state
    first = in_play(state)
    assert in_play(state) is first
    if change == "life":
        state.players["alice"].life -= 1
    elif change == "effect":
        state.effects.append(ContinuousEffect(Modification(power=2), (("alice", 0),), 99,
                                              "alice"))
    elif change == "tapped":
        game.obj(bears).tapped = True
    elif change == "counter":
        game.obj(bears).counters["+1/+1"] += 1
    elif change == "zone":
        game.add(CARDS["Grizzly Bears"], "battlefield", "alice")
    assert (in_play(state) is first) == (change == "nothing")


@pytest.mark.parametrize("change", ["life", "empty library", "token"])
def test_a_quiet_check_sees_what_changed_since(change):
    """704.5a, 704.5b, 704.5d: after checks that found nothing, what changed is seen by the
    next check: a player at 0 life loses, one who drew from an empty library (nothing the
    battlefield's views show) loses, a token that left the battlefield ceases to exist."""
    game = Game(["alice", "bob"])
    game.add(CARDS["Grizzly Bears"], "battlefield", "bob")
    token = game.add(CARDS["Grizzly Bears"], "battlefield", "alice", token=True)
    game.start()
    assert not sba.check_state_based_actions(game)
    assert not sba.check_state_based_actions(game)  # (answered from the last one)
    state = game.state
    if change == "life":
        state.players["bob"].life = 0
    elif change == "empty library":
        state.drew_from_empty.append("bob")
    elif change == "token":
        state.zone("alice", "battlefield").remove(token)
        game.obj(token).zone = "hand"
        state.zone("alice", "hand").append(token)
    sba.check_state_based_actions(game)  # (True for the token: a game that ends says False)
    assert game.obj(token).zone == ("gone" if change == "token" else "battlefield")
    assert state.lost == (("bob",) if change in ("life", "empty library") else ())


def test_a_permanent_is_looked_at_again_once_its_view_changes(monkeypatch):
    """704.5g: the same views are sorted out once; damage makes a new view of the creature,
    which the next check looks at, and it dies."""
    looked: list[str] = []
    dies_rule = sba._dies_rule

    def counting(v: View) -> str | None:
        looked.append(v.id)
        return dies_rule(v)
    monkeypatch.setattr(sba, "_dies_rule", counting)
    game = Game(["alice", "bob"])
    bears = game.add(CARDS["Grizzly Bears"], "battlefield", "bob")
    game.start()
    looked.clear()
    assert not sba.check_state_based_actions(game)
    assert not sba.check_state_based_actions(game)  # the same view: not looked at again
    assert looked == [bears]
    game.apply(GameAction("deal_damage", objects=(bears,), amount=2))
    assert looked[1:] == [bears] and game.obj(bears).zone == "graveyard"


def test_a_triggered_ability_on_a_board_that_had_none_triggers():
    """603.2: after a death on a board with no triggered ability (nothing looked for), a
    permanent with a "whenever another creature dies" ability is found at the next death."""
    game = Game(["alice", "bob"])
    bears = game.add(CARDS["Grizzly Bears"], "battlefield", "bob")
    game.start()
    game.apply(GameAction("destroy", objects=(bears,)))  # no ability anywhere: indexed empty
    artist = game.add(CARDS["Blood Artist"], "battlefield", "alice")
    other = game.add(CARDS["Grizzly Bears"], "battlefield", "bob")
    game.apply(GameAction("destroy", objects=(other,)))
    assert [s.source_id for s in game.state.stack] == [artist]


def test_an_entering_permanent_reads_its_own_abilities_only_without_effects(monkeypatch):
    """614.12: the "enters" abilities of a permanent about to enter are read as it would exist
    on the battlefield. Without any continuous effect in force they are its own (no trial
    computation); at every entering of every shipped scenario, the abilities so read are
    those the trial state's layers give it."""
    read_as_it_would_exist = replacement._as_it_would_exist
    counts = {"own": 0, "asked": 0}
    differs: list[str] = []

    def compared(game: Game, event: replacement.Entering, chars: Any) -> tuple:
        got = read_as_it_would_exist(game, event, chars)
        if any(a.kind == "replacement" for a in chars.abilities):
            counts["asked"] += 1
            counts["own"] += got is chars.abilities
            trial = replacement.entering_view(game, event).chars.abilities
            if _replacing(got) != _replacing(trial):
                differs.append(f"{event.object}: {_replacing(got)} != {_replacing(trial)}")
        return got
    monkeypatch.setattr(replacement, "_as_it_would_exist", compared)
    for path in shipped_scenarios():
        assert load_scenario(path).run().error is None
    assert differs == []
    assert counts["own"] > counts["asked"] / 2  # not vacuous: most boards have no effect
    assert counts["own"] < counts["asked"]  # and some have one (probe-19: 305.7)


def _replacing(abilities: tuple) -> list[str]:
    return [a.text for a in abilities if a.kind == "replacement"]


def test_putting_triggered_abilities_on_the_stack_asks_for_no_new_check(monkeypatch):
    """704.3, 117.5: the check made before a triggered ability goes on the stack still holds
    after (putting it there changes nothing a state-based action looks at): one check for
    the death, one that finds nothing, none after the trigger is put on the stack."""
    checks: list[bool] = []
    check = game_module.check_state_based_actions

    def counting(game: Game, views: dict | None = None) -> bool:
        checks.append(check(game, views))
        return checks[-1]
    monkeypatch.setattr(game_module, "check_state_based_actions", counting)
    game = Game(["alice", "bob"])
    artist = game.add(CARDS["Blood Artist"], "battlefield", "alice")
    bears = game.add(CARDS["Grizzly Bears"], "battlefield", "bob")
    game.start()
    game.apply(GameAction("deal_damage", objects=(bears,), amount=2))
    assert checks == [True, False]  # 704.5g, then nothing more
    assert [s.source_id for s in game.state.stack] == [artist]


ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "stack", "command", "outside")


@pytest.mark.parametrize("from_zone", ZONES)
@pytest.mark.parametrize("to", ZONES)
def test_a_zone_change_said_to_match_nothing_matches_no_trigger_event(from_zone, to):
    """603.6, 603.2d: a move whose object is not looked at as it last existed (a card drawn,
    exiled from a library) matches no zone-change trigger event nor "additional time"
    cause of the vocabulary (abilities.TRIGGER_EVENTS)."""
    if triggers.may_match_zone_change(from_zone, to):
        return
    event = ZoneChange(object="card", from_zone=from_zone, to=to)
    for word in TRIGGER_EVENTS:
        for whence in ("battlefield", "anywhere"):
            spec = SimpleNamespace(event=word, from_zone=whence)
            assert not triggers._zone_change_ok(spec, event), (word, whence)
    for cause in ("dies", "enters"):
        assert not triggers.caused_by({"event": cause}, event)


def test_a_card_drawn_is_not_looked_at_as_it_last_existed(monkeypatch):
    """121.1: drawing a card moves it from the library to the hand; nothing triggers on that
    move, so its view is not worked out (a spell leaving the stack still is: 608.2h)."""
    looked: list[str] = []
    compute = zones.compute
    monkeypatch.setattr(zones, "compute", lambda state, i: looked.append(i) or compute(state, i))
    game = Game(["alice", "bob"])
    card = game.add(CARDS["Grizzly Bears"], "library", "alice")
    game.start()
    zones.draw_card(game, "alice")
    assert game.obj(card).zone == "hand" and looked == []
    zones.move_many(game, [(card, "graveyard")], cause="discard", rule="701.9a")
    assert looked == [card]  # put into a graveyard: "from anywhere" may trigger (603.6c)


@pytest.mark.parametrize("zone", ZONES)
def test_a_store_renews_the_written_version_only_for_an_object_in_play(zone):
    """The views are made of the objects on the battlefield and in the command zone alone
    (characteristics._recorded): a store to a watched card elsewhere (keyframes watch every
    object) ends its watch but tells the layers nothing changed."""
    obj = GameObject("bears", "alice", "alice", zone, card=CARDS["Grizzly Bears"])
    objects.watch(obj)
    written = objects.written_version
    obj.tapped = False
    assert type(obj) is GameObject
    assert (objects.written_version != written) == (zone in ("battlefield", "command"))
