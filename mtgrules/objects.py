"""Game objects and the game state (CR 109, 110, 111, 113, 114, 400).

Every object has a stable, readable id (``grizzly-bears``, ``S3`` on the stack). A zone change
makes a new object (400.7): the id stays, for people to follow a card, but ``zcc`` (the zone-change
count) grows, and a target chosen before the move no longer matches it (608.2b).
"""

from __future__ import annotations

import functools
import itertools
import operator
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import field

from .abilities import AbilityDef, CardDef, Characteristics, CopyExceptions
from .continuous import ContinuousEffect
from .events import Event
from .frozen import dataclass, field_copier, frozen, sharing_copier
from .text import MessageName, Name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .characteristics import View

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
#: Zones that belong to one player; the others are shared (400.1).
OWNED_ZONES = ("library", "hand", "graveyard")
STEPS = ("untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup")
#: The steps of the combat phase (506.1).
COMBAT_STEPS = STEPS[4:9]
#: The keys of a set-up object that are exact bookkeeping, applied after the object is set up
#: (a saved moment's: saving.OBJECT_PARTS reads them).
EXACT_OBJECT_KEYS = ("copy", "copy_of", "copy_except", "last_known", "deathtouched", "x",
                     "face", "zcc", "timestamp", "entered_turn", "controlled_since")


# Names the kit gives to what isn't an object in a zone: S1, S2... the objects on the stack;
# T1, T2... the triggered abilities a player orders as they go on the stack (603.3b), which
# an order may also name by their sources' ids.
def reserved_id(name: str) -> str | None:
    """Why an object can't have the id ``name`` (None: it can): S or T and a number (read
    without a regular expression, whose compiling cost a third of a million instructions)."""
    if name[:1] not in ("S", "T") or not name[1:].isdecimal():  # (isdecimal: as \d)
        return None
    if name[0] == "S":
        return "S1, S2... name the objects on the stack"
    return "T1, T2... name triggered abilities as their controller orders them (603.3b)"


@frozen
class Ref:
    """A reference to a player, an object in a zone, or a stack object, as a target or a choice.

    ``zcc`` pins an object to one incarnation: after a zone change the reference is stale.
    """

    kind: str  # player | object | stack
    id: str
    zcc: int = 0

    def __str__(self) -> str:
        return self.id


def _new_counter() -> Counter:
    """An empty Counter, without Counter.__init__ (two calls in Python that do nothing for
    an empty one): every player starts with one."""
    return Counter.__new__(Counter)


@dataclass(slots=True)
class Player:
    """A player: name, life total, mana pool, and place in the game's list of players. (A
    docstring of its own: else ``dataclasses`` writes one from ``inspect.signature`` at
    every import.)"""

    name: str
    life: int = 20
    mana_pool: Counter = field(default_factory=_new_counter)
    index: int = 0

    def __eq__(self, other: Any) -> bool:
        """Field by field, as the dataclass's own; the pools as :func:`same_counts` says."""
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.name == other.name and self.life == other.life \
            and same_counts(self.mana_pool, other.mana_pool) and self.index == other.index


def same_counts(a: Any, b: Any) -> bool:
    """``a == b`` for two Counters (a count of 0 is no counter), told in C when they are equal
    as dictionaries (nearly always: most are empty): Counter's own comparison runs in Python,
    and comparing states (a refused action's "nothing changed") compares every object's."""
    return a is b or isinstance(a, dict) and dict.__eq__(a, b) is True or a == b


#: Version numbers (:attr:`GameObject.version`, :data:`counters_version`): one sequence for
#: the whole process, so a number is never given twice.
_next_version = itertools.count(1).__next__
_set = object.__setattr__  # a store that bypasses a watched object's __setattr__
#: The version of the last change made to any object's counters (:class:`Counters`).
counters_version = 0
#: The version of the last change made to a watched object in play, on the battlefield or in
#: the command zone (:class:`WatchedObject`).
written_version = 0


def _counters_changed() -> None:
    global counters_version
    counters_version = _next_version()


