"""Replacement rules beyond one effect per event: self-replacement effects applied first
(614.15, 616.1a), and the scenarios that show them failing when the engine is wrong.

Each test breaks one rule in the engine and shows which shipped scenario catches it, or plays a
card of our own with the same abilities as a catalog card and gets the same result.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from mtgrules import Game, catalog, replacement
from mtgrules.cards import parse_card
from mtgrules.data import Node
from mtgrules.scenarios import load_scenario

DATA = Path(__file__).parent.parent / "mtgrules" / "scenarios" / "data"


def _failing(prefixes: tuple[str, ...]) -> list[str]:
    paths = sorted(p for p in DATA.glob("replace-*.yaml") if p.stem.startswith(prefixes))
    assert len(paths) == len(prefixes), paths
    return sorted(p.stem[:10] for p in paths if not load_scenario(p).run().passed)


SELF = ("replace-13", "replace-14", "replace-17")


# --- self-replacement effects (614.15, 616.1a) -----------------------------------------------

def test_the_self_replacement_scenarios_pass() -> None:
    assert _failing(SELF) == []


def test_a_self_replacement_ranked_with_the_others_is_caught(monkeypatch) -> None:
    """616.1a: if a self-replacement effect were one choice among the others, the player would
    be asked (the order changes the result) and the strict scenarios give no answer."""
    word = dataclasses.replace(replacement.WORDS["instead"], rank=replacement.ANY)
    monkeypatch.setitem(replacement.WORDS, "instead", word)
    assert _failing(SELF) == list(SELF)


def test_a_self_replacement_applied_last_is_caught(monkeypatch) -> None:
    """Applied after Furnace of Rath or Doubling Season, "4 damage instead" / "five tokens
    instead" would undo the doubling: 4 damage, 5 tokens."""
    word = dataclasses.replace(replacement.WORDS["instead"], rank=replacement.ANY + 1)
    monkeypatch.setitem(replacement.WORDS, "instead", word)
    assert _failing(SELF) == list(SELF)


def test_a_self_replacement_ignored_is_caught(monkeypatch) -> None:
    monkeypatch.setattr(replacement, "_self_replacement", lambda game, event: [])
    assert _failing(SELF) == list(SELF)


def _burst(name: str) -> Any:
    """A card of our own with Burst Lightning's abilities."""
    return parse_card(Node({
        "name": name, "mana_cost": "{R}", "types": ["instant"], "abilities": [
            {"kind": "static", "text": "Kicker {4}",
             "static": {"additional_cost": {"mana": "{4}", "optional": True}}},
            {"kind": "spell", "text": f"{name} deals 2 damage to any target. If this spell "
             "was kicked, it deals 4 damage instead.", "targets": [{"type": "any"}],
             "effects": [{"do": "damage", "to": "target", "amount": 2,
                          "instead": {"if": {"kicked": True}, "amount": 4}}]}]},
        "test", 1, "card"))


@pytest.mark.parametrize("card", ["Burst Lightning", "Sparkburst"])
@pytest.mark.parametrize("kicked, life", [(True, 12), (False, 16)])
def test_a_card_of_our_own_with_a_self_replacement_behaves_the_same(card: str, kicked: bool,
                                                                   life: int) -> None:
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Furnace of Rath"], "battlefield", "alice", id="furnace")
    game.add(cards[card] if card in cards else _burst(card), "hand", "alice", id="burst")
    game.player("alice").mana_pool.update({"R": 1, "C": 4})
    game.start()
    game.cast("alice", "burst", answers=[{"additional_cost": "yes" if kicked else "no"},
                                         {"targets": ["bob"]}])
    game.resolve()
    assert game.player("bob").life == life


def test_a_self_replacement_replaces_only_its_own_effect_event() -> None:
    """614.15: the kicker's "4 damage instead" is part of the damage instruction: the life that
    lifelink would make the spell's controller gain is another event, and a later spell's
    damage is not the kicked spell's."""
    card = parse_card(Node({
        "name": "Draining Spark", "mana_cost": "{R}", "types": ["instant"],
        "abilities": [
            {"kind": "static", "text": "Kicker {4}",
             "static": {"additional_cost": {"mana": "{4}", "optional": True}}},
            {"kind": "spell", "text": "Deals 2 damage to any target and you gain 1 life. If "
             "this spell was kicked, it deals 4 damage instead.", "targets": [{"type": "any"}],
             "effects": [{"do": "damage", "to": "target", "amount": 2,
                          "instead": {"if": {"kicked": True}, "amount": 4}},
                         {"do": "gain_life", "amount": 1}]}]}, "test", 1, "card"))
    game = Game(["alice", "bob"])
    game.add(card, "hand", "alice", id="spark")
    game.player("alice").mana_pool.update({"R": 1, "C": 4})
    game.start()
    game.cast("alice", "spark", answers=[{"additional_cost": "yes"}, {"targets": ["bob"]}])
    game.resolve()
    assert (game.player("bob").life, game.player("alice").life) == (16, 21)
    assert game.self_replacement is None


