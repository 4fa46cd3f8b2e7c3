"""Building the JSON Schema from the engine's vocabulary (one source for files, validation and
engine). ``make schema`` (tools/write_schema.py) writes the shipped JSON files again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..abilities import (
    ABILITY_KINDS,
    AFFECTS,
    BARE_KEYWORDS,
    COPY_WHAT,
    DELAYED_AT,
    EFFECT_PARAMS,
    EFFECT_VOCABULARY,
    ENCHANT_WORDS,
    GRANT_TO,
    KEYWORDS,
    MODIFICATION_PARAMS,
    OBJECT_REFERENCES,
    PLAIN_KEYWORDS,
    PLAYER_REFERENCES,
    PROTECTION_QUALITIES,
    REPLACEMENT_VOCABULARY,
    REQUIREMENTS,
    RESTRICTION_AFFECTS,
    RESTRICTIONS,
    TARGET_TYPES,
    TRIGGER_EVENTS,
    TRIGGER_PLAYERS,
    WHOSE,
)
from ..choices import QUESTION_KINDS
from ..continuous import DURATIONS, PT_VALUES
from ..filters import FILTER_KEYS, MANA_VALUE_OPS
from ..objects import STEPS, ZONES
from ..text.grammar import GRAMMAR_CODES

DRAFT = "https://json-schema.org/draft/2020-12/schema"
BASE = "https://mtgrules.example/schema/"
ACTIONS = ("cast", "activate", "play", "pass", "resolve", "destroy", "exile", "sacrifice",
           "put_into_graveyard", "put_onto_battlefield", "damage", "next_step",
           "declare_attackers", "declare_blockers", "combat_damage", "check")
CHECK_KINDS = ("stack", "stack_size", "triggered", "resolved_order", "zone", "life", "object",
               "asked", "stack_object", "linked", "log", "combat", "delayed")
#: Facts a ``stack``/``stack_object`` check may compare, and those of an ``object`` check.
STACK_FACTS = ("id", "source", "name", "kind", "controller", "copy", "copy_of", "targets", "x",
               "mode", "division", "keyword", "instance")
OBJECT_FACTS = ("name", "zone", "controller", "owner", "power", "toughness", "types",
                "subtypes", "supertypes", "mana_value", "loyalty", "tapped", "token",
                "counters", "attached_to", "copy_of", "face_down", "keywords", "damage",
                "abilities", "entered_this_turn", "colors", "mana")
SETUP_OBJECT_KEYS = ("card", "id", "tapped", "counters", "entered_this_turn", "attached_to",
                     "token", "emblem", "face_down", "attacking", "controller", "damage")

STR: dict[str, Any] = {"type": "string"}
BOOL: dict[str, Any] = {"type": "boolean"}
#: An object's characteristics in a saved set-up: a card's name, or a tagged value (saving.py).
CHARS = {"type": ["boolean", "string", "object"],
         "description": "true (the card's own values), a card name, or {'!chars': ...}"}
#: A saved moment's object keys (mtgrules/saving.py, OBJECT_PARTS).
SAVED_OBJECT_KEYS: dict[str, Any] = {
    "token": CHARS, "emblem": CHARS, "copy": CHARS, "copy_of": STR,
    "copy_except": {"type": "object", "description": "the exceptions of its copy effect "
                                                     "(707.9)"},
    "last_known": {"type": "object", "description": "the object as it last existed where it "
                                                    "was (608.2h)"},
    "deathtouched": BOOL, "x": {"type": "integer", "minimum": 0},
    "face": {"type": "integer", "minimum": 0}, "zcc": {"type": "integer", "minimum": 0},
    "timestamp": {"type": "integer", "minimum": 0},
    "entered_turn": {"type": ["integer", "null"], "minimum": 0},
    "controlled_since": {"type": ["integer", "null"], "minimum": 0}}
_STACK_ITEM = {"type": "object", "title": "a stack object",
               "required": ["id", "kind", "controller", "source_id"],
               "properties": {"id": {"type": "string", "pattern": r"^S\d+$"},
                              "kind": {"enum": ["spell", "activated", "triggered"]},
                              "controller": STR, "source_id": STR,
                              "targets": {"type": "array", "items": {"type": "array",
                                                                     "items": STR}},
                              "x": {"type": "integer", "minimum": 0}}}
#: A saved moment's set-up keys beside the players' (mtgrules/saving.py, STATE_PARTS).
SAVED_SETUP_KEYS: dict[str, Any] = {
    "priority": STR, "passes": {"type": "integer", "minimum": 0},
    "lands_played": {"type": "integer", "minimum": 0}, "game_over": BOOL,
    "cleanup_again": BOOL,
    "drawn_in_step": {"type": "integer", "minimum": 0},
    "drew_from_empty": {"type": "array", "items": STR},
    "lost": {"type": "array", "items": STR},
    "stack": {"type": "array", "items": _STACK_ITEM},
    "waiting_triggers": {"type": "array", "items": {"type": "object",
                                                    "required": ["ability", "source_id"]}},
    "effects": {"type": "array", "items": {"type": "object"}},
    "shields": {"type": "array", "items": {"type": "object", "required": ["id", "word"]}},
    "delayed": {"type": "array", "items": {"type": "object", "required": ["id", "ability"]}},
    "linked": {"type": "array", "items": {
        "type": "object", "required": ["source", "label", "cards"],
        "additionalProperties": False,
        "properties": {"source": STR, "zcc": {"type": "integer", "minimum": 0}, "label": STR,
                       "cards": {"type": "array"}}}},
    "combat": {"type": "object"},
    "loyalty_activated": {"type": "array", "items": {"type": "array", "minItems": 3,
                                                     "maxItems": 3}},
    "record": {"type": "object", "title": "what the game keeps track of",
               "additionalProperties": False,
               "properties": {"next_stack_id": {"type": "integer", "minimum": 1},
                              "next_timestamp": {"type": "integer", "minimum": 1},
                              "random": {"type": "integer", "minimum": 0},
                              "resolved": {"type": "array", "items": STR},
                              "triggered": {"type": "array", "items": {"type": "object"}},
                              "tokens": {"type": "array", "items": STR},
                              "libraries_listed": {"type": "array", "items": STR},
                              "order": {"type": "object"},
                              "objects": {"type": "array", "items": STR},
                              "gone": {"type": "array", "items": {"type": "object"}},
                              "left_stack": {"type": "array", "items": {"type": "object"}}}},
}
INT: dict[str, Any] = {"type": "integer"}
NAT: dict[str, Any] = {"type": "integer", "minimum": 0}
NOTE = {"note": STR, "note_fr": STR}
RULING_ID = {"type": "string", "pattern": r"^[a-z]+-\d+$",
             "description": "a ruling id such as gogo-01 or cascade-09"}
RULE = {"type": ["string", "number"], "description": "a CR rule number such as 601.2c"}
#: Mana symbols are read by the mana parser, whose errors name the symbol ("unknown mana
#: symbol {Q}").
MANA = {"type": "string", "description": "mana symbols such as {2}{U}"}
#: A schema's ``x-words``: the words a reference or an amount may be, so that a misspelled one
#: gets "did you mean" (an annotation: JSON Schema ignores keywords it doesn't know).
WORDS_KEY = "x-words"
#: How to write what an enum refuses, said after the list of its words (an annotation).
HINT_KEY = "x-hint"
_SLOTS = ("target", "target2", "target3")
OBJECT_WORDS = [*OBJECT_REFERENCES, *_SLOTS[1:]]
PLAYER_WORDS = [*(w for w in PLAYER_REFERENCES if w != "target_controller"), *_SLOTS,
                *(f"{o}_controller" for o in ("self", "event_object", *_SLOTS))]
AMOUNT_WORDS = ["X", *(f"{o}.{v}" for o in ("self", *_SLOTS, "event_object", "sacrificed")
                       for v in ("power", "toughness", "mana_value"))]
#: References an effect may use (608.2c): the source, a target slot, the controller, players.
OBJECT_REF: dict[str, Any] = {"type": "string",
              "pattern": r"^(self|event_object|new_object|equipped_creature|that_object|created|"
                         r"moved|target[2-9]?)$",
              "description": "an object reference: " + ", ".join(OBJECT_REFERENCES)
                             + ", target2, ...", WORDS_KEY: OBJECT_WORDS}
TARGET_REF = {"type": "string", "pattern": r"^target[2-9]?$",
              "description": "a target reference: target, target2, ...", WORDS_KEY: [*_SLOTS]}
PLAYER_REF = {"type": "string", "pattern": r"^(you|each_player|each_opponent|that_player|"
              r"enchanted_player|"
              r"target[2-9]?|(self|event_object|target[2-9]?)_controller)$",
              "description": "a player reference: " + ", ".join(PLAYER_REFERENCES)
              + ", target2, self_controller, event_object_controller, ...",
              WORDS_KEY: PLAYER_WORDS}
RECIPIENT = {"anyOf": [OBJECT_REF, PLAYER_REF],
             "errorMessage": "what is dealt damage: a target (target, target2...), self, "
                             "event_object, or players (each_opponent, that_player...)",
             WORDS_KEY: [*OBJECT_WORDS, *PLAYER_WORDS]}
#: An amount: a number, X, an object's value as it resolves (608.2h), a paid cost's value (the
#: sacrificed creature's power, 707.10) or "this if kicked, else that" (118.8a).
AMOUNT = {"anyOf": [
    NAT,
    {"const": "X"},
    {"type": "string",
     "pattern": r"^(sacrificed|self|event_object|target[2-9]?)\.(power|toughness|mana_value)$",
     "description": "an amount: a number, X, or self.power / target.toughness / "
                    "event_object.mana_value / sacrificed.power ..."},
    {"type": "object", "properties": {"if_kicked": NAT, "else": NAT},
     "required": ["if_kicked", "else"], "additionalProperties": False},
], "errorMessage": "an amount is a number, X, self.power (or target, target2, event_object, "
                   "sacrificed; .power, .toughness, .mana_value), or {if_kicked: N, else: M}",
    WORDS_KEY: AMOUNT_WORDS}

PARAM_TYPES: dict[str, Any] = {
    "object": OBJECT_REF, "target": TARGET_REF, "player": PLAYER_REF, "amount": AMOUNT,
    "recipient": RECIPIENT,
    "int": INT, "bool": BOOL, "text": STR, "mana": MANA, "words": {"$ref": "#/$defs/words"},
    "token": {"$ref": "#/$defs/face"},
    "zone": {"enum": ["graveyard", "hand", "library"]},
    "whose": {"enum": list(WHOSE), "description": "seen from the ability's controller"},
    "copy_what": {"anyOf": [TARGET_REF, {"enum": [w for w in COPY_WHAT if w != "target"]}],
                  "errorMessage": "what to copy: target, target2, ..., event_ability (the "
                                  "ability that was activated) or event_spell (the spell that "
                                  "was cast)",
                  WORDS_KEY: [*_SLOTS, *(w for w in COPY_WHAT if w != "target")]},
    "copy_exceptions": {"$ref": "#/$defs/copy_exceptions"},
    "object_or_each": {"type": "string",
                       "pattern": r"^(self|target[2-9]?|moved|created|that_object|each|you)$",
                       "description": "self, target, target2, ..., moved, created, "
                                      "that_object, each (with a filter), or you (abilities "
                                      "a player gains)",
                       WORDS_KEY: ["self", *_SLOTS, "moved", "created", "that_object", "each",
                                   "you"]},
    "objects": {"type": "string", "pattern": OBJECT_REF["pattern"].replace(")$", "|each)$"),
                "description": OBJECT_REF["description"] + ", or each (with a filter)",
                WORDS_KEY: [*OBJECT_WORDS, "each"]},
    "filter": {"$ref": "#/$defs/filter"},
    "duration": {"enum": list(DURATIONS)},
    "player_you": {"const": "you"},
    "abilities": {"if": {"type": "array"},
                  "then": {"type": "array", "items": {"$ref": "#/$defs/gained"}},
                  "else": {"$ref": "#/$defs/gained"}},
    "pt_value": {"anyOf": [INT, {"enum": list(PT_VALUES)}],
                 "errorMessage": "a number or one of: " + ", ".join(PT_VALUES),
                 WORDS_KEY: list(PT_VALUES)},
    "condition": {"$ref": "#/$defs/condition"},
    "self_replacement": {"$ref": "#/$defs/self_replacement"},
    "delayed_at": {"enum": list(DELAYED_AT),
                   "description": "when the delayed triggered ability triggers (603.7)"},
    "effects": {"if": {"type": "array"}, "then": {"type": "array",
                                                 "items": {"$ref": "#/$defs/effect"}},
                "else": {"$ref": "#/$defs/effect"}},
    "owner_or_you": {"enum": ["owner", "you"],
                     "description": "under whose control: its owner's, or yours"},
}


def _condition() -> dict[str, Any]:
    """A condition (filters.CONDITION_KEYS): a count of what a filter accepts, a life total."""
    control = _obj("you_control", {**_filter_props(), "at_least": NAT, "at_most": NAT})
    return _obj("a condition", {"you_control": control, "life_at_least": INT,
                                "kicked": BOOL}, minProperties=1)


def _self_replacement() -> dict[str, Any]:
    """614.15 (abilities.SELF_REPLACEMENTS): ``instead: {if: <condition>, amount: ...}``."""
    return _obj("a self-replacement effect (614.15)", {"if": {"$ref": "#/$defs/condition"},
                                                       "amount": AMOUNT}, ("if", "amount"))


def _obj(title: str, properties: dict[str, Any], required: tuple[str, ...] = (),
         **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "title": title, "properties": properties,
                           "additionalProperties": False}
    if required:
        out["required"] = list(required)
    out.update(extra)
    return out


def _list(item: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": item}


def _one_or_list(item: dict[str, Any]) -> dict[str, Any]:
    # if/then rather than anyOf: an error inside the list or the item is reported as it is.
    return {"if": {"type": "array"}, "then": _list(item), "else": item}


def _text_or(mapping: dict[str, Any]) -> dict[str, Any]:
    """Text, or else the mapping (its own errors reported as they are)."""
    return {"if": {"type": "string"}, "else": mapping}


def effect_schema(name: str) -> dict[str, Any]:
    spec = EFFECT_VOCABULARY[name]
    params = {k: PARAM_TYPES[t] for k, t in spec.params.items()}
    return _obj(f"a '{name}' effect", {"do": {"const": name}, **params}, ("do",),
                description=f"{spec.text} ({spec.rule}) / {spec.text_fr}")


def replacement_schema(word: str) -> dict[str, Any]:
    """A replacement word's parameters (abilities.REPLACEMENT_VOCABULARY), or nothing."""
    spec = REPLACEMENT_VOCABULARY[word]
    params = {k: PARAM_TYPES[t] for k, t in spec.params.items()}
    return {"if": {"type": "null"}, "else": _obj(word, params),
            "description": f"{spec.text} ({spec.rule}) / {spec.text_fr}"}


