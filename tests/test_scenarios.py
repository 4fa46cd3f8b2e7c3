"""Scenario files: shipped ones play and pass; bad files name their file, line and field; the
command line's exit codes and `check --json` (issue 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules import ScenarioError
from mtgrules.check import check_rulings
from mtgrules.rulings import ruling_ids
from mtgrules.scenarios import load_scenario, parse_scenario, shipped_scenarios

SHIPPED = shipped_scenarios()
MINIMAL = """
players: [alice, bob]
setup:
  alice:
    battlefield: [{card: Blood Artist, id: artist}, {card: Grizzly Bears, id: bears}]
script:
  - destroy: bears
    answers: [{targets: [bob]}]
  - resolve: 1
expect:
  - life: {alice: 21, bob: 19}
"""


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_scenario_passes(path: Path):
    result = load_scenario(path).run()
    assert result.passed, [(c.check.line, c.message, c.actual) for c in result.failures()] \
        or result.error


def test_every_shipped_scenario_is_bilingual():
    for path in SHIPPED:
        sc = load_scenario(path)
        assert sc.title and sc.title_fr, path.name
        assert sc.description and sc.description_fr, path.name


def test_a_minimal_scenario_and_a_wrong_expectation():
    assert parse_scenario(MINIMAL).run().passed
    wrong = parse_scenario(MINIMAL.replace("bob: 19", "bob: 20")).run()
    assert not wrong.passed and wrong.failures()[0].actual == {"alice": 21, "bob": 19}


@pytest.mark.parametrize("bad, line, field, words", [
    (MINIMAL.replace("Blood Artist", "Blood Artsit"), 5, "setup.alice.battlefield[0].card",
     "unknown card"),
    (MINIMAL.replace("  - resolve: 1", "  - resolve: 1\n    colour: red"), 10, "colour",
     "unknown key"),
    (MINIMAL.replace("  - life:", "  - ruling: gogo-99\n    life:"), 11, "ruling",
     "unknown ruling id"),
    (MINIMAL.replace("destroy: bears", "explode: bears"), 7, "script[0].explode",
     "unknown key 'explode'"),
    (MINIMAL.replace("players: [alice, bob]", "players: [alice, bob"), None, None,
     "invalid YAML"),
])
def test_a_bad_file_names_file_line_and_field(bad: str, line, field, words):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(bad, file="bad.yaml")
    assert err.value.file == "bad.yaml" and words in str(err.value)
    if line is not None:
        assert err.value.line == line
    if field is not None:
        assert field in (err.value.field or "")


def test_unused_answers_are_an_error_not_ignored():
    text = MINIMAL.replace("answers: [{targets: [bob]}]", "answers: [{targets: [bob]}, {x: 3}]")
    result = parse_scenario(text).run()
    assert not result.passed and "not asked for" in (result.error or "")


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mtgrules", *args], capture_output=True,
                          text=True, cwd=Path(__file__).parents[1], timeout=300)


def test_cli_run_exit_codes(tmp_path: Path):
    good, wrong, broken = (tmp_path / n for n in ("good.yaml", "wrong.yaml", "broken.yaml"))
    good.write_text(MINIMAL)
    wrong.write_text(MINIMAL.replace("bob: 19", "bob: 18"))
    broken.write_text(MINIMAL.replace("Blood Artist", "Nope"))
    assert run_cli("run", str(good)).returncode == 0
    failed = run_cli("run", str(wrong), "--lang", "fr")
    assert failed.returncode == 1 and "Ce que montre la partie" in failed.stdout
    invalid = run_cli("run", str(broken))
    assert invalid.returncode == 2 and "broken.yaml:5" in invalid.stderr


def test_check_json_lists_all_39_rulings():
    out = run_cli("check", "--json")
    rows = json.loads(out.stdout)
    assert [r["ruling"] for r in rows] == list(ruling_ids()) and len(rows) == 39
    for row in rows:
        assert set(row) >= {"ruling", "card", "scenarios", "passed"}
        assert row["passed"] is None or row["scenarios"]
    assert out.returncode == (1 if any(r["passed"] is False for r in rows) else 0)


def test_a_ruling_with_a_failing_check_is_reported_failed(monkeypatch):
    results = [load_scenario(p).run() for p in SHIPPED if p.stem == "gogo-prowess-is-triggered"]
    results[0].checks[0].passed = False
    row = next(r for r in check_rulings(results) if r["ruling"] == "gogo-05")
    assert row["passed"] is False


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_a_played_scenario_replays_exactly_from_its_recorded_answers(path: Path):
    """Every action and every answer is recorded: replaying them gives the same game."""
    game = load_scenario(path).run().game
    again = game.replay()
    assert again.timeline.text("en") == game.timeline.text("en")
    assert again.timeline.text("fr") == game.timeline.text("fr")
    from mtgrules.scenarios.runner import fingerprint
    assert fingerprint(again) == fingerprint(game)
