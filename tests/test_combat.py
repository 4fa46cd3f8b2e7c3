"""Combat (506-511) and the keywords that act in it, played out.

The combat-* scenarios are the demonstrations (test_topic_scenarios.py makes sure each of their
checks would catch a wrong engine); these tests make sure that refused declarations name
their rule and change nothing, that combat code knows no card by name, and that a renamed card
with the same keywords fights the same.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from scenario_text import (
    refused,
)

import mtgrules
from mtgrules import Game, catalog
from mtgrules.choices import IllegalAnswer
from mtgrules.rulings.terminology import check_text
from mtgrules.scenarios import load_scenario, shipped_scenarios

COMBAT = [p for p in shipped_scenarios() if p.stem.startswith("combat-")]


def test_there_are_at_least_fifteen_combat_scenarios():
    assert len(COMBAT) >= 15, [p.stem for p in COMBAT]


def test_the_terms_checker_knows_combat_words():
    issues = check_text("Bob's creature blocks the attacker.",
                        "La créature de Bob arrête l'attaquant.")
    assert [i.label for i in issues] == ["block"]


# --- every check can fail ---------------------------------------------------------------------


# --- refusals: the rule, and nothing changed ----------------------------------------------------

def _board(*, alice: list[tuple[str, str]], bob: list[tuple[str, str]], **kw: Any) -> Game:
    cards = catalog()
    game = Game(["alice", "bob"])
    for owner, items in (("alice", alice), ("bob", bob)):
        for card, oid in items:
            game.add(cards[card], "battlefield", owner, id=oid, **kw.get(oid, {}))
    game.start()
    return game


_refused = refused


def test_a_creature_without_flying_or_reach_cant_block_a_flyer():
    game = _board(alice=[("Serra Angel", "angel")], bob=[("Grizzly Bears", "bears"),
                                                          ("Giant Spider", "spider")])
    game.declare_attackers({"angel": "bob"})
    err = _refused(game, lambda: game.declare_blockers({"bears": "angel"}))
    assert err.rule == "702.9b"
    game.declare_blockers({"spider": "angel"})  # 702.17b: reach can
    assert game.state.combat.blockers == {"spider": ["angel"]}


def test_a_menace_attacker_blocked_by_one_creature_is_refused():
    game = _board(alice=[("Boggart Brute", "brute")], bob=[("Grizzly Bears", "b1"),
                                                            ("Grizzly Bears", "b2")])
    game.declare_attackers(["brute"])
    assert _refused(game, lambda: game.declare_blockers({"b1": "brute"})).rule == "702.111b"


def test_defender_summoning_sickness_and_tapped_creatures_cant_attack():
    game = _board(alice=[("Wall of Wood", "wall"), ("Grizzly Bears", "new"),
                         ("Grizzly Bears", "tired"), ("Raging Goblin", "goblin")],
                  bob=[], new={"entered_this_turn": True}, tired={"tapped": True},
                  goblin={"entered_this_turn": True})
    assert _refused(game, lambda: game.declare_attackers(["wall"])).rule == "702.3b"
    assert _refused(game, lambda: game.declare_attackers(["new"])).rule == "302.6"
    assert _refused(game, lambda: game.declare_attackers(["tired"])).rule == "508.1a"
    game.declare_attackers(["goblin"])  # 702.10b: haste
    assert game.state.combat.attackers == {"goblin": "bob"}


def test_blockers_cant_be_declared_before_attackers():
    game = _board(alice=[("Grizzly Bears", "bears")], bob=[("Grizzly Bears", "b")])
    assert _refused(game, lambda: game.declare_blockers({"b": "bears"})).rule == "506.1"


def test_next_step_with_a_spell_on_the_stack_is_refused():
    game = _board(alice=[], bob=[])
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    assert _refused(game, game.next_step).rule == "500.2"


def test_the_question_offers_only_legal_attackers():
    game = _board(alice=[("Wall of Wood", "wall"), ("Grizzly Bears", "bears")], bob=[])
    seen = []

    class Spy:
        def answer(self, q: Any) -> Any:
            seen.append(q)
            return []

    game.answerer = Spy()
    game.next_step("declare_attackers")
    attackers = next(q for q in seen if q.kind == "attackers")
    assert [o.key for o in attackers.options] == ["bears>bob"]
    # the wall is refused saying why: its refusal is written when the answer is given
    with pytest.raises(IllegalAnswer, match="defender") as raised:
        attackers.option("wall>bob")
    assert raised.value.rule == "702.3b"


class _NeverAsked:
    """An answerer that fails the test if a question is put to it."""

    def answer(self, q: Any) -> Any:
        raise AssertionError(f"asked {q.kind}: {q.prompt} (options {q.options})")


def _texts(game: Game) -> tuple[str, str]:
    step = game.timeline.steps[-1]
    return step.text("en"), step.text("fr")


def test_no_attackers_question_when_no_creature_can_attack_and_the_log_says_why():
    """508.1a: with no creature able to attack, declaring none is the only choice: nobody is
    asked; the log says so, and why each creature can't (a tapped one, 508.1a; a Wall, 702.3b)."""
    game = _board(alice=[("Grizzly Bears", "tired"), ("Wall of Wood", "wall")],
                  bob=[("Grizzly Bears", "b")], tired={"tapped": True})
    game.answerer = _NeverAsked()
    game.next_step("declare_attackers")
    assert game.timeline.steps[-1].answered == []
    assert not game.state.combat.any_attackers
    en, fr = _texts(game)
    assert "Alice declares no attackers: no creature under their control can attack.  " \
           "[508.1a]" in en
    assert "Grizzly Bears is tapped: an attacking creature must be untapped.  [508.1a]" in en
    assert "Wall of Wood has defender: it can't attack.  [702.3b]" in en
    assert "Alice ne déclare aucun attaquant\u202f: aucune créature sous son contrôle ne peut " \
           "attaquer." in fr
    assert "Les Grizzlis sont engagés\u202f: une créature attaquante doit être dégagée." in fr
    assert "declares no attackers." not in en  # said once, with its reason


