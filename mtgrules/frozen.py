"""Frozen records that are quick to make (issue 12: a check builds ~100,000 of them) and quick
to declare (a check declares 62 of them as it starts).

A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__(self, name, value)``
(its own ``__setattr__`` refuses): a call that looks the name up in the class each time, and the
engine makes log entries, stack objects, actions, views and events by the thousand. A record
made by :func:`frozen` is filled as an object of a plain twin of its class (same slots, same
base, fields set by plain stores), which then becomes an object of the frozen class
(``__class__``): about a third of the cost. :func:`frozen` makes the class
``@dataclass(frozen=True, slots=True)`` makes, with that ``__new__`` instead of ``__init__``:
the same fields (``dataclasses.fields``, ``replace``, ``asdict`` work on it), the same
``__eq__``, ``__hash__``, ``__repr__``, order and refusal to change a field, written from the
same texts; the constructor takes the same arguments, defaults and keyword-only fields, and
calls ``__post_init__`` the same way; pickling and ``copy`` go through class and fields. It
makes the class in one go (:func:`_made`) rather than through ``dataclasses``' general steps,
which took twice as long (an annotation that is not a field, ``ClassVar``, ``InitVar`` or
``KW_ONLY``, is refused: use ``@dataclass``).

:func:`field_copier` makes the other kind of record quickly: a shallow copy of a mutable
dataclass (a game object, a state, for keyframes), field by field.

Each writes its functions as text, as ``dataclasses`` does, and runs it through
``dataclasses``' own ``exec``: while the package is imported that is codecache's, which
compiles each text once per interpreter.
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import operator
import sys
from collections.abc import Callable
from dataclasses import MISSING
from reprlib import recursive_repr
from types import MemberDescriptorType

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
        made = _made(c, **options)
        if not c.__doc__:  # as dataclasses documents a class: its name and signature
            import inspect  # here: the package's import doesn't need it (mtgrules.deferred)

            made.__doc__ = made.__name__ + str(inspect.signature(made)).replace(" -> None", "")
        return made

    return wrap if cls is None else wrap(cls)


@overload
def dataclass(cls: type[T], /) -> type[T]: ...
@overload
def dataclass(*, eq: bool = True, frozen: bool = False,  # noqa: F811
              slots: bool = False) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field,))
def dataclass(cls: type[T] | None = None, /, **options: bool) -> Any:  # noqa: F811
    """``@dataclass``, ``@dataclass(slots=True)``, ``@dataclass(frozen=True)``...: the class
    ``dataclasses.dataclass`` makes with these options (the same fields, parameters and
    methods: ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``...), made in one go as
    :func:`frozen` makes its records (:func:`_built`): its methods one text, compiled once
    (codecache), the class made once. A class it can't make so (a base that is a dataclass,
    a ``ClassVar``, ``InitVar`` or ``KW_ONLY`` annotation, no docstring, a frozen slotted one:
    that is :func:`frozen`'s) is made by ``dataclasses.dataclass``. For the package's mutable
    records, as it starts: ``dataclasses`` cost 0.6 M instructions a class."""

    def wrap(c: type[T]) -> type[T]:
        if not _buildable(c, options):
            return dataclasses.dataclass(**options)(c)  # type: ignore[no-any-return]
        return _built(c, **options)

    return wrap if cls is None else wrap(cls)


#: Each :func:`frozen` class's plain twin (for :func:`field_copier`).
_TWINS: dict[type, type] = {}

#: What dataclasses marks a field with (rather than a ClassVar or an InitVar): the fields
#: ``dataclasses.fields`` lists.
_FIELD = dataclasses._FIELD  # type: ignore[attr-defined]


def _made(c: type, order: bool = False, kw_only: bool = False) -> type:
    """The class ``@dataclass(frozen=True, slots=True, order=order, kw_only=kw_only)`` makes
    of ``c`` (the same fields, parameters and methods, ``__init__`` excepted: see the
    module's docstring), made in one go. dataclasses makes it in steps, each general: it
    looks every field's annotation text up in the module (is it a ClassVar, an InitVar?),
    writes and runs each method's text apart, sets each method on the class, then makes the
    class again with slots: for the package's records, twice what this costs (14 M
    instructions of ``mtgrules check``; tests/test_frozen.py compares the two)."""
    own = vars(c)
    if "__slots__" in own:
        raise TypeError(f"{c.__name__} already specifies __slots__")
    fields = _fields(c, kw_only)
    inherited = {slot for base in c.__mro__[1:-1] for slot in _slots(base)}
    slots = tuple(name for name in fields if name not in inherited)
    twin = _twin(c.__name__, c.__bases__, slots)
    methods, made_as = _methods(c, twin, fields, order)
    # (__new__ is set on the class made: in its namespace, it would become a staticmethod)
    new = methods.pop("__new__")
    namespace = {name: value for name, value in own.items()
                 if name not in fields and name not in ("__dict__", "__weakref__")}
    namespace.update(methods, __slots__=slots, __dataclass_fields__=fields,
                     __dataclass_params__=_params(order=order, kw_only=kw_only),
                     __init__=object.__init__,  # __new__ does it all
                     __reduce__=_reduce)
    if "__match_args__" not in own:
        namespace["__match_args__"] = tuple(
            name for name, f in fields.items() if f.init and not f.kw_only)
    cls = type(c)(c.__name__, c.__bases__, namespace)
    cls.__qualname__ = c.__qualname__
    cls.__new__ = new  # type: ignore[method-assign]
    for name in ("__new__", *methods):
        getattr(cls, name).__qualname__ = f"{c.__qualname__}.{name}"
    made_as(cls)
    _TWINS[cls] = twin
    if "__init__" in own and _arguments(new)[1:] != _arguments(own["__init__"])[1:]:
        raise TypeError(f"@frozen can't make {c.__name__}'s objects: use @dataclass")
    return cls


def _fields(c: type, kw_only: bool) -> dict[str, dataclasses.Field[Any]]:
    """The dataclass fields of ``c``, its bases' then its own, as dataclasses makes them."""
    fields: dict[str, dataclasses.Field[Any]] = {}
    dataclass_bases = frozen_bases = False
    for base in c.__mro__[-1:0:-1]:
        inherited = getattr(base, "__dataclass_fields__", None)
        if inherited is not None:
            dataclass_bases = True
            fields.update(inherited)
            frozen_bases = frozen_bases or base.__dataclass_params__.frozen  # type: ignore[attr-defined]
    if dataclass_bases and not frozen_bases:
        raise TypeError("cannot inherit frozen dataclass from a non-frozen one")
    annotations = vars(c).get("__annotations__", {})
    for name, annotation in annotations.items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if "ClassVar" in text or "InitVar" in text or "KW_ONLY" in text:  # not fields:
            # dataclasses looks each name up in the module to tell; @frozen refuses them
            raise TypeError(f"@frozen can't make {c.__name__}.{name} ({text}): use @dataclass")
        default = getattr(c, name, MISSING)
        if isinstance(default, dataclasses.Field):
            f = default
        else:
            if isinstance(default, MemberDescriptorType):  # a base's slot: no default
                default = MISSING
            f = dataclasses.field(default=default)  # type: ignore[arg-type]
        f.name, f.type, f._field_type = name, annotation, _FIELD  # type: ignore[attr-defined]
        if f.kw_only is MISSING:  # type: ignore[attr-defined]
            f.kw_only = kw_only  # type: ignore[attr-defined]
        if f.default.__class__.__hash__ is None:
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not "
                             "allowed: use default_factory")  # as dataclasses says it
        fields[name] = f
    for name, value in vars(c).items():
        if isinstance(value, dataclasses.Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    return fields


def _slots(cls: type) -> tuple[str, ...]:
    slots = vars(cls).get("__slots__", ())
    return (slots,) if isinstance(slots, str) else tuple(slots)


#: The ``__dataclass_params__`` of a class :func:`frozen` makes, but for its options: as
#: ``dataclass(frozen=True, slots=True, init=False)`` gives them (its own ``__new__`` is no
#: dataclass ``__init__``), on every version of Python that has these parameters.
_PARAMS = {"init": False, "repr": True, "eq": True, "order": False, "unsafe_hash": False,
           "frozen": True, "match_args": True, "kw_only": False, "slots": True,
           "weakref_slot": False}


@functools.cache
def _params(**options: bool) -> Any:
    """The ``__dataclass_params__`` dataclasses gives a frozen slotted class made with these
    options. Their form changes with Python's version: made from the parameters its class
    takes (its slots) when :data:`_PARAMS` names them all (making a class with dataclasses
    for its parameters cost 0.3 M instructions), else taken from a class it makes."""
    made = dataclasses._DataclassParams  # type: ignore[attr-defined]
    names = getattr(made, "__slots__", ())
    if names and set(names) <= _PARAMS.keys():
        given = {**_PARAMS, **options}
        return made(**{name: given[name] for name in names})

    class Parameters:
        """(Made only for its parameters.)"""

    made = dataclasses.dataclass(frozen=True, slots=True, init=False, **options)(Parameters)
    return vars(made)["__dataclass_params__"]


def _methods(c: type, twin: type, fields: dict[str, dataclasses.Field[Any]],
             order: bool) -> tuple[dict[str, Any], Callable[[type], None]]:
    """The methods of the :func:`frozen` class made of ``c``: its quick ``__new__`` (see the
    module's docstring) and those dataclasses writes for a frozen class (``__repr__``,
    ``__eq__``, the order if asked, ``__hash__``, ``__setattr__``, ``__delattr__``): the
    same texts, written as one, compiled once (codecache's ``exec`` while the package is
    imported), run as dataclasses runs them (in the module's globals, with its values as
    arguments). They are made before the class, so that it is made with them: the function
    given with them tells them the class (``_cls``) once it is made."""
    values: dict[str, Any] = {"_twin": twin, "_new": object.__new__, "_FACTORY": _FACTORY,
                              "FrozenInstanceError": dataclasses.FrozenInstanceError}
    texts = {"__new__": _new_text(c, fields, values)}
    listed = list(fields.values())
    _written(c, fields, texts, eq=True, order=order, frozen=True)
    methods, made_as = _run(c, texts, values)
    methods["__new__"].__annotations__ = {  # as the dataclass's __init__: its signature
        **{f.name: f.type for f in listed if f.init}, "return": None}
    if "__repr__" in methods:  # "..." for a record inside itself, as dataclasses' repr
        methods["__repr__"] = recursive_repr()(methods["__repr__"])
    return methods, made_as


def _written(c: type, fields: dict[str, dataclasses.Field[Any]], texts: dict[str, str],
             eq: bool, order: bool, frozen: bool) -> None:
    """Add to ``texts`` the methods dataclasses writes for ``c`` with these options (but
    ``__init__``) and the class has none of its own: ``__repr__``, ``__eq__``, the order,
    ``__setattr__`` and ``__delattr__`` of a frozen class, its ``__hash__`` (dataclasses'
    texts; what dataclasses refuses is refused the same way). Each is written with a join
    per method rather than a format per field: writing them cost as much as the rest of
    making the class."""
    own = vars(c)
    listed = list(fields.values())
    if "__repr__" not in own:
        shown = ", ".join(map("{0}={{self.{0}!r}}".format, [f.name for f in listed if f.repr]))
        texts["__repr__"] = ("(self):\n"
                             f'  return self.__class__.__qualname__ + f"({shown})"\n')
    compared = [f.name for f in listed if f.compare]
    mine, theirs = _tuple("self", compared), _tuple("other", compared)
    ops = {"__eq__": "=="} if eq and "__eq__" not in own else {}
    if order:
        ops.update(__lt__="<", __le__="<=", __gt__=">", __ge__=">=")
    for name, op in ops.items():
        if name != "__eq__" and name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {c.__name__}. "
                            "Consider using functools.total_ordering")
        texts[name] = (f"(self, other):\n  if other.__class__ is self.__class__:\n"
                       f"   return {mine}{op}{theirs}\n"
                       "  return NotImplemented\n")
    if not frozen:
        return
    names = repr(tuple(fields))  # the same tuple as dataclasses' ('a','b',)
    for name, verb, arguments in (("__setattr__", "assign to", "name, value"),
                                  ("__delattr__", "delete", "name")):
        if name in own:
            raise TypeError(f"Cannot overwrite attribute {name} in class {c.__name__}")
        texts[name] = (f"(self, {arguments}):\n  if type(self) is _cls or name in {names}:\n"
                       f'   raise FrozenInstanceError(f"cannot {verb} field {{name!r}}")\n'
                       f"  super(_cls, self).{name}({arguments})\n")
    if eq and not _own_hash(c):
        hashed = [f.name for f in listed if (f.compare if f.hash is None else f.hash)]
        hashed_tuple = mine if hashed == compared else _tuple("self", hashed)
        texts["__hash__"] = f"(self):\n  return hash({hashed_tuple})\n"


