"""What an ability's words name as it resolves (608.2c, 608.2h): players (``you``,
``each_opponent``, ``that_player``, ``target_controller``), objects (``self``, ``target``,
``event_object``, ``new_object``), who is dealt damage, and amounts (``X``, ``self.power``,
``target.toughness``, ``sacrificed.power``). The words and their examples are in
abilities.PLAYER_REFERENCES, OBJECT_REFERENCES and AMOUNTS.

An object's values are read as the rules say: its current values if it is still in the zone
it was expected in, or else its last known information (608.2h, 113.7a), which
``GameObject.last_known`` keeps as it leaves the battlefield or the stack.
"""

from __future__ import annotations

from collections.abc import Iterable

from .abilities import OBJECT_REFERENCES
from .characteristics import View, compute
from .errors import RulesError
from .objects import GameObject, Payment, Ref, StackItem
from .targeting import target_is_legal

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game


def legal_refs(game: Game, item: StackItem, slot: int) -> list[Ref]:
    if slot >= len(item.targets):
        return []
    return [r for r in item.targets[slot] if target_is_legal(game, item, slot, r)]


def target_slot(word: str) -> int:
    return int(word[len("target"):]) - 1 if word != "target" else 0


def players(game: Game, item: StackItem, who: str) -> list[str]:
    """The players a player reference means (abilities.PLAYER_REFERENCES)."""
    if who == "you":
        return [item.controller]
    if who == "each_player":
        return game.state.player_order()
    if who == "each_opponent":
        return [p for p in game.state.player_order() if p != item.controller]
    if who == "enchanted_player":  # 303.4b: the player the source Aura is attached to
        aura = objects(game, item, "self")
        host = aura[0].attached_to if aura else None
        return [host] if host in game.state.players else []
    if who == "that_player":  # the player of the trigger event (603.2)
        player = item.remembers.event_player
        return [player] if player in game.state.players else []
    if who.endswith("_controller"):  # "its controller": as it is, or as it last existed
        controller = _controller_of(game, item, who[: -len("_controller")])
        return [controller] if controller is not None else []
    if who.startswith("target"):
        return [r.id for r in legal_refs(game, item, target_slot(who)) if r.kind == "player"]
    raise RulesError(f"unknown player reference '{who}'",
                     message_fr=f"référence de joueur inconnue « {who} »")


def _controller_of(game: Game, item: StackItem, what: str) -> str | None:
    """The controller of what a reference names: a spell or ability on the stack ("counter
    target spell unless its controller pays"), or an object as it is or last existed."""
    if what.startswith("target"):
        slot = target_slot(what)
        refs = item.targets[slot] if slot < len(item.targets) else []
        if refs and refs[0].kind == "stack":
            target = game.state.item(refs[0].id)
            return target.controller if target is not None else None
        if refs and refs[0].kind == "player":
            return None
    view = object_info(game, item, what)
    return view.controller if view is not None else None


def objects(game: Game, item: StackItem, what: str) -> list[GameObject]:
    """The objects an object reference means now (abilities.OBJECT_REFERENCES): only the
    same object, in the zone it was expected in (400.7, 608.2b)."""
    if what == "self":
        obj = game.state.objects.get(item.source_id)
        if obj is None or obj.zcc != item.source_zcc or obj.zone != "battlefield":
            if _moved_itself(item):  # 400.7e: "return this Aura", the card it became
                return _new_object(game, item)
            if obj is not None and obj.zcc != item.source_zcc:
                _say_lost(game, obj)
            return []
        return [obj]
    if what == "event_object":
        seen = item.remembers.event_object
        obj = game.state.objects.get(seen.id) if seen is not None else None
        if obj is None or seen is None or obj.zcc != seen.zcc or obj.zone != seen.zone:
            if obj is not None and seen is not None and obj.zcc != seen.zcc:
                _say_lost(game, obj)
            return []
        return [obj]
    if what.startswith("target"):
        return [game.obj(r.id) for r in legal_refs(game, item, target_slot(what))
                if r.kind == "object"]
    if what == "new_object":
        return _new_object(game, item)
    if what == "that_object":  # 603.7c: what a delayed triggered ability refers to
        return _still_there(game, item.remembers.objects)
    if what in ("created", "moved"):  # 111.1, 400.7j: earlier in the same resolution
        acted = game.resolving[-1] if game.resolving else None
        return _still_there(game, getattr(acted, what)) if acted is not None else []
    if what == "equipped_creature":  # 301.5a: what the source Equipment is attached to
        equipment = objects(game, item, "self")
        host = game.state.objects.get(equipment[0].attached_to or "") if equipment else None
        return [host] if host is not None and host.zone == "battlefield" else []
    raise RulesError(f"unknown object reference '{what}'",
                     message_fr=f"référence d'objet inconnue « {what} »")


PUBLIC_ZONES = ("battlefield", "graveyard", "exile", "stack", "command")


