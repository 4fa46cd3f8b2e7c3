"""Restrictions: effects that say a permanent can't do something (508.1c, 509.1b, 602.5).

"Enchanted creature can't attack or block" (an Aura), "this creature can't block", "its activated
abilities can't be activated unless they're mana abilities": each is a static ability of the
permanent that has it, applied to itself or to what it is attached to (301.5f, 303.4m). The
effect belongs to that permanent, not to the restricted creature: a creature that loses all its
abilities is still restricted.
"""

from __future__ import annotations

from .characteristics import View

#: What a restriction may forbid: attacking (508.1c), blocking (509.1b), activating abilities
#: (602.5), or activating those that aren't mana abilities.
RESTRICTION_WORDS = {
    "attack": ("can't attack", "ne peut pas attaquer", "508.1c"),
    "block": ("can't block", "ne peut pas bloquer", "509.1b"),
    "activate": ("its activated abilities can't be activated",
                 "ses capacités activées ne peuvent pas être activées", "602.5"),
    "activate_except_mana": ("its activated abilities can't be activated unless they're mana "
                             "abilities", "ses capacités activées ne peuvent pas être activées "
                             "à moins que ce ne soient des capacités de mana", "602.5"),
}


def restrictions(views: dict[str, View]) -> dict[str, set[str]]:
    """What each permanent can't do (words of :data:`RESTRICTION_WORDS`), from the restriction
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
