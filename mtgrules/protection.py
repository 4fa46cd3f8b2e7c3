"""Protection (702.16): what "protection from [quality]" does, read in one place.

The four things it does are remembered as DEBT: **D**amage from a source with the quality is
prevented (702.16e, a prevention effect applied through replacement.py); the permanent can't be
**E**nchanted by Auras, nor equipped or fortified, with the quality (702.16c, 702.16d: those
attached fall off as state-based actions, 704.5m, 704.5n); as an attacking creature it can't be
**B**locked by creatures with the quality (702.16f); it can't be **T**argeted by spells with the
quality or abilities from sources with it (702.16b). Nothing else: a spell that doesn't target
("destroy all creatures") still affects it.

A quality (``abilities.Quality``) is read by the one filter (filters.accepts), from the point of
view of the protected permanent's controller. A protection gained from a resolving effect ("gains
protection from the color of your choice until end of turn") is a layer-6 continuous effect like
any ability gained (613.1f); its color is chosen as the effect resolves (608.2d):
:func:`choose_qualities`.

>>> from mtgrules.abilities import PROTECTION_QUALITIES, protection_ability
>>> ward = protection_ability(PROTECTION_QUALITIES["red"])
>>> ward.text, ward.text_fr
('Protection from red', 'Protection contre le rouge')
"""

from __future__ import annotations

from .abilities import (
    PROTECTION_QUALITIES,
    AbilityDef,
    Characteristics,
    protection_ability,
    protections,
)
from .characteristics import View, compute
from .choices import Option, Question
from .continuous import Modification
from .filters import Perspective
from .frozen import frozen, replace
from .objects import StackItem, State
from .text import Name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game


@frozen
class _Seen:
    """An object as a quality looks at it when no view is at hand (an Aura's characteristics
    now and its controller)."""

    chars: Characteristics
    controller: str
    id: str = ""
    is_token: bool = False
    entered_turn: int | None = None


def protections_from(protected: Characteristics, source: Any, controller: str | None
                     ) -> list[AbilityDef]:
    """The protection abilities of an object with ``protected``'s characteristics (as they are
    now: granted ones included) whose quality ``source`` has (702.16a): ``source`` is a view
    of the other object (a permanent, a spell's card, an ability's source as it is or last
    existed), or None when there is no object (then only protection from everything applies,
    702.16j). ``controller``: the protected object's controller, the filter's "you"."""
    found = protections(protected)
    if not found:  # (the usual case: no perspective to make)
        return []
    at = Perspective(controller or "")
    return [a for a, quality in found if quality.matches(source, at)]


def protected_from(protected: View, source: Any) -> AbilityDef | None:
    """The first protection ability of ``protected`` against ``source``, or None."""
    found = protections_from(protected.chars, source, protected.controller)
    return found[0] if found else None


def attached_with(protected: Characteristics, controller: str | None, attached: Characteristics,
                  attached_controller: str) -> AbilityDef | None:
    """702.16c, 702.16d: the protection that keeps an Aura, Equipment or Fortification with
    ``attached``'s characteristics from being attached to the protected object, if any."""
    found = protections_from(protected, _Seen(attached, attached_controller), controller)
    return found[0] if found else None


def described(protection: AbilityDef) -> Name:
    """A protection ability as a sentence names it: "has protection from red", « a la
    protection contre le rouge »."""
    return in_a_sentence(Name(protection.text, protection.text_fr or protection.text))


def in_a_sentence(text: Name) -> Name:
    """A keyword's text inside a sentence, after "has" / « a »: in lower case, with its
    article in French (« la protection contre le rouge »)."""
    fr = text.fr[:1].lower() + text.fr[1:]
    return Name(text.en[:1].lower() + text.en[1:], fr if fr.startswith("la ") else "la " + fr)


def player_protections(state: State, player: str) -> tuple[AbilityDef, ...]:
    """The protection abilities a player has (702.16): gained from resolved effects whose
    object is that player ("you gain protection from the color of your choice")."""
    return tuple(a for e in state.effects if (player, 0) in e.objects
                 for a in e.modification.gains
                 if a.kind == "static" and a.static_get("protection") is not None)


def player_protected_from(state: State, player: str, source: Any) -> AbilityDef | None:
    """The first protection ability of ``player`` against ``source``, or None."""
    at = Perspective(player)
    return next((a for a in player_protections(state, player)
                 if a.static_get("protection").matches(source, at)), None)


def source_view(game: Game, item: StackItem) -> View | None:
    """The source of a stack object as protection looks at it (702.16b, 702.16e): a spell is
    its own card on the stack; an ability's source is the object it came from, as it is now,
    or as it last existed if it has left (113.7a, 608.2h). None if there is none."""
    obj = game.state.objects.get(item.source_id)
    if obj is not None and obj.zcc == item.source_zcc:
        return compute(game.state, obj.id)
    return item.remembers.source


def choose_qualities(game: Game, item: StackItem, modification: Modification
                     ) -> Modification:
    """608.2d: "gains protection from the color of your choice": the resolving object's
    controller chooses as it resolves; the ability gained is then protection from that color.
    Other gained abilities are kept as they are."""
    gains = []
    chosen_any = False
    for ability in modification.gains:
        quality = ability.static_get("protection") if ability.kind == "static" else None
        if quality is None or not quality.choose:
            gains.append(ability)
            continue
        chosen_any = True
        words = quality.choose
        options = [Option(w, w, PROTECTION_QUALITIES[w].text, PROTECTION_QUALITIES[w].text_fr)
                   for w in words]
        word = game.ask(Question(
            "color", item.controller, f"{item.source_name}: choose a color for protection",
            f"{item.source_name_fr} : choisissez une couleur pour la protection", options,
            rule="608.2d", context={"item": item.id}))
        chosen = PROTECTION_QUALITIES[word]
        game.log("color_chosen", "608.2d", player=item.controller, id=item.id,
                 color=Name(chosen.text, chosen.text_fr))
        gains.append(protection_ability(chosen))
    # (nothing to choose, as for most effects: the same modification, frozen, not a copy)
    return replace(modification, gains=tuple(gains)) if chosen_any else modification
