"""Evaluating a scenario's checks against a game. Each returns (passed, actual, message)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..characteristics import View, compute
from ..game import Game
from ..objects import OWNED_ZONES, GameObject, StackItem
from ..text import MessageName, Name
from .model import Check

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    Result = tuple[bool, Any, str]


class Said(str):
    """A check's message: the string is the English, ``fr`` the French (a learner reads the
    report in either language)."""

    fr: str

    def __new__(cls, en: str, fr: str) -> Said:
        said = super().__new__(cls, en)
        said.fr = fr
        return said


def french(message: str) -> str:
    """The French of a check's message (a plain string has none: it is shown as it is)."""
    return getattr(message, "fr", message)


def _joined(parts: list[Said]) -> Said:
    if not parts:  # most checks pass: one empty message for them all
        return _PASSED
    return Said("; ".join(parts), " ; ".join(french(p) for p in parts))


_PASSED = Said("", "")


def _differs(key: str, want: Any, got: Any) -> Said:
    return Said(f"{key}: expected {want!r}, got {got!r}",
                f"{key} : attendu {want!r}, obtenu {got!r}")


def evaluate(game: Game, check: Check) -> Result:
    return CHECKS[check.kind](game, check.expected)


def _item_facts(game: Game, it: StackItem) -> dict[str, Any]:
    return {
        "id": it.id, "source": it.source_id, "name": it.source_name, "kind": it.kind,
        "controller": it.controller, "copy": it.is_copy, "copy_of": it.copy_of,
        "targets": [r.id for slot in it.targets for r in slot],
        "x": it.x, "mode": (it.mode + 1) if it.mode is not None else None,
        "division": list(it.division) if it.division else None,
        "keyword": it.ability.keyword if it.ability else None,
        "instance": list(it.instance) if it.instance else None,
    }


#: Object facts the rules treat as sets, so a check may list them in any order: an object's
#: card types, subtypes and supertypes ("artifact creature" or "creature artifact", 205.2a).
UNORDERED_FACTS = frozenset({"types", "subtypes", "supertypes"})


def _match(expected: Any, facts: dict[str, Any]) -> list[Said]:
    """Which expected fields differ from the facts (an expected string names the source id, the
    source name or the stack id; :data:`UNORDERED_FACTS` in any order)."""
    if isinstance(expected, str):
        ok = expected in (facts.get("id"), facts.get("source"), facts.get("name"))
        return [] if ok else [Said(f"expected {expected!r}", f"attendu {expected!r}")]
    bad = []
    for key, want in expected.items():
        if key not in facts:
            known = ", ".join(sorted(facts))
            bad.append(Said(f"unknown field '{key}' (known: {known})",
                            f"champ inconnu « {key} » (connus : {known})"))
        elif facts[key] != want and not (key in UNORDERED_FACTS and isinstance(want, list)
                                         and sorted(facts[key]) == sorted(want)):
            bad.append(_differs(key, want, facts[key]))
    return bad


def check_stack(game: Game, expected: list) -> Result:
    items = [_item_facts(game, it) for it in game.stack]
    if len(items) != len(expected):
        return False, [i["id"] + ":" + i["name"] for i in items], \
            Said(f"objects on the stack: expected {len(expected)}, found {len(items)}",
                 f"objets sur la pile : attendu {len(expected)}, trouvé {len(items)}")
    problems = [Said(f"#{n + 1} from the top: {p}", f"n° {n + 1} depuis le haut : {french(p)}")
                for n, (e, f) in enumerate(zip(expected, items, strict=True))
                for p in _match(e, f)]
    return not problems, items, _joined(problems)


def check_stack_size(game: Game, expected: int) -> Result:
    n = len(game.state.stack)
    return n == expected, n, ""


def check_stack_object(game: Game, expected: dict) -> Result:
    expected = dict(expected)
    sid = expected.pop("id")
    it = game.state.item(sid) if sid != "top" else (game.state.stack[-1] if game.state.stack
                                                      else None)
    if it is None:
        return False, None, Said(f"{sid} is not on the stack", f"{sid} n'est pas sur la pile")
    facts = _item_facts(game, it)
    problems = _match(expected, facts)
    return not problems, facts, _joined(problems)


