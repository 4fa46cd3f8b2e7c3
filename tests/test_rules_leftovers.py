"""Rules the kit had left out (session 7), each played out as the rules say, with the narration a
learner reads in English and in French."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

import pytest
from test_probe_rules import PLANESWALKER

from mtgrules.scenarios import parse_scenario


def _step_lines(text: str, index: int, lang: str) -> list[str]:
    result = parse_scenario(text).run()
    assert result.error is None, result.error
    return [e.text(lang) for e in result.game.timeline.steps[index].entries]


# --- 120.3c, 306.8: damage to a planeswalker removes loyalty counters ---------------------------

def test_damage_dealt_to_a_planeswalker_is_told_as_loyalty_counters_removed() -> None:
    """120.3c: Zap deals 2 damage to Ember Sage (loyalty 3): that many loyalty counters are
    removed from it, and the log says so right after the damage, with the rule."""
    text = PLANESWALKER.replace("LOYALTY", "1")
    en, fr = _step_lines(text, 2, "en"), _step_lines(text, 2, "fr")
    i = en.index("Zap (zap) deals 2 damage to Ember Sage (sage).")
    assert en[i + 1] == ("Damage dealt to a planeswalker removes that many loyalty counters: "
                         "2 removed from Ember Sage (sage), 1 left.")
    assert fr[i + 1] == ("Les blessures infligées à un planeswalker lui retirent autant de "
                         "marqueurs «\u202floyauté\u202f»\u202f: 2 retirés du Sage des braises (sage), "
                         "il en reste 1.")
    entry = parse_scenario(text).run().game.timeline.steps[2].entries[i + 1]
    assert entry.rules == ("120.3c", "306.8")


def test_damage_beyond_a_planeswalkers_loyalty_removes_only_the_counters_it_has() -> None:
    """120.3c: 2 damage to a planeswalker with 1 loyalty counter removes that one counter; with
    none left it is put into its owner's graveyard (704.5i)."""
    text = PLANESWALKER.replace("LOYALTY", "0").replace(
        "battlefield: [{card: Ember Sage, id: sage}]",
        "battlefield: [{card: Ember Sage, id: sage, counters: {loyalty: 1}}]")
    en = _step_lines(text, 2, "en")
    assert ("Damage dealt to a planeswalker removes that many loyalty counters: 1 removed "
            "from Ember Sage (sage), 0 left.") in en
    assert any("704.5i" in str(e) or "graveyard" in e for e in en)


def test_combat_damage_to_a_planeswalker_is_told_as_loyalty_counters_removed_too() -> None:
    """510.2, 120.3c: an attacking creature's combat damage to Jace Beleren removes loyalty."""
    from mtgrules.scenarios import scenario_by_id
    steps = scenario_by_id("combat-14-attacking-a-planeswalker").run().game.timeline.steps
    lines = [e.text("en") for s in steps for e in s.entries]
    assert ("Damage dealt to a planeswalker removes that many loyalty counters: 2 removed from "
            "Jace Beleren (jace), 1 left.") in lines


# --- 800.4a: a player who lost a multiplayer game leaves it -------------------------------------

#: A made-up burn spell (its mana cost is a parameter: MANA).
ZAP = """
cards:
  - name: Zap
    name_fr: Zap
    types: [instant]
    mana_cost: "{MANA}"
    abilities:
      - kind: spell
        text: "Zap deals 3 damage to any target."
        targets: [{type: any}]
        effects: [{do: damage, to: target, amount: 3}]
"""

