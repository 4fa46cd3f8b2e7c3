"""The dataclasses' methods compiled once (mtgrules.codecache): the classes are the same, a
second import compiles nothing, and dataclasses is left as it was."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules import codecache

ROOT = Path(__file__).resolve().parents[1]


def _make() -> type:
    @dataclasses.dataclass(frozen=True, slots=True, order=True)
    class Link:
        source: str
        zcc: int = 0
        labels: tuple[str, ...] = ()

    return Link


METHODS = ("__init__", "__repr__", "__eq__", "__lt__", "__ge__", "__hash__", "__setattr__",
           "__delattr__")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_class_made_from_cached_code_is_the_class_made_without_it(cache: Path):
    with codecache.compiled_once():
        _make()  # compiles and stores
    assert list(cache.glob("dataclass-code-*.marshal"))
    with codecache.compiled_once():
        cached = _make()  # from the stored code
    plain = _make()
    for name in METHODS:
        mine, theirs = getattr(cached, name), getattr(plain, name)
        assert mine.__code__ == theirs.__code__, name
        # the same annotations: no __future__ flag of the package leaked into the compiling
        assert mine.__annotations__ == theirs.__annotations__, name
        assert mine.__qualname__ == theirs.__qualname__, name
    a, b = cached("x", 1), cached("x", 2)
    assert a < b and a == cached("x", 1) and a != b and hash(a) == hash(cached("x", 1))
    assert repr(a).endswith("Link(source='x', zcc=1, labels=())")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.zcc = 3  # type: ignore[misc]


def test_dataclasses_is_left_as_it_was_even_when_the_block_raises(cache: Path):
    with pytest.raises(RuntimeError), codecache.compiled_once():
        assert "exec" in vars(dataclasses)
        raise RuntimeError("an import failed")
    assert "exec" not in vars(dataclasses)


def test_an_unreadable_cache_file_is_ignored(cache: Path):
    with codecache.compiled_once():
        _make()
    for file in cache.glob("dataclass-code-*.marshal"):
        file.write_bytes(b"not marshal data")
    with codecache.compiled_once():
        made = _make()
    assert repr(made("x")) == repr(_make()("x"))


def test_switched_off_it_changes_nothing(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", "off")
    with codecache.compiled_once():
        assert "exec" not in vars(dataclasses)


COUNT_COMPILES = """
import builtins, sys
made = []
real = builtins.compile
def compile(source, filename, *args, **kwargs):
    if filename == "<string>" and "__create_fn__" in str(source):  # a dataclass's methods
        made.append(source)
    return real(source, filename, *args, **kwargs)
builtins.compile = compile
import mtgrules
print(len(made))
"""


def test_a_second_import_of_the_package_compiles_no_dataclass_method(tmp_path: Path):
    env = {**os.environ, "MTGRULES_CACHE_DIR": str(tmp_path)}

    def compiles() -> int:
        out = subprocess.run([sys.executable, "-c", COUNT_COMPILES], env=env, cwd=ROOT,
                             capture_output=True, text=True, check=True)
        return int(out.stdout.split()[-1])

    assert compiles() > 60  # the first import compiles the methods of every dataclass (one
    # text a class: @frozen's records and frozen.dataclass's, ~75)
    assert compiles() == 0
