"""The bad-file corpus (issue 11): every kind of bad scenario file is refused by `mtgrules run`
with exit 2, its file, line and field, and a message naming the problem; never a traceback.

The files are data (tests/bad_files/*.yaml) and what each must produce is in
tests/bad_files/expected.yaml, so the corpus outlives changes to the loader.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from mtgrules.cli import main
from mtgrules.data import MAX_FILE_BYTES

CORPUS = Path(__file__).parent / "bad_files"
EXPECTED: dict[str, dict] = yaml.safe_load((CORPUS / "expected.yaml").read_text("utf-8"))
#: Problems with the whole file rather than one field: they name the file and the line only.
WHOLE_FILE = ("not UTF-8", "encoded in", "invalid YAML", "expected a mapping, got",
              "two or more players", "nested too deeply", "too large", "YAML does not allow")


def refusal(path: Path, capsys) -> str:
    """What `mtgrules run` says about ``path``; it must refuse it with exit 2."""
    code = main(["run", str(path)])
    err = capsys.readouterr().err
    assert code == 2, f"exit {code}, expected 2: {err}"
    assert "Traceback" not in err
    return err


def test_the_corpus_has_at_least_forty_kinds_of_bad_file():
    assert len(EXPECTED) >= 40
    assert sorted(EXPECTED) == sorted(p.name for p in CORPUS.glob("*.yaml")
                                      if p.name != "expected.yaml")


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_bad_file_is_refused_with_its_file_line_field_and_problem(name, capsys):
    want = EXPECTED[name]
    path = CORPUS / name
    err = refusal(path, capsys)
    # 'message' is a fragment of the refusal, or a list of fragments that must all be in it.
    fragments = want["message"] if isinstance(want["message"], list) else [want["message"]]
    assert all(f in err for f in fragments), (fragments, err)
    assert f"{path}:{want['line']}:" in err
    if "field" in want:
        assert f"(field '{want['field']}')" in err
    else:
        assert any(w in err for w in WHOLE_FILE), "a problem in one field names the field"


def test_a_file_larger_than_the_limit_is_refused_by_its_size(tmp_path, capsys):
    path = tmp_path / "huge.yaml"
    path.write_text("title: x\n" + "# padding\n" * (MAX_FILE_BYTES // 10 + 1), "utf-8")
    err = refusal(path, capsys)
    assert "too large" in err and str(path) in err


def test_fifty_thousand_nested_lists_are_refused_not_a_recursion_error(tmp_path, capsys):
    path = tmp_path / "deep.yaml"
    path.write_text("players: [alice]\nsetup: {}\ntitle: " + "[" * 50_000 + "]" * 50_000,
                    "utf-8")
    err = refusal(path, capsys)
    assert "nested too deeply" in err
    assert re.search(rf"{re.escape(str(path))}:\d+:", err)


def test_the_billion_laughs_never_expand(capsys):
    """Aliases are refused when first met, before anything is expanded."""
    err = refusal(CORPUS / "billion-laughs.yaml", capsys)
    assert "aliases" in err


def test_the_command_line_itself_exits_2_without_a_traceback():
    """The same through a real process, for two kinds: the exit code a shell sees."""
    for name in ("latin1.yaml", "check-life-unknown-player.yaml"):
        done = subprocess.run([sys.executable, "-m", "mtgrules", "run", str(CORPUS / name)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr and EXPECTED[name]["message"] in done.stderr
