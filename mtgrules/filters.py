"""The one filter: which objects a card's words mean ("target Elf", "a spell with mana value 2
or less", "creature tokens you control", "whenever another creature you control dies").

A filter is read once (:func:`parse_filter`) into a :class:`Filter` and evaluated in one
place (:func:`accepts`), wherever a card chooses or counts objects: targets (115.1), trigger
events (603.2), costs (a sacrifice, 118.3), counts ("if you control three or more
creatures"), searches (cascade, 702.85a), what a static ability affects (613.1), what may be
copied as something enters (707.5). Every key it accepts is honoured everywhere; the table
:data:`FILTER_KEYS` says what each one means, with the rule and an example (the card-language
reference, docs/card_language.md, is generated from it).
"""

from __future__ import annotations

import re
from collections import namedtuple
from dataclasses import fields
from functools import cache

from .data import Node
from .frozen import frozen

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .objects import StackItem


# (collections' namedtuple, its fields' types said below for type checkers: typing is not
# imported at run time, and typing.NamedTuple compiles fields annotated with texts, as they are
# here; the first compile() of a process builds the classes of Python's ``ast`` module, 9 M
# instructions of every check.)
class Word(namedtuple("Word", ["kind", "rule", "text", "text_fr", "example"])):
    """One word of the card language: what it takes, its rule, its meaning in English and
    French, and an example ability (YAML) that uses it. docs/card_language.md lists them."""

    __slots__ = ()
    kind: str
    rule: str
    text: str
    text_fr: str
    example: str


#: Comparisons a ``mana_value`` filter may make (202.3).
MANA_VALUE_OPS = ("at_most", "at_least", "less_than", "equals")

_DESTROY = "effects: [{do: destroy, what: target}]"

