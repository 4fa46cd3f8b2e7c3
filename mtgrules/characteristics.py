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
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from functools import cache
from types import MappingProxyType

from . import objects
from .abilities import AbilityDef, Characteristics, intrinsic_mana_ability
from .continuous import BASIC_LAND_MANA, LAYERS, Modification, StaticEffect, land_types
from .filters import Filter, Perspective, accepts
from .frozen import by_identity, dataclass, frozen
from .objects import GameObject, State, shown_values

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any


@frozen
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
    #: effects about it (from it, or applying to it) that dependency took out of timestamp
    #: order (613.8): (layer, source of the effect that waited, source of the effect it
    #: depends on, how: "existence", "applies_to", "does" or "loop")
    dependencies: tuple[tuple[str, str, str, str], ...] = ()

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



class _Work:
    """One object's characteristics while the layers are applied (one computation only)."""

    __slots__ = ("obj", "chars", "controller", "origins", "layered", "where", "dependencies")

    def __init__(self, obj: GameObject, chars: Characteristics, where: str = "") -> None:
        self.obj = obj
        self.where = where or obj.zone  # the zone list it is in (during a move: already)
        self.chars = chars
        self.controller = obj.controller
        #: for each ability, None if printed (or copied), else (granting source, timestamp)
        self.origins: tuple[tuple[str, int] | None, ...] = (None,) * len(chars.abilities)
        self.layered: tuple[tuple[str, str], ...] = ()
        self.dependencies: tuple[tuple[str, str, str, str], ...] = ()

    def clone(self) -> _Work:
        new = _Work.__new__(_Work)
        new.obj, new.chars, new.controller = self.obj, self.chars, self.controller
        new.origins, new.layered, new.where = self.origins, self.layered, self.where
        new.dependencies = self.dependencies
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
        self.chars = _replaced(self.chars, changes)


Works = dict[str, _Work]

#: Characteristics' fields in order, read at once (a layer makes a new one from the old one
#: with some changed: ``dataclasses.replace`` walks the fields in Python each time).
_CHARS_FIELDS = tuple(f.name for f in dataclasses.fields(Characteristics))
_chars_values = operator.attrgetter(*_CHARS_FIELDS)
_CHARS_INDEX = {name: i for i, name in enumerate(_CHARS_FIELDS)}


def _replaced(chars: Characteristics, changes: dict[str, Any]) -> Characteristics:
    """``dataclasses.replace(chars, **changes)``, the same object, made faster."""
    values = list(_chars_values(chars))
    for name, value in changes.items():
        values[_CHARS_INDEX[name]] = value
    return Characteristics(*values)


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
    if zones == ("battlefield",):  # what most callers ask, thousands of times in a check
        return dict(_world(state)["battlefield"])
    views: dict[str, View] = {}
    if "battlefield" in zones or "command" in zones:
        world = _world(state)
        for zone in ("battlefield", "command"):
            if zone in zones:
                views.update(world[zone])
    for zone in zones:
        if zone not in ("battlefield", "command"):
            views.update((i, compute(state, i)) for i in _ids_in(state, zone))
    return views


def in_play(state: State) -> Mapping[str, Mapping[str, View]]:
    """The views of the battlefield and of the command zone, by zone, as remembered
    (:func:`_world`): not copies, so read them and never change them. Asked again while
    nothing the layers look at changed, the same object is given back, and only then: what
    a caller found in it (or in the state's objects in play, their counters, the resolved
    effects, the turn, the life totals or who attacks, :func:`_recorded`) still holds while
    it is the same object (tests/test_rules_steps_memo.py)."""
    return _world(state)


class _World(dict[str, dict[str, View]]):
    """The views of the battlefield and of the command zone, by zone, and which of the turn,
    the life totals and the attackers the layers may have read to make them (``reads``: their
    places in the world's key, :func:`_state_read`)."""

    __slots__ = ("reads",)
    reads: tuple[int, ...]


def _new_world(reads: tuple[int, ...]) -> _World:
    world = _World(battlefield={}, command={})
    world.reads = reads
    return world


#: The places of the parts of a world's key (:func:`_world_key`). The turn, the life totals
#: and the attackers are read only by some effects (:func:`_state_read`).
_TURN, _EFFECTS, _LIVES, _ATTACKERS, _BATTLEFIELD, _COMMAND, _FIELDS, _COUNTERS = range(8)
#: The place of the objects in what is recorded (:func:`_recorded`).
_OBJECTS = _FIELDS


def _state_read(effects: list[_Effect]) -> tuple[int, ...]:
    """Which of the turn, the life totals and the attackers (:data:`_TURN`...) the layers may
    read with these effects (:func:`_reads`). None without effects: each view is then a
    matter of its object."""
    read: set[int] = set()
    for e in effects:
        # (the same for every effect of one static ability, or of one resolved effect's
        # modification: worked out once for each, by_identity)
        reads = by_identity(_STATIC_READS, e.ability, _static_reads) \
            if e.ability is not None else \
            by_identity(_RESOLVED_READS, e.modification, _resolved_reads)
        if reads is _ALL_READ:
            return reads
        read.update(reads)
    return tuple(sorted(read))


#: What an effect may read when it may read anything (:func:`_reads`).
_ALL_READ = (_TURN, _LIVES, _ATTACKERS)


