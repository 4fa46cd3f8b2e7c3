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