def _effect() -> dict[str, Any]:
    names = list(EFFECT_PARAMS)
    return {"type": "object", "title": "an effect", "required": ["do"],
            "properties": {"do": {"enum": names}},
            "allOf": [{"if": {"properties": {"do": {"const": n}}, "required": ["do"]},
                       "then": {"$ref": f"#/$defs/effect_{n}"}} for n in names]}


MANA_VALUE_BOUND = {"anyOf": [NAT, {"const": "X"}],
                    "errorMessage": "a bound is a number or X", WORDS_KEY: ["X"]}


def _filter_props() -> dict[str, Any]:
    """Each filter key of filters.FILTER_KEYS, typed by what it takes."""
    kinds: dict[str, Any] = {
        "words": {"$ref": "#/$defs/words"}, "bool": BOOL,
        "you | opponent | any": {"enum": ["you", "opponent", "any"]},
        FILTER_KEYS["mana_value"].kind: _obj("a comparison", {
            op: MANA_VALUE_BOUND for op in MANA_VALUE_OPS}, minProperties=1)}
    return {k: {**kinds[w.kind], "description": f"{w.text} ({w.rule})"}
            for k, w in FILTER_KEYS.items()}


def _filter() -> dict[str, Any]:
    return _obj("a filter", _filter_props())


