"""Scenario files: a situation as data (setup, a script of actions and answers, checks tied to
ruling ids), shared by the notebooks, the widgets, the tests and the command line.

>>> from mtgrules.scenarios import load_scenario, shipped_scenarios
>>> scenario = load_scenario(shipped_scenarios()[0])
>>> result = scenario.run()
>>> result.passed
True

The format is documented in docs/scenarios.md.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..codecache import compiled_once
from ..collector import paused

with paused(), compiled_once():  # dataclasses' methods compiled once per interpreter
    from .model import Action, Check
    from .runner import CheckResult, Scenario, ScenarioResult

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .loader import load_scenario, parse_scenario


def __getattr__(name: str) -> Any:
    """The loader (and the schema it validates with) is imported when first used: a check
    whose files all come from the cache of parsed files never parses one."""
    if name in ("load_scenario", "parse_scenario"):
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module 'mtgrules.scenarios' has no attribute {name!r}")


def shipped_dir() -> Path:
    return Path(__file__).parent / "data"


def shipped_scenarios() -> list[Path]:
    """The scenario files the kit ships, sorted by name."""
    return [Path(file) for file in shipped_files()]


def shipped_files() -> list[str]:
    """The paths of the scenario files the kit ships, as text, sorted by name. (Names sorted
    as text: ``sorted(folder.glob("*.yaml"))`` compared paths in Python, 1,000 times in each
    ``mtgrules check``, which needs no path objects at all.)"""
    folder = os.fspath(shipped_dir()) + os.sep  # (os.path.join, in Python, cost 0.7 M)
    with os.scandir(folder) as entries:
        names = sorted(e.name for e in entries if e.name.endswith(".yaml"))
    return [folder + name for name in names]


def scenario_by_id(scenario_id: str) -> Scenario:
    from .loader import load_scenario

    for path in shipped_scenarios():
        if path.stem == scenario_id:
            return load_scenario(path)
    known = ", ".join(p.stem for p in shipped_scenarios())
    raise ValueError(f"no shipped scenario '{scenario_id}' (known: {known})")


__all__ = ["Action", "Check", "CheckResult", "Scenario", "ScenarioResult", "load_scenario",
           "parse_scenario", "scenario_by_id", "shipped_files", "shipped_scenarios"]
