"""Frozen records that are quick to make (issue 12: a check builds ~100,000 of them).

A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__(self, name, value)``
(its own ``__setattr__`` refuses): a call that looks the name up in the class each time, and the
engine makes log entries, stack objects, actions, views and events by the thousand. A record
made by :func:`frozen` is filled as an object of a plain twin of its class (same slots, same
base, fields set by plain stores), which then becomes an object of the frozen class
(``__class__``): about a third of the cost. :func:`frozen` is
``@dataclass(frozen=True, slots=True)`` with that ``__new__``; everything else (``__eq__``,
``__hash__``, ``__repr__``, ``dataclasses.replace``, the refusal to change a field) is the
dataclass's own; the constructor takes the same arguments, defaults and keyword-only fields,
and calls ``__post_init__`` the same way; pickling and ``copy`` go through class and fields.

:func:`field_copier` makes the other kind of record quickly: a shallow copy of a mutable
dataclass (a game object, a state, for keyframes), field by field.

Both write a small function as text, as ``dataclasses`` does, and run it through
``dataclasses``' own ``exec``: while the package is imported that is codecache's, which
compiles each text once per interpreter.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T")
else:  # what only tells type checkers something does nothing at run time (no typing)
    def overload(function: Callable[..., object]) -> Callable[..., object]:
        return function

    def dataclass_transform(**_: object) -> Callable[..., object]:
        return overload


class _Factory:
    """The default of a field made by a factory: the factory is called when no value is
    given (shown as the dataclass shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


@overload
def frozen(cls: type[T], /) -> type[T]: ...
@overload  # (ruff can't tell it for typing's: an overload is no redefinition, F811)
def frozen(*, order: bool = False, kw_only: bool = False) -> Callable[[type[T]], type[T]]: ...  # noqa: F811


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen(cls: type[T] | None = None, /, **options: Any) -> Any:  # noqa: F811
    """``@frozen`` (or ``@frozen(order=True)``...): a frozen, slotted dataclass made quickly
    (see the module's docstring). Use it for every frozen slotted record of the package."""

    def wrap(c: type[T]) -> type[T]:
        documented = bool(c.__doc__)
        # init=False: quick_init writes the constructor, so dataclasses need not write one
        # that would be thrown away (a fifth of the time it takes to make such a class)
        made = quick_init(dataclasses.dataclass(frozen=True, slots=True, init=False,
                                                **options)(c))
        if not documented:  # as dataclasses documents a class: its name and signature
            import inspect  # here: the package's import doesn't need it (mtgrules.deferred)

            made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
        return made

    return wrap if cls is None else wrap(cls)


#: Each :func:`frozen` class's plain twin (for :func:`field_copier`).
_TWINS: dict[type, type] = {}


def quick_init(cls: type[T]) -> type[T]:
    """Make a frozen slotted dataclass's objects quickly (see the module's docstring): its
    ``__new__`` fills a plain twin of it, then makes the twin the class's own object."""
    twin = _TWINS[cls] = _twin(cls)
    params: list[str] = []
    kw_only: list[str] = []
    body: list[str] = []
    scope: dict[str, Any] = {"_FACTORY": _FACTORY, "_new": object.__new__, "_twin": twin,
                             "_cls": cls}
    annotations: dict[str, Any] = {}
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    for i, f in enumerate(fields):
        value = f.name
        if f.default is not dataclasses.MISSING:
            scope[f"_d{i}"] = f.default
            default = f"_d{i}"
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"_f{i}"] = f.default_factory
            default = "_FACTORY"
            value = f"_f{i}() if {f.name} is _FACTORY else {f.name}"
        else:
            default = ""
        if not f.init:
            if not default:
                raise TypeError(f"{cls.__name__}.{f.name}: a field left out of __init__ needs "
                                "a default")
            value = f"_d{i}" if default != "_FACTORY" else f"_f{i}()"
        else:
            if params and not default and not f.kw_only and "=" in params[-1]:
                raise TypeError(f"{cls.__name__}: non-default argument {f.name!r} follows "
                                "default argument")  # as dataclasses says it
            (kw_only if f.kw_only else params).append(f"{f.name}={default}" if default
                                                      else f.name)
            annotations[f.name] = f.type
        body.append(f"    self.{f.name} = {value}\n")
    body.append("    self.__class__ = _cls\n")  # from here on, frozen
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()\n")
    signature = ", ".join(["cls", *params, *(["*", *kw_only] if kw_only else [])])
    text = f"def __new__({signature}):\n    self = _new(_twin)\n{''.join(body)}    return self\n"
    new = _define("__new__", text, scope)
    if _init_var(cls, len(fields)) or ("__init__" in vars(cls)  # dataclasses wrote it
                                       and _arguments(new)[1:] != _arguments(cls.__init__)[1:]):
        raise TypeError(f"@frozen can't make {cls.__name__}'s objects: use @dataclass")
    new.__qualname__ = f"{cls.__qualname__}.__new__"
    new.__annotations__ = {**annotations, "return": None}  # as the dataclass's __init__
    cls.__new__ = new  # type: ignore[method-assign]
    cls.__init__ = object.__init__  # type: ignore[misc,method-assign] # __new__ did it all
    cls.__reduce__ = _reduce  # type: ignore[method-assign,assignment]
    return cls


