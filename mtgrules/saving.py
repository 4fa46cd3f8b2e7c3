"""A moment of a game written out as a scenario set-up, and read back (python-chess's FEN, Forge's
puzzle files): :meth:`mtgrules.Game.to_scenario` writes it, the scenario loader reads it.

Every part of the :class:`~mtgrules.objects.State` has a writer and a reader here, in one
registry, so a new kind of state is written out by adding an entry, not by growing one function:

- :data:`STATE_PARTS` maps each field of ``State`` to a :class:`Part` (its set-up key, how it is
  written, how it is read). A field without a part is a test failure (tests/test_saving.py).
- :data:`OBJECT_PARTS` does the same for each field of ``GameObject`` (an object's set-up keys).
- :func:`encode` / :func:`decode` write any other value the state holds (a frozen dataclass such as
  ``View`` or ``TriggerMemory``, a tuple, a ``Counter``...). Dataclasses and named tuples are
  written field by field under a tag (``{"!View": {...}}``) once their class is in
  :data:`VALUE_TYPES` (:func:`register`); a card's characteristics and abilities are written as a
  reference to the catalog (``{"!chars": "Grizzly Bears"}``), field by field only when no card
  has them.

The round trip is exact: for every step of every shipped scenario, the set-up written for it
loads into a game whose state equals that step's (tests/test_saving.py).

>>> from mtgrules import Game, catalog
>>> game = Game(["alice", "bob"])
>>> _ = game.add(catalog()["Grizzly Bears"], "battlefield", "alice", tapped=True)
>>> game.start()
>>> from pprint import pp
>>> setup = game.scenario_data(0)["setup"]
>>> pp(setup, width=90)
{'turn': 1,
 'active': 'alice',
 'step': 'main1',
 'alice': {'life': 20,
           'battlefield': [{'card': 'Grizzly Bears',
                            'id': 'grizzly-bears',
                            'tapped': True,
                            'timestamp': 2,
                            'entered_turn': 0,
                            'controlled_since': 0}]},
 'bob': {'life': 20},
 'priority': 'alice',
 'record': {'next_timestamp': 2}}
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import random
import re
import sys
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from .abilities import (
    AbilityDef,
    CardDef,
    Characteristics,
    Cost,
    Mode,
    TargetSpec,
    TriggerSpec,
    parse_characteristics,
    thaw,
)
from .characteristics import View
from .data import Node
from .mana import ManaCost, format_pool, parse_pool
from .objects import (
    EXACT_OBJECT_KEYS,
    OWNED_ZONES,
    STEPS,
    ZONES,
    Combat,
    GameObject,
    Link,
    LinkedCard,
    PendingTrigger,
    Ref,
    StackItem,
    State,
    TriggerMemory,
    TriggerRecord,
)
from .text import MessageName, Name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

# --- values: tagged, exact ----------------------------------------------------------------------

#: Classes written field by field under their tag (``{"!View": {...}}``). A new frozen dataclass
#: (or named tuple) kept in the state is registered here with :func:`register`.
VALUE_TYPES: dict[str, type] = {}
_TYPES_CACHE: dict[str, Any] = {}


def register(cls: type, tag: str | None = None) -> type:
    """Let values of ``cls`` (a dataclass or a named tuple) be written out and read back."""
    VALUE_TYPES[tag or cls.__name__] = cls
    _TYPES_CACHE.clear()
    return cls


for _cls in (View, TriggerMemory, Ref, Link, LinkedCard, Name, Combat, StackItem, PendingTrigger,
             TriggerRecord, Cost, Mode, TargetSpec, TriggerSpec):
    register(_cls)


def value_types() -> dict[str, type]:
    """The classes a saved value may name: those registered, then every dataclass and named
    tuple the engine's modules define (an event kind, a payment, a continuous effect...), so
    a new frozen record is written out and read back with nothing to add here. Looked up among
    the modules already imported (importing mtgrules imports the engine), never imported."""
    names = sorted(n for n in sys.modules if n == "mtgrules" or n.startswith("mtgrules."))
    key = len(names)
    if _TYPES_CACHE.get("key") != key:
        found: dict[str, type] = {}
        for name in names:
            for cls in list(vars(sys.modules[name]).values()):
                if isinstance(cls, type) and cls.__module__ == name and (
                        dataclasses.is_dataclass(cls) or hasattr(cls, "_fields")):
                    found.setdefault(cls.__name__, cls)
        types = {**found, **VALUE_TYPES}
        _TYPES_CACHE.update(key=key, types=types, tags={c: t for t, c in types.items()})
    return _TYPES_CACHE["types"]


def _tag_of(cls: type) -> str | None:
    value_types()
    return _TYPES_CACHE["tags"].get(cls)


class Cards:
    """References into a catalog: each card's characteristics (its faces and the tokens its
    abilities create) and every ability reachable from them, numbered in a fixed order, so a
    value of the state is written as ``["Gogo, Master of Mimicry", 2]`` and found again."""

    def __init__(self, catalog: Any):
        self.catalog = catalog
        #: the objects of the state being written or read (a stack object's source)
        self.objects: dict[str, GameObject] = {}
        self.chars: dict[str, list[Characteristics]] = {}
        self.abilities: dict[str, list[AbilityDef]] = {}
        self._chars_ref: dict[Any, list[Any]] = {}
        self._ability_ref: dict[Any, list[Any]] = {}
        for name in catalog:
            self._index(name, catalog[name])

    def _index(self, name: str, card: CardDef) -> None:
        whole = card.characteristics()
        chars = [whole, *(f for f in card.faces if f != whole)]
        abilities: list[AbilityDef] = []
        todo = list(chars)
        while todo:
            face = todo.pop(0)
            for ability in face.abilities:
                if ability in abilities:
                    continue
                abilities.append(ability)
                grant = ability.static_get("grant") if ability.kind == "static" else None
                if grant:
                    todo.append(Characteristics(name="", abilities=tuple(
                        dict(grant).get("abilities", ()))))
                for mode in ability.modes:
                    for effect, params in mode.effects:
                        token = dict(params).get("token") if effect == "create_token" else None
                        if token:
                            made = parse_characteristics(Node(thaw(token)), token=True)
                            chars.append(made)
                            todo.append(made)
        self.chars[name], self.abilities[name] = chars, abilities
        for i, c in enumerate(chars):
            self._chars_ref.setdefault(_key(c), [name, i])
        for i, a in enumerate(abilities):
            self._ability_ref.setdefault(_key(a), [name, i])

    def chars_ref(self, chars: Characteristics) -> list[Any] | None:
        return self._chars_ref.get(_key(chars))

    def ability_ref(self, ability: AbilityDef) -> list[Any] | None:
        return self._ability_ref.get(_key(ability))

    def card_name(self, card: CardDef) -> str:
        name = card.name
        if self.catalog.get(name) is not card and self.catalog.get(name) != card:
            raise ValueError(f"the card '{name}' is not in the catalog or the scenario's cards: "
                             "a saved game can name only cards it can find again")
        return name

    def find(self, table: dict[str, list[Any]], ref: Any, node: Node, what: str) -> Any:
        if isinstance(ref, str):
            ref = [ref, 0]
        if not (isinstance(ref, list) and len(ref) == 2 and isinstance(ref[1], int)):
            raise node.error(f"a reference to {what} is a card name, or [card name, number]")
        name, n = ref
        if name not in table:
            raise node.error(f"unknown card '{name}' (in a reference to {what})")
        if not 0 <= n < len(table[name]):
            raise node.error(f"'{name}' has no {what} number {n} (0 to {len(table[name]) - 1})")
        return table[name][n]


def cards_for(catalog: Any) -> Cards:
    """The references into ``catalog``, worked out once per catalog (kept on it)."""
    found = getattr(catalog, "_saving_cards", None)
    if found is None:
        found = Cards(catalog)
        with contextlib.suppress(AttributeError):  # a plain mapping: each time
            catalog._saving_cards = found
    return found


def _key(value: Any) -> Any:
    try:
        hash(value)
        return value
    except TypeError:
        return repr(value)


def encode(value: Any, cards: Cards) -> Any:
    """``value`` as plain YAML data that :func:`decode` reads back equal (same types)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, MessageName):  # saved as the Name it stands for
        value = value.name
    if isinstance(value, list):
        return [encode(v, cards) for v in value]
    if isinstance(value, Characteristics):
        ref = cards.chars_ref(value)
        if ref is not None:
            return {"!chars": ref[0] if ref[1] == 0 else ref}
        return {"!chars": _fields(value, cards)}
    if isinstance(value, AbilityDef):
        ref = cards.ability_ref(value)
        return {"!ability": ref if ref is not None else _fields(value, cards)}
    if isinstance(value, CardDef):
        return {"!card": cards.card_name(value)}
    if isinstance(value, ManaCost):
        return {"!mana": "".join(f"{{{s}}}" for s in value.symbols)}
    if isinstance(value, Counter):
        return {"!Counter": _mapping(value, cards)}
    if isinstance(value, MappingProxyType):
        return {"!mappingproxy": _mapping(value, cards)}
    tag = _tag_of(type(value))
    if tag is not None:
        return {f"!{tag}": _fields(value, cards)}
    if isinstance(value, tuple):
        return {"!tuple": [encode(v, cards) for v in value]}
    if isinstance(value, frozenset):
        return {"!frozenset": sorted(encode(v, cards) for v in value)}
    if isinstance(value, dict):
        if all(isinstance(k, str) and not k.startswith("!") for k in value):
            return {k: encode(v, cards) for k, v in value.items()}
        return {"!dict": [[encode(k, cards), encode(v, cards)] for k, v in value.items()]}
    raise TypeError(f"can't write out a {type(value).__name__} ({value!r:.80}): register its "
                    "class in mtgrules.saving (register) or give its state field a Part")