#: The filter keys: what each one means. Lists of words match when the object has ANY of
#: them (types: [instant, sorcery] is "instant or sorcery"), except supertypes and all_types
#: (ALL of them: all_types: [artifact, creature] is "artifact creature").
FILTER_KEYS: dict[str, Word] = {
    "types": Word("words", "205.2a", "has one of these card types",
                  "a l'un de ces types",
                  "{kind: spell, text: Destroy target artifact., targets: [{type: permanent, "
                  "filter: {types: [artifact]}}], " + _DESTROY + "}"),
    "all_types": Word("words", "205.2a", "has all of these card types (\"artifact creature\")",
                      "a tous ces types (« créature-artefact »)",
                      "{kind: static, text: Artifact creatures you control get +1/+1., "
                      "static: {continuous: {affects: {all_types: [artifact, creature], "
                      "controller: you}, power: 1, toughness: 1}}}"),
    "not_types": Word("words", "205.2a", "has none of these card types (\"noncreature\")",
                      "n'a aucun de ces types (« non-créature »)",
                      "{kind: spell, text: Counter target noncreature spell., targets: "
                      "[{type: spell, filter: {not_types: [creature]}}], "
                      "effects: [{do: counter, what: target}]}"),
    "not_subtypes": Word("words", "205.3", "has none of these subtypes (\"non-Aura\")",
                         "n'a aucun de ces sous-types (« non-Aura »)",
                         "{kind: static, text: Each other non-Aura enchantment is a creature., "
                         "static: {continuous: {affects: {types: [enchantment], not_subtypes: "
                         "[aura], other: true}, types: [creature]}}}"),
    "colors": Word("words", "105.2", "is one of these colors (white, blue, black, red, green)",
                   "est de l'une de ces couleurs (blanc, bleu, noir, rouge, vert)",
                   "{kind: static, text: White creatures you control get +1/+1., static: "
                   "{continuous: {affects: {types: [creature], colors: [white], controller: "
                   "you}, power: 1, toughness: 1}}}"),
    "supertypes": Word("words", "205.4a", "has all of these supertypes (\"legendary\")",
                       "a tous ces supertypes (« légendaire »)",
                       "{kind: spell, text: Destroy target legendary creature., targets: "
                       "[{type: creature, filter: {supertypes: [legendary]}}], "
                       + _DESTROY + "}"),
    "not_supertypes": Word("words", "205.4a", "has none of these supertypes (\"nonbasic\", "
                           "\"nonlegendary\")", "n'a aucun de ces supertypes (« non-base », "
                           "« non-légendaire »)",
                           "{kind: static, text: Nonbasic lands are Mountains., static: "
                           "{continuous: {affects: {types: [land], not_supertypes: [basic]}, "
                           "land_types: [mountain]}}}"),
    "subtypes": Word("words", "205.3", "has one of these subtypes (\"Elf\")",
                     "a l'un de ces sous-types (« Elfe »)",
                     "{kind: spell, text: Destroy target Elf., targets: [{type: creature, "
                     "filter: {subtypes: [elf]}}], " + _DESTROY + "}"),
    "controller": Word("you | opponent | any", "108.4", "who controls it, from the point of "
                       "view of the ability's controller", "qui le contrôle, du point de vue "
                       "du contrôleur de la capacité",
                       "{kind: spell, text: Destroy target creature an opponent controls., "
                       "targets: [{type: creature, filter: {controller: opponent}}], "
                       + _DESTROY + "}"),
    "token": Word("bool", "111.1", "is a token (true) or is not (false)",
                  "est un jeton (true) ou n'en est pas un (false)",
                  "{kind: spell, text: Destroy target creature token., targets: "
                  "[{type: creature, filter: {token: true}}], " + _DESTROY + "}"),
    "kinds": Word("words", "113.1", "on the stack: a spell, an activated ability or a "
                  "triggered ability", "sur la pile : un sort, une capacité activée ou une "
                  "capacité déclenchée",
                  "{kind: spell, text: Counter target triggered ability., targets: "
                  "[{type: stack_ability, filter: {kinds: [triggered]}}], "
                  "effects: [{do: counter, what: target}]}"),
    "copiable": Word("bool", "707.10", "on the stack: an ability that can be copied (true) "
                     "or one that can't (false)", "sur la pile : une capacité qui peut être "
                     "copiée (true) ou non (false)",
                     "{kind: spell, text: Copy target activated or triggered ability you "
                     "control., targets: [{type: stack_ability, filter: {controller: you, "
                     "copiable: true}}], effects: [{do: copy, what: target}]}"),
    "mana_ability": Word("bool", "605.1a", "an activated ability that is a mana ability (true) "
                         "or one that isn't (false)", "une capacité activée qui est une "
                         "capacité de mana (true) ou non (false)",
                         "{kind: triggered, text: \"Whenever you activate an ability that "
                         "isn't a mana ability, you gain 1 life.\", trigger: {event: "
                         "activate, player: you, filter: {mana_ability: false}}, effects: "
                         "[{do: gain_life, amount: 1}]}"),
    "entered_this_turn": Word("bool", "302.6", "came under its controller's control this "
                              "turn (true) or before (false)", "est arrivé sur le champ de "
                              "bataille ce tour-ci (true) ou avant (false)",
                              "{kind: spell, text: Destroy target creature that entered this "
                              "turn., targets: [{type: creature, filter: {entered_this_turn: "
                              "true}}], " + _DESTROY + "}"),
    "other": Word("bool", "109.5", "is not the object the ability comes from (\"another\")",
                  "n'est pas l'objet d'où vient la capacité (« un autre »)",
                  "{kind: activated, text: \"{T}: Tap another target creature.\", cost: "
                  "\"{T}\", targets: [{type: creature, filter: {other: true}}], effects: "
                  "[{do: tap, what: target}]}"),
    "mana_value": Word("{at_most | at_least | less_than | equals: N or X}", "202.3",
                       "its mana value compared with a number, or with X (X counts as its "
                       "value on the stack, 202.3e)", "sa valeur de mana comparée à un nombre, "
                       "ou à X (X vaut sa valeur sur la pile, 202.3e)",
                       "{kind: spell, text: Counter target spell with mana value 2 or less., "
                       "targets: [{type: spell, filter: {mana_value: {at_most: 2}}}], "
                       "effects: [{do: counter, what: target}]}"),
    "power": Word("{at_most | at_least | less_than | equals: N or X}", "208.1",
                  "its power compared with a number (\"with power 2 or less\")",
                  "sa force comparée à un nombre (« de force 2 ou moins »)",
                  "{kind: triggered, text: \"Whenever another creature you control with power "
                  "2 or less enters, you gain 1 life.\", trigger: {event: enters, subject: "
                  "another, filter: {types: [creature], controller: you, power: {at_most: 2}}}, "
                  "effects: [{do: gain_life, amount: 1}]}"),
    "toughness": Word("{at_most | at_least | less_than | equals: N or X}", "208.1",
                      "its toughness compared with a number", "son endurance comparée à un "
                      "nombre",
                      "{kind: spell, text: Destroy target creature with toughness 4 or "
                      "greater., targets: [{type: creature, filter: {toughness: {at_least: "
                      "4}}}], " + _DESTROY + "}"),
}
_WORD_KEYS = ("types", "all_types", "not_types", "supertypes", "not_supertypes", "subtypes",
              "not_subtypes", "kinds")