def test_a_declaration_given_when_none_can_attack_is_still_checked():
    """Declaring a creature that can't attack is refused with its rule, even when it is the
    only creature; declaring none is taken as said."""
    game = _board(alice=[("Grizzly Bears", "tired")], bob=[], tired={"tapped": True})
    assert _refused(game, lambda: game.declare_attackers(["tired"])).rule == "508.1a"
    game.declare_attackers([])
    assert game.timeline.steps[-1].answered[0].kind == "attackers"
    assert "Alice declares no attackers." in _texts(game)[0]


def test_no_blockers_question_when_no_creature_can_block():
    """509.1a: Bob's only creature is tapped: nobody asks him; the log says why."""
    game = _board(alice=[("Grizzly Bears", "bears")], bob=[("Grizzly Bears", "b")],
                  b={"tapped": True})
    game.declare_attackers(["bears"])
    game.answerer = _NeverAsked()
    game.next_step("declare_blockers")
    en, fr = _texts(game)
    assert "Bob declares no blockers: no creature under their control can block.  [509.1a]" \
        in en
    assert "Bob ne déclare aucun bloqueur\u202f: aucune créature sous son contrôle ne peut " \
           "bloquer." in fr
    assert game.state.combat.blocked == []


def test_the_action_panel_asks_nothing_when_no_creature_can_attack():
    from mtgrules.widgets.actions import ActionModel
    game = _board(alice=[("Wall of Wood", "wall")], bob=[])
    model = ActionModel(game)
    assert model.perform("declare_attackers") == "done"
    assert model.pending is None
    assert "702.3b" in _texts(game)[0]


# --- no card names in the rules ---------------------------------------------------------------

def test_no_card_name_appears_in_the_combat_code():
    source = Path(mtgrules.__file__).with_name("combat.py").read_text(encoding="utf-8")
    for name in catalog():
        words = re.escape(name)
        assert not re.search(words, source, re.IGNORECASE), name