def _mapping(value: Any, cards: Cards) -> Any:
    if all(isinstance(k, str) for k in value):
        return {k: encode(v, cards) for k, v in value.items()}
    return [[encode(k, cards), encode(v, cards)] for k, v in value.items()]


def _fields(value: Any, cards: Cards) -> dict[str, Any]:
    """A dataclass's or named tuple's fields that differ from their defaults, each written as
    its declared type says (a tuple as a list, a record of a named class as its fields)."""
    out = {}
    kinds = _annotations(type(value))
    for name, default in _field_defaults(type(value)).items():
        v = getattr(value, name)
        if default is _REQUIRED or type(v) is not type(default) or v != default:
            out[name] = _encode_as(kinds.get(name, ""), v, cards)
    return out


#: Classes written their own way (by reference to the catalog), never field by field.
_BY_REFERENCE = ("Characteristics", "AbilityDef", "CardDef", "ManaCost")


def _record_class(kind: str) -> type | None:
    """The engine class a field's annotation names (``Modification``, ``View | None``)."""
    name = kind.replace(" | None", "").strip()
    cls = value_types().get(name) if name.isidentifier() and name not in _BY_REFERENCE else None
    return cls if cls is not None and dataclasses.is_dataclass(cls) else None


def _encode_as(kind: str, value: Any, cards: Cards) -> Any:
    if kind.startswith("tuple") and type(value) is tuple:
        inner = kind.startswith("tuple[tuple")
        return [[encode(x, cards) for x in v] if inner and type(v) is tuple
                else encode(v, cards) for v in value]
    cls = _record_class(kind)
    if cls is not None and type(value) is cls:
        return _fields(value, cards)
    return encode(value, cards)


