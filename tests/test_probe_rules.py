"""A judge's probes, session 6, with made-up cards: what a check reads and what the rules
say it is. Each test plays a situation written as a scenario."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from mtgrules.scenarios import parse_scenario

PLANESWALKER = """
title: probe
players: [alice, bob]
cards:
  - name: Ember Sage
    name_fr: Sage des braises
    grammar_fr: le
    mana_cost: "{2}{R}{R}"
    types: [planeswalker]
    subtypes: [chandra]
    loyalty: 3
  - name: Zap
    name_fr: Zap
    types: [instant]
    mana_cost: "{R}"
    abilities:
      - kind: spell
        text: "Zap deals 2 damage to any target."
        targets: [{type: any}]
        effects: [{do: damage, to: target, amount: 2}]
setup:
  active: alice
  step: main1
  alice:
    mana: "{R}"
    hand: [{card: Zap, id: zap}]
  bob:
    battlefield: [{card: Ember Sage, id: sage}]
script:
  - cast: zap
    answers: [{targets: [sage]}]
  - resolve: 1
expect:
  - object: {id: sage, loyalty: LOYALTY}
"""


def _passes(text: str) -> bool:
    result = parse_scenario(text).run()
    assert result.error is None, result.error
    return result.passed


def test_a_planeswalkers_loyalty_on_the_battlefield_is_its_loyalty_counters():
    """306.5c: the loyalty of a planeswalker on the battlefield is the number of loyalty
    counters on it; 2 damage removed 2 of its 3 (120.3c). A check of `loyalty: 3` (its printed
    number, 306.5a) would teach that damage leaves its loyalty alone."""
    assert _passes(PLANESWALKER.replace("LOYALTY", "1"))
    assert not _passes(PLANESWALKER.replace("LOYALTY", "3"))


def test_a_planeswalkers_loyalty_off_the_battlefield_is_its_printed_number():
    """306.5a: off the battlefield, its loyalty is the number printed on it."""
    text = PLANESWALKER.replace("battlefield: [{card: Ember Sage, id: sage}]",
                                "hand: [{card: Ember Sage, id: sage}]")
    text = text.replace("    answers: [{targets: [sage]}]", "    answers: [{targets: [bob]}]")
    assert _passes(text.replace("LOYALTY", "3"))
    assert not _passes(text.replace("LOYALTY", "1"))


THREE_PLAYERS = """
title: probe
players:
  alice: {}
  bob: {life: 2}
  carol: {life: 2}
cards:
  - name: Zap
    name_fr: Zap
    types: [instant]
    mana_cost: "{R}"
    abilities:
      - kind: spell
        text: "Zap deals 3 damage to any target."
        targets: [{type: any}]
        effects: [{do: damage, to: target, amount: 3}]
setup:
  active: alice
  step: main1
  alice:
    mana: "{R}{R}"
    hand: [{card: Zap, id: zap}, {card: Zap, id: zap2}]
script:
  - cast: zap
    answers: [{targets: [bob]}]
  - resolve: 1
  - check:
      - log: {key: loses, player: bob}
  - cast: zap2
    answers: [{targets: [carol]}]
  - resolve: 1
  - check:
      - log: {key: loses, player: carol}
"""


def test_in_a_three_player_game_a_second_player_at_0_life_loses_too():
    """704.5a: any player with 0 or less life loses. With three players the game goes on
    after Bob loses (104.2a: it ends when all of a player's opponents have lost); Carol at
    -1 life then lost nothing: the first loss had ended every later check."""
    result = parse_scenario(THREE_PLAYERS).run()
    assert result.error is None, result.error
    assert result.passed, [(c.check.line, c.message) for c in result.failures()]
    state = result.game.state
    assert state.lost == ("bob", "carol") and state.game_over


def test_a_player_who_lost_is_not_said_to_lose_again():
    """Bob stays at -1 life while the three-player game goes on: one loss, said once."""
    result = parse_scenario(THREE_PLAYERS).run()
    entries = [e for s in result.game.timeline.steps for e in s.entries if e.key == "loses"]
    assert [e.get("player") for e in entries] == ["bob", "carol"]


def test_who_lost_is_saved_with_the_moment():
    """A moment saved after Bob lost loads back with Bob lost (and Carol still playing)."""
    from mtgrules.scenarios.loader import parse_scenario as parse

    game = parse_scenario(THREE_PLAYERS).run().game
    text = game.to_scenario(2)
    assert "lost: [bob]" in text
    again = parse(text).new_game()
    assert again.state.lost == ("bob",) and not again.state.game_over


HAND_SIZE = """
title: probe
players: [alice, bob]
setup:
  active: alice
  step: end
  alice:
    hand: [{card: Island, id: i1}, {card: Island, id: i2}, {card: Island, id: i3},
           {card: Island, id: i4}, {card: Island, id: i5}, {card: Island, id: i6},
           {card: Island, id: i7}, {card: Forest, id: f1}, {card: Forest, id: f2}]
  bob:
    hand: [{card: Island, id: b1}, {card: Island, id: b2}, {card: Island, id: b3},
           {card: Island, id: b4}, {card: Island, id: b5}, {card: Island, id: b6},
           {card: Island, id: b7}, {card: Island, id: b8}]
script:
  - next_step: cleanup
    answers: [{discard: [f1, f2]}]
  - check:
      - zone: {player: alice, zone: hand, count: 7}
      - zone: {player: alice, zone: graveyard, contains: [f1, f2], count: 2}
      - zone: {player: bob, zone: hand, count: 8}
      - log: {key: discards, id: f1}
"""


def test_the_active_player_discards_down_to_seven_in_the_cleanup_step():
    """514.1, 402.2: in their cleanup step the active player discards down to their maximum
    hand size (seven) and chooses what to discard (701.9b); the other player keeps eight. The
    kit's cleanup went straight to damage and 'until end of turn' (514.2): nine cards stayed."""
    result = parse_scenario(HAND_SIZE).run()
    assert result.error is None, result.error
    assert result.passed, [(c.check.line, c.message) for c in result.failures()]


def test_discarding_to_hand_size_takes_exactly_the_excess():
    """Two cards over seven: discarding one (or three) is refused, the game unchanged."""
    for wrong in ("[f1]", "[f1, f2, i1]"):
        result = parse_scenario(HAND_SIZE.replace("[f1, f2]}", wrong + "}")).run()
        assert result.error is not None and "514.1" in result.error


NEVER_TRIGGERS = """
title: probe
players: [alice, bob]
setup:
  alice:
    battlefield: [{card: Blood Artist, id: artist}, {card: Grizzly Bears, id: bears}]
script:
  - check:
      - triggered: {source: artist}
  - destroy: [bears]
    answers: [{targets: [bob]}]
  - check:
      - triggered: {source: artist}
      - triggered: {source: artist, event_object: bears}
"""


def test_a_triggered_check_without_a_count_needs_an_instance_that_triggered():
    """`triggered: {source: artist}` reads "the artist's ability triggered". It passed when
    nothing had triggered at all (the first check), so it could never fail; it now needs at
    least one instance, as the shipped scenarios that use it mean (triggers-05, -06, -13)."""
    result = parse_scenario(NEVER_TRIGGERS).run()
    assert result.error is None, result.error
    assert [c.check.line for c in result.failures()] == [9]