def _reads(m: Modification, condition: str | None, filtered: bool) -> tuple[int, ...]:
    """Which of the turn, the life totals and the attackers an effect may read: the turn for
    a static ability's filter (``filtered``: entered this turn), the life totals for a power
    or toughness set to one, the attackers for an effect "as long as it's attacking". All
    three (:data:`_ALL_READ`) for an effect that grants a static ability that generates an
    effect (found after layer 6: it may read anything) or sets a power or toughness to a
    number of permanents (read from the views of the battlefield)."""
    read: set[int] = set()
    for value in (m.base_power, m.base_toughness):
        if value == "life_total":
            read.add(_LIVES)
        elif isinstance(value, str) and value != "mana_value":
            return _ALL_READ
    if m.gains and any(a.kind == "static" and _static_effect(a) is not None for a in m.gains):
        return _ALL_READ
    if condition == "attacking":
        read.add(_ATTACKERS)
    if filtered:
        read.add(_TURN)
    return tuple(sorted(read))


def _static_reads(ability: AbilityDef) -> tuple[int, ...]:
    """:func:`_reads` of a static ability's effect (its modification, condition and what it
    affects come with the ability: :func:`_sources`)."""
    spec = _static_effect(ability)
    assert spec is not None  # (an effect's ability generates one)
    return _reads(spec.modification, spec.condition, not isinstance(spec.affects, str))


def _resolved_reads(modification: Modification) -> tuple[int, ...]:
    """:func:`_reads` of a resolved spell's or ability's effect: no condition, fixed objects."""
    return _reads(modification, None, False)


#: :func:`_reads` of each static ability's effect, and of each resolved effect's
#: modification, by identity (:func:`frozen.by_identity`).
_STATIC_READS: dict[int, tuple[AbilityDef, tuple[int, ...]]] = {}
_RESOLVED_READS: dict[int, tuple[Modification, tuple[int, ...]]] = {}


def _world(state: State) -> _World:
    """The views of the permanents and of the command zone, by zone: statics of permanents
    and emblems affect permanents (611.3), so they are worked out together. The same inputs
    give the same views, and a check asks for them again and again (every state-based action
    check, every trigger looked for) while nothing changed: the last few are remembered with
    their state and what they were computed from, and given back only for that same state
    object with nothing changed. That the objects did not change is read from the record of
    changes (objects.watch: the objects in play are watched, and the first store of a field
    ends an object's watch and is recorded; every change of counters is), so asking again
    while nothing changed costs a look at the objects in play and two versions
    (:func:`_recorded`), not at every field of them (:func:`_world_key`: made only when
    something changed, from the fields of the objects that did). When only what no layer reads
    changed since the last computation for that state, its views are given back with those
    fields copied again (:func:`_restatused`)."""
    recorded = _recorded(state)
    before = None
    for known in _REMEMBERED:
        if known.state is state:
            if known.recorded == recorded:
                return known.views
            if known.key is not None:
                before = before or known
    found = _plain_world(state, recorded)
    if found is not None:
        _REMEMBERED[:] = [_Known(state, recorded, None, {}, found),
                          *_REMEMBERED[:_REMEMBER - 1]]
        return found
    key, parts = _world_key(state, recorded, before)
    for known in _REMEMBERED:
        if known.state is state and known.key == key:  # changed back, or written unchanged
            known.recorded = recorded
            return known.views
    found = _restatused(state, key, before) if before else None
    if found is None:
        found = _compute_world(state, _unchanged(key, before) if before else None)
    _REMEMBERED[:] = [_Known(state, recorded, key, parts, found),
                      *_REMEMBERED[:_REMEMBER - 1]]
    return found


@dataclass(slots=True)
class _Known:
    """One remembered computation of the world's views (:func:`_world`): its state, what was
    recorded of it (:func:`_recorded`), what they were computed from (:func:`_world_key`;
    None for views made object by object, :func:`_plain_world`) and the parts of that key of
    each object, by its version (objects.GameObject)."""

    state: State
    recorded: list[Any]
    key: list[Any] | None
    parts: dict[int, tuple[GameObject, tuple[Any, ...], dict[str, int] | None]]
    views: _World


def _plain_world(state: State, recorded: list[Any]) -> _World | None:
    """The world's views when no continuous effect is in force: no object in play has a
    static ability that generates one (in its copiable values: without effects none can be
    granted) and no resolved effect names one of them (611.2c). Each view is then a matter of
    its object alone (its copiable values, the mana abilities of its basic land types, 305.6,
    and its counters, 613.4c), so it is made object by object, and kept while its object is
    still watched at the same version with the same counters (:func:`_plain`): a change
    costs the objects that changed, not the objects in play. None if some effect is in
    force (the layers then work across all objects at once)."""
    battlefield, command = recorded[_BATTLEFIELD], recorded[_COMMAND]
    if state.effects and _names_one(state, {*battlefield, *command}):
        return None
    plains, counted = [], objects.counters_version
    for obj in recorded[_OBJECTS]:
        plain = _PLAIN.get(obj.id)
        # (what _plain tells first, written out: most objects did not change)
        if plain is None or plain.obj is not obj or plain.counters_version != counted \
                or type(obj) is not objects.WatchedObject or plain.version != obj.version:
            plain = _plain(obj)
        if plain.statics:
            return None
        plains.append(plain)
    views = [plain.view or plain.make_view() for plain in plains]
    world = _new_world(())
    there = len(battlefield)
    world["battlefield"].update(zip(battlefield, views[:there], strict=True))
    world["command"].update(zip(command, views[there:], strict=True))
    return world