def _decode_as(kind: str, data: Any, cards: Cards, node: Node) -> Any:
    if kind.startswith("tuple") and isinstance(data, list):
        inner = kind.startswith("tuple[tuple")
        return tuple(tuple(decode(x, cards, node[i][j]) for j, x in enumerate(v))
                     if inner and isinstance(v, list) else decode(v, cards, node[i])
                     for i, v in enumerate(data))
    cls = _record_class(kind)
    if cls is not None and isinstance(data, dict) and not any(
            isinstance(k, str) and k.startswith("!") for k in data):
        return _build(cls, data, cards, node)
    return decode(data, cards, node)


_REQUIRED = object()


_ANNOTATIONS: dict[type, dict[str, str]] = {}


def _annotations(cls: type) -> dict[str, str]:
    """Each field's declared type, as written (``tuple[str, ...]``, ``View | None``)."""
    found = _ANNOTATIONS.get(cls)
    if found is None:
        found = {f.name: f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
                 for f in dataclasses.fields(cls) if f.init} \
            if dataclasses.is_dataclass(cls) else {}
        _ANNOTATIONS[cls] = found
    return found


def _field_defaults(cls: type) -> dict[str, Any]:
    if dataclasses.is_dataclass(cls):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if not f.init or not f.compare:
                continue  # worked out by the class itself, or derived (Mode.parsed)
            if f.default is not dataclasses.MISSING:
                out[f.name] = f.default
            elif f.default_factory is not dataclasses.MISSING:
                out[f.name] = f.default_factory()
            else:
                out[f.name] = _REQUIRED
        return out
    defaults = getattr(cls, "_field_defaults", {})
    return {f: defaults.get(f, _REQUIRED) for f in cls._fields}  # type: ignore[attr-defined]


def decode(data: Any, cards: Cards, node: Node | None = None) -> Any:
    """Read back what :func:`encode` wrote; a bad value names its file, line and field."""
    node = node if node is not None else Node(data)
    if isinstance(data, list):
        return [decode(v, cards, node[i]) for i, v in enumerate(data)]
    if not isinstance(data, dict):
        return data
    tags = [k for k in data if isinstance(k, str) and k.startswith("!")]
    if not tags:
        return {k: decode(v, cards, node[k]) for k, v in data.items()}
    if len(data) != 1:
        raise node.error("a tagged value ('!View', '!tuple'...) is a mapping with that one key")
    tag = tags[0]
    body, where = data[tag], node[tag]
    if tag == "!chars":
        if isinstance(body, dict):
            return _build(Characteristics, body, cards, where)
        return cards.find(cards.chars, body, where, "characteristics")
    if tag == "!ability":
        if isinstance(body, dict):
            return _build(AbilityDef, body, cards, where)
        return cards.find(cards.abilities, body, where, "an ability")
    if tag == "!card":
        name = where.str()
        if name not in cards.catalog:
            raise where.error(f"unknown card '{name}'")
        return cards.catalog[name]
    if tag == "!mana":
        try:
            return ManaCost.parse(where.str())
        except ValueError as err:
            raise where.error(str(err)) from None
    simple: dict[str, Callable[[Any], Any]] = {
        "!tuple": tuple, "!frozenset": frozenset, "!Counter": Counter,
        "!mappingproxy": MappingProxyType, "!dict": lambda pairs: dict(map(tuple, pairs))}
    if tag in simple:
        inner = decode(body, cards, where)
        if tag in ("!Counter", "!mappingproxy") and isinstance(inner, list):
            inner = dict(map(tuple, inner))
        return simple[tag](inner)
    cls = value_types().get(tag[1:])
    if cls is None:
        raise where.error(f"unknown value type '{tag}' (known: !chars, !ability, !card, !mana, "
                          "!tuple, !frozenset, !Counter, !mappingproxy, !dict, "
                          + ", ".join(f"!{t}" for t in value_types()) + ")")
    return _build(cls, body, cards, where)


def _build(cls: type, body: Any, cards: Cards, node: Node,
           extra: dict[str, Any] | None = None) -> Any:
    node.mapping()
    known = _field_defaults(cls)
    node.mapping(set(known) - set(extra or ()))
    kinds = _annotations(cls)
    values = {k: _decode_as(kinds.get(k, ""), v, cards, node[k]) for k, v in body.items()}
    values.update(extra or {})
    missing = [k for k, d in known.items() if d is _REQUIRED and k not in values]
    if missing:
        raise node.error(f"a {cls.__name__} needs {', '.join(missing)}")
    try:
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise node.error(f"not a valid {cls.__name__}: {err}") from None


# --- the parts of a state -----------------------------------------------------------------------