def _own_hash(c: type) -> bool:
    """Does the class say how it hashes (a ``__hash__``, or None without its own
    ``__eq__``)? Then dataclasses leaves its ``__hash__`` as it is."""
    explicit = vars(c).get("__hash__", MISSING)
    return not (explicit is MISSING or (explicit is None and "__eq__" in vars(c)))


def _run(c: type, texts: dict[str, str], values: dict[str, Any]
         ) -> tuple[dict[str, Any], Callable[[type], None]]:
    """The functions the ``texts`` define (``name: "(arguments):\\n  body"``), made by one
    text run once (compiled once: codecache's ``exec`` while the package is imported), as
    dataclasses runs each: in the module's globals, with the ``values`` as arguments; and a
    function that tells them the class (``_cls``) once it is made."""
    text = (f"def __create_fn__({', '.join(values)}):\n _cls = None\n"
            + "".join(f" def {name}{body}" for name, body in texts.items())
            + " def made_as(cls):\n  nonlocal _cls\n  _cls = cls\n"
            + f" return [{', '.join(texts)}], made_as\n")
    module = sys.modules.get(c.__module__)
    made, made_as = _define("__create_fn__", text, {}, vars(module) if module else {})(**values)
    return dict(zip(texts, made, strict=True)), made_as


def _buildable(c: type, options: dict[str, bool]) -> bool:
    """Whether :func:`_built` makes this class (else ``dataclasses`` does: see
    :func:`dataclass`)."""
    if not c.__doc__ or "__slots__" in vars(c) or (
            options.get("frozen") and options.get("slots")):
        return False
    if any(hasattr(base, "__dataclass_fields__") for base in c.__mro__[1:]):
        return False
    return not any("ClassVar" in text or "InitVar" in text or "KW_ONLY" in text
                   for text in map(str, vars(c).get("__annotations__", {}).values()))