def _cost() -> dict[str, Any]:
    return _text_or(_obj("a cost", {"mana": MANA, "tap": BOOL,
                                    "sacrifice": {"anyOf": [{"const": "self"},
                                                            {"$ref": "#/$defs/filter"}],
                                                  "errorMessage": "sacrifice takes self or a "
                                                                  "filter",
                                                  WORDS_KEY: ["self"]},
                                    "loyalty": INT}))


def _static() -> dict[str, Any]:
    grant = _obj("grant", {"to": {"enum": list(GRANT_TO)}, "while": {"enum": ["attacking"]},
                           "abilities": _list({"$ref": "#/$defs/ability"})},
                 ("to", "abilities"))
    additional = _obj("additional_trigger", {
        "cause": _obj("cause", {"event": {"enum": ["dies", "enters"]},
                                "types": {"$ref": "#/$defs/words"}}, ("event",)),
        "applies_to": _one_or_list({"enum": ["self", "emblems_you_own",
                                             "permanents_you_control"]})},
        ("cause", "applies_to"))
    cost = _obj("a cost", {"mana": MANA, "sacrifice": {"$ref": "#/$defs/filter"},
                           "optional": BOOL})
    props = {
        "grant": grant, "additional_trigger": additional, "no_legend_rule": {},
        "keyword": {"enum": list(BARE_KEYWORDS), HINT_KEY: "equip, enchant, hideaway and "
                    "protection take a parameter: write them as an ability such as {keyword: "
                    "protection, from: red} (702.1)"},
        "alternative_cost": cost, "additional_cost": cost,
        "requirement": {"enum": list(REQUIREMENTS)},
        "restriction": _obj("restriction", {"affects": {"enum": list(RESTRICTION_AFFECTS)},
                                            "cant": _one_or_list({"enum": list(RESTRICTIONS)})},
                            ("affects", "cant")),
        "continuous": _obj("continuous", {
            "affects": {"if": {"type": "string"}, "then": {"enum": list(AFFECTS)},
                        "else": {"$ref": "#/$defs/filter"}},
            "while": {"enum": ["attacking"]},
            **{k: PARAM_TYPES[t] for k, t in MODIFICATION_PARAMS.items()}}, ("affects",)),
    }
    props.update({word: replacement_schema(word) for word in REPLACEMENT_VOCABULARY})
    return _obj("static", props, minProperties=1, maxProperties=1,
                errorMessage="'static' names exactly one of: " + ", ".join(props))


