"""French narration agrees with the names it speaks of: « les Grizzlis échangent leur force et
leur endurance », « la Vive-lance du monastère devient bleue », « Les Grizzlis (x) : leur capacité
déclenchée se déclenche ». A French name's gender and number come from mtgrules/text/noms_fr.csv
(Grizzlis: les, masculine plural; Vive-lance du monastère: la, feminine singular)."""

from __future__ import annotations

import re
import string

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.continuous import Modification, describe
from mtgrules.scenarios import parse_scenario
from mtgrules.text import MESSAGES, Name, Plural, grammar_of, render

BEARS = Name("Grizzly Bears", "Grizzlis")  # les Grizzlis: masculine plural
SPEAR = Name("Monastery Swiftspear", "Vive-lance du monastère")  # la: feminine singular

#: Parameters that name an object (a card, a token, a stack object's source).
NAME_PARAMS = {"obj", "source", "card", "copied", "attacker", "original", "objs", "by"}
#: Messages whose possessive belongs to something else than a named object: the player
#: (« {player} met ses capacités »), the stack object {id} (« {id} : son contrôleur »).
OTHER_OWNER = {"ordered_triggers": "ses: the player's", "declined": "son: the stack object's",
               "fizzles": "ses: the stack object's",
               "condition_false_on_resolution": "sa: the stack object's",
               "ceases_left": "son: the stack object's"}


def _params(key: str, name: Name) -> dict:
    entry = MESSAGES[key][1]
    texts = [entry.one, entry.other] if isinstance(entry, Plural) else [entry]
    fields = {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}
    counts = {"n", "count", "left", "mv"} | ({entry.count} if isinstance(entry, Plural) else set())
    return {f: name if f in NAME_PARAMS else 2 if f in counts else Name("x", "x")
            for f in fields | (counts & {getattr(entry, "count", "")})}


@pytest.mark.parametrize("key", sorted(k for k, (_, fr) in MESSAGES.items()
                                       if k not in OTHER_OWNER))
def test_no_singular_possessive_speaks_of_a_plural_name(key: str):
    """A possessive that refers to a named object agrees with it in number: with « les
    Grizzlis », never « sa », « son » or « ses »."""
    params = _params(key, BEARS)
    if not NAME_PARAMS & set(params) or "player" in params:
        pytest.skip("no named object, or a player owns the possessive")
    text = render(key, params, "fr")
    assert not re.search(r"\b(sa|son|ses)\b", text), text


@pytest.mark.parametrize(("key", "bears", "spear"), [
    ("triggers", "Les Grizzlis (x) : leur capacité se déclenche",
     "La Vive-lance du monastère (x) : sa capacité se déclenche"),
    ("trigger_removed", "Les Grizzlis (x) : leur capacité déclenchée n'a pas",
     "La Vive-lance du monastère (x) : sa capacité déclenchée n'a pas"),
    ("trigger_condition_false", "Les Grizzlis (x) : leur condition est fausse, leur capacité",
     "La Vive-lance du monastère (x) : sa condition est fausse, sa capacité"),
    ("counters_annihilate", "Les Grizzlis (x) perdent 2 marqueurs",
     "La Vive-lance du monastère (x) perd 2 marqueurs"),
    ("loyalty_paid", "Les Grizzlis (x) paient leur coût de loyauté",
     "La Vive-lance du monastère (x) paie son coût de loyauté"),
    ("aura_stays", "rien qu'ils puissent enchanter", "rien qu'elle puisse enchanter"),
    ("to_bottom", "de leur propriétaire", "de son propriétaire"),
])
def test_a_message_agrees_with_a_plural_and_a_feminine_name(key: str, bears: str, spear: str):
    params = _params(key, BEARS) | {"ability": Name("ability", "capacité"), "event": "e"}
    assert bears in render(key, params, "fr").replace("\u202f", " ")
    params |= {k: SPEAR for k in params if k in NAME_PARAMS}
    assert spear in render(key, params, "fr").replace("\u202f", " ")


