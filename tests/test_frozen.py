"""``@frozen`` (mtgrules/frozen.py): a frozen slotted dataclass with a quicker ``__init__``
behaves exactly as the dataclass would, and the package's frozen records all use it."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules.frozen import frozen

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _twins() -> tuple[type, type]:
    """The same records, made by ``@frozen`` and by ``@dataclass(frozen=True, slots=True)``."""

    def body(decorate, decorate_kw):
        @decorate
        class Base:
            id: str
            zcc: int = 0
            tags: tuple[str, ...] = dataclasses.field(default_factory=tuple)
            seen: list[str] = dataclasses.field(default_factory=list, compare=False)
            label: str = dataclasses.field(default="", init=False)

            def __post_init__(self) -> None:
                object.__setattr__(self, "label", f"{self.id}#{self.zcc}")

        @decorate_kw
        class Child(Base):
            kind: str = "child"
            extra: int

        return Base, Child

    quick = body(frozen, frozen(kw_only=True))
    plain = body(dataclasses.dataclass(frozen=True, slots=True),
                 dataclasses.dataclass(frozen=True, slots=True, kw_only=True))
    return quick, plain


QUICK, PLAIN = _twins()


@pytest.mark.parametrize("index", [0, 1])
def test_a_frozen_record_takes_the_same_arguments_as_the_dataclass(index: int):
    quick, plain = QUICK[index], PLAIN[index]
    assert str(inspect.signature(quick)) == str(inspect.signature(plain))
    assert quick.__doc__ == plain.__doc__  # written by dataclasses from the signature


def test_a_frozen_record_is_refused_where_the_dataclass_would_be_or_cant_be_made():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @frozen
        class Wrong:
            a: int = 0
            b: int

    with pytest.raises(TypeError, match="use @dataclass"):
        @frozen
        class InitOnly:
            a: int
            b: dataclasses.InitVar[int]


def test_a_frozen_record_holds_what_the_dataclass_holds():
    (qb, qc), (pb, pc) = QUICK, PLAIN
    for q, p in ((qb("a"), pb("a")), (qb("a", 2, ("t",)), pb("a", 2, ("t",))),
                 (qc("a", extra=1), pc("a", extra=1)), (qc("b", 3, kind="k", extra=2),
                                                         pc("b", 3, kind="k", extra=2))):
        assert repr(q).split("(", 1)[1] == repr(p).split("(", 1)[1]
        assert q.label == p.label and q.seen == [] and q.seen is not qb("a").seen
    assert qb("a") == qb("a") and hash(qb("a")) == hash(qb("a")) and qb("a") != qb("a", 1)


def test_a_frozen_record_refuses_a_change_and_copies_and_pickles_like_a_dataclass():
    base = QUICK[0]
    record = base("a", 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        record.zcc = 2  # type: ignore[misc]
    changed = dataclasses.replace(record, zcc=5)
    assert changed.zcc == 5 and changed.label == "a#5" and record.zcc == 1
    with pytest.raises(TypeError):
        base()  # the id is required, as the dataclass's __init__ says
    with pytest.raises(TypeError):
        QUICK[1]("a", 1, "kind-given-by-position", 2)  # keyword-only fields stay so
    child = QUICK[1]("a", 2, extra=3)
    assert type(child) is QUICK[1] and isinstance(child, QUICK[0])
    for again in (copy.copy(child), copy.deepcopy(child)):
        assert again == child and type(again) is QUICK[1] and again.label == "a#2"
    with pytest.raises(dataclasses.FrozenInstanceError):
        child.extra = 4  # type: ignore[misc]


def test_every_frozen_slotted_record_of_the_package_is_made_with_frozen():
    """One way to declare a frozen record: the quick one (a plain frozen slotted dataclass
    would take twice as long to make, and the engine makes them by the thousand)."""
    slow = [f"{p.relative_to(ROOT)}:{n}" for p in sorted((ROOT / "mtgrules").rglob("*.py"))
            if p.name != "frozen.py"
            for n, line in enumerate(p.read_text().splitlines(), 1)
            if re.search(r"@dataclass\((?=[^)]*frozen=True)(?=[^)]*slots=True)", line)]
    assert slow == []


def test_a_package_record_pickles_and_compares_as_before():
    from mtgrules.events import StepBegins
    from mtgrules.objects import Ref, StackItem

    event = StepBegins(player="alice", step="upkeep")
    assert pickle.loads(pickle.dumps(event)) == event and type(event) is StepBegins

    ref = Ref("object", "bears", 2)
    assert pickle.loads(pickle.dumps(ref)) == ref and ref == Ref("object", "bears", 2)
    item = StackItem("S1", "spell", "alice", "bolt", 0, "Lightning Bolt", "Foudre",
                     targets=((ref,),))
    assert pickle.loads(pickle.dumps(item)) == item
    assert dataclasses.replace(item, x=3) == StackItem(*dataclasses.astuple(item)[:11], x=3) \
        or dataclasses.replace(item, x=3).x == 3


def test_a_copied_object_has_every_field_and_its_own_counters():
    from mtgrules.objects import GameObject

    obj = GameObject("bears", "alice", "bob", "battlefield")
    for i, f in enumerate(dataclasses.fields(GameObject)[4:]):  # each field a value of its own
        object.__setattr__(obj, f.name, f"value-{i}") if f.name != "counters" else None
    obj.counters["+1/+1"] = 2
    clone = obj.copy()
    assert clone == obj and clone is not obj and clone.counters is not obj.counters
    clone.counters["+1/+1"] += 1
    assert obj.counters["+1/+1"] == 2


def test_a_field_copy_of_a_frozen_record_is_the_same_frozen_record():
    """``field_copier`` copies a ``@frozen`` record as one is made (in its twin): the copy is
    equal, of the same class, and refuses a change like the original."""
    from mtgrules.frozen import field_copier

    base, child = QUICK
    original = child(id="bears", zcc=2, tags=("a",), extra=5)
    copied = field_copier(child)(original)
    assert copied == original and copied is not original and type(copied) is child
    assert copied.label == "bears#2" and copied.seen is original.seen  # shallow, as replace
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.zcc = 3  # type: ignore[misc]
    with pytest.raises(TypeError, match="no field nope"):
        field_copier(base, nope=list)


def test_a_quick_replace_makes_what_dataclasses_replace_makes():
    """``frozen.replace`` gives the record ``dataclasses.replace`` would (the fields given
    changed, a field left out of ``__init__`` made again by ``__post_init__``, a factory
    field as it was), of the same class, frozen; what it may not change is refused the same
    way; a record that isn't ``@frozen`` goes to ``dataclasses.replace``."""
    from mtgrules.frozen import replace

    (qb, qc), (pb, pc) = QUICK, PLAIN
    seen: list[str] = ["x"]
    for q, p, changes in ((qb("a", 1, ("t",), seen), pb("a", 1, ("t",), seen), {"zcc": 5}),
                          (qc("a", extra=1), pc("a", extra=1), {"extra": 2, "id": "b"}),
                          (qc("a", 2, extra=3), pc("a", 2, extra=3), {})):
        made, wanted = replace(q, **changes), dataclasses.replace(p, **changes)
        assert repr(made).split("(", 1)[1] == repr(wanted).split("(", 1)[1]
        assert type(made) is type(q) and made is not q and made.seen is q.seen
        assert made == dataclasses.replace(q, **changes)
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.zcc = 9  # type: ignore[misc]
        for wrong, error in (({"label": "no"}, ValueError), ({"colour": 1}, TypeError)):
            with pytest.raises(error) as quick_error:
                replace(q, **wrong)
            with pytest.raises(error) as plain_error:
                dataclasses.replace(q, **wrong)
            assert str(quick_error.value) == str(plain_error.value)
    assert replace(pb("a"), zcc=3) == pb("a", 3)  # a dataclass not made by @frozen


