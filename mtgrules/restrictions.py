"""Restrictions: effects that say a permanent can't do something (508.1c, 509.1b, 602.5).

"Enchanted creature can't attack or block" (an Aura), "this creature can't block", "its activated
abilities can't be activated unless they're mana abilities": each is a static ability of the
permanent that has it, applied to itself or to what it is attached to (301.5f, 303.4m). The
effect belongs to that permanent, not to the restricted creature: a creature that loses all its
abilities is still restricted.
"""

from __future__ import annotations

from .characteristics import View
from .text import FrText, Name, grammar_of

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from collections.abc import Mapping

#: What a restriction may forbid, with the rule a refusal cites: attacking (508.1c), blocking
#: (509.1b), activating abilities, or those that aren't mana abilities (602.5).
RESTRICTION_RULES = {"attack": "508.1c", "block": "509.1b", "activate": "602.5",
                     "activate_except_mana": "602.5"}


def refusal(name: Name, what: str) -> tuple[str, str, str]:
    """Why ``name`` can't do ``what`` (a key of :data:`RESTRICTION_RULES`): English, French
    and the rule, as a refusal says it (the French name with its article and agreement)."""
    fr = FrText(name.fr, grammar_of(name.fr.split(" (")[0]))
    because, because_fr = "an effect says so (a restriction)", \
        "un effet l'interdit (une restriction)"
    if what in ("attack", "block"):
        verb = "attaquer" if what == "attack" else "bloquer"
        return (f"{name.en} can't {what}: {because}",
                f"{fr:Le} {fr:ne peut|ne peuvent} pas {verb} : {because_fr}",
                RESTRICTION_RULES[what])
    return (f"The activated abilities of {name.en} can't be activated: {because}",
            f"Les capacités activées {fr:de} ne peuvent pas être activées : {because_fr}",
            RESTRICTION_RULES[what])


def restrictions(views: Mapping[str, View]) -> dict[str, set[str]]:
    """What each permanent can't do (keys of :data:`RESTRICTION_RULES`), from the restriction
    effects of the permanents in ``views``: their own, or an Aura's or Equipment's on what it is
    attached to."""
    out: dict[str, set[str]] = {}
    for v in views.values():
        for a in v.chars.abilities:
            spec = a.static_get("restriction") if a.kind == "static" else None
            if spec is None:
                continue
            spec = dict(spec)
            affected = v.id if spec["affects"] == "self" else v.attached_to
            if affected is not None:
                out.setdefault(affected, set()).update(spec["cant"])
    return out


def can_activate(cant: set[str], mana_ability: bool) -> bool:
    """602.5: may an ability of a permanent with these restrictions be activated?"""
    return "activate" not in cant and ("activate_except_mana" not in cant or mana_ability)
