"""A judge's probes of issue 14 from outside (probe-* scenarios): copies with exceptions and
copies of them (707.9b, 707.3), anthems, lords, counters that annihilate and losing abilities
(613, 704.5q), control and timestamps (613.1b, 613.7, 613.4d), removing counters, "you may pay"
paid by tapping a land (117.1d, 605.3a), one filter (601.2c), "that player" and "each opponent"
(115.10), mana-value filters and "whenever you gain life" (202.3, 119.9). Every card in them is
made up, so nothing can lean on a known name; each check is shown to catch a wrong engine."""

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

from mtgrules.scenarios import load_scenario, shipped_scenarios

SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith("probe-")]


def test_there_are_probes():
    assert len(SCENARIOS) >= 6


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_probe_passes(path: Path):
    assert_scenario_passes(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_probe_check_cites_a_rule(path: Path):
    assert_checks_cite_rules(path)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_probe_text_is_bilingual_with_official_terms(path: Path):
    assert_bilingual_with_official_terms(path)


@pytest.mark.parametrize("path, index", check_params(SCENARIOS))
def test_a_wrong_expectation_fails(path: Path, index: int):
    """Each check of each probe fails when its expected value is changed."""
    assert_a_wrong_expectation_fails(path, index)


@pytest.mark.parametrize("path, index", refusal_params(SCENARIOS))
def test_a_refusal_with_another_rule_fails(path: Path, index: int):
    assert_a_refusal_with_another_rule_fails(path, index)


def test_a_payment_during_resolution_is_told_once_and_not_as_casting():
    """117.1d, 605.3a: "you may pay {1}" paid by tapping a Forest: one line, the ability's
    payment (118.12); not also "Alice pays {1}" citing 601.2h, a step of casting a spell."""
    path = next(p for p in SCENARIOS if p.stem.startswith("probe-04"))
    game = load_scenario(path).run().game
    step = next(s for s in game.timeline.steps if any(e.key == "paid_optional"
                                                      for e in s.entries))
    keys = [e.key for e in step.entries]
    assert keys.count("paid_optional") == 1
    assert "paid_mana" not in keys
    assert "mana_added" in keys or any("605" in " ".join(e.rules) for e in step.entries)


def test_a_control_effect_names_who_gets_control_in_both_languages():
    """613.1b: "gain control of target creature" tells who controls it now, by name: not
    "controlled by you" (who is "you" to a reader?) nor an English "you" in the French."""
    path = next(p for p in SCENARIOS if p.stem.startswith("probe-03"))
    game = load_scenario(path).run().game
    en, fr = game.timeline.text("en"), game.timeline.text("fr").replace("\u202f", " ")
    assert "Grizzly Bears (bears): under Alice's control; gains Haste until end of turn." in en
    assert "Les Grizzlis (bears) : sous le contrôle d'Alice ;" in fr
    assert "controlled by" not in en and " you" not in fr