#: 205.2a: the card types; 205.4a: the supertypes.
CARD_TYPES = ("artifact", "battle", "conspiracy", "creature", "dungeon", "enchantment",
              "instant", "kindred", "land", "phenomenon", "plane", "planeswalker", "scheme",
              "sorcery", "vanguard")
SUPERTYPES = ("basic", "legendary", "ongoing", "snow", "world")
#: The rules that list the subtypes of each card type (205.3g-q).
_SUBTYPE_RULES = ("205.3g", "205.3h", "205.3i", "205.3j", "205.3k", "205.3m", "205.3n",
                  "205.3p", "205.3q")


@cache
def subtypes() -> frozenset[str]:
    """Every subtype the Comprehensive Rules list (205.3g-q), lower case ("urza's",
    "time lord"): read from the shipped rules, not copied here, so a new edition brings its
    new creature types. Read once per version of the rules' file (the cache of parsed files):
    a game that creates a token needs them."""
    from .cr import rules_file
    from .parsecache import cached, file_version

    return cached("cr-subtypes", file_version(rules_file()), _subtypes_listed)


def _subtypes_listed() -> frozenset[str]:
    from .cr import english_text

    names: set[str] = set()
    for number in _SUBTYPE_RULES:
        text = re.sub(r"\s*\(see rules? [^)]*\)", "", english_text(number))
        listed = text.rsplit("long:", 1)[1] if "long:" in text else \
            re.split(r" (?:types? (?:are|is)) ", text, maxsplit=1)[-1]
        listed = re.split(r"\.(?:\s|$)", listed, maxsplit=1)[0]
        names.update(n.strip().lower().replace("\u2019", "'")
                     for n in re.split(r",|\band\b", listed))
    return frozenset(n for n in names if n) | {"time lord"}


def type_words(node: Node, kind: str) -> tuple[str, ...]:
    """A list of card types, supertypes or subtypes (``kind``), lower case; a word the rules
    don't have is refused with its file, line and field, and the nearest words."""
    known: frozenset[str] | tuple[str, ...]
    known, rule, what = {"types": (CARD_TYPES, "205.2a", "card type"),
                         "supertypes": (SUPERTYPES, "205.4a", "supertype"),
                         "subtypes": ((), "205.3", "subtype")}[kind]
    out = []
    for w in node.list(allow_single=True):
        word = w.str().lower()
        if kind == "subtypes":
            known = subtypes()
        if word not in known:
            import difflib

            close = difflib.get_close_matches(word, sorted(known), n=3, cutoff=0.75)
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise w.error(f"'{word}' is not a {what} ({rule}){hint}")
        out.append(word)
    return tuple(out)