def test_fields_compared_together_are_shared_or_copied_as_when_compared_apart():
    """``sharing_copier(cls, same, together)``: fields that seldom change are compared as one
    tuple first; when one of them differs, each is compared apart. Either way a field equal to
    the last copy's is the last copy's own, and a field that differs is a new copy."""
    from dataclasses import dataclass, field

    from mtgrules.frozen import sharing_copier

    @dataclass
    class Box:
        """A record of three lists."""

        a: list = field(default_factory=list)
        b: list = field(default_factory=list)
        c: list = field(default_factory=list)

    apart = sharing_copier(Box, None, (), a=list, b=list, c=list)
    together = sharing_copier(Box, None, ("a", "b"), a=list, b=list, c=list)
    last = Box([1], [], [2])
    for now in (Box([1], [], [2]), Box([1], [3], [2]), Box([], [], [])):
        one, two = apart(now, last), together(now, last)
        assert one == two == now
        for name in ("a", "b", "c"):
            shared = getattr(now, name) == getattr(last, name)
            assert (getattr(two, name) is getattr(last, name)) is shared
            assert (getattr(one, name) is getattr(last, name)) is shared
            assert getattr(two, name) is not getattr(now, name)
    with pytest.raises(TypeError, match="two or more"):
        sharing_copier(Box, None, ("a",), a=list, b=list, c=list)
    with pytest.raises(TypeError, match="two or more"):
        sharing_copier(Box, None, ("a", "b"), a=list)