# --- draws (121, 614.11, 614.6, 616.2) ---------------------------------------------------------

DRAWS = ("replace-15", "replace-16")


def test_the_draw_scenarios_pass() -> None:
    assert _failing(DRAWS) == []


def test_a_replaced_draw_that_still_happened_is_caught(monkeypatch) -> None:
    """614.6: if the draw Notion Thief replaces still happened, Alice would draw and Underworld
    Dreams would trigger for it."""
    word = replacement.WORDS["replace_draw"]

    def and_draw_anyway(game: Any, c: Any, ev: Any) -> Any:
        word.apply(game, c, ev)
        return ev

    monkeypatch.setitem(replacement.WORDS, "replace_draw",
                        dataclasses.replace(word, apply=and_draw_anyway))
    assert _failing(DRAWS) == list(DRAWS)


def test_an_effect_applied_again_to_the_draws_it_made_is_caught(monkeypatch) -> None:
    """614.5: if the effects already applied were forgotten for the draws a replacement makes,
    two Notion Thieves would hand the draw back and forth without end."""
    apply = replacement._apply

    def forgetful(game: Any, chosen: Any, event: Any, used: frozenset[str]) -> Any:
        return apply(game, chosen, event, frozenset())

    monkeypatch.setattr(replacement, "_apply", forgetful)
    with pytest.raises(RecursionError):
        load_scenario(next(DATA.glob("replace-16-*.yaml"))).run()


def test_draws_counted_as_a_whole_are_caught(monkeypatch) -> None:
    """121.2: "draw two cards" is two draws, each replaced on its own; replaced as one event,
    Bob would draw one card for Alice's two."""
    def one_draw(game: Any, player: str, n: int, rule: str = "121.1") -> None:
        if n > 0:
            draw_card(game, player, rule)

    from mtgrules import effects
    from mtgrules.zones import draw_card
    monkeypatch.setattr(effects, "draw_cards", one_draw)
    assert _failing(DRAWS) == list(DRAWS)


def _thief(name: str) -> Any:
    return parse_card(Node({
        "name": name, "mana_cost": "{2}{U}{B}", "types": ["creature"], "power": 3,
        "toughness": 1, "abilities": [
            {"kind": "replacement", "text": "If an opponent would draw a card except the first "
             "one they draw in each of their draw steps, instead that player skips that draw "
             "and you draw a card.",
             "static": {"replace_draw": {"who": "opponent", "except_first_in_draw_step": True,
                                         "effects": [{"do": "draw", "who": "you",
                                                      "amount": 1}]}}}]},
        "test", 1, "card"))


@pytest.mark.parametrize("thief", ["Notion Thief", "Idea Pilferer"])
def test_a_draw_is_replaced_even_from_an_empty_library(thief: str) -> None:
    """121.6a, 614.11: Alice's library is empty; the draw is replaced all the same and Bob
    draws. A card of our own with Notion Thief's ability does the same."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards[thief] if thief in cards else _thief(thief), "battlefield", "bob",
             id="thief")
    game.add(cards["Divination"], "hand", "alice", id="divination")
    game.add(cards["Island"], "library", "bob", id="island")
    game.add(cards["Island"], "library", "bob", id="island-2")
    game.player("alice").mana_pool.update({"U": 1, "C": 2})
    game.start()
    game.cast("alice", "divination")
    game.resolve()
    assert (len(game.zone("bob", "hand")), len(game.zone("bob", "library"))) == (2, 0)
    assert not any(e.key == "draw_from_empty_library" for e in game.timeline[-1].entries)


# --- entering as it would exist on the battlefield (614.12) -----------------------------------

def test_the_entering_scenario_passes() -> None:
    assert _failing(("replace-18",)) == []


def test_an_entering_permanent_seen_without_the_continuous_effects_is_caught(monkeypatch) -> None:
    """614.12: looked at with its card's values only, Strionic Resonator would not be a creature
    and would enter untapped in spite of Authority of the Consuls."""
    from mtgrules.characteristics import View

    def card_only(game: Any, ev: Any) -> Any:
        obj = game.obj(ev.object)
        return View(id=obj.id, zcc=obj.zcc + 1, zone="battlefield", owner=obj.owner,
                    controller=ev.controller, chars=replacement.would_be(game, ev),
                    is_token=obj.is_token, tapped=ev.tapped, entered_turn=game.state.turn)

    monkeypatch.setattr(replacement, "entering_view", card_only)
    assert _failing(("replace-18",)) == ["replace-18"]


def test_the_trial_view_of_an_entering_permanent_leaves_the_game_untouched() -> None:
    """The permanent is worked out on a trial state (614.12): the game's own objects and zones
    are the same before and after."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["March of the Machines"], "battlefield", "alice", id="march")
    game.add(cards["Strionic Resonator"], "hand", "alice", id="resonator")
    game.start()
    zones = {k: list(v) for k, v in game.state.zones.items()}
    view = replacement.entering_view(game, replacement.Entering("resonator", "alice"))
    assert (view.is_("creature"), view.power, view.zone) == (True, 2, "battlefield")
    assert game.obj("resonator").zone == "hand"
    assert {k: list(v) for k, v in game.state.zones.items()} == zones


