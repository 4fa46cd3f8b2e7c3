"""One typed model (issue 15): what happened (events), the triggered abilities waiting to go on
the stack and the record of every trigger are frozen records with named fields. Nothing can
change one once it exists, so snapshots share them and a trigger keeps its event exactly as it
happened (603.10a)."""

from __future__ import annotations

import dataclasses

import pytest

from mtgrules import Game, catalog, events
from mtgrules.events import Event, ZoneChange
from mtgrules.objects import Payment, PendingTrigger, Ref, TriggerRecord


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
