"""The engine core: stack, priority, APNAP, look-back, state-based actions, and the guarantee that
an illegal action leaves the game exactly as it was (issue 2)."""

from __future__ import annotations

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.actions import GameAction
from mtgrules.mana import ManaCost
from mtgrules.scenarios.runner import fingerprint


def new_game(**mana: str) -> Game:
    game = Game(["alice", "bob"])
    for player, pool in mana.items():
        from mtgrules.mana import parse_pool
        game.player(player).mana_pool.update(parse_pool(pool))
    return game


def add(game: Game, name: str, zone: str = "battlefield", owner: str = "alice", **kw) -> str:
    return game.add(catalog()[name], zone, owner, **kw)


# --- the stack and priority (117, 405, 608) -----------------------------------------------

def test_caster_keeps_priority_and_all_passing_resolves_the_top_object():
    game = new_game(alice="{R}")
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    assert game.state.priority == "alice"  # 117.3c
    game.pass_priority("alice")
    assert game.state.priority == "bob" and game.player("bob").life == 20
    game.pass_priority("bob")  # all passed in succession: the Bolt resolves (405.5)
    assert game.player("bob").life == 17
    assert game.state.priority == "alice"  # the active player receives priority (117.3b)
    assert game.zone("alice", "graveyard") == [bolt]


def test_last_in_first_out():
    game = new_game(alice="{R}{R}")
    first, second = add(game, "Lightning Bolt", "hand"), add(game, "Lightning Bolt", "hand")
    game.start()
    s1 = game.cast("alice", first, answers=[{"targets": ["bob"]}])
    s2 = game.cast("alice", second, answers=[{"targets": ["alice"]}])
    assert [it.id for it in game.stack] == [s2, s1]
    game.resolve()
    assert game.state.resolved == [s2] and game.player("alice").life == 17


def test_only_the_player_with_priority_may_pass():
    game = new_game()
    game.start()
    before = fingerprint(game)
    with pytest.raises(RulesError) as err:
        game.pass_priority("bob")
    assert err.value.rule == "117.3d"
    assert fingerprint(game) == before


def test_passing_with_an_empty_stack_ends_the_step_and_empties_mana_pools():
    game = new_game(alice="{G}")
    game.start()
    game.pass_priority("alice")
    game.pass_priority("bob")
    assert game.state.step == "beginning_of_combat"
    assert not game.player("alice").mana_pool  # 500.4


# --- casting (601.2) -----------------------------------------------------------------------

def test_a_creature_spell_cant_be_cast_while_the_stack_is_not_empty():
    game = new_game(alice="{R}{1}{G}")
    bolt, bears = add(game, "Lightning Bolt", "hand"), add(game, "Grizzly Bears", "hand")
    game.start()
    game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    before = fingerprint(game)
    with pytest.raises(RulesError) as err:
        game.cast("alice", bears)
    assert err.value.rule == "307.1"
    assert fingerprint(game) == before


def test_a_spell_that_cant_be_paid_for_is_undone_completely():
    game = new_game()  # no mana at all
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    before = fingerprint(game)
    steps = len(game.timeline)
    with pytest.raises(RulesError) as err:
        game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    assert err.value.rule == "601.2h"
    assert fingerprint(game) == before  # the card is back in hand, nothing on the stack
    assert game.zone("alice", "hand") == [bolt] and len(game.timeline) == steps


def test_an_illegal_target_answer_is_refused_with_the_rule():
    game = new_game(alice="{R}")
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    before = fingerprint(game)
    with pytest.raises(RulesError) as err:
        game.cast("alice", bolt, answers=[{"targets": ["nobody"]}])
    assert err.value.rule == "601.2c"
    assert fingerprint(game) == before


def test_mana_abilities_are_activated_to_pay_and_dont_use_the_stack():
    game = new_game()
    add(game, "Forest")
    add(game, "Forest")
    bears = add(game, "Grizzly Bears", "hand")
    game.start()
    game.cast("alice", bears)
    assert [it.source_id for it in game.stack] == [bears]  # no mana ability on the stack (605)
    game.resolve()
    assert game.obj(bears).zone == "battlefield"