@dataclass(frozen=True)
class Part:
    """One field of the state (or of an object) in a set-up: its key, how it is written (None:
    nothing to write, the reader's default is right) and how it is read back."""

    key: str
    write: Callable[[Any, Cards], Any]
    read: Callable[[Any, Node, Cards], Any]
    doc: str = ""


def _plain(value: Any, cards: Cards) -> Any:
    return encode(value, cards)


def _read_plain(value: Any, node: Node, cards: Cards) -> Any:
    return decode(value, cards, node)


def _int_part(key: str, doc: str, minimum: int = 0) -> Part:
    def read(value: Any, node: Node, cards: Cards) -> int:
        return node.int(minimum)
    return Part(key, lambda v, c: v if v != minimum else None, read, doc)


#: Each field of ``State`` and where it goes. ``players``, ``objects`` and ``zones`` are the
#: players' set-up (life, mana, their zones' objects); the rest are keys of ``setup:``
#: (``record`` keys go under ``setup.record``: what the game keeps track of, not what a player
#: sees). The key None means the field is written with the players' set-up.
STATE_PARTS: dict[str, Part | None] = {
    "players": None, "objects": None, "zones": None, "turn": None, "active": None,
    "step": None,
    "priority": Part("priority", lambda v, c: v, lambda v, n, c: n.str(),
                     "the player who has priority (117)"),
    "stack": Part("stack", lambda v, c: [_write_item(i, c) for i in v],
                  lambda v, n, c: [_read_item(x, c) for x in n.list()],
                  "the stack, bottom first: spells and abilities with every decision made"),
    "pending": Part("waiting_triggers", lambda v, c: [_write_pending(p, c) for p in v],
                    lambda v, n, c: [_read_pending(x, c) for x in n.list()],
                    "triggered abilities that triggered and wait to be put on the stack (603.3)"),
    "effects": Part("effects", lambda v, c: _write_records(State, "effects", v, c),
                    lambda v, n, c: _read_records(State, "effects", n, c),
                    "continuous effects in force (611, 613)"),
    "shields": Part("shields", lambda v, c: _write_records(State, "shields", v, c),
                    lambda v, n, c: _read_records(State, "shields", n, c),
                    "replacement and prevention effects of resolved spells and abilities "
                    "waiting for their event (614.1, 615.1: \"prevent the next 3 damage\")"),
    "delayed": Part("delayed", lambda v, c: _write_records(State, "delayed", v, c),
                    lambda v, n, c: _read_records(State, "delayed", n, c),
                    "delayed triggered abilities waiting for their trigger event (603.7): "
                    "\"at the beginning of the next end step, sacrifice it\""),
    "linked": Part("linked", lambda v, c: [{"source": k.source, "zcc": k.zcc, "label": k.label,
                                            "cards": [_linked_card(x) for x in cards_]}
                                           for k, cards_ in v.items()],
                   lambda v, n, c: _read_linked(n),
                   "cards exiled by linked abilities (607), by source and label"),
    "passes": _int_part("passes", "players who passed in succession with this stack (117.4)"),
    "libraries_listed": Part("libraries_listed", lambda v, c: list(v) or None,
                             lambda v, n, c: [x.str() for x in n.list()],
                             "players whose library the set-up lists, even empty (121.4, "
                             "704.5b); another's library is not listed: its draws show no card"),
    "drew_from_empty": Part("drew_from_empty", lambda v, c: list(v) or None,
                            lambda v, n, c: [x.str() for x in n.list()],
                            "players who tried to draw from an empty library since state-based "
                            "actions were last checked (121.4, 704.5b)"),
    "drawn_in_step": _int_part("drawn_in_step", "cards the active player drew in this step "
                                                 "(121.1)"),
    "lands_played": _int_part("lands_played", "lands the active player played this turn "
                                               "(305.2)"),
    "combat": Part("combat", lambda v, c: _fields(v, c) if v is not None else None,
                   lambda v, n, c: _build(Combat, v, c, n),
                   "who attacks whom, who blocks what, which combat damage step (506-511)"),
    "loyalty_activated": Part("loyalty_activated",
                              lambda v, c: [[i, z, t] for (i, z), t in v.items()],
                              lambda v, n, c: {(x[0].str(), x[1].int(0)): x[2].int(0)
                                               for x in (i.list() for i in n.list())},
                              "loyalty abilities activated this turn (606.3): [id, zcc, turn]"),
    "game_over": Part("game_over", lambda v, c: v or None, lambda v, n, c: n.bool(),
                      "the game is over (104)"),
    "cleanup_again": Part("cleanup_again", lambda v, c: v or None, lambda v, n, c: n.bool(),
                          "players received priority in this cleanup step: another one "
                          "follows (514.3a)"),
    "lost": Part("lost", lambda v, c: list(v) or None,
                 lambda v, n, c: tuple(i.str() for i in n.list()),
                 "players who lost, in order (104.3, 704.5a)"),
    # what the game keeps track of: under setup.record
    "next_stack_id": _int_part("next_stack_id", "the number of the next stack object", 1),
    "next_timestamp": _int_part("next_timestamp", "the last timestamp given (613.7)", 1),
    "rng": Part("random", lambda v, c: None, lambda v, n, c: n.int(0),
                "how far the seeded shuffler has gone (written by to_scenario)"),
    "resolved": Part("resolved", _plain, _read_plain, "stack objects resolved, in order"),
    "triggered": Part("triggered", _plain, _read_plain, "every trigger instance so far"),
    "tokens": Part("tokens", _plain, _read_plain, "the tokens that exist, in creation order"),
    "left_stack": Part("left_stack", lambda v, c: [_write_item(i, c) for i in v.values()],
                       lambda v, n, c: {it.id: it for it in (_read_item(x, c) for x in n.list())},
                       "spells and abilities that left the stack while a waiting triggered "
                       "ability remembers them, as they last existed there (608.2h)"),
}
#: Parts written under ``setup.record`` rather than ``setup``.
RECORD_FIELDS = ("next_stack_id", "next_timestamp", "rng", "resolved", "triggered", "tokens",
                 "left_stack", "libraries_listed")


