"""Resolving the top object of the stack (608).

Targets are checked again first: if every target is now illegal, the object doesn't resolve
(608.2b); otherwise its instructions are followed in order (608.2c), illegal targets untouched.
A permanent spell enters the battlefield (608.3); an instant or sorcery goes to its owner's
graveyard (608.2n); a copy of a spell ceases to exist (707.10a).
"""

from __future__ import annotations

from .instructions import run_effects
from .objects import StackItem
from .targeting import target_is_legal
from .text import Name
from .zones import create_token, move_many, spell_card_to

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from .game import Game

PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


def resolve_top(game: Game) -> str:
    state = game.state
    item = state.stack[-1]
    name = Name(item.source_name, item.source_name_fr)
    state.resolved.append(item.id)
    if _all_targets_illegal(game, item):
        _remove(game, item)
        # 608.3b: a permanent spell (an Aura) whose target is illegal doesn't resolve either
        rule = "608.3b" if item.kind == "spell" and _is_permanent_spell(game, item) else "608.2b"
        game.log("fizzles", rule, "608.2b", id=item.id, source=name)
        if item.kind == "spell" and not item.is_copy:
            spell_card_to(game, item, "graveyard", rule)
        return item.id
    game.log("resolves", "608.2", id=item.id, source=name,
             kind=_kind_name(item))
    if item.kind == "spell" and _is_permanent_spell(game, item):
        _remove(game, item)
        _permanent_enters(game, item)
        return item.id
    run_effects(game, item)
    _remove(game, item)
    if item.kind == "spell" and not item.is_copy:
        card = game.obj(item.source_id)
        to = "exile" if card.card and card.card.layout == "adventure" and card.face == 1 \
            else "graveyard"
        spell_card_to(game, item, to, "608.2n")
    return item.id


#: What resolves, as the log says it (608.2): made once, not at every resolution.
_KIND_NAMES = {"spell": Name("spell", "sort"),
               "activated": Name("activated ability", "capacité activée"),
               "triggered": Name("triggered ability", "capacité déclenchée")}
_DELAYED_NAME = Name("delayed triggered ability", "capacité déclenchée retardée")  # 603.7


def _kind_name(item: StackItem) -> Name:
    kind = _KIND_NAMES[item.kind]
    if item.is_copy:  # "a spell", "an activated ability"
        article = "an" if item.kind == "activated" else "a"
        return Name(f"copy of {article} {kind.en}", f"copie d'une {kind.fr}"
                    if item.kind != "spell" else "copie d'un sort")
    if item.ability is not None and item.ability.delayed:
        return _DELAYED_NAME
    return kind


def _all_targets_illegal(game: Game, item: StackItem) -> bool:
    """608.2b: it targets something, and every target is now illegal."""
    targets = item.targets
    if not targets:  # most spells and abilities: nothing to look at again (608.2b)
        return False
    targeted = False
    for slot, refs in enumerate(targets):
        for r in refs:
            if target_is_legal(game, item, slot, r):
                return False
            targeted = True
    return targeted


def _remove(game: Game, item: StackItem) -> None:
    stack = game.state.stack
    if stack and stack[-1].id == item.id:
        stack.pop()  # the usual case, the top: no need to look through the stack
    else:
        game.state.stack = [it for it in stack if it.id != item.id]
    game.state.note_left_stack(item)


def _is_permanent_spell(game: Game, item: StackItem) -> bool:
    obj = game.state.objects.get(item.source_id)
    if obj is None:
        return False
    # any(map(...)): no generator frame for a question asked at every resolution
    return any(map(obj.copiable_values().card_types.__contains__, PERMANENT_TYPES))


def _permanent_enters(game: Game, item: StackItem) -> None:
    """608.3: a permanent spell becomes a permanent under its controller's control; a copy of a
    permanent spell becomes a token (707.10f... 111.1). An Aura spell enters attached to what
    it targets (608.3c)."""
    card = game.obj(item.source_id)
    # the object or player it targets (303.4a, 303.4b)
    host = None
    for refs in item.targets:
        for r in refs:
            if r.kind in ("object", "player"):
                host = r.id
                break
        if host is not None:
            break
    if item.is_copy:
        create_token(game, item.controller, card.copiable_values(), attach_to=host)
        return
    move_many(game, [(card.id, "battlefield")], cause="resolve",
              rule="608.3c" if host else "608.3", controller=item.controller, x=item.x,
              attach={card.id: host} if host else None)
