"""Reading and validating scenario files. Every problem names the file, the line and the field."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ..abilities import AbilityDef, CardDef
from ..cards import Catalog, catalog, read_cards
from ..choices import QUESTION_KINDS
from ..data import Node, load_yaml, read_text
from ..mana import parse_pool
from ..objects import STEPS, ZONES, reserved_id, slug
from ..rulings import is_rule_number, ruling_ids
from ..saving import EXACT_OBJECT_KEYS, RECORD_FIELDS, STATE_PARTS
from ..schema import validate
from ..schema.build import ACTIONS, CHECK_KINDS
from .model import Action, Check, SetupObject
from .references import STACK_ID, Known, check_references
from .runner import Scenario, build_game, saved_moment

ACTION_KEYS = frozenset(ACTIONS) | {"by", "ability", "answers", "error", "note", "note_fr"}
#: The script's actions a player takes, which `by` may name (the others are the game's or an
#: effect's: destroy, damage, next_step...).
BY_KINDS = ("cast", "activate", "play", "pass", "sacrifice")
CHECK_KEYS = frozenset(CHECK_KINDS) | {"ruling", "rulings", "rule", "rules", "note", "note_fr"}
SETUP_ZONES = ZONES
OBJECT_KEYS = frozenset({"card", "id", "tapped", "counters", "entered_this_turn", "attached_to",
                         "token", "emblem", "face_down", "attacking", "controller", "damage",
                         *EXACT_OBJECT_KEYS})
#: Set-up keys beside the players' (the stack, waiting triggers, combat, ...: saving.py).
STATE_KEYS = frozenset(p.key for f, p in STATE_PARTS.items()
                       if p is not None and f not in RECORD_FIELDS)
RECORD_KEYS = frozenset(p.key for f, p in STATE_PARTS.items()
                        if p is not None and f in RECORD_FIELDS) | {"order", "objects", "gone"}


def load_scenario(path: str | Path, catalog_: Catalog | None = None) -> Scenario:
    path = Path(path)
    text = read_text(path)
    return parse_scenario(text, file=str(path), scenario_id=path.stem, catalog_=catalog_)


def parse_scenario(text: str, *, file: str | None = None, scenario_id: str = "scenario",
                   catalog_: Catalog | None = None) -> Scenario:
    """Read scenario YAML text; raise :class:`ScenarioError` naming file, line and field."""
    data = load_yaml(text, file=file)
    root = Node(data, file, 1)
    validate(root, "scenario")
    root.mapping({"title", "title_fr", "description", "description_fr", "players", "seed", "strict",
                  "cards", "setup", "script", "expect", "id"}, required=("players", "setup"))
    cards = (catalog_ or catalog())
    if root.get("cards"):
        cards = cards.with_cards(_inline_cards(root["cards"], cards))
    players = _players(root["players"])
    setup = root["setup"].mapping()
    turn, objects = _setup(setup, players, cards)
    rulings = _known_rulings()
    script = [_action(n, players, rulings) for n in root["script"].list()] \
        if root.get("script") else []
    expect = [_check(n, rulings) for n in root["expect"].list()] \
        if root.get("expect") else []
    title = root["title"].str() if root.get("title") else scenario_id
    desc = root["description"].str() if root.get("description") else ""
    scenario = Scenario(
        id=root["id"].str() if root.get("id") else scenario_id, title=title,
        title_fr=root["title_fr"].str() if root.get("title_fr") else title,
        description=desc,
        description_fr=root["description_fr"].str() if root.get("description_fr") else desc,
        players=players, setup_objects=objects, turn=turn, script=script, expect=expect,
        cards=cards, seed=root["seed"].int(0) if root.get("seed") else 0, file=file, data=data,
        setup=setup, card_data=root["cards"].plain() if root.get("cards") else [],
        strict=root["strict"].bool() if root.get("strict") is not None else True,
        saved_moment=saved_moment(players, objects, setup))
    for check in _check_nodes(root):
        if check.get("object") is not None and check["object"].is_map() \
                and check["object"].get("counters") is not None:
            _counter_kinds(check["object"]["counters"], cards)
    game = build_game(scenario)  # set-up mistakes are refused now, not when played
    check_references(root, Known(game.state.objects, players, _token_ids(cards)))
    return scenario


def _counter_kinds(node: Node, cards: Catalog) -> None:
    """Each kind of counter a set-up object or an object check names is one the rules name
    or a card of the scenario declares (122.1; mtgrules.counters): "+1/+l" is a typo, refused
    with "did you mean", not a new kind."""
    from ..counters import problem

    for kind, value in node.items():
        message = problem(str(kind), cards.counter_kinds())
        if message:
            raise value.error(message[0])


def _check_nodes(root: Node) -> list[Node]:
    """Every check of the file: those of the script's ``check`` steps and of ``expect``."""
    steps = [n for n in root["script"].list() if n.is_map() and n.get("check") is not None] \
        if root.get("script") else []
    checks = [c for n in steps for c in n["check"].list(allow_single=True)]
    return checks + (root["expect"].list() if root.get("expect") else [])