def _element_kind(cls: type, field: str) -> str:
    kind = _annotations(cls).get(field, "")
    return kind[len("list["):-1] if kind.startswith("list[") else ""


def _write_records(cls: type, field: str, values: list[Any], cards: Cards) -> list[Any]:
    """A list field of records (``list[ContinuousEffect]``): each one as its fields."""
    return [_encode_as(_element_kind(cls, field), v, cards) for v in values]


def _read_records(cls: type, field: str, node: Node, cards: Cards) -> list[Any]:
    kind = _element_kind(cls, field)
    return [_decode_as(kind, item.value, cards, item) for item in node.list()]


def _linked_card(card: LinkedCard) -> Any:
    return card.id if card.zcc == 0 else [card.id, card.zcc]


def _read_linked(node: Node) -> dict[Link, list[LinkedCard]]:
    out: dict[Link, list[LinkedCard]] = {}
    for entry in node.list():
        entry.mapping({"source", "zcc", "label", "cards"}, required=("source", "label",
                                                                      "cards"))
        link = Link(entry["source"].str(), entry["zcc"].int(0) if entry.get("zcc") else 0,
                    entry["label"].str())
        cards = []
        for c in entry["cards"].list():
            cards.append(LinkedCard(c.str(), 0) if not c.is_list()
                         else LinkedCard(c[0].str(), c[1].int(0)))
        out[link] = cards
    return out


# Stack objects and waiting triggers: the fields a reader can work out are left out.

def _derived_source(source_id: str, cards: Cards) -> dict[str, Any]:
    """What a stack object or a waiting trigger says of its source, worked out from the source
    object of the set-up (left out of a saved file when it says the same)."""
    obj = cards.objects.get(source_id)
    if obj is None:
        return {}
    names = obj.copiable_values().names
    return {"source_zcc": obj.zcc, "source_name": names.en, "source_name_fr": names.fr}


def _without_derived(data: dict[str, Any], source_id: str, cards: Cards) -> dict[str, Any]:
    for key, value in _derived_source(source_id, cards).items():
        if data.get(key) == value:
            del data[key]
    return data


def _with_derived(body: dict[str, Any], node: Node, cards: Cards) -> dict[str, Any]:
    source = body.get("source_id")
    return {**_derived_source(str(source), cards), **body} if source is not None else body


def _write_item(item: StackItem, cards: Cards) -> dict[str, Any]:
    data = _without_derived(_fields(item, cards), item.source_id, cards)
    data["id"], data["kind"], data["controller"] = item.id, item.kind, item.controller
    data.pop("targets", None)
    if item.targets:
        data["targets"] = [[_ref_text(r) for r in slot] for slot in item.targets]
    return data


def _ref_text(ref: Ref) -> str:
    """``object:bears#2``: the zone-change count after the last '#', written also when it is
    0 if the id has a '#' of its own (``object:b#2#0``), so that the id reads back whole."""
    return f"{ref.kind}:{ref.id}" + (f"#{ref.zcc}" if ref.zcc or "#" in ref.id else "")


#: compiled on first use (by ``re``'s cache): only a saved moment's set-up reads targets
_REF = r"^(player|object|stack):(.+?)(?:#(\d+))?$"


def _read_ref(node: Node) -> Ref:
    m = re.match(_REF, node.str())
    if not m:
        raise node.error(f"a target is written kind:id or kind:id#zcc (player:bob, "
                         f"object:bears#1, stack:S2), not {node.value!r}")
    return Ref(m[1], m[2], int(m[3] or 0))


def _read_item(node: Node, cards: Cards) -> StackItem:
    body = dict(node.mapping().value)
    extra = {}
    if "targets" in body:
        del body["targets"]
        slots = [[_read_ref(r) for r in slot.list()] for slot in node["targets"].list()]
        # the container the stack object keeps its targets in (tuples once frozen)
        tuples = isinstance(_field_defaults(StackItem)["targets"], tuple)
        extra["targets"] = tuple(tuple(s) for s in slots) if tuples else slots
    body = _with_derived(body, node, cards)
    return _build(StackItem, body, cards, Node(body, node.file, node.line, node.field), extra)


def _write_pending(p: PendingTrigger, cards: Cards) -> dict[str, Any]:
    return _without_derived(_fields(p, cards), p.source_id, cards)


def _read_pending(node: Node, cards: Cards) -> PendingTrigger:
    body = _with_derived(dict(node.mapping().value), node, cards)
    return _build(PendingTrigger, body, cards, Node(body, node.file, node.line, node.field))


# Objects: their set-up keys.