def test_a_renamed_card_with_the_same_abilities_fights_the_same():
    """A made-up Equipment with The Masamune's abilities: same first strike, same requirement."""
    import dataclasses
    cards = catalog()
    real = cards["The Masamune"]
    face = dataclasses.replace(real.faces[0], name="Practice Sword", name_fr="Épée d'exercice")
    fake = dataclasses.replace(real, faces=(face,))
    game = Game(["alice", "bob"])
    game.add(cards["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.add(fake, "battlefield", "alice", id="sword", attached_to="bears")
    game.add(cards["Grizzly Bears"], "battlefield", "bob", id="b")
    game.start()
    game.declare_attackers(["bears"])
    assert "first strike" in game.view("bears").chars.keywords()
    assert _refused(game, lambda: game.declare_blockers([])).rule == "509.1c"


# --- what a person sees: the action panel and the board ------------------------------------------

def test_the_action_panel_declares_attackers_and_blockers_and_assigns_damage():
    from mtgrules.widgets.actions import ActionModel
    game = _board(alice=[("Boggart Brute", "brute")], bob=[("Grizzly Bears", "b1"),
                                                            ("Grizzly Bears", "b2")])
    model = ActionModel(game)
    assert model.perform("declare_attackers") == "question"
    assert model.pending.kind == "attackers"
    assert [o.key for o in model.pending.options] == ["brute>bob"]
    assert model.answer(["brute>bob"]) == "done"
    assert model.perform("declare_blockers") == "question"
    assert model.pending.kind == "blockers" and model.pending.player == "bob"
    assert model.answer(["b1>brute"]) == "question"  # menace: refused, asked again
    assert "702.111b" in model.message or "menace" in model.message
    assert model.answer(["b1>brute", "b2>brute"]) == "done"
    assert model.perform("combat_damage") == "question"
    assert model.pending.kind == "assign_damage"
    assert model.answer("b1:1+b2:2") == "done"
    assert game.obj("b1").damage == 1 and game.zone("bob", "graveyard") == ["b2"]


def test_the_action_panel_widgets_answer_the_attackers_question():
    from mtgrules.widgets.views import ActionPanel
    game = _board(alice=[("Grizzly Bears", "bears")], bob=[])
    panel = ActionPanel(game, "fr")
    panel.action_select.value = "declare_attackers"
    panel.do_button.click()
    assert "Déclarez les attaquants" in panel.question_prompt.value
    panel.question_inputs[0].value = ("bears>bob",)
    panel.answer_button.click()
    assert game.state.combat.attackers == {"bears": "bob"}


def test_the_board_shows_who_attacks_whom_and_who_blocks_what():
    from mtgrules.draw import board_view
    game = _board(alice=[("Grizzly Bears", "bears")], bob=[("Wall of Wood", "wall")])
    before = board_view(game).source
    game.declare_attackers(["bears"])
    game.declare_blockers({"wall": "bears"})
    en, fr = board_view(game).source, board_view(game, "fr").source
    assert "attacks" not in before and "blocks" not in before
    assert "attacks" in en and "blocks" in en and "attaque" in fr and "bloque" in fr
    assert "declare blockers step" in en
    game.combat_damage()
    game.next_step()
    game.next_step()  # 511.3: combat is over
    assert "attacks" not in board_view(game).source


def test_mtgrules_check_fails_when_a_combat_scenario_fails(monkeypatch, capsys):
    """`mtgrules check` judges the scenarios that cite rules but no ruling too."""
    import argparse

    from mtgrules import check, cli
    results = [load_scenario(p).run() for p in COMBAT[:3]]
    monkeypatch.setattr(check, "run_shipped", lambda: results)
    assert cli._check(argparse.Namespace(json=False)) == 0
    wrong = [c for c in results if not c.scenario.rulings()][0]
    wrong.checks[0].passed = False
    assert cli._check(argparse.Namespace(json=False)) == 1
    assert f"failed: {wrong.scenario.id}" in capsys.readouterr().out
