"""Continuous effects as data (611, 613): what an effect does in each layer, and the record of an
effect created by a resolving spell or ability.

A continuous effect comes from a static ability (611.3: it applies to whatever matches at each
moment) or from a resolved spell or ability (611.2: the objects it affects are fixed when it is
created, 611.2c). Both say what they do with one :class:`Modification`; the layers
(characteristics.py) apply its parts in order (613.1, 613.4): control in layer 2, types in 4,
color in 5, abilities in 6, power and toughness in 7a-7d.

This module imports nothing from the engine but the filter's ``Word`` and the French words of
mtgrules.text, so the vocabulary (abilities.py) can parse into it. Its tables
(:data:`MODIFICATION_KEYS`, :data:`AFFECTS_WORDS`, :data:`PT_VALUE_WORDS`,
:data:`DURATION_WORDS`) give each word its rule, meaning in English and French, and an example
ability, for the card-language reference.
"""

from __future__ import annotations

import re
from dataclasses import field
from functools import cache

from .filters import COLORS, Word
from .frozen import frozen
from .text.grammar import PROPER, Grammar
from .text.typeline import CARD_TYPES_FR, COLORS_FR, SUBTYPES_FR, keyword_with_article

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any


def _anthem(part: str) -> str:
    return ("{kind: static, text: Creatures you control ..., static: {continuous: "
            "{affects: {types: [creature], controller: you}, " + part + "}}}")


def _spell(text: str, part: str) -> str:
    return ("{kind: spell, text: \"" + text + "\", targets: [{type: creature}], effects: "
            "[{do: continuous, what: target, " + part + "}]}")