def check_triggered(game: Game, expected: dict) -> Result:
    """How many instances of abilities of ``source`` triggered (in the game, or in the last
    action with ``in: last``), optionally for one event object, and which effects added them;
    without ``count`` (nor ``added_by``), that at least one did."""
    records = game.state.triggered
    if expected.get("in") == "last":
        last = len(game.timeline.steps) - 1
        records = [r for r in records if r.step == last]
    records = [r for r in records if r.source == expected["source"]]
    if "event_object" in expected:
        records = [r for r in records if r.event_object == expected["event_object"]]
    if "keyword" in expected:
        records = [r for r in records if r.keyword == expected["keyword"]]
    actual: dict[str, Any] = {"count": len(records)}
    problems = []
    if "count" in expected:
        if len(records) != expected["count"]:
            problems.append(_differs("count", expected["count"], len(records)))
    elif not records and "added_by" not in expected:
        # without a count it says "it triggered": at least once (else it could never fail)
        problems.append(Said("no instance triggered", "aucune occurrence ne s'est déclenchée"))
    if "added_by" in expected:
        added = sorted({a.split(" (")[-1].rstrip(")") for r in records for a in r.added_by})
        actual["added_by"] = added
        if added != sorted(expected["added_by"]):
            problems.append(_differs("added_by", sorted(expected["added_by"]), added))
    return not problems, actual, _joined(problems)


def check_resolved_order(game: Game, expected: list) -> Result:
    actual = list(game.state.resolved)
    return actual == list(expected), actual, ""


def check_zone(game: Game, expected: dict) -> Result:
    ids = zone_ids(game, expected["zone"], expected.get("player"))
    problems = []
    if "equals" in expected and not _same_contents(expected["zone"], ids, expected["equals"]):
        problems.append(Said(f"expected exactly {expected['equals']}",
                             f"attendu exactement {expected['equals']}"))
    for i in expected.get("contains", []):
        if i not in ids:
            problems.append(Said(f"{i} is missing", f"{i} n'y est pas"))
    for i in expected.get("not_contains", []):
        if i in ids:
            problems.append(Said(f"{i} should not be there", f"{i} ne devrait pas y être"))
    if "count" in expected and len(ids) != expected["count"]:
        problems.append(_differs("count", expected["count"], len(ids)))
    return not problems, ids, _joined(problems)


#: The zones whose order the rules keep: a library (401.2), a graveyard (404.2), the stack
#: (405.2). The battlefield, a hand (402.3: arranged "in any convenient fashion"), exile and
#: the command zone have none: there "exactly these" is a matter of which objects, never of
#: the order a file lists them in.
ORDERED_ZONES = ("library", "graveyard", "stack")


def _same_contents(zone: str, ids: list[str], expected: list[str]) -> bool:
    return ids == list(expected) if zone in ORDERED_ZONES else sorted(ids) == sorted(expected)


def zone_ids(game: Game, zone: str, player: str | None) -> list[str]:
    """The ids a zone check looks at. A library, hand or graveyard is its player's own; the
    other zones are shared by all players (400.1): there ``player`` keeps what that player
    controls on the battlefield or the stack (109.4: only there do objects have a controller),
    or owns in exile or the command zone (108.3): a check naming Carol with the battlefield is
    about Carol's permanents, never the whole battlefield."""
    if player is None or zone in OWNED_ZONES:
        return game.zone(player, zone)
    if zone == "stack":
        return [item.id for item in game.stack if item.controller == player]
    ids = game.zone(None, zone)
    if zone in CONTROLLED_ZONES:  # (the battlefield: as the layers make control)
        views = game.views()
        return [i for i in ids if views[i].controller == player]
    return [i for i in ids if game.obj(i).owner == player]


#: The shared zones where a zone check's ``player`` means what that player controls (109.4);
#: in exile and the command zone, what that player owns (:func:`zone_ids`).
CONTROLLED_ZONES = ("battlefield", "stack")


def check_life(game: Game, expected: dict) -> Result:
    actual = {p: game.player(p).life for p in expected}
    return actual == expected, actual, ""