def _copy_exceptions() -> dict[str, Any]:
    """707.9: what a copy effect changes as it copies ("except it's 1/1 and has haste")."""
    words = {"$ref": "#/$defs/words"}
    enters_with = _obj("an additional counter (707.9e)", {
        "counter": STR, "amount": {"type": "integer", "minimum": 1}, "if_types": words},
        ("counter",))
    return _obj("copy exceptions (707.9)", {
        "power": NAT, "toughness": NAT, "colors": FACE_KEYS["colors"], "add_types": words,
        "add_subtypes": words, "add_supertypes": words, "remove_supertypes": words,
        "abilities": _list({"$ref": "#/$defs/ability"}),
        "enters_with": _one_or_list(enters_with)}, minProperties=1,
        errorMessage="'except' names at least one exception (707.9)")


def _ability() -> dict[str, Any]:
    mode = _obj("a mode", {"text": STR, "text_fr": STR,
                           "targets": _one_or_list({"$ref": "#/$defs/target"}),
                           "effects": _one_or_list({"$ref": "#/$defs/effect"})}, ("effects",))
    return _obj("an ability", {
        "kind": {"enum": list(ABILITY_KINDS)}, "text": STR, "text_fr": STR,
        "keyword": {"enum": list(KEYWORDS)}, "cost": {"$ref": "#/$defs/cost"},
        "trigger": _obj("a trigger", {
            "event": {"enum": list(TRIGGER_EVENTS)},
            "subject": {"enum": ["self", "another", "any"]},
            "filter": {"$ref": "#/$defs/filter"},
            "player": {"enum": list(TRIGGER_PLAYERS)},
            "from": {"enum": ["battlefield", "anywhere"]},
            "by": {"enum": ["spell", "ability", "any"]}}, ("event",)),
        "targets": _one_or_list({"$ref": "#/$defs/target"}),
        "effects": _one_or_list({"$ref": "#/$defs/effect"}),
        "modes": _list(mode), "divide": {"anyOf": [NAT, {"const": "X"}]}, "x_min": NAT,
        "optional": BOOL, "pay": MANA, "if": {"$ref": "#/$defs/condition"},
        "unless": _obj("unless", {"pay": MANA, "who": PLAYER_REF}, ("pay",)),
        "copiable": BOOL, "timing": {"enum": ["sorcery"]},
        "link": STR, "static": {"$ref": "#/$defs/static"}, "n": NAT,
        "enchant": {"anyOf": [{"enum": list(ENCHANT_WORDS)}, {"$ref": "#/$defs/target"}],
                    "description": "what an Aura may enchant (702.5a): "
                                   + ", ".join(ENCHANT_WORDS) + ", or a target"},
        "from": {"if": {"type": "object"}, "then": {"$ref": "#/$defs/filter"},
                 "else": {"enum": list(PROTECTION_QUALITIES)},
                 "description": "what protection is from (702.16a): "
                                + ", ".join(PROTECTION_QUALITIES) + ", or a filter"}},
        anyOf=[{"required": ["kind"]}, {"required": ["keyword"]}],
        errorMessage="an ability needs 'kind' (" + ", ".join(ABILITY_KINDS) + ") or 'keyword'")