def _built(c: type, eq: bool = True, frozen: bool = False, slots: bool = False) -> type:
    """The class ``@dataclass(eq=eq, frozen=frozen, slots=slots)`` makes of ``c`` (no base
    that is a dataclass, every annotation a field), made in one go: the fields as
    :func:`_fields` makes them; the methods dataclasses writes (``__init__`` as its own text
    writes it, the others as :func:`_written` writes them), one text, run once; with slots,
    the class made again once (dataclasses makes it, then again)."""
    own = vars(c)
    fields = _fields(c, False)
    for name, f in fields.items():  # a field's default stays on the class, as a dataclass's
        if isinstance(own.get(name), dataclasses.Field):
            if f.default is MISSING:
                delattr(c, name)
            else:
                setattr(c, name, f.default)
    listed = list(fields.values())
    self_name = "__dataclass_self__" if "self" in fields else "self"
    factory = getattr(dataclasses, "_HAS_DEFAULT_FACTORY", _FACTORY)
    values: dict[str, Any] = {"_HAS_DEFAULT_FACTORY": factory, "MISSING": MISSING,
                              "__dataclass_builtins_object__": object,
                              "FrozenInstanceError": dataclasses.FrozenInstanceError}
    texts = {"__init__": _init_text(c, listed, values, self_name, frozen, slots)}
    if "__init__" in own:  # (written all the same: it refuses what dataclasses refuses)
        del texts["__init__"]
    _written(c, fields, texts, eq=eq, order=False, frozen=frozen)
    methods, made_as = _run(c, texts, values)
    if "__repr__" in methods:  # "..." for a record inside itself, as dataclasses' repr
        methods["__repr__"] = getattr(dataclasses, "_recursive_repr", recursive_repr)(
            methods["__repr__"])
    if "__init__" in methods:  # as the dataclass's __init__: its signature's annotations
        methods["__init__"].__annotations__ = {
            **{f.name: f.type for f in listed if f.init and not f.kw_only},
            **{f.name: f.type for f in listed if f.init and f.kw_only}, "return": None}
    if eq and not frozen and not _own_hash(c):  # (as dataclasses: unhashable)
        methods["__hash__"] = None
    params = _params(init=True, eq=eq, frozen=frozen, slots=slots)
    extra = {"__dataclass_fields__": fields, "__dataclass_params__": params}
    if "__match_args__" not in own:
        extra["__match_args__"] = tuple(
            name for name, f in fields.items() if f.init and not f.kw_only)
    if slots:
        namespace = {name: value for name, value in own.items()
                     if name not in fields and name not in ("__dict__", "__weakref__")}
        inherited = {slot for base in c.__mro__[1:-1] for slot in _slots(base)}
        namespace.update(methods)
        namespace.update(extra, __slots__=tuple(name for name in fields if name not in inherited))
        cls = type(c)(c.__name__, c.__bases__, namespace)
        cls.__qualname__ = c.__qualname__
    else:
        cls = c
        for name, value in {**methods, **extra}.items():
            setattr(cls, name, value)
    for name, method in methods.items():
        if method is not None:
            method.__qualname__ = f"{c.__qualname__}.{name}"
    made_as(cls)
    return abc.update_abstractmethods(cls)