def _chars_key(attr: str) -> Part:
    """An object's token, emblem or copy values: true for its card's own, a card name, or
    characteristics."""
    def write(obj: GameObject, cards: Cards) -> Any:
        value = getattr(obj, attr)
        if value is None:
            return None
        if obj.card is not None and attr != "copy_values" and value == obj.card.characteristics():
            return True
        enc = encode(value, cards)
        return enc["!chars"] if isinstance(enc["!chars"], str) else enc

    def read(value: Any, node: Node, cards: Cards) -> Any:
        if value is True:
            return True
        if isinstance(value, str):
            return cards.find(cards.chars, value, node, "characteristics")
        return decode(value, cards, node)
    return Part({"token_values": "token", "emblem_values": "emblem",
                 "copy_values": "copy"}[attr], write, read)


def _record_key(attr: str, key: str) -> Part:
    """An object's field holding an engine record (``CopyExceptions``...): its fields."""
    def write(obj: GameObject, cards: Cards) -> Any:
        value = getattr(obj, attr)
        return None if value is None else \
            _encode_as(_annotations(GameObject).get(attr, ""), value, cards)

    def read(value: Any, node: Node, cards: Cards) -> Any:
        return _decode_as(_annotations(GameObject).get(attr, ""), value, cards, node)
    return Part(key, write, read)


def _status(attr: str, key: str | None = None, doc: str = "") -> Part:
    default = _OBJECT_DEFAULTS[attr]

    def write(obj: GameObject, cards: Cards) -> Any:
        value = getattr(obj, attr)
        if value == default and type(value) is type(default):
            return None
        return dict(value) if isinstance(value, Counter) else value
    return Part(key or attr, write, lambda v, n, c: v, doc)


#: The defaults of ``GameObject``'s fields (worked out once: each status part compares with one).
_OBJECT_DEFAULTS = _field_defaults(GameObject)

#: Each field of ``GameObject`` and its set-up key (None: written another way: the object's
#: place in the set-up gives its zone and owner).
OBJECT_PARTS: dict[str, Part | None] = {
    "id": None, "owner": None, "zone": None, "card": None,
    "controller": Part("controller", lambda o, c: o.controller if o.controller != o.owner
                       else None, lambda v, n, c: v),
    "token_values": _chars_key("token_values"),
    "emblem_values": _chars_key("emblem_values"),
    "copy_values": _chars_key("copy_values"),
    "copy_of": _status("copy_of"),
    "copy_except": _record_key("copy_except", "copy_except"),
    "last_known": _record_key("last_known", "last_known"),
    "tapped": _status("tapped"), "face_down": _status("face_down"),
    "counters": _status("counters"), "damage": _status("damage"),
    "deathtouched": _status("deathtouched"), "attached_to": _status("attached_to"),
    "x": _status("x"), "face": _status("face"), "zcc": _status("zcc"),
    "timestamp": _status("timestamp"),
    "entered_turn": _status("entered_turn"),
    "under_control_since_turn": _status("under_control_since_turn", "controlled_since"),
}
# The object keys that are exact bookkeeping, applied after the object is set up, are
# objects.EXACT_OBJECT_KEYS: building a game that is not a saved moment's needs nothing here.


def write_object(obj: GameObject, cards: Cards) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if obj.card is not None:
        data["card"] = cards.card_name(obj.card)
    data["id"] = obj.id
    for _attr, part in OBJECT_PARTS.items():
        if part is None:
            continue
        value = part.write(obj, cards)
        if value is not None:
            data[part.key] = value
    if obj.card is None and "token" not in data and "emblem" not in data:
        raise ValueError(f"{obj.id} has neither a card nor token values: it can't be written")
    return data


def apply_object(obj: GameObject, options: dict[str, Any], node: Node, cards: Cards) -> None:
    """Set an object's exact bookkeeping keys (``zcc``, ``timestamp``, ``copy``...)."""
    by_key = {p.key: (attr, p) for attr, p in OBJECT_PARTS.items() if p is not None}
    for key in EXACT_OBJECT_KEYS:
        if key in options:
            attr, part = by_key[key]
            value = part.read(options[key], node[key], cards)
            setattr(obj, attr, value)


# --- writing a whole state ----------------------------------------------------------------------

def rebase_records(records: list[Any], offset: int) -> list[Any]:
    """Trigger records count steps in the game's timeline; a saved moment's game starts its own
    timeline there (its set-up is step 0), so a record made at step ``n`` is at ``n - offset``:
    negative for what happened before the set-up."""
    if not offset:
        return list(records)
    out = []
    for r in records:
        if isinstance(r, dict) and isinstance(r.get("step"), int):
            r = {**r, "step": r["step"] - offset}
        elif dataclasses.is_dataclass(r) and isinstance(getattr(r, "step", None), int):
            r = dataclasses.replace(r, step=getattr(r, "step") - offset)  # type: ignore[type-var]  # noqa: B009
        out.append(r)
    return out


#: What saving adds to the title a saved moment comes from (English, French): "What if: " for
#: a branch, ", step N" for the step saved; and the title of a game that had none.
_SAVED_TITLE = {"en": ("What if: ", ", step ", "Saved at step "),
                "fr": ("Et si : ", ", étape ", "Enregistré à l'étape ")}


def saved_title(base: str | None, index: int, what_if: bool, lang: str) -> str:
    """The title of the moment after step ``index`` saved from a game titled ``base``: what
    saving added to ``base`` (a game loaded from a saved moment) is said once, for this step,
    never again on each save and load ("Bears, step 6", not "Bears, step 2, step 6").

    >>> saved_title("What if: Bears, step 2", 6, False, "en")
    'What if: Bears, step 6'
    >>> saved_title("Enregistré à l'étape 2", 6, True, "fr")
    "Et si : Enregistré à l'étape 6"
    """
    prefix, step, untitled = _SAVED_TITLE[lang]
    title = re.sub(rf"{re.escape(step)}\d+$", "", base or "")
    branched = what_if or title.startswith(prefix)
    while title.startswith(prefix):
        title = title[len(prefix):]
    if not title or re.fullmatch(rf"{re.escape(untitled)}\d+", title):
        title = f"{untitled}{index}"
    else:
        title = f"{title}{step}{index}"
    return f"{prefix}{title}" if branched else title


