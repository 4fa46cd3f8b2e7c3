"""Following a resolving object's instructions (608.2c): the registry of effect handlers, and
the "may" and "you may pay" choices made first (603.5, 118.12).

The handlers themselves (effects.py) use casting, copying and zone moves; they register here,
so casting (a mana ability resolves at once, 605.3a) and resolution run effects without
importing them. Each effect's parameters, rule and text are in
``abilities.EFFECT_VOCABULARY`` (the schema's source); registering a handler for a word not in
it is refused, and a test checks every word has its handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .abilities import EFFECT_VOCABULARY, thaw
from .errors import RulesError
from .mana import ManaCost, pay_from_pool
from .objects import StackItem
from .text import Name

if TYPE_CHECKING:
    from .game import Game

Handler = Callable[["Game", StackItem, dict], None]
#: Effect name -> handler, filled by mtgrules.effects (imported by the Game facade).
HANDLERS: dict[str, Handler] = {}


def register(handlers: dict[str, Handler]) -> None:
    """Register effect handlers: only words of the vocabulary (abilities.EFFECT_VOCABULARY,
    where each effect's parameters, rule and text are), each once."""
    unknown = sorted(set(handlers) - set(EFFECT_VOCABULARY))
    twice = sorted(set(handlers) & set(HANDLERS))
    if unknown or twice:
        raise ValueError(f"effect handlers not in the vocabulary: {unknown}; registered "
                         f"twice: {twice}")
    HANDLERS.update(handlers)


def run_effects(game: Game, item: StackItem) -> None:
    """Follow the ability's instructions in order, after its "may" and "you may pay" choices,
    which are made now, separately for each instance and each copy (603.5, 118.12, 707.10)."""
    ability = item.ability
    if ability is None:
        return
    name = Name(item.source_name, item.source_name_fr)
    if ability.optional and not game.ask_yes_no(
            "may", item.controller, f"{item.id}: do you want to ({ability.text})?",
            f"{item.id} : voulez-vous le faire ({ability.text_fr}) ?", rule="603.5"):
        game.log("declined", "603.5", id=item.id, source=name)
        return
    if ability.pay is not None and not _pay_optional(game, item, ability.pay, name):
        return
    for effect, params in ability.modes[item.mode or 0].effects:
        HANDLERS[effect](game, item, thaw(params) if params else {})


def _pay_optional(game: Game, item: StackItem, cost: ManaCost, name: Name) -> bool:
    pool = game.player(item.controller).mana_pool
    try:
        pay_from_pool(pool, cost)
        can = True
    except RulesError:
        can = False
    yes = game.ask_yes_no("pay", item.controller, f"{item.id}: pay {cost}?",
                          f"{item.id} : payer {cost} ?", can_say_yes=can, rule="118.12")
    if yes:
        p = game.player(item.controller)
        p.mana_pool = pay_from_pool(p.mana_pool, cost)
        game.log("paid_optional", "118.12", id=item.id, cost=str(cost), player=item.controller)
    else:
        game.log("not_paid", "118.12", id=item.id, cost=str(cost), player=item.controller)
    return yes