#: What an object check can look at, each fact from the object, its view and the game.
OBJECT_FACTS: dict[str, Callable[[GameObject, View, Game], Any]] = {
    "id": lambda obj, v, game: obj.id,
    "name": lambda obj, v, game: v.chars.name,
    "zone": lambda obj, v, game: obj.zone,
    "controller": lambda obj, v, game: v.controller,
    "owner": lambda obj, v, game: obj.owner,
    "power": lambda obj, v, game: v.chars.power,
    "toughness": lambda obj, v, game: v.chars.toughness,
    "types": lambda obj, v, game: list(v.chars.card_types),
    "subtypes": lambda obj, v, game: list(v.chars.subtypes),
    "supertypes": lambda obj, v, game: list(v.chars.supertypes),
    "mana_value": lambda obj, v, game: v.chars.mana_value(
        obj.x if obj.zone == "stack" else 0),  # 202.3e
    "loyalty": lambda obj, v, game: _loyalty(obj, v),
    "tapped": lambda obj, v, game: obj.tapped,
    "token": lambda obj, v, game: obj.is_token,
    "counters": lambda obj, v, game: {k: n for k, n in obj.counters.items() if n},
    "attached_to": lambda obj, v, game: obj.attached_to,
    "copy_of": lambda obj, v, game: obj.copy_of,
    "face_down": lambda obj, v, game: obj.face_down,
    "keywords": lambda obj, v, game: sorted(v.chars.keywords()),
    "damage": lambda obj, v, game: obj.damage,
    "abilities": lambda obj, v, game: [a.kind for a in v.chars.abilities],
    "colors": lambda obj, v, game: sorted(v.chars.colors),
    "mana": lambda obj, v, game: _mana_made(v.chars.abilities),
    "entered_this_turn": lambda obj, v, game: obj.entered_turn == game.state.turn,
}


def _loyalty(obj: GameObject, v: View) -> int | None:
    """A planeswalker's loyalty: on the battlefield, the number of loyalty counters on it
    (306.5c: damage and loyalty costs change it); anywhere else, its printed number (306.5a)."""
    if obj.zone == "battlefield" and v.is_("planeswalker"):
        return obj.counters.get("loyalty", 0)
    return v.chars.loyalty


def object_facts(game: Game, obj_id: str, keys: Iterable[str] | None = None
                 ) -> dict[str, Any]:
    """What an object check can look at (:data:`OBJECT_FACTS`): all of it, or ``keys`` only
    (a check names one or two facts; working out all of them for each was a twentieth of
    playing a scenario)."""
    obj = game.obj(obj_id)
    v = compute(game.state, obj_id)
    wanted = OBJECT_FACTS if keys is None else keys
    return {k: OBJECT_FACTS[k](obj, v, game) for k in wanted}


def _mana_made(abilities: tuple) -> list[str]:
    """What its mana abilities add (605.1a), one entry each, sorted: ["{B}", "{G}"]. A land
    with a basic land type has that type's even when no text says so (305.6)."""
    return sorted(str(dict(params).get("mana")) for a in abilities if a.mana_ability
                  for mode in a.modes for name, params in mode.effects if name == "add_mana")


def check_object(game: Game, expected: dict) -> Result:
    expected = dict(expected)
    oid = expected.pop("id")
    if oid not in game.state.objects:
        return False, None, Said(f"there is no object {oid}", f"aucun objet {oid}")
    known = all(k in OBJECT_FACTS for k in expected)  # else the message lists every fact
    facts = object_facts(game, oid, expected if known else None)
    problems = _match(expected, facts)
    return not problems, {k: facts[k] for k in expected if k in facts}, _joined(problems)


def check_asked(game: Game, expected: dict) -> Result:
    """What a question offered (its legal answers) in the last action, or in any action."""
    steps = game.timeline.steps[-1:] if expected.get("in", "last") == "last" \
        else game.timeline.steps
    asked = [a for s in steps for a in s.answered if a.kind == expected["kind"]]
    if not asked and expected.get("count") != 0:  # count 0: "this was never asked"
        kind = expected["kind"]
        return False, [], Said(f"no '{kind}' question was asked",
                               f"aucune demande « {kind} » n'a été faite")
    options = sorted({o for a in asked for o in a.options})
    problems = [Said(f"{o} was not offered", f"{o} n'a pas été proposé")
                for o in expected.get("offered", []) if o not in options]
    problems += [Said(f"{o} was offered", f"{o} a été proposé")
                 for o in expected.get("not_offered", []) if o in options]
    if "count" in expected and len(asked) != expected["count"]:
        problems.append(Said(f"asked {len(asked)} times, expected {expected['count']}",
                             f"demandé {len(asked)} fois, attendu {expected['count']}"))
    return not problems, {"options": options, "times": len(asked)}, _joined(problems)