def _token_ids(cards: Catalog) -> set[str]:
    """The ids tokens get when a card creates them (``soldier-token``, ``soldier-token-2``); a
    token that's a copy is named after what it copies (``grizzly-bears-token``, 707.2)."""
    def abilities(items: tuple[AbilityDef, ...]) -> list[AbilityDef]:
        out = list(items)
        for a in items:
            grant = a.static_get("grant")
            if grant:
                out += abilities(tuple(dict(grant).get("abilities", ())))
        return out
    ids = set()
    copies = False
    for card in cards.values():
        for face in card.faces:
            for ability in abilities(face.abilities):
                copies = copies or any(name == "create_token" and "copy_of" in dict(params)
                                       for mode in ability.modes
                                       for name, params in mode.effects)
                for mode in ability.modes:
                    for name, params in mode.effects:
                        token = dict(params).get("token") if name == "create_token" else None
                        if token:
                            ids.add(slug(str(dict(token).get("name", ""))) + "-token")
    if copies:
        ids |= {slug(face.name) + "-token" for card in cards.values() for face in card.faces}
    return ids


def _inline_cards(node: Node, base: Catalog) -> dict[str, CardDef]:
    """A scenario's own cards. One named as a card of ``base`` is refused: it would stand in
    for that card silently, while a reader of the file, the narration and the card's French
    name all mean the card everyone knows."""
    cards = read_cards(node)
    for entry, card in zip(node.list(), cards.values(), strict=True):
        if base.defines(card.name):
            raise entry["name"].error(
                f"card '{card.name}' is a card of the kit's catalog: a scenario's own card "
                "can't replace it; give yours another name (such as "
                f"'{card.name} Variant')")
        for key, name in (("name", card.name), ("name_fr", card.characteristics().name_fr)):
            known = base.written_like(name) if name else None
            if known is not None:
                raise entry[key].error(
                    f"card '{name}' is written as the kit's catalog card '{known}' (or its "
                    "French name), up to case and spaces: it would read as that card; give "
                    f"yours a name of its own (such as '{known} Variant')")
    return cards


def _players(node: Node) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    entries = [(p.str(), p, None) for p in node.list()] if node.is_list() else \
        [(str(name), spec, spec) for name, spec in node.items()]
    for name, where, spec in entries:
        if name in out:
            raise where.error(f"the player '{name}' is named twice")
        if not name.strip():
            raise where.error("a player's name can't be empty")
        if re.match(STACK_ID, name):
            raise where.error(f"a player can't be named '{name}': S1, S2... name the objects "
                              "on the stack")
        out[name] = {}
        if spec is not None and spec.value is not None:
            spec.mapping({"life", "mana"})
            _player_spec(spec, out[name])
    if not out:
        raise node.error("a scenario needs at least one player")
    return out


def _player_spec(spec: Node, player: dict[str, Any], lost: bool = False) -> None:
    """A player's ``life`` and ``mana``, in ``players:`` or in the set-up (where a saved
    moment's player who already lost may be at 0 or less: ``lost``)."""
    if spec.get("life") is not None:
        life = spec["life"]
        if life.int() < 1 and not lost:
            raise life.error(f"a player starts with at least 1 life, not {life.value}: at 0 "
                             "or less they have already lost (704.5a)")
        player["life"] = life.value
    if spec.get("mana") is not None:
        # a saved game's pool with emptied mana types is written exactly, as a Counter
        player["mana"] = spec["mana"] if spec["mana"].is_map() else _mana_pool(spec["mana"])


