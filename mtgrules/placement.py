"""What a set-up may put where: the rules a situation must obey before anything happens.

A set-up is not an event (nothing triggers), but it must still describe a game the rules allow:
an instant is never on the battlefield, and only an Aura, an Equipment or a Fortification is ever
attached to something, and then only to what it can legally enchant, equip or fortify. Each
refusal is a :class:`RulesError` naming the rule.

>>> from mtgrules import catalog
>>> check_zone(catalog()["Lightning Bolt"].characteristics(), "battlefield")
Traceback (most recent call last):
...
mtgrules.errors.RulesError: Lightning Bolt is an instant: it can't be on the battlefield (CR 110.4)
"""

from __future__ import annotations

from dataclasses import replace

from .abilities import (
    ENCHANT_WORDS,
    AbilityDef,
    Characteristics,
    TargetSpec,
    enchant_restrictions,
    is_aura,
)
from .errors import RulesError
from .filters import Perspective, accepts
from .frozen import frozen
from .protection import attached_with, described
from .text import french_name as _french
from .text import player_name

NONPERMANENT_TYPES = {"instant": ("an instant", "un éphémère", "304.4"),
                      "sorcery": ("a sorcery", "un rituel", "307.4")}
ATTACHABLE = ("aura", "equipment", "fortification")


def check_zone(chars: Characteristics, zone: str) -> None:
    """110.4, 304.4, 307.4: instants and sorceries can't enter the battlefield."""
    if zone != "battlefield":
        return
    types = chars.card_types
    if "instant" not in types and "sorcery" not in types:  # (every object a set-up adds)
        return
    for card_type, (en, fr, _rule) in NONPERMANENT_TYPES.items():
        if card_type in types and not _is_permanent_card(chars):
            name_fr = _french(chars.name_fr or chars.name)
            raise RulesError(f"{chars.name} is {en}: it can't be on the battlefield",
                             rule="110.4",
                             message_fr=f"{name_fr:Le} {name_fr:est|sont} {fr} : "
                                        f"{format(name_fr, _IT_CAN)} pas être sur le champ "
                                        "de bataille")


def _is_permanent_card(chars: Characteristics) -> bool:
    return any(t in chars.card_types for t in
               ("artifact", "battle", "creature", "enchantment", "land", "planeswalker"))


def check_aura_attached(chars: Characteristics, zone: str, attached_to: str | None) -> None:
    """303.4, 704.5m: an Aura on the battlefield is attached to what it enchants; one attached
    to nothing would be put into its owner's graveyard at once, so a set-up names its host."""
    if zone == "battlefield" and "aura" in chars.subtypes and not attached_to:
        name_fr = _french(chars.name_fr or chars.name)
        _refuse(f"{chars.name} is an Aura on the battlefield: say what it enchants "
                "(attached_to); an Aura attached to nothing is put into its owner's graveyard",
                f"{name_fr:Le} {name_fr:est|sont} une Aura sur le champ de bataille : "
                f"indiquez ce {name_fr:qu'il|qu'elle|qu'ils|qu'elles} enchante "
                "(attached_to) ; une Aura attachée à rien est mise dans le cimetière de son "
                "propriétaire", "704.5m")


def check_player_attachment(chars: Characteristics, zone: str, player: str,
                            controller: str | None,
                            protections: tuple[AbilityDef, ...] = ()) -> None:
    """303.4b, 702.5d: only an Aura with an enchant ability that allows that player is attached
    to a player; Equipment and Fortifications never are (301.5c, 301.6)."""
    name, name_fr = chars.name, chars.name_fr or chars.name
    if zone != "battlefield" or "aura" not in chars.subtypes:
        _refuse(f"{name} can't be attached to a player: only an Aura on the battlefield with "
                "enchant player can", f"{name_fr} ne peut pas être attaché à un joueur : "
                "seule une Aura sur le champ de bataille avec « enchanter : joueur » le peut",
                "303.4b")
    problem = enchant_player_problem(chars, controller, player, protections)
    if problem:
        _refuse(*problem)