#: What a continuous effect may do, one key each (the ``continuous`` static ability and the
#: ``continuous`` effect both take them): the layer (613.1) and an example.
MODIFICATION_KEYS: dict[str, Word] = {
    "control": Word("you", "613.1b", "layer 2: you gain control of it",
                    "couche 2 : vous en acquérez le contrôle",
                    _spell("Gain control of target creature until end of turn.",
                           "control: you")),
    "types": Word("words", "613.1d", "layer 4: it is these card types in addition to its "
                  "others", "couche 4 : il a ces types en plus des autres",
                  _spell("Target creature becomes an artifact in addition to its other types "
                         "until end of turn.", "types: [artifact]")),
    "subtypes": Word("words", "613.1d", "layer 4: it has these subtypes in addition to its "
                     "others", "couche 4 : il a ces sous-types en plus des autres",
                     _spell("Target creature becomes a Zombie in addition to its other types "
                            "until end of turn.", "subtypes: [zombie]")),
    "creature_types": Word("words", "205.1b", "layer 4: these are its creature types, instead "
                           "of its others (\"becomes a Frog\")", "couche 4 : ce sont ses types "
                           "de créature, à la place des autres (« devient une Grenouille »)",
                           _spell("Target creature becomes a Frog until end of turn.",
                                  "creature_types: [frog]")),
    "land_types": Word("words", "305.7", "layer 4: these are its land types, instead of its "
                       "others (\"Nonbasic lands are Mountains\"); a land whose land type is "
                       "set to a basic land type loses the abilities of its rules text and "
                       "gains the mana ability of each new type (305.6)",
                       "couche 4 : ce sont ses types de terrain, à la place des autres (« Les "
                       "terrains non-base sont des Montagnes ») ; un terrain dont le type de "
                       "terrain devient un type de terrain de base perd les capacités de son "
                       "texte et acquiert la capacité de mana de chaque nouveau type (305.6)",
                       "{kind: static, text: Nonbasic lands are Mountains., static: "
                       "{continuous: {affects: {types: [land], not_supertypes: [basic]}, "
                       "land_types: [mountain]}}}"),
    "colors": Word("words", "613.1e", "layer 5: it is these colors, instead of its others",
                   "couche 5 : il est de ces couleurs, à la place des autres",
                   _spell("Target creature becomes blue until end of turn.", "colors: [blue]")),
    "gains": Word("abilities", "613.1f", "layer 6: it gains these abilities (a keyword's name "
                  "or a whole ability)", "couche 6 : il acquiert ces capacités (le nom d'un "
                  "mot-clé ou une capacité entière)",
                  _spell("Target creature gains flying until end of turn.", "gains: [flying]")),
    "loses_all_abilities": Word("bool", "613.1f", "layer 6: it loses all abilities",
                                "couche 6 : il perd toutes ses capacités",
                                _spell("Target creature loses all abilities until end of turn.",
                                       "loses_all_abilities: true")),
    "loses": Word("words", "613.1f", "layer 6: it loses these keyword abilities",
                  "couche 6 : il perd ces capacités mot-clé",
                  _spell("Target creature loses flying until end of turn.",
                         "loses: [flying]")),
    "characteristic_defining": Word(
        "bool", "604.3", "a characteristic-defining ability: it defines its own object's power "
        "and toughness (layer 7a) in every zone", "une capacité de définition de "
        "caractéristiques : elle définit la force et l'endurance de son propre objet (couche "
        "7a) dans toutes les zones",
        "{kind: static, text: This creature's power and toughness are each equal to the "
        "number of creatures you control., static: {continuous: {affects: self, "
        "characteristic_defining: true, base_power: creatures_you_control, base_toughness: "
        "creatures_you_control}}}"),
    "base_power": Word("pt_value", "613.4b", "layer 7b (7a if characteristic-defining): its "
                       "power is set to this", "couche 7b (7a pour une capacité de définition "
                       "de caractéristiques) : sa force est fixée à cette valeur",
                       _anthem("base_power: 1, base_toughness: 1")),
    "base_toughness": Word("pt_value", "613.4b", "layer 7b (7a if characteristic-defining): its "
                           "toughness is set to this", "couche 7b (7a pour une capacité de "
                           "définition de caractéristiques) : son endurance est fixée à cette "
                           "valeur", _anthem("base_power: 1, base_toughness: 1")),
    "power": Word("int", "613.4c", "layer 7c: it gets +N (or -N) power",
                  "couche 7c : il gagne +N (ou -N) en force",
                  _anthem("power: 1, toughness: 1")),
    "toughness": Word("int", "613.4c", "layer 7c: it gets +N (or -N) toughness",
                      "couche 7c : il gagne +N (ou -N) en endurance",
                      _anthem("power: 0, toughness: 2")),
    "switch": Word("bool", "613.4d", "layer 7d: its power and toughness are switched",
                   "couche 7d : sa force et son endurance sont échangées",
                   _spell("Switch target creature's power and toughness until end of turn.",
                          "switch: true")),
}
#: What a ``continuous`` static ability affects, besides a filter (613.1, 611.3a).
AFFECTS_WORDS: dict[str, Word] = {
    "self": Word("word", "611.3a", "the object the ability is on", "l'objet qui a la capacité",
                 "{kind: static, text: This creature gets +1/+1., static: {continuous: "
                 "{affects: self, power: 1, toughness: 1}}}"),
    "equipped_creature": Word("word", "301.5a", "the creature this Equipment is attached to",
                              "la créature à laquelle cet équipement est attaché",
                              "{kind: static, text: Equipped creature gets +2/+0., static: "
                              "{continuous: {affects: equipped_creature, power: 2}}}"),
    "enchanted_creature": Word("word", "303.4a", "the creature this Aura is attached to",
                               "la créature à laquelle cette Aura est attachée",
                               "{kind: static, text: Enchanted creature gets +1/+2., static: "
                               "{continuous: {affects: enchanted_creature, power: 1, "
                               "toughness: 2}}}"),
    "enchanted_permanent": Word("word", "303.4a", "the permanent this Aura is attached to",
                                "le permanent auquel cette Aura est attachée",
                                "{kind: static, text: Enchanted permanent is blue., static: "
                                "{continuous: {affects: enchanted_permanent, colors: [blue]}}}"),
    "filter": Word("filter", "611.3a", "every permanent the filter accepts, looked at again at "
                   "each moment", "chaque permanent accepté par le filtre, revu à chaque "
                   "instant", _anthem("power: 1, toughness: 1")),
}
#: Values power or toughness may be set to besides a number (604.3, 613.4a-b).
PT_VALUE_WORDS: dict[str, Word] = {
    "mana_value": Word("word", "202.3", "its own mana value", "sa propre valeur de mana",
                       "{kind: static, text: Each noncreature artifact is an artifact creature "
                       "with power and toughness each equal to its mana value., static: "
                       "{continuous: {affects: {types: [artifact], not_types: [creature]}, "
                       "types: [creature], base_power: mana_value, base_toughness: "
                       "mana_value}}}"),
    "life_total": Word("word", "119.1", "its controller's life total",
                       "le total de points de vie de son contrôleur",
                       "{kind: static, text: This creature's power and toughness are each "
                       "equal to your life total., static: {continuous: {affects: self, "
                       "characteristic_defining: true, base_power: life_total, base_toughness: "
                       "life_total}}}"),
    "creatures_you_control": Word("word", "604.3", "the number of creatures its controller "
                                  "controls", "le nombre de créatures que contrôle son "
                                  "contrôleur", MODIFICATION_KEYS["characteristic_defining"]
                                  .example),
    "lands_you_control": Word("word", "604.3", "the number of lands its controller controls",
                              "le nombre de terrains que contrôle son contrôleur",
                              "{kind: static, text: This creature's power and toughness are "
                              "each equal to the number of lands you control., static: "
                              "{continuous: {affects: self, characteristic_defining: true, "
                              "base_power: lands_you_control, base_toughness: "
                              "lands_you_control}}}"),
}
#: How long a ``continuous`` effect from a resolved spell or ability lasts (611.2a).
DURATION_WORDS: dict[str, Word] = {
    "end_of_turn": Word("word", "514.2", "until end of turn: it ends in the cleanup step",
                        "jusqu'à la fin du tour : il prend fin lors de l'étape de nettoyage",
                        _spell("Target creature gets +3/+3 until end of turn.",
                               "duration: end_of_turn, power: 3, toughness: 3")),
    "indefinite": Word("word", "611.2a", "for the rest of the game (while its objects stay)",
                       "pour le reste de la partie (tant que ses objets restent)",
                       _spell("Target creature becomes a Frog.", "duration: indefinite, "
                              "creature_types: [frog]")),
}