def state_setup(state: State, cards: Cards, seed: int = 0, step: int = 0) -> dict[str, Any]:
    """The ``setup:`` of a scenario that plays back to ``state`` (the state after ``step``)
    exactly; only the trigger records' step numbers start again at the set-up
    (:func:`rebase_records`)."""
    missing = [f for f in state.__dataclass_fields__ if f not in STATE_PARTS]
    if missing:
        raise ValueError(f"no set-up part for the state's {', '.join(missing)}: add it to "
                         "mtgrules.saving.STATE_PARTS")
    cards.objects = state.objects
    setup: dict[str, Any] = {"turn": state.turn, "active": state.active, "step": state.step}
    record: dict[str, Any] = {}
    placed = set()
    players = sorted(state.players.values(), key=lambda p: p.index)
    for p in players:
        spec: dict[str, Any] = {"life": p.life}
        pool = format_pool(p.mana_pool)
        if p.mana_pool:
            spec["mana"] = pool if repr(parse_pool(pool)) == repr(p.mana_pool) \
                else encode(p.mana_pool, cards)
        for zone in ZONES:
            ids = [i for i in _zone_ids(state, p.name, zone)]
            if ids:
                spec[zone] = [write_object(state.objects[i], cards) for i in ids]
                placed.update(ids)
        setup[p.name] = spec
    # 111.7, 704.5d: a token that ceased to exist is in no zone; it is kept (its id is never
    # given again) and written as it is
    gone = [o for o in state.objects.values() if o.zone == "gone"]
    if gone:
        record["gone"] = [encode(o, cards) for o in gone]
        placed.update(o.id for o in gone)
    unplaced = [i for i in state.objects if i not in placed]
    if unplaced:
        raise ValueError(f"objects in no zone can't be written out: {', '.join(unplaced)}")
    order = {z: ids for z in ZONES if z not in OWNED_ZONES
             for ids in [state.ids_in(None, z)]
             if ids != [i for p in players for i in _zone_ids(state, p.name, z)]}
    for field, part in STATE_PARTS.items():
        if part is None:
            continue
        value = getattr(state, field)
        if field == "triggered":
            value = rebase_records(value, step)
        written = _rng_words(value, seed) if field == "rng" else part.write(value, cards)
        if written is None or (written in ([], {}) and field != "combat"):
            continue
        (record if field in RECORD_FIELDS else setup)[part.key] = written
    if order:
        record["order"] = order
    listed = [(zone, o["id"]) for p in players for zone in ZONES
              for o in setup[p.name].get(zone, ())]
    natural = [i for z, i in listed if z != "library"] + \
        [i for z, i in listed if z == "library"][::-1]
    if list(state.objects) != natural:
        record["objects"] = list(state.objects)  # the order they came into the game
    if record:
        setup["record"] = record
    return setup


def _zone_ids(state: State, player: str, zone: str) -> list[str]:
    """A player's objects in a zone, in the zone's order (a library top first)."""
    if zone in OWNED_ZONES:
        ids = state.ids_in(player, zone)
        return ids[::-1] if zone == "library" else ids
    return [i for i in state.ids_in(None, zone) if state.objects[i].owner == player]


#: How far :func:`_rng_words` looks for the shuffler's position (32-bit words drawn since the
#: seed). A game draws a few words per shuffle; this is far more than any scenario uses.
MAX_RANDOM_WORDS = 200_000


def _rng_words(rng: random.Random, seed: int) -> int | None:
    """How many 32-bit words the seeded generator has drawn: the set-up says ``random: N`` and
    the reader draws N words from the seed, which puts the generator exactly where it was."""
    target = rng.getstate()
    probe = random.Random(0)
    probe.seed(seed)
    for n in range(MAX_RANDOM_WORDS):
        state = probe.getstate()
        if state[1][-1] == target[1][-1] and state == target:
            return n or None
        probe.getrandbits(32)
    raise ValueError("the shuffler has drawn more than it can be written out")


def advance_rng(rng: random.Random, words: int) -> None:
    for _ in range(words):
        rng.getrandbits(32)


def dump(data: dict[str, Any]) -> str:
    """YAML text for scenario data: flow style for small mappings, no anchors or aliases.
    PyYAML is imported here, when a game is saved: a warm ``mtgrules check`` never needs it."""
    import yaml

    return yaml.dump(data, Dumper=_dumper(), sort_keys=False, allow_unicode=True, width=96,
                     default_flow_style=None)


@functools.cache
def _dumper() -> type:
    import yaml

    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml's: ten times faster

    class Dumper(base):  # type: ignore[valid-type,misc]
        def ignore_aliases(self, data: Any) -> bool:
            return True  # a value written twice is written out twice: the loader has no aliases

    def text(dumper: Any, value: str) -> Any:
        style = "|" if "\n" in value else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)

    Dumper.add_representer(str, text)
    return Dumper


# --- reading the new set-up keys into a game ----------------------------------------------------