def _setup(setup: Node, players: dict[str, dict], cards: Catalog
           ) -> tuple[dict[str, Any], list[SetupObject]]:
    setup.mapping({"turn", "active", "step", "record", *STATE_KEYS, *players})
    if setup.get("record"):
        setup["record"].mapping(RECORD_KEYS)
    turn = {"turn": setup["turn"].int(1) if setup.get("turn") else 1,
            "active": setup["active"].choice(tuple(players)) if setup.get("active")
            else next(iter(players)),
            "step": setup["step"].choice(STEPS) if setup.get("step") else "main1"}
    if setup.get("priority"):
        turn["priority"] = setup["priority"].choice(tuple(players))
    objects: list[SetupObject] = []
    lost = {n.choice(tuple(players)) for n in setup["lost"].list()} if setup.get("lost") \
        else set()
    for name in players:
        spec = setup.get(name)
        if spec is None:
            continue
        spec.mapping(set(SETUP_ZONES) | {"life", "mana"})
        _player_spec(spec, players[name], lost=name in lost)
        if "library" in spec.value:
            players[name]["library_listed"] = True  # even empty: 121.4, 704.5b apply
        for zone in SETUP_ZONES:
            if spec.get(zone):
                objects += [_setup_object(n, zone, name, cards, players)
                            for n in spec[zone].list()]
    _check_ids(objects, players)
    return turn, objects


def _mana_pool(node: Node) -> str:
    try:
        parse_pool(node.str())
    except (ValueError, TypeError) as err:
        raise node.error(str(err)) from None
    return node.str()


def _setup_object(node: Node, zone: str, owner: str, cards: Catalog,
                  players: dict[str, dict]) -> SetupObject:
    if not node.is_map():
        node = Node({"card": node.value}, node.file, node.line, node.field)
    node.mapping(OBJECT_KEYS)
    if node.get("card") is None and not isinstance(node.value.get("token"), (dict, str)):
        raise node.error("a set-up object names its 'card' (or, for a token an effect "
                         "created, gives its values in 'token')", field="card")
    name = node["card"].str() if node.get("card") is not None else ""
    if node.get("card") is not None and name not in cards:
        close = [c for c in cards if name.strip()  # (every name starts with nothing)
                 and c.lower().startswith(name.lower()[:4])][:3]
        hint = f" (did you mean: {', '.join(close)}?)" if close else ""
        raise node["card"].error(f"unknown card '{name}'{hint}")
    options = {k: v for k, v in node.plain().items() if k != "card"}
    for key in ("tapped", "entered_this_turn", "token", "emblem", "face_down", "attacking"):
        if key in options and not isinstance(options[key], (dict, str)):
            node[key].bool()
    if "counters" in options:
        _counter_kinds(node["counters"], cards)
        for _, n in node["counters"].items():
            n.int(0)
    for key in ("id", "attached_to"):
        if key in options:
            options[key] = node[key].str()
    if "damage" in options:
        node["damage"].int(0)  # 107.1b: no negative damage
    for key in ("zcc", "timestamp", "x", "face"):
        if key in options:
            node[key].int(0)  # 107.3: X is 0 or more; counts and timestamps too
    for key in ("entered_turn", "controlled_since"):
        if options.get(key) is not None:
            node[key].int(0)
    if "controller" in options:
        node["controller"].choice(tuple(players))
    return SetupObject(name, zone, owner, options, node)


def _check_ids(objects: list[SetupObject], players: dict[str, dict]) -> None:
    seen: set[str] = set(players)
    for o in objects:
        oid = o.options.get("id")
        if oid is not None:
            if oid in seen:
                raise o.node["id"].error(f"the id '{oid}' is used twice")
            why = reserved_id(str(oid))
            if why:
                raise o.node["id"].error(f"an object can't have the id '{oid}': {why}")
            seen.add(oid)
    hosts = {o.options["id"]: o.options.get("attached_to") for o in objects if "id" in o.options}
    for o in objects:
        target = o.options.get("attached_to")
        if target is None:
            continue
        if target not in seen:
            raise o.node["attached_to"].error(
                f"'{target}' is not the id of an object in the set-up (give that object "
                "an 'id')")
        _check_attachment_chain(o, target, hosts)


def _check_attachment_chain(o: SetupObject, target: str, hosts: dict[str, str | None]) -> None:
    """301.5c, 303.4d: nothing is attached to itself, directly or around a circle."""
    chain: list[str] = [o.options.get("id", o.card)]
    here: str | None = target
    while here is not None:
        if here in chain:
            raise o.node["attached_to"].error(
                "an object can't be attached to itself (301.5c, 303.4d): "
                + " → ".join([*chain, here]))
        chain.append(here)
        here = hosts.get(here)


def _check_rule_number(node: Node, rule: Any) -> None:
    if rule is not None and not is_rule_number(str(rule).strip().rstrip(".")):
        raise node.error(f"'{rule}' is not a CR rule number (e.g. 601.2c, 707.10)", field="rule")


def _known_rulings() -> frozenset[str]:
    return frozenset(ruling_ids())


