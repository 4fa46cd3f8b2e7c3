"""What the quicker paths of zone changes, damage and trigger detection find is what the plain
reading of the rules finds (session 11): the triggered abilities and "additional time" effects
kept per tuple of abilities (triggers._triggering), may_trigger's look that stops at the first
one, and the damaged permanent's view read once for its protection (702.16e)."""

from __future__ import annotations

from typing import Any

import pytest

from mtgrules import triggers
from mtgrules.characteristics import compute, compute_all
from mtgrules.damage import DamageSource
from mtgrules.objects import Ref
from mtgrules.replacement import DamageEvent, _protection
from mtgrules.scenarios import scenario_by_id
from mtgrules.text import Name

#: Boards with triggered abilities of every kind: printed, granted by an Equipment (613.1f),
#: "additional time" effects of a permanent and of an emblem (603.2d), an object that
#: leaves and comes back (603.7), a spell cast.
TRIGGERING = ["core-blood-artist-dies-together", "masamune-02-two-masamunes",
              "masamune-06-emblem-from-anywhere", "gogo-02-additional-instances",
              "delayed-02-flickerwisp", "triggers-09-guttersnipe",
              "combat-15-combat-triggers", "triggers-05-pridemate-and-soul-warden"]


def _index_as_read(views: dict[str, Any]) -> tuple[list, list]:
    """The index as 603.2 and 603.2d read a board: each view's abilities, one by one."""
    triggered, additional = [], []
    for v in views.values():
        if v.zone not in ("battlefield", "command", "stack"):
            continue
        for i, a in enumerate(v.chars.abilities):
            if a.kind == "triggered":
                triggered.append((v, a))
            elif a.kind == "static" and a.static_get("additional_trigger") is not None:
                granted = dict(v.granted_by)
                additional.append((v, a, views.get(granted[i], v) if i in granted else v))
    return triggered, additional


@pytest.mark.parametrize("scenario_id", TRIGGERING)
def test_the_index_and_may_trigger_read_every_step_as_the_rules_do(scenario_id):
    game = scenario_by_id(scenario_id).run().game
    found_any = False
    for step in game.timeline.steps:
        state = step.state
        for views in (compute_all(state), triggers.views_in_play(state)):
            expected = _index_as_read(views)
            assert triggers._index_afresh(views) == expected
            assert triggers._index(views) == expected
            assert triggers._any_triggered(views) is bool(expected[0])
            found_any = found_any or bool(expected[0])
    assert found_any  # (each board has triggered abilities at some step)


def test_a_granted_triggered_ability_is_found_and_lost_with_its_grant():
    """The kept answer is per tuple of abilities: a grant makes a new tuple (613.1f), so the
    index sees the granted ability at once, and no longer once it is lost."""
    game = scenario_by_id("masamune-02-two-masamunes").run().game
    held = [v for step in game.timeline.steps for v in compute_all(step.state).values()
            if v.granted_by]
    assert held, "an Equipment grants its abilities at some step"
    for v in held:
        assert triggers._index_afresh({v.id: v}) == _index_as_read({v.id: v})


def test_protection_reads_the_view_it_is_given_and_the_one_it_works_out_alike():
    """702.16e: the prevention candidates of a damaged permanent's protection are the same
    whether damage._deal hands its view over (DamageEvent.recipient) or not."""
    game = scenario_by_id("protect-02-silver-knight-in-combat").run().game
    state = game.state
    protected = [v for v in compute_all(state).values() if any(
        a.kind == "static" and a.static_get("protection") is not None
        for a in v.chars.abilities)]
    assert protected
    source = DamageSource(Name("a red source", "une source rouge"))
    for v in protected:
        ref = Ref("object", v.id, v.zcc)
        plain = _protection(game, DamageEvent(source, ref, 2))
        handed = _protection(game, DamageEvent(source, ref, 2, compute(state, v.id)))
        assert plain and handed == plain
