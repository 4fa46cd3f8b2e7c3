"""Standard modules imported only when first used (issue 12: ``mtgrules check`` as a whole
process within ten times a bare interpreter start).

On Python 3.11, ``dataclasses`` imports :mod:`inspect` as it is itself imported, and
``inspect`` imports ast, dis, tokenize and the rest: 35 M instructions, a sixth of ``import
mtgrules``, for one use, the docstring of a dataclass written without one
(``inspect.signature``). Every class of the package has its own docstring, so a check never
makes that use. It imports :mod:`copy` too (with :mod:`weakref`: 3 M instructions), for
``asdict`` and ``astuple``, which a check never calls. :func:`import_dataclasses` imports
``dataclasses`` with a stand-in for each (:class:`Deferred`) that imports the real module on
first use: ``dataclasses`` keeps the stand-ins; anyone else who imports ``inspect`` or ``copy``
afterwards gets the real module, as always. Later Pythons read annotations through ``inspect``
in every dataclass: there the stand-in imports it at the first one, and nothing is lost.
"""

from __future__ import annotations

import importlib
import sys
import types

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any


class Deferred(types.ModuleType):
    """A stand-in for a module not imported yet: reading any of its names imports it (with
    :func:`importlib.import_module`) and reads the real module's, every time. Being imported
    itself reads nothing (its ``__spec__`` is its own, None: not being initialised)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.__spec__ = None

    def __getattr__(self, name: str) -> Any:  # called for every name but its own few
        if sys.modules.get(self.__name__) is self:  # still standing in: out of the way first
            del sys.modules[self.__name__]
        return getattr(importlib.import_module(self.__name__), name)


#: What ``dataclasses`` imports and a check never uses (see the module's docstring).
DEFERRED = ("inspect", "copy")


def import_dataclasses() -> None:
    """Import ``dataclasses`` without importing :mod:`inspect` nor :mod:`copy` (see the
    module's docstring). Nothing to do if it is imported already (in Jupyter it is); a module
    already imported is used as it is."""
    if "dataclasses" in sys.modules:
        return
    stand_ins = {name: Deferred(name) for name in DEFERRED if name not in sys.modules}
    sys.modules.update(stand_ins)
    try:
        import dataclasses  # noqa: F401 - its "import inspect" finds the stand-in
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:  # the real one was not imported meanwhile
                del sys.modules[name]
