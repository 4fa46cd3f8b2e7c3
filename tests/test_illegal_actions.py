"""The illegal-action catalogue (issue 11): every kind of illegal action or answer the kit knows
is refused with a RulesError (a ValueError) citing a rule, in English and in French, and the
game is left exactly as it was: the same fingerprint and the same structure, field by field,
including the timeline."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.abilities import CardDef, parse_characteristics
from mtgrules.data import Node
from mtgrules.mana import parse_pool
from mtgrules.scenarios.runner import fingerprint

Case = Callable[[], tuple[Game, Callable[[], Any]]]
CATALOGUE: dict[str, tuple[str, Case]] = {}


def illegal(name: str, rule: str) -> Callable[[Case], Case]:
    def register(fn: Case) -> Case:
        assert name not in CATALOGUE
        CATALOGUE[name] = (rule, fn)
        return fn
    return register


def game_with(*cards: tuple, turn: int = 1, step: str = "main1", active: str = "alice",
              **mana: str) -> tuple[Game, list[str]]:
    """A started game with ``cards`` as (name, zone, owner, options...) and mana pools."""
    game = Game(["alice", "bob"])
    for player, pool in mana.items():
        game.player(player).mana_pool.update(parse_pool(pool))
    ids = []
    for card in cards:
        name, zone, owner, *opts = card
        ids.append(game.add(_card(name), zone, owner, **(opts[0] if opts else {})))
    game.start(active, step, turn)
    return game, ids


def _card(name: str) -> CardDef:
    if name in KIT:
        return KIT[name]
    return catalog()[name]


def _kit(**spec: Any) -> CardDef:
    return CardDef((parse_characteristics(Node(spec)),))


KIT = {
    "Blast": _kit(name="Blast", name_fr="Explosion", mana_cost="{X}{R}", types=["sorcery"],
                  abilities=[{"kind": "spell", "targets": [{"type": "any"}],
                              "effects": [{"do": "damage", "to": "target", "amount": "X"}]}]),
    "Choice": _kit(name="Choice", name_fr="Choix", mana_cost="{R}", types=["instant"],
                   abilities=[{"kind": "spell", "modes": [
                       {"text": "gain 3", "effects": [{"do": "gain_life", "who": "you",
                                                       "amount": 3}]},
                       {"text": "lose 2", "effects": [{"do": "lose_life", "who": "you",
                                                       "amount": 2}]}]}]),
}


# --- priority and timing (117, 305, 307, 601.2) -----------------------------------------------

@illegal("pass without priority", "117.3d")
def _():
    g, _ = game_with()
    return g, lambda: g.pass_priority("bob")


@illegal("pass by someone not playing", "102.1")
def _():
    g, _ = game_with()
    return g, lambda: g.pass_priority("carol")


@illegal("cast without priority", "117.1a")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "bob"), bob="{R}")
    return g, lambda: g.cast("bob", bolt, answers=[{"targets": ["alice"]}])


@illegal("cast a sorcery with something on the stack", "307.1")
def _():
    g, (bolt, blast) = game_with(("Lightning Bolt", "hand", "alice"), ("Blast", "hand", "alice"),
                                 alice="{R}{R}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.cast("alice", blast, answers=[{"x": 0}, {"targets": ["bob"]}])


@illegal("cast a creature in the opponent's turn", "307.1")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "hand", "bob"), bob="{1}{G}")
    g.pass_priority("alice")
    return g, lambda: g.cast("bob", bears)


@illegal("cast a sorcery in the upkeep", "307.1")
def _():
    g, (blast,) = game_with(("Blast", "hand", "alice"), step="upkeep", alice="{R}")
    return g, lambda: g.cast("alice", blast, answers=[{"x": 0}, {"targets": ["bob"]}])


@illegal("cast a card from the battlefield", "601.2")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "battlefield", "alice"), alice="{1}{G}")
    return g, lambda: g.cast("alice", bears)


@illegal("cast a card from the graveyard", "601.2")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "graveyard", "alice"), alice="{R}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["bob"]}])


@illegal("cast the opponent's card", "601.2")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "bob"), alice="{R}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["bob"]}])


@illegal("cast a land", "305.1")
def _():
    g, (island,) = game_with(("Island", "hand", "alice"))
    return g, lambda: g.cast("alice", island)


@illegal("cast a card that doesn't exist", "109.1")
def _():
    g, _ = game_with(alice="{R}")
    return g, lambda: g.cast("alice", "no-such-card")


@illegal("cast by someone not playing", "102.1")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"), alice="{R}")
    return g, lambda: g.cast("carol", bolt)


@illegal("cast a token card that is no card", "601.2")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "battlefield", "alice", {"token": True}))
    return g, lambda: g.cast("alice", bears)


# --- costs (118, 601.2h, 602.2) --------------------------------------------------------------

@illegal("cast without enough mana", "601.2h")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "hand", "alice"), alice="{G}")
    return g, lambda: g.cast("alice", bears)


@illegal("cast with mana of the wrong color", "601.2h")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"), alice="{U}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["bob"]}])


@illegal("cast with an empty mana pool", "601.2h")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"))
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["bob"]}])


@illegal("X too large to pay", "601.2h")
def _():
    g, (blast,) = game_with(("Blast", "hand", "alice"), alice="{2}{R}")
    return g, lambda: g.cast("alice", blast, answers=[{"x": 5}, {"targets": ["bob"]}])


@illegal("a negative X", "107.3a")
def _():
    g, (blast,) = game_with(("Blast", "hand", "alice"), alice="{2}{R}")
    return g, lambda: g.cast("alice", blast, answers=[{"x": -1}, {"targets": ["bob"]}])


@illegal("an additional cost that can't be paid", "601.2h")
def _():
    g, (rites,) = game_with(("Village Rites", "hand", "alice"), alice="{B}")
    return g, lambda: g.cast("alice", rites)


@illegal("sacrifice the opponent's creature as a cost", "118.3")
def _():
    g, (rites, _, bears) = game_with(("Village Rites", "hand", "alice"),
                                     ("Grizzly Bears", "battlefield", "alice"),
                                     ("Grizzly Bears", "battlefield", "bob"), alice="{B}")
    return g, lambda: g.cast("alice", rites, answers=[{"sacrifice": bears}])


@illegal("an alternative cost answer that is not offered", "118.9a")
def _():
    g, (lesson,) = game_with(("Hasty Lesson", "hand", "alice"), alice="{1}")
    return g, lambda: g.cast("alice", lesson, answers=[{"alternative_cost": "free"}])


@illegal("a kicker answer that is not yes or no", "118.8a")
def _():
    g, (burst,) = game_with(("Burst Lightning", "hand", "alice"), alice="{R}")
    return g, lambda: g.cast("alice", burst, answers=[{"additional_cost": "maybe"},
                                                      {"targets": ["bob"]}])


# --- targets, modes, division (601.2b-d, 115) ----------------------------------------------

@illegal("target something that is not offered", "601.2c")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"), alice="{R}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["ghost"]}])


@illegal("target a card in a hand", "601.2c")
def _():
    g, (bolt, bears) = game_with(("Lightning Bolt", "hand", "alice"),
                                 ("Grizzly Bears", "hand", "bob"), alice="{R}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": [bears]}])


@illegal("counter a spell when there is none", "601.2c")
def _():
    g, (cancel,) = game_with(("Cancel", "hand", "alice"), alice="{1}{U}{U}")
    return g, lambda: g.cast("alice", cancel)


@illegal("target a player with a spell that targets spells", "601.2c")
def _():
    g, (bolt, cancel) = game_with(("Lightning Bolt", "hand", "alice"), ("Cancel", "hand", "alice"),
                                  alice="{R}{1}{U}{U}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.cast("alice", cancel, answers=[{"targets": ["bob"]}])


@illegal("too many targets", "601.2c")
def _():
    g, (bolt, bears) = game_with(("Lightning Bolt", "hand", "alice"),
                                 ("Grizzly Bears", "battlefield", "bob"), alice="{R}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["bob", bears]}])


@illegal("a mode that doesn't exist", "700.2a")
def _():
    g, (choice,) = game_with(("Choice", "hand", "alice"), alice="{R}")
    return g, lambda: g.cast("alice", choice, answers=[{"mode": 3}])


@illegal("a division that doesn't add up", "601.2d")
def _():
    g, (fire, bears) = game_with(("Fire // Ice", "hand", "alice"),
                                 ("Grizzly Bears", "battlefield", "bob"), alice="{1}{R}")
    return g, lambda: g.cast("alice", fire, answers=[{"face": "Fire"},
                                                     {"targets": ["bob", bears]},
                                                     {"divide": [2, 2]}])


@illegal("a division giving a target nothing", "601.2d")
def _():
    g, (fire, bears) = game_with(("Fire // Ice", "hand", "alice"),
                                 ("Grizzly Bears", "battlefield", "bob"), alice="{1}{R}")
    return g, lambda: g.cast("alice", fire, answers=[{"face": "Fire"},
                                                     {"targets": ["bob", bears]},
                                                     {"divide": [2, 0]}])


@illegal("a face that doesn't exist", "709.3")
def _():
    g, (fire,) = game_with(("Fire // Ice", "hand", "alice"), alice="{1}{R}{U}")
    return g, lambda: g.cast("alice", fire, answers=[{"face": "Water"}])


@illegal("an answer no question asked for", "601.2b")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"), alice="{R}")
    return g, lambda: g.cast("alice", bolt, answers=[{"targets": ["bob"]}, {"x": 2}])


@illegal("a mode for a copy, which keeps the original's", "707.10")
def _():
    from mtgrules.scenarios import scenario_by_id
    g = scenario_by_id("gogo-14-same-mode").run(upto=4).game  # Gogo's copy ability on top
    return g, lambda: g.resolve(answers=[{"mode": 1}])


# --- playing lands (305) --------------------------------------------------------------------

@illegal("a second land in a turn", "305.2")
def _():
    g, (a, b) = game_with(("Island", "hand", "alice"), ("Forest", "hand", "alice"))
    g.play_land("alice", a)
    return g, lambda: g.play_land("alice", b)


@illegal("a land in the opponent's turn", "305.1")
def _():
    g, (island,) = game_with(("Island", "hand", "bob"))
    g.pass_priority("alice")
    return g, lambda: g.play_land("bob", island)


@illegal("a land with something on the stack", "305.1")
def _():
    g, (bolt, island) = game_with(("Lightning Bolt", "hand", "alice"), ("Island", "hand", "alice"),
                                  alice="{R}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.play_land("alice", island)


@illegal("a land in the upkeep", "305.1")
def _():
    g, (island,) = game_with(("Island", "hand", "alice"), step="upkeep")
    return g, lambda: g.play_land("alice", island)


@illegal("play a spell card as a land", "305.1")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"))
    return g, lambda: g.play_land("alice", bolt)


@illegal("play a land from the graveyard", "305.1")
def _():
    g, (island,) = game_with(("Island", "graveyard", "alice"))
    return g, lambda: g.play_land("alice", island)


@illegal("play the opponent's land", "305.1")
def _():
    g, (island,) = game_with(("Island", "hand", "bob"))
    return g, lambda: g.play_land("alice", island)


# --- activating (602, 605, 606, 302.6, 107.5) ------------------------------------------------

@illegal("activate a permanent you don't control", "602.2")
def _():
    g, (elves,) = game_with(("Llanowar Elves", "battlefield", "bob"))
    return g, lambda: g.activate("alice", elves, 0)


@illegal("activate a card in a hand", "602.2")
def _():
    g, (elves,) = game_with(("Llanowar Elves", "hand", "alice"))
    return g, lambda: g.activate("alice", elves, 0)


@illegal("activate an ability that doesn't exist", "602.1")
def _():
    g, (elves,) = game_with(("Llanowar Elves", "battlefield", "alice"))
    return g, lambda: g.activate("alice", elves, 4)


@illegal("activate without priority", "117.1b")
def _():
    g, (caller,) = game_with(("Spark Caller", "battlefield", "bob"), bob="{1}")
    return g, lambda: g.activate("bob", caller, 0, answers=[{"x": 1}, {"targets": ["alice"]}])


@illegal("a mana ability without priority", "605.3a")
def _():
    g, (elves,) = game_with(("Llanowar Elves", "battlefield", "bob"))
    return g, lambda: g.activate("bob", elves, 0)


@illegal("{T} on a tapped permanent", "107.5")
def _():
    g, (elves,) = game_with(("Llanowar Elves", "battlefield", "alice", {"tapped": True}))
    return g, lambda: g.activate("alice", elves, 0)


@illegal("{T} on a land already tapped for mana", "107.5")
def _():
    g, (island,) = game_with(("Island", "battlefield", "alice"))
    g.activate("alice", island, 0)
    return g, lambda: g.activate("alice", island, 0)


@illegal("{T} on a creature that just arrived", "302.6")
def _():
    g, (elves,) = game_with(("Llanowar Elves", "battlefield", "alice",
                             {"entered_this_turn": True}), turn=3)
    return g, lambda: g.activate("alice", elves, 0)


@illegal("an activation cost that can't be paid", "601.2h")
def _():
    g, (caller,) = game_with(("Spark Caller", "battlefield", "alice"))
    return g, lambda: g.activate("alice", caller, 0, answers=[{"x": 3}, {"targets": ["bob"]}])


@illegal("equip with something on the stack", "702.6a")
def _():
    g, (sword, bears, bolt) = game_with(("The Masamune", "battlefield", "alice"),
                                        ("Grizzly Bears", "battlefield", "alice"),
                                        ("Lightning Bolt", "hand", "alice"), alice="{R}{2}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.activate("alice", sword, 0, answers=[{"targets": [bears]}])


@illegal("a loyalty ability twice in a turn", "606.3")
def _():
    g, (jace, *_) = game_with(("Jace Beleren", "battlefield", "alice"),
                              ("Island", "library", "alice"), ("Island", "library", "bob"))
    g.activate("alice", jace, 0)
    g.resolve()
    return g, lambda: g.activate("alice", jace, 1, answers=[{"targets": ["bob"]}])


@illegal("a loyalty ability with something on the stack", "606.3")
def _():
    g, (jace, bolt) = game_with(("Jace Beleren", "battlefield", "alice"),
                                ("Lightning Bolt", "hand", "alice"), alice="{R}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.activate("alice", jace, 0)


@illegal("a loyalty ability in the opponent's turn", "606.3")
def _():
    g, (jace,) = game_with(("Jace Beleren", "battlefield", "bob"))
    g.pass_priority("alice")
    return g, lambda: g.activate("bob", jace, 0)


@illegal("a loyalty cost larger than the loyalty", "606.6")
def _():
    g, (jace,) = game_with(("Jace Beleren", "battlefield", "alice"))
    return g, lambda: g.activate("alice", jace, 2, answers=[{"targets": ["bob"]}])


@illegal("an ability whose target is not offered", "601.2c")
def _():
    g, (caller, bears) = game_with(("Spark Caller", "battlefield", "alice"),
                                   ("Grizzly Bears", "library", "bob"), alice="{1}")
    return g, lambda: g.activate("alice", caller, 0, answers=[{"x": 1}, {"targets": [bears]}])


# --- the stack and resolving (405, 608) ----------------------------------------------------------

@illegal("resolve an empty stack", "405.5")
def _():
    g, _ = game_with()
    return g, lambda: g.resolve()


@illegal("an answer on resolution that is not offered", "707.5")
def _():
    g, (clone, bears) = game_with(("Clone", "hand", "alice"), ("Grizzly Bears", "hand", "bob"),
                                  alice="{3}{U}")
    g.cast("alice", clone)
    return g, lambda: g.resolve(answers=[{"enter_as_copy": bears}])


@illegal("keep the wrong legendary permanent", "704.5j")
def _():
    g, (gogo, other) = game_with(("Gogo, Master of Mimicry", "battlefield", "alice"),
                                 ("Gogo, Master of Mimicry", "hand", "alice"), alice="{2}{U}{U}")
    g.cast("alice", other)
    return g, lambda: g.resolve(answers=[{"legend_rule": "bears"}])


# --- scenario events (110, 120, 400.7, 701) --------------------------------------------------

@illegal("destroy a card in a hand", "110.1")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "hand", "alice"))
    return g, lambda: g.destroy(bears)


@illegal("destroy something that doesn't exist", "109.1")
def _():
    g, _ = game_with()
    return g, lambda: g.destroy("ghost")


@illegal("exile a card in a graveyard as a permanent", "110.1")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "graveyard", "alice"))
    return g, lambda: g.exile(bears)


@illegal("destroy a spell on the stack", "110.1")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"), alice="{R}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.destroy(bolt)


@illegal("sacrifice what you don't control", "701.21a")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "battlefield", "bob"))
    return g, lambda: g.sacrifice("alice", bears)


@illegal("sacrifice a card in a hand", "110.1")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "hand", "alice"))
    return g, lambda: g.sacrifice("alice", bears)


@illegal("sacrifice by someone not playing", "102.1")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "battlefield", "alice"))
    return g, lambda: g.sacrifice("carol", bears)


@illegal("put an instant onto the battlefield", "304.4")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"))
    return g, lambda: g.put_onto_battlefield(bolt)


@illegal("put a sorcery onto the battlefield", "307.4")
def _():
    g, (blast,) = game_with(("Blast", "graveyard", "alice"))
    return g, lambda: g.put_onto_battlefield(blast)


@illegal("put the same card onto the battlefield twice", "400.7")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "hand", "alice"))
    return g, lambda: g.put_onto_battlefield(bears, bears)


@illegal("put a permanent onto the battlefield again", "400.7")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "battlefield", "alice"))
    return g, lambda: g.put_onto_battlefield(bears)


@illegal("put a spell's card into a graveyard from the stack", "701.6a")
def _():
    g, (bolt,) = game_with(("Lightning Bolt", "hand", "alice"), alice="{R}")
    g.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    return g, lambda: g.put_into_graveyard(bolt)


@illegal("put something that doesn't exist into a graveyard", "109.1")
def _():
    g, _ = game_with()
    return g, lambda: g.put_into_graveyard("ghost")


@illegal("negative damage to a creature", "107.1b")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "battlefield", "bob"))
    return g, lambda: g.deal_damage(-2, bears)


@illegal("negative damage to a player", "107.1b")
def _():
    g, _ = game_with()
    return g, lambda: g.deal_damage(-2, "bob")


@illegal("damage that is not a number", "107.1b")
def _():
    g, _ = game_with()
    return g, lambda: g.deal_damage("lots", "bob")


@illegal("damage to a card in a hand", "120.1")
def _():
    g, (bears,) = game_with(("Grizzly Bears", "hand", "bob"))
    return g, lambda: g.deal_damage(2, bears)


@illegal("damage to a land", "120.1")
def _():
    g, (island,) = game_with(("Island", "battlefield", "bob"))
    return g, lambda: g.deal_damage(2, island)


@illegal("damage to something that doesn't exist", "109.1")
def _():
    g, _ = game_with()
    return g, lambda: g.deal_damage(2, "ghost")


# --- the checks themselves ------------------------------------------------------------------

def structure(game: Game) -> Any:
    """The whole game as plain values, field by field (not a repr): state and timeline."""
    state = game.state.snapshot()
    state.zones = {k: v for k, v in state.zones.items() if v}  # empty or never used: the same
    return {"state": _plain(state), "rng": state.rng.getstate(),
            "steps": [(s.index, s.action, s.entries, s.answered, s.call, _plain(s.state))
                      for s in game.timeline.steps]}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name != "rng"}
    if isinstance(value, Counter):
        return {k: n for k, n in value.items() if n}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def test_the_catalogue_has_at_least_sixty_kinds():
    assert len(CATALOGUE) >= 60


@pytest.mark.parametrize("name", list(CATALOGUE))
def test_an_illegal_action_is_refused_citing_its_rule_in_two_languages_changing_nothing(name):
    rule, case = CATALOGUE[name]
    game, action = case()
    before, shape = fingerprint(game), structure(game)
    with pytest.raises(RulesError) as refusal:
        action()
    err = refusal.value
    assert isinstance(err, ValueError)
    assert err.rule == rule, f"cited {err.rule}: {err}"
    assert err.message and err.message_fr and err.message_fr != err.message, err.message
    assert f"(CR {rule})" in str(err)
    assert fingerprint(game) == before
    assert structure(game) == shape


@pytest.mark.parametrize("call", [
    lambda g: g.destroy(), lambda g: g.exile(), lambda g: g.sacrifice("alice"),
    lambda g: g.put_into_graveyard(), lambda g: g.put_onto_battlefield(),
    lambda g: g.deal_damage(2)],
    ids=["destroy", "exile", "sacrifice", "put_into_graveyard", "put_onto_battlefield",
         "deal_damage"])
def test_an_event_given_nothing_is_refused_not_recorded_as_an_empty_step(call):
    """``game.destroy()`` with no permanent recorded a step "Destroy none" (a scenario file
    refuses it as it loads): the API refuses it too, saying what to give, and changes nothing."""
    game, _ = game_with(("Grizzly Bears", "battlefield", "alice"))
    before, shape = fingerprint(game), structure(game)
    with pytest.raises(ValueError) as refusal:
        call(game)
    err = refusal.value
    assert isinstance(err, RulesError) and str(err).startswith("Nothing to "), str(err)
    assert "name at least one" in str(err) and err.message_fr.startswith("Rien à ")
    assert fingerprint(game) == before
    assert structure(game) == shape