class Counters(Counter):
    """An object's counters (122.1). They change in place, so every change that can be made to
    a Counter is recorded (:data:`counters_version` renewed) before it is made: what was
    computed from counters can tell at once that none changed since (characteristics' views).
    tests/test_versions.py checks that every method of ``dict`` and ``Counter`` that changes
    one is overridden here."""

    __slots__ = ()

    def __setitem__(self, key: str, value: int) -> None:
        _counters_changed()
        super().__setitem__(key, value)

    def __delitem__(self, key: object) -> None:
        _counters_changed()
        super().__delitem__(key)

    def clear(self) -> None:
        if self:  # (every zone change clears them: most have none)
            _counters_changed()
            super().clear()

    def update(self, iterable: Any = None, /, **kwds: int) -> None:  # type: ignore[override]
        if iterable or kwds:  # (an object entering with no counters updates with nothing)
            _counters_changed()
            super().update(iterable, **kwds)

    def subtract(self, iterable: Any = None, /, **kwds: int) -> None:  # type: ignore[override]
        _counters_changed()
        super().subtract(iterable, **kwds)

    def pop(self, *args: Any) -> Any:
        _counters_changed()
        return super().pop(*args)

    def popitem(self) -> tuple[str, int]:
        _counters_changed()
        return super().popitem()

    def setdefault(self, key: str, default: int = 0) -> int:  # type: ignore[override]
        _counters_changed()
        return super().setdefault(key, default)

    def __ior__(self, other: Any) -> Counters:  # type: ignore[override,misc]
        _counters_changed()
        return super().__ior__(other)  # type: ignore[return-value]

    def __iadd__(self, other: Any) -> Counters:  # type: ignore[override,misc]
        _counters_changed()
        return super().__iadd__(other)  # type: ignore[return-value]

    def __isub__(self, other: Any) -> Counters:  # type: ignore[override,misc]
        _counters_changed()
        return super().__isub__(other)  # type: ignore[return-value]

    def __iand__(self, other: Any) -> Counters:  # type: ignore[override,misc]
        _counters_changed()
        return super().__iand__(other)  # type: ignore[return-value]


def _new_counters() -> Counters:
    return Counters.__new__(Counters)  # (as _new_counter)


def _as_counters(value: Any) -> Counters:
    """Counters given to an object as another mapping, made :class:`Counters`: a Counter
    becomes one (the same object, so whoever holds it changes the object's counters, recorded),
    any other mapping is copied into one."""
    if type(value) is Counter:
        value.__class__ = Counters  # the same layout: Counters only adds methods
        return value  # type: ignore[return-value]
    return Counters(value)


class _Versioned:
    """Gives :class:`GameObject` its ``version`` slot: no field (not compared, shown, saved,
    copied or given to the constructor), read only while the object is watched."""

    __slots__ = ("version",)
    version: int


@dataclass(slots=True, eq=False)
class GameObject(_Versioned):
    """A card, token or emblem in a zone, with its status (110.5) kept apart from its
    copiable values (707.2).

    Whether it changed since it was last looked at can be told at once (the layers remember
    their views by it: characteristics._world). :func:`watch` makes it a watched object (its
    class becomes :class:`WatchedObject`, the same object in every other way) with a new
    ``version``; the first store of any field stops the watch and, for an object in play,
    renews :data:`written_version` (``__setattr__``: no change, a test's assignment
    included, can be forgotten), and the stores after it are plain ones, which cost nothing
    more (a store
    through a Python ``__setattr__`` costs ~3,000 instructions, ~6 times a plain one: every
    store recorded was measured slower than the memo key it saves). So a watched object whose
    version is what it was has every field as it was; its counters change in place, as
    :class:`Counters`, whose changes renew :data:`counters_version`. A new object and a copy
    are not watched. (Code that reads objects of both classes is a little slower: Python
    specializes an attribute read for one class.)"""

    id: str
    owner: str
    controller: str
    zone: str
    card: CardDef | None = None
    token_values: Characteristics | None = None  # a token's values, set by its creating effect
    emblem_values: Characteristics | None = None
    copy_values: Characteristics | None = None  # layer 1: what a copy effect made it (707.2)
    copy_of: str | None = None  # id of the object it copied, for people to see
    #: the copy effect's exceptions (707.9), already part of its copiable values; kept to show
    #: them, and for 707.9e (what the copy enters with)
    copy_except: CopyExceptions | None = None
    zcc: int = 0
    timestamp: int = 0
    tapped: bool = False
    face_down: bool = False
    face: int = 0  # on the stack: the face or half cast (709.3, 712.11, 715.3)
    counters: Counter = field(default_factory=_new_counters)
    damage: int = 0
    deathtouched: bool = False  # dealt damage by a source with deathtouch (704.5h)
    attached_to: str | None = None
    entered_turn: int | None = None
    under_control_since_turn: int | None = None
    x: int = 0  # on the stack: the value of X (107.3)
    # The object as it last existed on the battlefield or the stack, before it left (its zcc
    # says which object that was): the last known information an ability reads (113.7a,
    # 608.2h). A characteristics.View, immutable.
    last_known: View | None = None

    def __eq__(self, other: object) -> bool:
        """Field by field, watched or not (the dataclass's own would compare classes)."""
        if not isinstance(other, GameObject):
            return NotImplemented
        return same_counts(self.counters, other.counters) \
            and _fields_but_counters(self) == _fields_but_counters(other)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied by ``copy``) as its class and fields: not watched."""
        return GameObject, _object_fields(self)

    def copy(self) -> GameObject:
        """The same object, to change apart: every field as it is (immutable or a plain
        value) but the one mutable one, the counters. Not watched."""
        return _copy_object(self)

    @property
    def is_token(self) -> bool:
        return self.token_values is not None

    @property
    def is_emblem(self) -> bool:
        return self.emblem_values is not None

    def copiable_values(self) -> Characteristics:
        """Layer 1 (613.2a, 707.2, 707.3): a copy's values, or what was printed or created."""
        if self.copy_values is not None:
            return self.copy_values
        if self.token_values is not None:
            return self.token_values
        if self.emblem_values is not None:
            return self.emblem_values
        card = self.card
        assert card is not None
        if card.layout == "normal":  # (most cards: their one face, as characteristics() says)
            return card.faces[0]
        if self.zone == "stack":  # the face or half cast (709.3, 712.11, 715.3)
            return card.faces[self.face]
        return card.characteristics()


