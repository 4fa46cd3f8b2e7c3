"""The Comprehensive Rules quoted from the shipped file, and the kit's French labelled."""

import pytest

import mtgrules
from mtgrules.cr import UnknownRuleError, rule, rules_quoted
from mtgrules.rulings import load_rulings


def test_603_2d_is_the_additional_triggers_rule():
    r = mtgrules.rule("603.2d")
    assert r.text.startswith("An ability may state that a triggered ability triggers additional")
    assert "se déclenche une fois de plus" in r.fr


def test_a_rule_keeps_its_examples():
    assert rule("707.10").examples[0].startswith("Example: A player casts Fork")


def test_every_rule_a_ruling_cites_is_in_the_shipped_edition():
    for r in load_rulings():
        for number in r.rules:
            assert rule(number).text, f"{r.id} cites {number}"


def test_the_kits_french_is_labelled_unofficial_and_the_english_kept_as_published():
    assert "non officielle" in rule("707.10b").quote("fr")
    quoted = rule("602.2").quote("fr")
    assert "texte anglais officiel" in quoted and quoted.endswith(rule("602.2").text)


def test_an_unknown_rule_is_named():
    with pytest.raises(UnknownRuleError, match="999.9"):
        rule("999.9")
    with pytest.raises(ValueError):
        rule("nope")


def test_a_step_quotes_the_rules_it_cites_on_request():
    from mtgrules.scenarios import scenario_by_id

    step = scenario_by_id("gogo-12-copy-resolves-first").run().game.timeline[3]
    assert "> 707.10b" not in step.text("en")
    assert any(q.startswith("707.10b") for q in rules_quoted(step.rules()))
    assert "> 707.10b (traduction non officielle du kit)" in step.text("fr", quote_rules=True)