#: The basic land types and the mana each one's intrinsic ability adds (305.6).
BASIC_LAND_MANA = {"plains": "{W}", "island": "{U}", "swamp": "{B}", "mountain": "{R}",
                   "forest": "{G}"}


@cache
def land_types() -> frozenset[str]:
    """The land types listed in 205.3i, lower case ("urza's", "power-plant")."""
    from .cr import english_text
    listed = english_text("205.3i").split("The land types are", 1)[1].split(".", 1)[0]
    names = {n.strip().lower().replace("\u2019", "'") for n in re.split(r",|\band\b", listed)}
    return frozenset(n for n in names if n) | frozenset(BASIC_LAND_MANA)


#: The layers and sublayers the kit applies, in order (613.1, 613.4). Layer 1 (copy effects)
#: is the object's copiable values (GameObject.copiable_values); layer 3 (text) is not built.
LAYERS = ("2", "4", "5", "6", "7a", "7b", "7c", "7d")
#: Values a characteristic-defining or setting effect may give power or toughness besides a
#: number (604.3, 613.4a-b): the object's own mana value, its controller's life total, the
#: number of creatures its controller controls.
PT_VALUES = tuple(PT_VALUE_WORDS)
#: How long an effect from a resolved spell or ability lasts (611.2a, 514.2).
DURATIONS = tuple(DURATION_WORDS)