def _names_one(state: State, there: set[str]) -> bool:
    """Does a resolved effect name one of these objects, as it is now (611.2c, 400.7)?"""
    objects = state.objects
    return any(i in there and objects[i].zcc == zcc for e in state.effects
               for i, zcc in e.objects)


@dataclass(slots=True)
class _Plain:
    """An object in play as it is without continuous effects (:func:`_plain`): its copiable
    values, whether a static ability among them generates an effect, and its view (made
    when first needed), with what tells that they still hold: the object, the version it was
    watched at, its counters (copied) and the version of all counters then
    (objects.counters_version)."""

    obj: GameObject
    version: int
    counters: dict[str, int] | None
    counters_version: int
    chars: Characteristics
    statics: bool
    view: View | None = None

    def make_view(self) -> View:
        """The view with no continuous effect: its copiable values, the mana abilities of its
        basic land types (305.6) and its counters (613.4c)."""
        work = _Work(self.obj, self.chars)
        _without_effects({work.id: work})
        self.view = _view(work)
        return self.view


def _plain(obj: GameObject) -> _Plain:
    """The object without continuous effects (:func:`_plain_world`), kept (:data:`_PLAIN`)
    while it is still watched at the same version (no field stored since: objects.watch)
    with the same counters."""
    known = _PLAIN.get(obj.id)
    if known is not None and known.obj is obj and type(obj) is objects.WatchedObject \
            and known.version == obj.version:
        if known.counters_version == objects.counters_version:
            return known
        if known.counters == (dict(obj.counters) if obj.counters else None):
            known.counters_version = objects.counters_version
            return known
    objects.watch(obj)  # (from now on: its version tells whether it changed)
    chars = shown_values(obj)
    if len(_PLAIN) >= 4096:
        _PLAIN.clear()
    known = _PLAIN[obj.id] = _Plain(obj, obj.version, dict(obj.counters) if obj.counters
                                    else None, objects.counters_version, chars,
                                    bool(by_identity(_STATICS, chars, _statics)))
    return known


#: Each object in play as it was last seen without continuous effects (:func:`_plain`), by id.
_PLAIN: dict[str, _Plain] = {}


def _compute_world(state: State, unchanged: dict[str, View] | None = None) -> _World:
    """The world's views. ``unchanged``: views of objects no effect applied to, computed
    before from the same objects (:func:`_unchanged`): each is given back again if no effect
    applies to its object now either (a view is then a matter of its object alone)."""
    works = _works(state, ("battlefield", "command"))
    statics, resolved = _sources(works.values()), _resolved(state, works)
    _apply_layers(state, works, statics, resolved)
    views = _new_world(_state_read(statics + resolved))
    unchanged = unchanged or {}
    for i, w in works.items():
        view = unchanged.get(i)
        views[w.where][i] = view if view is not None and not w.layered \
            and not w.dependencies else _view(w)
    return views


def _unchanged(key: list[Any], before: _Known) -> dict[str, View]:
    """The views computed before (with the key ``before.key``) of objects whose every field
    and counter are as they were then, and that no effect applied to or noted then."""
    known, views = before.key, before.views
    assert known is not None  # (a computation made object by object is never `before`)
    was = _objects_of(known)
    found = {}
    for i, now in _objects_of(key).items():
        if was.get(i) == now:
            view = views["battlefield"].get(i) or views["command"].get(i)
            if view is not None and not view.layered and not view.dependencies:
                found[i] = view
    return found


def _restatused(state: State, key: list[Any], before: _Known) -> _World | None:
    """The world's views again, if nothing the layers read changed since they were computed
    with the key ``before.key``: only fields no layer reads (:data:`_STATUS_FIELDS`: tapped,
    damage...), and those of the turn, the life totals and the attackers that no effect there
    read (:func:`_state_read`). Each view whose object's status changed gets it copied again:
    what a view is made of is otherwise the same. None if something the layers read
    changed."""
    known, views = before.key, before.views
    assert known is not None  # (a computation made object by object is never `before`)
    if any(known[n] != key[n] for n in (_BATTLEFIELD, _COMMAND, _COUNTERS, _EFFECTS,
                                        *views.reads)) or \
            list(map(_layer_fields, known[_FIELDS])) != list(map(_layer_fields, key[_FIELDS])):
        return None
    found = _new_world(views.reads)
    for zone, zone_views in views.items():
        found[zone] = {i: _restatus(view, state.objects[i]) for i, view in zone_views.items()}
    return found


def _restatus(view: View, obj: GameObject) -> View:
    """The view with its object's status copied again (the same view if it didn't change)."""
    if _view_status(obj) == (view.owner, view.tapped, view.damage, view.deathtouched,
                             view.copy_of):
        return view
    return View(view.id, view.zcc, view.zone, obj.owner, view.controller, view.chars,
                view.is_token, view.is_emblem, obj.tapped, view.attached_to, view.counters,
                obj.damage, obj.deathtouched, view.entered_turn, obj.copy_of, view.face_down,
                view.granted_by, view.layered, view.dependencies)


