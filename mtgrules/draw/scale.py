"""Diagrams of big boards: identical things grouped, and a cap on what is drawn.

A thousand creatures dying beside three Blood Artists put 3,009 abilities on the stack. Drawn
one by one, that is thousands of nodes, seconds of layout, and nothing a person can read. So:

- consecutive identical stack objects (same source, ability, controller, targets; 405.2 keeps
  their order, so only neighbours are merged) are one row: "S5015 … S4011 · ×1,003";
- at most :data:`MAX_ROWS` rows are drawn, top first, then "… and 4,900 more (S100 … S1)";
- in the triggers view, trigger events of one step that read alike are one node
  ("Grizzly Bears dies ×1,000"), with one node per source and kind of instance;
- zone lists name each card once with its number ("Grizzly Bears ×1,000").

Small diagrams are drawn as before: grouping starts above :data:`MAX_ROWS` objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from ..objects import StackItem
from ..text import Name
from ..text.numbers import number, times

#: The most rows of the stack, events, or names in a zone drawn before "… and N more".
MAX_ROWS = 40

MORE = Name("… and {n} more", "… et {n} autres")


def more(n: int, lang: str) -> str:
    return MORE.in_(lang).format(n=number(n, lang))


def _stack_key(item: StackItem) -> tuple[Any, ...]:
    """What makes two stack objects look the same (their instance number aside)."""
    targets = tuple(tuple((r.kind, r.id, r.zcc) for r in slot) for slot in item.targets)
    return (item.kind, item.source_id, item.source_zcc, id(item.ability), item.controller,
            targets, item.is_copy, item.copy_of, item.x, item.mode,
            tuple(item.division or ()), item.added_by)


def stack_runs(items: list[StackItem]) -> list[list[StackItem]]:
    """Consecutive identical stack objects, in stack order (top first)."""
    runs: list[list[StackItem]] = []
    last: tuple[Any, ...] | None = None
    for item in items:
        key = _stack_key(item)
        if runs and key == last:
            runs[-1].append(item)
        else:
            runs.append([item])
        last = key
    return runs


def run_item(run: list[StackItem]) -> StackItem:
    """The stack object that stands for a run: the first, without an instance number when
    the run mixes instances (603.2d)."""
    first = run[0]
    if len(run) > 1 and len({it.instance for it in run}) > 1:
        return dataclasses.replace(first, instance=None)
    return first


def run_head(run: list[StackItem], lang: str) -> str:
    """"S5015 … S4013 · ×1,003": the ids at both ends and how many."""
    return f"{run[0].id} … {run[-1].id} · {times(len(run), lang)}"


def capped(rows: list[Any], limit: int = MAX_ROWS) -> tuple[list[Any], list[Any]]:
    """The rows drawn and the rows left out."""
    return rows[:limit], rows[limit:]


def counted_names(items: Iterable[Any], name: Callable[[Any], str], lang: str,
                  limit: int = MAX_ROWS) -> list[str]:
    """Names in order of first appearance, each once with its number ("Grizzly Bears ×1,000"),
    at most ``limit`` lines then "… and N more"."""
    counts: dict[str, int] = {}
    for item in items:
        key = name(item)
        counts[key] = counts.get(key, 0) + 1
    lines = [f"{k} {times(n, lang)}" if n > 1 else k for k, n in counts.items()]
    shown, rest = capped(lines, limit)
    return shown + ([more(len(rest), lang)] if rest else [])
