"""Every id a scenario file names must be able to exist: an object of the set-up, a player, a
stack object (S1, S2, ...), a trigger waiting to be ordered (T1, ...) or a token some card can
create. A misspelled id is refused at load, with the file, the line and the field, instead of
making a check that can't fail (``triggered: {source: nobody, count: 0}``)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..data import Node, did_you_mean
from ..objects import OWNED_ZONES
from ..text import MESSAGES

#: Patterns as text, compiled on first use (by ``re``'s own cache): only a file read anew
#: uses them, and compiling a pattern costs more than most matches (``mtgrules check`` reads
#: its scenarios from the cache of parsed files).
STACK_ID = r"^S\d+$"
TRIGGER_ID = r"^T\d+$"
#: Answers naming an object or a player, and the words some of them also accept.
ANSWER_REFS = {"targets": (), "new_targets": ("keep",), "enter_as_copy": ("none",),
               "sacrifice": (), "legend_rule": (), "hideaway": (), "shield_order": (),
               "delayed_event": ()}


SHIELD_ID = r"^[a-z0-9-]+-shield(-\d+)?$"


class Known:
    """The ids a scenario may name."""

    def __init__(self, objects: Iterable[str], players: Iterable[str], tokens: Iterable[str]):
        self.objects = set(objects)
        self.players = set(players)
        self.tokens = set(tokens)

    def is_object(self, value: str) -> bool:
        if value in self.objects:
            return True
        base = re.sub(r"-\d+$", "", value)
        return base in self.tokens

    def check(self, node: Node, *, objects: bool = True, players: bool = False,
              stack: bool = False, words: tuple[str, ...] = ()) -> None:
        value = node.value
        if isinstance(value, list):
            for child in node.list():
                self.check(child, objects=objects, players=players, stack=stack, words=words)
            return
        text = str(value)
        if text in words or (players and text in self.players) or \
                (objects and self.is_object(text)) or (stack and re.match(STACK_ID, text)):
            return
        if players and not (objects or stack):
            raise node.error(f"'{text}' is not one of: {', '.join(sorted(self.players))}"
                             f"{did_you_mean(text, self.players)}")
        what = " or ".join(w for w, on in (("an object", objects), ("a player", players),
                                           ("a stack object (S1, S2, ...)", stack)) if on)
        known = (self.objects if objects else set()) | (self.players if players else set())
        raise node.error(f"'{text}' is not {what} of this scenario"
                         f"{did_you_mean(text, known | set(words))}")


def check_references(root: Node, known: Known) -> None:
    """Check every reference of the script and of the checks (the schema checked their form)."""
    for step in root["script"].list() if root.get("script") else []:
        _action(step, known)
    for check in root["expect"].list() if root.get("expect") else []:
        _check(check, known)


def _action(step: Node, known: Known) -> None:
    for kind in ("cast", "activate", "play", "destroy", "exile", "sacrifice",
                 "put_into_graveyard", "put_onto_battlefield"):
        if step.get(kind):
            known.check(step[kind])
    if step.get("damage"):
        known.check(step["damage"]["to"], players=True)
    for kind in ("declare_attackers", "declare_blockers"):
        if step.get(kind) is not None and step[kind].value not in ("none", None):
            _pairs(step[kind], known, players=kind == "declare_attackers")
    if step.get("combat_damage") is not None and step["combat_damage"].is_map():
        for key, how in step["combat_damage"].items():
            _key(step["combat_damage"], key, known)
            for to in how.value:
                _key(how, to, known, players=True)
    for answer in step["answers"].list() if step.get("answers") else []:
        for kind, value in answer.items():
            if kind == "replacement":
                _replacement_key(value, known)
            elif kind in ANSWER_REFS and value.is_map():  # a shield's split (615.7)
                for key, _ in value.items():
                    _key(value, key, known)
            elif kind in ANSWER_REFS:
                targets = kind in ("targets", "new_targets")
                known.check(value, players=targets, stack=targets, words=ANSWER_REFS[kind])
    for check in step["check"].list() if step.get("check") else []:
        _check(check, known)


def _replacement_key(node: Node, known: Known) -> None:
    """616.1's answer names a replacement effect by its source's id (``id.N`` for the source's
    N-th ability), or a prevention shield by its own id (``<source name>-shield``, ``-2``...),
    which exists only once the spell has resolved."""
    text = str(node.value)
    if re.match(SHIELD_ID, text) or known.is_object(re.sub(r"\.\d+$", "", text)):
        return
    raise node.error(f"'{text}' is not a replacement effect's source of this scenario (616.1)"
                     f"{did_you_mean(text, known.objects)}")


def _check(check: Node, known: Known) -> None:
    for kind, body in check.items():
        rule = CHECK_REFERENCES.get(kind)
        if rule is not None:
            rule(body, known)


def _fields(body: Node, known: Known, spec: dict[str, dict[str, Any]]) -> None:
    if not body.is_map():
        return
    for key, options in spec.items():
        child = body.get(key)
        if child is not None and child.value is not None:
            known.check(child, **options)


OBJ: dict[str, Any] = {}
PLAYER = {"objects": False, "players": True}
OBJ_OR_PLAYER = {"players": True}  # what an Aura is attached to (303.4b)
STACK = {"objects": False, "stack": True, "words": ("top",)}
ANY = {"players": True, "stack": True}
STACK_FIELDS = {"id": {"objects": False, "stack": True}, "source": OBJ,
                "controller": PLAYER, "copy_of": {"objects": False, "stack": True},
                "targets": ANY}


def _stack(body: Node, known: Known) -> None:
    for entry in body.list():
        if entry.is_map():
            _fields(entry, known, STACK_FIELDS)


def _key(mapping: Node, key: Any, known: Known, players: bool = False) -> None:
    """A mapping's key names an object (or a player)."""
    known.check(Node(key, mapping.file, mapping.value.lines.get(key, mapping.line),
                     mapping._child_field(key)), players=players)