def _described(cls: type) -> dict[str, object]:
    """What ``dataclasses`` and a reader see of a frozen record's class."""
    return {"fields": [(f.name, f.type, repr(f.default), f.default_factory, f.init, f.repr,
                        f.hash, f.compare, dict(f.metadata), f.kw_only, f._field_type)
                       for f in dataclasses.fields(cls)],
            # (init=False: its __new__ is written by @frozen, not dataclasses; so it was before)
            "params": repr(cls.__dataclass_params__).replace("init=False", "init=True"),
            "slots": cls.__slots__,
            "match_args": cls.__match_args__, "doc": cls.__doc__,
            "signature": str(inspect.signature(cls)),
            "names": sorted(set(vars(cls)) - {"__init__", "__new__", "__reduce__",
                                              "__getstate__", "__setstate__"}),
            "qualnames": {name: getattr(cls, name).__qualname__
                          for name in ("__repr__", "__eq__", "__hash__", "__setattr__")}}


def _ordered(decorate) -> type:
    @decorate
    class Link:
        """A link, ordered."""

        source: str
        zcc: int = dataclasses.field(default=0, compare=False, metadata={"why": "test"})
        labels: frozenset[str] = frozenset()

    return Link


def test_a_frozen_class_is_the_class_the_dataclass_would_be():
    """@frozen makes the class itself (frozen._made): the same fields, parameters, names,
    signature and methods as ``@dataclass(frozen=True, slots=True)``, and they behave alike."""
    pairs = [*zip(QUICK, PLAIN, strict=True),
             (_ordered(frozen(order=True)),
              _ordered(dataclasses.dataclass(frozen=True, slots=True, order=True)))]
    for quick, plain in pairs:
        assert _described(quick) == _described(plain), quick.__name__
    quick, plain = pairs[2]
    q, p = [cls("a", 1, frozenset({"x"})) for cls in (quick, plain)]
    assert repr(q) == repr(p) and hash(q) == hash(p) and q == quick("a", 2, frozenset({"x"}))
    assert (q < quick("b"), q >= quick("b")) == (p < plain("b"), p >= plain("b")) == (True, False)
    for change in (lambda r: setattr(r, "zcc", 2), lambda r: delattr(r, "source")):
        with pytest.raises(dataclasses.FrozenInstanceError) as quick_error:
            change(q)
        with pytest.raises(dataclasses.FrozenInstanceError) as plain_error:
            change(p)
        assert str(quick_error.value) == str(plain_error.value)


def test_a_frozen_class_keeps_the_methods_it_writes_itself_as_the_dataclass_does():
    def make(decorate):
        @decorate
        class Named:
            """A record with its own repr and equality."""

            name: str

            def __repr__(self) -> str:
                return f"<{self.name}>"

            def __eq__(self, other: object) -> bool:
                return isinstance(other, Named) and other.name.lower() == self.name.lower()

        return Named

    quick, plain = make(frozen), make(dataclasses.dataclass(frozen=True, slots=True))
    assert repr(quick("A")) == repr(plain("A")) == "<A>" and quick("A") == quick("a")
    assert (hash(quick("A")) == hash(quick("A"))) and _described(quick) == _described(plain)
    for options in ({"order": True}, {}):
        for method in ("__lt__", "__setattr__"):
            if method == "__lt__" and not options:
                continue
            body = {"__annotations__": {"a": "int"}, "__doc__": "x",
                    method: lambda self, *_: None}
            with pytest.raises(TypeError) as quick_error:
                frozen(**options)(type("Bad", (), dict(body)))
            with pytest.raises(TypeError) as plain_error:
                dataclasses.dataclass(frozen=True, slots=True, **options)(
                    type("Bad", (), dict(body)))
            assert str(quick_error.value) == str(plain_error.value)


