"""Replacement and prevention effects (614, 615, 616), as the rulings put them.

Each shipped replace-* scenario demonstrates one card; the tests here show the scenarios would
fail if the engine were wrong (an effect applied twice, the order not asked, prevention on
noncombat damage ...), that a card of our own with the same abilities behaves the same, and
that a wrong answer is refused with the rule and leaves the game as it was.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from mtgrules import Game, RulesError, catalog, replacement
from mtgrules.cards import parse_card
from mtgrules.data import Node
from mtgrules.scenarios import load_scenario
from mtgrules.scenarios.runner import fingerprint
from mtgrules.text import Name, render

DATA = Path(__file__).parent.parent / "mtgrules" / "scenarios" / "data"
REPLACE = sorted(DATA.glob("replace-*.yaml"))


def _passed() -> dict[str, bool]:
    return {p.stem: load_scenario(p).run().passed for p in REPLACE}


# The replace-* scenarios (at least 10) pass, read in both languages and catch a wrong
# expectation: tests/test_topic_scenarios.py (TOPICS, AT_LEAST).


def test_the_order_answered_both_ways_gives_both_results() -> None:
    """616.1: Hardened Scales then Doubling Season gives 8, the other order 7."""
    counts = {}
    for order in ("hardened-scales", "doubling-season"):
        game = _scales_and_season()
        game.resolve(answers=[{"replacement": order}])
        counts[order] = game.obj("endless").counters["+1/+1"]
    assert counts == {"hardened-scales": 8, "doubling-season": 7}


def _scales_and_season(scales: str = "Hardened Scales") -> Game:
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(_card(scales) if scales != "Hardened Scales" else cards[scales], "battlefield",
             "alice", id="hardened-scales")
    game.add(cards["Doubling Season"], "battlefield", "alice", id="doubling-season")
    game.add(cards["Endless One"], "hand", "alice", id="endless")
    game.player("alice").mana_pool["G"] = 3
    game.start()
    game.cast("alice", "endless", answers=[{"x": 3}])
    return game


def test_without_the_question_one_order_would_be_imposed(monkeypatch) -> None:
    """If the engine applied the first effect found instead of asking (616.1), the scenarios
    where the order matters would fail (their answer is asked for by no question)."""
    def first(game: Any, event: Any, candidates: list) -> Any:
        return candidates[0]

    monkeypatch.setattr(replacement, "_choose", first)
    failed = sorted(stem for stem, ok in _passed().items() if not ok)
    assert [s[:11] for s in failed] == ["replace-04a", "replace-04b", "replace-05a",
                                        "replace-05b"]


def test_an_effect_applied_more_than_once_is_caught(monkeypatch) -> None:
    """614.5: each effect gets one opportunity. If Parallel Lives could apply again to the
    event it had already modified, replace-06 would not create 8 tokens (nor stop)."""
    word = replacement.WORDS["multiply_tokens"]
    seen: list[int] = []

    def twice(game: Any, c: Any, ev: Any) -> Any:
        seen.append(ev.amount)
        once = word.apply(game, c, ev)
        return word.apply(game, c, once)

    monkeypatch.setitem(replacement.WORDS, "multiply_tokens",
                        dataclasses.replace(word, apply=twice))
    assert not _passed()["replace-06-parallel-lives"]


def test_prevention_of_every_damage_is_caught(monkeypatch) -> None:
    """Fog prevents combat damage only: if its shield ignored 'combat', replace-03 would
    fail (Bob would not take the 2 damage after combat)."""
    word = replacement.WORDS["prevent_damage"]

    def any_damage(game: Any, c: Any, ev: Any) -> bool:
        return word.applies(game, dataclasses.replace(c, params=()), ev)

    monkeypatch.setitem(replacement.WORDS, "prevent_damage",
                        dataclasses.replace(word, applies=any_damage))
    assert not _passed()["replace-03-fog"]


def test_a_creature_exiled_instead_that_still_died_is_caught(monkeypatch) -> None:
    """614.6: the replaced event never happens. If the zone move ignored the replacement,
    Rest in Peace's and Leyline's scenarios would fail."""
    monkeypatch.setattr("mtgrules.zones._destination", lambda game, obj, to, sources: to)
    passed = _passed()
    assert not passed["replace-01-rest-in-peace"]
    assert not passed["replace-02-leyline-of-the-void"]


def test_entering_tapped_after_entering_is_caught(monkeypatch) -> None:
    """614.12: the permanent enters tapped; it doesn't enter untapped and become tapped. If the
    entering replacements were ignored, replace-08 would fail."""
    original = replacement.replace

    def not_entering(game: Any, event: Any, sources: Any = None) -> Any:
        if isinstance(event, replacement.Entering):
            return event
        return original(game, event, sources)

    monkeypatch.setattr("mtgrules.zones.replace", not_entering)
    passed = _passed()
    assert not passed["replace-08-enters-tapped"]
    assert not passed["replace-09-doubling-season-planeswalker"]


# --- a card of our own behaves the same ---------------------------------------------------------

SCALES_TEXT = "If one or more +1/+1 counters would be put on a creature you control, that " \
              "many plus one +1/+1 counters are put on it instead."


def _card(name: str, **extra: Any) -> Any:
    data = {"name": name, "mana_cost": "{G}", "types": ["enchantment"], "abilities": [
        {"kind": "replacement", "text": SCALES_TEXT,
         "static": {"modify_counters": {"filter": {"types": ["creature"], "controller": "you"},
                                        "counter": "+1/+1", "plus": 1}}}]}
    data.update(extra)
    return parse_card(Node(data, "test", 1, "card"))


def test_a_renamed_copy_of_hardened_scales_behaves_the_same() -> None:
    for order, want in (("hardened-scales", 8), ("doubling-season", 7)):
        game = _scales_and_season("Thickened Hide")
        game.resolve(answers=[{"replacement": order}])
        assert game.obj("endless").counters["+1/+1"] == want


# --- refusals and questions ---------------------------------------------------------------------

def test_an_answer_that_is_not_an_applicable_effect_is_refused_with_the_rule() -> None:
    game = _scales_and_season()
    before = fingerprint(game)
    with pytest.raises(RulesError) as err:
        game.resolve(answers=[{"replacement": "endless"}])
    assert err.value.rule == "616.1"
    assert "hardened-scales" in str(err.value) and "doubling-season" in str(err.value)
    assert fingerprint(game) == before


def test_a_copy_effect_applies_first_and_the_copy_loses_enters_tapped() -> None:
    """616.1c, 614.12: a permanent that would enter tapped and may enter as a copy applies the
    copy first; as a copy of Grizzly Bears it no longer has "enters tapped" and enters
    untapped (the 616.1f example of Essence of the Wild and Rusted Sentinel)."""
    card = parse_card(Node({
        "name": "Sleepy Mimic", "mana_cost": "{2}{U}", "types": ["creature"], "power": 1,
        "toughness": 1, "abilities": [
            {"kind": "replacement", "text": "This creature enters tapped.",
             "static": {"enters_tapped": {}}},
            {"kind": "replacement", "text": "You may have this creature enter as a copy of "
             "a creature on the battlefield.",
             "static": {"enter_as_copy": {"optional": True, "choose": {"types": ["creature"]}}}},
        ]}, "test", 1, "card"))
    for answer, tapped in (("bears", False), ("none", True)):
        game = Game(["alice", "bob"])
        game.add(catalog()["Grizzly Bears"], "battlefield", "bob", id="bears")
        game.add(card, "hand", "alice", id="mimic")
        game.start()
        game.put_onto_battlefield("mimic", answers=[{"enter_as_copy": answer}])
        assert game.obj("mimic").tapped is tapped, answer
    assert all(a.kind != "replacement" for s in game.timeline.steps for a in s.answered)


def test_the_order_is_not_asked_when_it_cannot_change_the_result() -> None:
    """Two effects that both double the tokens, or an 'enters tapped' beside 'enters with
    counters', give the same result in any order: nothing to ask (the scenarios stay
    strict without an answer that changes nothing)."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Parallel Lives"], "battlefield", "alice")
    game.add(cards["Doubling Season"], "battlefield", "alice")
    game.add(cards["Raise the Alarm"], "hand", "alice", id="alarm")
    game.player("alice").mana_pool.update({"W": 2})
    game.start()
    game.cast("alice", "alarm")
    game.resolve(answers=[])
    assert len([i for i in game.state.tokens]) == 8