def test_mana_value_counts_x_only_on_the_stack():
    assert ManaCost.parse("{X}{R}").mana_value() == 1
    assert ManaCost.parse("{X}{R}").mana_value(x=3) == 4
    assert catalog()["Fire // Ice"].characteristics().mana_value() == 4  # 709.4


# --- triggered abilities (603) --------------------------------------------------------------

def test_leaves_the_battlefield_triggers_look_back_in_time():
    game = new_game()
    artist = add(game, "Blood Artist")
    bears = add(game, "Grizzly Bears")
    game.start()
    game.destroy(artist, bears)
    # Blood Artist is in the graveyard, yet its ability triggered for both deaths (603.10a).
    assert len(game.stack) == 2
    assert {it.source_id for it in game.stack} == {artist}


def test_a_creature_that_dies_alone_later_doesnt_see_earlier_deaths():
    game = new_game()
    bears = add(game, "Grizzly Bears")
    game.start()
    game.destroy(bears)
    artist = add(game, "Blood Artist")
    game.destroy(artist)
    assert len(game.stack) == 1  # only its own death: it wasn't there when the Bears died


def test_apnap_each_player_orders_their_own_triggers():
    game = new_game()
    a1 = add(game, "Blood Artist", id="a1")
    a2 = add(game, "Blood Artist", id="a2")
    b1 = add(game, "Blood Artist", owner="bob", id="b1")
    bears = add(game, "Grizzly Bears")
    game.start()
    game.destroy(bears, answers=[{"order_triggers": ["T2", "T1"]}])
    # Alice's go on the stack first, in her order (a2 then a1); Bob's last, so on top (603.3b).
    assert [it.source_id for it in game.stack] == [b1, a1, a2]


# --- state-based actions (704) ------------------------------------------------------------

def test_lethal_damage_and_zero_toughness_are_state_based_actions():
    game = new_game()
    bears = add(game, "Grizzly Bears")
    game.start()
    game.deal_damage(2, bears)
    assert game.obj(bears).zone == "graveyard"
    entry = next(e for e in game.timeline[-1].entries if e.key == "sba")
    assert "704.5g" in entry.rules


def test_a_planeswalker_with_no_loyalty_is_put_into_the_graveyard():
    game = new_game()
    jace = add(game, "Jace Beleren")
    assert game.obj(jace).counters["loyalty"] == 3
    game.start()
    game.deal_damage(3, jace)
    assert game.obj(jace).zone == "graveyard"


def test_the_legend_rule_keeps_the_chosen_one():
    game = new_game()
    first = add(game, "The Masamune", id="m1")
    second = add(game, "The Masamune", id="m2")
    game.start(step="main1")
    game.perform("check", "vérifier", lambda: None, answers=[{"legend_rule": "m2"}])
    assert game.obj(first).zone == "graveyard" and game.obj(second).zone == "battlefield"


def test_mirror_gallery_turns_the_legend_rule_off():
    game = new_game()
    add(game, "Mirror Gallery")
    add(game, "The Masamune", id="m1")
    add(game, "The Masamune", id="m2")
    game.start()
    game.perform("check", "vérifier", lambda: None)
    assert game.obj("m1").zone == game.obj("m2").zone == "battlefield"


# --- the timeline (snapshots, replay) ------------------------------------------------------

def test_each_step_keeps_its_own_snapshot():
    game = new_game()
    bears = add(game, "Grizzly Bears")
    game.start()
    game.destroy(bears)
    assert game.timeline[0].state.objects[bears].zone == "battlefield"
    assert game.timeline[1].state.objects[bears].zone == "graveyard"


def test_the_same_script_replays_identically():
    def play() -> str:
        game = new_game()
        for _ in range(3):
            add(game, "Grizzly Bears")
        add(game, "Blood Artist")
        game.start()
        game.destroy(*[i for i in game.zone(None, "battlefield")])
        while game.stack:
            game.resolve()
        return game.timeline.text("fr")
    assert play() == play()


