"""A judge's probes of session 8: last session's leftovers, then made-up cards played from
outside, each checked against the Comprehensive Rules it cites."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

import html

import pytest

from mtgrules import Game, catalog
from mtgrules.errors import RulesError, ScenarioError
from mtgrules.scenarios import parse_scenario

FAILING_EXPECTATIONS = """
title: probe
players: [alice, bob]
setup:
  alice:
    battlefield:
      - {card: Blood Artist, id: artist}
      - {card: Grizzly Bears, id: bears}
script:
  - destroy: [artist, bears]
    answers:
      - order_triggers: [T1, T2]
      - {targets: [bob]}
      - {targets: [bob]}
  - check:
      - stack_size: 1
      - triggered: {source: artist, count: 3}
  - resolve: all
expect:
  - life: {alice: 23, bob: 20}
  - zone: {player: alice, zone: graveyard, equals: [bears]}
  - object: {id: bears, zone: exile, tapped: true}
  - resolved_order: []
"""


def _verdict_lines(lang: str) -> list[str]:
    from mtgrules.widgets.views import verdict_html

    result = parse_scenario(FAILING_EXPECTATIONS).run()
    shown = html.unescape(verdict_html(result, lang)).replace("\u202f", " ")
    return [item.split("</li>")[0] for item in shown.split("<li>")[1:]]


def test_the_builders_failing_expectation_says_what_the_game_shows_in_words():
    """The scenario builder's verdict tells a failed expectation and what the game shows
    instead as sentences, the way the check is told, never as the checks' raw data."""
    lines = _verdict_lines("en")
    assert len(lines) == 6
    for line in lines:
        assert "{" not in line and "[" not in line, line
        assert "Expected" not in line and "got" not in line, line
    life = next(line for line in lines if "23 life" in line)
    assert life.endswith("What the game shows: Alice has 22 life and Bob has 18 life."), life
    zone = next(line for line in lines if "graveyard" in line)
    assert "What the game shows: Alice's graveyard holds exactly Blood Artist (artist) and Grizzly Bears (bears)." in zone
    obj = next(line for line in lines if "exile" in line)
    assert "What the game shows: Grizzly Bears (bears) is in the graveyard and is untapped." in obj
    assert any("What the game shows: There are 2 objects on the stack." in line for line in lines)
    assert any("What the game shows: An ability of Blood Artist (artist) triggered 2 times" in line for line in lines)
    order = next(line for line in lines if "Nothing has resolved" in line)
    assert "What the game shows: In order, these resolved:" in order


def test_the_builders_failing_expectation_is_told_in_french():
    lines = _verdict_lines("fr")
    for line in lines:
        assert "{" not in line and "[" not in line, line
        assert "Attendu" not in line and "obtenu" not in line, line
    life = next(line for line in lines if "23 points de vie" in line)
    assert life.endswith("Ce que montre la partie : Alice a 22 points de vie et Bob a 18 points de vie."), life
    zone = next(line for line in lines if "cimetière" in line)
    assert "Ce que montre la partie : Le cimetière d'Alice contient exactement" in zone
    assert any("Ce que montre la partie : Il y a 2 objets sur la pile." in line for line in lines)


def test_a_copy_exception_names_card_types_in_lower_case_and_subtypes_with_a_capital():
    """205.2, 205.3: in running text card types and supertypes are lower case ("an artifact",
    "legendary"); subtypes take a capital ("a Spirit"). The copy's narration said "also
    Artifact"."""
    from mtgrules.abilities import parse_copy_exceptions
    from mtgrules.data import Node, load_yaml

    node = Node(load_yaml("{add_supertypes: [legendary], add_types: [artifact], add_subtypes: [spirit], power: 1, toughness: 1}"))
    said = parse_copy_exceptions(node).describe()
    assert said.en == "1/1, also legendary artifact Spirit"
    assert said.fr == "1/1, aussi artefact légendaire Esprit"