# --- empty and unlisted libraries (121.4, 704.5b) ---------------------------------------------

def test_the_empty_library_scenario_passes() -> None:
    assert _failing(("replace-19",)) == []


def test_a_draw_from_an_empty_library_that_does_not_lose_is_caught(monkeypatch) -> None:
    """704.5b: without the loss, replace-19's last check fails."""
    from mtgrules import sba

    monkeypatch.setattr(sba, "_players_lose", lambda game: False)
    assert _failing(("replace-19",)) == ["replace-19"]


def _drawing_game(library: list[str] | None) -> Game:
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Divination"], "hand", "alice", id="divination")
    for card in library or ():
        game.add(cards[card], "library", "alice")
    if library == []:
        game.state.libraries_listed.append("alice")
    game.player("alice").mana_pool.update({"U": 1, "C": 2})
    game.start()
    return game


def test_a_library_the_set_up_does_not_list_draws_a_card_nobody_shows() -> None:
    """Not listed, the library is not modelled: both draws happen (the log says no card is
    shown) and nobody loses."""
    game = _drawing_game(None)
    game.cast("alice", "divination")
    game.resolve()
    keys = [e.key for e in game.timeline[-1].entries]
    assert keys.count("draws_unlisted") == 2 and "loses_empty_library" not in keys
    assert not game.state.game_over


def test_an_empty_listed_library_loses_the_game_and_a_listed_one_draws() -> None:
    game = _drawing_game([])
    game.cast("alice", "divination")
    game.resolve()
    keys = [e.key for e in game.timeline[-1].entries]
    assert keys.count("draw_from_empty_library") == 2 and keys.count("loses_empty_library") == 1
    assert game.state.game_over and game.state.drew_from_empty == []
    game = _drawing_game(["Island", "Island"])
    game.cast("alice", "divination")
    game.resolve()
    assert len(game.zone("alice", "hand")) == 2 and not game.state.game_over


def test_a_shield_is_answered_by_its_source_id() -> None:
    """616.1: a prevention shield is named in the order question by the id of the spell that
    made it, as every other effect is by its source's id."""
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Furnace of Rath"], "battlefield", "alice", id="furnace")
    game.add(cards["Lightning Bolt"], "hand", "alice", id="bolt")
    game.add(cards["Healing Salve"], "hand", "bob", id="salve")
    game.player("alice").mana_pool["R"] = 1
    game.player("bob").mana_pool["W"] = 1
    game.start("bob")
    game.cast("bob", "salve", answers=[{"mode": 2}, {"targets": ["bob"]}])
    game.resolve()
    assert [s.id for s in game.state.shields] == ["salve-shield"]
    game.pass_priority("bob")
    game.cast("alice", "bolt", answers=[{"targets": ["bob"]}])
    game.resolve(answers=[{"replacement": "salve"}])
    assert game.player("bob").life == 20


# --- 614.12: the entering permanent's own abilities, as it would exist ----------------------

MOON_LAND = DATA / "probe-19-moon-land-enters-untapped.yaml"


def test_a_land_that_would_enter_tapped_under_a_moon_enters_untapped() -> None:
    """614.12 (and Blood Moon's ruling): an effect already in force that takes the land's
    rules-text abilities away (305.7) stops its 'enters tapped' before it applies."""
    assert load_scenario(MOON_LAND).run().passed


def test_own_entering_abilities_read_from_the_card_are_caught(monkeypatch) -> None:
    monkeypatch.setattr(replacement, "_as_it_would_exist",
                        lambda game, event, chars: chars.abilities)
    assert not load_scenario(MOON_LAND).run().passed