def _init_text(c: type, listed: list[dataclasses.Field[Any]], values: dict[str, Any],
               self_name: str, frozen: bool, slots: bool) -> str:
    """The text of the ``__init__`` dataclasses writes (its ``_init_fn``): the same
    parameters (defaults among the ``values``; annotated by :func:`_built`: a text run by
    ``exec`` here would take this module's annotations as texts) and stores
    (``object.__setattr__`` for a frozen class), then ``__post_init__``."""
    params: list[str] = []
    kw_only: list[str] = []
    body: list[str] = []
    seen_default = False
    for f in listed:
        name, default_name = f.name, f"_dflt_{f.name}"
        value: str | None
        if f.default_factory is not MISSING:
            values[default_name] = f.default_factory
            value = (f"{default_name}() if {name} is _HAS_DEFAULT_FACTORY else {name}"
                     if f.init else f"{default_name}()")
            default = "=_HAS_DEFAULT_FACTORY"
        elif f.default is not MISSING:
            values[default_name] = f.default
            value = name if f.init else default_name if slots else None
            default = f"={default_name}"
        else:
            value, default = name, ""
        if f.init:
            if not f.kw_only:
                if default:
                    seen_default = True
                elif seen_default:
                    raise TypeError(f"non-default argument {name!r} follows default argument")
            (kw_only if f.kw_only else params).append(f"{name}{default}")
        if value is not None:
            body.append(f"__dataclass_builtins_object__.__setattr__({self_name},{name!r},{value})"
                        if frozen else f"{self_name}.{name}={value}")
    if hasattr(c, "__post_init__"):
        body.append(f"{self_name}.__post_init__()")
    signature = ",".join([self_name, *params, *(["*", *kw_only] if kw_only else [])])
    lines = "".join(f"  {line}\n" for line in body or ["pass"])
    return f"({signature}):\n{lines}"


