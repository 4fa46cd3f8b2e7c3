"""Working out an object's characteristics now: copiable values, then the layers (613).

Only the layers the kit needs are applied: copy effects (layer 1, 613.2a), type-changing effects
(layer 4, 613.1d), ability-adding effects such as an Equipment's grant (layer 6, 613.1f), and
power/toughness setting and modifying, counters included (layer 7, 613.4).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .abilities import ATTACHED_TO, AbilityDef, Characteristics
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

    def __deepcopy__(self, memo: dict) -> View:
        return self

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


def compute_all(state: State, zones: tuple[str, ...] = ("battlefield", "command")
                ) -> dict[str, View]:
    """Views of every object in ``zones``, with all continuous effects applied, in one pass."""
    objects = [state.objects[i] for z in zones for i in _ids_in(state, z)]
    base = {o.id: _apply_layer4(state, o, _layer1(o)) for o in objects}
    grants = _collect_grants(state, objects, base)
    return {o.id: _finish(state, o, base[o.id], grants.get(o.id, ())) for o in objects}


def compute(state: State, obj_id: str) -> View:
    """The view of one object (any zone)."""
    obj = state.objects[obj_id]
    chars = _apply_layer4(state, obj, _layer1(obj))
    grants: tuple = ()
    if obj.zone == "battlefield":
        sources = [state.objects[i] for i in _ids_in(state, "battlefield")
                   if state.objects[i].attached_to == obj.id or _may_grant(state.objects[i])]
        base = {s.id: _apply_layer4(state, s, _layer1(s)) for s in sources}
        grants = _collect_grants(state, sources, base).get(obj.id, ())
    return _finish(state, obj, chars, grants)


def _may_grant(obj: GameObject) -> bool:
    return any(a.kind == "static" and a.static_get("grant") is not None
               and dict(a.static_get("grant"))["to"] not in ATTACHED_TO
               for a in obj.copiable_values().abilities)


def _ids_in(state: State, zone: str) -> list[str]:
    if zone in ("battlefield", "stack", "command", "exile"):
        return list(state.zone(None, zone))
    return [i for p in state.players for i in state.zone(p, zone)]


def _effects_on(state: State, obj: GameObject, layer: str) -> list[dict[str, Any]]:
    return [e for e in state.effects
            if e["layer"] == layer and e["object"] == obj.id and e["zcc"] == obj.zcc]


def _apply_layer4(state: State, obj: GameObject, chars: Characteristics) -> Characteristics:
    for eff in _effects_on(state, obj, "4"):
        chars = dataclasses.replace(
            chars,
            card_types=tuple(dict.fromkeys(chars.card_types + tuple(eff.get("types", ())))),
            subtypes=tuple(dict.fromkeys(chars.subtypes + tuple(eff.get("subtypes", ())))),
        )
    return chars


def _collect_grants(state: State, sources: list[GameObject], base: dict[str, Characteristics]
                    ) -> dict[str, tuple[tuple[AbilityDef, str], ...]]:
    """Layer 6: "equipped creature has ..." gives abilities to what the Equipment is attached to
    (301.5a, 613.1f)."""
    grants: dict[str, list[tuple[AbilityDef, str]]] = {}
    for src in sources:
        if src.zone != "battlefield":
            continue
        for ability in base[src.id].abilities:
            grant = ability.static_get("grant") if ability.kind == "static" else None
            if grant is None:
                continue
            grant = dict(grant)
            for target in _grant_targets(state, src, grant["to"], base):
                if grant.get("while") == "attacking" and not is_attacking(state, target.id):
                    continue
                for granted in grant["abilities"]:
                    grants.setdefault(target.id, []).append((granted, src.id))
    return {k: tuple(v) for k, v in grants.items()}


def is_attacking(state: State, obj_id: str) -> bool:
    """Is the object an attacking creature now (508.1k, 506.4)?"""
    return state.combat is not None and obj_id in state.combat.attackers


def _grant_targets(state: State, src: GameObject, to: str, base: dict[str, Characteristics]
                   ) -> list[GameObject]:
    if to in ATTACHED_TO:  # 301.5f, 303.4m: whatever it is attached to
        target = state.objects.get(src.attached_to) if src.attached_to else None
        return [target] if target is not None and target.zone == "battlefield" else []
    flt, at = GRANT_FILTERS[to], Perspective(src.controller, src.id, state.turn)
    found = []
    for o in (state.objects[i] for i in state.zone(None, "battlefield")):
        chars = base[o.id] if o.id in base else o.copiable_values()
        if accepts(flt, _Seen(o, chars), at):
            found.append(o)
    return found


#: What a grant "to" affects, as a filter (filters.accepts), the one way objects are chosen.
GRANT_FILTERS = {"creature_tokens_you_control": Filter(types=("creature",), token=True,
                                                       controller="you")}


@dataclass(frozen=True, slots=True)
class _Seen:
    """An object with the characteristics it has so far in the layers (613: a grant in layer
    6 sees the types of layer 4), for a filter to look at."""

    obj: GameObject
    chars: Characteristics

    @property
    def id(self) -> str:
        return self.obj.id

    @property
    def controller(self) -> str:
        return self.obj.controller

    @property
    def is_token(self) -> bool:
        return self.obj.is_token

    @property
    def entered_turn(self) -> int | None:
        return self.obj.entered_turn


def _finish(state: State, obj: GameObject, chars: Characteristics,
            grants: tuple[tuple[AbilityDef, str], ...]) -> View:
    granted_by: tuple = ()
    if grants:
        n = len(chars.abilities)
        granted_by = tuple((n + i, src) for i, (_, src) in enumerate(grants))
        chars = dataclasses.replace(chars, abilities=chars.abilities + tuple(a for a, _ in grants))
    chars = _apply_layer7(state, obj, chars)
    return View(
        id=obj.id, zcc=obj.zcc, zone=obj.zone, owner=obj.owner, controller=obj.controller,
        chars=chars, is_token=obj.is_token, is_emblem=obj.is_emblem, tapped=obj.tapped,
        attached_to=obj.attached_to, counters=MappingProxyType(dict(obj.counters)),
        damage=obj.damage, deathtouched=obj.deathtouched, entered_turn=obj.entered_turn,
        copy_of=obj.copy_of,
        face_down=obj.face_down, granted_by=granted_by,
    )


def _apply_layer7(state: State, obj: GameObject, chars: Characteristics) -> Characteristics:
    if chars.power is None and not _effects_on(state, obj, "7b"):
        return chars
    power, toughness = chars.power, chars.toughness
    for eff in _effects_on(state, obj, "7b"):
        power, toughness = eff["power"], eff["toughness"]
    if power is None or toughness is None:
        return chars
    for eff in _effects_on(state, obj, "7c"):
        power += eff.get("power", 0)
        toughness += eff.get("toughness", 0)
    plus = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    if (power + plus, toughness + plus) == (chars.power, chars.toughness):
        return chars  # nothing changed them: no new object to build (most creatures)
    return dataclasses.replace(chars, power=power + plus, toughness=toughness + plus)