def check_attachment(chars: Characteristics, zone: str, host: Characteristics | None,
                     host_zone: str | None, same_object: bool = False, *,
                     controller: str | None = None, host_controller: str | None = None) -> None:
    """Can an object with ``chars`` in ``zone`` be attached to ``host`` (in ``host_zone``)?

    303.4h, 704.5p: only an Aura, an Equipment or a Fortification is attached to anything; a
    creature never is. 301.5c: an Equipment equips a creature, never itself. 301.6: a
    Fortification fortifies a land. 303.4c, 303.4d: an Aura enchants an object that exists,
    never itself, and only what its enchant abilities allow (702.5a, 702.5c; "you control" is
    read against ``controller``). Attachments exist only on the battlefield.
    """
    name, name_fr = chars.name, _french(chars.name_fr or chars.name)
    kind = next((k for k in ATTACHABLE if k in chars.subtypes), None)
    if zone != "battlefield":
        _refuse(f"{name} is not on the battlefield: only a permanent can be attached",
                f"{name_fr:Le} {name_fr:n'est|ne sont} pas sur le champ de "
                "bataille : seul un permanent peut être attaché",
                "301.5a" if kind == "equipment" else "303.4h")
    if kind is None or "creature" in chars.card_types:
        what = "a creature" if "creature" in chars.card_types else \
            "neither an Aura, an Equipment nor a Fortification"
        what_fr = "une créature" if "creature" in chars.card_types else \
            "ni une Aura, ni un Équipement, ni une Fortification"
        _refuse(f"{name} is {what}: it can't be attached to anything",
                f"{name_fr:Le} {name_fr:est|sont} {what_fr} : "
                f"{format(name_fr, _IT_CAN)} être {format(name_fr, _ATTACHED)} à rien",
                "704.5p")
    if same_object:
        _refuse(f"{name} can't be attached to itself",
                f"{name_fr:Le} {name_fr:ne peut|ne peuvent} pas être "
                f"{format(name_fr, _ATTACHED)} à {format(name_fr, _ITSELF)}",
                {"aura": "303.4d", "equipment": "301.5c"}.get(kind or "", "301.6"))
    if host is None or host_zone != "battlefield":
        _refuse(f"{name} can be attached only to a permanent on the battlefield",
                f"{name_fr:Le} {name_fr:ne peut|ne peuvent} être "
                f"{format(name_fr, _ATTACHED)} qu'à un permanent sur le champ de bataille",
                {"aura": "303.4c", "equipment": "301.5c"}.get(kind or "", "301.6"))
    assert host is not None
    if kind == "aura":
        problem = enchant_problem(chars, controller, host, host_controller)
        if problem:
            _refuse(*problem)
    if kind != "aura":
        problem = protection_problem(chars, controller, host, host_controller)
        if problem:
            _refuse(*problem)
    needs = {"equipment": ("creature", "301.5c"), "fortification": ("land", "301.6")}.get(
        kind or "")
    if needs and needs[0] not in host.card_types:
        host_fr = _french(host.name_fr or host.name)
        what_fr = "une créature" if needs[0] == "creature" else "un terrain"
        _refuse(f"{name} can be attached only to a {needs[0]}; {host.name} isn't one",
                f"{name_fr:Le} {name_fr:ne peut|ne peuvent} être "
                f"{format(name_fr, _ATTACHED)} qu'à {what_fr} ; "
                f"{host_fr:le} n'en {host_fr:est|sont} pas",
                needs[1])


#: French forms that agree with a name (masculine, feminine, masculine and feminine plural).
_IT_CAN = "il ne peut|elle ne peut|ils ne peuvent|elles ne peuvent"
_ATTACHED = "attaché|attachée|attachés|attachées"
_ITSELF = "lui-même|elle-même|eux-mêmes|elles-mêmes"


def _refuse(message: str, message_fr: str, rule: str) -> None:
    raise RulesError(message, rule=rule, message_fr=message_fr)


def enchant_problem(aura: Characteristics, controller: str | None, host: Characteristics,
                    host_controller: str | None) -> tuple[str, str, str] | None:
    """Why an Aura with ``aura``'s characteristics, controlled by ``controller``, can't enchant
    a permanent with ``host``'s: (English, French, rule), or None if it can (303.4c, 303.4d,
    702.5a, 702.5c: every instance of enchant applies). Pass the characteristics as they are
    now (the layers applied): an Aura stays only on what it can still enchant (704.5m)."""
    name, name_fr = aura.name, _french(aura.name_fr or aura.name)
    if "creature" in aura.card_types:
        return (f"{name} is an Aura that's also a creature: it can't enchant anything",
                f"{name_fr:Le} {name_fr:est|sont} une Aura qui est aussi une créature : "
                f"{format(name_fr, _IT_CAN)} rien enchanter", "303.4d")
    for spec in enchant_restrictions(aura):
        if not enchant_allows(spec, host, controller, host_controller):
            what, what_fr = describe_enchant(spec)
            aura_fr, host_fr = name_fr, _french(host.name_fr or host.name)
            que = "qu'" if what_fr[0] in "aeiouéèêh" else "que "
            return (f"{name} can enchant only {what}; {host.name} isn't one",
                    f"{aura_fr:Le} ne peut enchanter {que}{what_fr} ; {host_fr:le} n'en "
                    f"{host_fr:est|sont} pas", "303.4c")
    return protection_problem(aura, controller, host, host_controller)