#: How many computations of the world's views are remembered (a game, a branch or rebuilt
#: step being looked at, the trial of a widget's action...).
_REMEMBER = 4
_REMEMBERED: list[_Known] = []
#: The fields of an object that neither the layers nor a view read: what rules outside the
#: layers keep on it (tests/test_characteristics_memo.py checks that nothing here reads them).
_UNSEEN_FIELDS = ("copy_except", "x", "under_control_since_turn", "last_known")
#: The fields a view copies and no layer reads (the layers see an object through a
#: :class:`_Work`, which has none of them; the same test checks it): its status (110.5) and
#: what rules outside the layers keep on it.
_STATUS_FIELDS = ("owner", "tapped", "damage", "deathtouched", "copy_of")
#: What the views are made from, of each object: every field but its counters (the one
#: mutable one: copied apart) and those nothing here reads.
_KEY_FIELDS = tuple(f for f in GameObject.__dataclass_fields__
                    if f != "counters" and f not in _UNSEEN_FIELDS)
_object_key = operator.attrgetter(*_KEY_FIELDS)
_view_status = operator.attrgetter(*_STATUS_FIELDS)
#: The fields in a world's key (:func:`_world_key`) that the layers read.
_layer_fields = operator.itemgetter(*(n for n, f in enumerate(_KEY_FIELDS)
                                      if f not in _STATUS_FIELDS))


def _recorded(state: State) -> list[Any]:
    """What the world's views are computed from, as recorded: the objects in play in their
    zones' order (themselves, not their fields), the version of the last change to a watched
    object (objects.written_version) and to any counters (objects.counters_version), and as
    in :func:`_world_key` the resolved effects, the turn, the life totals and who attacks.
    Every object in play was watched when views were remembered (:func:`_world_key` watches
    them): equal to what was recorded then, with the same objects (compared by identity
    first; else field by field), no field of them was stored since and no counter changed,
    so nothing the views are made of did."""
    battlefield = tuple(state.zones.get(("", "battlefield"), ()))
    command = tuple(state.zones.get(("", "command"), ()))
    # (comprehensions: here cheaper than list(map(...)) of a bound method or an attrgetter)
    in_state = state.objects
    objs = [in_state[i] for i in battlefield + command]
    return [state.turn, tuple(state.effects), [p.life for p in state.players.values()],
            tuple(state.combat.attackers.items()) if state.combat is not None else None,
            battlefield, command, objs, objects.written_version, objects.counters_version]


def _world_key(state: State, recorded: list[Any], before: _Known | None
               ) -> tuple[list[Any], dict[int, tuple[GameObject, tuple[Any, ...],
                                                   dict[str, int] | None]]]:
    """Everything the world's views are computed from: the objects in play in their zones'
    order, every field of each that the layers or a view read (:data:`_KEY_FIELDS`; its
    counters copied: they change in place), the resolved effects (frozen), the turn (entered
    this turn), the life totals (a power "equal to your life total") and who attacks ("as
    long as it is attacking"). Compared with ``==``, which looks at identity first: the same
    objects cost next to nothing to compare. Whatever the layers read from the state must be
    here (tests/test_characteristics_memo.py checks every computation of every shipped
    scenario against a fresh one). Its parts are in the order of :data:`_TURN` ...
    :data:`_COUNTERS`. Every object in play is watched from now on (objects.watch); the
    fields and counters of one still watched since ``before`` (the same object and version,
    and no counters changed) are taken from there; the parts of each object are given back
    too, by version, for the next key."""
    objs, counters_now = recorded[_OBJECTS], recorded[-1]
    known = before.parts if before is not None and \
        before.recorded[-1] == counters_now else {}
    parts, fields, counters = {}, [], []
    for obj in objs:
        objects.watch(obj)  # (from now on: its version tells whether it changed)
        version = obj.version
        part = known.get(version)
        if part is None or part[0] is not obj:
            part = (obj, _object_key(obj), dict(obj.counters) if obj.counters else None)
        parts[version] = part
        fields.append(part[1])
        counters.append(part[2])
    return [*recorded[:_FIELDS], fields, counters], parts


def _objects_of(key: list[Any]) -> dict[str, tuple[Any, dict[str, int] | None]]:
    """The fields and counters of each object in a world's key, by id."""
    return dict(zip(key[_BATTLEFIELD] + key[_COMMAND],
                    zip(key[_FIELDS], key[_COUNTERS], strict=True), strict=True))


def compute(state: State, obj_id: str) -> View:
    """The view of one object (any zone)."""
    obj = state.objects[obj_id]
    if obj.zone in ("battlefield", "command"):
        # the view among all (the same as alone when no static applies): often remembered
        view = _world(state)[obj.zone].get(obj_id)
        if view is not None:
            return view
    return _alone(state, obj)


def _alone(state: State, obj: GameObject) -> View:
    """The view of an object computed by itself. When no effect applied, it was made from
    the object alone: remembered with its state and all it was made from (every field of the
    object, its counters, and the resolved effects, one of which may come to name it), and
    given back for that same state while they are the same."""
    inputs = (_object_key(obj), dict(obj.counters) if obj.counters else None,
              tuple(state.effects))
    known = _ALONE.get(obj.id)
    if known is not None and known[0] is state and known[1] == inputs:
        return known[2]
    view, plain = _compute_alone(state, obj)
    if plain:
        if len(_ALONE) >= 4096:
            _ALONE.clear()
        _ALONE[obj.id] = (state, inputs, view)
    return view