def test_a_step_the_timeline_does_not_have_is_a_value_error_that_names_it():
    """branch(99), to_scenario(99) and draw_step(game, 99) raised a bare IndexError: the kit's
    errors subclass ValueError. The error names the step and the steps there are, and the game
    is left as it was."""
    import pytest

    from mtgrules import Game
    from mtgrules.draw import draw_step
    from mtgrules.errors import StepError

    game = Game(["alice", "bob"])
    game.start()
    game.next_step()
    before = game.to_scenario()
    for call in (game.branch, game.to_scenario, lambda i: draw_step(game, i)):
        for bad in (99, -3, "1", True):
            with pytest.raises(ValueError, match=f"no step {bad!r} .*steps 0 to 1") as err:
                call(bad)
            assert isinstance(err.value, StepError) and isinstance(err.value, IndexError)
    assert game.to_scenario() == before and len(game.timeline.steps) == 2


SAME_NAME_AS_CATALOG = """\
title: probe
strict: false
players: [alice, bob]
cards:
  - name: Llanowar Mystic
    types: [creature]
    power: 1
    toughness: 1
  - name: Grizzly Bears
    mana_cost: "{1}{G}"
    types: [creature]
    power: 5
    toughness: 5
setup:
  alice:
    battlefield: [{card: Grizzly Bears, id: bears}]
"""