LEAVES = """
title: Bob loses and leaves a game of three
players:
  alice: {mana: "{R}"}
  bob: {life: 2}
  carol: {}
""" + ZAP.replace("MANA", "R").lstrip("\n") + """setup:
  active: alice
  alice:
    hand: [{card: Zap, id: zap}]
    battlefield:
      - {card: Raging Goblin, id: goblin}
      - {card: Llanowar Elves, id: elves, controller: bob}
  bob:
    hand: [{card: Lightning Bolt, id: bob-bolt-2}]
    battlefield:
      - {card: Grizzly Bears, id: bob-bears}
      - {card: Blood Artist, id: artist}
      - {card: Control Magic, id: magic, attached_to: carol-bears}
    graveyard: [{card: Grizzly Bears, id: old-bears}]
    stack: [{card: Lightning Bolt, id: bob-bolt}]
  carol:
    battlefield: [{card: Grizzly Bears, id: carol-bears}]
  stack:
    - {id: S1, kind: spell, controller: bob, source_id: bob-bolt,
       ability: {"!ability": Lightning Bolt}, targets: [[player:alice]]}
    - {id: S2, kind: triggered, controller: bob, source_id: artist,
       ability: {"!ability": Blood Artist}, targets: [[player:carol]]}
  effects:
    - {modification: {control: bob}, objects: [[goblin, 0]], timestamp: 20, controller: bob,
       duration: end_of_turn}
  priority: alice
script:
  - cast: zap
    answers: [{targets: [bob]}]
  - resolve: 1
"""


def _left_game():
    result = parse_scenario(LEAVES).run()
    assert result.error is None, result.error
    return result.game


def test_a_player_who_loses_a_game_of_three_leaves_it_with_everything_they_own() -> None:
    """800.4a: Bob loses (704.5a) while Alice and Carol play on: every object Bob owns leaves
    the game with him (his permanents, the card of his spell on the stack, his hand and
    graveyard), so Control Magic no longer gives him Carol's Bears."""
    game = _left_game()
    state = game.state
    assert state.lost == ("bob",) and not state.game_over
    for obj in ("bob-bears", "artist", "magic", "bob-bolt", "bob-bolt-2", "old-bears"):
        assert state.objects[obj].zone == "gone", obj
    assert state.ids_in(None, "battlefield") == ["goblin", "carol-bears"]
    assert state.ids_in("bob", "hand") == [] and state.ids_in("bob", "graveyard") == []
    from mtgrules.characteristics import compute
    assert compute(state, "carol-bears").controller == "carol"


def test_effects_giving_the_player_control_end_and_what_they_still_control_is_exiled() -> None:
    """800.4a: the effect that gave Bob Alice's Goblin ends, so the Goblin is Alice's again;
    Alice's Elves, still controlled by Bob with no effect to end, are exiled. Bob's spell and
    triggered ability on the stack are gone: the stack is empty."""
    game = _left_game()
    state = game.state
    from mtgrules.characteristics import compute
    assert compute(state, "goblin").controller == "alice"
    assert not any(e.modification.control for e in state.effects)
    assert state.objects["elves"].zone == "exile"
    assert state.stack == []


def test_the_player_who_left_is_out_of_turn_order_priority_and_choices() -> None:
    """800.4a, 800.4k, 102.1: after Bob left, "each opponent" of Alice is Carol only, Bob can't
    be targeted, the turn after Alice's is Carol's."""
    game = _left_game()
    state = game.state
    assert state.player_order() == ["alice", "carol"]
    assert state.priority == "alice"
    game.next_step("cleanup")
    game.next_step()
    assert game.state.active == "carol"


def test_leaving_the_game_is_told_in_both_languages() -> None:
    """The log says Bob leaves the game and what leaves with him, citing 800.4a."""
    game = _left_game()
    step = game.timeline.steps[-1]
    en = [e.text("en") for e in step.entries]
    fr = [e.text("fr") for e in step.entries]
    i = en.index("Bob has lost and leaves the game; the others play on.")
    assert fr[i] == "Bob a perdu et quitte la partie\u202f; les autres joueurs continuent."
    assert step.entries[i].rules == ("800.4a", "104.2a")
    assert "Control Magic (magic) leaves the game with its owner." in en
    assert "La Magie de contrôle (magic) quitte la partie avec son propriétaire." in fr
    assert "S2 (Blood Artist) ceases to exist: its controller left the game." in en
    assert "Llanowar Elves (elves) moves from the battlefield to exile." in en


def test_in_a_two_player_game_the_loser_does_not_leave_the_board() -> None:
    """104.2a: with two players the game is over when one loses; the kit keeps the board to
    look at: nothing leaves."""
    text = PLANESWALKER.replace("LOYALTY", "1")
    game = parse_scenario(text.replace("players: [alice, bob]",
                                       "players:\n  alice: {}\n  bob: {life: 2}")
                          .replace("answers: [{targets: [sage]}]",
                                   "answers: [{targets: [bob]}]")).run().game
    assert game.state.lost == ("bob",) and game.state.game_over
    assert game.state.objects["sage"].zone == "battlefield"