def _compute_alone(state: State, obj: GameObject) -> tuple[View, bool]:
    """The view of an object by itself, and whether it was made with no effect at all."""
    work = _Work(obj, shown_values(obj))
    works = {obj.id: work}
    # Off the battlefield only the object's own characteristic-defining abilities apply
    # (604.3); on it, without statics anywhere, only the effects that name it.
    own = [e for e in _sources([work]) if e.modification.defines or obj.zone == "battlefield"]
    resolved = _resolved(state, works)
    _apply_layers(state, works, own, resolved)
    return _view(work), not own and not resolved


#: The last view of each object computed alone and with no effect (:func:`_alone`).
_ALONE: dict[str, tuple[State, tuple[Any, ...], View]] = {}


def _works(state: State, zones: Iterable[str]) -> Works:
    return {i: _Work(state.objects[i], shown_values(state.objects[i]), z)
            for z in zones for i in _ids_in(state, z)}


def _ids_in(state: State, zone: str) -> list[str]:
    if zone in ("battlefield", "stack", "command", "exile"):
        return list(state.zones.get(("", zone), ()))
    return [i for p in state.players for i in state.zones.get((p, zone), ())]


def _static_effect(ability: AbilityDef) -> StaticEffect | None:
    if ability.kind != "static" or not ability.static:
        return None
    key, value = ability.static[0]
    if key == "continuous":
        return value
    if key == "grant":  # "equipped creature has ..." (301.5a), "creature tokens you control ..."
        return by_identity(_GRANTS, ability, _grant_effect)
    return None


def _grant_effect(ability: AbilityDef) -> StaticEffect:
    grant = dict(ability.static[0][1])
    to = grant["to"]
    return StaticEffect(GRANT_FILTERS.get(to, to), Modification(gains=tuple(grant["abilities"])),
                        grant.get("while"))


#: A granting ability's effect, made once per ability (:func:`frozen.by_identity`).
_GRANTS: dict[int, tuple[AbilityDef, StaticEffect]] = {}


def _statics(chars: Characteristics) -> tuple[tuple[int, AbilityDef, StaticEffect], ...]:
    """The static abilities among these abilities that generate a continuous effect, with
    their place and effect."""
    return tuple((n, a, spec) for n, a in enumerate(chars.abilities)
                 if a.kind == "static" and (spec := _static_effect(a)) is not None)


#: :func:`_statics` of characteristics (most have none), by identity (:func:`frozen.by_identity`).
_STATICS: dict[int, tuple[Characteristics, tuple[tuple[int, AbilityDef, StaticEffect], ...]]] \
    = {}


def effects_in_force(state: State, newcomer: Characteristics) -> bool:
    """Would the layers have any continuous effect to apply with a permanent with the
    copiable values ``newcomer`` on the battlefield too (614.12: a permanent about to enter,
    not face down)? The effects :func:`_compute_world` would find: those the static abilities
    of the objects in the battlefield and the command zone (the newcomer's included)
    generate, and the resolved effects that name one of them (none can name the newcomer: it
    is a new object, 400.7). When there is none, its view's abilities are its own, with the
    mana abilities of its basic land types (305.6)."""
    if by_identity(_STATICS, newcomer, _statics):
        return True
    objects = state.objects
    there = {*_ids_in(state, "battlefield"), *_ids_in(state, "command")}
    for i in there:
        if by_identity(_STATICS, shown_values(objects[i]), _statics):
            return True
    return _names_one(state, there)


#: What a grant "to" affects, as a filter (filters.accepts), the one way objects are chosen.
GRANT_FILTERS = {"creature_tokens_you_control": Filter(types=("creature",), token=True,
                                                       controller="you")}


def _sources(works: Iterable[_Work]) -> list[_Effect]:
    """The effects the static abilities of these objects generate now. A static ability's
    effect has its object's timestamp, or the granting effect's if later (613.7a)."""
    out = []
    for w in works:
        statics = by_identity(_STATICS, w.chars, _statics)
        if not statics:
            continue
        seen: dict[int, int] = {}
        for index, ability, spec in statics:
            origin = w.origins[index]
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


#: How an effect waited for another (613.8a): what applying the other would change.
Waits = dict[tuple, tuple[tuple[str, str], ...]]  # effect key -> ((other's source, how), ...)


def _apply_layers(state: State, works: Works, statics: list[_Effect],
                  resolved: list[_Effect]) -> None:
    """613.1-613.8: each layer in order; in each, the effects in dependency and timestamp
    order. Counters join layer 7c (613.4c). After layer 4, each land has the mana ability of
    each of its basic land types (305.6)."""
    effects = {e.key: e for e in statics + resolved}
    if not effects:  # most boards, most of the time: only counters change anything (613.4c)
        _without_effects(works)
        return
    started: dict[tuple, list[str]] = {}
    used = _layers_of(effects)
    for layer in LAYERS:
        if layer == "7a" and "6" in used:
            # abilities were added: statics granted in layer 6 start now (613.7a). Only an
            # object with a granted ability can have a static ability it hadn't (layers 4
            # and 6 take away, 305.6 adds mana abilities): the others' effects are there
            _grantees = (w for w in works.values()
                         if w.where in ("battlefield", "command") and any(w.origins))
            effects.update((e.key, e) for e in _sources(_grantees))
            used = _layers_of(effects)
        if layer in used:  # (sorting and asking for effects of the other layers: for nothing)
            pending = sorted((e for e in effects.values() if layer in e.modification.layers),
                             key=lambda e: e.order)
            waits: Waits = {}
            while pending:
                effect = _next_effect(state, works, layer, pending, started, waits)
                pending.remove(effect)
                _apply(state, works, layer, effect, started, waits.get(effect.key, ()))
        if layer == "4":
            _intrinsic_mana_abilities(works)
        elif layer == "7c":
            _counters(works)


