"""Defects found by playing and loading carelessly or hostilely (issue 11), each shown by a test
that fails on the defect: a hang must fail, not hang, so those run in a child process with a
time limit."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest
from test_engine import add, new_game  # the engine tests' helpers: a game with mana, a card

from mtgrules import Game, RulesError, catalog
from mtgrules.objects import Link, LinkedCard

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
    monkeypatch.setattr(game_module, "check_state_based_actions", lambda g, views=None: True)
    with pytest.raises(RulesError) as err:
        game.pass_priority("alice")
    assert err.value.rule == "104.4b"


# --- illegal actions that were accepted (6, 7) ---------------------------------------------

def refused(game: Game, action, rule: str) -> RulesError:
    """``action`` is refused citing ``rule``, in English and French, and changes nothing."""
    from mtgrules.scenarios.runner import fingerprint
    before, steps = fingerprint(game), len(game.timeline)
    with pytest.raises(RulesError) as err:
        action()
    assert err.value.rule == rule, str(err.value)
    assert err.value.message_fr != err.value.message
    assert fingerprint(game) == before and len(game.timeline) == steps
    return err.value


def test_a_loyalty_ability_only_once_a_turn():
    """606.3: only if no loyalty ability of that permanent was activated this turn."""
    game = new_game()
    jace = add(game, "Jace Beleren")
    add(game, "Grizzly Bears", "library", "alice")
    add(game, "Grizzly Bears", "library", "bob")
    game.start()
    game.activate("alice", jace, 0)
    game.resolve()
    refused(game, lambda: game.activate("alice", jace, 1, answers=[{"targets": ["bob"]}]),
            "606.3")


def test_a_loyalty_ability_with_something_on_the_stack_cites_606_3():
    game = new_game(alice="{R}")
    jace = add(game, "Jace Beleren")
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    refused(game, lambda: game.activate("alice", jace, 0), "606.3")


def test_no_negative_damage():
    game = new_game()
    bears = add(game, "Grizzly Bears")
    game.start()
    refused(game, lambda: game.deal_damage(-3, bears), "107.1b")
    refused(game, lambda: game.deal_damage(-3, "bob"), "107.1b")


def test_no_damage_to_a_card_in_a_hand():
    game = new_game()
    bears = add(game, "Grizzly Bears", "hand")
    game.start()
    refused(game, lambda: game.deal_damage(2, bears), "120.1")


def test_a_creature_that_entered_this_turn_on_turn_3_is_summoning_sick():
    """302.6: "entered this turn" means the turn start() sets, not the turn when add() ran."""
    game = new_game()
    elves = add(game, "Llanowar Elves", entered_this_turn=True)
    game.start(turn=3)
    assert game.obj(elves).entered_turn == 3
    refused(game, lambda: game.activate("alice", elves, 0), "302.6")


def test_a_spell_s_card_can_t_be_put_into_a_graveyard_while_it_is_on_the_stack():
    game = new_game(alice="{R}")
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    refused(game, lambda: game.put_into_graveyard(bolt), "701.6a")


def test_a_mana_ability_needs_priority():
    """605.3a: Bob can't tap his Elves for mana while Alice holds priority."""
    game = new_game()
    elves = add(game, "Llanowar Elves", owner="bob")
    game.start()
    refused(game, lambda: game.activate("bob", elves, 0), "605.3a")


# --- rules cited and facts reported (8) -------------------------------------------------------

def test_tapping_a_tapped_permanent_cites_107_5():
    game = new_game()
    elves = add(game, "Llanowar Elves", tapped=True)
    game.start()
    refused(game, lambda: game.activate("alice", elves, 0), "107.5")


def test_the_object_check_reports_the_mana_value_of_an_x_spell_on_the_stack():
    """202.3e: on the stack X is the number chosen: {X}{R} with X = 3 has mana value 4."""
    from mtgrules.scenarios.checks import object_facts
    game = new_game(alice="{3}{R}")
    from mtgrules.abilities import CardDef, parse_characteristics
    from mtgrules.data import Node
    blast = CardDef((parse_characteristics(Node({
        "name": "Blast", "mana_cost": "{X}{R}", "types": ["sorcery"],
        "abilities": [{"kind": "spell", "targets": [{"type": "any"}],
                       "effects": [{"do": "damage", "to": "target", "amount": "X"}]}]})),))
    spell = game.add(blast, "hand", "alice")
    game.start()
    game.cast("alice", spell, answers=[{"x": 3}, {"targets": ["bob"]}])
    assert object_facts(game, spell)["mana_value"] == 4


def test_the_linked_check_forgets_what_an_object_that_left_exiled():
    """400.7: the land that came back is a new object; the old one's exiled cards aren't its."""
    from mtgrules.scenarios.checks import check_linked
    game = new_game()
    land = add(game, "Clive's Hideaway")
    game.start()
    game.state.linked[Link(land, game.obj(land).zcc, "hideaway")] = [LinkedCard("bolt", 1)]
    assert check_linked(game, {"source": land, "count": 1})[0]
    game.destroy(land)
    game.put_onto_battlefield(land)
    assert check_linked(game, {"source": land, "count": 0})[0]


def test_an_enters_trigger_names_what_entered():
    """A Clone entering as a copy of Oracle of Two Paths: its enters trigger's event names what
    entered (the Oracle copy), not the Clone card it was in the hand."""
    game = new_game(alice="{3}{U}")
    add(game, "Oracle of Two Paths", owner="bob")
    clone = add(game, "Clone", "hand")
    game.start()
    game.cast("alice", clone)
    game.resolve(answers=[{"enter_as_copy": "oracle-of-two-paths"}])
    texts = [e.text("en") for e in game.timeline.steps[-1].entries if e.key.startswith("trigg")]
    assert texts and all("Clone" not in t for t in texts), texts


# --- refusals with a rule and French (9) --------------------------------------------------------

def test_unknown_ids_are_refused_with_a_rule_in_both_languages():
    game = new_game()
    game.start()
    refused(game, lambda: game.destroy("nobody-here"), "109.1")
    refused(game, lambda: game.pass_priority("carol"), "102.1")


def test_an_answer_no_question_asked_for_is_refused_citing_the_decision_s_rule():
    game = new_game(alice="{R}")
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    refused(game, lambda: game.cast("alice", bolt, answers=[{"targets": ["bob"]}, {"x": 2}]),
            "601.2b")


def test_a_malformed_answers_list_is_refused_clearly():
    game = new_game(alice="{R}")
    bolt = add(game, "Lightning Bolt", "hand")
    game.start()
    with pytest.raises(RulesError) as err:
        game.cast("alice", bolt, answers=["targets"])
    assert "dictionary update" not in str(err.value) and "kind: answer" in str(err.value)
    assert err.value.message_fr != err.value.message


# --- looking never changes the game (10), refusals and set-up (11) -----------------------------

def test_reading_an_empty_zone_leaves_the_fingerprint_unchanged():
    from mtgrules.scenarios.runner import fingerprint
    game = new_game()
    game.start()
    before = fingerprint(game)
    assert game.zone("bob", "exile") == [] and game.zone("bob", "graveyard") == []
    assert fingerprint(game) == before


def test_a_refused_action_on_a_game_never_started_adds_no_step():
    game = new_game()
    with pytest.raises(RulesError):
        game.pass_priority("bob")
    assert len(game.timeline) == 0


def test_what_add_put_in_after_start_survives_a_refused_action():
    game = new_game()
    game.start()
    bears = add(game, "Grizzly Bears")
    with pytest.raises(RulesError):
        game.pass_priority("bob")
    assert bears in game.zone(None, "battlefield")
