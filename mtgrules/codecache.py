"""The methods of the package's dataclasses, compiled once (issue 12: ``mtgrules check`` as a
whole process within ten times a bare interpreter start).

Python writes the ``__init__``, ``__repr__``, ``__eq__``... of a dataclass as source text and
compiles it with ``exec`` each time the class is made: for the package's ~80 dataclasses,
about 400 texts, and compiling them was 40% of the time ``import mtgrules`` took (Python
3.13 compiles one text per class; 3.11 one per method). Python keeps the bytecode of a module
in ``__pycache__`` so it is not compiled at every start; this does the same for those texts:
while the package's modules are imported (:func:`compiled_once`), ``dataclasses`` finds an
``exec`` that looks each text up among the code objects compiled from it by an earlier process
of the same interpreter, compiles it only when not found, and runs the code exactly as
``exec`` would have run the text. The classes made are the same, method for method; only
the compiling is skipped. Afterwards ``dataclasses`` is left as it was.

The code objects live beside the cache of parsed files (:func:`mtgrules.parsecache.cache_dir`,
``MTGRULES_CACHE_DIR=off`` turns both off), one file per interpreter build and copy of the
package, holding only the texts the last process that compiled one used (in all its blocks:
``import mtgrules``, then :mod:`mtgrules.scenarios` and what a check imports as it plays); a
file that can't be read is ignored, and one that can't be written costs only the time of
compiling.
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import marshal
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import CodeType

from .parsecache import cache_dir, digest, prune

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any


def _file() -> Path | None:
    where = cache_dir()
    if where is None:
        return None
    return where / _name()


@functools.cache
def _name() -> str:
    """The cache file's name: one per interpreter and per copy of the package (checkouts
    don't take turns). Worked out once: a check opens three blocks, and resolving the
    package's path each time cost 0.6 M instructions."""
    build = digest(f"{sys.version}|{sys.implementation.cache_tag}|"
                   f"{Path(__file__).resolve().parent}".encode())
    return f"dataclass-code-{build[:16]}.marshal"


def _read(file: Path) -> dict[str, CodeType]:
    try:
        codes = marshal.loads(file.read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    return codes if isinstance(codes, dict) else {}


def _write(file: Path, codes: dict[str, CodeType]) -> None:
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        tmp = file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(marshal.dumps(codes))
        os.replace(tmp, file)
    except (OSError, ValueError):
        return  # compiled again next time: nothing is lost but time
    prune(file.parent, "dataclass-code-*.marshal")


class _Codes:
    """One cache file's code objects in this process: read once, and those its blocks used."""

    def __init__(self, file: Path):
        self.known = _read(file)
        self.used: dict[str, CodeType] = {}


#: By cache file: a process may use several blocks (the package, then the scenarios).
_CODES: dict[Path, _Codes] = {}


@contextmanager
def compiled_once() -> Iterator[None]:
    """While the block runs, a dataclass's methods are compiled only if no earlier process
    compiled the same text (see the module's docstring)."""
    file = _file()
    if file is None or "exec" in vars(dataclasses):  # off, or someone else's hook is there
        yield
        return
    codes = _CODES.get(file) or _CODES.setdefault(file, _Codes(file))
    known, used = codes.known, codes.used
    compiled = False

    def exec_(source: Any, globals: Any = None, locals: Any = None) -> None:
        nonlocal compiled
        if not isinstance(source, str):
            builtins.exec(source, globals, locals)
            return
        code = known.get(source)
        if code is None:
            # as builtins.exec compiles a text: no __future__ flag of this module inherited
            code = known[source] = compile(source, "<string>", "exec", dont_inherit=True)
            compiled = True
        used[source] = code
        builtins.exec(code, globals, locals)

    dataclasses.exec = exec_  # type: ignore[attr-defined]
    try:
        yield
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
        if compiled:
            # what this process's blocks used so far, for this version of the package: stays
            # small (a process that imports less writes only when its code changed)
            _write(file, used)