def check_linked(game: Game, expected: dict) -> Result:
    """The cards a linked ability exiled (607): ``source`` and ``count``."""
    source = game.state.objects.get(expected["source"])
    # 400.7, 607.2a: a permanent that left and came back is a new object, unlinked from what
    # the old one exiled.
    entries = [e.id for link, cards in game.state.linked.items()
               if source is not None and link.source == source.id and link.zcc == source.zcc
               for e in cards]
    ok = len(entries) == expected.get("count", len(entries))
    if "cards" in expected:
        ok = ok and sorted(entries) == sorted(expected["cards"])
    return ok, entries, ""


def check_delayed(game: Game, expected: dict) -> Result:
    """The delayed triggered abilities waiting for their event (603.7): ``count`` (of those
    from ``source``, if given) and the objects they refer to (``refers_to``, 603.7c)."""
    waiting = [d for d in game.state.delayed
               if "source" not in expected or d.source_id == expected["source"]]
    refers = sorted({r.id for d in waiting for r in d.objects})
    actual = {"count": len(waiting), "refers_to": refers}
    problems = []
    if len(waiting) != expected.get("count", len(waiting)):
        problems.append(_differs("count", expected["count"], len(waiting)))
    if "refers_to" in expected and refers != sorted(expected["refers_to"]):
        problems.append(_differs("refers_to", sorted(expected["refers_to"]), refers))
    return not problems, actual, _joined(problems)


def _param_is(value: Any, want: Any) -> bool:
    """A log parameter equals the expected value; a name matches its English or French."""
    if isinstance(value, (Name, MessageName)):  # (a MessageName writes the French only if
        return value.en == want or value.fr == want  # the English isn't it)
    return value == want or str(value) == str(want)


def check_log(game: Game, expected: dict) -> Result:
    """Log entries with a message ``key`` and the given parameters (``id: bears``, ``to_zone:
    exile``), in the last action or ``in: any``; at least one, or exactly ``count``. The log is
    what the players were shown, e.g. whether an exiled card was seen face up (406.3)."""
    steps = game.timeline.steps[-1:] if expected.get("in", "last") == "last" \
        else game.timeline.steps
    params = {k: v for k, v in expected.items() if k not in ("key", "in", "count")}
    key = expected["key"]
    found = [e for s in steps for e in s.entries if e.key == key
             and all(_param_is(e.get(k), v) for k, v in params.items())]
    actual = [e.text("en") for e in found]
    if "count" in expected:
        ok = len(found) == expected["count"]
        return ok, actual, "" if ok else _differs("count", expected["count"], len(found))
    return bool(found), actual, "" if found else Said(f"no '{key}' entry matches",
                                                      f"aucune entrée « {key} » ne correspond")


def combat_facts(game: Game) -> dict[str, Any]:
    """Who attacks whom (508.1), who blocks what (509.1g), which attackers are blocked
    (509.1h), and the step, as a check sees them."""
    c = game.state.combat
    return {
        "step": game.state.step,
        # an attacker whose planeswalker left combat attacks nothing (506.4c): null
        "attacking": {a: d or None for a, d in c.attackers.items()} if c else {},
        "blocking": {b: (a[0] if len(a) == 1 else list(a)) for b, a in c.blockers.items()}
        if c else {},
        "blocked": list(c.blocked) if c else [],
        "damage_step": c.damage_step if c else 0,
    }


def check_combat(game: Game, expected: dict) -> Result:
    facts = combat_facts(game)
    problems = _match(expected, facts)
    return not problems, {k: facts[k] for k in expected if k in facts}, "; ".join(problems)


CHECKS: dict[str, Callable[[Game, Any], Result]] = {
    "stack": check_stack, "stack_size": check_stack_size, "stack_object": check_stack_object,
    "triggered": check_triggered, "resolved_order": check_resolved_order, "zone": check_zone,
    "life": check_life, "object": check_object, "asked": check_asked, "linked": check_linked,
    "log": check_log, "combat": check_combat, "delayed": check_delayed,
}