def test_a_stack_written_without_a_record_goes_on_from_its_highest_id() -> None:
    """A set-up's stack lists S1 and S2 and no `record.next_stack_id`: the spell cast next is
    S3. It was a second S1, so "S1 resolves" named two objects."""
    game = parse_scenario(LEAVES.replace("  - resolve: 1\n", "")).run().game
    assert [i.id for i in game.state.stack] == ["S1", "S2", "S3"]


def test_a_player_who_left_cant_be_targeted_and_the_moment_saves_and_loads_back() -> None:
    """A player who left is no longer a legal target (115.1: targets are in the game); the
    moment after leaving is saved as a set-up and read back exactly (saving.py)."""
    from mtgrules.errors import RulesError
    from mtgrules.scenarios.runner import fingerprint

    game = _left_game()
    text = game.to_scenario(len(game.timeline.steps) - 1)
    again = parse_scenario(text).new_game()
    assert fingerprint(again) == fingerprint(game)
    assert again.state.objects["bob-bears"].zone == "gone"
    assert again.state.player_order() == ["alice", "carol"]
    bolt = LEAVES.replace("hand: [{card: Zap, id: zap}]",
                          "hand: [{card: Zap, id: zap}, {card: Lightning Bolt, id: bolt}]") \
        .replace('alice: {mana: "{R}"}', 'alice: {mana: "{R}{R}"}')
    game = parse_scenario(bolt).run().game
    with pytest.raises(RulesError, match="'bob' is not a legal answer"):
        game.cast("alice", "bolt", answers=[{"targets": ["bob"]}])
    game.cast("alice", "bolt", answers=[{"targets": ["carol"]}])


# --- 615.7: one shield split across two sources dealing damage at once ---------------------------

def _shield(answer: str):
    from test_probe_combat import SHIELD, _play
    return _play(SHIELD.replace("{shield_order: [%s]}", "{shield_order: %s}")
                 % ("Venom Newt", "newt", "Hill Brute", "brute", answer))


def test_a_shield_of_2_may_prevent_1_of_each_sources_damage() -> None:
    """615.7: "the player or the controller of the permanent chooses which damage the shield
    prevents": not only whose damage first, any split. A shield of 2 meets Venom Newt's 2
    (deathtouch) and Hill Brute's 3 at once; Alice may have it prevent 1 of each: the Ox is
    dealt 1 by the Newt (deathtouch: it dies, 704.5h) and 2 by the Brute."""
    result = _shield("{newt: 1, brute: 1}")
    assert result.error is None, result.error
    game = result.game
    lines = [e.text("en") for e in game.timeline.steps[-1].entries]
    assert "Venom Newt (newt) deals 1 damage to Tusked Ox (ox)." in " ".join(lines) or any(
        "Venom Newt" in line and "1 damage" in line for line in lines), lines
    assert game.state.objects["ox"].zone == "graveyard"
    split = [e for e in game.timeline.steps[-1].entries if e.key == "shield_split"]
    assert [e.rules for e in split] == [("615.7",)]
    assert split[0].text("en") == ("Alice has the prevention effect on Tusked Ox (ox) prevent "
                                   "1 of the damage of Venom Newt (newt) and 1 of the damage "
                                   "of Hill Brute (brute).")


def test_a_split_the_shield_cant_make_is_refused_naming_615_7() -> None:
    """615.7: the shield prevents exactly as much as it can (here 2 of 5): a split of 3, or of
    more than a source deals, is refused, in both languages."""
    from mtgrules.errors import ScenarioError
    for answer in ("{newt: 2, brute: 1}", "{newt: 0, brute: 1}", "{newt: 3}"):
        result = _shield(answer)
        assert result.refusal is not None, answer
        action, err = result.refusal
        assert err.rule == "615.7" and "2 in all" in err.message, (answer, err.message)
        assert "2 en tout" in err.message_fr
        assert result.game.state.objects["ox"].damage == 0  # the game is left as it was
    with pytest.raises(ScenarioError, match="'bob' is not an object"):
        _shield("{bob: 2}")  # (a file is refused as it is read: file, line, field)


