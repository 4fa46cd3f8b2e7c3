"""Actions as data: what a player does, or what a scenario makes happen, as one frozen record.

A :class:`GameAction` says what to do (its ``kind``) and with what; ``Game.apply`` is the one
function that does it to a game. The scenario runner, the widgets' action panel and
``Game.replay`` all go through it, and each recorded step keeps the action it applied
(``Step.call``), so a step is played again exactly as it was played the first time.

Adding an action: a kind in :data:`ACTION_KINDS` (with the rule that allows it) and its
handler in ``Game``'s dispatch table (``game.HANDLERS``); the ``Game`` method of the same name
is a thin wrapper that builds the record and applies it.
"""

from __future__ import annotations

from .frozen import field_copier, frozen

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

#: Every kind of action, with the rule it follows (player actions, then the events a scenario
#: makes happen, which are not player actions).
ACTION_KINDS: dict[str, str] = {
    "cast": "601.2",
    "activate": "602.2",
    "play_land": "305.1",
    "pass_priority": "117.3d",
    "resolve": "405.5",
    "next_step": "500.2",
    "declare_attackers": "508.1",
    "declare_blockers": "509.1",
    "combat_damage": "510.1",
    "destroy": "701.8a",
    "exile": "701.13a",
    "sacrifice": "701.21a",
    "put_into_graveyard": "400.7",
    "put_onto_battlefield": "110.2",
    "deal_damage": "120.1",
}

#: The actions a player takes: without a player, they are the priority player's.
PLAYER_ACTIONS = ("cast", "activate", "play_land", "pass_priority", "sacrifice")


@frozen
class GameAction:
    """One action: its ``kind`` (a key of :data:`ACTION_KINDS`), who does it (``player``; for
    passing, None is whoever has priority), the objects it acts on (``objects``: the card cast,
    the permanents destroyed...), the activated ability's index (``ability``), the damage dealt
    (``amount``), the step to go on to (``to``), a declaration as written (``declaration``:
    attackers, blockers or damage assignments) and, for ``resolve``, how many times (a number
    or ``"all"``).

    >>> GameAction("cast", "alice", ("lightning-bolt",))
    GameAction('cast', player='alice', objects=('lightning-bolt',))
    """

    kind: str
    player: str | None = None
    objects: tuple[str, ...] = ()
    ability: int = 0
    amount: int = 0
    to: str | None = None
    declaration: Any = None
    times: int | str = 1

    def __post_init__(self) -> None:
        if self.kind not in ACTION_KINDS:
            raise ValueError(f"unknown action '{self.kind}' (one of {', '.join(ACTION_KINDS)})")

    def by(self, player: str) -> GameAction:
        """The same action, taken by ``player``: ``dataclasses.replace(self, player=player)``
        made as a copy field by field (every action without a player goes through this; its
        kind was checked when it was made, so ``__post_init__`` has nothing to check again)."""
        new = _copy_action(self)
        object.__setattr__(new, "player", player)  # as a frozen dataclass sets its fields
        return new

    @property
    def object(self) -> str:
        """The one object the action is about (the card cast, the source activated)."""
        if len(self.objects) != 1:
            raise ValueError(f"{self.kind} acts on one object, not {list(self.objects)}")
        return self.objects[0]

    def __repr__(self) -> str:
        default = GameAction(self.kind)
        extra = [f"{name}={getattr(self, name)!r}" for name in self.__dataclass_fields__
                 if name != "kind" and getattr(self, name) != getattr(default, name)]
        return f"GameAction({', '.join([repr(self.kind), *extra])})"


_copy_action = field_copier(GameAction)