def _init_var(cls: type, fields: int) -> bool:
    """Has the dataclass an init-only field (``InitVar``)? Not handled: not a field. (Looked
    for only when it has names besides its ``fields``: those, or class variables.)"""
    names = vars(cls)["__dataclass_fields__"]
    return len(names) > fields and any(
        type(f.type) is dataclasses.InitVar or (isinstance(f.type, str) and "InitVar" in f.type)
        for f in names.values())


def _twin(cls: type) -> type:
    """A class with the same slots as ``cls``, on the same base, whose fields can be set:
    Python lets an object of one become an object of the other (``__class__``), as they are
    laid out alike."""
    slots = vars(cls)["__slots__"]
    return type(f"{cls.__name__}Twin", cls.__bases__,
                {"__slots__": slots, "__setattr__": object.__setattr__})


def _reduce(self: Any) -> tuple[Any, ...]:
    """Pickled (and copied by ``copy``) as its class and fields: the default way would call
    ``__new__`` without them."""
    names = [f.name for f in dataclasses.fields(self)]
    return _remade, (type(self), tuple([getattr(self, name) for name in names]))


def _remade(cls: type, values: tuple[Any, ...]) -> Any:
    obj: Any = object.__new__(cls)
    for f, value in zip(dataclasses.fields(cls), values, strict=True):  # type: ignore[arg-type]
        object.__setattr__(obj, f.name, value)
    return obj


def field_copier(cls: type[T], **how: Callable[[Any], Any]) -> Callable[[T], T]:
    """A function that makes a new ``cls`` with every field of the one given as it is (a
    shallow copy), field by field: going through ``__init__`` (its arguments, its defaults)
    costs twice as much, ``copy.copy`` four times as much. A field named in ``how`` is copied
    by its function instead (``counters=copy_counter``): a mutable part the copy must own.
    A :func:`frozen` record is copied as it is made: in its twin, which then becomes it."""
    return _copier(cls, how, None)


def sharing_copier(cls: type[T], same: dict[str, Callable[[Any, Any], bool]] | None = None,
                   together: tuple[str, ...] = (), /,
                   **how: Callable[[Any], Any]) -> Callable[[T, T], T]:
    """As :func:`field_copier`, for copies that are kept and only read (keyframes): the
    function takes the copy to make and the last one made, ``copy(old, last)``, and a field
    named in ``how`` that is equal to the last copy's (``==``, or its function in ``same``)
    is the last copy's own, shared rather than copied again (nothing changes a kept copy).
    The fields named ``together`` (of ``how``, compared with ``==``: those that seldom
    change) are first compared all at once, as one tuple: when all are equal, all are
    shared in one store, else each is compared on its own. The answer is the same; a
    copy whose fields mostly stay equal costs less (a keyframe's ten seldom-used lists:
    a third of it)."""
    return _copier(cls, how, same or {}, together)