def test_a_frozen_class_refuses_what_the_dataclass_refuses_and_what_is_not_a_field():
    """Refused as dataclasses refuses (same messages); an annotation dataclasses would not
    take for a field (ClassVar, KW_ONLY) is refused: such a class is a @dataclass."""
    wrong = [({"__annotations__": {"a": "list[int]"}, "a": []}, ValueError),
             ({"__annotations__": {}, "a": dataclasses.field(default=1)}, TypeError)]
    for body, error in wrong:
        with pytest.raises(error) as quick_error:
            frozen(type("Bad", (), {"__doc__": "x", **body}))
        with pytest.raises(error) as plain_error:
            dataclasses.dataclass(frozen=True, slots=True)(
                type("Bad", (), {"__doc__": "x", **body}))
        assert str(quick_error.value) == str(plain_error.value)
    base = dataclasses.dataclass(type("Base", (), {"__annotations__": {"a": "int"},
                                                   "__doc__": "x"}))
    with pytest.raises(TypeError, match="cannot inherit frozen dataclass from a non-frozen"):
        frozen(type("Child", (base,), {"__annotations__": {"b": "int"}, "__doc__": "x"}))
    for annotation in ("ClassVar[int]", "typing.ClassVar[int]", "dataclasses.KW_ONLY"):
        with pytest.raises(TypeError, match="use @dataclass"):
            frozen(type("Bad", (), {"__annotations__": {"a": annotation}, "__doc__": "x"}))


PACKAGE_RECORDS = """
import dataclasses, importlib.util, inspect, sys
spec = importlib.util.spec_from_file_location("mtgrules.frozen", "mtgrules/frozen.py")
module = sys.modules["mtgrules.frozen"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
if sys.argv[1] == "dataclasses":  # the package's records made by dataclasses instead
    module._made = lambda c, **options: dataclasses.dataclass(
        frozen=True, slots=True, **options)(c)
import mtgrules, mtgrules.check, mtgrules.saving
records = [c for m in list(sys.modules.values()) if m and m.__name__.startswith("mtgrules")
           for c in vars(m).values() if isinstance(c, type) and c.__module__ == m.__name__
           and "__slots__" in vars(c) and getattr(c, "__dataclass_params__", None)
           and c.__dataclass_params__.frozen]
def shown(value):  # (no addresses: the two processes' objects are compared as texts)
    if value is dataclasses.MISSING:
        return "MISSING"
    return getattr(value, "__qualname__", None) or repr(value)
print(len(records))
for c in sorted(records, key=lambda c: (c.__module__, c.__qualname__)):
    print(c.__module__, c.__qualname__, [(f.name, f.type, shown(f.default),
          shown(f.default_factory), f.init, f.repr, f.hash, f.compare, dict(f.metadata),
          f.kw_only, f._field_type)
          for f in dataclasses.fields(c)], c.__dataclass_params__.frozen, c.__slots__,
          c.__match_args__, str(inspect.signature(c)), c.__doc__, sorted(set(vars(c)) - {
          "__init__", "__new__", "__reduce__", "__getstate__", "__setstate__"}))
"""


def test_every_frozen_record_of_the_package_is_the_class_dataclasses_would_make():
    """Each @frozen class of the package, made by @frozen and by ``@dataclass(frozen=True,
    slots=True)`` (in two processes): the same fields, parameters, slots, signature,
    docstring and names."""
    quick, plain = (subprocess.run([sys.executable, "-c", PACKAGE_RECORDS, how], cwd=ROOT,
                                   capture_output=True, text=True, check=True).stdout
                    for how in ("frozen", "dataclasses"))
    assert int(quick.split("\n", 1)[0]) > 50
    assert quick == plain