def test_a_shield_order_still_reads_as_its_split() -> None:
    """The order [newt, brute] is the split that gives the Newt's damage the shield first."""
    game = _shield("[newt, brute]").game
    assert game.state.objects["ox"].zone == "battlefield"
    assert game.state.objects["ox"].damage == 3


# --- 514.3a: a second cleanup step ----------------------------------------------------------------

CLEANUP = """
title: A creature dies in the cleanup step
players: [alice, bob]
cards:
  - name: Ember Husk
    name_fr: Carcasse de braise
    grammar_fr: la
    mana_cost: "{1}{R}"
    types: [creature]
    subtypes: [elemental]
    power: 2
    toughness: 2
    abilities:
      - kind: triggered
        text: "When this creature dies, it deals 1 damage to any target."
        text_fr: "Quand cette créature meurt, elle inflige 1 blessure à n'importe quelle cible."
        trigger: {event: dies, subject: self}
        targets: [{type: any}]
        effects: [{do: damage, to: target, amount: 1}]
setup:
  active: alice
  step: end
  alice:
    battlefield: [{card: Ember Husk, id: husk, counters: {"-1/-1": 2}}]
  bob:
    battlefield: [{card: Grizzly Bears, id: bears}]
  effects:
    - {modification: {power: 2, toughness: 2}, objects: [[husk, 0]], timestamp: 8,
       controller: alice, duration: end_of_turn}
script:
  - next_step: true
    answers: [{targets: [bears]}]
  - resolve: 1
  - next_step: true
"""


def _cleanup_game():
    result = parse_scenario(CLEANUP).run()
    assert result.error is None, result.error
    return result.game


def test_a_creature_that_dies_in_the_cleanup_step_gives_players_priority_there() -> None:
    """514.3a: the pump ends in the cleanup step (514.2), Ember Husk is 0/0 and dies (704.5f):
    a state-based action was performed and its ability triggered, so the active player gets
    priority in the cleanup step; the turn doesn't end yet."""
    game = _cleanup_game()
    first = game.timeline.steps[1]
    assert first.state.step == "cleanup" and first.state.turn == 1
    assert first.state.priority == "alice"
    assert [i.source_id for i in first.state.stack] == ["husk"]
    assert any(e.key == "cleanup_priority" and "514.3a" in e.rules for e in first.entries)


def test_once_all_pass_another_cleanup_step_begins_and_removes_the_damage_dealt() -> None:
    """514.3a: the trigger dealt 1 damage to the Bears during the cleanup step; when all
    players pass with an empty stack another cleanup step begins, whose 514.2 removes that
    damage; then Bob's turn begins."""
    game = _cleanup_game()
    assert game.timeline.steps[2].state.objects["bears"].damage == 1
    last = game.timeline.steps[3]
    en = [e.text("en") for e in last.entries]
    fr = [e.text("fr") for e in last.entries]
    i = next(k for k, e in enumerate(last.entries) if e.key == "cleanup_again")
    assert last.entries[i].rules == ("514.3a",)
    assert en[i] == "Another cleanup step begins (players received priority in this one)."
    assert fr[i] == ("Une autre étape de nettoyage commence (les joueurs ont reçu la priorité "
                     "pendant celle-ci).")
    state = last.state
    assert state.objects["bears"].damage == 0 and state.active == "bob"


def test_a_cleanup_step_where_nothing_happens_ends_the_turn() -> None:
    """514.3: normally no player receives priority in the cleanup step: the turn ends."""
    game = parse_scenario(CLEANUP.replace('counters: {"-1/-1": 2}', "counters: {}").replace(
        "  - next_step: true\n    answers: [{targets: [bears]}]\n  - resolve: 1\n"
        "  - next_step: true\n", "  - next_step: true\n")).run().game
    assert game.state.active == "bob"
    assert not any(e.key == "cleanup_again" for s in game.timeline.steps for e in s.entries)


# --- 603.7b: a delayed ability whose event happens several times at once --------------------------

TWIN_OMEN = """
name: Twin Omen
name_fr: Présage jumeau
mana_cost: "{B}"
types: [instant]
abilities:
  - kind: spell
    text: "Choose two target creatures. When one of them dies, you gain 3 life."
    targets: [{type: creature, min: 2, max: 2}]
    effects:
      - {do: delayed_trigger, at: that_object_dies, refers_to: target THIS_TURN
         effects: [{do: gain_life, who: you, amount: 3}]}
"""


