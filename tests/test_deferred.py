"""Standard modules imported only when first used (mtgrules/deferred.py, issue 12): the
package's import doesn't import :mod:`inspect` through ``dataclasses``, and nothing changes
for whoever uses ``inspect`` or makes a dataclass afterwards."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules.deferred import Deferred


def _run(code: str, env: dict[str, str] | None = None) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, env=env).stdout


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


_FIELDS = ("import contextlib, io, sys\n"
           "from mtgrules.cli import main\n"
           "with contextlib.redirect_stdout(io.StringIO()):\n"
           "    main(['check'])\n"
           "print('typing' in sys.modules)\n"
           "import dataclasses\n"
           "for name, module in sorted(sys.modules.items()):\n"
           "    if name.startswith('mtgrules'):\n"
           "        for cls in vars(module).values():\n"
           "            if isinstance(cls, type) and dataclasses.is_dataclass(cls)"
           " and cls.__module__ == name:\n"
           "                print(name, cls.__qualname__, [f'{f.name}: {f.type}' for f in"
           " cls.__dataclass_fields__.values() if f._field_type is dataclasses._FIELD])\n")


def test_a_check_imports_no_typing_and_its_dataclasses_have_the_fields_they_have_with_it(
        tmp_path: Path) -> None:
    """A check never imports typing (mtgrules/__init__.py), and dataclasses tells a ClassVar
    from a field only when typing is imported: so no class constant of a dataclass says
    ClassVar, and every dataclass a check makes has the same fields as when typing is
    imported first (in Jupyter, in tests). (The first check parses the files: the parsers
    import typing.)"""
    env = {**os.environ, "MTGRULES_CACHE_DIR": str(tmp_path)}
    _run(_FIELDS, env)  # parses the files: warms the cache
    without = _run(_FIELDS, env).splitlines()
    with_typing = _run("import typing\n" + _FIELDS, env).splitlines()
    assert without[0] == "False" and with_typing[0] == "True"
    assert len(without) > 80
    assert without[1:] == with_typing[1:]
    assert not [line for line in without if "ClassVar" in line]
