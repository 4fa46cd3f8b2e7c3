"""What a scenario file says, as data: its set-up objects, its script's actions and its checks
(read by the loader, played by the runner, evaluated by the checks)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..data import Node


class _Pickled:
    """Pickled as its class and its fields' values, made again by its constructor: a third
    quicker to unpickle than the dictionary of its attributes (the cache of parsed files holds
    thousands of these; issue 12)."""

    def __reduce__(self) -> tuple[Any, ...]:
        values = [getattr(self, f.name) for f in fields(self)]  # type: ignore[arg-type]
        return type(self), tuple(values)


@dataclass
class SetupObject(_Pickled):
    """One object of the set-up: its card, zone and owner, its options as written (id, tapped,
    counters...), and where it is in the file."""

    card: str
    zone: str
    owner: str
    options: dict[str, Any]
    node: Node


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