#: Color words and their symbols (105.1, 105.2).
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_NUMBER_KEYS = ("mana_value", "power", "toughness")
_BOOL_KEYS = ("token", "copiable", "mana_ability", "entered_this_turn", "other")


@frozen
class Filter:
    """A filter as read from a card (all keys optional; an empty filter accepts everything).
    Evaluate it with :func:`accepts`."""

    types: tuple[str, ...] = ()
    all_types: tuple[str, ...] = ()
    not_types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    not_supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    not_subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()  # symbols: W, U, B, R, G
    controller: str = "any"
    token: bool | None = None
    kinds: tuple[str, ...] = ()
    copiable: bool | None = None
    mana_ability: bool | None = None
    entered_this_turn: bool | None = None
    other: bool = False
    mana_value: tuple[tuple[str, int | str], ...] = ()
    power: tuple[tuple[str, int | str], ...] = ()
    toughness: tuple[tuple[str, int | str], ...] = ()

    def __bool__(self) -> bool:
        return self != EMPTY

    def get(self, key: str, default: Any = None) -> Any:
        """The value of a key as written in the file, or ``default`` when it wasn't given."""
        return self.plain().get(key, default)

    def plain(self) -> dict[str, Any]:
        """The keys that were given, as they would be written in a file."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value == f.default:
                continue
            if f.name in _NUMBER_KEYS:
                value = dict(value)
            elif f.name == "colors":
                value = [w for w, sym in COLORS.items() if sym in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out


EMPTY = Filter()


@frozen
class Perspective:
    """From where a filter is read: who "you" is (the ability's controller, 109.5), the
    object the ability comes from ("another", "this"), the turn, and X (107.3)."""

    you: str
    source_id: str | None = None
    turn: int = 0
    x: int = 0


def parse_filter(node: Node | None, extra: frozenset[str] = frozenset()) -> Filter:
    """Read a filter; an unknown key, a controller that isn't you/opponent/any, or a mana-value
    comparison that isn't known is refused with its file, line and field. ``extra`` keys are
    allowed beside it (a count's at_least) and left to the caller."""
    if node is None:
        return EMPTY
    node.mapping(frozenset(FILTER_KEYS) | extra)
    values: dict[str, Any] = {}
    for key in _WORD_KEYS:
        if node.get(key) is not None:
            kind = key.replace("not_", "").replace("all_", "")
            values[key] = type_words(node[key], kind) if kind != "kinds" else \
                tuple(w.str().lower() for w in node[key].list(allow_single=True))
    for key in _BOOL_KEYS:
        if node.get(key) is not None:
            values[key] = node[key].bool()
    if node.get("colors") is not None:
        values["colors"] = tuple(COLORS[w.choice(tuple(COLORS))] for w in
                                 node["colors"].list(allow_single=True))
    if node.get("controller") is not None:
        values["controller"] = node["controller"].choice(("you", "opponent", "any"))
    for key in _NUMBER_KEYS:
        if node.get(key) is not None:
            values[key] = _parse_comparison(node[key])
    return Filter(**values)


def _parse_comparison(node: Node) -> tuple[tuple[str, int | str], ...]:
    node.mapping(frozenset(MANA_VALUE_OPS))
    if not node.value:
        raise node.error(f"a {node.field} filter compares with at_most, at_least, less_than or "
                         "equals")
    out: list[tuple[str, int | str]] = []
    for op in MANA_VALUE_OPS:
        if node.get(op) is not None:
            out.append((op, "X" if node[op].value == "X" else node[op].int(0)))
    return tuple(out)


def mana_value_ok(flt: Filter, value: int, x: int = 0) -> bool:
    """Does a mana value pass the filter's comparisons? ``X`` reads the ability's X."""
    return _compare(flt.mana_value, value, x)


def _compare(comparisons: tuple[tuple[str, int | str], ...], value: int, x: int) -> bool:
    for op, bound in comparisons:
        limit = x if bound == "X" else int(bound)
        if (op == "at_most" and value > limit) or (op == "at_least" and value < limit) or \
                (op == "less_than" and value >= limit) or (op == "equals" and value != limit):
            return False
    return True


def accepts(flt: Filter, view: Any, at: Perspective, *, item: StackItem | None = None,
            x: int | None = None) -> bool:
    """Does ``flt`` accept this object, seen from ``at``?

    ``view`` is the object as it is (a ``characteristics.View``: a permanent, a card, a spell's
    card on the stack), or ``None`` for an ability on the stack, which has no characteristics
    but its text (113.7, 112.1): then every key about characteristics refuses it. ``item`` is
    the stack object when the thing looked at is on the stack (its kind, controller, X and
    whether it can be copied). ``x`` is the X of a spell whose card ``view`` is (202.3e)."""
    if flt.kinds and (item is None or item.kind not in flt.kinds):
        return False
    controller = item.controller if item is not None else view.controller
    if flt.controller != "any" and (flt.controller == "you") != (controller == at.you):
        return False
    if flt.copiable is not None:
        ability = item.ability if item is not None else None
        if ability is None or ability.copiable != flt.copiable:
            return False
    if flt.mana_ability is not None:
        ability = item.ability if item is not None else None
        if ability is None or bool(ability.mana_ability) != flt.mana_ability:
            return False
    if view is None:
        return not _about_characteristics(flt)
    return _characteristics_ok(flt, view, at, item.x if item is not None and x is None
                               else (x or 0))


def _about_characteristics(flt: Filter) -> bool:
    return bool(flt.types or flt.all_types or flt.not_types or flt.supertypes or flt.subtypes
                or flt.not_supertypes
                or flt.mana_value or flt.not_subtypes or flt.colors or flt.power or flt.toughness
                or flt.token is not None or flt.entered_this_turn is not None)


def _characteristics_ok(flt: Filter, view: Any, at: Perspective, x: int) -> bool:
    chars = view.chars
    # any(map(has, wanted)): no generator frame per test (a filter is asked thousands of times)
    if flt.types and not any(map(chars.card_types.__contains__, flt.types)):
        return False
    if flt.all_types and not all(map(chars.card_types.__contains__, flt.all_types)):
        return False
    if flt.not_types and any(map(chars.card_types.__contains__, flt.not_types)):
        return False
    if flt.supertypes and not all(map(chars.supertypes.__contains__, flt.supertypes)):
        return False
    if flt.not_supertypes and any(map(chars.supertypes.__contains__, flt.not_supertypes)):
        return False
    if flt.subtypes and not any(map(chars.subtypes.__contains__, flt.subtypes)):
        return False
    if flt.not_subtypes and any(map(chars.subtypes.__contains__, flt.not_subtypes)):
        return False
    if flt.colors and not any(map(chars.colors.__contains__, flt.colors)):
        return False
    if flt.token is not None and bool(view.is_token) != flt.token:
        return False
    if flt.entered_this_turn is not None and \
            (view.entered_turn == at.turn) != flt.entered_this_turn:
        return False
    if flt.other and view.id == at.source_id:
        return False
    if flt.power and (chars.power is None or not _compare(flt.power, chars.power, at.x)):
        return False
    if flt.toughness and (chars.toughness is None
                          or not _compare(flt.toughness, chars.toughness, at.x)):
        return False
    return not flt.mana_value or mana_value_ok(flt, chars.mana_value(x), at.x)


# --- conditions: counts of what a filter accepts ---------------------------------------------

#: The words of a condition ("if you control three or more creatures", "if you have 25 or
#: more life"): checked as an effect says (608.2c) or, for an intervening "if" clause, both
#: when the ability would trigger and as it resolves (603.4).
CONDITION_KEYS: dict[str, Word] = {
    "you_control": Word("a filter, with at_least / at_most", "603.4",
                        "you control at least (or at most) this many objects the filter "
                        "accepts", "vous contrôlez au moins (ou au plus) autant d'objets "
                        "acceptés par le filtre",
                        "{kind: triggered, text: \"When this creature enters, if you control "
                        "three or more creatures, draw a card.\", trigger: {event: enters, "
                        "subject: self}, if: {you_control: {types: [creature], at_least: 3}}, "
                        "effects: [{do: draw, amount: 1}]}"),
    "life_at_least": Word("int", "603.4", "your life total is at least this number",
                          "votre total de points de vie est au moins ce nombre",
                          "{kind: triggered, text: \"At the beginning of combat on your turn, "
                          "if you have 25 or more life, draw a card.\", trigger: {event: "
                          "beginning_of_combat, player: you}, if: {life_at_least: 25}, "
                          "effects: [{do: draw, amount: 1}]}"),
    "kicked": Word("bool", "702.33d", "the spell was kicked (its kicker cost was paid as it "
                   "was cast); a copy of a kicked spell is kicked too (707.10)",
                   "le sort a été kické (son coût de kicker a été payé quand il a été lancé) ; "
                   "la copie d'un sort kické l'est aussi (707.10)",
                   "{kind: spell, text: \"Burst Lightning deals 2 damage to any target. If this "
                   "spell was kicked, it deals 4 damage instead.\", targets: [{type: any}], "
                   "effects: [{do: damage, to: target, amount: 2, instead: {if: {kicked: true}, "
                   "amount: 4}}]}"),
}


@frozen
class Condition:
    """A condition as read from a card: every part given must hold."""

    you_control: Filter | None = None
    at_least: int | None = None
    at_most: int | None = None
    life_at_least: int | None = None
    kicked: bool | None = None

    def plain(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.you_control is not None:
            control = self.you_control.plain()
            for key in ("at_least", "at_most"):
                if getattr(self, key) is not None:
                    control[key] = getattr(self, key)
            out["you_control"] = control
        if self.life_at_least is not None:
            out["life_at_least"] = self.life_at_least
        if self.kicked is not None:
            out["kicked"] = self.kicked
        return out


def parse_condition(node: Node) -> Condition:
    node.mapping(frozenset(CONDITION_KEYS))
    if not node.value:
        raise node.error("a condition names one of: " + ", ".join(CONDITION_KEYS))
    values: dict[str, Any] = {}
    if node.get("you_control") is not None:
        control = node["you_control"]
        values["you_control"] = parse_filter(control, frozenset({"at_least", "at_most"}))
        bounds = {k: control[k].int(0) for k in ("at_least", "at_most")
                  if control.get(k) is not None}
        values.update(bounds)
        if not bounds:
            values["at_least"] = 1
    if node.get("life_at_least") is not None:
        values["life_at_least"] = node["life_at_least"].int()
    if node.get("kicked") is not None:
        values["kicked"] = node["kicked"].bool()
    return Condition(**values)


def condition_holds(cond: Condition, views: Any, at: Perspective, life: int,
                    kicked: bool = False) -> bool:
    """Does the condition hold for ``at.you``? ``views`` are the permanents on the
    battlefield (characteristics.compute_all), ``life`` that player's life total, ``kicked``
    whether the spell whose condition it is was kicked (702.33d)."""
    if cond.kicked is not None and cond.kicked != kicked:
        return False
    if cond.you_control is not None:
        n = sum(1 for v in views if v.controller == at.you and accepts(cond.you_control, v, at))
        if (cond.at_least is not None and n < cond.at_least) or \
                (cond.at_most is not None and n > cond.at_most):
            return False
    return cond.life_at_least is None or life >= cond.life_at_least