def test_a_scenario_card_with_a_catalog_cards_name_is_refused_with_file_line_and_field(tmp_path):
    """A scenario's own 5/5 "Grizzly Bears" silently replaced the catalog's 2/2 in that
    scenario: a reader of the file, the narration and the French name (« Grizzlis ») all mean
    the card everyone knows. It is refused where it is written, and says what to do."""
    import pytest

    from mtgrules.errors import ScenarioError
    from mtgrules.scenarios import load_scenario

    path = tmp_path / "bears.yaml"
    path.write_text(SAME_NAME_AS_CATALOG, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert err.value.file == str(path) and err.value.line == 9 and err.value.field == "cards[1].name"
    assert "'Grizzly Bears' is a card of the kit's catalog" in str(err.value)
    assert "another name" in str(err.value)
    renamed = SAME_NAME_AS_CATALOG.replace("Grizzly Bears", "Grizzly Bears Variant")
    bears = parse_scenario(renamed).new_game().view("bears")
    assert (bears.chars.power, bears.chars.toughness) == (5, 5)


def test_an_action_by_a_player_who_left_the_game_is_refused_citing_800_4a():
    """800.4a: Bob lost a game of three and left it. Passing, casting, activating, playing a
    land or sacrificing as Bob was refused as "Bob doesn't have priority (117.3d)", as if he
    might get it back: Bob is out of the game. Each is refused naming that, in English and
    French, and the game is left as it was."""
    import pytest
    from test_rules_leftovers import _left_game

    from mtgrules.actions import GameAction
    from mtgrules.errors import RulesError

    game = _left_game()
    before = game.to_scenario()
    steps = len(game.timeline.steps)
    for action in (GameAction("pass_priority", "bob"), GameAction("cast", "bob", ("zap",)),
                   GameAction("activate", "bob", ("elves",), 0),
                   GameAction("play_land", "bob", ("zap",)),
                   GameAction("sacrifice", "bob", ("goblin",))):
        with pytest.raises(RulesError) as err:
            game.apply(action)
        assert err.value.rule == "800.4a", (action, err.value)
        assert err.value.message == "Bob lost and left the game: a player who has left the game takes no actions"
        assert err.value.message_fr == "Bob a perdu et a quitté la partie : un joueur qui a quitté la partie n'agit plus"
    assert game.to_scenario() == before and len(game.timeline.steps) == steps
    game.pass_priority("alice")  # the others play on


# --- part 2: made-up cards played from outside ------------------------------------------------

INDEFINITE_HASTE = """
title: probe
strict: false
players:
  alice: {mana: "{R}"}
  bob: {}
cards:
  - name: Spur of Fury
    mana_cost: "{R}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Target creature gains haste."
        targets: [{type: creature}]
        effects: [{do: continuous, what: target, gains: [haste], duration: indefinite}]
setup:
  active: alice
  step: main1
  alice:
    hand: [{card: Spur of Fury, id: spur}]
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: spur
    answers: [{targets: [bears]}]
  - resolve: 1
"""


def test_a_continuous_effect_with_no_end_is_told_without_a_space_before_the_full_stop():
    """611.2a: an effect of a resolved spell with no stated duration lasts as long as the game.
    Its log line read "Grizzly Bears (bears): gains haste ." (and « acquièrent la célérité . »):
    the missing "until end of turn" left its space behind."""
    game = parse_scenario(INDEFINITE_HASTE).run().game
    en = [e.text("en") for e in game.timeline.steps[-1].entries if e.key == "continuous_effect"]
    fr = [e.text("fr") for e in game.timeline.steps[-1].entries if e.key == "continuous_effect"]
    assert en == ["Grizzly Bears (bears): gains haste."]
    assert fr == ["Les Grizzlis (bears)\u202f: acquièrent la célérité."]


TRIGGER_LIKE_IDS = """
title: probe
players: [alice, bob]
setup:
  alice:
    battlefield:
      - {card: Blood Artist, id: T2}
      - {card: Blood Artist, id: T1}
      - {card: Grizzly Bears, id: bears}
script:
  - destroy: [bears]
    answers:
      - order_triggers: [T1, T2]
"""


def test_an_id_that_reads_as_a_triggered_abilitys_key_is_refused_with_file_line_and_field():
    """603.3b: a player ordering triggered abilities answers with their keys T1, T2... or with
    their sources' ids. A source whose id is "T1" made "order_triggers: [T1, T2]" mean the
    keys, silently, whatever the writer meant; ids of the form S1 were already refused."""
    with pytest.raises(ScenarioError) as err:
        parse_scenario(TRIGGER_LIKE_IDS, file="ids.yaml")
    assert (err.value.file, err.value.line, err.value.field) == ("ids.yaml", 7, "setup.alice.battlefield[0].id")
    assert "T1, T2... name triggered abilities" in str(err.value) and "603.3b" in str(err.value)
    game = Game(["alice", "bob"])
    with pytest.raises(ValueError, match="T1, T2... name triggered abilities"):
        game.add(catalog()["Grizzly Bears"], "battlefield", "alice", id="T7")
    assert game.state.objects == {}


THREE_PLAYER_COMBAT = """
title: probe
strict: false
players: [alice, bob, carol]
cards:
  - name: Burly Ox
    types: [creature]
    subtypes: [ox]
    power: 3
    toughness: 3
  - name: Hill Goat
    types: [creature]
    subtypes: [goat]
    power: 1
    toughness: 1
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Burly Ox, id: ox1}, {card: Burly Ox, id: ox2}]
  bob:
    battlefield: [{card: Hill Goat, id: bgoat}]
  carol:
    battlefield: [{card: Hill Goat, id: cgoat}]
script:
  - declare_attackers: {ox1: bob, ox2: carol}
"""


def test_a_blocker_of_another_defending_player_is_refused_saying_whose_it_is():
    """509.1a, 802.4: with several defending players, each declares blockers in turn, with
    creatures they control, blocking creatures attacking them. Bob's declaration naming
    Carol's Goat was refused as "takes 0 to 1, got 2", or "'cgoat>ox1' is not a legal
    answer": it now says why, in English and French, and the game is left as it was."""
    game = parse_scenario(THREE_PLAYER_COMBAT).run().game
    before = game.to_scenario()
    with pytest.raises(RulesError) as err:
        game.declare_blockers({"cgoat": "ox2"})  # (both players' blocks in one mapping: each one's)
    assert err.value.rule == "509.1a"
    assert err.value.message == ("Hill Goat (cgoat) is controlled by Carol: Bob declares "
                                 "blockers with creatures Bob controls, and each defending "
                                 "player declares in turn")
    assert err.value.message_fr == ("Hill Goat (cgoat) est contrôlé par Carol : Bob déclare "
                                    "ses bloqueurs parmi ses propres créatures, et "
                                    "chaque joueur défenseur déclare les siens à son tour")
    with pytest.raises(RulesError) as err:
        game.declare_blockers({"bgoat": "ox2"})
    assert err.value.rule == "509.1a"
    assert err.value.message == ("Burly Ox (ox2) is attacking Carol: Bob's creatures block "
                                 "only creatures attacking Bob or what Bob controls or "
                                 "protects")
    assert game.to_scenario() == before
    game.declare_blockers({"bgoat": "ox1"}, answers=[{"blockers": {"cgoat": "ox2"}}])
    assert game.state.combat.blockers == {"bgoat": ["ox1"], "cgoat": ["ox2"]}


def test_without_an_active_player_no_creature_attacks_and_no_one_declares():
    """800.4j: Alice left the game during her turn; the turn goes on without an active
    player. The log said "Alice declares no attackers: no creature under their control can
    attack" as if she were still playing."""
    three = parse_scenario(THREE_PLAYER_COMBAT.replace("  - declare_attackers: {ox1: bob, ox2: carol}\n", "  - damage: {amount: 20, to: [alice]}\n  - next_step: declare_attackers\n")).run()
    assert three.error is None, three.error
    step = three.game.timeline.steps[-1]
    en = [e.text("en") for e in step.entries]
    fr = [e.text("fr") for e in step.entries]
    assert not any("declares no attackers" in line for line in en), en
    assert "Alice has left the game: the turn goes on without an active player, and no creature attacks." in en
    assert "Alice a quitté la partie\u202f: le tour continue sans joueur actif, et aucune créature n'attaque." in fr
    assert three.game.state.combat is None or not three.game.state.combat.attackers


CURSE_ON_A_PLAYER_WHO_LEAVES = """
title: probe
strict: false
players:
  alice: {}
  bob: {life: 2}
  carol: {}
cards:
  - name: Curse of Dread
    mana_cost: "{2}{B}"
    types: [enchantment]
    subtypes: [aura, curse]
    abilities:
      - {keyword: enchant, enchant: player}
      - kind: triggered
        text: "At the beginning of enchanted player's upkeep, that player loses 1 life."
        trigger: {event: beginning_of_upkeep, player: enchanted_player}
        effects: [{do: lose_life, who: enchanted_player, amount: 1}]
setup:
  active: alice
  step: main1
  alice:
    battlefield: [{card: Curse of Dread, id: curse, attached_to: bob}]
script:
  - damage: {amount: 2, to: [bob]}
"""


def test_an_aura_attached_to_a_player_who_left_the_game_goes_to_the_graveyard():
    """704.5m, 800.4a: Bob lost a game of three and left it; Alice's Curse enchanting him is
    attached to a player no longer in the game, an illegal player: it is put into its owner's
    graveyard. It stayed on the battlefield, attached to Bob."""
    game = parse_scenario(CURSE_ON_A_PLAYER_WHO_LEAVES).run().game
    assert game.state.objects["curse"].zone == "graveyard"
    entries = game.timeline.steps[-1].entries
    sba = next(e for e in entries if e.key == "sba" and e.get("id") == "curse")
    assert sba.text("en") == "State-based action: Curse of Dread (curse) is put into the graveyard: Bob has left the game."
    assert sba.text("fr") == "Action basée sur un état\u202f: Curse of Dread (curse) est mis au cimetière\u202f: Bob a quitté la partie."
    assert "800.4a" in sba.rules


def test_a_player_an_aura_cant_enchant_is_named_by_name():
    """303.4c, 702.5d: "Enchant opponent" attached to its own controller is refused naming
    the player as the log names players ("Alice"), not by the file's id ("alice")."""
    text = CURSE_ON_A_PLAYER_WHO_LEAVES.replace("enchant: player}", "enchant: opponent}").replace("attached_to: bob}", "attached_to: alice}")
    with pytest.raises(ScenarioError, match="Curse of Dread can enchant only an opponent; Alice isn't one"):
        parse_scenario(text)


TARGET_WHO_LEAVES = """
title: probe
strict: false
players:
  alice: {mana: "{B}"}
  bob: {life: 2}
  carol: {mana: "{R}"}
cards:
  - name: Drain Essence
    mana_cost: "{B}"
    types: [instant]
    abilities:
      - kind: spell
        text: "Target player loses 3 life and you gain 3 life."
        targets: [{type: player}]
        effects: [{do: lose_life, who: target, amount: 3}, {do: gain_life, who: you, amount: 3}]
setup:
  active: alice
  step: main1
  alice:
    hand: [{card: Drain Essence, id: drain}]
  carol:
    hand: [{card: Lightning Bolt, id: bolt}]
script:
  - cast: drain
    answers: [{targets: [bob]}]
  - pass: alice
  - pass: bob
  - cast: bolt
    by: carol
    answers: [{targets: [bob]}]
  - resolve: 1
  - resolve: 1
"""


def test_a_spell_whose_only_target_left_the_game_does_not_resolve():
    """608.2b, 800.4a: Bob, the only target of Alice's Drain Essence, lost and left the game
    before it resolved; a player no longer in the game is an illegal target, so the spell
    doesn't resolve. It resolved: "Bob loses 3 life. Alice gains 3 life." """
    game = parse_scenario(TARGET_WHO_LEAVES).run().game
    assert game.player("alice").life == 20
    said = [e.text("en") for e in game.timeline.steps[-1].entries]
    assert "S1 (Drain Essence) doesn't resolve: all its targets are illegal." in said, said
    assert game.state.objects["drain"].zone == "graveyard"


COPY_OF_AN_AURA_WITH_NOTHING_TO_ENCHANT = """
title: probe
strict: false
players:
  alice: {mana: "{3}{U}"}
  bob: {}
cards:
  - name: Binding Hex
    mana_cost: "{1}{W}"
    types: [enchantment]
    subtypes: [aura]
    abilities:
      - {keyword: enchant, enchant: creature_you_control}
      - kind: static
        text: "Enchanted creature can't attack or block."
        static: {restriction: {affects: enchanted_creature, cant: [attack, block]}}
  - name: Mimic Sigil
    mana_cost: "{3}{U}"
    types: [enchantment]
    abilities:
      - kind: replacement
        text: "You may have this enchantment enter as a copy of any enchantment on the battlefield."
        static: {enter_as_copy: {optional: true, choose: {types: [enchantment]}}}
  - name: Burly Ox
    types: [creature]
    power: 3
    toughness: 3
setup:
  active: alice
  step: main1
  alice:
    hand: [{card: Mimic Sigil, id: sigil}]
  bob:
    battlefield:
      - {card: Burly Ox, id: ox}
      - {card: Binding Hex, id: hex, attached_to: ox}
script:
  - cast: sigil
  - resolve: 1
    answers: [{enter_as_copy: hex}]
"""


def test_an_aura_resolving_as_a_spell_with_nothing_to_enchant_goes_to_the_graveyard():
    """303.4g: Mimic Sigil (not an Aura spell) resolves and enters as a copy of Binding Hex,
    "enchant creature you control"; Alice controls no creature, so there is nothing it could
    enchant. It would stay in its zone, but that zone is the stack: it is put into its owner's
    graveyard instead. It stayed in the stack zone with no spell on the stack."""
    game = parse_scenario(COPY_OF_AN_AURA_WITH_NOTHING_TO_ENCHANT).run().game
    assert game.state.objects["sigil"].zone == "graveyard"
    assert game.state.ids_in("alice", "graveyard") == ["sigil"] and game.state.stack == []
    step = game.timeline.steps[-1]
    en = [e.text("en") for e in step.entries]
    fr = [e.text("fr") for e in step.entries]
    assert "Mimic Sigil (sigil) can't enter the battlefield: there is nothing it could enchant, so it goes to its owner's graveyard instead." in en, en
    assert "Mimic Sigil (sigil) ne peut pas arriver sur le champ de bataille\u202f: il n'y a rien qu'il puisse enchanter, il va donc dans le cimetière de son propriétaire à la place." in fr, fr
    game.next_step()  # the game goes on


def test_the_builders_failed_expected_refusal_says_which_rule_was_cited_instead():
    """A script step expecting a refusal under one rule, refused under another: the verdict
    says the rule the game cited and the one the file asked for, in both languages."""
    from mtgrules.widgets.views import verdict_html

    text = THREE_PLAYER_COMBAT + "  - declare_blockers: {cgoat: ox1}\n    error: {rule: \"509.1c\"}\n"
    result = parse_scenario(text).run()
    en = html.unescape(verdict_html(result, "en"))
    fr = html.unescape(verdict_html(result, "fr")).replace("\u202f", " ")
    assert "What the game shows: The action was refused (rule 509.1a), not rule 509.1c: Hill Goat (cgoat) is controlled by Carol" in en
    assert "Ce que montre la partie : L'action a été refusée (règle 509.1a), pas la règle 509.1c : Hill Goat (cgoat) est contrôlé par Carol" in fr


def test_replaying_a_game_that_has_not_started_says_so():
    """replay() of a game with no recorded step raised "list index out of range"; like
    branch(), it says what is missing, as a ValueError, and the game is left as it was."""
    game = Game(["alice", "bob"])
    with pytest.raises(ValueError, match=r"no recorded step to replay \(call start\(\) first\)"):
        game.replay()
    assert game.timeline.steps == []
    game.start()
    assert len(game.replay().timeline.steps) == 1


def test_a_combat_damage_recipient_that_cant_be_chosen_is_named_as_the_log_names_it():
    """510.1c, 702.19b: a trampler attacking Carol's planeswalker, blocked by her Goat, may
    assign its damage to the Goat and the planeswalker, never to Carol. The refusal named
    them by ids ("can't assign combat damage to carol (it may assign to: cgoat, sage)")."""
    text = THREE_PLAYER_COMBAT.replace("  - name: Hill Goat", """  - name: Sage of Winds
    types: [planeswalker]
    subtypes: [jace]
    loyalty: 3
  - name: Hill Goat""").replace("    battlefield: [{card: Hill Goat, id: cgoat}]", "    battlefield: [{card: Hill Goat, id: cgoat}, {card: Sage of Winds, id: sage, counters: {loyalty: 3}}]").replace(
        "  - declare_attackers: {ox1: bob, ox2: carol}", "  - declare_attackers: {ox1: sage}\n  - declare_blockers: {cgoat: ox1}").replace(
        "    power: 3\n    toughness: 3\n", "    power: 3\n    toughness: 3\n    abilities: [{keyword: trample}]\n", 1)
    game = parse_scenario(text).run().game
    before = game.to_scenario()
    with pytest.raises(RulesError) as err:
        game.combat_damage({"ox1": {"cgoat": 1, "carol": 2}})
    assert err.value.message == ("Burly Ox (ox1) can't assign combat damage to Carol (it may "
                                 "assign to: Hill Goat (cgoat), Sage of Winds (sage))")
    assert err.value.message_fr == ("Burly Ox (ox1) ne peut pas assigner de blessures de combat "
                                    "à Carol (possible : Hill Goat (cgoat), Sage of Winds (sage))")
    assert game.to_scenario() == before


EVERYONE_LOSES = """
title: probe
strict: false
players:
  alice: {life: 3, mana: "{R}"}
  bob: {life: 3}
  carol: {life: 3}
cards:
  - name: Tremor Wave
    mana_cost: "{R}"
    types: [sorcery]
    abilities:
      - kind: spell
        text: "Tremor Wave deals 3 damage to each player."
        effects: [{do: damage, to: each_player, amount: 3}]
setup:
  active: alice
  step: main1
  alice:
    hand: [{card: Tremor Wave, id: wave}]
script:
  - cast: wave
  - resolve: 1
"""


@pytest.mark.parametrize(("carol", "en", "fr", "rule"), [
    (3, "The game is a draw: all the players still in it lost at the same time.",
     "La partie est nulle\u202f: tous les joueurs encore dans la partie ont perdu en même temps.",
     "104.4a"),
    (20, "Carol wins the game: every opponent has lost.",
     "Carol gagne la partie\u202f: tous ses adversaires ont perdu.", "104.2a"),
])
def test_the_end_of_the_game_says_who_won_or_that_it_is_a_draw(carol, en, fr, rule):
    """104.4a: when all the players still in a game lose at the same time, it is a draw;
    104.2a: a player whose opponents have all left the game wins it. The log said only who
    lost, and nothing of how the game ended."""
    game = parse_scenario(EVERYONE_LOSES.replace("  carol: {life: 3}", f"  carol: {{life: {carol}}}")).run().game
    assert game.state.game_over
    last = game.timeline.steps[-1].entries[-1]
    assert (last.text("en"), last.text("fr"), last.rules[0]) == (en, fr, rule)


def test_by_on_an_action_no_player_takes_is_refused_with_file_line_and_field():
    """A script's `destroy: [bears]` with `by: bob` read as "Bob destroys the Bears", but a
    destroy step is an effect's, not a player's: `by` was silently ignored."""
    text = "title: x\nplayers: [alice, bob]\nsetup:\n  alice:\n    battlefield: [{card: Grizzly Bears, id: bears}]\nscript:\n  - destroy: [bears]\n    by: bob\n"
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, file="by.yaml")
    assert (err.value.line, err.value.field) == (8, "script[0].by")
    assert "no player takes 'destroy'" in str(err.value) and "cast, activate, play, pass, sacrifice" in str(err.value)


