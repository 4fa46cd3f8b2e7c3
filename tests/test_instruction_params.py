"""An instruction's parameters reach its handler as thaw makes them, new each time: a handler
may change what it is given (run_effect takes ``instead`` out), and the next resolution of the
same ability must not see that change (instructions._instruction thaws each ability's params
once and copies them)."""

from mtgrules.abilities import _freeze, thaw
from mtgrules.instructions import _instruction


def test_nested_params_are_given_afresh_to_each_resolution():
    params = _freeze({"amount": 3, "filter": {"types": ["creature"]},
                      "gains": [{"keyword": "flying"}]})
    first = _instruction(params)
    assert first == thaw(params)
    first["filter"]["types"].append("land")
    first["gains"][0]["keyword"] = "haste"
    first.pop("amount")
    assert _instruction(params) == thaw(params) == {
        "amount": 3, "filter": {"types": ["creature"]}, "gains": [{"keyword": "flying"}]}


def test_flat_params_are_given_afresh_to_each_resolution():
    params = _freeze({"amount": 2, "who": "target", "instead": None})
    first = _instruction(params)
    first.pop("instead")
    first["amount"] = 5
    assert _instruction(params) == {"amount": 2, "who": "target", "instead": None}


def _item(text: str):
    from mtgrules.abilities import parse_ability
    from mtgrules.data import Node, load_yaml
    from mtgrules.objects import StackItem
    ability = parse_ability(Node(load_yaml(text, "x.yaml"), "x.yaml"))
    return StackItem("S1", "spell", "alice", "c1", 0, "Giant Growth", "Croissance gigantesque",
                     ability=ability)


def test_an_ability_s_instruction_is_parsed_once_and_gives_what_a_parse_gives():
    from mtgrules.instructions import parsed_once
    item = _item("{kind: spell, targets: [{type: creature}], "
                 "effects: [{do: continuous, what: target, power: 3, toughness: 3}]}")
    (_, params), = item.ability.modes[0].effects
    made = []

    def parse(p: dict) -> tuple:
        made.append(p)
        return tuple(sorted(p.items()))
    first = parsed_once(item, "continuous", _instruction(params), parse)
    again = parsed_once(item, "continuous", _instruction(params), parse)
    assert first is again == tuple(sorted(thaw(params).items()))
    assert len(made) == 1  # the second resolution reads what the first parse made
    other = _item("{kind: spell, targets: [{type: creature}], "
                  "effects: [{do: continuous, what: target, power: 1, toughness: 1}]}")
    (_, params2), = other.ability.modes[0].effects
    assert parsed_once(other, "continuous", _instruction(params2), parse) != first
    assert len(made) == 2  # other params: parsed on their own


def test_an_ability_with_two_such_instructions_parses_each_time():
    from mtgrules.instructions import parsed_once
    item = _item("{kind: spell, targets: [{type: creature}], effects: ["
                 "{do: continuous, what: target, power: 3, toughness: 3}, "
                 "{do: continuous, what: target, power: 1, toughness: 1}]}")
    made = []
    for _, params in item.ability.modes[0].effects * 2:
        parsed_once(item, "continuous", _instruction(params), made.append)
    assert len(made) == 4


def test_a_continuous_effect_and_a_token_are_parsed_as_the_card_is_read():
    """What resolving would parse (abilities.PARSED_AT_LOAD) is read with the card
    (Mode.parsed, kept in the cache of parsed files): it equals what the handler's own parse
    makes of the params it takes, and resolving reads it without parsing."""
    from mtgrules.abilities import continuous_parts, token_characteristics
    from mtgrules.instructions import parsed_once
    item = _item("{kind: spell, targets: [{type: creature}], effects: ["
                 "{do: continuous, what: target, power: 3, toughness: 3}, "
                 "{do: create_token, token: {name: Soldier, types: [creature], power: 1, "
                 "toughness: 1}}, {do: draw}]}")
    mode = item.ability.modes[0]
    (_, continuous), (_, token), _ = mode.effects
    assert mode.parsed[0] == continuous_parts(_instruction(continuous))
    assert mode.parsed[1] == token_characteristics(_instruction(token))
    assert mode.parsed[2] is None
    assert parsed_once(item, "continuous", _instruction(continuous), continuous_parts) \
        is mode.parsed[0]
    assert parsed_once(item, "create_token", _instruction(token), token_characteristics) \
        is mode.parsed[1]


def test_what_the_card_s_reading_parsed_is_never_compared_nor_shown():
    """Mode.parsed is made from the effects: two modes with the same effects are equal, hash
    alike and show alike, whatever it holds (an ability made in code has none)."""
    from dataclasses import replace

    item = _item("{kind: spell, targets: [{type: creature}], "
                 "effects: [{do: continuous, what: target, power: 3, toughness: 3}]}")
    mode = item.ability.modes[0]
    bare = replace(mode, parsed=())
    assert mode.parsed and mode == bare and hash(mode) == hash(bare) and repr(mode) == repr(bare)


def test_a_token_that_copies_and_a_self_replacement_are_read_as_the_handler_reads_them():
    """No load-time parse for a token that copies (its handler parses nothing); a
    self-replacement (614.15) is taken out of the params first, as run_effect does."""
    from mtgrules.abilities import token_characteristics
    item = _item("{kind: spell, targets: [{type: creature}], effects: ["
                 "{do: create_token, copy_of: target}]}")
    assert item.ability.modes[0].parsed == ()
    kicked = _item("{kind: spell, effects: [{do: create_token, amount: 1, token: {name: "
                   "Soldier, types: [creature], power: 1, toughness: 1}, "
                   "instead: {if: {kicked: true}, amount: 2}}]}")
    (_, params), = kicked.ability.modes[0].effects
    taken = _instruction(params)
    assert "instead" in taken
    taken.pop("instead")  # (as run_effect does)
    assert kicked.ability.modes[0].parsed == (token_characteristics(taken),)


def test_a_saved_ability_does_not_carry_what_the_card_s_reading_parsed():
    """A delayed triggered ability made by an effect is saved field by field (no card holds
    it): Mode.parsed, derived from the effects, is not written, and the ability read back
    equals it (its parse is then made as it resolves)."""
    from mtgrules import catalog, saving
    item = _item("{kind: spell, effects: [{do: delayed_trigger, at: next_end_step, effects: "
                 "[{do: continuous, what: each, filter: {types: [creature]}, power: 1, "
                 "toughness: 1}]}]}")
    delayed = dict(item.ability.modes[0].effects[0][1])["ability"]
    assert delayed.modes[0].parsed
    cards = saving.Cards(catalog())
    written = saving.encode(delayed, cards)
    assert "parsed" not in str(written)
    assert saving.decode(written, cards) == delayed
