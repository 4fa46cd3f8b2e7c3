"""Benchmarks for the engine core (issue 2): import time, `mtgrules check` as a whole process,
and a stress board of N creatures dying at once beside three "whenever a creature dies"
permanents. Targets on a 2-core machine: core import < 150 ms, N=1000 < 1 s, linear growth.

Run: ``make bench`` or ``python benchmarks/run.py``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def import_time(repeat: int = 5) -> float:
    """Median wall time of ``python -c "import mtgrules"`` minus a bare interpreter start."""
    def run(code: str) -> float:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
        return time.perf_counter() - t
    bare = statistics.median(run("pass") for _ in range(repeat))
    full = statistics.median(run("import mtgrules") for _ in range(repeat))
    return full - bare


def check_time() -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mtgrules", "check", "--json"], cwd=ROOT,
                   capture_output=True)
    return time.perf_counter() - t


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
    print(f"core import: {import_time() * 1000:.0f} ms (target < 150 ms)")
    print(f"mtgrules check (whole process): {check_time():.2f} s")
    for n in (100, 1000):
        destroy, resolve = stress(n)
        print(f"stress N={n}: destroy with {3 * (n + 3)} triggers {destroy:.3f} s; "
              f"resolve 100 of them {resolve:.3f} s")


if __name__ == "__main__":
    main()