@pytest.mark.parametrize(("colors", "en", "fr"), [
    ("[red, blue]", "blue and red", "bleu et rouge"),
    ("[G]", "green", "vert"),
    ("[]", "colorless", "incolore"),
])
def test_a_copy_exceptions_colors_are_told_as_words(colors, en, fr):
    """707.9b: "except it's blue and red". The narration said "except: colors RU" (and for
    a colorless copy "colors ", with nothing after it)."""
    from mtgrules.abilities import parse_copy_exceptions
    from mtgrules.data import Node, load_yaml

    said = parse_copy_exceptions(Node(load_yaml(f"{{colors: {colors}}}"))).describe()
    assert (said.en, said.fr) == (en, fr)


@pytest.mark.parametrize(("modification", "en"), [
    ({"types": ("artifact",)}, "also has the type artifact"),
    ({"types": ("artifact",), "subtypes": ("spirit",)}, "also has the types artifact and Spirit"),
    ({"creature_types": ("frog",)}, "has Frog as its only creature type"),
    ({"creature_types": ("frog", "elf")}, "has Frog and Elf as its only creature types"),
    ({"creature_types": ()}, "has no creature type any more"),
])
def test_a_continuous_effect_on_types_says_in_english_what_the_french_says(modification, en):
    """613.1d, 205.1b: "becomes a Frog" sets the creature types (layer 4); "is an artifact in
    addition to its other types" adds one. The English log said "becomes frog" and "becomes
    artifact" for both, where the French said « a pour seul type de créature Grenouille » and
    « a aussi le type artefact »."""
    from mtgrules.continuous import Modification, describe

    assert describe(Modification(**modification)) == en


def test_no_action_is_taken_once_the_game_is_over():
    """104.1: a game ends immediately when a player wins or it is a draw. The kit keeps the
    board to look at, but Alice could still cast Lightning Bolt at Bob after he lost. Every
    action is now refused citing 104.1, and the game is left as it was; undo still works."""
    game = Game(["alice", "bob"])
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.deal_damage(20, "bob")
    before = game.to_scenario()
    for call in (lambda: game.cast("alice", bolt, answers=[{"targets": ["bob"]}]),
                 lambda: game.next_step(), lambda: game.deal_damage(1, "alice"),
                 lambda: game.pass_priority()):
        with pytest.raises(RulesError) as err:
            call()
        assert err.value.rule == "104.1"
        assert err.value.message == "the game is over: Alice won it"
        assert err.value.message_fr == "la partie est terminée : Alice l'a gagnée"
    assert game.to_scenario() == before
    game.undo()
    assert not game.state.game_over