def _action(node: Node, players: dict[str, dict], rulings: frozenset[str]) -> Action:
    node.mapping(ACTION_KEYS)
    kinds = [k for k in ACTIONS if k in node.value]
    if len(kinds) != 1:
        raise node.error("each script step names exactly one action: " + ", ".join(ACTIONS))
    kind = kinds[0]
    by = node["by"].choice(tuple(players)) if node.get("by") else None
    if by is not None and kind not in BY_KINDS:  # it would read as that player's action
        raise node["by"].error(f"'by' names the player who takes the action, and no player "
                               f"takes '{kind}' (only {', '.join(BY_KINDS)} take 'by')")
    answers = _answers(node["answers"]) if node.get("answers") else None
    error = None
    if node.get("error"):
        err = node["error"]
        if err.is_map():
            # An expected refusal can demonstrate rulings too ("a different mode can't be
            # chosen"), like a check.
            err.mapping({"rule", "contains", "ruling", "rulings"})
            error = err.plain()
            ids = [error.pop("ruling")] if "ruling" in error else []
            ids += list(error.pop("rulings", []))
            for rid in ids:
                if str(rid) not in rulings:
                    raise err.error(f"unknown ruling id '{rid}' (ids look like gogo-01, "
                                    "masamune-03, cascade-09, protege-07)", field="ruling")
            if ids:
                error["rulings"] = tuple(str(r) for r in ids)
        else:
            error = {"rule": err.str()}
        if error.get("rule") is None and not error.get("contains"):
            # Without either, any refusal at all would pass: the expectation couldn't fail.
            raise err.error("an expected error names the rule (rule: \"107.3b\") or a text "
                            "of the refusal (contains: ...), or both")
        _check_rule_number(err, error.get("rule"))
    checks = [_check(c, rulings) for c in node["check"].list()] if kind == "check" else []
    value = node[kind].plain() if kind != "check" else None
    _validate_action_value(node, kind, value, players)
    return Action(kind, value, by, node["ability"].int(1) if node.get("ability") else 1,
                  answers, error, checks, node.line,
                  node["note"].str() if node.get("note") else "",
                  node["note_fr"].str() if node.get("note_fr") else "")


def _validate_action_value(node: Node, kind: str, value: Any, players: dict) -> None:
    field = node[kind]
    if kind in ("cast", "activate", "play"):
        field.str()
    elif kind == "resolve":
        if value not in ("all",) and not (isinstance(value, int) and value >= 1) and \
                value is not True:
            raise field.error("resolve takes a number of times (1, 2, ...), true, or 'all'")
    elif kind == "pass":
        if value is not True and value not in players:
            raise field.error("pass takes a player's name, or true for whoever has priority")
    elif kind in ("destroy", "exile", "sacrifice", "put_into_graveyard",
                  "put_onto_battlefield"):
        field.list(allow_single=True)
    elif kind == "damage":
        field.mapping({"amount", "to"}, required=("amount", "to"))
        field["amount"].int(0)
    elif kind == "next_step":
        if value is not True and value not in STEPS:
            raise field.error("next_step takes true, or the step to go on to: "
                              + ", ".join(STEPS))
    elif kind in ("declare_attackers", "declare_blockers"):
        if value not in (None, "none", []) and not field.is_map():
            field.list(allow_single=True)
    elif kind == "combat_damage" and value is not True:
        for _, how in field.mapping().items():
            how.mapping()


def _answers(node: Node) -> list[dict[str, Any]]:
    out = []
    for item in node.list():
        item.mapping(set(QUESTION_KINDS))
        if len(item.value) != 1:
            raise item.error("each answer is one 'kind: answer' pair, e.g. {targets: [bob]}")
        out.append(item.plain())
    return out


def _check(node: Node, rulings: frozenset[str]) -> Check:
    node.mapping(CHECK_KEYS)
    kinds = [k for k in CHECK_KINDS if k in node.value]
    if len(kinds) != 1:
        raise node.error("each check names exactly one of: " + ", ".join(CHECK_KINDS))
    ids: list[Node] = []
    if node.get("ruling"):
        ids.append(node["ruling"])
    if node.get("rulings"):
        ids += node["rulings"].list()
    for rid in ids:
        if rid.str() not in rulings:
            raise rid.error(f"unknown ruling id '{rid.value}' (ids look like gogo-01, "
                            "masamune-03, cascade-09, protege-07)")
    rules = [node["rule"]] if node.get("rule") else []
    rules += node["rules"].list() if node.get("rules") else []
    for r in rules:
        _check_rule_number(r, r.value)
    return Check(kinds[0], node[kinds[0]].plain(), tuple(r.str() for r in ids), node.line,
                 node["note"].str() if node.get("note") else "",
                 node["note_fr"].str() if node.get("note_fr") else "",
                 tuple(str(r.value) for r in rules))
