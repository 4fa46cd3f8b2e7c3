"""How the engine works with Python's cyclic garbage collector (issue 12).

A game's record only grows: steps, log entries, stack objects, keyframes. None of it changes
once recorded, and none of it is garbage while the game lives. Python's collector does not
know that: every so often (each time the objects that survived grow by a quarter) it scans
every object of the process, the whole record included. On a big board those full scans were
a third of the time spent resolving a thousand triggers, and the reason the time grew faster
than the number of triggers.

So while the engine plays an action, what existed before it is set aside
(:func:`gc.freeze`): the collector still runs, as often as usual, but looks only at the
objects the action makes, and frees the cycles among them. Within the action no full
collection starts either: a big action (a thousand creatures dying at once) makes mostly
objects that are kept, and scanning them again and again as they pile up made its time grow
faster than its size. When the action ends everything is given back (:func:`gc.unfreeze`, the
thresholds as they were), and the collector sees the whole heap again between actions, so
garbage made outside the engine (or a game thrown away) is collected as before. Freezing and
unfreezing move one list onto another: they cost the same on any board. The engine itself
makes next to no cyclic garbage (a refused action's traceback), so little waits for later.

Nothing is changed when the collector is off, or when something else (a server that froze
its heap at start, an action running inside another) has frozen objects already. An action
inside another (a recorded step replayed to roll an action back) is told by a flag, not by
:func:`gc.get_freeze_count`, which walks the whole frozen heap to count it (13 ms in a check).
"""

from __future__ import annotations

import gc
from types import TracebackType

#: The oldest generation's threshold during an action: so many collections of the middle one
#: that a full collection never comes within one action.
NO_FULL_COLLECTION = 1_000_000

#: Has :func:`young_only` frozen the heap (an action is under way)?
_frozen_here = False


def hold() -> tuple[int, int, int] | None:
    """From now on, the collector looks only at objects made after this (see the module's
    docstring); :func:`release` gives everything back. Returns what release needs: the
    thresholds as they were, or None when nothing was changed (the collector is off, an
    action under way or someone else froze the heap). :meth:`Game.apply` calls the two
    around every action: cheaper than ``with young_only():``, which does the same."""
    global _frozen_here
    if _frozen_here or not gc.isenabled() or gc.get_freeze_count():
        return None
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(thresholds[0], thresholds[1], NO_FULL_COLLECTION)
    _frozen_here = True
    return thresholds


def release(thresholds: tuple[int, int, int] | None) -> None:
    """Undo :func:`hold` (given what it returned)."""
    global _frozen_here
    if thresholds is not None:
        _frozen_here = False
        gc.set_threshold(*thresholds)
        gc.unfreeze()


class young_only:  # noqa: N801 - used as a function: ``with young_only():``
    """While the block runs, the collector looks only at objects made inside it
    (:func:`hold`, then :func:`release`)."""

    __slots__ = ("_thresholds",)

    def __enter__(self) -> None:
        self._thresholds = hold()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        release(self._thresholds)


class paused:  # noqa: N801 - used as a function: ``with paused():``
    """While the block runs, the collector doesn't run: for blocks that make many objects and
    keep them all (the package's modules as it is imported, the parsed scenarios as they are
    unpickled), where each collection would scan the growing heap for nothing (5% of
    ``import mtgrules``). Turned on again after, if it was on.

    The objects the block made are then counted among the oldest at once (frozen and
    unfrozen, as :class:`young_only` does): left among the youngest, the next collection
    would scan them all, and the next of the middle generation again (a tenth of the
    collector's work in a whole ``mtgrules check``, which makes them in two such blocks)."""

    __slots__ = ("_was_on",)

    def __enter__(self) -> None:
        self._was_on = gc.isenabled()
        gc.disable()

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if not self._was_on:
            return
        if not _frozen_here and not gc.get_freeze_count():  # nobody else froze a heap
            gc.freeze()
            gc.unfreeze()
        gc.enable()