def test_log_entries_cite_rules_in_both_languages():
    game = new_game()
    artist = add(game, "Blood Artist")
    game.start()
    game.destroy(artist)
    entries = game.timeline[1].entries
    assert all(e.rules for e in entries)
    assert any("meurt" in e.text("fr") for e in entries)
    assert any("dies" in e.text("en") for e in entries)


def test_undo_takes_back_the_last_action_and_branch_leaves_the_original_alone():
    game = new_game()
    artist, bears = add(game, "Blood Artist"), add(game, "Grizzly Bears")
    game.start()
    game.destroy(bears, answers=[{"targets": ["bob"]}])
    game.resolve()
    what_if = game.branch(1)  # from just after the Bears died
    assert [s.index for s in what_if.timeline] == [0, 1] and len(what_if.stack) == 1
    what_if.destroy(artist, answers=[{"targets": ["bob"]}])
    assert game.obj(artist).zone == "battlefield" and len(game.timeline) == 3
    game.undo()
    assert len(game.stack) == 1 and game.player("bob").life == 20
    game.undo()
    assert game.obj(bears).zone == "battlefield"
    with pytest.raises(ValueError):
        game.undo()


def test_a_card_cascade_finds_but_that_cant_be_cast_goes_to_the_bottom():
    """Village Rites needs a creature to sacrifice (a mandatory additional cost, 601.2h): with
    none, it can't be cast; the casting is undone and the card goes to the bottom (702.85a)."""
    from mtgrules.scenarios import parse_scenario
    text = """
players: [alice, bob]
setup:
  alice:
    hand: [{card: Bloodbraid Elf, id: elf}]
    library: [{card: Village Rites, id: rites}, {card: Forest, id: forest}]
    mana: "{R}{G}{2}"
script:
  - cast: elf
  - resolve: 1
    answers: [{cascade_cast: Village Rites}]
expect:
  - zone: {player: alice, zone: library, equals: [forest, rites]}
  - stack: [elf]
"""
    result = parse_scenario(text).run()
    assert result.passed, result.failures() or result.error
    keys = [e.key for e in result.game.timeline[-1].entries]
    assert "cant_cast" in keys and "cast" not in keys


def test_a_land_an_effect_lets_you_play_still_counts_as_your_land_for_the_turn():
    """Clive's Hideaway was played this turn; when its ability lets Alice play an exiled Forest,
    she can't: she has already played a land (305.2)."""
    from pathlib import Path

    from mtgrules.scenarios import parse_scenario
    path = Path(__file__).parents[1] / "mtgrules/scenarios/data/gogo-04-linked-hideaway.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "{card: Grizzly Bears, id: bears}", "{card: Forest, id: bears}")
    game = parse_scenario(text).run().game
    assert game.obj("bears").zone != "battlefield"
    assert any(e.key == "cant_play" and "305.2" in e.rules for e in game.timeline.entries())


def test_lifelink_and_deathtouch_work_through_damage():
    """Damage from a source with lifelink makes its controller gain that much life (702.15b);
    any damage from a source with deathtouch is lethal (702.2b, 704.5h)."""
    from mtgrules.scenarios import parse_scenario
    text = """
players: [alice, bob]
cards:
  - name: Night Sniper
    types: [creature]
    power: 1
    toughness: 1
    abilities:
      - {keyword: deathtouch}
      - {keyword: lifelink}
      - {kind: activated, cost: "{T}", targets: [{type: any}],
         effects: [{do: damage, to: target, amount: 1}]}
setup:
  alice:
    battlefield: [{card: Night Sniper, id: sniper}]
  bob:
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - activate: sniper
    answers: [{targets: [bears]}]
  - resolve: 1
expect:
  - zone: {player: bob, zone: graveyard, equals: [bears]}
  - life: {alice: 21, bob: 20}
"""
    result = parse_scenario(text).run()
    assert result.passed, [(c.message, c.actual) for c in result.failures()] or result.error
    sba = next(e for e in result.game.timeline[-1].entries if e.key == "sba")
    assert "704.5h" in sba.rules


