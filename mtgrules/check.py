"""Which rulings the engine reproduces right now: every shipped scenario is played, and each
ruling is judged by the scenarios whose checks name it."""

from __future__ import annotations

from typing import Any

from .rulings import load_rulings
from .scenarios import ScenarioResult, load_scenario, shipped_scenarios


def run_shipped() -> list[ScenarioResult]:
    return [load_scenario(p).run() for p in shipped_scenarios()]


def check_rulings(results: list[ScenarioResult] | None = None) -> list[dict[str, Any]]:
    """One row per ruling: ``ruling``, ``card``, ``scenarios`` (ids) and ``passed`` (True, False,
    or None when no scenario demonstrates it). A scenario counts for a ruling when one of its
    checks names it; the ruling passes when every such check passes and the scenario ran."""
    results = run_shipped() if results is None else results
    rows = []
    for r in load_rulings():
        verdicts = []
        scenarios = []
        for res in results:
            mine = [c for c in res.checks if r.id in c.rulings]
            if not mine and r.id not in res.scenario.rulings():
                continue
            scenarios.append(res.scenario.id)
            verdicts.append(res.error is None and bool(mine) and all(c.passed for c in mine))
        rows.append({"ruling": r.id, "card": r.card, "scenarios": scenarios,
                     "passed": all(verdicts) if verdicts else None})
    return rows
