"""Delayed triggered abilities (603.7) and copies of a spell that has left the stack (707.10,
608.2h): the delayed-* scenarios pass, and each fails when the engine breaks the rule it shows
(the checks every topic shares, a wrong expectation failing, are in test_topic_scenarios.py)."""

from __future__ import annotations

import dataclasses

import pytest

from mtgrules import Game, catalog, instructions, references, triggers
from mtgrules.scenarios import load_scenario, scenario_by_id, shipped_scenarios

SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith("delayed-")]


def _passes(scenario_id: str) -> bool:
    return scenario_by_id(scenario_id).run().passed


def test_there_are_delayed_scenarios():
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_each_scenario_passes(path):
    assert load_scenario(path).run().passed


def test_a_delayed_ability_that_kept_waiting_is_caught(monkeypatch):
    """603.7b: it triggers only once. An engine that left it waiting fails delayed-01."""
    def trigger_and_keep(game, event):
        waiting = list(game.state.delayed)
        original(game, event)
        game.state.delayed = waiting
    original = triggers._delayed_triggers
    monkeypatch.setattr(triggers, "_delayed_triggers", trigger_and_keep)
    assert not _passes("delayed-01-kiki-jiki")


def test_finding_a_new_object_is_caught(monkeypatch):
    """603.7c, 400.7: an engine that followed the card out of exile into the graveyard (by its
    id, forgetting it is a new object) fails delayed-04."""
    def by_id(game, refs):
        return [game.state.objects[r.id] for r in refs if r.id in game.state.objects]
    monkeypatch.setattr(references, "_still_there", by_id)
    assert not _passes("delayed-04-the-card-left-exile")


def test_returning_under_the_controller_instead_of_the_owner_is_caught(monkeypatch):
    """"Under its owner's control": an engine that put Bob's Bears under the control of the
    delayed ability's controller fails delayed-02."""
    handler = instructions.HANDLERS["put_onto_battlefield"]
    monkeypatch.setitem(instructions.HANDLERS, "put_onto_battlefield",
                        lambda g, item, p: handler(g, item, {**p, "under": "you"}))
    assert not _passes("delayed-02-flickerwisp")


def test_forgetting_the_counter_it_enters_with_is_caught(monkeypatch):
    """614.1c: "with a +1/+1 counter on it". Without it delayed-03 fails."""
    handler = instructions.HANDLERS["put_onto_battlefield"]
    monkeypatch.setitem(instructions.HANDLERS, "put_onto_battlefield",
                        lambda g, item, p: handler(g, item, {k: v for k, v in p.items()
                                                             if k != "counter"}))
    assert not _passes("delayed-03-otherworldly-journey-in-the-end-step")


def test_a_step_that_backs_up_is_caught(monkeypatch):
    """513.2: created during an end step, it waits for the next turn's. An engine that let it
    trigger as the cleanup step begins (the current end step "backing up") fails delayed-03."""
    from mtgrules import turns
    original = turns._cleanup

    def cleanup_fires(game):
        triggers.fire(game, [triggers.StepBegins(step="beginning_of_end_step",
                                                 player=game.state.active)])
        original(game)
    monkeypatch.setattr(turns, "_cleanup", cleanup_fires)
    assert not _passes("delayed-03-otherworldly-journey-in-the-end-step")


def test_a_renamed_copy_of_kiki_jiki_behaves_the_same():
    """No card name in the engine: a made-up card with Kiki-Jiki's abilities does the same."""
    kiki = catalog()["Kiki-Jiki, Mirror Breaker"]
    face = dataclasses.replace(kiki.faces[0], name="Mirror Goblin", name_fr="Gobelin miroir")
    twin = dataclasses.replace(kiki, faces=(face,))
    game = Game(["alice", "bob"])
    game.add(twin, "battlefield", "alice", id="goblin")
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="bears")
    game.start()
    game.activate("alice", "goblin", answers=[{"targets": ["bears"]}])
    game.resolve()
    assert [d.source_id for d in game.state.delayed] == ["goblin"]
    token = game.state.delayed[0].objects[0].id
    game.next_step("end", answers=[{"attackers": []}])
    game.resolve()
    assert game.state.objects[token].zone == "gone"
    assert not game.state.delayed


def test_a_delayed_ability_is_refused_without_its_event_or_effects():
    """603.7: a card whose delayed ability says neither when nor what is refused as it is read,
    naming the file's field."""
    from mtgrules.abilities import parse_ability
    from mtgrules.data import Node
    with pytest.raises(ValueError, match="needs 'at'"):
        parse_ability(Node({"kind": "spell", "effects": [
            {"do": "delayed_trigger", "effects": [{"do": "draw"}]}]}))
    with pytest.raises(ValueError, match="refers_to"):
        parse_ability(Node({"kind": "spell", "effects": [
            {"do": "delayed_trigger", "at": "next_end_step",
             "effects": [{"do": "sacrifice", "what": "that_object"}]}]}))
    with pytest.raises(ValueError, match="next_end_step"):
        parse_ability(Node({"kind": "spell", "effects": [
            {"do": "delayed_trigger", "at": "tomorrow", "effects": [{"do": "draw"}]}]}))


