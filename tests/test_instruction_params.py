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
