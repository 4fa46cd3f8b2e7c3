"""What a scenario file says, as data: its set-up objects, its script's actions and its checks
(read by the loader, played by the runner, evaluated by the checks)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field, fields

from ..data import Node
from ..frozen import dataclass
from ..parsecache import HIGHEST_PROTOCOL, pickle

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any


class _Pickled:
    """Pickled as its class and its fields' values, made again by its constructor: a third
    quicker to unpickle than the dictionary of its attributes (the cache of parsed files holds
    thousands of these; issue 12)."""

    def __reduce__(self) -> tuple[Any, ...]:
        values = [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]
        return type(self), tuple(values)


class Packed:
    """What playing a parsed scenario never reads (the file's data as read, the line-marked
    set-up, each set-up object's place in the file: only a saved moment's set-up, an error's
    message, the builder and saving read them), pickled as one block of bytes (the cache of
    parsed files, issue 12) and unpickled on the first read of any of it: ``mtgrules check``
    never makes their thousands of line-numbered mappings and nodes."""

    __slots__ = ("_packed", "_parts")

    def __init__(self, parts: dict[str, Any] | None = None, packed: bytes = b""):
        self._parts = parts
        self._packed = packed

    def part(self, name: str) -> Any:
        if self._parts is None:
            self._parts = pickle.loads(self._packed)  # noqa: S301 - our own cache's entry
            self._packed = b""
        return self._parts[name]

    def __reduce__(self) -> tuple[Any, ...]:
        packed = self._packed or pickle.dumps(self._parts, HIGHEST_PROTOCOL)
        return Packed, (None, packed)


class OnFirstRead:
    """A field an unpickled object reads from its :class:`Packed` parts (``read``) the first
    time, then keeps; an object made from a file has its own value, which is read as usual.
    The class itself reads None (the field's default, if it has one)."""

    def __init__(self, name: str, read: Callable[[Any], Any]):
        self.name = name
        self.read = read

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return None
        value = obj.__dict__[self.name] = self.read(obj)
        return value


@dataclass
class SetupObject(_Pickled):
    """One object of the set-up: its card, zone and owner, its options as written (id, tapped,
    counters...), and where it is in the file."""

    card: str
    zone: str
    owner: str
    options: dict[str, Any]
    node: Node

    @classmethod
    def unpickled(cls, card: str, zone: str, owner: str, options: dict[str, Any],
                  nodes: Packed, index: int) -> SetupObject:
        """The object as its scenario's pickle keeps it: its node is the ``index``-th of
        ``nodes``, read on first use (:class:`Packed`)."""
        made = cls.__new__(cls)
        made.__dict__.update(card=card, zone=zone, owner=owner, options=options,
                             _nodes=(nodes, index))
        return made


# After the dataclass is made: the field stays a field without a default.
SetupObject.node = OnFirstRead(  # type: ignore[assignment]
    "node", lambda so: so._nodes[0].part("nodes")[so._nodes[1]])


@dataclass
class Check(_Pickled):
    """One expectation: its kind, what is expected, and the rulings it demonstrates."""

    kind: str
    expected: Any
    rulings: tuple[str, ...]
    line: int | None
    note: str = ""
    note_fr: str = ""
    rules: tuple[str, ...] = ()  # the CR rules the check demonstrates


@dataclass
class Action(_Pickled):
    """One scripted action, with its answers, an expected error, or checks (kind 'check')."""

    kind: str
    value: Any
    by: str | None = None
    ability: int = 1
    answers: list[dict[str, Any]] | None = None
    error: dict[str, Any] | None = None
    checks: list[Check] = field(default_factory=list)
    line: int | None = None
    note: str = ""
    note_fr: str = ""