def _still_there(game: Game, refs: Iterable[Ref]) -> list[GameObject]:
    """The objects ``refs`` name that are still those objects: one that changed zones since is
    a new object (400.7), which the reference doesn't find (603.7c)."""
    found = []
    for ref in refs:
        obj = game.state.objects.get(ref.id)
        if obj is not None and obj.zcc == ref.zcc and obj not in found:
            found.append(obj)
        elif obj is not None and obj.zcc != ref.zcc:
            _say_lost(game, obj)
    return found


def _say_lost(game: Game, obj: GameObject) -> None:
    """Tell once per step that an instruction finds nothing: what it refers to left its zone
    since, and is a new object (400.7), else "S3 resolves" and nothing happens, unexplained."""
    entries = game.logged_since(0)
    if not any(e.key in ("reference_lost", "reference_gone") and e.get("id") == obj.id
               for e in entries):
        if obj.zone == "gone":  # a token that left the battlefield (111.7, 704.5d)
            game.log("reference_gone", "111.7", "704.5d", obj=game.name_of(obj.id), id=obj.id)
        else:
            game.log("reference_lost", "400.7", obj=game.name_of(obj.id), id=obj.id)


def _moved_itself(item: StackItem) -> bool:
    """Whether ``item`` is a triggered ability that triggered on its own source moving from
    one zone to another ("When this Aura is put into a graveyard from the battlefield"): its
    "this Aura" can find the new object (400.7e)."""
    was = item.remembers.event_object
    return item.kind == "triggered" and item.trigger_event == "zone_change" \
        and was is not None and was.id == item.source_id and was.zcc == item.source_zcc


def _new_object(game: Game, item: StackItem) -> list[GameObject]:
    """400.7e: an ability that triggers when an object moves from one zone to another can find
    the new object it became in the zone it moved to, if that zone is public ("return it to its
    owner's hand"). Once that object moves again, it is another object (400.7): nothing."""
    was = item.remembers.event_object
    if was is None:
        return []
    obj = game.state.objects.get(was.id)
    if obj is None or obj.zcc != was.zcc + 1 or obj.zone not in PUBLIC_ZONES:
        if obj is not None and (obj.zcc != was.zcc + 1 or obj.zone == "gone"):
            _say_lost(game, obj)  # it moved again, or was a token that ceased to exist
        return []
    return [obj]


def recipients(game: Game, item: StackItem, to: str) -> list[Ref]:
    """Who is dealt damage (120.1): a target slot's legal targets, or objects and players
    named without targeting (115.10: "each opponent", "this creature")."""
    if to.startswith("target") and not to.endswith("_controller"):
        return legal_refs(game, item, target_slot(to))
    if to in OBJECT_REFERENCES:
        return [Ref("object", o.id, o.zcc) for o in objects(game, item, to)]
    return [Ref("player", p) for p in players(game, item, to)]


def object_info(game: Game, item: StackItem, what: str) -> View | None:
    """The object a reference names, as the rules read its values on resolution (608.2h,
    113.7a): as it is now if it is still in the zone it was expected in, else as it last
    existed there (its last known information)."""
    if what == "self":
        expected = (item.source_id, item.source_zcc, "stack" if item.kind == "spell"
                    else "battlefield")
        remembered = item.remembers.source
    elif what == "event_object":
        seen = item.remembers.event_object
        if seen is None:
            return None
        expected, remembered = (seen.id, seen.zcc, seen.zone), seen
    elif what.startswith("target"):
        slot = target_slot(what)
        refs = [r for r in item.targets[slot] if r.kind == "object"] \
            if slot < len(item.targets) else []
        if not refs:
            return None
        expected, remembered = (refs[0].id, refs[0].zcc, "battlefield"), None
    else:
        raise RulesError(f"unknown object reference '{what}'",
                         message_fr=f"référence d'objet inconnue « {what} »")
    obj_id, zcc, zone = expected
    obj = game.state.objects.get(obj_id)
    if obj is not None and obj.zcc == zcc and obj.zone == zone:
        return compute(game.state, obj_id)
    if obj is not None and obj.last_known is not None and obj.last_known.zcc == zcc:
        return obj.last_known
    return remembered


def amount(game: Game, item: StackItem, expr: Any) -> int:
    """The number an amount means (abilities.AMOUNTS), worked out now (608.2h)."""
    if isinstance(expr, int):
        return expr
    if isinstance(expr, dict) and "if_kicked" in expr:
        # An optional additional cost that was paid (118.8a), e.g. kicker.
        return int(expr["if_kicked"] if item.paid.additional_costs else expr["else"])
    if expr == "X":
        return item.x
    if isinstance(expr, str) and "." in expr:
        key, attr = expr.split(".", 1)
        # a cost paid keeps the value it had as it was paid (707.10)
        view = item.paid.get(key) if key in Payment.READABLE else object_info(game, item, key)
        if view is None:
            return 0
        value = view.chars.mana_value() if attr == "mana_value" else getattr(view.chars, attr)
        return max(int(value or 0), 0) if attr != "mana_value" else int(value)
    raise RulesError(f"can't work out the amount '{expr}'",
                     message_fr=f"impossible de calculer la quantité « {expr} »")