def _copier(cls: type[T], how: dict[str, Callable[[Any], Any]],
            same: dict[str, Callable[[Any, Any], bool]] | None,
            together: tuple[str, ...] = ()) -> Any:
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    unknown = (set(how) | set(same or ()) | set(together)) - set(names)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    if set(together) - set(how) or set(together) & set(same or ()) or len(together) == 1:
        raise TypeError("fields compared together are two or more of those copied by a "
                        "function (how), compared with ==")
    twin = _TWINS.get(cls)
    scope: dict[str, Any] = {"_new": object.__new__, "cls": twin or cls, "_cls": cls}
    lines: list[str] = []
    apart: list[str] = []
    for name in names:
        if name not in how:
            lines.append(f"    new.{name} = old.{name}\n")
            continue
        scope[f"_copy_{name}"] = how[name]
        if same is None:
            lines.append(f"    new.{name} = _copy_{name}(old.{name})\n")
            continue
        equal = "value == kept"
        if name in same:
            scope[f"_same_{name}"] = same[name]
            equal = f"_same_{name}(value, kept)"
        (apart if name in together else lines).append(
            f"    value, kept = old.{name}, last.{name}\n"
            f"    new.{name} = kept if {equal} else _copy_{name}(value)\n")
    if together:
        scope["_together"] = operator.attrgetter(*together)
        stores = ", ".join(f"new.{name}" for name in together)
        lines.append(f"    kept = _together(last)\n    if _together(old) == kept:\n"
                     f"        {stores} = kept\n    else:\n"
                     + "".join(line.replace("    ", "        ") for line in apart))
    if twin is not None:
        lines.append("    new.__class__ = _cls\n")  # from here on, frozen
    arguments = "old" if same is None else "old, last"
    return _define("copy", f"def copy({arguments}):\n    new = _new(cls)\n{''.join(lines)}"
                           "    return new\n", scope)


def replace(record: T, /, **changes: Any) -> T:
    """``dataclasses.replace`` for a :func:`frozen` record: the same new record (the fields
    given changed, the others as they are, those left out of ``__init__`` at their defaults,
    ``__post_init__`` called), about four times quicker: ``dataclasses.replace`` walks the
    class's fields in Python on every call (a decision made for a stack object is one, a few
    hundred a check). Anything else, and a field it may not change, goes to
    ``dataclasses.replace`` (so do its errors)."""
    cls = type(record)
    quick = _REPLACERS.get(cls)
    if quick is None:
        if cls not in _TWINS:
            return dataclasses.replace(record, **changes)  # type: ignore[type-var]
        quick = _REPLACERS[cls] = _replacer(cls)
    names, make = quick
    if not changes.keys() <= names:
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    return make(record, changes)  # type: ignore[no-any-return]


#: Each :func:`frozen` class's fields given to its constructor, and its quick
#: :func:`replace`: made at its first use.
_REPLACERS: dict[type, tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]] = {}


def _replacer(cls: type) -> tuple[frozenset[str], Callable[[Any, dict[str, Any]], Any]]:
    """The fields a ``cls`` record is made with, and a function that makes one as
    :func:`replace` does: in the class's twin, as :func:`quick_init` makes one."""
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    scope: dict[str, Any] = {"_new": object.__new__, "_twin": _TWINS[cls], "_cls": cls,
                             "_set": object.__setattr__}
    lines = []
    for i, f in enumerate(fields):
        if f.init:
            lines.append(f"    new.{f.name} = old.{f.name}\n")
        elif f.default_factory is not dataclasses.MISSING:  # as __init__ without it
            scope[f"_f{i}"] = f.default_factory
            lines.append(f"    new.{f.name} = _f{i}()\n")
        else:
            scope[f"_d{i}"] = f.default
            lines.append(f"    new.{f.name} = _d{i}\n")
    lines.append("    for name in changes:\n        _set(new, name, changes[name])\n")
    lines.append("    new.__class__ = _cls\n")  # from here on, frozen
    if hasattr(cls, "__post_init__"):
        lines.append("    new.__post_init__()\n")
    return frozenset(f.name for f in fields if f.init), _define(
        "replace", f"def replace(old, changes):\n    new = _new(_twin)\n{''.join(lines)}"
                   "    return new\n", scope)


def _define(name: str, text: str, scope: dict[str, Any]) -> Any:
    """The function the text defines, compiled as the dataclasses' methods are (codecache's
    ``exec`` while the package is imported)."""
    run = vars(dataclasses).get("exec", exec)
    run(text, scope)
    return scope[name]


def _arguments(fn: Any) -> tuple[str, ...]:
    code = fn.__code__
    return code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
