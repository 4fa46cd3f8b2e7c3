"""A Python user's probes of the public API (session 6): what `Game.add` takes, and what it
refuses with a `ValueError` that names the problem, the game left as it was."""

from __future__ import annotations

import pytest

from mtgrules import Game, RulesError, catalog


def _game() -> Game:
    return Game(["alice", "bob"])


def test_add_given_a_card_name_says_to_look_the_card_up():
    """A name is not a card: a clear ValueError, not an AttributeError from deep inside."""
    game = _game()
    with pytest.raises(ValueError, match=r"catalog\(\)\['Grizzly Bears'\]"):
        game.add("Grizzly Bears", "battlefield", "alice")  # type: ignore[arg-type]
    assert game.state.objects == {}


@pytest.mark.parametrize("counters", [{"+1/+1": -3}, {"+1/+1": 1.5}, {"+1/+1": "two"},
                                      {"+1/+1": True}, {3: 1}])
def test_add_refuses_counters_no_game_can_have(counters):
    """107.1b: no negative numbers; a number of counters is a whole number of a kind of counter
    named by a word. The file form refuses them too; the API let them in, and a game saved from
    it could not be read back."""
    game = _game()
    with pytest.raises(RulesError):
        game.add(catalog()["Grizzly Bears"], "battlefield", "alice", counters=counters)
    assert game.state.objects == {}


@pytest.mark.parametrize("damage", [-1, 1.5, "2", True])
def test_add_refuses_damage_that_is_not_a_whole_number_of_at_least_0(damage):
    game = _game()
    with pytest.raises(RulesError, match="107.1b"):
        game.add(catalog()["Grizzly Bears"], "battlefield", "alice", damage=damage)
    assert game.state.objects == {}


def test_start_refuses_a_card_in_the_stack_zone_that_no_spell_is():
    """405.1: a card is on the stack only as a spell. `add(bolt, "stack")` set a card there that
    never resolves ("the stack is empty"); start() now says how to put a spell there: cast it."""
    game = _game()
    game.add(catalog()["Lightning Bolt"], "stack", "alice")
    with pytest.raises(RulesError, match="405.1"):
        game.start()


@pytest.mark.parametrize("name, expected", [
    ("Élan feuillu", "elan-feuillu"), ("Æther Vial", "aether-vial"),
    ("Œil du dragon", "oeil-du-dragon"), ("Jötun Grunt", "jotun-grunt"),
    ("Sakashima's Protege", "sakashimas-protege"), ("🐻", "object")])
def test_a_default_id_keeps_the_letters_of_an_accented_name(name, expected):
    """A judge writing cards under French names: « Élan feuillu » had the default id
    `lan-feuillu`, « Œil du dragon » `il-du-dragon`; the letters are kept without accents."""
    from mtgrules.objects import slug

    assert slug(name) == expected


def test_the_board_says_a_library_the_scenario_does_not_list_is_not_listed():
    """A library the set-up doesn't list is not modelled: its player draws and does not lose
    (121.4 doesn't apply). The board said "library: 0 cards", an empty library, which loses
    at the next draw (704.5b); it now says "not listed". A listed empty one is 0 cards."""
    from mtgrules.draw.diagrams import board_view
    from mtgrules.scenarios import parse_scenario

    game = parse_scenario("""
title: probe
players: [alice, bob]
setup:
  alice:
    library: []
script: []
""").new_game()
    en, fr = board_view(game).source, board_view(game, "fr").source
    assert "library: 0 cards" in en and "library: not listed" in en
    assert "bibliothèque : 0 carte" in fr and "bibliothèque : non décrite" in fr


def test_reprs_count_in_good_english():
    """python-chess-like reprs, deterministic and in good English: "1 step", not "1 steps"."""
    game = _game()
    game.add(catalog()["Grizzly Bears"], "battlefield", "alice")
    game.start()
    assert repr(game.timeline) == "<Timeline 1 step>"
    assert repr(game.timeline.steps[0]) == "<Step 0 'Set-up' (0 entries)>"
    game.destroy("grizzly-bears")
    assert repr(game.timeline.steps[1]).endswith("(1 entry)>")
    assert repr(game).endswith(", 2 steps>")


def test_a_player_cannot_be_named_like_a_stack_object():
    """Stack objects are S1, S2...: a player named S1 made "S1 casts Lightning Bolt (S1)" and
    `targets: [S1]` could mean either (player names and ids never collide, architecture.md)."""
    from mtgrules import ScenarioError
    from mtgrules.scenarios import parse_scenario

    with pytest.raises(ValueError, match="S1"):
        Game(["S1", "bob"])
    with pytest.raises(ScenarioError) as err:
        parse_scenario("title: t\nplayers: [S1, bob]\nsetup: {}\nscript: []\n", file="t.yaml")
    assert err.value.line == 2 and "S1" in str(err.value)


def test_an_object_cannot_have_a_stack_objects_id():
    """An object with the id S1 made "Alice casts Lightning Bolt (S1); targets: Grizzly Bears
    (S1)", and `targets: [S1]` could mean either."""
    from mtgrules import ScenarioError
    from mtgrules.scenarios import parse_scenario

    game = _game()
    with pytest.raises(ValueError, match="S1"):
        game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="S1")
    assert game.state.objects == {}
    with pytest.raises(ScenarioError) as err:
        parse_scenario("title: t\nplayers: [alice, bob]\nsetup:\n  alice:\n"
                       "    battlefield: [{card: Grizzly Bears, id: S1}]\nscript: []\n",
                       file="t.yaml")
    assert err.value.line == 5 and "S1" in str(err.value)