def apply_state_parts(state: State, setup: Node, cards: Cards) -> None:
    """Read the set-up keys beyond the players' (stack, waiting triggers, combat...) into
    ``state``; each bad value names its file, line and field."""
    record = setup.get("record")
    cards.objects = state.objects
    # first: a stack object or a waiting trigger may have a token that ceased to exist as its
    # source (its name is then read from it, as the writer left it out)
    if record is not None and record.get("gone"):
        for entry in record["gone"].list():
            obj = decode(entry.value, cards, entry)
            if not isinstance(obj, GameObject) or obj.zone != "gone":
                raise entry.error("'gone' lists tokens that ceased to exist (704.5d), each a "
                                  "!GameObject in the zone 'gone'")
            state.objects[obj.id] = obj
    for field, part in STATE_PARTS.items():
        if part is None:
            continue
        holder = record if field in RECORD_FIELDS else setup
        node = holder.get(part.key) if holder is not None else None
        if node is None or field == "priority":
            continue
        if field == "rng":
            advance_rng(state.random(), node.int(0))
            continue
        setattr(state, field, part.read(node.value, node, cards))
    if record is None or record.get("next_stack_id") is None:
        # a stack written by hand (S1, S2) and no record: the next stack object is S3, never a
        # second S1
        numbers = [int(i.id[1:]) for i in state.stack if i.id[1:].isdigit()]
        state.next_stack_id = max([state.next_stack_id - 1, *numbers]) + 1
    if record is not None and record.get("order"):
        _apply_order(state, record["order"])
    if record is not None and record.get("objects"):
        ids = [i.str() for i in record["objects"].list()]
        if sorted(ids) != sorted(state.objects):
            raise record["objects"].error("the order of the objects must list each object of "
                                          "the set-up once")
        state.objects = {i: state.objects[i] for i in ids}


def _apply_order(state: State, node: Node) -> None:
    for zone, ids in node.mapping(set(ZONES) - set(OWNED_ZONES)).items():
        wanted = [i.str() for i in ids.list()]
        have = state.zone(None, str(zone))
        if sorted(wanted) != sorted(have):
            raise ids.error(f"the order of the {zone} must list exactly its objects: "
                            f"{', '.join(have)}")
        have[:] = wanted


def check_state(state: State, setup: Node, step: str) -> None:
    """Refuse a set-up no game could reach, naming the rule (the stack and combat keys)."""
    objects = state.objects
    where = setup.get("stack")
    for i, item in enumerate(state.stack):
        node = where[i] if where is not None else setup
        if item.kind == "spell" and not item.is_copy:
            obj = objects.get(item.source_id)
            if obj is None or obj.zone != "stack":
                _refuse(node, f"the spell {item.id} is a card on the stack: put '{item.source_id}'"
                        " in its owner's stack zone", "405.1")
        for slot in item.targets:
            for ref in slot:
                if ref.kind == "object" and ref.id not in objects:
                    _refuse(node, f"{item.id} targets '{ref.id}', which is not an object of the "
                            "set-up", "115.1")
                if ref.kind == "player" and ref.id not in state.players:
                    _refuse(node, f"{item.id} targets '{ref.id}', who is not a player", "115.1")
                if ref.kind == "stack" and state.item(ref.id) is None \
                        and not _left_the_stack(state, ref.id):
                    _refuse(node, f"{item.id} targets '{ref.id}', which is not on the stack",
                            "115.1")
        if item.x < 0:
            _refuse(node, f"X is at least 0 ({item.id} has X = {item.x})", "107.3")
    spells = {it.source_id for it in state.stack if it.kind == "spell"}
    for obj_id in state.zone(None, "stack"):
        if obj_id not in spells:
            _refuse(_object_node(setup, state.objects[obj_id]),
                    f"'{obj_id}' is in the stack zone but is no spell on the stack (give it a "
                    "stack object of kind spell, or put the card in another zone)", "405.1")
    combat = state.combat
    if combat is not None and (combat.blockers or combat.damage_step) \
            and step not in STEPS[6:9]:
        _refuse(setup.get("combat") or setup, "blockers and combat damage exist only from the "
                "declare blockers step to the end of combat step", "506.1")
    if combat is not None:
        for obj_id in [*combat.attackers, *combat.blockers]:
            obj = objects.get(obj_id)
            if obj is None or obj.zone != "battlefield":
                _refuse(setup.get("combat") or setup, f"'{obj_id}' is attacking or blocking but "
                        "is not a permanent on the battlefield", "506.4")
    if state.priority and state.priority not in state.players:
        _refuse(setup["priority"], f"'{state.priority}' is not a player", "117.1")


def _left_the_stack(state: State, stack_id: str) -> bool:
    """Was ``stack_id`` a stack object that has left the stack since (resolved, countered)?
    A spell targeting it waits with an illegal target (608.2b)."""
    number = stack_id[1:]
    return stack_id[:1] == "S" and number.isdigit() and int(number) < state.next_stack_id


def _object_node(setup: Node, obj: GameObject) -> Node:
    """Where the set-up lists an object (its owner's zone, by id or by card name)."""
    owner = setup.get(obj.owner)
    zone = owner.get(obj.zone) if owner is not None else None
    for entry in zone.list() if zone is not None else ():
        value = entry.value
        if (value.get("id") if isinstance(value, dict) else None) == obj.id:
            return entry
    return zone.list()[0] if zone is not None and zone.list() else setup


def _refuse(node: Node, message: str, rule: str) -> None:
    raise node.error(f"{message} ({rule})")