def test_prevention_shields_end_in_the_cleanup_step() -> None:
    """615.3: "this turn" shields are gone once the turn ends."""
    game = Game(["alice", "bob"])
    game.add(catalog()["Fog"], "hand", "alice", id="fog")
    game.player("alice").mana_pool["G"] = 1
    game.start()
    game.cast("alice", "fog")
    game.resolve()
    assert [s.id for s in game.state.shields] == ["fog-shield"]
    game.next_step("end")
    assert game.state.shields
    game.next_step()
    assert game.state.shields == []


def test_a_shield_of_three_is_used_up_across_two_events() -> None:
    """615.7: each 1 damage prevented reduces the shield by 1; at 0 it is gone and the rest is
    dealt."""
    game = Game(["alice", "bob"])
    game.add(catalog()["Healing Salve"], "hand", "bob", id="salve")
    game.player("bob").mana_pool["W"] = 1
    game.start(active="bob")
    game.cast("bob", "salve", answers=[{"mode": 2}, {"targets": ["bob"]}])
    game.resolve()
    game.deal_damage(2, "bob")
    assert game.player("bob").life == 20 and game.state.shields[0].remaining == 1
    game.deal_damage(2, "bob")
    assert game.player("bob").life == 19 and game.state.shields == []


def test_a_token_going_to_a_graveyard_is_exiled_by_rest_in_peace() -> None:
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Rest in Peace"], "battlefield", "alice")
    game.add(cards["Raise the Alarm"], "hand", "bob", id="alarm")
    game.player("bob").mana_pool.update({"W": 2})
    game.start(active="bob")
    game.cast("bob", "alarm")
    game.resolve()
    token = game.state.tokens[0]
    game.destroy(token)
    assert any(e.key == "replaced_exile" for e in game.timeline.steps[-1].entries)
    assert game.obj(token).zone == "gone"  # it went to exile, then ceased to exist (704.5d)



def test_the_event_in_the_order_question_agrees_with_its_count_and_takes_its_article():
    """616.1: the question names the event; a count of one is singular, and a French name
    takes its article (« sur les Grizzlis »), through the messages, never by hand."""
    params = {"n": 1, "counter": "+1/+1", "obj": BEARS}
    assert render("ev_would_put_counters", params, "en") == "1 +1/+1 counter put on Grizzly Bears"
    assert render("ev_would_put_counters", params, "fr") == "1 marqueur +1/+1 mis sur les Grizzlis"
    assert render("ev_would_damage", {"n": 3, "to": Name("bob", "bob", player=True)},
                  "en") == "3 damage to Bob"


def test_prevented_damage_reads_as_french_with_a_plural_source():
    """615: « qui seraient infligées … par les Grizzlis », no « que un effet »."""
    text = render("prevented", {"source": "Fog", "n": 2, "by": BEARS, "to": "Bob"}, "fr")
    assert "2 blessures qui seraient infligées à Bob par les Grizzlis sont prévenues" in text


BEARS = Name("Grizzly Bears", "Grizzlis")