def _tuple(name: str, fields: list[str]) -> str:
    """``(self.a,self.b,)``: the tuple dataclasses compares (``self``: ``name``)."""
    return f"({name}." + f",{name}.".join(fields) + ",)" if fields else "()"


def _new_text(cls: type, fields: dict[str, dataclasses.Field[Any]],
              values: dict[str, Any]) -> str:
    """The text of a :func:`frozen` class's ``__new__`` (it fills an object of the twin, then
    makes it the class's own): it takes what the dataclass's ``__init__`` would take, the
    defaults among the ``values`` it is given."""
    params: list[str] = []
    kw_only: list[str] = []
    body: list[str] = []
    for i, f in enumerate(fields.values()):
        value = f.name
        if f.default is not MISSING:
            values[f"_d{i}"] = f.default
            default = f"_d{i}"
        elif f.default_factory is not MISSING:
            values[f"_f{i}"] = f.default_factory
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
        body.append(f"  self.{f.name} = {value}\n")
    body.append("  self.__class__ = _cls\n")  # from here on, frozen
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()\n")
    signature = ", ".join(["cls", *params, *(["*", *kw_only] if kw_only else [])])
    return f"({signature}):\n  self = _new(_twin)\n{''.join(body)}  return self\n"


def _twin(name: str, bases: tuple[type, ...], slots: tuple[str, ...]) -> type:
    """A class with the same slots as the class ``name``, on the same bases, whose fields can
    be set: Python lets an object of one become an object of the other (``__class__``), as
    they are laid out alike."""
    return type(f"{name}Twin", bases, {"__slots__": slots, "__setattr__": object.__setattr__})