def enchant_player_problem(aura: Characteristics, controller: str | None, player: str,
                           protections: tuple[AbilityDef, ...] = ()
                           ) -> tuple[str, str, str] | None:
    """Why an Aura with ``aura``'s characteristics, controlled by ``controller``, can't enchant
    ``player`` (303.4c, 702.5d: "Enchant player", "Enchant opponent"): (English, French, rule),
    or None if it can."""
    name, name_fr = aura.name, _french(aura.name_fr or aura.name)
    if "creature" in aura.card_types:
        return (f"{name} is an Aura that's also a creature: it can't enchant anything",
                f"{name_fr:Le} est une Aura qui est aussi une créature : elle ne peut rien "
                "enchanter", "303.4d")
    for spec in enchant_restrictions(aura):
        allowed = spec.type == "player" and (
            spec.filter.controller == "any" or controller is None
            or (spec.filter.controller == "you") == (player == controller))
        if not allowed:
            what, what_fr = describe_enchant(spec)
            que = "qu'" if what_fr[0] in "aeiouéèêh" else "que "
            who = player_name(player)
            return (f"{name} can enchant only {what}; {who} isn't one",
                    f"{name_fr:Le} ne peut enchanter {que}{what_fr} ; {who} n'en est pas",
                    "303.4c")
    at = Perspective(player)
    for protection in protections:  # 702.16c: the player's protection abilities
        if protection.static_get("protection").matches(_Host(aura, controller or ""), at):
            ability, who = described(protection), player_name(player)
            return (f"{who} has {ability.en}: they can't be enchanted by {name}",
                    f"{who} a {ability.fr} : {who} ne peut pas être enchanté par "
                    f"{name_fr:le}", "702.16c")
    return None


def protection_problem(attached: Characteristics, controller: str | None,
                       host: Characteristics, host_controller: str | None
                       ) -> tuple[str, str, str] | None:
    """702.16c, 702.16d: a permanent with protection from a quality can't be enchanted,
    equipped or fortified by a permanent with that quality: (English, French, rule) or None."""
    protection = attached_with(host, host_controller, attached, controller or "")
    if protection is None:
        return None
    ability = described(protection)
    name_fr, host_fr = _french(attached.name_fr or attached.name), \
        _french(host.name_fr or host.name)
    verb, verb_fr, rule = (
        ("enchanted", "enchanté|enchantée|enchantés|enchantées", "702.16c") if is_aura(attached)
        else ("equipped or fortified", "équipé ni fortifié|équipée ni fortifiée|équipés ni "
              "fortifiés|équipées ni fortifiées", "702.16d"))
    cannot, participle = format(host_fr, _IT_CAN), format(host_fr, verb_fr)
    return (f"{host.name} has {ability.en}: it can't be {verb} by {attached.name}",
            f"{host_fr:Le} {host_fr:a|ont} {ability.fr} : {cannot} pas être {participle} "
            f"par {name_fr:le}",
            rule)




def enchant_allows(spec: TargetSpec, host: Characteristics, controller: str | None,
                   host_controller: str | None) -> bool:
    """Does one "Enchant [object]" allow a permanent with ``host``'s characteristics (702.5a)?
    Read with the one filter (filters.accepts), from the Aura controller's point of view. An
    Aura permanent targets nothing (115.1b): hexproof doesn't matter here."""
    if spec.type == "player":
        return False  # "Enchant player" enchants players only (702.5d)
    if spec.type == "creature" and "creature" not in host.card_types:
        return False
    if controller is None or host_controller is None:  # who controls what isn't known yet
        return accepts(replace(spec.filter, controller="any"), _Host(host, ""),
                       Perspective(""))
    return accepts(spec.filter, _Host(host, host_controller), Perspective(controller))


@frozen
class _Host:
    """A permanent an Aura may enchant, as a filter looks at it: its characteristics now and
    its controller."""

    chars: Characteristics
    controller: str
    id: str = ""
    is_token: bool = False
    entered_turn: int | None = None


def describe_enchant(spec: TargetSpec) -> tuple[str, str]:
    """What one enchant ability allows, with its article, in English and French: ("a creature
    you control", "une créature que vous contrôlez")."""
    for en, fr in ((w[2], w[4]) for w in ENCHANT_WORDS.values()
                   if (w[0], w[1]) == (spec.type, spec.filter)):
        return ("an " if en[0] in "aeiou" else "a ") + en, fr
    words = list(spec.filter.types) or [spec.type]
    return " or ".join(words), " ou ".join(TYPE_FR.get(w, w) for w in words)


TYPE_FR = {"player": "un joueur", "creature": "une créature", "permanent": "un permanent",
           "land": "un terrain",
           "artifact": "un artefact", "enchantment": "un enchantement",
           "planeswalker": "un planeswalker"}
