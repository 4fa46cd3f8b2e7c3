"""Defects found by playing and loading carelessly or hostilely (issue 11), each shown by a test
that fails on the defect: a hang must fail, not hang, so those run in a child process with a
time limit."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from mtgrules import Game, RulesError, catalog

HANG_LIMIT = 20  # seconds; the child needs about one (mostly importing) when the engine is right


def run_bounded(code: str) -> str:
    """Run ``code`` in a child Python with a time limit: a hang fails the test, not the suite."""
    try:
        done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                              text=True, timeout=HANG_LIMIT)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the engine did not return within {HANG_LIMIT} s")
    assert done.returncode == 0, done.stderr
    return done.stdout


# --- 704.5d, 111.7: a token that left the battlefield ceases to exist, once ------------------

@pytest.mark.parametrize("leave", ["destroy(t)", "exile(t)", "sacrifice('alice', t)"])
def test_a_token_leaving_the_battlefield_ceases_to_exist_without_hanging(leave):
    out = run_bounded(f"""
        from mtgrules import Game, catalog
        g = Game()
        t = g.add(catalog()["Grizzly Bears"], "battlefield", "alice", token=True)
        g.start()
        g.{leave}
        print(g.obj(t).zone, sum(e.key == "token_ceases" for e in g.timeline.steps[-1].entries))
    """)
    assert out.split() == ["gone", "1"]


def test_a_token_that_ceased_to_exist_is_in_no_zone():
    game = Game()
    t = game.add(catalog()["Grizzly Bears"], "battlefield", "alice", token=True)
    game.start()
    game.destroy(t)
    assert all(t not in ids for ids in game.state.zones.values())
    assert t not in game.zone("alice", "graveyard")


def test_a_loop_of_state_based_actions_that_never_ends_is_refused_not_hung(monkeypatch):
    """104.4b: a loop of mandatory actions that can't stop is a draw; the engine stops it and
    says so instead of running forever."""
    import mtgrules.game as game_module
    game = Game()
    game.start()
    monkeypatch.setattr(game_module, "check_state_based_actions", lambda g: True)
    with pytest.raises(RulesError) as err:
        game.pass_priority("alice")
    assert err.value.rule == "104.4b"