FACE_KEYS = {"name": STR, "name_fr": STR, "mana_cost": MANA,
             "colors": _one_or_list({"type": "string", "description": "white, blue, black, "
                                     "red, green, or W, U, B, R, G"}),
             "types": {"$ref": "#/$defs/words"}, "subtypes": {"$ref": "#/$defs/words"},
             "supertypes": {"$ref": "#/$defs/words"}, "power": INT, "toughness": INT,
             "loyalty": NAT, "abilities": _list({"$ref": "#/$defs/ability"}), "text": STR,
             "text_fr": STR,
             "grammar_fr": {"enum": list(GRAMMAR_CODES), "description": "how the French name "
                            "takes its article and agrees: le, la, l', l' f, les, les f; f for "
                            "a feminine proper name"}}


def card_defs() -> dict[str, Any]:
    """The $defs shared by card files and scenario files."""
    defs: dict[str, Any] = {
        "words": _one_or_list(STR),
        "face": _obj("a card face", dict(FACE_KEYS), ("name",)),
        "card": _obj("a card", {**FACE_KEYS, "layout": {"enum": ["normal", "split", "mdfc",
                                                                  "adventure"]},
                                "faces": _list({"$ref": "#/$defs/face"}), "verified_fr": BOOL,
                                "source_fr": {**STR, "description": "where the French name "
                                              "was confirmed"},
                                "note": STR, "kit": BOOL}, ("name",)),
        "gained": {"if": {"type": "string"},
                   "then": {"enum": list(PLAIN_KEYWORDS) + ["prowess"]},
                   "else": {"$ref": "#/$defs/ability"}},
        "ability": _ability(), "static": _static(), "cost": _cost(), "filter": _filter(),
        "condition": _condition(), "self_replacement": _self_replacement(),
        "target": _obj("a target", {"type": {"enum": list(TARGET_TYPES)},
                                    "filter": {"$ref": "#/$defs/filter"}, "min": NAT,
                                    "max": NAT, "count": NAT}, ("type",)),
        "effect": _effect(), "copy_exceptions": _copy_exceptions(),
    }
    defs.update({f"effect_{n}": effect_schema(n) for n in EFFECT_PARAMS})
    return defs


