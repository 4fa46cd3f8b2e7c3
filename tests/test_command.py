"""The ``mtgrules`` command as a whole process: after ``check`` it ends at once (without the
interpreter freeing each object), and still says everything, writes the cache of parsed
files and exits with the verdict's code."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def _run(code: str, tmp_path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MTGRULES_CACHE_DIR": str(tmp_path)}
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, check=False)


def test_check_says_everything_and_writes_the_cache_before_it_ends(tmp_path):
    done = _run("import sys; sys.argv = ['mtgrules', 'check', '--json']\n"
                "from mtgrules.cli import command; command()", tmp_path)
    assert done.returncode == 0, done.stderr
    rows = json.loads(done.stdout)
    assert len(rows) == len({r["ruling"] for r in rows}) > 30
    assert done.stdout == json.dumps(rows, indent=1, ensure_ascii=False) + "\n"
    assert list(tmp_path.glob("scenarios-*.pickle"))  # written though atexit never ran


def test_the_exit_code_is_the_verdict(tmp_path):
    done = _run("import sys; sys.argv = ['mtgrules', 'check']\n"
                "import mtgrules.cli as cli\n"
                "cli.main = lambda: 1\n"  # a failed verdict
                "cli.command()", tmp_path)
    assert done.returncode == 1


def test_other_commands_end_the_usual_way(tmp_path):
    done = _run("import atexit, sys; sys.argv = ['mtgrules', 'schema']\n"
                "atexit.register(lambda: print('clean-up ran'))\n"
                "from mtgrules.cli import command; command()", tmp_path)
    assert done.returncode == 0 and done.stdout.endswith("clean-up ran\n")


def test_check_read_at_once_is_read_as_the_parser_reads_it():
    """``check`` and ``check --json`` skip building the parser; they mean what it says they
    mean, and any other command line goes through it (abbreviations, errors, help)."""
    from mtgrules import cli

    for argv in (["check"], ["check", "--json"]):
        assert vars(cli._at_once(argv)) == vars(cli._parser().parse_args(argv))
    for argv in (["check", "--js"], ["check", "--json", "--json"], ["--json", "check"], []):
        assert cli._at_once(argv) is None


def test_a_check_that_ends_at_once_frees_none_of_its_games_before(tmp_path):
    """The games a check played are kept until the process ends (the system frees them at
    once); a check run by :func:`main` in a process that goes on keeps nothing."""
    done = _run("import os, sys; sys.argv = ['mtgrules', 'check']\n"
                "import mtgrules.cli as cli\n"
                "from mtgrules.scenarios import shipped_files\n"
                "print(cli._KEPT, file=sys.stderr)\n"
                "def end(code, exit_=os._exit):\n"
                "    games = [r.game for r in cli._KEPT[0]]\n"
                "    print(len(games) == len(shipped_files()), file=sys.stderr)\n"
                "    exit_(code)\n"
                "os._exit = end\n"
                "cli.command()", tmp_path)
    assert done.returncode == 0 and done.stderr.split() == ["None", "True"]