def test_what_a_continuous_effect_does_agrees_with_the_object():
    """Verbs, possessives and colors agree; keywords are lower case with their article (« acquiert
    la célérité », as Act of Treason's French Oracle text reads)."""
    m = Modification(switch=True, colors=("U",), gains=(), loses=("flying",))
    assert describe(m, "fr", grammar=grammar_of("Grizzlis")) == (
        "deviennent bleus ; perdent le vol ; échangent leur force et leur endurance")
    assert describe(m, "fr", grammar=grammar_of("Vive-lance du monastère")) == (
        "devient bleue ; perd le vol ; échange sa force et son endurance")


SCENARIO = """
title: agreement
players:
  alice: {mana: "{U}{U}{U}{U}{U}{R}{R}{R}{2}{2}"}
  bob: {}
setup:
  active: alice
  alice:
    battlefield:
      - {card: Grizzly Bears, id: bears}
      - {card: Monastery Swiftspear, id: spear}
    hand:
      - {card: Twisted Image, id: twist1}
      - {card: Twisted Image, id: twist2}
      - {card: Turn to Frog, id: frog}
      - {card: Act of Treason, id: treason}
    library: [{card: Island, id: i1}, {card: Island, id: i2}]
  bob:
    battlefield: [{card: Llanowar Elves, id: elves}]
script:
  - {cast: twist1, answers: [{targets: [bears]}]}
  - resolve: all
  - {cast: twist2, answers: [{targets: [spear]}]}
  - resolve: all
  - {cast: frog, answers: [{targets: [spear]}]}
  - resolve: all
  - {cast: treason, answers: [{targets: [elves]}]}
  - resolve: all
"""


def test_narration_agrees_with_a_plural_and_a_feminine_card_in_play():
    """Played, not only rendered: Twisted Image on the Grizzlis and on the Vive-lance, Turn to
    Frog on the Vive-lance, Act of Treason on the Elfes de Llanowar."""
    game = parse_scenario(SCENARIO).run().game
    fr = game.timeline.text("fr").replace("\u202f", " ")
    assert "Les Grizzlis (bears) : échangent leur force et leur endurance" in fr
    assert "La Vive-lance du monastère (spear) : échange sa force et son endurance" in fr
    assert "La Vive-lance du monastère (spear) : sa capacité de prouesse se déclenche" in fr
    assert ("La Vive-lance du monastère (spear) : a pour seul type de créature Grenouille ; "
            "devient bleue ; perd toutes ses capacités") in fr
    assert ("Les Elfes de Llanowar (elves) : sous le contrôle d'Alice ; acquièrent la "
            "célérité") in fr
    assert "Célérité" not in fr


def test_a_refusal_agrees_with_a_plural_and_a_feminine_name():
    """307.1, 305.1: « Les Grizzlis ne peuvent être lancés que… », « La Foudre n'est pas un
    terrain : on la lance… » (was « Grizzlis ne peut être lancé », « on le lance »)."""
    game = Game(["alice", "bob"])
    bears = game.add(catalog()["Grizzly Bears"], "hand", "bob")
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    game.start("alice", "main1", 1)
    with pytest.raises(RulesError) as bolt_refused:
        game.play_land("alice", bolt)
    game.pass_priority("alice")
    with pytest.raises(RulesError) as bears_refused:
        game.cast("bob", bears)
    assert bears_refused.value.message_fr.startswith("Les Grizzlis ne peuvent être lancés que")
    assert bolt_refused.value.message_fr == (
        "La Foudre n'est pas un terrain : on la lance, on ne la joue pas")


def test_a_gained_keyword_with_words_reads_whole_with_its_article():
    """A keyword that has words of its own keeps them, in lower case mid-sentence: "gains
    protection from white" / « acquièrent la protection contre le blanc », and « a la protection »
    where a refusal or a prevention names it (was "gains protection", « a protection »)."""
    from mtgrules.scenarios import load_scenario, shipped_scenarios

    path = next(p for p in shipped_scenarios() if p.stem.startswith("protect-01"))
    game = load_scenario(path).run().game
    en, fr = game.timeline.text("en"), game.timeline.text("fr").replace("\u202f", " ")
    assert "Grizzly Bears (bears): gains protection from white until end of turn." in en
    assert "Les Grizzlis (bears) : acquièrent la protection contre le blanc" in fr
    assert ": les Grizzlis ont la protection contre le blanc : ils ne peuvent pas être" in fr
