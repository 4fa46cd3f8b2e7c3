"""Continuous effects as data (611, 613): what an effect does in each layer, and the record of an
effect created by a resolving spell or ability.

A continuous effect comes from a static ability (611.3: it applies to whatever matches at each
moment) or from a resolved spell or ability (611.2: the objects it affects are fixed when it is
created, 611.2c). Both say what they do with one :class:`Modification`; the layers
(characteristics.py) apply its parts in order (613.1, 613.4): control in layer 2, types in 4,
color in 5, abilities in 6, power and toughness in 7a-7d.

This module imports nothing from the engine, so the vocabulary (abilities.py) can parse into it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: The layers and sublayers the kit applies, in order (613.1, 613.4). Layer 1 (copy effects)
#: is the object's copiable values (GameObject.copiable_values); layer 3 (text) is not built.
LAYERS = ("2", "4", "5", "6", "7a", "7b", "7c", "7d")
#: Values a characteristic-defining or setting effect may give power or toughness besides a
#: number (604.3, 613.4a-b): the object's own mana value, its controller's life total, the
#: number of creatures its controller controls.
PT_VALUES = ("mana_value", "life_total", "creatures_you_control")
#: How long an effect from a resolved spell or ability lasts (611.2a, 514.2).
DURATIONS = ("end_of_turn", "indefinite")


@dataclass(frozen=True, slots=True)
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

    @property
    def layers(self) -> tuple[str, ...]:
        """The layers (and sublayers) this effect has a part in, in order (613.6)."""
        parts = {
            "2": self.control is not None,
            "4": bool(self.types or self.subtypes or self.creature_types is not None),
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


@dataclass(frozen=True, slots=True)
class StaticEffect:
    """The effect a static ability generates (611.3): what it affects, looked at again each time
    characteristics are worked out (611.3a), and what it does.

    ``affects`` is ``"self"``, ``"equipped_creature"``, ``"enchanted_creature"`` or a filter
    (a frozen mapping, as abilities.parse_filter returns); ``condition`` ``"attacking"`` limits
    it to an affected object that is attacking."""

    affects: Any
    modification: Modification
    condition: str | None = None


@dataclass(frozen=True, slots=True)
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


_COLOR_WORDS = {"W": ("white", "blanc"), "U": ("blue", "bleu"), "B": ("black", "noir"),
                "R": ("red", "rouge"), "G": ("green", "vert")}


def describe(m: Modification, lang: str = "en") -> str:
    """What the effect does, in words, layer by layer (for the log and the diagrams).

    >>> describe(Modification(power=3, toughness=3))
    'gets +3/+3'
    >>> describe(Modification(colors=("U",), loses_all_abilities=True, base_power=1,
    ...                       base_toughness=1), "fr")
    'devient bleu ; perd toutes ses capacités ; force et endurance de base 1/1'
    """
    fr = lang == "fr"
    parts = []
    if m.control is not None:
        parts.append(f"contrôlé par {m.control}" if fr else f"controlled by {m.control}")
    added = [*m.types, *m.subtypes, *(m.creature_types or ())]
    if added:
        parts.append(("devient " if fr else "becomes ") + " ".join(added))
    if m.colors is not None:
        words = [_COLOR_WORDS[c][fr] for c in m.colors] or (["incolore"] if fr else ["colorless"])
        parts.append(("devient " if fr else "becomes ") + (" et " if fr else " and ").join(words))
    if m.loses_all_abilities:
        parts.append("perd toutes ses capacités" if fr else "loses all abilities")
    if m.loses:
        parts.append(("perd " if fr else "loses ") + ", ".join(m.loses))
    if m.gains:
        names = ", ".join((a.text_fr if fr else a.text) or a.kind for a in m.gains)
        parts.append(("gagne " if fr else "gains ") + names)
    if m.base_power is not None or m.base_toughness is not None:
        pt = f"{_pt_word(m.base_power, fr)}/{_pt_word(m.base_toughness, fr)}"
        parts.append(f"force et endurance de base {pt}" if fr else f"base power and toughness {pt}")
    if m.power or m.toughness:
        parts.append(("gagne " if fr else "gets ") + f"{m.power:+d}/{m.toughness:+d}")
    if m.switch:
        parts.append("échange sa force et son endurance" if fr
                     else "switches its power and toughness")
    return " ; ".join(parts) if fr else "; ".join(parts)


def _pt_word(value: int | str | None, fr: bool) -> str:
    words = {"mana_value": ("its mana value", "sa valeur de mana"),
             "life_total": ("your life total", "votre total de points de vie"),
             "creatures_you_control": ("the number of creatures you control",
                                       "le nombre de créatures que vous contrôlez")}
    if isinstance(value, str):
        return words[value][fr]
    return "—" if value is None else str(value)