def by_identity(cache: dict[int, tuple[Any, Any]], key: Any, make: Callable[[Any], Any]
                ) -> Any:
    """``make(key)``, remembered by the identity of ``key`` (kept beside the result, so that
    identity can't be reused): for what is asked again and again of the same frozen record or
    tuple (an ability, characteristics, a tuple of abilities). Those made on the fly (custom
    cards, effects) come and go: the cache is emptied when it grows big."""
    found = cache.get(id(key))
    if found is None or found[0] is not key:
        if len(cache) >= 4096:
            cache.clear()
        found = cache[id(key)] = (key, make(key))
    return found[1]


def twin(cls: type) -> type:
    """The plain twin of a :func:`frozen` class: an object of it is filled with plain stores,
    then made the class's own (``obj.__class__ = cls``), as the class's ``__new__`` does. For
    the hottest maker of records (``Game.log``, ~3,000 entries a check), which does it in
    place, without the call. (A slotted class that ``dataclasses`` made, as tests make the
    package's records to compare them, is given one, made as :func:`frozen` makes them.)"""
    made = _TWINS.get(cls)
    if made is None:
        made = _TWINS[cls] = _twin(cls.__name__, cls.__bases__, _slots(cls))
    return made


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


def _define(name: str, text: str, scope: dict[str, Any],
            globals: dict[str, Any] | None = None) -> Any:
    """The function the text defines (in ``scope``, its globals ``globals`` or ``scope``),
    compiled as the dataclasses' methods are (codecache's ``exec`` while the package is
    imported)."""
    run = vars(dataclasses).get("exec", exec)
    run(text, scope if globals is None else globals, scope)
    return scope[name]


def _arguments(fn: Any) -> tuple[str, ...]:
    code = fn.__code__
    return code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
