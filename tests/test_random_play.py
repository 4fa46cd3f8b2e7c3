"""Random play (issue 11): a random player picks among the engine's own enumeration of legal
actions (:func:`mtgrules.widgets.legal_actions`) and the legal answers of every question it is
asked, from every shipped set-up, and checks the game's invariants after every step. At the end
the game replayed is the same game, and undoing every step gives back the set-up.

Hypothesis runs it as a state machine and shrinks any failure to a short sequence. The suite runs
:data:`SEQUENCES` seeded (derandomized) sequences; ``make fuzz`` runs fresh random ones for as
long as asked (``FUZZ_SECONDS``).
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.stateful import (  # noqa: E402
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)

from mtgrules import Game, RulesError  # noqa: E402
from mtgrules.choices import Question  # noqa: E402
from mtgrules.objects import ZONES  # noqa: E402
from mtgrules.scenarios import load_scenario, shipped_scenarios  # noqa: E402
from mtgrules.scenarios.runner import fingerprint  # noqa: E402
from mtgrules.widgets.actions import ActionModel, legal_actions  # noqa: E402

SEQUENCES = 200
STEPS = 50
SETUPS = [load_scenario(p) for p in shipped_scenarios()]
#: What the runs measured, for the README's figures (read by test_random_play_measures).
MEASURED = {"sequences": 0, "steps": 0, "refused": 0}


class DrawnAnswers:
    """Answers every question with a legal answer drawn by Hypothesis (so it shrinks)."""

    def __init__(self, data: Any):
        self.data = data

    def answer(self, q: Question) -> Any:
        keys = [o.key for o in q.options]
        if q.number_range is not None:
            low, high = q.number_range
            return self.data.draw(st.integers(low, low + 4 if high is None else min(high,
                                                                                   low + 4)))
        if not keys:
            return []  # nothing to choose, and choosing nothing is allowed (min 0)
        if q.ordered:
            return self.data.draw(st.permutations(keys))
        if q.min == q.max == 1:
            return self.data.draw(st.sampled_from(keys))
        return self.data.draw(st.lists(st.sampled_from(keys), min_size=q.min,
                                       max_size=min(q.max, len(keys)), unique=True))


class RandomPlay(RuleBasedStateMachine):
    """One game from a shipped set-up, played at random through legal actions."""

    game: Game

    @initialize(index=st.integers(0, len(SETUPS) - 1))
    def set_up(self, index: int) -> None:
        self.game = SETUPS[index].new_game()
        self.setup = fingerprint(self.game)
        MEASURED["sequences"] += 1

    @rule(data=st.data())
    def act(self, data: Any) -> None:
        """Do one thing the engine lists as possible, answering its questions at random. A
        refusal (a cost that can't be paid, no legal target) must leave the game as it was."""
        actions = legal_actions(self.game)
        action = data.draw(st.sampled_from(actions), label="action")
        before, steps = fingerprint(self.game), len(self.game.timeline)
        saved, self.game.answerer = self.game.answerer, DrawnAnswers(data)
        try:
            ActionModel._run(None, self.game, action, None)  # noqa: SLF001 - the panel's dispatch
        except RulesError as err:
            assert err.rule, f"refused without a rule: {err}"
            assert fingerprint(self.game) == before and len(self.game.timeline) == steps
            MEASURED["refused"] += 1
        else:
            MEASURED["steps"] += 1
        finally:
            self.game.answerer = saved

    @rule(data=st.data())
    def event(self, data: Any) -> None:
        """A scenario event the panel doesn't list: exile, damage, or a card put into a
        graveyard or onto the battlefield, on any object (refusals must change nothing)."""
        g = self.game
        ids = sorted(g.state.objects) + sorted(g.state.players)
        target = data.draw(st.sampled_from(ids), label="object")
        kind = data.draw(st.sampled_from(["exile", "damage", "graveyard", "battlefield"]))
        before, steps = fingerprint(g), len(g.timeline)
        saved, g.answerer = g.answerer, DrawnAnswers(data)
        try:
            if kind == "exile":
                g.exile(target)
            elif kind == "damage":
                g.deal_damage(data.draw(st.integers(0, 4)), target)
            elif kind == "graveyard":
                g.put_into_graveyard(target)
            else:
                g.put_onto_battlefield(target)
        except RulesError as err:
            assert err.rule, f"refused without a rule: {err}"
            assert fingerprint(g) == before and len(g.timeline) == steps
            MEASURED["refused"] += 1
        else:
            MEASURED["steps"] += 1
        finally:
            g.answerer = saved

    @rule()
    def undo(self) -> None:
        """Taking back the last action gives the state recorded before it."""
        if len(self.game.timeline) > 1:
            self.game.undo()
            assert fingerprint(self.game) == fingerprint_of(self.game.timeline.steps[-1].state,
                                                            self.game)

    @invariant()
    def every_object_is_in_exactly_one_zone(self) -> None:
        if not hasattr(self, "game"):
            return
        s = self.game.state
        where: dict[str, list[tuple]] = {}
        for key, ids in s.zones.items():
            assert len(ids) == len(set(ids)), f"an id twice in {key}"
            for i in ids:
                where.setdefault(i, []).append(key)
        for obj in s.objects.values():
            places = where.get(obj.id, [])
            if obj.zone in ("gone", "outside"):
                assert not places, f"{obj.id} ({obj.zone}) is also in {places}"
            else:
                assert obj.zone in ZONES and len(places) == 1, f"{obj.id}: {places}"
                assert places[0][1] == obj.zone, f"{obj.id} is in {places}, says {obj.zone}"
        assert set(where) <= set(s.objects), "a zone lists an object that doesn't exist"

    @invariant()
    def the_stack_and_damage_are_consistent(self) -> None:
        if not hasattr(self, "game"):
            return
        s = self.game.state
        ids = [it.id for it in s.stack]
        assert len(ids) == len(set(ids)), "two stack objects share an id"
        for it in s.stack:
            if it.kind == "spell" and not it.is_copy:
                assert s.objects[it.source_id].zone == "stack", f"{it.id}'s card isn't on it"
        for obj in s.objects.values():
            assert obj.damage >= 0, f"{obj.id} has negative damage"
            assert obj.damage == 0 or obj.zone == "battlefield", f"damage on {obj.id} off it"
        for p in s.players.values():
            assert isinstance(p.life, int) and not isinstance(p.life, bool)

    def teardown(self) -> None:
        if not hasattr(self, "game"):
            return
        game = self.game
        assert fingerprint(game.replay()) == fingerprint(game), "replay differs"
        while len(game.timeline) > 1:
            game.undo()
        assert fingerprint(game) == self.setup, "undoing every step doesn't give the set-up"


def fingerprint_of(state, game: Game) -> str:
    probe = Game(list(state.players))
    probe.state = state
    return fingerprint(probe)


SUITE = settings(max_examples=SEQUENCES, stateful_step_count=STEPS, derandomize=True,
                 database=None, deadline=None, print_blob=True,
                 suppress_health_check=list(HealthCheck))


def test_random_play_from_every_shipped_set_up():
    """SEQUENCES seeded sequences, the same every run: CI's part."""
    before = dict(MEASURED)
    run_state_machine_as_test(RandomPlay, settings=SUITE)
    played = MEASURED["sequences"] - before["sequences"]
    assert played >= SEQUENCES
    print(f"\nrandom play: {played} sequences, {MEASURED['steps'] - before['steps']} steps, "
          f"{MEASURED['refused'] - before['refused']} refusals")


@pytest.mark.skipif(not os.environ.get("FUZZ_SECONDS"), reason="make fuzz runs this")
def test_fuzz_for_as_long_as_asked():
    """Fresh random sequences (not derandomized) until FUZZ_SECONDS have passed."""
    end = time.monotonic() + float(os.environ["FUZZ_SECONDS"])
    fresh = settings(SUITE, derandomize=False, max_examples=100)
    rounds = 0
    while time.monotonic() < end:
        run_state_machine_as_test(RandomPlay, settings=fresh)
        rounds += 1
    print(f"\nfuzz: {rounds} rounds, {MEASURED['sequences']} sequences, "
          f"{MEASURED['steps']} steps, {MEASURED['refused']} refusals")
