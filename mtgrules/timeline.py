"""The timeline: each action as a step, with its log entries and the state after it.

Each step stores its own entries and one snapshot, so recording stays linear in the number of
steps. Log entries carry their rule numbers and render in English or French.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .objects import State
from .text import render


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One thing that happened, with the rules that made it happen."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    rules: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        return render(self.key, dict(self.params), lang)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"<LogEntry {self.key} {self.text('en')!r}>"

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


@dataclass(slots=True)
class Answered:
    """A question, the answer given, and whether the default policy gave it."""

    kind: str
    player: str
    prompt: str
    prompt_fr: str
    options: tuple[str, ...]
    answer: Any
    default: bool = False


@dataclass(slots=True)
class Step:
    """One action and what followed from it, up to the next time a player gets priority."""

    index: int
    action: str
    action_fr: str
    entries: list[LogEntry] = field(default_factory=list)
    answered: list[Answered] = field(default_factory=list)
    state: State | None = None
    script_line: int | None = None
    call: tuple[str, tuple[Any, ...], dict[str, Any]] | None = None  # the action, to replay it

    def text(self, lang: str = "en") -> str:
        head = self.action if lang == "en" else self.action_fr
        lines = [f"{self.index}. {head}"]
        lines += [f"   - {e.text(lang)}" + (f"  [{', '.join(e.rules)}]" if e.rules else "")
                  for e in self.entries]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Step {self.index} {self.action!r} ({len(self.entries)} entries)>"


class Timeline:
    """The steps of a game, step 0 being the set-up."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    def __iter__(self):
        return iter(self.steps)

    def entries(self) -> list[LogEntry]:
        return [e for s in self.steps for e in s.entries]

    def text(self, lang: str = "en") -> str:
        return "\n".join(s.text(lang) for s in self.steps)

    def __repr__(self) -> str:
        return f"<Timeline {len(self.steps)} steps>"
