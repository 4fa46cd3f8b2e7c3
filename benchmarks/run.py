"""Benchmarks for the engine core (issue 2): import time, `mtgrules check` as a whole process,
and a stress board of N creatures dying at once beside three "whenever a creature dies"
permanents. Targets on a 2-core machine: core import < 150 ms, N=1000 < 1 s, linear growth.

Run: ``make bench`` or ``python benchmarks/run.py``.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _process(args: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one whole process."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu, t = r.ru_utime + r.ru_stime, time.perf_counter()
    subprocess.run([sys.executable, *args], check=False, cwd=ROOT, capture_output=True)
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - t, r.ru_utime + r.ru_stime - cpu


def import_time(repeat: int = 5) -> tuple[float, float]:
    """Median wall and CPU time of ``python -c "import mtgrules"`` minus a bare interpreter
    start (CPU time: on a shared machine wall time measures the neighbours too)."""
    bare = [_process(["-c", "pass"]) for _ in range(repeat)]
    full = [_process(["-c", "import mtgrules"]) for _ in range(repeat)]
    return (statistics.median(w for w, _ in full) - statistics.median(w for w, _ in bare),
            statistics.median(c for _, c in full) - statistics.median(c for _, c in bare))


def check_time() -> tuple[float, float]:
    _process(["-m", "mtgrules", "check", "--json"])  # the cache of parsed files, filled
    return _process(["-m", "mtgrules", "check", "--json"])


def stress(n: int) -> tuple[float, float]:
    """N Grizzly Bears and three Blood Artists are destroyed at once: 3*(N+3) triggers.
    Returns (seconds for the destroy action, seconds to resolve the first 100 triggers)."""
    sys.path.insert(0, str(ROOT))
    from mtgrules import Game, catalog
    cards = catalog()
    game = Game(["alice", "bob"])
    ids = [game.add(cards["Blood Artist"], "battlefield", "alice") for _ in range(3)]
    ids += [game.add(cards["Grizzly Bears"], "battlefield", "bob") for _ in range(n)]
    game.start()
    t = time.perf_counter()
    game.destroy(*ids)
    destroy = time.perf_counter() - t
    assert len(game.stack) == 3 * (n + 3)
    t = time.perf_counter()
    for _ in range(min(100, len(game.stack))):
        game.resolve()
    return destroy, time.perf_counter() - t


def main() -> None:
    wall, cpu = import_time()
    print(f"core import: {wall * 1000:.0f} ms, {cpu * 1000:.0f} ms of CPU (target < 150 ms)")
    wall, cpu = check_time()
    print(f"mtgrules check (whole process): {wall:.2f} s, {cpu:.2f} s of CPU")
    for n in (100, 1000):
        destroy, resolve = stress(n)
        print(f"stress N={n}: destroy with {3 * (n + 3)} triggers {destroy:.3f} s; "
              f"resolve 100 of them {resolve:.3f} s")


if __name__ == "__main__":
    main()
