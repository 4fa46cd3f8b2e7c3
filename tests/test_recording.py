"""The record of a game at scale (issue 12): keyframes now and then, every other step's state
rebuilt by playing its recorded action again. Whatever the keyframes, the state after each step
is exactly the state the game had then; undo, branch and replay work the same on a big board.
No test here is timed: speed is measured in benchmarks/scale.py."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from mtgrules import Game, catalog
from mtgrules.choices import Option, Question, ScriptedAnswerer
from mtgrules.draw import VIEWS, draw_step
from mtgrules.scenarios import load_scenario, shipped_scenarios
from mtgrules.scenarios.runner import fingerprint
from mtgrules.timeline import Step


def state_print(state) -> str:
    return fingerprint(SimpleNamespace(state=state))


def big_board(n: int, **kw) -> tuple[Game, list[str]]:
    """N Grizzly Bears, 3 Blood Artists, 2 The Masamunes on two of them (as benchmarks/)."""
    cards = catalog()
    game = Game(["alice", "bob"], **kw)
    artists = [game.add(cards["Blood Artist"], "battlefield", "alice") for _ in range(3)]
    swords = [game.add(cards["The Masamune"], "battlefield", "alice", attached_to=a)
              for a in artists[:2]]
    bears = [game.add(cards["Grizzly Bears"], "battlefield", "bob") for _ in range(n)]
    game.start()
    return game, artists + swords + bears


def play_recording_live(game: Game, ids: list[str], every: int) -> dict[int, str]:
    """Destroy the board and resolve everything; the live state's print after every
    ``every``-th step (what each rebuilt step must equal)."""
    seen = {0: state_print(game.state)}
    game.destroy(*ids)
    seen[1] = state_print(game.state)
    while game.state.stack:
        game.resolve()
        if len(game.timeline) % every == 0 or not game.state.stack:
            seen[len(game.timeline) - 1] = state_print(game.state)
    return seen


@pytest.fixture(scope="module")
def board_game() -> tuple[Game, dict[int, str]]:
    game, ids = big_board(60)
    return game, play_recording_live(game, ids, every=7)


def test_blood_artists_and_masamunes_trigger_five_times_per_death(board_game):
    game, _ = board_game
    assert len(game.state.triggered) == 5 * 63  # 3 Blood Artists + 2 additional (603.2d)
    assert len(game.state.resolved) == 5 * 63 and not game.state.stack


def test_a_big_board_keeps_few_keyframes(board_game):
    """Recording follows what each step changed: full copies are the exception."""
    game, _ = board_game
    keyframes = [s.index for s in game.timeline if s.keyframe is not None]
    assert keyframes[0] == 0
    assert len(keyframes) < len(game.timeline) / 4


def test_every_rebuilt_step_is_exactly_the_state_the_game_had(board_game):
    game, seen = board_game
    for index, printed in seen.items():
        assert state_print(game.timeline[index].state) == printed, f"step {index}"


def test_a_step_is_rebuilt_alike_from_any_starting_point(board_game):
    """Walking backwards, forwards, or jumping: the same state (the rebuilt ones are cached)."""
    game, seen = board_game
    indexes = sorted(seen)
    for index in indexes[::-1] + indexes:
        assert state_print(game.timeline[index].state) == seen[index]


def test_undo_on_a_big_board_restores_the_state_before(board_game):
    game, seen = board_game
    game = game.branch()
    last = max(i for i in seen if i < len(game.timeline) - 3)
    while len(game.timeline) - 1 > last:
        game.undo()
    assert state_print(game.state) == seen[last]


def test_a_branch_goes_on_like_the_original(board_game):
    game, seen = board_game
    middle = sorted(seen)[len(seen) // 2]
    what_if = game.branch(middle)
    assert state_print(what_if.state) == seen[middle]
    while what_if.state.stack:
        what_if.resolve()
    assert state_print(what_if.state) == state_print(game.state)


def test_replay_of_a_big_board_is_the_same_game(board_game):
    game, _ = board_game
    again = game.replay()
    assert again.timeline.text("fr") == game.timeline.text("fr")
    assert state_print(again.state) == state_print(game.state)


def test_a_rebuilt_step_draws_every_view(board_game):
    game, _ = board_game
    for view in VIEWS:
        assert draw_step(game, 100, view).source


def test_an_illegal_action_on_a_big_board_leaves_it_exactly_as_it_was(board_game):
    game, _ = board_game
    game = game.branch(40)  # a step rebuilt from a keyframe
    before = state_print(game.state)
    with pytest.raises(ValueError):
        game.pass_priority("bob")  # alice has priority (117.3d)
    assert state_print(game.state) == before


@pytest.mark.parametrize("path", shipped_scenarios(), ids=lambda p: p.stem)
def test_every_scenario_step_rebuilds_exactly(path, monkeypatch):
    """No keyframes but the set-up's, or none at all (the runner builds the set-up again,
    see the next test): every step of every shipped scenario is rebuilt by replaying; it
    must equal the state recorded with a keyframe at every step."""
    from mtgrules.scenarios import runner

    read = runner.keyframes_read
    monkeypatch.setattr(runner, "keyframes_read",
                        lambda script: {runner.SET_UP, *range(len(script))})
    monkeypatch.setattr(Game, "_keyframe_due", lambda self, steps, work: True)
    full = load_scenario(path).run().game
    monkeypatch.setattr(runner, "keyframes_read", read)
    monkeypatch.setattr(Game, "_keyframe_due", lambda self, steps, work: False)
    sparse = load_scenario(path).run().game
    assert all(s.keyframe is None for s in sparse.timeline.steps[1:])
    assert len(sparse.timeline) == len(full.timeline)
    for a, b in zip(full.timeline, sparse.timeline, strict=True):
        assert a.keyframe is not None
        assert state_print(b.state) == state_print(a.state), f"step {a.index}: {a.action}"


def test_a_scenario_keeps_keyframes_only_where_a_refusal_reads_one(monkeypatch):
    """The runner keeps keyframes only in the steps of an action that an action expected to
    be refused follows (runner.keyframes_read): that refusal puts the game back to the last
    step's keyframe, and nothing is replayed. Every other step keeps none (Game.apply's
    ``keyframe=False``); read later, it is rebuilt, exactly the state the game had, and the
    game goes on from it."""
    from mtgrules import timeline

    path = next(p for p in shipped_scenarios() if p.stem == "cascade-07-resulting-spell")
    scenario = load_scenario(path)
    rebuilt = []
    rebuild = timeline._rebuild
    monkeypatch.setattr(timeline, "_rebuild", lambda step: rebuilt.append(step) or
                        rebuild(step))
    result = scenario.run()
    assert result.passed and rebuilt == []  # each refusal went back to a keyframe
    played = [a for a in scenario.script if a.kind != "check"]
    before_refusals = {played[i - 1].line for i, a in enumerate(played) if i and a.error}
    assert len(before_refusals) == 2
    steps = result.game.timeline.steps
    for line in before_refusals:  # the state a refusal went back to
        assert [s for s in steps if s.script_line == line][-1].keyframe is not None
    assert all(s.keyframe is None for s in steps if s.script_line not in before_refusals)
    game = result.game
    assert state_print(game.timeline[-1].state) == state_print(game.state)
    assert rebuilt  # (that one was rebuilt)
    game.undo()
    assert state_print(game.state) == state_print(game.timeline[-1].state)


def test_a_scenarios_set_up_is_built_again_when_no_refusal_reads_it():
    """The set-up (step 0) of a scenario the runner plays keeps a keyframe only if the first
    action is expected to be refused (it goes back to the set-up): else it is built again
    from the scenario when read (Game.start's ``setup``), the same state, and every step
    after it is rebuilt from it."""
    from mtgrules.scenarios.runner import build_game

    for stem, kept in (("cascade-07-resulting-spell", False), ("auras-01-pacifism", True)):
        scenario = load_scenario(next(p for p in shipped_scenarios() if p.stem == stem))
        game = scenario.run().game
        first = game.timeline[0]
        assert (first.keyframe is not None) == kept and (first.setup is None) == kept
        assert state_print(first.state) == state_print(build_game(scenario).state)
        assert state_print(game.replay().state) == state_print(game.state)
        assert state_print(game.branch(1).state) == state_print(game.timeline[1].state)


def test_a_keyframe_shares_the_copies_of_objects_unchanged_since_the_last_one():
    """A keyframe copies only the objects that changed since the last one (State.keyframe):
    an object no field of which was stored since, with the same counters, is the last
    keyframe's copy; one that changed is copied again, and the earlier keyframe still shows
    it as it was. (Every shipped scenario's keyframes are compared with rebuilt states above.)"""
    game = Game(["alice", "bob"], keyframe_every=1)
    bears = game.add(catalog()["Grizzly Bears"], "battlefield", "alice")
    other = game.add(catalog()["Grizzly Bears"], "battlefield", "bob")
    game.start()
    game.pass_priority()
    first, second = game.timeline[0].keyframe, game.timeline[1].keyframe
    assert first is not None and second is not None
    assert second.objects[bears] is first.objects[bears] is not game.state.objects[bears]
    game.deal_damage(1, bears)
    third = game.timeline[-1].keyframe
    assert third is not None and third.objects[other] is first.objects[other]
    assert third.objects[bears].damage == 1 and second.objects[bears].damage == 0
    game.state.objects[other].counters["+1/+1"] += 1  # in place: no field is stored
    game.pass_priority()
    fourth = game.timeline[-1].keyframe
    assert fourth is not None and fourth.objects[other].counters["+1/+1"] == 1
    assert third.objects[other].counters["+1/+1"] == 0
    assert fourth.objects[bears] is third.objects[bears]


def test_a_keyframe_shares_what_is_as_in_the_last_one_and_copies_what_changed():
    """A keyframe shares the last keyframe's containers and players when they are equal to
    the state's (State.keyframe), and makes its own when they changed: each field of a
    player, each list of the state."""
    import dataclasses

    from mtgrules.objects import Player

    game = Game(["alice", "bob"], keyframe_every=1)
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice")
    game.start()

    def keyframe():  # a step without a call: a keyframe of the state as it is
        game.perform("look", "regarder", lambda: None)
        return game.timeline[-1].keyframe

    first, second = game.timeline[0].keyframe, keyframe()
    assert second.players is first.players and second.effects is first.effects
    changes = {"name": "someone", "life": 19, "mana_pool": {"R": 1}, "index": 5}
    assert set(changes) == {f.name for f in dataclasses.fields(Player)}  # each one changes
    player = game.state.players["alice"]
    for name, value in changes.items():
        last = keyframe()
        was = getattr(player, name)
        if name == "mana_pool":
            was = dict(was)  # (changed in place)
            player.mana_pool.update(value)
        else:
            setattr(player, name, value)
        now = keyframe()
        assert now.players is not last.players, name
        assert getattr(now.players["alice"], name) == value != was, name
        assert getattr(last.players["alice"], name) == was, name
        player.mana_pool.clear() if name == "mana_pool" else setattr(player, name, was)
    last = keyframe()
    game.state.resolved.append("S9")  # (a list the next keyframe must not share)
    assert keyframe().resolved == ["S9"] and last.resolved == []


def test_new_games_share_their_seeded_generator_and_no_one_draws_from_it():
    """Seeding a generator costs half a new game: games with the same whole-number seed
    share one (objects.seeded), which refuses draws (State.random() copies it first)."""
    from mtgrules.objects import SeededRandom

    one, two = Game(["alice", "bob"]), Game(["alice", "bob"], seed=0)
    assert one.state.rng is two.state.rng and isinstance(one.state.rng, SeededRandom)
    with pytest.raises(ValueError, match="State.random"):
        one.state.rng.shuffle([1, 2, 3])
    drawn = one.state.random().random()
    assert drawn == __import__("random").Random(0).random()
    assert two.state.rng.getstate() == __import__("random").Random(0).getstate()
    assert Game(["alice", "bob"], seed=7).state.rng is not one.state.rng


def test_a_step_without_a_recorded_call_is_always_a_keyframe():
    game, ids = big_board(5, keyframe_every=1000)
    game.perform("an unrecorded action", "une action non enregistrée", lambda: None)
    assert game.timeline[-1].keyframe is not None


def test_a_recorded_step_is_the_step_its_class_would_make():
    """Game._record makes its Step field by field, without the class call (hot: a check
    records ~900): every field is set (a slot never set can't be read), the set-up's
    function to none, as Step(...) would."""
    game, ids = big_board(2)
    game.destroy(ids[0])
    game.perform("an unrecorded action", "une action non enregistrée", lambda: None)
    for step in game.timeline.steps[1:]:
        made = Step(*[getattr(step, f.name) for f in dataclasses.fields(Step) if f.init])
        assert step == made and step.setup is None and made.setup is None


# --- the per-step scans that grew with the board ----------------------------------------------

def test_looking_an_answer_up_among_many_options_gives_the_first_with_that_key():
    q = Question("targets", "alice", "?", "?", [Option(f"k{i}", i) for i in range(5000)]
                 + [Option("k7", "later")])
    assert q.option("k4999").value == 4999 and q.option("k7").value == 7


def test_scripted_answers_are_taken_in_order_per_kind_and_rewind():
    script = ScriptedAnswerer([{"x": 1}, {"targets": ["a"]}, {"x": 2}])
    mark = script.checkpoint()
    q = Question("x", "alice", "X?", "X ?", number_range=(0, 9))
    assert script.answer(q) == 1 and script.answer(q) == 2
    script.rewind(mark)
    assert script.answer(q) == 1 and script.unused() == [{"targets": ["a"]}, {"x": 2}]


def test_a_token_that_left_the_battlefield_ceases_to_exist_and_is_no_longer_looked_at():
    game = Game(["alice", "bob"])
    token = game.add(catalog()["Grizzly Bears"], "battlefield", "alice", token=True)
    game.start()
    game.destroy(token)
    assert game.obj(token).zone == "gone" and game.state.tokens == []  # 704.5d


def test_the_state_records_are_independent_of_a_rebuilt_copy(board_game):
    game, _ = board_game
    state = game.timeline[30].state
    mine = state.snapshot()
    mine.players["bob"].life = 999
    assert game.timeline[30].state.players["bob"].life != 999


# --- X has no upper limit (107.3) -------------------------------------------------------------

def test_gogo_copies_a_trigger_a_thousand_times():
    """No cap on X in the engine: X = 1000 makes 1,000 copies (707.10), each resolving."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Gogo, Master of Mimicry"], "battlefield", "alice", id="gogo")
    artist = game.add(cards["Blood Artist"], "battlefield", "alice")
    game.player("alice").mana_pool["C"] = 2000
    game.player("bob").life = 2000  # life enough for every copy: the game goes on (104.1)
    game.start()
    game.destroy(artist, answers=[{"targets": ["bob"]}])
    game.activate("alice", "gogo", answers=[{"x": 1000}, {"targets": ["S1"]}])
    game.resolve()
    assert len(game.stack) == 1001 and all(it.is_copy for it in game.stack[:1000])
    while game.stack:
        game.resolve()
    assert game.player("bob").life == 2000 - 1001


def test_x_is_refused_below_its_least_value_and_the_message_says_it():
    q = Question("x", "alice", "Choose X", "Choisissez X", number_range=(1, None))
    assert q.check(10**6) == 10**6
    with pytest.raises(ValueError, match="1 or more"):
        q.check(0)


# --- the random generator: shared by snapshots until one draws ---------------------------------

def test_a_snapshot_and_its_state_draw_apart():
    """A snapshot shares the seeded generator (copying it was half a small snapshot's cost);
    drawing through State.random() copies it first, so the other one stays where it was."""
    game, _ = big_board(1)
    state = game.state
    kept = state.snapshot()
    assert kept.rng is state.rng
    position = state.rng.getstate()
    state.random().shuffle(list(range(10)))
    assert kept.rng.getstate() == position != state.rng.getstate()
    again = kept.snapshot()
    kept.random().random()
    assert again.rng.getstate() == position


def test_no_engine_module_draws_from_the_generator_in_place():
    """Every draw goes through State.random(): one drawn in place would move every keyframe
    and snapshot sharing it, and a rebuilt step would shuffle differently."""
    import re
    from pathlib import Path

    import mtgrules

    root = Path(mtgrules.__file__).parent
    drawn = re.compile(r"\.rng\.(?!getstate\b)\w+")
    found = [f"{p.relative_to(root)}: {m.group()}" for p in sorted(root.rglob("*.py"))
             for m in drawn.finditer(p.read_text(encoding="utf-8"))]
    assert found == []


def test_a_fingerprint_sees_the_generator_move():
    """The fingerprint compares the generator by position: shared (not drawn from since),
    or another in the same state, is the same; one drawn from is not."""
    game, _ = big_board(1)
    before = fingerprint(game)
    assert fingerprint(game) == before
    other = SimpleNamespace(state=game.state.snapshot())
    other.state.rng = __import__("random").Random(0)  # another object, the same position
    assert fingerprint(other) == before
    game.state.random().random()
    assert fingerprint(game) != before
