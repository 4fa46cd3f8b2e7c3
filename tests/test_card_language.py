"""The card-language reference (docs/card_language.md) is generated from the vocabulary tables
(`make schema`): every word has a rule, English and French text and an example ability that
loads, is valid for the shipped schema, and uses the word."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mtgrules.abilities import (
    EFFECT_VOCABULARY,
    KEYWORDS,
    REPLACEMENT_VOCABULARY,
    STATIC_KINDS,
    TARGET_TYPES,
    TRIGGER_EVENTS,
    AbilityDef,
    parse_ability,
)
from mtgrules.data import Node, load_yaml
from mtgrules.schema import shipped_schema
from mtgrules.schema.reference import DOC, Entry, entries, markdown
from mtgrules.words import KEYWORD_WORDS, STATIC_WORDS, TARGET_WORDS, TRIGGER_WORDS

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = list(entries())


def test_the_reference_is_up_to_date():
    """Run `make schema` after adding or changing a word."""
    assert (ROOT / DOC).read_text(encoding="utf-8") == markdown(), "run `make schema`"


def test_every_word_of_every_list_is_in_the_reference():
    assert set(TRIGGER_WORDS) == set(TRIGGER_EVENTS), "add the trigger event to words.py"
    assert set(TARGET_WORDS) == set(TARGET_TYPES), "add the target type to words.py"
    assert set(STATIC_WORDS) == set(STATIC_KINDS), "add the static kind to words.py"
    assert {e.word for e in ENTRIES if e.section == "replacements"} == \
        set(REPLACEMENT_VOCABULARY)
    assert set(KEYWORD_WORDS) == set(KEYWORDS), "add the keyword to words.py"
    assert {e.word for e in ENTRIES if e.section == "effects"} == set(EFFECT_VOCABULARY)


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.section}-{e.word}" for e in ENTRIES])
def test_every_word_has_its_rule_texts_and_an_example(entry: Entry):
    assert entry.rule and entry.text and entry.text_fr and entry.text != entry.text_fr, entry
    assert entry.example, f"{entry.section} '{entry.word}' has no example"


def _ability(entry: Entry) -> AbilityDef:
    return parse_ability(Node(load_yaml(entry.example), file=f"example of {entry.word}"))


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.section}-{e.word}" for e in ENTRIES])
def test_every_example_loads_and_is_valid_for_the_schema(entry: Entry):
    _ability(entry)
    card = {"cards": [{"name": "Example", "types": ["instant"],
                       "abilities": [load_yaml(entry.example)]}]}
    errors = list(Draft202012Validator(shipped_schema("cards")).iter_errors(card))
    assert not errors, errors[0].message


def _words_used(value: Any) -> set[str]:
    """Every key and every string in the example, as written."""
    if isinstance(value, dict):
        return set(value) | {w for v in value.values() for w in _words_used(v)}
    if isinstance(value, list):
        return {w for v in value for w in _words_used(v)}
    return {str(value)}


@pytest.mark.parametrize("entry", ENTRIES, ids=[f"{e.section}-{e.word}" for e in ENTRIES])
def test_every_example_uses_its_word(entry: Entry):
    used = _words_used(load_yaml(entry.example))
    if entry.word == "N":
        assert any(w.isdigit() for w in used)
    elif (entry.section, entry.word) == ("affects", "filter"):
        assert "affects" in used and "{affects: {" in entry.example
    elif entry.word.endswith("_controller") or "." in entry.word:
        stem = entry.word.split(".")[0] + "." if "." in entry.word else "_controller"
        assert any(stem in w for w in used), (entry.word, used)
    else:
        assert entry.word in used, (entry.word, used)


@pytest.mark.parametrize(("word", "refused"), [
    ("target2", True), ("target2.power", True), ("target2_controller", True),
    ("target", False), ("target.toughness", False), ("target_controller", False),
    ("target10", False), ("targets", False), ("target.", False)])
def test_an_effect_naming_a_target_slot_the_ability_lacks_is_refused(word, refused):
    """115.1: ``target2`` (alone, ``.power`` or ``_controller``) names the second target; an
    ability with one target slot has none, and its file says so where the word is. Words
    that name no slot ("target10", "targets") are left to the effect's own checks."""
    text = f"{{kind: spell, targets: [{{type: creature}}], effects: [{{do: gain_life, " \
           f"amount: 1, who: {word}}}]}}"
    if refused:
        with pytest.raises(ValueError, match="names target number 2, but the ability has "
                                             r"1 target \(115.1\)"):
            parse_ability(Node(load_yaml(text, "x.yaml"), "x.yaml"))
    else:
        try:
            parse_ability(Node(load_yaml(text, "x.yaml"), "x.yaml"))
        except ValueError as err:
            assert "names target number" not in str(err)