def _without_effects(works: Works) -> None:
    """The layers with no continuous effect: each land has the mana ability of each of its
    basic land types (305.6) and counters modify power and toughness (613.4c)."""
    _intrinsic_mana_abilities(works)
    _counters(works)


def _layers_of(effects: dict[tuple, _Effect]) -> set[str]:
    """The layers the effects have a part in."""
    return {layer for e in effects.values() for layer in e.modification.layers}


def _next_effect(state: State, works: Works, layer: str, pending: list[_Effect],
                 started: dict[tuple, list[str]], waits: Waits | None = None) -> _Effect:
    """613.8b-c: the first effect in timestamp order that waits for no other effect still to
    apply. An effect waits for those it depends on (613.8a), except that the effects of a
    dependency loop wait only for effects outside the loop and among themselves go in
    timestamp order (613.8b). Asked again after each effect applies (613.8c). ``waits``
    records, for the effects passed over, which effects they waited for and how."""
    if len(pending) == 1:
        return pending[0]
    # 613.8a(c): a characteristic-defining ability's effect and another's never depend on
    # each other; those go first anyway (613.3)
    group = [e for e in pending if e.modification.defines == pending[0].modification.defines]
    if len(group) == 1:
        return group[0]
    by_key = {e.key: e for e in group}
    found: dict[tuple, dict[tuple, str]] = {}
    trials: Trials = {}  # each effect applied on a trial once, for all the others to look at

    def deps(e: _Effect) -> dict[tuple, str]:
        if e.key not in found:
            found[e.key] = {o.key: how for o in group if o is not e
                            if (how := _depends(state, works, layer, e, o, started, trials))}
        return found[e.key]

    chosen, in_loop = group[0], False
    for effect in group:
        if not deps(effect):
            chosen = effect
            break
        loop = _loop(effect.key, by_key, deps)
        members = loop | {effect.key}
        if loop and all(k in members for m in members for k in deps(by_key[m])):
            chosen, in_loop = effect, True  # a loop that waits for nothing outside it
            break
    if waits is not None:
        for effect in group:
            if effect is chosen:
                break
            loop = _loop(effect.key, by_key, deps)
            _note(waits, effect.key, ((by_key[k].source, str(how))
                                      for k, how in deps(effect).items() if k not in loop))
        if in_loop:
            _note(waits, chosen.key, ((by_key[k].source, "loop") for k in deps(chosen)))
    return chosen


def _note(waits: Waits, key: tuple, found: Iterable[tuple[str, str]]) -> None:
    waits[key] = tuple(dict.fromkeys((*waits.get(key, ()), *found)))


def _loop(key: tuple, by_key: dict[tuple, _Effect],
          deps: Callable[[_Effect], dict[tuple, str]]) -> set[tuple]:
    """The effects in a dependency loop with this one (613.8b): those it depends on, directly
    or not, that depend on it, directly or not."""
    def reach(start: tuple) -> set[tuple]:
        seen, todo = set(), [start]
        while todo:
            for k in deps(by_key[todo.pop()]):
                if k not in seen:
                    seen.add(k)
                    todo.append(k)
        return seen
    return {k for k in reach(key) if k != key and key in reach(k)}


#: The works with an effect applied on a trial (:func:`_trial`), by the effect's key.
Trials = dict[tuple, Works | None]


def _depends(state: State, works: Works, layer: str, effect: _Effect, other: _Effect,
             started: dict[tuple, list[str]], trials: Trials | None = None) -> str | None:
    """613.8a: would applying ``other`` change whether ``effect`` exists, what it applies to,
    or what it does to the things it applies to? Says which ("existence", "applies_to",
    "does"), or None. An effect that already applies (613.6) or names its objects (611.2c)
    keeps them; what it does may still change (a "you" read now: 109.5). ``trials``: the
    trials made so far for the same works, layer and effects started."""
    static = effect.key not in started and effect.ability is not None
    varies = _varies(effect, layer)
    if not static and not varies:
        return None
    if layer in _PARTIAL_LAYERS and not _reads_layer(effect, layer):
        # Applying the other effect changes only the colors (layer 5) or the power and
        # toughness (layer 7) of the objects it applies to: no effect's existence (its
        # source's abilities) nor what it does (7a-7b: a count of permanents by type and
        # controller, a mana value, a life total) reads those, and what it applies to reads
        # them only through a filter's colors or power and toughness (:func:`_reads_layer`)
        return None
    if static and not varies and (isinstance(effect.affects, str) or layer == "6") \
            and effect.source not in _applied_to(state, works, other, started):
        # Whether it exists is read from its source's abilities (_exists), and what it
        # applies to, itself or what its source is attached to, from its source and from
        # where objects are, which no layer changes (_ids), or through a filter, which reads
        # no ability (filters.Filter), from what layer 6 doesn't change: applying the other
        # effect, which changes the objects it applies to alone (_trial), can't change them
        # unless its source is one of those (no trial needed: it costs more than all the
        # rest here)
        return None
    if trials is None:
        trials = {}
    if other.key not in trials:
        trials[other.key] = _trial(state, works, layer, other, started)
    trial = trials[other.key]
    if trial is None:
        return None  # applying it would change nothing
    if static:
        exists = _exists(works, effect)
        if exists != _exists(trial, effect):
            return "existence"
        if not exists:
            return None
        ids = _ids(state, works, effect)
        if ids != _ids(state, trial, effect):
            return "applies_to"
    else:
        ids = started.get(effect.key) or _ids(state, works, effect)
    if varies and \
            _does(state, works, layer, effect, ids) != _does(state, trial, layer, effect, ids):
        return "does"
    return None


