"""A player who lost a game of three or more leaves it (800.4a); the others play on (104.2a).

When a player leaves: every effect that gives them control of an object ends; every object they
own leaves the game (to no zone: the zone ``gone``, as a token that ceased to exist); the
spells and abilities they control on the stack that no card represents (abilities, copies)
cease to exist; what they still control is exiled. It is not a state-based action: it happens
as soon as they lose (sba.py calls :func:`leave_game` once the state-based actions it performed
with the loss are done). Then they are out of the turn order (`State.player_order`): they never
get priority, a turn, a choice or a target again, and what would trigger for them is not put
on the stack (800.4d). A permanent that leaves the game with its owner leaves the battlefield,
so leaves-the-battlefield abilities of permanents still in the game trigger (603.6c).

In a two-player game the game is over when one loses (104.2a): nothing leaves, the kit keeps
the board to look at.
"""

from __future__ import annotations

from .characteristics import compute_all
from .continuous import ContinuousEffect
from .events import ZoneChange
from .text import Name
from .triggers import detect_triggers
from .zones import move_many

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from .game import Game

__all__ = ["leave_game"]

#: Zones an object is out of the game in: nothing more can happen to it.
_OUT = ("gone", "outside")
#: Zones whose objects are named one by one as they leave with their owner (the others, a
#: hand, a library, a graveyard, are counted in one line).
_TOLD = ("battlefield", "stack", "command")


def leave_game(game: Game, players: tuple[str, ...]) -> None:
    """800.4a: ``players`` (who just lost, in APNAP order) leave the game, one after another."""
    for player in players:
        _leave(game, player)


def _leave(game: Game, player: str) -> None:
    state = game.state
    game.log("leaves_game", "800.4a", "104.2a", player=player)
    ended = [e for e in state.effects if _gives_control(e, player)]
    if ended:  # "any effects which give that player control of any objects ... end"
        state.effects = [e for e in state.effects if e not in ended]
        for obj_id in dict.fromkeys(i for e in ended for i, _ in e.objects):
            game.log("control_ends_left", "800.4a", player=player, obj=game.name_of(obj_id),
                     id=obj_id)
    before = compute_all(state)
    owned = [o for o in state.objects.values() if o.owner == player and o.zone not in _OUT]
    hidden = sum(o.zone not in _TOLD for o in owned)
    events = [_left_with_owner(game, o.id, before) for o in owned]
    if hidden:  # (a hand, a library: said in one line)
        game.log("others_left", "800.4a", n=hidden, player=player)
    _abilities_cease(game, player)
    after = compute_all(state)
    still = [v.id for v in after.values() if v.controller == player]
    for item in [i for i in state.stack if i.controller == player]:  # cards others own
        state.stack.remove(item)
        state.note_left_stack(item)
        still.append(item.source_id)
    if still:  # "if there are any objects still controlled by that player, ... exiled"
        move_many(game, [(i, "exile") for i in still], cause="left_game", rule="800.4a")
    # 800.4d: what would trigger for them, or wait for them, is never put on the stack
    state.pending = [p for p in state.pending if p.controller != player]
    state.delayed = [d for d in state.delayed if d.controller != player]
    if state.priority == player:  # 800.4a: priority passes to the next player still in it
        state.priority = state.player_order()[0]
    left = [e for e in events if e is not None]
    if left:  # 603.6c: they left the battlefield
        detect_triggers(game, left, before, compute_all(state))


def _gives_control(effect: ContinuousEffect, player: str) -> bool:
    control = effect.modification.control
    return control == player or (control == "you" and effect.controller == player)


def _left_with_owner(game: Game, obj_id: str, before: dict) -> ZoneChange | None:
    """One object its owner takes out of the game with them; the event of a permanent that
    so leaves the battlefield (603.6c)."""
    state = game.state
    obj = state.objects[obj_id]
    from_zone, lki = obj.zone, before.get(obj_id)
    if from_zone == "stack":  # the card of a spell: the spell leaves the stack with it
        for item in [i for i in state.stack if i.source_id == obj_id and not i.is_copy]:
            state.stack.remove(item)
            state.note_left_stack(item)
    zone = state.zone(obj.owner, from_zone)
    if obj_id in zone:
        zone.remove(obj_id)
    if state.combat is not None:
        state.combat.remove(obj_id)
    if obj_id in state.tokens:
        state.tokens.remove(obj_id)
    obj.zone, obj.zcc, obj.attached_to = "gone", obj.zcc + 1, None
    if from_zone in _TOLD:
        game.log("left_with_owner", "800.4a", obj=game.name_of(obj_id), id=obj_id)
    if lki is None:
        return None
    obj.last_known = lki  # 113.7a
    return ZoneChange(object=obj_id, from_zone=from_zone, to="gone", lki=lki,
                      cause="left_game", player=lki.controller)


def _abilities_cease(game: Game, player: str) -> None:
    """800.4a: their objects on the stack that no card represents (abilities, copies of
    spells) cease to exist."""
    state = game.state
    for item in [i for i in state.stack if i.controller == player
                 and (i.kind != "spell" or i.is_copy)]:
        state.stack.remove(item)
        state.note_left_stack(item)
        game.log("ceases_left", "800.4a", id=item.id,
                 source=Name(item.source_name, item.source_name_fr))
