"""Benchmarks at scale (issue 12): the record of a game on a big board, start-up costs, and the
diagrams of a big board. Each figure is printed beside its goal; nothing here is a test.

The board: N Grizzly Bears, 3 Blood Artists and 2 The Masamunes attached to two of the Blood
Artists, all destroyed at once. Every creature dying triggers each Blood Artist once, and the
two equipped ones an additional time (603.2d): 5 × (N + 3) trigger instances. Then every trigger
resolves, one recorded step each.

Each board size runs in its own process, so its peak memory (``ru_maxrss``) is its own. Times
are CPU seconds of that process (``time.process_time``): the machines this runs on are shared,
and wall time there measures the neighbours too. Wall time is printed beside for the record.
Sizes up to 1,000 run three times; the run with the median total is shown.

Start-up: ``mtgrules check`` as a whole process against a bare ``python -c pass``, the medians
of seven runs taken in turn (so both see the same load), in wall time (the goal) and in CPU
time (steadier on a busy machine), with the package's bytecode compiled first.

Run: ``python benchmarks/scale.py`` (all of it) or ``python benchmarks/scale.py board 1000``.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: Resolving stops after this many seconds, so a slow engine still reports how far it got.
BUDGET_S = 120.0


def build_board(n: int):
    """The board, set up and started; returns the game and the ids to destroy."""
    from mtgrules import Game, catalog
    cards = catalog()
    game = Game(["alice", "bob"])
    artists = [game.add(cards["Blood Artist"], "battlefield", "alice") for _ in range(3)]
    swords = [game.add(cards["The Masamune"], "battlefield", "alice", attached_to=a)
              for a in artists[:2]]
    bears = [game.add(cards["Grizzly Bears"], "battlefield", "bob") for _ in range(n)]
    game.start()
    return game, artists + swords + bears


def board(n: int) -> dict:
    """Destroy the board, resolve every trigger; times, per-resolution cost and peak memory.
    A small board is played first, so one-time costs (lazy imports, locale data) are not
    counted in anyone's figure."""
    warm, warm_ids = build_board(3)
    warm.destroy(*warm_ids)
    while warm.state.stack:
        warm.resolve()
    game, ids = build_board(n)
    wall, t = time.perf_counter(), time.process_time()
    game.destroy(*ids)
    destroy = time.process_time() - t
    triggers = len(game.state.stack)
    each: list[float] = []
    start = time.process_time()
    while game.state.stack and time.process_time() - start < BUDGET_S:
        t = time.process_time()
        game.resolve()
        each.append(time.process_time() - t)
    resolve = time.process_time() - start
    middle = each[len(each) // 4: 3 * len(each) // 4] or each
    return {"n": n, "triggers": triggers, "destroy": destroy, "resolve": resolve,
            "wall": time.perf_counter() - wall,
            "resolved": len(each), "finished": not game.state.stack,
            "per_resolution_us": statistics.median(middle) * 1e6,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def gogo(x: int) -> dict:
    """Gogo copies a Blood Artist trigger X times: the copies created, then all resolved."""
    from mtgrules import Game, catalog
    cards = catalog()
    game = Game(["alice", "bob"])
    game.add(cards["Gogo, Master of Mimicry"], "battlefield", "alice", id="gogo")
    artist = game.add(cards["Blood Artist"], "battlefield", "alice")
    game.player("alice").mana_pool["C"] = 2 * x
    game.player("bob").life = 2 * x  # life enough for every copy: the game goes on (104.1)
    game.start()
    game.destroy(artist, answers=[{"targets": ["bob"]}])
    t = time.process_time()
    game.activate("alice", "gogo", answers=[{"x": x}, {"targets": ["S1"]}])
    game.resolve()  # Gogo's ability: the copies go on the stack
    create = time.process_time() - t
    copies = len(game.state.stack) - 1
    t = time.process_time()
    while game.state.stack:
        game.resolve()
    return {"x": x, "copies": copies, "create": create, "resolve": time.process_time() - t}


def diagrams(n: int) -> dict:
    """Every view of the board after the destroy, in both languages: build + render seconds."""
    from mtgrules.draw import VIEWS, draw_step
    game, ids = build_board(n)
    game.destroy(*ids)
    draw_step(game, 0, "stack").svg()  # the renderer's one-time start-up, paid apart
    out = {}
    for view in VIEWS:
        for lang in ("en", "fr"):
            t = time.perf_counter()  # wall time: the system dot is another process
            svg = draw_step(game, -1, view, lang).svg()
            out[f"{view} {lang}"] = (time.perf_counter() - t, len(svg))
    return out


def byte_compile() -> None:
    """Compile the package's bytecode first, as pip does when it installs a wheel: a process
    started with PYTHONDONTWRITEBYTECODE (set on some machines) would otherwise compile every
    module again at every start, and the figure would be the compiler's, not the kit's."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "mtgrules")],
                   check=True, capture_output=True)


def startup(repeat: int = 7) -> dict[str, tuple[float, float]]:
    """Whole processes, each kind run in turn so they share the machine's load: the median
    wall time and the median CPU time (user + system) of a bare interpreter start,
    ``import mtgrules``, ``mtgrules check`` with the cache of parsed files warm, and without it.
    """
    import os

    kinds = {"bare": (["-c", "pass"], {}), "import": (["-c", "import mtgrules"], {}),
             "check": (["-m", "mtgrules", "check", "--json"], {}),
             "cold": (["-m", "mtgrules", "check", "--json"], {"MTGRULES_CACHE_DIR": "off"})}

    def cpu() -> float:
        r = resource.getrusage(resource.RUSAGE_CHILDREN)
        return r.ru_utime + r.ru_stime

    def run(args: list[str], env: dict[str, str]) -> tuple[float, float]:
        c, t = cpu(), time.perf_counter()
        subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, check=False,
                       env={**os.environ, **env})
        return time.perf_counter() - t, cpu() - c

    run(*kinds["check"])  # fills the cache of parsed files if the code changed
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in kinds}
    for i in range(repeat):
        for kind, (args, env) in kinds.items():
            if kind != "cold" or i < 3:
                times[kind].append(run(args, env))
    return {k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
            for k, v in times.items()}


def rulings_calls() -> tuple[float, float]:
    import mtgrules
    t = time.perf_counter()
    mtgrules.rulings()
    first = time.perf_counter() - t
    t = time.perf_counter()
    mtgrules.rulings()
    return first, time.perf_counter() - t


def child(kind: str, arg: int) -> dict:
    out = subprocess.run([sys.executable, __file__, kind, str(arg)], cwd=ROOT,
                         capture_output=True, text=True)
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr else "failed"}
    return json.loads(out.stdout.strip().splitlines()[-1])


#: Board sizes up to 1,000 are played this many times (each in its own process); the figures
#: are those of the run with the median total, so one unlucky run on a shared machine doesn't
#: decide the ratio.
REPEAT = 3


def _total(r: dict) -> float:
    return r["destroy"] + r["resolve"] if "error" not in r else float("inf")


def _median_run(runs: list[dict]) -> dict:
    return sorted(runs, key=_total)[len(runs) // 2]


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    print("Board: N Grizzly Bears + 3 Blood Artists + 2 The Masamunes, all destroyed at once,")
    print("then every trigger resolved (one recorded step each).\n")
    runs = {n: [child("board", n) for _ in range(REPEAT if n <= 1000 else 1)]
            for n in (100, 300, 1000, 3000)}
    rows = {n: _median_run(r) for n, r in runs.items()}
    print(f"{'N':>5} {'triggers':>8} {'destroy':>9} {'resolve all':>12} {'total':>8} "
          f"{'1 resolution':>13} {'peak memory':>12} {'wall':>8}   (CPU seconds)")
    for n, r in rows.items():
        if "error" in r:
            print(f"{n:>5} error: {r['error']}")
            continue
        done = "" if r["finished"] else f" (only {r['resolved']} of {r['triggers']})"
        print(f"{n:>5} {r['triggers']:>8} {r['destroy']:>8.3f}s {r['resolve']:>11.3f}s "
              f"{r['destroy'] + r['resolve']:>7.3f}s {r['per_resolution_us']:>10.0f} µs "
              f"{r['peak_mb']:>9.0f} MB {r['wall']:>7.2f}s{done}")
    total = {n: r["destroy"] + r["resolve"] for n, r in rows.items() if "error" not in r}
    print("\nGoals:")
    if 1000 in total:
        r = rows[1000]
        print(f"  N=1000 destroy + resolve all: {total[1000]:.2f} s (goal < 1 s) "
              f"{verdict(r['finished'] and total[1000] < 1)}")
        print(f"  N=1000 peak memory: {r['peak_mb']:.0f} MB (goal < 300 MB) "
              f"{verdict(r['peak_mb'] < 300)}")
    if 100 in total and 1000 in total:
        ratio = total[1000] / total[100]
        each = sorted(_total(a) / _total(b) for a in runs[1000] for b in runs[100]
                      if "error" not in a and "error" not in b)
        print(f"  t(1000) / t(100): {ratio:.1f} (goal <= 12) "
              f"{verdict(rows[1000]['finished'] and ratio <= 12)}; medians of {REPEAT} runs "
              f"each (any run against any: {each[0]:.1f} to {each[-1]:.1f})")
        per = rows[1000]["per_resolution_us"] / rows[100]["per_resolution_us"]
        print(f"  one resolution, N=1000 / N=100: {per:.2f} (goal: does not grow, ~1) "
              f"{verdict(per < 1.5)}")
    if 3000 in total:
        r = rows[3000]
        print(f"  N=3000 ({r['triggers']} triggers) completes: {total[3000]:.2f} s (goal < 4 s) "
              f"{verdict(r['finished'] and total[3000] < 4)}")
    g = child("gogo", 1000)
    if "error" in g:
        print(f"  Gogo X=1000: error: {g['error']}")
    else:
        print(f"  Gogo X=1000: {g['copies']} copies created in {g['create']:.3f} s (goal < 0.2 s) "
              f"{verdict(g['copies'] == 1000 and g['create'] < 0.2)}; all resolved in "
              f"{g['resolve']:.3f} s (goal < 1 s) {verdict(g['resolve'] < 1)}")
    byte_compile()
    st = startup()
    (bare, bare_cpu), (check, check_cpu) = st["bare"], st["check"]
    print(f"  mtgrules check: {check:.3f} s = {check / bare:.1f} × a bare interpreter start "
          f"({bare * 1000:.0f} ms) (goal <= 10) {verdict(check / bare <= 10)}; in CPU time "
          f"{check_cpu / bare_cpu:.1f} × ({check_cpu:.3f} s / {bare_cpu * 1000:.0f} ms)")
    print(f"      import mtgrules: {st['import'][0] * 1000:.0f} ms "
          f"({st['import'][0] / bare:.1f} ×); without the cache of parsed files: "
          f"{st['cold'][0]:.3f} s ({st['cold'][0] / bare:.1f} ×); medians of whole processes")
    first, again = rulings_calls()
    print(f"  mtgrules.rulings(): first call {first * 1000:.0f} ms, second call "
          f"{again * 1000:.2f} ms (goal: computed once per process) "
          f"{verdict(again < first / 10)}")
    d = child("diagrams", 1000)
    if "error" in d:
        print(f"  diagrams N=1000: error: {d['error']}")
    else:
        slowest = max(d.values(), key=lambda v: v[0])
        print(f"  diagrams of the N=1000 board after the destroy (every view, EN and FR): "
              f"slowest {slowest[0]:.2f} s (goal < 1 s) {verdict(slowest[0] < 1)}")
        for name, (secs, size) in d.items():
            print(f"      {name:<12} {secs:6.3f} s  {size / 1024:8.0f} KB of SVG")


if __name__ == "__main__":
    if len(sys.argv) == 3:
        fn = {"board": board, "gogo": gogo, "diagrams": diagrams}[sys.argv[1]]
        print(json.dumps(fn(int(sys.argv[2]))))
    else:
        main()
