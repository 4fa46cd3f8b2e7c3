"""Each promise of docs/architecture.md, checked so that breaking it fails a test."""

from __future__ import annotations

import dataclasses

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.characteristics import compute
from mtgrules.mana import parse_pool
from mtgrules.scenarios.runner import fingerprint


def _bolt_at_the_bears() -> tuple[Game, str]:
    game = Game(["alice", "bob"])
    game.player("alice").mana_pool.update(parse_pool("{R}"))
    game.add(catalog()["Lightning Bolt"], "hand", "alice", id="bolt")
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.start("alice", "main1")
    sid = game.cast("alice", "bolt", answers=[{"targets": ["bears"]}])
    return game, sid


def test_a_target_that_left_and_came_back_is_a_new_object():
    """400.7, 608.2b: the Bears are exiled and returned before Lightning Bolt resolves. They are
    a new object, no longer the one targeted: the Bolt doesn't resolve and they live."""
    game, sid = _bolt_at_the_bears()
    zcc = game.obj("bears").zcc
    game.exile("bears")
    game.put_onto_battlefield("bears")
    assert game.obj("bears").zone == "battlefield" and game.obj("bears").zcc == zcc + 2
    game.resolve()
    assert game.obj("bears").zone == "battlefield" and game.obj("bears").damage == 0
    assert any(e.key == "fizzles" for s in game.timeline.steps for e in s.entries)
    assert "bolt" in game.zone("alice", "graveyard")


def test_the_same_target_still_there_is_hit():
    """The control case: nothing moved, the Bolt resolves and the Bears die (704.5g)."""
    game, _ = _bolt_at_the_bears()
    game.resolve()
    assert "bears" in game.zone("bob", "graveyard")


def test_a_view_is_immutable():
    """A View is last known information (608.2h): kept in events, never changed."""
    game = Game(["alice", "bob"])
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    view = compute(game.state, "bears")
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.tapped = True  # type: ignore[misc]


def test_an_illegal_action_leaves_the_game_exactly_as_it_was():
    """All or nothing (Game.perform): a refused cast changes nothing at all."""
    game = Game(["alice", "bob"])
    game.add(catalog()["Lightning Bolt"], "hand", "alice", id="bolt")
    game.start("alice", "main1")
    before, steps = fingerprint(game), len(game.timeline.steps)
    with pytest.raises(RulesError):
        game.cast("alice", "bolt", answers=[{"targets": ["bob"]}])  # no mana to pay
    assert fingerprint(game) == before and len(game.timeline.steps) == steps


def test_a_game_and_a_step_show_their_board_in_a_notebook():
    """`_repr_svg_` draws the board (400.1); the reprs say what they are."""
    game, sid = _bolt_at_the_bears()
    svg = game._repr_svg_()
    assert svg.lstrip().startswith(("<?xml", "<svg")) and "Grizzly Bears" in svg
    step = game.timeline.steps[0]
    assert "<svg" in step._repr_svg_()
    assert repr(game).startswith("<Game turn 1 main1") and "1 on the stack" in repr(game)
    assert repr(step).startswith("<Step 0")