#: 708.2a: a permanent face down that nothing gave other characteristics: a 2/2 creature with
#: no text, no name, no subtypes and no mana cost. These are its copiable values (707.2: a
#: Clone entering as a copy of it is such a 2/2, face up).
FACE_DOWN_PERMANENT = Characteristics(name="", name_fr="", card_types=("creature",), power=2,
                                      toughness=2)
#: 708.2: a face-down card elsewhere (exiled face down, 406.3) has no characteristics.
NO_CHARACTERISTICS = Characteristics(name="", name_fr="")


def shown_values(obj: GameObject) -> Characteristics:
    """The copiable values an object has now (layer 1, 613.2a): its face-down values if it is
    face down (708.2, 708.10), else :meth:`GameObject.copiable_values`."""
    if obj.face_down:
        return FACE_DOWN_PERMANENT if obj.zone == "battlefield" else NO_CHARACTERISTICS
    return obj.copiable_values()


class WatchedObject(GameObject):
    """A :class:`GameObject` being watched (:func:`watch`): the first store of a field makes
    it a plain one again, whose ``version`` no longer counts. Only its class tells them
    apart (shown, compared and pickled as a GameObject)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        global written_version
        if getattr(self, "zone", "battlefield") in _IN_PLAY:  # (none yet: being made)
            # Only objects in play make the layers' views (characteristics._recorded): a
            # watched card in a hand or a library (keyframes watch every object) changes none
            written_version = _next_version()
        _set(self, "__class__", GameObject)  # the watch stops: the object changes
        _set(self, name, value)


#: The zones whose objects the layers' views are made from (characteristics._world).
_IN_PLAY = frozenset({"battlefield", "command"})


WatchedObject.__qualname__ = GameObject.__qualname__  # (a dataclass's repr shows its class)


def watch(obj: GameObject) -> None:
    """Watch the object from now on (see :class:`GameObject`): a new version, kept until a
    field is stored. Its counters become :class:`Counters` if they were given as another
    mapping, so that their changes in place are recorded too."""
    if type(obj) is not WatchedObject:
        if type(obj.counters) is not Counters:
            obj.counters = _as_counters(obj.counters)
        obj.version = _next_version()  # type: ignore[misc]  # (the slot of _Versioned)
        obj.__class__ = WatchedObject


_object_fields = operator.attrgetter(*GameObject.__dataclass_fields__)
#: What :meth:`GameObject.__eq__` compares after the counters (compared by same_counts)
_fields_but_counters = operator.attrgetter(
    *(name for name in GameObject.__dataclass_fields__ if name != "counters"))


def _copy_counter(counter: Counter) -> Counter:
    """A copy of a Counter (or of :class:`Counters`, as one), filled by ``dict.update`` (in
    C): ``Counter(counter)`` goes through Counter.update in Python, the costliest part of
    copying a small board. (Filling a new one changes no object's counters.)"""
    new: Counter = Counter.__new__(type(counter))  # empty: Counter.__init__ only fills it
    if counter:  # most objects have none
        dict.update(new, counter)
    return new


#: keyframes copy every object of the board: field by field, not through the constructor,
#: with counters of its own (its one mutable field)
_copy_object = field_copier(GameObject, counters=_copy_counter)
_copy_player = field_copier(Player, mana_pool=_copy_counter)


@frozen
class TriggerMemory:
    """What a triggered ability remembers of the event that triggered it, apart from anything
    paid: its source as it last existed and that source's X (608.2h), the object the event was
    about as it was (603.10a), what the event was (for the ability's questions), and the stack
    object it triggered on ("copy that ability"). Frozen: a copy shares it (707.10)."""

    source: View | None = None  # last known information of the source
    source_x: int = 0
    event_object: View | None = None  # as the event saw it
    event_text: Name | MessageName | None = None  # written out when read (MessageName)
    event_item: str | None = None  # the stack id of an activated ability it triggered on
    event_player: str | None = None  # the event's player: "that player" (603.2)
    #: the objects a delayed triggered ability refers to ("sacrifice it", "return that card"),
    #: each as the object it was when the ability was created (603.7c, 400.7)
    objects: tuple[Ref, ...] = ()


@frozen(order=True)
class Link:
    """Linked abilities (607.2a): the object they come from, as it was (its zone-change count:
    once it leaves, it is a new object, 400.7), and the label the abilities share. A copy of
    the exiling ability has the same source, so it is linked too (607.3, 707.10b)."""

    source: str
    zcc: int
    label: str

    def __str__(self) -> str:
        return f"{self.source}#{self.zcc}:{self.label}"


@frozen(order=True)
class LinkedCard:
    """A card a linked ability exiled, as that object (a card that left exile is a new object
    no ability is linked to, 400.7)."""

    id: str
    zcc: int

    def __str__(self) -> str:
        return f"{self.id}#{self.zcc}"


@frozen
class Payment:
    """What was paid to cast a spell or activate an ability (601.2b, 601.2h, 602.2b): the
    permanent sacrificed as a cost (as it last existed, 608.2h: "the sacrificed creature's
    power"), the alternative cost chosen (118.9) and the additional costs paid (118.8: kicker).
    A copy has the same payments (707.10), though it paid nothing."""

    sacrificed: View | None = None
    alternative_cost: str | None = None
    additional_costs: tuple[str, ...] = ()

    #: the payments an amount may read ("sacrificed.power"): see :meth:`get`
    READABLE = ("sacrificed",)

    def get(self, key: str) -> Any:
        """A payment by name, for an amount such as ``sacrificed.power`` (None if not paid)."""
        if key not in self.READABLE:
            raise KeyError(key)
        return getattr(self, key)


@frozen
class Shield:
    """A replacement or prevention effect that a resolved spell or ability created (614.1,
    615.1): it waits for the event it watches, and lasts until used up or until its duration
    ends (614.3, 615.3). ``remaining``: what is left of "prevent the next N damage" (615.7);
    None for "prevent all". ``to``: the one player or object it shields, if any."""

    id: str
    word: str
    params: tuple[tuple[str, Any], ...]
    controller: str
    source_name: Name
    text: Name
    until: str | None = "end_of_turn"
    remaining: int | None = None
    to: Ref | None = None
    source: str = ""  # the id of the object whose spell or ability made it


@frozen
class StackItem:
    """A spell or ability on the stack (113.1c, 405), with every decision made for it.

    A copy (707.10) has ``copy_of`` set and the same decisions; choices made on resolution are
    not stored here, so each copy makes its own. What was paid (``paid``, copied by 707.10) is
    kept apart from what a triggered ability remembers (``remembers``, 603.10a, 608.2h).

    Frozen: a decision made for it (a mode, targets, X, a payment) makes a new stack object
    that takes its place on the stack (:meth:`State.put_back`), so snapshots can share it.
    """

    id: str
    kind: str  # spell | activated | triggered
    controller: str
    source_id: str  # the card itself for a spell; the ability's source otherwise (113.7)
    source_zcc: int
    source_name: str
    source_name_fr: str
    ability: AbilityDef | None = None  # None for a permanent spell without a spell ability
    mode: int | None = None  # index into ability.modes, when modal (700.2)
    targets: tuple[tuple[Ref, ...], ...] = ()  # one tuple per target slot
    division: tuple[int, ...] | None = None  # amounts per target of the first slot (601.2d)
    x: int = 0
    paid: Payment = Payment()  # what was paid (707.10: copied)
    remembers: TriggerMemory = TriggerMemory()  # a triggered ability's look-back (603.10a)
    is_copy: bool = False
    copy_of: str | None = None
    trigger_event: str | None = None
    instance: tuple[int, int] | None = None  # (n, of) for additional triggers (603.2d)
    added_by: tuple[str, ...] = ()
    without_paying: bool = False

    @property
    def is_ability(self) -> bool:
        return self.kind in ("activated", "triggered")


@frozen
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (603.3): the
    event that triggered it and what it remembers of it. Frozen: snapshots share it."""

    ability: AbilityDef
    source_id: str
    source_zcc: int
    source_name: str
    source_name_fr: str
    controller: str
    event: Event
    instance: tuple[int, int]
    added_by: tuple[str, ...] = ()
    remembers: TriggerMemory = TriggerMemory()

    @property
    def event_object(self) -> str | None:
        """The id of the object the event was about."""
        return self.event.object


@frozen
class DelayedTrigger:
    """A delayed triggered ability (603.7): created by a resolving spell or ability, it waits for
    its trigger event ("at the beginning of the next end step") and triggers only once, the
    next time the event happens (603.7b), after it was created (603.7a). Its source is the
    spell, or the source of the ability, that created it; its controller, who controlled that
    spell or ability as it resolved (603.7d, 603.7e). ``objects``: the particular objects it
    refers to, each as the object it was then (603.7c: once it leaves its zone it is a new
    object, 400.7, and the ability won't find it). Frozen: snapshots share it."""

    id: str
    ability: AbilityDef
    controller: str
    source_id: str
    source_zcc: int
    source_name: str
    source_name_fr: str
    objects: tuple[Ref, ...] = ()
    source: View | None = None  # the source as it was when the ability was created (608.2h)
    created_turn: int = 0
    this_turn: bool = False  # a stated duration (603.7b): it ends with the turn (514.2)


@frozen
class TriggerRecord:
    """One instance of a triggered ability that triggered (603.2), kept for the whole game:
    ``instance`` of ``of`` (603.2d, with the effects that ``added_by`` it), the kind of its
    event and the object the event was about, and the timeline step it triggered in."""

    source: str
    source_name: str
    ability: str
    keyword: str | None
    event: str
    event_object: str | None
    instance: int
    of: int
    added_by: tuple[str, ...]
    step: int
    delayed: bool = False  # a delayed triggered ability (603.7)


@dataclass(slots=True)
class Combat:
    """Who attacks whom and who blocks whom, during one combat phase (506-511).

    ``attackers`` maps each attacking creature to the player or planeswalker it attacks
    (508.1b); ``blockers`` maps each blocking creature to the attackers it blocks (509.1g);
    ``blocked`` lists the attackers that became blocked (509.1h), which stay blocked even if
    their blockers leave. ``damage_step`` is 1 or 2 once a combat damage step has begun: two
    happen when a creature has first strike or double strike (510.4); ``first_strikers`` are the
    creatures that had either as the first one began.
    """

    attackers: dict[str, str] = field(default_factory=dict)
    blockers: dict[str, list[str]] = field(default_factory=dict)
    blocked: list[str] = field(default_factory=list)
    any_attackers: bool = False  # declared or put onto the battlefield attacking (508.8)
    damage_step: int = 0
    two_damage_steps: bool = False
    first_strikers: list[str] = field(default_factory=list)

    def clone(self) -> Combat:
        return Combat(dict(self.attackers), {k: list(v) for k, v in self.blockers.items()},
                      list(self.blocked), self.any_attackers, self.damage_step,
                      self.two_damage_steps, list(self.first_strikers))

    def blockers_of(self, attacker: str) -> list[str]:
        """The creatures blocking ``attacker``, in the order they were declared."""
        return [b for b, attacked in self.blockers.items() if attacker in attacked]

    def remove(self, obj_id: str, creature: bool = True, attacked: bool = True) -> bool:
        """506.4: a creature removed from combat stops attacking or blocking; a planeswalker
        stops being attacked (its attackers go on attacking nothing, 506.4c). ``creature`` /
        ``attacked``: which of the two it stops being (506.4d: a blocking creature that is also
        a planeswalker being attacked and stops being only one of them stays the other).
        Returns whether it was either."""
        found = False
        if creature:
            found = obj_id in self.attackers or obj_id in self.blockers
            self.attackers.pop(obj_id, None)
            self.blockers.pop(obj_id, None)
            if obj_id in self.blocked:  # it stops being a blocked creature too
                self.blocked.remove(obj_id)
            for blocked in self.blockers.values():
                if obj_id in blocked:
                    blocked.remove(obj_id)
        if attacked:
            for attacker, defender in self.attackers.items():
                if defender == obj_id:
                    self.attackers[attacker] = ""
                    found = True
        return found

    def roles(self, obj_id: str) -> tuple[bool, bool]:
        """Whether ``obj_id`` is an attacking or blocking creature, and whether it is a
        planeswalker or battle being attacked (506.4d: a permanent may be both)."""
        return (obj_id in self.attackers or obj_id in self.blockers,
                obj_id in self.attackers.values())


@dataclass(slots=True)
class State:
    """Everything about a game at one moment. Copied with :meth:`snapshot` for keyframes,
    branches and rollbacks."""

    players: dict[str, Player]
    objects: dict[str, GameObject] = field(default_factory=dict)
    zones: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    stack: list[StackItem] = field(default_factory=list)  # bottom first
    pending: list[PendingTrigger] = field(default_factory=list)
    #: continuous effects of resolved spells and abilities (611.2); statics' are not kept
    effects: list[ContinuousEffect] = field(default_factory=list)
    #: replacement and prevention effects of resolved spells and abilities (614.1, 615.1)
    shields: list[Shield] = field(default_factory=list)
    #: delayed triggered abilities waiting for their trigger event (603.7)
    delayed: list[DelayedTrigger] = field(default_factory=list)
    linked: dict[Link, list[LinkedCard]] = field(default_factory=dict)  # 607: what each exiled
    turn: int = 1
    active: str = ""
    step: str = "main1"
    priority: str = ""
    passes: int = 0
    next_stack_id: int = 1
    next_timestamp: int = 1
    rng: random.Random = field(default_factory=lambda: seeded(0))
    resolved: list[str] = field(default_factory=list)  # ids of stack objects, in order
    triggered: list[TriggerRecord] = field(default_factory=list)  # every trigger instance
    #: spells and abilities that left the stack while a triggered ability waiting to resolve
    #: remembers them ("copy that spell"): each as it last existed on the stack (608.2h)
    left_stack: dict[str, StackItem] = field(default_factory=dict)
    game_over: bool = False  # all players but one (or all) lost (104.2a, 104.4a)
    #: players who lost, in order (104.3): a tuple, shared by snapshots as it is replaced
    lost: tuple[str, ...] = ()
    lands_played: int = 0  # by the active player this turn (305.2)
    #: players received priority in this cleanup step (514.3a): once all pass with an empty
    #: stack, another cleanup step begins rather than the next turn
    cleanup_again: bool = False
    #: players whose library the set-up lists, even empty: drawing from it when it is empty
    #: loses the game (121.4, 704.5b). Another player's library is one the scenario doesn't
    #: list: a draw from it happens, but no card is shown.
    libraries_listed: list[str] = field(default_factory=list)
    #: players who tried to draw from an empty library since state-based actions were last
    #: checked (121.4)
    drew_from_empty: list[str] = field(default_factory=list)
    #: cards the active player drew in this step (121.1): "except the first one they draw in
    #: each of their draw steps"
    drawn_in_step: int = 0
    #: ids of the tokens that exist, so 704.5d looks at tokens only, not at every object
    tokens: list[str] = field(default_factory=list)
    combat: Combat | None = None  # during the combat phase (506)
    # 606.3: (object id, zcc) -> the turn a loyalty ability of that permanent was activated
    loyalty_activated: dict[tuple[str, int], int] = field(default_factory=dict)

    def snapshot(self) -> State:
        """A copy to keep or to play on (a keyframe, a branch, a rollback): the containers,
        the players and the objects are copied; everything frozen (stack objects, waiting
        triggers, trigger records, views, card definitions) is shared, as it can't change.
        The random generator is shared too, copied only by :meth:`random` (few states are
        ever drawn from, and copying it was half the cost of a small board's snapshot).
        (Sharing the objects that didn't change with the last keyframe was tried: telling
        that one didn't change costs as much as copying it.) How each field is copied is
        said once, in :data:`_copy_state`."""
        return _copy_state(self)

    def keyframe(self, kept: Kept) -> State:
        """A copy to keep and read, never to play on (a keyframe, ``Step.keyframe``): as
        :meth:`snapshot`, but what didn't change since the last keyframe is not copied again:
        that keyframe's own is shared (keyframes never change, so two may share one).
        ``kept``, the game's own, holds the last keyframe, whose containers and players are
        shared when equal to this state's, and for each object the copy last made of it and
        the version it was watched at then (:func:`watch`): an object still watched at that
        version has had no field stored since, and its counters, which change in place, are
        compared. :meth:`snapshot` a keyframe to play on from it."""
        last = kept.last
        new = _copy_frame(self) if last is None else _share_frame(self, last)
        new.objects = _keyframe_objects(self.objects, kept.objects)
        kept.last = new
        return new

    def random(self) -> random.Random:
        """The seeded generator, to draw from (a shuffle): a copy of its own first, since
        snapshots share it. Read its position from :attr:`rng`; draw only through this."""
        self.rng = _copy_random(self.rng)
        return self.rng

    def zone(self, player: str | None, zone: str) -> list[str]:
        """The zone's list of ids, to change it (created when first needed)."""
        key = ((player or "") if zone in OWNED_ZONES else "", zone)
        ids = self.zones.get(key)
        if ids is None:  # (setdefault would make a list at every call)
            ids = self.zones[key] = []
        return ids

    def ids_in(self, player: str | None, zone: str) -> list[str]:
        """A copy of the zone's ids, to read: never creates a list, so looking at a game
        leaves it exactly as it was."""
        return list(self.zones.get(((player or "") if zone in OWNED_ZONES else "", zone), ()))

    def player_order(self) -> list[str]:
        """Players still in the game in turn order, starting with the active player (APNAP,
        101.4), or with the next one if the active player left the game (800.4a, 800.4j)."""
        names = sorted(self.players, key=lambda n: self.players[n].index)
        i = names.index(self.active) if self.active in names else 0
        order = names[i:] + names[:i]
        if self.lost:  # who lost a game that goes on left it (800.4a)
            return [p for p in order if not self.has_left(p)] or order
        return order

    def has_left(self, player: str) -> bool:
        """Did ``player`` leave the game (800.4a: they lost a game of three or more)?"""
        return player in self.lost and len(self.players) > 2

    def put_back(self, item: StackItem) -> StackItem:
        """Put ``item`` on the stack in place of the stack object with its id (a decision
        made for it is a new, frozen stack object); returns it."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].id == item.id:
                self.stack[i] = item
                return item
        raise ValueError(f"{item.id} is not on the stack")

    def note_left_stack(self, item: StackItem) -> None:
        """``item`` has just left the stack (resolved, countered, removed). A triggered ability
        that remembers it (it triggered on its casting or activation: "copy that spell") can
        still read it as it last existed (608.2h), so it is kept while one waits, and no
        longer."""
        if item.kind == "triggered" and not self.left_stack:
            return  # nothing remembers an ability that triggered; nothing to forget
        remembered = {p.remembers.event_item for p in self.pending} | \
            {it.remembers.event_item for it in self.stack}
        if item.kind != "triggered" and item.id in remembered:
            self.left_stack[item.id] = item
        if any(k not in remembered for k in self.left_stack):
            self.left_stack = {k: v for k, v in self.left_stack.items() if k in remembered}

    def item(self, stack_id: str) -> StackItem | None:
        for it in self.stack:
            if it.id == stack_id:
                return it
        return None


def _copy_players(players: dict[str, Player]) -> dict[str, Player]:
    return {name: _copy_player(p) for name, p in players.items()}


def _copy_objects(objects: dict[str, GameObject]) -> dict[str, GameObject]:
    return {i: _copy_object(o) for i, o in objects.items()}


def _copy_lists(lists: dict[Any, list[Any]]) -> dict[Any, list[Any]]:
    return {k: list(v) for k, v in lists.items()}


def _copy_combat(combat: Combat | None) -> Combat | None:
    return combat.clone() if combat is not None else None


#: :meth:`State.snapshot`: one function, field by field. The containers are copied; what they
#: hold is frozen and shared (stack objects, waiting triggers, effects, shields, delayed
#: triggers, trigger records, stack objects that left), but for players and objects, copied.
#: A field not named here is shared as it is: immutable values, the ``lost`` tuple, and the
#: random generator, shared until one of the two states draws from it (see random()).
_HOW: dict[str, Callable[[Any], Any]] = dict(
    players=_copy_players, objects=_copy_objects, zones=_copy_lists, stack=list,
    pending=list, effects=list, shields=list, delayed=list, linked=_copy_lists, resolved=list,
    triggered=list, left_stack=dict, tokens=list, libraries_listed=list, drew_from_empty=list,
    combat=_copy_combat, loyalty_activated=dict)
_copy_state = field_copier(State, **_HOW)
#: :meth:`State.keyframe`: the same, but for the objects, which it copies itself
_FRAME = {k: how for k, how in _HOW.items() if k != "objects"}
_copy_frame = field_copier(State, **_FRAME)

#: Two objects' counters hold the same counts: ``dict``'s comparison, in C (Counter's own, in
#: Python, also takes a count of 0 as no counter: a difference that only costs a copy here).
_same_counts = dict.__eq__


def _same_players(players: dict[str, Player], kept: dict[str, Player]) -> bool:
    """Are the players as they are in the last keyframe (``kept``)? Then it shares them.
    Every field of :class:`Player` is compared (tests/test_recording.py changes each one);
    the pools, mostly empty, by their counts."""
    if len(players) != len(kept):
        return False
    for name, a in players.items():
        b = kept.get(name)
        if b is None or a.life != b.life or a.index != b.index or a.name != b.name \
                or (a.mana_pool or b.mana_pool) and not _same_counts(a.mana_pool, b.mana_pool):
            return False
    return True


#: The state's containers that seldom change from one keyframe to the next (in the shipped
#: scenarios, one of them in about one keyframe out of ten): compared all at once first.
_SELDOM_CHANGED = ("pending", "effects", "shields", "delayed", "linked", "left_stack",
                   "libraries_listed", "drew_from_empty", "tokens", "loyalty_activated")
#: :meth:`State.keyframe` after the first: a container (or the players) equal to the last
#: keyframe's is that keyframe's own; most are (empty ones above all), and comparing costs
#: a fraction of copying
_share_frame = sharing_copier(State, {"players": _same_players}, _SELDOM_CHANGED, **_FRAME)


@dataclass(slots=True)
class Kept:
    """What a game's keyframes share (:meth:`State.keyframe`): the last keyframe, and for each
    object the copy last made of it and the version it was watched at then."""

    last: State | None = None
    objects: dict[str, tuple[int, GameObject]] = field(default_factory=dict)


def _keyframe_objects(objects: dict[str, GameObject], kept: dict[str, tuple[int, GameObject]]
                      ) -> dict[str, GameObject]:
    """The objects of a keyframe (:meth:`State.keyframe`): the last copy of each one that
    didn't change since, a new copy of the others (each then watched, and kept)."""
    copies = {}
    for i, obj in objects.items():
        last = kept.get(i)
        if last is not None and type(obj) is WatchedObject and obj.version == last[0]:
            shared = last[1]  # (most objects have no counters: nothing to compare)
            if not (obj.counters or shared.counters) \
                    or _same_counts(obj.counters, shared.counters):
                copies[i] = shared
                continue
        copy = copies[i] = _copy_object(obj)
        watch(obj)
        kept[i] = (obj.version, copy)
    return copies


def _copy_random(rng: random.Random) -> random.Random:
    """The generator in the same state. ``random.Random()`` would first seed itself from the
    system's entropy (a third of the cost of a small board's snapshot): made without it."""
    new = random.Random.__new__(random.Random)
    new.setstate(rng.getstate())
    return new


class SeededRandom(random.Random):
    """The generator every new game with one seed starts with (:func:`seeded`): one per seed,
    shared by those games as a state's snapshots share theirs, since the engine draws only
    through :meth:`State.random`, which gives the state its own copy first. Seeding one costs
    half as much as the rest of a new game. Drawing from it, or seeding it again, is
    refused: that would move every game sharing it. Pickled and copied as a plain generator."""

    def __init__(self, seed: int) -> None:
        super().seed(seed)  # (random.Random's __init__ would call the refused seed())

    def _refused(self, *args: Any, **kwargs: Any) -> Any:
        raise ValueError("this generator is shared by every new game with its seed: draw "
                         "through State.random(), which gives the state its own copy")

    random = getrandbits = seed = setstate = _refused  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Any, ...]:
        return random.Random, (), random.Random.getstate(self)


def seeded(seed: Any) -> random.Random:
    """A new game's generator for ``seed``: for a whole number, the one every such game
    shares (:class:`SeededRandom`); for any other seed ``random.Random`` takes, a new one."""
    return _shared_generator(seed) if type(seed) is int else random.Random(seed)


@functools.cache
def _shared_generator(seed: int) -> SeededRandom:
    return SeededRandom(seed)


#: Letters that are no letter plus accents, written out (Æther, Œil, Straße).
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ß": "ss", "ø": "o", "đ": "d", "ł": "l"})


@functools.lru_cache(maxsize=4096)  # a pure function of card names, asked again in each set-up
def slug(name: str) -> str:
    """A readable id from a name: ``"Sakashima's Protege"`` → ``sakashimas-protege``; accents
    are dropped, not their letters (``"Élan feuillu"`` → ``elan-feuillu``, not ``lan-feuillu``).
    """
    text = name.lower()
    if not text.isascii():
        import unicodedata  # only for such names: a check imports no more than it needs

        text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
        text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[^a-z0-9]+", "-", text.replace("'", "")).strip("-")
    return text or "object"
