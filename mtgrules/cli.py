"""The command line: ``mtgrules run FILE``, ``check``, ``draw``, ``export``, ``lab``, ``schema``.

Exit codes: 0 every check holds, 1 a check failed, 2 an invalid file or command.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import SimpleNamespace

from .errors import ScenarioError

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    import argparse
    from typing import Any, NoReturn

#: Commands after which the process may end at once (see :func:`command`): they start no
#: thread or process whose own clean-up at exit must run.
END_AT_ONCE = frozenset({"check"})


#: What a command made that the process keeps until it ends, when it ends at once after the
#: command (:func:`command`); else None. Freeing the check's games one object at a time as
#: :func:`_check` returned was 2% of a check, for memory the system takes back at once.
_KEPT: list[Any] | None = None


def command() -> NoReturn:
    """The ``mtgrules`` command and ``python -m mtgrules``: :func:`main`, then exit.

    After ``check``, the process ends without the interpreter freeing every object it made one
    by one (about 20 ms, 6% of a check; mypy ends the same way): the output is flushed and the
    cache of parsed files written first, and the system frees the memory at once. What the
    command made is kept to the end too (:data:`_KEPT`)."""
    at_once = bool(sys.argv[1:2]) and sys.argv[1] in END_AT_ONCE
    if at_once:
        global _KEPT
        _KEPT = []
    code = main()
    if at_once:
        from .parsecache import save

        save()
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)
    sys.exit(code)


def main(argv: list[str] | None = None) -> int:
    args: Any = _at_once(sys.argv[1:] if argv is None else argv)  # the fields commands read
    if args is None:
        args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except ScenarioError as err:  # it may quote a typed value: shown, never obeyed
        from .text.safe import for_terminal
        print(for_terminal(f"invalid scenario: {err}"), file=sys.stderr)
        return 2
    except OSError as err:  # an output file or folder that can't be written (files read
        # fail as ScenarioError): said like any other bad input, not as a traceback
        from .text.safe import for_terminal
        print(for_terminal(f"can't write {err.filename}: {err.strerror}"), file=sys.stderr)
        return 2


def _at_once(argv: list[str]) -> SimpleNamespace | None:
    """``check`` and ``check --json`` (the commands run most often, and timed by issue 12),
    read without argparse: importing it and building the parser (its help formatter imports
    shutil and locale) was 8 ms of a check. Any other command line goes through
    :func:`_parser`."""
    if argv in (["check"], ["check", "--json"]):
        return SimpleNamespace(command="check", json=len(argv) == 2)
    return None


def _parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(prog="mtgrules", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="narrate a scenario step by step and evaluate its checks")
    run.add_argument("file")
    run.add_argument("--lang", choices=("en", "fr"), default="en")
    check = sub.add_parser("check", help="play every shipped scenario; a verdict per ruling")
    check.add_argument("--json", action="store_true")
    draw = sub.add_parser("draw", help="draw a step of a scenario as SVG")
    draw.add_argument("file")
    draw.add_argument("--step", type=int, default=-1)
    draw.add_argument("--view", default="stack",
                      choices=("stack", "triggers", "copies", "links", "board"))
    draw.add_argument("--lang", choices=("en", "fr"), default="en")
    draw.add_argument("-o", "--output", default="-")
    export = sub.add_parser("export", help="write a blog post of a scenario: Markdown with SVG "
                            "files, or one self-contained HTML file")
    export.add_argument("file")
    export.add_argument("--format", choices=("md", "html"), default="md")
    export.add_argument("--lang", choices=("en", "fr"), default="en")
    export.add_argument("-o", "--output-dir", default=".")
    site = sub.add_parser("site", help="run the tutorials and write them as a static site")
    site.add_argument("notebooks", nargs="?", default=None,
                      help="a folder of notebooks (default: the kit's tutorials)")
    site.add_argument("-o", "--output-dir", default="site")
    site.add_argument("--no-execute", action="store_true",
                      help="use the outputs saved in the notebooks instead of running them")
    lab = sub.add_parser("lab", help="copy the tutorials into DIR (when it has no notebooks) "
                         "and open JupyterLab there")
    lab.add_argument("dir", nargs="?", default=None,
                     help="default: a new folder ./mtgrules-tutorials in the current one")
    lab.add_argument("--copy-only", action="store_true",
                     help="copy the tutorials, don't start JupyterLab")
    sub.add_parser("schema", help="print the path of the JSON Schema of scenario files")
    return parser


def _run(args: argparse.Namespace) -> int:
    from .scenarios import load_scenario
    from .scenarios.report import narrate
    scenario = load_scenario(args.file)
    from .text.safe import for_terminal
    result = scenario.run()
    print(for_terminal(narrate(result, args.lang)))  # names and refused answers as typed
    return 0 if result.passed else 1


def _check(args: argparse.Namespace) -> int:
    from .codecache import compiled_once
    from .collector import paused

    with paused(), compiled_once():  # the dataclasses of what the check imports
        from . import cr, replaced  # noqa: F401
        from .check import judge, run_shipped
    with compiled_once():  # and of what it imports or makes as it plays (frozen.replace's)
        results = run_shipped()
    if _KEPT is not None:
        _KEPT.append(results)
    # Scenarios that cite rules but no ruling (combat, 506-511) are judged on their own.
    rows, others = judge(results)
    failed = [r.scenario.id for r in others if not r.passed]
    if args.json:
        import json  # here: 6 M instructions (its regexes) that a plain check doesn't need

        print(json.dumps(rows, indent=1, ensure_ascii=False))
    else:
        for row in rows:
            verdict = {True: "pass", False: "FAIL", None: "missing"}[row["passed"]]
            print(f"{row['ruling']:<13} {verdict:<8} {row['card']:<26} "
                  f"{', '.join(row['scenarios'])}")
        done = sum(r["passed"] is True for r in rows)
        print(f"\n{done} of {len(rows)} rulings reproduced by a passing scenario.")
        print(f"{len(others) - len(failed)} of {len(others)} scenarios citing rules but no "
              "ruling pass" + (f"; failed: {', '.join(failed)}" if failed else "."))
    return 1 if failed or any(r["passed"] is False for r in rows) else 0


def _draw(args: argparse.Namespace) -> int:
    from .draw import draw_step
    from .scenarios import load_scenario
    result = load_scenario(args.file).run()
    steps = result.game.timeline.steps
    if not -len(steps) <= args.step < len(steps):
        print(f"no step {args.step}: the scenario has steps 0 to {len(steps) - 1}",
              file=sys.stderr)
        return 2
    svg = draw_step(result.game, args.step, view=args.view, lang=args.lang).svg()
    if args.output == "-":
        sys.stdout.write(svg)
    else:
        Path(args.output).write_text(svg, encoding="utf-8")
    return 0


#: JupyterLab's settings for the kit (overrides.json: no news prompt over the notebooks).
LAB_SETTINGS = Path(__file__).resolve().parent / "lab_settings"


def _export(args: argparse.Namespace) -> int:
    from .export import save_post
    from .scenarios import load_scenario
    result = load_scenario(args.file).run()
    path = save_post(result, args.output_dir, fmt=args.format, lang=args.lang)
    print(path)
    if not result.passed:
        print("note: the scenario's checks do not all hold; the post says which",
              file=sys.stderr)
    return 0 if result.passed else 1


def _site(args: argparse.Namespace) -> int:
    from .site import build_site
    folder = Path(args.notebooks) if args.notebooks else _tutorials()
    notebooks = sorted(folder.glob("*.ipynb"))
    if not notebooks:
        print(f"no notebooks in {folder}", file=sys.stderr)
        return 2
    pages = build_site(notebooks, args.output_dir, execute=not args.no_execute)
    print(f"{len(pages) - 1} pages written; open {pages[0]}")
    return 0


def _tutorials() -> Path:
    """The tutorial notebooks shipped inside the package (in a checkout, a link to notebooks/)."""
    return Path(__file__).resolve().parent / "tutorials"


def copy_tutorials(folder: Path) -> list[Path]:
    """Copy the kit's tutorials into ``folder`` (created if needed) unless it already holds
    notebooks: a learner's own work is never overwritten. Returns the notebooks copied."""
    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.glob("*.ipynb")):
        return []
    import shutil

    copied = []
    for notebook in sorted(_tutorials().glob("*.ipynb")):
        shutil.copyfile(notebook, folder / notebook.name)
        copied.append(folder / notebook.name)
    return copied


def _lab(args: argparse.Namespace) -> int:
    folder = Path(args.dir or DEFAULT_LAB_DIR)
    copied = copy_tutorials(folder)
    if copied:
        print(f"copied {len(copied)} tutorials into {folder}")
    else:
        print(f"{folder} already has notebooks: opening them as they are")
    if args.copy_only:
        return 0
    cmd = [sys.executable, "-m", "jupyterlab", str(folder),
           f"--LabApp.app_settings_dir={LAB_SETTINGS}"]  # no news prompt (lab_settings/)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")  # JupyterLab refuses to start as root without it
    import subprocess

    return subprocess.call(cmd)


def _schema(args: argparse.Namespace) -> int:
    print(Path(__file__).resolve().parent / "schema" / "scenario.schema.json")
    return 0


DEFAULT_LAB_DIR = "mtgrules-tutorials"

COMMANDS = {"run": _run, "check": _check, "draw": _draw, "export": _export, "site": _site,
            "lab": _lab, "schema": _schema}

if __name__ == "__main__":
    sys.exit(main())
