"""Honest verdicts: `mtgrules check` says a ruling is reproduced only when every scenario citing
it passes every one of its checks, tagged or not; an engine with a rule taken out is caught."""

from __future__ import annotations

import pytest

from mtgrules import ScenarioError, cli
from mtgrules.check import check_rulings
from mtgrules.scenarios import load_scenario, parse_scenario, scenario_by_id


def _row(rows: list[dict], ruling: str) -> dict:
    return next(r for r in rows if r["ruling"] == ruling)


def test_an_untagged_failing_check_fails_the_rulings_its_scenario_cites():
    result = scenario_by_id("gogo-08-target-without-alternative").run()
    untagged = [c for c in result.checks if not c.rulings]
    assert untagged, "the scenario has checks that name no ruling"
    untagged[0].passed = False
    row = _row(check_rulings([result]), "gogo-08")
    assert row["passed"] is False
    assert any("failed" in f for f in row["failures"])


def test_a_ruling_cited_only_in_an_expected_refusal_is_judged_by_it():
    result = scenario_by_id("gogo-14-same-mode").run()
    assert "gogo-14" in result.scenario.rulings()
    assert _row(check_rulings([result]), "gogo-14")["passed"] is True


def test_without_the_608_2b_recheck_mtgrules_check_fails(monkeypatch, capsys):
    """Take the recheck of targets on resolution out of the engine (608.2b): a target that
    left the battlefield is then treated as legal, and `mtgrules check` must say so."""
    from mtgrules import resolution
    monkeypatch.setattr(resolution, "_all_targets_illegal", lambda game, item: False)
    assert not scenario_by_id("gogo-08-target-without-alternative").run().passed
    assert cli.main(["check"]) == 1
    out = capsys.readouterr().out
    assert "gogo-08" in out and "FAIL" in out


def test_the_verdicts_name_every_ruling_in_order_with_its_card():
    """The check reads each ruling's id and card from their own cache entry (not the rulings,
    whose dates it never reads): the same as the rulings say."""
    from mtgrules.rulings import load_rulings, ruling_cards

    assert ruling_cards() == tuple((r.id, r.card) for r in load_rulings())
    assert [(r["ruling"], r["card"]) for r in check_rulings([])] == list(ruling_cards())


def test_an_expected_error_must_name_a_rule_or_a_text():
    text = scenario_by_id("gogo-14-same-mode").data
    path = load_scenario.__module__  # noqa: F841 - the shipped file is read as text below
    from mtgrules.scenarios import shipped_dir
    source = (shipped_dir() / "gogo-14-same-mode.yaml").read_text(encoding="utf-8")
    assert text is not None
    bad = source.replace("error: {contains: not asked for, ruling: gogo-14}",
                         "error: {ruling: gogo-14}")
    assert bad != source
    with pytest.raises(ScenarioError, match="names the rule") as err:
        parse_scenario(bad, file="bad.yaml")
    assert err.value.file == "bad.yaml" and err.value.line


def _without_answers(stem: str, answers: str) -> str:
    from mtgrules.scenarios import shipped_dir
    source = (shipped_dir() / f"{stem}.yaml").read_text(encoding="utf-8")
    assert answers in source
    return source.replace(answers, "")


def test_an_answer_left_to_the_default_policy_fails_a_strict_scenario():
    """XMage's strict choose mode: every question is answered by the script. Without its
    answer for the trigger order, masamune-08 names the step and the question."""
    text = _without_answers("masamune-08-leaves-the-battlefield",
                            "\n    answers: [{order_triggers: [T1, T2]}]")
    result = parse_scenario(text, file="m8.yaml").run()
    assert not result.passed and all(c.passed for c in result.checks)
    assert "'order_triggers'" in result.error and "default policy" in result.error
    assert result.error.startswith("line ")
    assert parse_scenario("strict: false\n" + text).run().passed
