"""What every topic's shipped scenarios must do, for each topic at once (combat-, auras-, replace-,
triggers-, probe-, deps-, delayed-, copies-, layers-...): pass, cite a rule or a ruling in every
check, read in both languages with the official terms, and be unable to pass when the engine is
wrong: each check fails when its expected value is changed, and an expected refusal fails when it
claims another rule.

The topics' own test files keep what is particular to them (their cards, their mechanisms)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_text import (
    assert_a_refusal_with_another_rule_fails,
    assert_a_wrong_expectation_fails,
    assert_bilingual_with_official_terms,
    assert_checks_cite_rules,
    assert_scenario_passes,
    check_params,
    refusal_params,
)

from mtgrules.scenarios import shipped_scenarios

TOPICS = ("combat-", "auras-", "triggers-", "probe-", "replace-", "protect-", "deps-",
          "delayed-", "copies-", "layers-")
SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith(TOPICS)]
#: How many scenarios a topic has at least, where its tests promised a number.
AT_LEAST = {"replace-": 10}


def test_every_topic_has_scenarios():
    for topic in TOPICS:
        count = sum(p.stem.startswith(topic) for p in SCENARIOS)
        assert count >= AT_LEAST.get(topic, 1), (topic, count)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes(path: Path):
    assert_scenario_passes(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_check_cites_a_rule_or_a_ruling(path: Path):
    assert_checks_cite_rules(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_text_is_bilingual_with_official_terms(path: Path):
    """Titles, descriptions and notes exist in both languages, and the French uses the official
    terms for what the English says ("blocks" → bloque, "first strike" → initiative...)."""
    assert_bilingual_with_official_terms(path)


@pytest.mark.parametrize("path, index", check_params(SCENARIOS))
def test_a_wrong_expectation_fails(path: Path, index: int):
    """Each check of each scenario fails when its expected value is changed: none of them is
    decoration."""
    assert_a_wrong_expectation_fails(path, index)


@pytest.mark.parametrize("path, index", refusal_params(SCENARIOS))
def test_a_refusal_with_another_rule_fails(path: Path, index: int):
    """An expected refusal names its rule: claiming another rule makes the check fail."""
    assert_a_refusal_with_another_rule_fails(path, index)