def card_schema() -> dict[str, Any]:
    return {"$schema": DRAFT, "$id": BASE + "cards.schema.json",
            "title": "mtgrules card catalog", "type": "object",
            "properties": {"cards": _list({"$ref": "#/$defs/card"})}, "required": ["cards"],
            "additionalProperties": False, "$defs": card_defs()}


# --- scenarios --------------------------------------------------------------------------------

def _object_fact_types() -> dict[str, Any]:
    """What each fact of an 'object' check is, so an expectation of the wrong type ('power:
    two', 'tapped: yes', 'counters: 3'), which could never hold, is refused as the file loads."""
    text_or_none = {"type": ["string", "null"]}
    number_or_none = {"type": ["integer", "null"]}
    words = _list(STR)
    types: dict[str, Any] = {
        **dict.fromkeys(("name", "zone", "controller", "owner", "attached_to", "copy_of"),
                        text_or_none),
        **dict.fromkeys(("power", "toughness", "mana_value", "loyalty", "damage"),
                        number_or_none),
        **dict.fromkeys(("tapped", "token", "face_down", "entered_this_turn"), BOOL),
        **dict.fromkeys(("types", "subtypes", "supertypes", "keywords", "abilities", "colors",
                         "mana"), words),
        "counters": {"type": "object", "additionalProperties": NAT},
    }
    assert set(types) == set(OBJECT_FACTS), set(OBJECT_FACTS) ^ set(types)
    return types


