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

from .abilities import Characteristics
from .errors import RulesError

NONPERMANENT_TYPES = {"instant": ("an instant", "un éphémère", "304.4"),
                      "sorcery": ("a sorcery", "un rituel", "307.4")}
ATTACHABLE = ("aura", "equipment", "fortification")


def check_zone(chars: Characteristics, zone: str) -> None:
    """110.4, 304.4, 307.4: instants and sorceries can't enter the battlefield."""
    if zone != "battlefield":
        return
    for card_type, (en, fr, _rule) in NONPERMANENT_TYPES.items():
        if card_type in chars.card_types and not _is_permanent_card(chars):
            name_fr = chars.name_fr or chars.name
            raise RulesError(f"{chars.name} is {en}: it can't be on the battlefield",
                             rule="110.4",
                             message_fr=f"{name_fr} est {fr} : il ne peut pas être sur le "
                                        "champ de bataille")


def _is_permanent_card(chars: Characteristics) -> bool:
    return any(t in chars.card_types for t in
               ("artifact", "battle", "creature", "enchantment", "land", "planeswalker"))


def check_attachment(chars: Characteristics, zone: str, host: Characteristics | None,
                     host_zone: str | None, same_object: bool = False) -> None:
    """Can an object with ``chars`` in ``zone`` be attached to ``host`` (in ``host_zone``)?

    303.4h, 704.5p: only an Aura, an Equipment or a Fortification is attached to anything; a
    creature never is. 301.5c: an Equipment equips a creature, never itself. 301.6: a
    Fortification fortifies a land. 303.4c, 303.4d: an Aura enchants an object that exists,
    never itself. Attachments exist only on the battlefield.
    """
    name, name_fr = chars.name, chars.name_fr or chars.name
    kind = next((k for k in ATTACHABLE if k in chars.subtypes), None)
    if zone != "battlefield":
        _refuse(f"{name} is not on the battlefield: only a permanent can be attached",
                f"{name_fr} n'est pas sur le champ de bataille : seul un permanent peut être "
                "attaché", "301.5a" if kind == "equipment" else "303.4h")
    if kind is None or "creature" in chars.card_types:
        what = "a creature" if "creature" in chars.card_types else \
            "neither an Aura, an Equipment nor a Fortification"
        what_fr = "une créature" if "creature" in chars.card_types else \
            "ni une Aura, ni un Équipement, ni une Fortification"
        _refuse(f"{name} is {what}: it can't be attached to anything",
                f"{name_fr} est {what_fr} : il ne peut être attaché à rien", "704.5p")
    if same_object:
        _refuse(f"{name} can't be attached to itself", f"{name_fr} ne peut pas être attaché "
                "à lui-même", {"aura": "303.4d", "equipment": "301.5c"}.get(kind or "", "301.6"))
    if host is None or host_zone != "battlefield":
        _refuse(f"{name} can be attached only to a permanent on the battlefield",
                f"{name_fr} ne peut être attaché qu'à un permanent sur le champ de bataille",
                {"aura": "303.4c", "equipment": "301.5c"}.get(kind or "", "301.6"))
    assert host is not None
    needs = {"equipment": ("creature", "301.5c"), "fortification": ("land", "301.6")}.get(
        kind or "")
    if needs and needs[0] not in host.card_types:
        host_fr = host.name_fr or host.name
        what_fr = "une créature" if needs[0] == "creature" else "un terrain"
        _refuse(f"{name} can be attached only to a {needs[0]}; {host.name} isn't one",
                f"{name_fr} ne peut être attaché qu'à {what_fr} ; {host_fr} n'en est pas",
                needs[1])


def _refuse(message: str, message_fr: str, rule: str) -> None:
    raise RulesError(message, rule=rule, message_fr=message_fr)
