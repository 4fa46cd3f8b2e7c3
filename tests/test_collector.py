"""The engine and Python's garbage collector (mtgrules/collector.py, issue 12): while an action
runs the collector looks only at what the action makes; afterwards everything is as it was."""

from __future__ import annotations

import gc
import weakref

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.collector import young_only


def _board() -> tuple[Game, list[str]]:
    game = Game(["alice", "bob"])
    artist = game.add(catalog()["Blood Artist"], "battlefield", "alice")
    bears = [game.add(catalog()["Grizzly Bears"], "battlefield", "bob") for _ in range(3)]
    game.start()
    return game, [artist, *bears]


def test_after_an_action_the_collector_is_as_it_was():
    game, ids = _board()
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    seen: list[tuple[int, tuple[int, int, int]]] = []

    def watch() -> None:
        seen.append((gc.get_freeze_count(), gc.get_threshold()))
    original = game.settle
    game.settle = lambda: (watch(), original())[1]  # type: ignore[method-assign]
    game.destroy(*ids)
    assert seen and all(count > frozen for count, _ in seen)  # the old heap set aside
    assert all(t[2] > thresholds[2] for _, t in seen)  # no full collection within the action
    assert (gc.get_threshold(), gc.get_freeze_count()) == (thresholds, frozen)


def test_a_refused_action_gives_everything_back_too():
    game, ids = _board()
    thresholds, frozen = gc.get_threshold(), gc.get_freeze_count()
    with pytest.raises(RulesError):
        game.destroy("no-such-permanent")
    assert (gc.get_threshold(), gc.get_freeze_count()) == (thresholds, frozen)


def test_a_heap_frozen_by_someone_else_is_left_alone():
    """A server that froze its heap at start (or an action inside an action): nothing changes,
    and nothing is unfrozen that the engine did not freeze."""
    gc.freeze()
    try:
        count, thresholds = gc.get_freeze_count(), gc.get_threshold()
        with young_only():
            assert (gc.get_freeze_count(), gc.get_threshold()) == (count, thresholds)
        assert gc.get_freeze_count() == count
    finally:
        gc.unfreeze()


def test_garbage_made_during_an_action_is_still_collected():
    import weakref

    class Node:
        other: object = None

    game, ids = _board()
    with young_only():
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        gone = weakref.ref(a)
        del a, b
    game.destroy(*ids)
    gc.collect()
    assert gone() is None


def test_an_action_inside_an_action_leaves_the_outer_one_in_charge(monkeypatch):
    """The inner block (a recorded step replayed to roll an action back) changes nothing and
    doesn't count the frozen heap (gc.get_freeze_count walks all of it); the outer block
    gives everything back."""
    thresholds = gc.get_threshold()
    with young_only():
        count, inside = gc.get_freeze_count(), gc.get_threshold()
        counted: list[int] = []
        monkeypatch.setattr(gc, "get_freeze_count", lambda: counted.append(1) or 1)
        with young_only():
            assert gc.get_threshold() == inside
        monkeypatch.undo()
        assert not counted
        assert (gc.get_freeze_count(), gc.get_threshold()) == (count, inside)
    assert (gc.get_threshold(), gc.get_freeze_count()) == (thresholds, 0)


def test_paused_turns_the_collector_off_inside_and_back_as_it_was():
    from mtgrules.collector import paused

    assert gc.isenabled()
    with pytest.raises(RuntimeError), paused():
        assert not gc.isenabled()
        raise RuntimeError("an import failed")
    assert gc.isenabled()
    gc.disable()
    try:
        with paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # someone else turned it off: left so
    finally:
        gc.enable()


def test_what_a_paused_block_made_is_counted_among_the_oldest():
    """Kept objects made in a paused block (an import, an unpickling) are not scanned again
    by the next young collections; garbage cycles made there are still freed by a full one,
    and a heap someone else froze is left frozen."""
    from mtgrules.collector import paused

    gc.collect()
    with paused():
        kept = [[i] for i in range(5000)]
        cycle: list[object] = []
        cycle.append(cycle)
        ref = weakref.ref(_Cyclic(cycle))
    assert gc.get_count()[0] < 5000 and gc.get_freeze_count() == 0
    assert id(kept[0]) in {id(o) for o in gc.get_objects(generation=2)}
    gc.collect()
    assert ref() is None
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with paused():
            more = [[i] for i in range(100)]
        assert gc.get_freeze_count() == frozen and more
    finally:
        gc.unfreeze()


class _Cyclic:
    def __init__(self, other: object):
        self.me = self
        self.other = other