def _omen_game(this_turn: bool = False):
    from scenario_text import card_def

    from mtgrules import Game, catalog
    from mtgrules.mana import parse_pool

    omen = card_def(TWIN_OMEN.replace(" THIS_TURN", ", this_turn: true," if this_turn else ","))
    game = Game(["alice", "bob"])
    game.add(omen, "hand", "alice", id="omen")
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.add(catalog()["Llanowar Elves"], "battlefield", "bob", id="elves")
    game.player("alice").mana_pool.update(parse_pool("{B}"))
    game.start()
    game.cast("alice", "omen", answers=[{"targets": ["bears", "elves"]}])
    game.resolve()
    assert len(game.state.delayed) == 1
    return game


def test_a_delayed_ability_whose_event_happens_twice_at_once_triggers_once_for_the_event_chosen():
    """603.7b: "When one of them dies" has no stated duration: the Bears and the Elves die at
    once, so it triggers once, and its controller, Alice, chooses which death caused it."""
    game = _omen_game()
    game.destroy("bears", "elves", answers=[{"delayed_event": "elves"}])
    step = game.timeline.steps[-1]
    asked = [a for a in step.answered if a.kind == "delayed_event"]
    assert [(a.player, a.options) for a in asked] == [("alice", ("bears", "elves"))]
    lines = [e.text("en") for e in step.entries if e.key == "delayed_triggers"]
    assert len(lines) == 1 and "Llanowar Elves (elves) died" in lines[0], lines
    assert "603.7b" in [e for e in step.entries if e.key == "delayed_triggers"][0].rules
    assert game.state.delayed == [] and len(game.state.stack) == 1


def test_with_a_stated_duration_it_triggers_for_each_event() -> None:
    """603.7b: "When one of them dies this turn" has a stated duration: each death triggers it,
    and it waits until the turn ends (514.2)."""
    game = _omen_game(this_turn=True)
    game.destroy("bears", "elves")
    step = game.timeline.steps[-1]
    assert sum(e.key == "delayed_triggers" for e in step.entries) == 2
    assert not [a for a in step.answered if a.kind == "delayed_event"]
    assert len(game.state.delayed) == 1


def test_combat_damage_to_a_player_who_left_is_not_assigned() -> None:
    """800.4e: Carol's Bears attack Bob; Bob loses (and leaves) before combat damage: the
    Bears' damage isn't assigned to him, and the log says so."""
    text = """
title: Bob leaves during combat
players:
  alice: {}
  bob: {life: 2}
  carol: {}
""" + ZAP.replace("MANA", "G").lstrip("\n") + """setup:
  active: carol
  step: main1
  alice:
    hand: [{card: Zap, id: zap}]
    battlefield: [Forest]
  carol:
    battlefield: [{card: Grizzly Bears, id: carol-bears}]
script:
  - declare_attackers: {carol-bears: bob}
  - declare_blockers: []
  - pass: carol
  - cast: zap
    by: alice
    answers: [{targets: [bob]}]
  - resolve: 1
  - combat_damage: true
"""
    result = parse_scenario(text).run()
    assert result.error is None, result.error
    step = result.game.timeline.steps[-1]
    en = [e.text("en") for e in step.entries]
    assert "Grizzly Bears (carol-bears) assigns no combat damage to Bob, who left the game." in en, en
    assert not any(e.key == "combat_damage" for e in step.entries)


def test_a_game_a_player_left_replays_and_undoes_exactly() -> None:
    """Leaving is part of the recorded game: replaying gives the same game, each step's state
    rebuilt is the state played, undoing every step gives back the set-up."""
    from mtgrules.scenarios.runner import fingerprint

    result = parse_scenario(LEAVES.replace("  - resolve: 1\n", "  - resolve: 1\n"
                                           "  - next_step: true\n")).run()
    game = result.game
    assert fingerprint(game.replay()) == fingerprint(game)
    setup = fingerprint(parse_scenario(LEAVES).new_game())
    while len(game.timeline.steps) > 1:
        game.undo()
    assert fingerprint(game) == setup
