"""mypy is clean on mtgrules/ at the strictness stated in pyproject.toml ([tool.mypy]: its
defaults, every annotated function checked), and the package says it is typed (PEP 561)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_package_is_marked_typed():
    assert (ROOT / "mtgrules" / "py.typed").is_file()


def test_mypy_is_clean():
    out = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr
