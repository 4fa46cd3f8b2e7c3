"""Working out an object's characteristics now: copiable values, then the layers (613).

Layer 1 is the object's copiable values (copy effects, 613.2; face-down, 708.2). On top of them
every continuous effect is applied, layer by layer across all objects at once (613.1, 613.4):
control (2), types (4), color (5), abilities added and removed (6), power and toughness set by
characteristic-defining abilities (7a), set (7b), modified by effects and counters (7c) and
switched (7d). Layer 3 (text-changing effects) is not built.

Effects come from static abilities (611.3: what they affect is looked at again each time, so a
creature that enters later is affected) and from resolved spells and abilities
(``State.effects``, fixed objects: 611.2c). Within a layer, characteristic-defining abilities
apply first (613.3), then each effect in timestamp order (613.7) unless it depends on another
(613.8): applying the other would change whether it exists or what it applies to. Once an
effect has started to apply, it goes on applying to the same objects in the later layers, even
if the ability that generates it is removed meanwhile (613.6).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType
from typing import Any

from .abilities import AbilityDef, Characteristics
from .continuous import LAYERS, Modification, StaticEffect
from .filters import Filter, Perspective, accepts
from .objects import GameObject, State


@dataclass(frozen=True, slots=True)
class View:
    """An object as it is at one moment: used for look-back (603.10) and last known
    information (608.2h). Immutable, so it can be kept in events and log entries."""

    id: str
    zcc: int
    zone: str
    owner: str
    controller: str
    chars: Characteristics
    is_token: bool = False
    is_emblem: bool = False
    tapped: bool = False
    attached_to: str | None = None
    counters: MappingProxyType = field(default_factory=lambda: MappingProxyType({}))
    damage: int = 0
    deathtouched: bool = False
    entered_turn: int | None = None
    copy_of: str | None = None
    face_down: bool = False
    granted_by: tuple[tuple[int, str], ...] = ()  # (ability index, source id) for granted ones
    #: the continuous effects that apply to it, in the order applied: (layer, source id)
    layered: tuple[tuple[str, str], ...] = ()

    @property
    def name(self) -> str:
        return self.chars.name

    @property
    def power(self) -> int | None:
        return self.chars.power

    @property
    def toughness(self) -> int | None:
        return self.chars.toughness

    def is_(self, card_type: str) -> bool:
        return card_type in self.chars.card_types



def _layer1(obj: GameObject) -> Characteristics:
    if obj.face_down:
        # 708.2: a face-down object has no characteristics but what the effect gives it.
        return Characteristics(name="", name_fr="")
    return obj.copiable_values()


class _Work:
    """One object's characteristics while the layers are applied (one computation only)."""

    __slots__ = ("obj", "chars", "controller", "origins", "layered", "where")

    def __init__(self, obj: GameObject, chars: Characteristics, where: str = "") -> None:
        self.obj = obj
        self.where = where or obj.zone  # the zone list it is in (during a move: already)
        self.chars = chars
        self.controller = obj.controller
        #: for each ability, None if printed (or copied), else (granting source, timestamp)
        self.origins: tuple[tuple[str, int] | None, ...] = (None,) * len(chars.abilities)
        self.layered: tuple[tuple[str, str], ...] = ()

    def clone(self) -> _Work:
        new = _Work.__new__(_Work)
        new.obj, new.chars, new.controller = self.obj, self.chars, self.controller
        new.origins, new.layered, new.where = self.origins, self.layered, self.where
        return new

    @property
    def id(self) -> str:
        return self.obj.id

    @property
    def is_token(self) -> bool:
        return self.obj.is_token

    @property
    def entered_turn(self) -> int | None:
        return self.obj.entered_turn

    def is_(self, card_type: str) -> bool:
        return card_type in self.chars.card_types

    def set(self, **changes: Any) -> None:
        self.chars = dataclasses.replace(self.chars, **changes)


Works = dict[str, _Work]


@dataclass(slots=True)
class _Effect:
    """A continuous effect as the layers see it: from a static ability (``ability`` set, its
    objects found by ``affects``) or from a resolved spell or ability (``locked`` objects)."""

    key: tuple
    modification: Modification
    timestamp: int
    controller: str
    source: str
    ability: AbilityDef | None = None
    affects: Any = None
    condition: str | None = None
    locked: tuple[tuple[str, int], ...] = ()

    @property
    def order(self) -> tuple:
        # 613.3: characteristic-defining abilities first; then timestamps (613.7)
        return (not self.modification.defines, self.timestamp, self.key)


def compute_all(state: State, zones: tuple[str, ...] = ("battlefield", "command")
                ) -> dict[str, View]:
    """Views of every object in ``zones``, with all continuous effects applied, in one pass."""
    views: dict[str, View] = {}
    world = [z for z in ("battlefield", "command") if z in zones]
    if world:
        # Statics of permanents and emblems affect permanents (611.3): worked out together.
        works = _works(state, ("battlefield", "command"))
        _apply_layers(state, works, _sources(works.values()), _resolved(state, works))
        views.update((i, _view(w)) for i, w in works.items() if w.where in world)
    for zone in zones:
        if zone not in world:
            views.update((i, compute(state, i)) for i in _ids_in(state, zone))
    return views


def compute(state: State, obj_id: str) -> View:
    """The view of one object (any zone)."""
    obj = state.objects[obj_id]
    if obj.zone in ("battlefield", "command") and _statics_anywhere(state):
        return compute_all(state, (obj.zone,))[obj_id]
    work = _Work(obj, _layer1(obj))
    works = {obj_id: work}
    # Off the battlefield only the object's own characteristic-defining abilities apply
    # (604.3); on it, without statics anywhere, only the effects that name it.
    own = [e for e in _sources([work]) if e.modification.defines or obj.zone == "battlefield"]
    _apply_layers(state, works, own, _resolved(state, works))
    return _view(work)


def _works(state: State, zones: Iterable[str]) -> Works:
    return {i: _Work(state.objects[i], _layer1(state.objects[i]), z)
            for z in zones for i in _ids_in(state, z)}


def _ids_in(state: State, zone: str) -> list[str]:
    if zone in ("battlefield", "stack", "command", "exile"):
        return list(state.zones.get(("", zone), ()))
    return [i for p in state.players for i in state.zones.get((p, zone), ())]


def _statics_anywhere(state: State) -> bool:
    """Is there a static ability that may affect other objects (or a granted one)? If not,
    one object's characteristics can be worked out alone."""
    if any(e.modification.gains for e in state.effects):
        return True
    for zone in ("battlefield", "command"):
        for i in state.zones.get(("", zone), ()):
            for a in state.objects[i].copiable_values().abilities:
                if a.kind == "static" and (a.static_get("continuous") is not None
                                           or a.static_get("grant") is not None):
                    return True
    return False


def _static_effect(ability: AbilityDef) -> StaticEffect | None:
    if ability.kind != "static" or not ability.static:
        return None
    key, value = ability.static[0]
    if key == "continuous":
        return value
    if key == "grant":  # "equipped creature has ..." (301.5a), "creature tokens you control ..."
        found = _GRANTS.get(id(ability))
        if found is None or found[0] is not ability:
            grant = dict(value)
            to = grant["to"]
            effect = StaticEffect(GRANT_FILTERS.get(to, to),
                                  Modification(gains=tuple(grant["abilities"])),
                                  grant.get("while"))
            if len(_GRANTS) >= 4096:  # abilities made on the fly (custom cards): stay small
                _GRANTS.clear()
            found = _GRANTS[id(ability)] = (ability, effect)
        return found[1]
    return None


#: A granting ability's effect, made once per ability (a static ability is asked for its
#: effect each time characteristics are computed): by the ability's identity, the ability
#: kept beside it so that identity can't be reused.
_GRANTS: dict[int, tuple[AbilityDef, StaticEffect]] = {}


#: What a grant "to" affects, as a filter (filters.accepts), the one way objects are chosen.
GRANT_FILTERS = {"creature_tokens_you_control": Filter(types=("creature",), token=True,
                                                       controller="you")}


def _sources(works: Iterable[_Work]) -> list[_Effect]:
    """The effects the static abilities of these objects generate now. A static ability's
    effect has its object's timestamp, or the granting effect's if later (613.7a)."""
    out = []
    for w in works:
        seen: dict[int, int] = {}
        for ability, origin in zip(w.chars.abilities, w.origins, strict=True):
            if ability.kind != "static":
                continue
            spec = _static_effect(ability)
            if spec is None:
                continue
            n = seen[id(ability)] = seen.get(id(ability), -1) + 1
            timestamp = max(w.obj.timestamp, origin[1] if origin else 0)
            out.append(_Effect((w.id, id(ability), n), spec.modification, timestamp,
                               w.controller, w.id, ability, spec.affects, spec.condition))
    return out


def _resolved(state: State, works: Works) -> list[_Effect]:
    out = []
    for n, eff in enumerate(state.effects):
        if any(i in works and works[i].obj.zcc == zcc for i, zcc in eff.objects):
            out.append(_Effect(("resolved", n), eff.modification, eff.timestamp,
                               eff.controller, eff.source, locked=eff.objects))
    return out


def _apply_layers(state: State, works: Works, statics: list[_Effect],
                  resolved: list[_Effect]) -> None:
    """613.1-613.8: each layer in order; in each, the effects in dependency and timestamp
    order. Counters join layer 7c (613.4c)."""
    effects = {e.key: e for e in statics + resolved}
    if not effects:  # most boards, most of the time: only counters change anything (613.4c)
        _counters(works)
        return
    started: dict[tuple, list[str]] = {}
    for layer in LAYERS:
        if layer == "7a" and any("6" in e.modification.layers for e in effects.values()):
            # abilities were added or removed: statics granted in layer 6 start now (613.7a)
            effects.update((e.key, e) for e in _sources(
                w for w in works.values() if w.where in ("battlefield", "command")))
        pending = sorted((e for e in effects.values() if layer in e.modification.layers),
                         key=lambda e: e.order)
        while pending:
            effect = _next_effect(state, works, layer, pending, started)
            pending.remove(effect)
            _apply(state, works, layer, effect, started)
        if layer == "7c":
            _counters(works)


def _next_effect(state: State, works: Works, layer: str, pending: list[_Effect],
                 started: dict[tuple, list[str]]) -> _Effect:
    """613.8b-c: the first effect in timestamp order that depends on no other effect still to
    apply; in a dependency loop, timestamp order. Asked again after each effect applies."""
    if len(pending) == 1:
        return pending[0]
    group = [e for e in pending if e.modification.defines == pending[0].modification.defines]
    for effect in group:
        if not any(_depends(state, works, layer, effect, other, started)
                   for other in group if other is not effect):
            return effect
    return group[0]


def _depends(state: State, works: Works, layer: str, effect: _Effect, other: _Effect,
             started: dict[tuple, list[str]]) -> bool:
    """613.8a: would applying ``other`` change whether ``effect`` exists or what it applies
    to? An effect that already applies (613.6) or names its objects (611.2c) keeps them."""
    if effect.key in started or effect.ability is None:
        return False
    before = _exists(works, effect) and _ids(state, works, effect)
    trial = {i: w.clone() for i, w in works.items()}
    _apply(state, trial, layer, other, dict(started))
    after = _exists(trial, effect) and _ids(state, trial, effect)
    return before != after


def _exists(works: Works, effect: _Effect) -> bool:
    """A static ability's effect exists while its object has the ability (613.8a)."""
    if effect.ability is None:
        return True
    source = works.get(effect.source)
    return source is not None and any(a is effect.ability for a in source.chars.abilities)


def _ids(state: State, works: Works, effect: _Effect) -> list[str]:
    """The objects an effect applies to now: its fixed ones (611.2c), or those its static
    ability names (611.3a)."""
    if effect.ability is None:
        return [i for i, zcc in effect.locked if i in works and works[i].obj.zcc == zcc]
    source = works[effect.source]
    affects = effect.affects
    if affects == "self":
        # 604.3: a characteristic-defining ability works in every zone
        found = [source.id] if source.where == "battlefield" \
            or effect.modification.defines else []
    elif isinstance(affects, str):  # equipped_creature, enchanted_creature
        host = source.obj.attached_to
        found = [host] if host in works and works[host].where == "battlefield" else []
    else:  # a filter, from the point of view of the ability's controller (109.5)
        at = Perspective(source.controller, source.id, state.turn)
        found = [i for i, w in works.items()
                 if w.where == "battlefield" and accepts(affects, w, at)]
    if effect.condition == "attacking":
        found = [i for i in found if is_attacking(state, i)]
    return found


def _apply(state: State, works: Works, layer: str, effect: _Effect,
           started: dict[tuple, list[str]]) -> None:
    """Apply one effect's part in ``layer`` to each object it affects. The objects are found
    when it starts to apply and kept for its later layers (613.6)."""
    ids = started.get(effect.key)
    if ids is None:
        if not _exists(works, effect):
            return  # its ability was removed before it applied (613.8a)
        ids = started[effect.key] = _ids(state, works, effect)
    for i in ids:
        w = works.get(i)
        if w is not None:
            _LAYER_STEPS[layer](state, works, w, effect)
            w.layered += ((layer, effect.source),)


def _control(state: State, works: Works, w: _Work, e: _Effect) -> None:
    control = e.modification.control
    w.controller = e.controller if control == "you" else str(control)


def _types(state: State, works: Works, w: _Work, e: _Effect) -> None:
    m = e.modification
    subtypes = w.chars.subtypes
    if m.creature_types is not None:
        # 205.1b: "becomes a Frog" replaces its creature types, not its other subtypes
        subtypes = tuple(s for s in subtypes if s not in creature_types())
        subtypes += m.creature_types
    w.set(card_types=tuple(dict.fromkeys(w.chars.card_types + m.types)),
          subtypes=tuple(dict.fromkeys(subtypes + m.subtypes)))


def _colors(state: State, works: Works, w: _Work, e: _Effect) -> None:
    w.set(colors=frozenset(e.modification.colors or ()))


def _abilities(state: State, works: Works, w: _Work, e: _Effect) -> None:
    m = e.modification
    pairs = list(zip(w.chars.abilities, w.origins, strict=True))
    if m.loses_all_abilities:
        pairs = []
    if m.loses:
        pairs = [(a, o) for a, o in pairs if a.keyword not in m.loses]
    pairs += [(a, (e.source, e.timestamp)) for a in m.gains]
    w.set(abilities=tuple(a for a, _ in pairs))
    w.origins = tuple(o for _, o in pairs)


def _set_pt(state: State, works: Works, w: _Work, e: _Effect) -> None:
    m = e.modification
    changes = {}
    if m.base_power is not None:
        changes["power"] = _pt_value(state, works, w, m.base_power)
    if m.base_toughness is not None:
        changes["toughness"] = _pt_value(state, works, w, m.base_toughness)
    w.set(**changes)


def _pt_value(state: State, works: Works, w: _Work, value: int | str) -> int:
    """A number, or one of continuous.PT_VALUES read now."""
    if isinstance(value, int):
        return value
    if value == "mana_value":
        return w.chars.mana_value()
    if value == "life_total":
        player = state.players.get(w.controller)
        return player.life if player is not None else 0
    # creatures_you_control: on the battlefield, as the layers made them so far
    if w.where != "battlefield":
        return sum(1 for v in compute_all(state, ("battlefield",)).values()
                   if v.controller == w.controller and v.is_("creature"))
    return sum(1 for o in works.values() if o.where == "battlefield"
               and o.controller == w.controller and o.is_("creature"))


def _modify_pt(state: State, works: Works, w: _Work, e: _Effect) -> None:
    if w.chars.power is None or w.chars.toughness is None:
        return
    m = e.modification
    w.set(power=w.chars.power + m.power, toughness=w.chars.toughness + m.toughness)


def _switch(state: State, works: Works, w: _Work, e: _Effect) -> None:
    if w.chars.power is not None and w.chars.toughness is not None:
        w.set(power=w.chars.toughness, toughness=w.chars.power)


_LAYER_STEPS: dict[str, Callable[[State, Works, _Work, _Effect], None]] = {
    "2": _control, "4": _types, "5": _colors, "6": _abilities, "7a": _set_pt, "7b": _set_pt,
    "7c": _modify_pt, "7d": _switch,
}


def _counters(works: Works) -> None:
    """613.4c: +1/+1 and -1/-1 counters modify power and toughness in layer 7c."""
    for w in works.values():
        counters = w.obj.counters
        if not counters or w.chars.power is None or w.chars.toughness is None:
            continue
        plus = counters.get("+1/+1", 0) - counters.get("-1/-1", 0)
        if plus:
            w.set(power=w.chars.power + plus, toughness=w.chars.toughness + plus)


@cache
def creature_types() -> frozenset[str]:
    """The creature types listed in 205.3m, lower case."""
    from .cr import english_text
    text = english_text("205.3m")
    listed = text.split("long:", 2)[-1]
    names = {n.strip().rstrip(".").lower() for n in re.split(r",|\band\b", listed)}
    return frozenset(n for n in names if n) | {"time lord"}


def is_attacking(state: State, obj_id: str) -> bool:
    """Is the object an attacking creature now (508.1k, 506.4)?"""
    return state.combat is not None and obj_id in state.combat.attackers


def _view(w: _Work) -> View:
    obj = w.obj
    granted = tuple((i, o[0]) for i, o in enumerate(w.origins) if o is not None)
    return View(
        id=obj.id, zcc=obj.zcc, zone=obj.zone, owner=obj.owner, controller=w.controller,
        chars=w.chars, is_token=obj.is_token, is_emblem=obj.is_emblem, tapped=obj.tapped,
        attached_to=obj.attached_to, counters=MappingProxyType(dict(obj.counters)),
        damage=obj.damage, deathtouched=obj.deathtouched, entered_turn=obj.entered_turn,
        copy_of=obj.copy_of, face_down=obj.face_down, granted_by=granted, layered=w.layered,
    )