def _pairs(node: Node, known: Known, players: bool) -> None:
    """``[a, b]`` or ``{a: b}``: objects, and what each is paired with (a player may be; with
    players, null: an attacker that attacks nothing, 506.4c)."""
    if node.is_map():
        for key, value in node.items():
            _key(node, key, known)
            if not (players and value.value is None):
                known.check(value, players=players)
    else:
        known.check(node)


def _combat(body: Node, known: Known) -> None:
    for key in ("attacking", "blocking"):
        if body.get(key) is not None:
            _pairs(body[key], known, players=key == "attacking")
    if body.get("blocked") is not None:
        known.check(body["blocked"])


def _life(body: Node, known: Known) -> None:
    for key in body.value:
        if key not in known.players:
            raise body.error(f"there is no player '{key}'{did_you_mean(key, known.players)} "
                             f"(players: {', '.join(sorted(known.players))})",
                             field=body._child_field(key), line=body.value.lines.get(key))


def _log(body: Node, known: Known) -> None:
    key = body["key"]
    if key.value not in MESSAGES:
        raise key.error(f"'{key.value}' is not one of the log's message keys"
                        f"{did_you_mean(key.value, MESSAGES)}")


def _zone(body: Node, known: Known) -> None:
    _fields(body, known, {"player": PLAYER, "equals": OBJ, "contains": OBJ,
                          "not_contains": OBJ})
    zone = body["zone"].value
    if body.get("player") is None and zone in OWNED_ZONES:
        raise body.error(f"the {zone} belongs to a player: say whose with 'player'",
                         field=body._child_field("player"))


def _object(body: Node, known: Known) -> None:
    _fields(body, known, {"id": OBJ, "attached_to": OBJ_OR_PLAYER, "controller": PLAYER,
                          "owner": PLAYER})
    _object_words(body)


def _object_words(body: Node) -> None:
    """The words an object check compares with the game's: the rules' card types, supertypes
    and subtypes in lower case (205.2a, 205.3, 205.4a), keywords of the card language (702),
    colors as symbols (105.2). Any other word could never match: a misspelling would fail
    the check however the game went, saying "is Green" where the game shows "is green"."""
    from ..abilities import KEYWORDS
    from ..filters import COLORS, type_words

    for key in ("types", "subtypes", "supertypes"):
        node = body.get(key)
        if node is not None and node.value is not None:
            type_words(node, key)  # a word the rules don't have, refused with the nearest
            for w in node.list(allow_single=True):
                if w.str() != w.str().lower():
                    raise w.error(f"'{w.str()}': write it in lower case, "
                                  f"'{w.str().lower()}', as the rules' words are")
    for w in _words(body, "keywords"):
        if w.str() not in KEYWORDS:
            raise w.error(f"'{w.str()}' is not a keyword of the card language (702)"
                          f"{did_you_mean(w.str().lower(), KEYWORDS)}")
    symbols = tuple(COLORS.values())
    for w in _words(body, "colors"):
        if w.str() not in symbols:
            word = COLORS.get(w.str().lower())
            hint = f" (did you mean: {word}?)" if word else f" (one of: {', '.join(symbols)})"
            raise w.error(f"'{w.str()}' is not a color symbol: an object check names colors "
                          f"by their symbols (105.2){hint}")


def _words(body: Node, key: str) -> list[Node]:
    node = body.get(key)
    return [] if node is None or node.value is None else node.list(allow_single=True)


CHECK_REFERENCES = {
    "stack": _stack,
    "stack_object": lambda b, k: _fields(b, k, {**STACK_FIELDS, "id": STACK}),
    "triggered": lambda b, k: _fields(b, k, {"source": OBJ, "event_object": OBJ,
                                             "added_by": OBJ}),
    "resolved_order": lambda b, k: k.check(b, objects=False, stack=True),
    "zone": _zone,
    "life": _life,
    "object": _object,
    "linked": lambda b, k: _fields(b, k, {"source": OBJ, "cards": OBJ}),
    "delayed": lambda b, k: _fields(b, k, {"source": OBJ, "refers_to": OBJ}),
    "log": _log,
    "combat": _combat,
}