def _check_defs() -> dict[str, Any]:
    object_facts = _object_fact_types()
    ids = _list(STR)
    facts: dict[str, Any] = {k: {} for k in STACK_FACTS}
    stack_entry = _text_or(_obj("a stack object", facts))
    where = {"enum": ["last", "any"]}
    checks = {
        "stack": _list(stack_entry),
        "stack_size": NAT,
        "stack_object": _obj("a 'stack_object' check", facts, ("id",)),
        "triggered": _obj("a 'triggered' check", {
            "source": STR, "count": NAT, "event_object": STR, "keyword": STR,
            "added_by": ids, "in": where}, ("source",)),
        "resolved_order": ids,
        "zone": _obj("a 'zone' check", {
            "player": STR, "zone": {"enum": list(ZONES)}, "equals": ids,
            "contains": {**ids, "minItems": 1}, "not_contains": {**ids, "minItems": 1},
            "count": NAT}, ("zone",),
            anyOf=[{"required": [k]} for k in ("equals", "contains", "not_contains", "count")],
            errorMessage="a 'zone' check says what to compare: equals, contains, not_contains "
                         "or count"),
        "life": {"type": "object", "title": "a 'life' check", "minProperties": 1,
                 "additionalProperties": INT},
        "object": _obj("an 'object' check", {"id": STR, **object_facts},
                       ("id",), minProperties=2,
                       errorMessage="an 'object' check compares at least one fact: "
                                    + ", ".join(OBJECT_FACTS)),
        "asked": _obj("an 'asked' check", {
            "kind": {"enum": list(QUESTION_KINDS)}, "offered": _list({}),
            "not_offered": _list({}), "count": NAT, "in": where}, ("kind",)),
        # each check says what it compares: one that compares nothing could never fail
        "linked": _obj("a 'linked' check", {"source": STR, "count": NAT, "cards": ids},
                       ("source",), anyOf=[{"required": [k]} for k in ("count", "cards")],
                       errorMessage="a 'linked' check says what to compare: count or cards"),
        "delayed": _obj("a 'delayed' check", {"source": STR, "count": NAT, "refers_to": ids},
                        anyOf=[{"required": [k]} for k in ("count", "refers_to")],
                        errorMessage="a 'delayed' check says what to compare: count or "
                                     "refers_to",
                        description="the delayed triggered abilities waiting (603.7): how many "
                                    "(of one source), and the objects they refer to"),
        "log": {"type": "object", "title": "a 'log' check", "required": ["key"],
                "properties": {"key": STR, "in": where, "count": NAT}},
        "combat": _obj("a 'combat' check", {
            "step": {"enum": list(STEPS)}, "attacking": {"type": "object"},
            "blocking": {"type": "object"}, "blocked": ids, "damage_step": NAT},
            minProperties=1, errorMessage="a 'combat' check compares at least one of: step, "
                                          "attacking, blocking, blocked, damage_step"),
    }
    assert set(checks) == set(CHECK_KINDS)
    check = _obj("a check", {**checks, "ruling": RULING_ID, "rulings": _list(RULING_ID),
                             "rule": RULE, "rules": _list(RULE), **NOTE})
    return {"check": check}