#: The layers whose effects change only what a filter may read (colors: 5; power and
#: toughness: 7a-7d), never abilities, types or controllers (:func:`_depends`).
_PARTIAL_LAYERS = frozenset(("5", "7a", "7b", "7c", "7d"))


def _reads_layer(effect: _Effect, layer: str) -> bool:
    """Could what an effect applies to or does change with the colors (``layer`` 5) or the
    power and toughness (7a-7d) of objects (613.8a)? What it applies to, only if it names
    its objects with a filter that reads them (filters.Filter: ``colors``; ``power``,
    ``toughness``): an effect that started (613.6) or was created by a resolved spell or
    ability (611.2c) keeps its objects; what it does, only if it sets a power or toughness
    to a value that reads them."""
    m = effect.modification
    if any(isinstance(v, str) and v not in _PT_VALUES_BLIND
           for v in (m.base_power, m.base_toughness)):
        return True  # (a value that may read them: none yet)
    affects = effect.affects
    if not isinstance(affects, Filter):
        return False
    return bool(affects.colors) if layer == "5" else bool(affects.power or affects.toughness)


#: The values a power or toughness may be set to (continuous.PT_VALUES) that read no color,
#: power or toughness: a count of permanents by type and controller, a mana value, a life
#: total (:func:`_pt_value`).
_PT_VALUES_BLIND = frozenset(("mana_value", "life_total", "creatures_you_control",
                              "lands_you_control"))


def _applied_to(state: State, works: Works, effect: _Effect,
                started: dict[tuple, list[str]]) -> list[str]:
    """The objects applying the effect now applies to (:func:`_trial`): those it started to
    apply to (613.6), or those it applies to now; none if it no longer exists (613.8a)."""
    ids = started.get(effect.key)
    if ids is None:
        return _ids(state, works, effect) if _exists(works, effect) else []
    return ids


def _trial(state: State, works: Works, layer: str, effect: _Effect,
           started: dict[tuple, list[str]]) -> Works | None:
    """The works as they would be with ``effect`` applied in ``layer``, the game untouched:
    the objects it applies to are copied (applying changes those alone), the others shared.
    None if it would change nothing (it no longer exists, or applies to nothing)."""
    ids = _applied_to(state, works, effect, started)
    if not any(i in works for i in ids):
        return None
    trial = dict(works)
    for i in ids:
        if i in works:
            trial[i] = works[i].clone()
    _apply(state, trial, layer, effect, {**started, effect.key: ids})
    return trial


def _varies(effect: _Effect, layer: str) -> bool:
    """Can what this effect does depend on the game (a player read as "you", a value read
    now)? Only then can another effect change it (613.8a)."""
    m = effect.modification
    if layer == "2":
        return m.control == "you" and effect.ability is not None
    if layer in ("7a", "7b"):
        return isinstance(m.base_power, str) or isinstance(m.base_toughness, str)
    return False


def _does(state: State, works: Works, layer: str, effect: _Effect, ids: list[str]) -> tuple:
    """What the effect does to each object it applies to, with what it reads from the game
    read now: the player who gains control (layer 2), the power and toughness set (7a-7b)."""
    if layer == "2":
        return (_new_controller(works, effect),)
    m = effect.modification
    return tuple((i, _pt_value(state, works, works[i], m.base_power)
                  if m.base_power is not None else None,
                  _pt_value(state, works, works[i], m.base_toughness)
                  if m.base_toughness is not None else None) for i in ids if i in works)


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
           started: dict[tuple, list[str]], waited: tuple[tuple[str, str], ...] = ()) -> None:
    """Apply one effect's part in ``layer`` to each object it affects. The objects are found
    when it starts to apply and kept for its later layers (613.6). ``waited``: the effects it
    was applied after, out of timestamp order, and how it depends on each (613.8b); noted on
    its source and on each object it applies to ("gone" if it no longer exists by then), and
    for a loop on the sources of the other effects of the loop too."""
    ids = started.get(effect.key)
    exists = ids is not None or _exists(works, effect)
    notes = tuple((layer, effect.source, other, how if exists or how == "loop" else "gone")
                  for other, how in waited) if waited else ()
    if notes:
        _note_on(works, notes, effect.source,
                 *(other for other, how in waited if how == "loop"))
    if not exists:
        return  # its ability was removed before it applied (613.8a)
    if ids is None:
        ids = started[effect.key] = _ids(state, works, effect)
    step, applied = _LAYER_STEPS[layer], ((layer, effect.source),)
    for i in ids:
        w = works.get(i)
        if w is not None:
            step(state, works, w, effect)
            w.layered += applied
    if notes:
        _note_on(works, notes, *ids)