def _dataclass_bodies() -> list[tuple[dict[str, bool], dict[str, object]]]:
    """Classes of each kind the package declares with ``frozen.dataclass``, and the corners
    of what dataclasses does with them: options, and a body (annotations, defaults, methods)."""
    field = dataclasses.field

    def post_init(self) -> None:
        self.seen.append("post")

    plain = {"__annotations__": {"id": "str", "zcc": "int", "tags": "list[str]",
                                 "label": "str", "note": "str"},
             "zcc": 0, "tags": field(default_factory=list), "label": field(default="-",
                                                                         init=False),
             "note": field(default="", compare=False, repr=False)}
    odd = {"__annotations__": {"self": "int", "seen": "list[str]", "hashed": "int",
                               "key": "int"},
           "seen": field(default_factory=list, init=False),
           "hashed": field(default=0, hash=True, compare=False), "key": field(default=1,
                                                                          kw_only=True),
           "__post_init__": post_init}
    own = {"__annotations__": {"a": "int"},
           "__repr__": lambda self: "<own>", "__eq__": lambda self, other: True,
           "__hash__": lambda self: 7}
    return [(options, body) for body in (plain, odd, own)
            for options in ({}, {"slots": True}, {"slots": True, "eq": False},
                            {"frozen": True}, {"eq": False})]


def _dataclass_described(cls: type) -> dict[str, object]:
    """What ``dataclasses`` and a reader see of a dataclass: fields, parameters, names, and
    each method's name and signature."""
    return {"fields": [(f.name, f.type, repr(f.default), f.default_factory, f.init, f.repr,
                        f.hash, f.compare, dict(f.metadata), f.kw_only, f._field_type)
                       for f in dataclasses.fields(cls)],
            "params": repr(cls.__dataclass_params__), "slots": vars(cls).get("__slots__"),
            "match_args": cls.__match_args__, "doc": cls.__doc__,
            "signature": str(inspect.signature(cls)), "names": sorted(vars(cls)),
            "methods": {name: (value.__qualname__, str(inspect.signature(value)))
                        for name, value in vars(cls).items() if inspect.isfunction(value)},
            "hash": cls.__hash__ is None}


def _outcome(function: Any, *args: object) -> object:
    """What the call gives, or the error it raises (its kind and message)."""
    try:
        return function(*args)
    except Exception as error:  # noqa: BLE001 - compared, whatever it is
        return f"{type(error).__name__}: {error}"


def _made_both_ways(options: dict[str, bool], body: dict[str, object]) -> tuple[type, type]:
    from mtgrules.frozen import dataclass

    return tuple(decorate(**options)(type("Record", (), {"__doc__": "A record.", **body}))
                 for decorate in (dataclass, dataclasses.dataclass))  # type: ignore[return-value]


@pytest.mark.parametrize("index", range(15))
def test_a_dataclass_made_in_one_go_is_the_class_dataclasses_makes(index: int):
    """``frozen.dataclass`` makes the class ``dataclasses.dataclass`` makes with the same
    options (slots, eq, frozen): the same fields, parameters, names, signature and methods,
    which behave alike (made, shown, compared, hashed, changed, copied, pickled)."""
    options, body = _dataclass_bodies()[index]
    quick, plain = _made_both_ways(options, body)
    assert _dataclass_described(quick) == _dataclass_described(plain)
    assert {name: repr(value) for name, value in vars(quick).items() if name in body} \
        == {name: repr(value) for name, value in vars(plain).items() if name in body}
    if "id" in body["__annotations__"]:  # type: ignore[operator]
        args: tuple[object, ...] = ("a", 2)
    elif "self" in body["__annotations__"]:  # type: ignore[operator]
        args = (1, 2)
    else:
        args = (3,)
    q, p = quick(*args), plain(*args)
    assert repr(q) == repr(p).replace(plain.__qualname__, quick.__qualname__)
    assert (q == quick(*args)) == (p == plain(*args)) and (q == p) == (p == q)
    assert (quick.__hash__ is None) == (plain.__hash__ is None)
    if quick.__hash__ is not None and "__hash__" in vars(quick):
        assert _outcome(hash, q) == _outcome(hash, p)
    for change in (lambda r: setattr(r, list(r.__dataclass_fields__)[0], 5),
                   lambda r: delattr(r, list(r.__dataclass_fields__)[-1])):
        outcomes = []
        for record in (quick(*args), plain(*args)):
            try:
                change(record)
                outcomes.append(repr(record).split("(", 1)[-1])
            except (dataclasses.FrozenInstanceError, AttributeError) as error:
                outcomes.append(f"{type(error).__name__}: {error}")
        assert outcomes[0] == outcomes[1]
    again = copy.copy(q)
    assert type(again) is quick and repr(again) == repr(q)
    with pytest.raises(TypeError):
        quick()


