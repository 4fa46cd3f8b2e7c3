"""Which rulings the engine reproduces right now: every shipped scenario is played, and each
ruling is judged by the scenarios that cite it.

The verdict is deliberately strict: a scenario that cites a ruling stands or falls as a whole.
A check without a ruling tag still guards the situation the tagged checks rely on (the copy
fizzled, the life totals are right), so a failing untagged check fails every ruling its
scenario cites.
"""

from __future__ import annotations

from pathlib import Path

from .collector import paused
from .data import file_bytes as _file_bytes
from .parsecache import cached, cached_together
from .rulings import ruling_cards
from .scenarios import Scenario, ScenarioResult, shipped_files

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any


def run_shipped() -> list[ScenarioResult]:
    """Every shipped scenario, played now (their parsed files come from a cache, see
    :mod:`mtgrules.parsecache`; the playing is never cached)."""
    return [scenario.run() for scenario in load_shipped()]


def load_shipped() -> list[Scenario]:
    """Every shipped scenario, parsed (from the cache of parsed files when it can: all from
    one entry while no file changed, see :func:`mtgrules.parsecache.cached_together`).

    The cyclic garbage collector waits meanwhile: unpickling makes tens of thousands of
    objects, all kept, and it scanned the growing heap again and again (10 ms of a check)."""
    with paused():
        shared = _shared()
        read = [(file, _file_bytes(file)) for file in shipped_files()]
        if any(data is None for _, data in read):
            return [_load_cached(file, shared) for file, _ in read]  # which names the problem
        return cached_together("scenario", read, _parse_shipped, shared)  # type: ignore[arg-type]


def _parse_shipped(file: str, data: bytes) -> Scenario:
    from .scenarios import load_scenario  # the loader only when a file is parsed

    return load_scenario(file)


def _shared() -> dict[str, object]:
    """What a scenario's entry in the cache refers to by name: the catalog and its cards."""
    from .cards import catalog

    default = catalog()
    return {"catalog": default, **{f"card {name}": default[name] for name in default}}


def _load_cached(path: str | Path, shared: dict[str, object] | None = None) -> Scenario:
    """A shipped scenario, parsed once per version of its file and of the code. The entry is
    found by the file's bytes (a file that is not UTF-8 is never in the cache: it is read,
    and refused, by the loader)."""
    from .scenarios import load_scenario

    data = _file_bytes(path)
    if data is None:
        return load_scenario(path)  # which names the problem
    return cached("scenario", f"{path}\n".encode() + data, lambda: load_scenario(path),
                  shared or _shared())


def check_rulings(results: list[ScenarioResult] | None = None) -> list[dict[str, Any]]:
    """One row per ruling: ``ruling``, ``card``, ``scenarios`` (ids), ``passed`` (True, False,
    or None when no scenario demonstrates it) and ``failures`` (what went wrong, by scenario).

    A scenario cites a ruling when one of its checks or expected refusals names it. The ruling
    is reproduced only when every scenario citing it ran to the end and passed every one of its
    checks, tagged or not, and at least one of them was a check naming the ruling."""
    return judge(results)[0]


def judge(results: list[ScenarioResult] | None = None
          ) -> tuple[list[dict[str, Any]], list[ScenarioResult]]:
    """:func:`check_rulings`'s rows, and the results of the scenarios that cite no ruling
    (``mtgrules check`` judges those on their own): each scenario's rulings are listed once
    for both (``Scenario.rulings`` walks every check of the scenario)."""
    results = run_shipped() if results is None else results
    citing: dict[str, list[ScenarioResult]] = {}  # by ruling, in the results' order
    uncited = []
    for res in results:
        cited = res.scenario.rulings()  # each once
        for ruling in cited:
            citing.setdefault(ruling, []).append(res)
        if not cited:
            uncited.append(res)
    rows = []
    for ruling, card in ruling_cards():
        verdicts, scenarios, failures = [], [], []
        for res in citing.get(ruling, ()):
            scenarios.append(res.scenario.id)
            named = any(ruling in c.rulings for c in res.checks)
            verdicts.append(res.passed and named)
            failures += _failures(res, named, ruling)
        rows.append({"ruling": ruling, "card": card, "scenarios": scenarios,
                     "passed": all(verdicts) if verdicts else None, "failures": failures})
    return rows, uncited


def _failures(res: ScenarioResult, named: bool, ruling: str) -> list[str]:
    out = [f"{res.scenario.id}: {res.error}"] if res.error else []
    out += [f"{res.scenario.id}: line {c.check.line}: {c.check.kind} failed"
            + (f" ({c.message})" if c.message else "") for c in res.failures()]
    if not named and not res.error:
        out.append(f"{res.scenario.id}: no check naming {ruling} was evaluated")
    return out