def test_nobody_gets_priority_in_the_untap_and_cleanup_steps():
    """Passing through the end of a turn goes straight to the next player's upkeep: the untap
    step gives no priority (502.4), nor does cleanup when nothing triggers (514.3)."""
    game = new_game()
    bears = add(game, "Grizzly Bears", owner="bob", tapped=True)
    add(game, "Island", "library", owner="bob")
    game.start(step="end")
    game.pass_priority("alice")
    game.pass_priority("bob")
    assert (game.state.turn, game.state.step, game.state.active) == (2, "upkeep", "bob")
    assert game.state.priority == "bob" and not game.obj(bears).tapped  # bob untapped (502.3)
    game.pass_priority("bob")
    game.pass_priority("alice")
    assert game.state.step == "draw" and len(game.zone("bob", "hand")) == 1


@pytest.mark.parametrize("to", ["beginning_of_combat", "end_of_combat", "main2", "end",
                                "cleanup"])
def test_next_step_goes_forward_from_main_1_to_any_later_step_of_this_turn(to: str):
    """500.1: the steps of a turn come in order, so any later step of this turn can be reached
    from the precombat main phase (the cleanup step too: was refused "doesn't come again")."""
    game = new_game()
    add(game, "Grizzly Bears")
    game.start(step="main1", turn=2)
    game.next_step(to)
    assert (game.state.turn, game.state.step) == (2, to)


def test_going_to_the_cleanup_step_ends_until_end_of_turn_effects_and_damage():
    """514.2: in the cleanup step damage is removed and "until end of turn" effects end at the
    same time; the game waits there, and passing on begins the next turn (514.3: nobody gets
    priority in cleanup when nothing triggers)."""
    game = new_game(alice="{G}")
    bears = add(game, "Grizzly Bears")
    growth = add(game, "Giant Growth", "hand")
    game.start(step="main1", turn=2)
    game.cast("alice", growth, answers=[{"targets": [bears]}])
    game.resolve()
    game.deal_damage(1, bears)
    assert game.view(bears).power == 5 and game.obj(bears).damage == 1
    game.next_step("cleanup")
    assert (game.state.turn, game.state.step) == (2, "cleanup")
    assert game.view(bears).power == 2 and game.obj(bears).damage == 0
    assert game.timeline[-1].entries[-1].key == "cleanup"
    game.next_step()
    assert (game.state.turn, game.state.step, game.state.active) == (3, "upkeep", "bob")


def test_next_step_refuses_a_step_that_came_earlier_this_turn():
    game = new_game()
    game.start(step="main2", turn=2)
    with pytest.raises(RulesError) as refused:
        game.next_step("main1")
    assert refused.value.rule == "500.1" and (game.state.turn, game.state.step) == (2, "main2")


def test_an_attachment_is_judged_again_only_when_its_views_change(monkeypatch):
    """704.5m-p are asked at every check; the answer for the same (unchanging) views of an
    Aura or Equipment and its host is worked out once, and again once either view changes."""
    from mtgrules import sba

    asked: list[str] = []
    real = sba.enchant_problem

    def counting(*args):
        asked.append(args[0].name)
        return real(*args)
    monkeypatch.setattr(sba, "enchant_problem", counting)
    sba._ANSWERS.clear()
    game = Game(["alice", "bob"])
    bears = game.add(catalog()["Grizzly Bears"], "battlefield", "bob")
    aura = game.add(catalog()["Pacifism"], "battlefield", "alice", attached_to=bears)
    game.start()
    assert not sba.check_state_based_actions(game)
    assert not sba.check_state_based_actions(game)  # the same views: asked once
    assert asked == ["Pacifism"]
    game.apply(GameAction("deal_damage", objects=(bears,), amount=1))  # the host changes
    assert asked == ["Pacifism", "Pacifism"] and game.obj(aura).zone == "battlefield"