def _note_on(works: Works, notes: tuple[tuple[str, str, str, str], ...], *ids: str) -> None:
    """Record why an effect applied out of timestamp order on these objects (View.dependencies),
    once each."""
    for i in dict.fromkeys(ids) if notes else ():
        w = works.get(i)
        if w is not None:
            w.dependencies += tuple(n for n in notes if n not in w.dependencies)


def _control(state: State, works: Works, w: _Work, e: _Effect) -> None:
    w.controller = _new_controller(works, e)


def _new_controller(works: Works, e: _Effect) -> str:
    """Who gains control: "you" is the controller of the spell or ability that created the
    effect (611.2c), or of the object whose static ability it is, as it is now (109.5): a
    stolen Aura that says "you control enchanted creature" gives it to its new controller."""
    control = e.modification.control
    if control != "you":
        return str(control)
    source = works.get(e.source) if e.ability is not None else None
    return source.controller if source is not None else e.controller


def _types(state: State, works: Works, w: _Work, e: _Effect) -> None:
    m = e.modification
    subtypes = w.chars.subtypes
    if m.creature_types is not None:
        # 205.1b: "becomes a Frog" replaces its creature types, not its other subtypes
        subtypes = tuple(s for s in subtypes if s not in creature_types())
        subtypes += m.creature_types
    if m.land_types is not None:
        subtypes = tuple(s for s in subtypes if s not in land_types()) + m.land_types
        if w.is_("land") and any(t in BASIC_LAND_MANA for t in m.land_types):
            _lose_rules_text(w)
    w.set(card_types=tuple(dict.fromkeys(w.chars.card_types + m.types)),
          subtypes=tuple(dict.fromkeys(subtypes + m.subtypes)))


def _lose_rules_text(w: _Work) -> None:
    """305.7: a land whose subtype an effect sets to a basic land type loses all abilities
    generated from its rules text, its old land types and copy effects. Abilities granted by
    other effects stay: those are added in layer 6 (613.1f), after this (layer 4, 613.1d), so
    none is here yet. The new types' mana abilities come with the types (305.6)."""
    kept = [(a, o) for a, o in zip(w.chars.abilities, w.origins, strict=True) if o is not None]
    w.set(abilities=tuple(a for a, _ in kept))
    w.origins = tuple(o for _, o in kept)


def _intrinsic_mana_abilities(works: Works) -> None:
    """305.6: a land with a basic land type has "{T}: Add [its mana]", even if its text box
    doesn't say so. Added (after layer 4, where types are settled) where no ability that
    does the same is there already: a basic land prints it."""
    for w in works.values():
        chars = w.chars
        if "land" not in chars.card_types:
            continue
        missing = by_identity(_MISSING_MANA, chars, _missing_mana_abilities)
        if missing:
            w.set(abilities=chars.abilities + missing)
            w.origins += (None,) * len(missing)


def _missing_mana_abilities(chars: Characteristics) -> tuple[AbilityDef, ...]:
    """The mana abilities of its basic land types that a land's characteristics lack."""
    missing = [intrinsic_mana_ability(t) for t in chars.subtypes if t in BASIC_LAND_MANA]
    return tuple(a for a in missing if not any(_same_ability(a, b) for b in chars.abilities))


#: What :func:`_missing_mana_abilities` found for characteristics (a basic land's printed
#: ones are asked again at every computation), by identity (:func:`frozen.by_identity`).
_MISSING_MANA: dict[int, tuple[Characteristics, tuple[AbilityDef, ...]]] = {}


def _same_ability(a: AbilityDef, b: AbilityDef) -> bool:
    """Does ``b`` do what ``a`` does (its text aside)?"""
    return a is b or (a.kind == b.kind and a.cost == b.cost
                      and tuple(m.effects for m in a.modes) == tuple(m.effects for m in b.modes))


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
    # creatures_you_control, lands_you_control: on the battlefield, as the layers made them
    # so far (a characteristic-defining ability counts after layer 4 has made its types)
    card_type = "land" if value == "lands_you_control" else "creature"
    if w.where != "battlefield":
        return sum(1 for v in compute_all(state, ("battlefield",)).values()
                   if v.controller == w.controller and v.is_(card_type))
    return sum(1 for o in works.values() if o.where == "battlefield"
               and o.controller == w.controller and o.is_(card_type))


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


#: The counters of a view without counters (read-only, so one serves every such view).
_NO_COUNTERS: MappingProxyType = MappingProxyType({})


def _view(w: _Work) -> View:
    obj = w.obj
    granted = tuple((i, o[0]) for i, o in enumerate(w.origins) if o is not None) \
        if any(w.origins) else ()
    counters = MappingProxyType(dict(obj.counters)) if obj.counters else _NO_COUNTERS
    # positional, in the fields' order (a test checks it): faster than by keyword
    return View(obj.id, obj.zcc, obj.zone, obj.owner, w.controller, w.chars,
                obj.token_values is not None, obj.emblem_values is not None, obj.tapped,
                obj.attached_to, counters, obj.damage, obj.deathtouched, obj.entered_turn,
                obj.copy_of, obj.face_down, granted, w.layered, w.dependencies)
