"""The ends of texts read without regular expressions (issue 12: compiling them cost every
start): a quotation that ends its sentence takes no second period, a French name is read
without its id, and S1, S2... T1, T2... are no ids for objects or players."""

from __future__ import annotations

import pytest

from mtgrules import Game
from mtgrules.objects import reserved_id
from mtgrules.text import _one_period, french_name


@pytest.mark.parametrize(("text", "expected"), [
    ('It has "Sacrifice it.".', 'It has "Sacrifice it."'),
    ("Elle a « Sacrifiez-la. ».", "Elle a « Sacrifiez-la. »"),
    ("Elle a « Sacrifiez-la! ».", "Elle a « Sacrifiez-la! »"),
    ("It says \u201cDraw a card?\u201d.", "It says \u201cDraw a card?\u201d"),
    ('It has "Sacrifice it.".\n', 'It has "Sacrifice it."\n'),  # a last line, as $ read it
    ('It has "Sacrifice it"', 'It has "Sacrifice it"'),  # no period of its own: one is kept
    ('It has "Sacrifice it".', 'It has "Sacrifice it".'),
    ('It has "Go.  ".', 'It has "Go.  ".'),
    ('It has "Go.  "."', 'It has "Go.  "."'),
    ('".', '".'),
    ("", ""),
])
def test_a_quotation_that_ends_the_sentence_takes_no_second_period(text, expected):
    assert _one_period(text) == expected


def test_a_french_name_is_read_without_its_id():
    assert f"{french_name('Grizzlis (bears)'):Le}" == "Les Grizzlis (bears)"
    assert f"{french_name('Foudre (bolt)'):le}" == "la Foudre (bolt)"


@pytest.mark.parametrize(("name", "why"), [
    ("S1", "S1, S2"), ("S42", "S1, S2"), ("T3", "T1, T2"),
    ("S", None), ("T", None), ("s1", None), ("S1a", None), ("X1", None), ("", None),
])
def test_stack_ids_and_trigger_numbers_are_no_object_ids(name, why):
    found = reserved_id(name)
    assert (found is None) if why is None else found.startswith(why)


def test_no_player_is_named_as_a_stack_object():
    with pytest.raises(ValueError, match="S1, S2"):
        Game(["alice", "S2"])
    Game(["alice", "S", "S1a"])  # not stack ids


def test_a_rule_number_is_read_as_its_pattern_reads_it():
    """``rulings.is_rule_number`` reads with string methods what ``^[1-9]\\d{2}(?:\\.\\d+
    [a-z]?)?$`` matches (a section, a rule, a subrule: CR 100.1), to the last odd case."""
    import re

    from mtgrules.rulings import is_rule_number

    texts = ["603", "603.2", "603.2d", "707.10b", "100.1", "999.99z", "603\n", "603.2d\n",
             "603\n\n", "603.", "603.d", "603.2dd", "603.2D", "603.2.1", "0603", "060",
             "60", "6033", "a603", "603 ", " 603", "603.2d ", "", ".", "\n", "６０３",
             "1٣٣", "603.٢", "603.2é", "603.2-", "603..2", "603.2\n\n", "6O3"]
    for text in texts:
        expected = bool(re.match(r"^[1-9]\d{2}(?:\.\d+[a-z]?)?$", text))
        assert is_rule_number(text) is expected, text
    assert not is_rule_number(603)  # type: ignore[arg-type]
