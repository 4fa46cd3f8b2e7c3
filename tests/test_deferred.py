"""Standard modules imported only when first used (mtgrules/deferred.py, issue 12): the
package's import doesn't import :mod:`inspect` through ``dataclasses``, and nothing changes
for whoever uses ``inspect`` or makes a dataclass afterwards."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mtgrules.deferred import Deferred


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="later dataclasses read annotations "
                    "through inspect in every class: the stand-in imports it at the first")
def test_importing_the_package_imports_neither_inspect_nor_what_it_needs():
    found = _run("import sys, mtgrules\n"
                 "print(sorted(m for m in ('inspect', 'ast', 'dis', 'tokenize', 'copy', 'weakref')"
                 " if m in sys.modules))")
    assert found == "[]\n"


def test_a_class_without_a_docstring_is_documented_as_dataclasses_always_did():
    """dataclasses writes the signature of an undocumented class with inspect, and so does
    @frozen: the stand-in imports it then; afterwards ``import inspect`` is the real module."""
    out = _run("import dataclasses, sys\n"
               "import mtgrules\n"
               "from mtgrules.frozen import frozen\n"
               "@dataclasses.dataclass\n"
               "class Plain:\n"
               "    a: int\n"
               "    b: 'str' = 'x'\n"
               "@frozen\n"
               "class Record:\n"
               "    a: int\n"
               "print(Plain.__doc__)\n"
               "print(Record.__doc__)\n"
               "import inspect\n"
               "print(type(inspect).__name__, inspect is sys.modules['inspect'],"
               " inspect.signature(Plain))\n")
    assert out.splitlines() == ["Plain(a: int, b: 'str' = 'x')", "Record(a: int)",
                                "module True (a: int, b: 'str' = 'x') -> None"]


def test_a_stand_in_reads_the_real_module_and_gives_it_its_place():
    import json

    assert Deferred("json").dumps is json.dumps
    out = _run("import sys\n"
               "from mtgrules.deferred import Deferred\n"
               "stand_in = sys.modules['colorsys'] = Deferred('colorsys')\n"
               "import colorsys\n"
               "print(colorsys is stand_in)\n"  # importing it read nothing
               "print(colorsys.rgb_to_hsv(1, 0, 0), type(sys.modules['colorsys']).__name__)\n")
    assert out.splitlines() == ["True", "(0.0, 1.0, 1) module"]


def test_asdict_still_copies_what_it_reads():
    """dataclasses' asdict deep-copies values through copy: the stand-in imports it then."""
    out = _run("import sys\n"
               "import mtgrules\n"
               "import dataclasses\n"
               "print(type(dataclasses.copy).__name__)\n"
               "@dataclasses.dataclass\n"
               "class Box:\n"
               "    items: list\n"
               "box = Box([[1]])\n"
               "d = dataclasses.asdict(box)\n"
               "print(d, d['items'][0] is not box.items[0], type(sys.modules['copy']).__name__)\n")
    assert out == "Deferred\n{'items': [[1]]} True module\n"