@frozen
class Modification:
    """What a continuous effect does to each object it affects, by layer (613.1).

    >>> m = Modification(colors=("U",), creature_types=("frog",), loses_all_abilities=True,
    ...                  base_power=1, base_toughness=1)
    >>> m.layers
    ('4', '5', '6', '7b')
    """

    control: str | None = None  # 2: the player who gains control
    types: tuple[str, ...] = ()  # 4: card types added ("in addition to its other types")
    subtypes: tuple[str, ...] = ()  # 4: subtypes added
    creature_types: tuple[str, ...] | None = None  # 4: "becomes a Frog": replaces (205.1b)
    land_types: tuple[str, ...] | None = None  # 4: "is a Mountain": replaces (205.1b, 305.7)
    colors: tuple[str, ...] | None = None  # 5: "becomes blue": replaces its colors (105.3)
    gains: tuple[Any, ...] = ()  # 6: abilities added (AbilityDef)
    loses_all_abilities: bool = False  # 6
    loses: tuple[str, ...] = ()  # 6: keyword abilities removed ("loses flying")
    defines: bool = False  # a characteristic-defining ability (604.3): 7a, and first in 2-6
    base_power: int | str | None = None  # 7a (defines) or 7b: a number or one of PT_VALUES
    base_toughness: int | str | None = None
    power: int = 0  # 7c: "gets +N/+N"
    toughness: int = 0
    switch: bool = False  # 7d
    #: The layers (and sublayers) this effect has a part in, in order (613.6): worked out
    #: once, and a plain field rather than a property (a Python call on each read): it is
    #: read for each effect in each layer every time characteristics are computed
    #: (thousands of times in a check of the shipped scenarios)
    layers: tuple[str, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layers", self._find_layers())

    def _find_layers(self) -> tuple[str, ...]:
        parts = {
            "2": self.control is not None,
            "4": bool(self.types or self.subtypes or self.creature_types is not None
                      or self.land_types is not None),
            "5": self.colors is not None,
            "6": bool(self.gains or self.loses_all_abilities or self.loses),
            "7a": self.defines and self._sets_pt,
            "7b": not self.defines and self._sets_pt,
            "7c": bool(self.power or self.toughness),
            "7d": self.switch,
        }
        return tuple(layer for layer in LAYERS if parts[layer])

    @property
    def _sets_pt(self) -> bool:
        return self.base_power is not None or self.base_toughness is not None


@frozen
class StaticEffect:
    """The effect a static ability generates (611.3): what it affects, looked at again each time
    characteristics are worked out (611.3a), and what it does.

    ``affects`` is ``"self"``, ``"equipped_creature"``, ``"enchanted_creature"`` or a filter
    (a frozen mapping, as abilities.parse_filter returns); ``condition`` ``"attacking"`` limits
    it to an affected object that is attacking."""

    affects: Any
    modification: Modification
    condition: str | None = None


@frozen
class ContinuousEffect:
    """A continuous effect created by a resolving spell or ability (611.2). Which objects it
    affects was fixed when it was created (611.2c): each as that object, so it stops when the
    object leaves its zone (400.7). Its timestamp is when it was created (613.7b)."""

    modification: Modification
    objects: tuple[tuple[str, int], ...]  # (id, zone-change count)
    timestamp: int
    controller: str  # who controlled the spell or ability that created it
    source: str = ""  # the id of its source, to show
    duration: str = "end_of_turn"
    rule: str = "611.2c"

    def __deepcopy__(self, memo: dict) -> ContinuousEffect:
        return self  # immutable: snapshots share it

    def affects(self, obj_id: str, zcc: int) -> bool:
        return (obj_id, zcc) in self.objects


_COLOR_NAMES = {symbol: name for name, symbol in COLORS.items()}  # "W": "white"


def describe(m: Modification, lang: str = "en", controller: str | None = None,
             grammar: Grammar = PROPER) -> str:
    """What the effect does, in words, layer by layer (for the log and the diagrams).
    ``controller`` is how the effect's controller reads in a sentence ("Bob"): a control
    effect gives the object to them, so the words name them rather than "you" (613.1b).
    ``grammar`` is the French grammar of the object it affects: the verbs, possessives and
    colors agree with it (« les Grizzlis échangent leur force et leur endurance »).

    >>> describe(Modification(power=3, toughness=3))
    'gets +3/+3'
    >>> describe(Modification(colors=("U",), loses_all_abilities=True, base_power=1,
    ...                       base_toughness=1), "fr")
    'devient bleu ; perd toutes ses capacités ; force et endurance de base 1/1'
    >>> describe(Modification(switch=True, colors=("W",)), "fr", grammar=Grammar.parse("les f"))
    'deviennent blanches ; échangent leur force et leur endurance'
    >>> describe(Modification(control="you"), "fr", "Alice")
    "sous le contrôle d'Alice"
    """
    if lang == "fr":
        return " ; ".join(_describe_fr(m, controller, grammar))
    parts = []
    if m.control is not None:
        parts.append("under your control" if controller is None
                     else f"under {controller}'s control")
    # as the French says it: types added (205.1b), creature types set (layer 4, 613.1d)
    added = [*m.types, *(t.capitalize() for t in m.subtypes)]
    if added:
        parts.append(f"also has the type{'s' if len(added) > 1 else ''} {_and_en(added)}")
    if m.creature_types is not None:
        names = [t.capitalize() for t in m.creature_types]
        parts.append(f"has {_and_en(names)} as its only creature type"
                     f"{'s' if len(names) > 1 else ''}" if names
                     else "has no creature type any more")
    if m.land_types is not None:  # 305.7: set, not added
        parts.append("land type " + " ".join(t.capitalize() for t in m.land_types)
                     + ", instead of its others (305.7)")
    if m.colors is not None:
        parts.append("becomes " + (" and ".join(_COLOR_NAMES[c] for c in m.colors)
                                   or "colorless"))
    if m.loses_all_abilities:
        parts.append("loses all abilities")
    if m.loses:
        parts.append("loses " + ", ".join(m.loses))
    if m.gains:
        parts.append("gains " + ", ".join(_gained_en(a) for a in m.gains))
    if m.base_power is not None or m.base_toughness is not None:
        pt = f"{_pt_word(m.base_power, False)}/{_pt_word(m.base_toughness, False)}"
        parts.append(f"base power and toughness {pt}")
    if m.power or m.toughness:
        parts.append(f"gets {m.power:+d}/{m.toughness:+d}")
    if m.switch:
        parts.append("switches its power and toughness")
    return "; ".join(parts)


def _describe_fr(m: Modification, controller: str | None, g: Grammar) -> list[str]:
    """The French of :func:`describe`, agreeing with ``g``. Keywords are lower case with their
    article and subtypes capitalised, as in French rules text (« acquiert la célérité », « le
    type de créature Grenouille »)."""
    parts = []
    if m.control is not None:
        if controller is None:
            parts.append("sous votre contrôle")
        else:
            de = "d'" if controller[:1].lower() in "aeiouyàâéèêîôû" else "de "
            parts.append(f"sous le contrôle {de}{controller}")
    added = [CARD_TYPES_FR.get(t, t) for t in m.types] + [_subtype_fr(t) for t in m.subtypes]
    if added:
        kind = "le type" if len(added) == 1 else "les types"
        parts.append(f"{g.agree(['a', 'ont'])} aussi {kind} {_and_fr(added)}")
    if m.creature_types is not None:
        names = [_subtype_fr(t) for t in m.creature_types]
        parts.append(f"{g.agree(['a', 'ont'])} pour seul type de créature {names[0]}"
                     if len(names) == 1 else
                     f"{g.agree(['a', 'ont'])} pour seuls types de créature {_and_fr(names)}"
                     if names else f"n'{g.agree(['a', 'ont'])} plus aucun type de créature")
    if m.land_types is not None:  # 305.7: set, not added
        lands = [_subtype_fr(t) for t in m.land_types]
        parts.append("type de terrain : " + " et ".join(lands) + ", à la place des autres (305.7)")
    if m.colors is not None:
        words = [g.agree(COLORS_FR[_COLOR_NAMES[c]]) for c in m.colors] \
            or [g.agree(["incolore", "incolore", "incolores", "incolores"])]
        parts.append(f"{g.agree(['devient', 'deviennent'])} {_and_fr(words)}")
    if m.loses_all_abilities:
        parts.append(f"{g.agree(['perd', 'perdent'])} toutes {g.possessive('ses')} capacités")
    if m.loses:
        parts.append(f"{g.agree(['perd', 'perdent'])} "
                     + _and_fr([keyword_with_article(k) for k in m.loses]))
    if m.gains:
        parts.append(f"{g.agree(['acquiert', 'acquièrent'])} " + _and_fr(
            [keyword_with_article(a.text_fr or a.keyword) if a.keyword
             else f"« {a.text_fr or a.text or a.kind} »" for a in m.gains]))
    if m.base_power is not None or m.base_toughness is not None:
        pt = f"{_pt_word(m.base_power, True, g)}/{_pt_word(m.base_toughness, True, g)}"
        parts.append(f"force et endurance de base {pt}")
    if m.power or m.toughness:
        parts.append(f"{g.agree(['gagne', 'gagnent'])} {m.power:+d}/{m.toughness:+d}")
    if m.switch:
        parts.append(f"{g.agree(['échange', 'échangent'])} {g.possessive('sa')} force et "
                     f"{g.possessive('son')} endurance")
    return parts


def _gained_en(ability: Any) -> str:
    """A gained ability in an English sentence: a keyword in lower case, its own words kept
    ("protection from white"), reminder text left out; other abilities quoted."""
    if not ability.keyword:
        return f"\u201c{ability.text or ability.kind}\u201d"
    text = (ability.text or ability.keyword).split(" (")[0]
    return text[:1].lower() + text[1:]


def _subtype_fr(subtype: str) -> str:
    """A subtype in French running text: capitalised (« un Elfe », « une Illusion »)."""
    word = SUBTYPES_FR.get(subtype, subtype)
    return word[:1].upper() + word[1:]


def _and_en(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _and_fr(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " et " + words[-1] if len(words) > 1 else "".join(words)


def _pt_word(value: int | str | None, fr: bool, g: Grammar = PROPER) -> str:
    words = {"mana_value": ("its mana value", f"{g.possessive('sa')} valeur de mana"),
             "life_total": ("your life total", "votre total de points de vie"),
             "creatures_you_control": ("the number of creatures you control",
                                       "le nombre de créatures que vous contrôlez"),
             "lands_you_control": ("the number of lands you control",
                                   "le nombre de terrains que vous contrôlez")}
    if isinstance(value, str):
        return words[value][fr]
    return "—" if value is None else str(value)