def _action_defs() -> dict[str, Any]:
    ids = _one_or_list({"type": ["string", "integer"]})
    answer = {"type": "object", "title": "an answer", "minProperties": 1, "maxProperties": 1,
              "properties": {k: {} for k in QUESTION_KINDS}, "additionalProperties": False,
              "errorMessage": "each answer is one 'kind: answer' pair, e.g. {targets: [bob]}"}
    error = {"if": {"type": ["string", "number"]}, "else": _obj("an expected error", {
        "rule": RULE, "contains": STR, "ruling": RULING_ID, "rulings": _list(RULING_ID)},
        anyOf=[{"required": ["rule"]}, {"required": ["contains"]}],
        errorMessage="an expected error names the rule (rule: \"107.3b\") or a text of the "
                     "refusal (contains: ...), or both")}
    props = {
        "cast": STR, "activate": STR, "play": STR,
        "pass": {"anyOf": [{"const": True}, STR],
                 "errorMessage": "pass takes a player's name, or true"},
        "resolve": {"anyOf": [{"type": "integer", "minimum": 1}, {"const": True},
                              {"const": "all"}],
                    "errorMessage": "resolve takes a number of times (1, 2, ...), true, or "
                                    "'all'"},
        "destroy": ids, "exile": ids, "sacrifice": ids, "put_into_graveyard": ids,
        "put_onto_battlefield": ids,
        "damage": _obj("damage", {"amount": NAT, "to": ids}, ("amount", "to")),
        "next_step": {"if": {"type": "boolean"}, "then": {"const": True},
                      "else": {"enum": list(STEPS)}},
        # Attackers: a list (each attacks the only opponent) or {attacker: player or
        # planeswalker}; blockers: {blocker: attacker}; none: null, "none" or [].
        "declare_attackers": {"type": ["null", "string", "array", "object"], "items": STR,
                              "additionalProperties": STR},
        "declare_blockers": {"type": ["null", "string", "array", "object"], "items": STR,
                             "additionalProperties": STR},
        "combat_damage": {"if": {"type": "boolean"}, "then": {"const": True},
                          "else": {"type": "object", "additionalProperties": {
                              "type": "object", "additionalProperties": NAT}}},
        "check": _list({"$ref": "#/$defs/check"}),
        "by": STR, "ability": {"type": "integer", "minimum": 1},
        "answers": _list(answer), "error": error, **NOTE,
    }
    action = _obj("a script step", props,
                  oneOf=[{"required": [a]} for a in ACTIONS],
                  errorMessage="each script step names exactly one action: "
                               + ", ".join(ACTIONS))
    return {"action": action}


def scenario_schema() -> dict[str, Any]:
    setup_object = _text_or(_obj("a set-up object", {
        "card": STR, "id": STR, "tapped": BOOL,
        "counters": {"type": "object", "additionalProperties": NAT},
        "entered_this_turn": BOOL, "attached_to": STR, "token": BOOL, "emblem": BOOL,
        "face_down": BOOL, "attacking": BOOL, "controller": STR, "damage": NAT,
        **SAVED_OBJECT_KEYS}, ()))
    player_setup = _obj("a player's set-up", {
        "life": INT, "mana": {"type": ["string", "object"],
                              "description": "mana symbols such as {2}{U}"},
        **{z: _list({"$ref": "#/$defs/setup_object"}) for z in ZONES}})
    player = {**_obj("a player", {"life": INT, "mana": MANA}), "type": ["object", "null"]}
    none = "a game of Magic has two or more players (100.1)"
    defs = {**card_defs(), **_check_defs(), **_action_defs(),
            "setup_object": setup_object, "player_setup": player_setup}
    return {
        "$schema": DRAFT, "$id": BASE + "scenario.schema.json",
        "title": "mtgrules scenario", "type": "object",
        "required": ["players", "setup"], "additionalProperties": False,
        "properties": {
            "id": STR, "title": STR, "title_fr": STR, "description": STR,
            "description_fr": STR, "seed": NAT, "strict": BOOL,
            "players": {"if": {"type": "array"},
                        "then": {"items": STR, "minItems": 2, "errorMessage": none},
                        "else": {"type": "object", "minProperties": 2, "errorMessage": none,
                                 "additionalProperties": player}},
            "cards": _list({"$ref": "#/$defs/card"}),
            "setup": {"type": "object", "title": "the set-up",
                      "properties": {"turn": {"type": "integer", "minimum": 1},
                                     "active": STR, "step": {"enum": list(STEPS)},
                                     **SAVED_SETUP_KEYS},
                      "additionalProperties": {"$ref": "#/$defs/player_setup"}},
            "script": _list({"$ref": "#/$defs/action"}),
            "expect": _list({"$ref": "#/$defs/check"}),
        },
        "$defs": defs,
    }


def write(folder: Path | None = None) -> list[Path]:
    """Write the schema files shipped in the package (``make schema``)."""
    import json  # here: every check imports this module, only ``make schema`` writes

    folder = folder or Path(__file__).parent
    out = []
    for name, schema in (("scenario.schema.json", scenario_schema()),
                         ("cards.schema.json", card_schema())):
        path = folder / name
        path.write_text(json.dumps(schema, indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")
        out.append(path)
    return out