def test_forgetting_a_spell_that_left_the_stack_is_caught(monkeypatch):
    """608.2h, 707.10: "copy that spell" copies the countered spell as it last existed. An
    engine that forgot it (copying only what is still on the stack) fails delayed-05."""
    from mtgrules.objects import State
    monkeypatch.setattr(State, "note_left_stack", lambda self, item: None)
    assert not _passes("delayed-05-copy-a-countered-spell")


def test_a_spell_that_left_the_stack_is_kept_only_while_remembered():
    """The last known information of a countered spell is kept while the "copy that spell"
    ability waits, and dropped once it has resolved: no record grows with the game."""
    game = scenario_by_id("delayed-05-copy-a-countered-spell").run().game
    kept = [s.state.left_stack for s in game.timeline.steps]
    assert any("S1" in k for k in kept)
    assert game.state.left_stack == {}


def test_declining_to_put_a_card_from_the_hand_puts_nothing():
    """"You may put a creature card from your hand": saying no leaves the hand as it was; the
    delayed triggered ability is still created, referring to nothing (603.7c)."""
    game = Game(["alice", "bob"])
    game.add(catalog()["Sneak Attack"], "battlefield", "alice", id="sneak")
    game.add(catalog()["Colossal Dreadmaw"], "hand", "alice", id="dreadmaw")
    game.state.players["alice"].mana_pool["R"] += 1  # set-up, before the game starts
    game.start()
    game.activate("alice", "sneak")
    game.resolve(answers=[{"put_from_hand": "none"}])
    assert game.state.ids_in("alice", "hand") == ["dreadmaw"]
    assert [d.objects for d in game.state.delayed] == [()]


# --- delayed triggered abilities waiting for an event of the object they refer to ---------------

LAST_GIFT = """
name: Last Gift
name_fr: Dernier Don
mana_cost: "{B}"
types: [instant]
abilities:
  - kind: spell
    text: "Target creature gets +2/+0 until end of turn. When that creature dies this turn,
      draw a card."
    targets: [{type: creature}]
    effects:
      - {do: pump, what: target, power: 2, toughness: 0}
      - {do: delayed_trigger, at: that_object_dies, refers_to: target, this_turn: true,
         effects: [{do: draw, amount: 1}]}
"""


def _gift_game() -> Game:
    """Alice casts Last Gift on Bob's Grizzly Bears and it resolves: D1 waits for the Bears."""
    from scenario_text import card_def

    from mtgrules.mana import parse_pool

    gift = card_def(LAST_GIFT)
    game = Game(["alice", "bob"])
    game.add(gift, "hand", "alice", id="gift")
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="bears")
    game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="other")
    game.player("alice").mana_pool.update(parse_pool("{B}"))
    game.start()
    game.cast("alice", "gift", answers=[{"targets": ["bears"]}])
    game.resolve()
    assert [d.id for d in game.state.delayed] == ["D1"]
    return game


def _delayed_triggered(game: Game) -> int:
    return sum(e.key == "delayed_triggers" for e in game.timeline.steps[-1].entries)


def test_a_delayed_ability_triggers_when_the_object_it_refers_to_dies():
    """603.7c: "When that creature dies this turn, draw a card": it waited for an event of
    the Bears, not for a step; it triggers and its controller draws. "This turn" is a stated
    duration (603.7b): it goes on waiting until the turn ends (the Bears, a new object once
    dead, can't make it trigger again)."""
    game = _gift_game()
    game.destroy("other")
    assert _delayed_triggered(game) == 0 and len(game.state.delayed) == 1  # not that creature
    game.destroy("bears")
    assert _delayed_triggered(game) == 1 and [d.id for d in game.state.delayed] == ["D1"]
    assert game.stack[0].source_id == "gift" and game.stack[0].controller == "alice"
    game.resolve()
    assert any(e.key.startswith("draw") and e.get("player") == "alice"
               for e in game.timeline.steps[-1].entries)


def test_a_new_object_is_not_the_one_it_refers_to():
    """400.7, 603.7c: the Bears blinked (exiled and returned) are a new object; when they die,
    the delayed ability doesn't trigger. Leaving by exile is not dying either."""
    game = _gift_game()
    game.exile("bears")
    game.put_onto_battlefield("bears")
    game.destroy("bears")
    assert _delayed_triggered(game) == 0 and len(game.state.delayed) == 1


def test_this_turn_ends_at_cleanup_and_the_log_says_so():
    """603.7b, 514.2: "this turn" is a stated duration: the ability ends with the turn, and
    the Bears dying next turn trigger nothing."""
    game = _gift_game()
    game.next_step(to="cleanup")
    assert game.state.delayed == []
    ended = [e for s in game.timeline.steps for e in s.entries if e.key == "delayed_ends"]
    assert len(ended) == 1 and "lasted only this turn" in ended[0].text("en")
    assert "ne durait que ce tour-ci" in ended[0].text("fr")


def test_an_object_event_needs_what_it_refers_to():
    from mtgrules.abilities import parse_characteristics
    from mtgrules.data import Node
    from mtgrules.errors import ScenarioError

    spec = {"name": "X", "types": ["instant"], "abilities": [
        {"kind": "spell", "effects": [{"do": "delayed_trigger", "at": "that_object_dies",
                                       "effects": [{"do": "draw", "amount": 1}]}]}]}
    with pytest.raises(ScenarioError, match="refers_to"):
        parse_characteristics(Node(spec))