def test_a_dataclass_is_refused_or_left_to_dataclasses_as_dataclasses_would():
    """What dataclasses refuses, ``frozen.dataclass`` refuses with the same message; what it
    doesn't make itself (a ClassVar, a base that is a dataclass, no docstring) it leaves to
    ``dataclasses``."""
    from mtgrules.frozen import _buildable, dataclass

    for body, error in (({"__annotations__": {"a": "int", "b": "int"}, "a": 0}, TypeError),
                        ({"__annotations__": {"a": "list[int]"}, "a": []}, ValueError),
                        ({"__annotations__": {}, "a": dataclasses.field(default=1)},
                         TypeError)):
        with pytest.raises(error) as quick_error:
            dataclass(type("Bad", (), {"__doc__": "x", **body}))
        with pytest.raises(error) as plain_error:
            dataclasses.dataclass(type("Bad", (), {"__doc__": "x", **body}))
        assert str(quick_error.value) == str(plain_error.value)
    bodies = [({}, (dataclass(type("Base", (), {"__annotations__": {"a": "int"},
                                                  "__doc__": "x"})),),
               {"__annotations__": {"b": "int"}, "__doc__": "x"}),
              ({}, (), {"__annotations__": {"a": "int"}}),
              ({}, (), {"__annotations__": {"a": "ClassVar[int]", "b": "InitVar[int]"},
                        "__doc__": "x"}),
              ({"frozen": True, "slots": True}, (), {"__annotations__": {"a": "int"},
                                                     "__doc__": "x"})]
    for options, bases, body in bodies:
        quick, plain = (decorate(**options)(type("Record", bases, dict(body)))
                        for decorate in (dataclass, dataclasses.dataclass))
        assert _dataclass_described(quick) == _dataclass_described(plain)
    assert not _buildable(type("Bare", (), {"__annotations__": {"a": "int"}}), {})


PACKAGE_DATACLASSES = """
import dataclasses, importlib.util, inspect, re, sys
spec = importlib.util.spec_from_file_location("mtgrules.frozen", "mtgrules/frozen.py")
module = sys.modules["mtgrules.frozen"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
if sys.argv[1] == "dataclasses":  # the package's dataclasses made by dataclasses instead
    module.dataclass = dataclasses.dataclass
import mtgrules, mtgrules.check, mtgrules.cr, mtgrules.replaced, mtgrules.saving
records = [c for m in list(sys.modules.values()) if m and m.__name__.startswith("mtgrules")
           for c in vars(m).values() if isinstance(c, type) and c.__module__ == m.__name__
           and "__dataclass_fields__" in vars(c)
           and not (c.__dataclass_params__.frozen and "__slots__" in vars(c))]
def shown(value):  # (no addresses: the two processes' objects are compared as texts)
    if value is dataclasses.MISSING:
        return "MISSING"
    return re.sub(" at 0x[0-9a-f]+", "", getattr(value, "__qualname__", None) or repr(value))
print(len(records))
for c in sorted(records, key=lambda c: (c.__module__, c.__qualname__)):
    print(c.__module__, c.__qualname__, [(f.name, f.type, shown(f.default),
          shown(f.default_factory), f.init, f.repr, f.hash, f.compare, dict(f.metadata),
          f.kw_only, f._field_type) for f in dataclasses.fields(c)],
          repr(c.__dataclass_params__), vars(c).get("__slots__"), c.__match_args__,
          str(inspect.signature(c)), c.__doc__, sorted(vars(c)),
          {name: (shown(value), str(inspect.signature(value)) if callable(value) else None)
           for name, value in sorted(vars(c).items())})
"""


def test_every_dataclass_of_the_package_is_the_class_dataclasses_would_make():
    """Each class of the package made by ``frozen.dataclass``, made by it and by
    ``dataclasses.dataclass`` (in two processes): the same fields, parameters, slots,
    signature, docstring, names and methods' signatures."""
    quick, plain = (subprocess.run([sys.executable, "-c", PACKAGE_DATACLASSES, how], cwd=ROOT,
                                   capture_output=True, text=True, check=True).stdout
                    for how in ("frozen", "dataclasses"))
    assert int(quick.split("\n", 1)[0]) > 20
    assert quick == plain
