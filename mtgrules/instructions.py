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
from dataclasses import field

from .abilities import EFFECT_VOCABULARY, PARSED_AT_LOAD, Unless, thaw
from .characteristics import compute_all
from .filters import Condition, condition_holds
from .frozen import dataclass, frozen
from .mana import ManaCost
from .objects import Ref, StackItem
from .references import players
from .targeting import perspective
from .text import Name, player_name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

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
    """Follow the ability's instructions in order, after its intervening "if" is checked again
    (603.4) and its "may", "you may pay" and "unless ... pays" choices are made, separately for
    each instance and each copy (603.5, 118.12, 707.10)."""
    ability = item.ability
    if ability is None:
        return
    if ability.condition is not None and not condition_true(game, item, ability.condition):
        game.log("condition_false_on_resolution", "603.4", id=item.id)
        return
    if ability.optional and not game.ask_yes_no(
            "may", item.controller, f"{item.id}: do you want to ({ability.text})?",
            f"{item.id} : voulez-vous le faire ({ability.text_fr}) ?", rule="603.5"):
        game.log("declined", "603.5", id=item.id, source=Name(item.source_name,
                                                              item.source_name_fr))
        return
    if ability.pay is not None and not _pay_optional(game, item, item.controller, ability.pay,
                                                     "118.12"):
        game.log("not_paid", "118.12", id=item.id, cost=str(ability.pay),
                 player=item.controller)
        return
    if ability.unless is not None and _unless_paid(game, item, ability.unless):
        return
    game.resolving.append(Acted())
    try:
        for effect, params in ability.modes[item.mode or 0].effects:
            run_effect(game, item, effect, _instruction(params) if params else {})
    finally:
        game.resolving.pop()


def _instruction(params: tuple) -> dict:
    """``thaw(params)``, an instruction's parameters as its handler takes them: a new dict each
    time (a handler may change it: :func:`run_effect` takes its ``instead`` out), made from
    the one thawed the first time these params were followed (thawing walks them in Python,
    at every instruction of every resolution). What thaw makes (dicts, lists) is made again;
    everything else is the same object thaw gives."""
    known = _THAWED.get(id(params))
    if known is None or known[0] is not params:  # (the params are kept: their id stays theirs)
        value = thaw(params)
        if type(value) is not dict:
            return value  # type: ignore[no-any-return]
        if len(_THAWED) >= 4096:
            _THAWED.clear()  # (a bound: params of cards and tokens made in a long session)
        flat = True
        for v in value.values():
            if type(v) in (dict, list):
                flat = False
                break
        known = _THAWED[id(params)] = (params, value, flat)
    return dict(known[1]) if known[2] else _fresh(known[1])


#: id(params) -> (params, thaw(params), whether no value of it is a dict or list).
_THAWED: dict[int, tuple[tuple, dict, bool]] = {}


def parsed_once(item: StackItem, effect: str, p: dict, parse: Callable[[dict], Any]) -> Any:
    """``parse(p)`` for the parameters ``p`` of the instruction ``effect`` of ``item``'s
    ability being followed, worked out once per ability: a parse reads only the params (the
    card's, checked as the card was read), and the same spell or ability resolves again and
    again (a parse walks the data in Python). ``parse`` is a module-level function (it is part
    of the key); what it makes must be frozen (it is shared). An ability with two such
    instructions, or none (a replacement's instructions), parses each time. When ``parse`` is
    the instruction's own (``abilities.PARSED_AT_LOAD``), what the card's reading made of the
    params (``Mode.parsed``) serves: then a check parses nothing."""
    ability = item.ability
    if ability is None:
        return parse(p)
    mode = ability.modes[item.mode or 0]
    index = -1
    for i, (e, _) in enumerate(mode.effects):
        if e == effect:
            if index >= 0:
                return parse(p)  # two such instructions: which one is followed is not known
            index = i
    if index < 0:
        return parse(p)
    if mode.parsed and PARSED_AT_LOAD.get(effect) is parse:
        made = mode.parsed[index]
        if made is not None:
            return made
    params = mode.effects[index][1]
    known = _PARSED.get((id(params), parse))
    if known is None or known[0] is not params:
        if len(_PARSED) >= 4096:
            _PARSED.clear()
        known = _PARSED[id(params), parse] = (params, parse(p))
    return known[1]


#: (id(params), parse) -> (params, what parse made of them): see :func:`parsed_once`.
_PARSED: dict[tuple[int, Callable[[dict], Any]], tuple[tuple, Any]] = {}


def _fresh(value: Any) -> Any:
    """A copy of ``value`` with each dict and list in it made again (what thaw makes)."""
    if type(value) is dict:
        return {k: _fresh(v) for k, v in value.items()}
    if type(value) is list:
        return [_fresh(v) for v in value]
    return value


@dataclass(slots=True)
class Acted:
    """What the instructions being followed have acted on so far, for their later parts: the
    tokens they created ("that token", 111.1) and the objects they moved to a public zone, as
    the new objects they became there (400.7j: "return that card"). zones.py fills it while a
    spell or ability resolves (``Game.resolving``, innermost last)."""

    created: list[Ref] = field(default_factory=list)
    moved: list[Ref] = field(default_factory=list)


@frozen
class SelfReplacement:
    """614.15: the part of an effect that replaces another part of it ("if this spell was
    kicked, it deals 4 damage instead"), while that effect happens. The replacement procedure
    (replacement.py) offers it first among the effects that apply to the effect's event
    (616.1a)."""

    item: StackItem
    effect: str  # the effect word it belongs to: damage, draw, create_token ...
    condition: Condition
    amount: Any  # the amount instead (a number, X, ...), read as the event happens


def run_effect(game: Game, item: StackItem, effect: str, params: dict) -> None:
    """Follow one instruction; its self-replacement effect (``instead``, 614.15), if it has
    one, is in force while the instruction's events happen (``Game.self_replacement``)."""
    instead = params.pop("instead", None)
    if instead is None:
        HANDLERS[effect](game, item, params)
        return
    outer = game.self_replacement
    game.self_replacement = SelfReplacement(item, effect, instead["if"], instead["amount"])
    try:
        HANDLERS[effect](game, item, params)
    finally:
        game.self_replacement = outer


def condition_true(game: Game, item: StackItem, condition: Condition) -> bool:
    """Is a condition of ``item``'s ability true now, for its controller? (603.4, 608.2c)
    A spell's kicker (702.33d) is read from what was paid for it."""
    return condition_holds(condition, compute_all(game.state, ("battlefield",)).values(),
                           perspective(game, item), game.player(item.controller).life,
                           kicked=bool(item.paid.additional_costs))


def _unless_paid(game: Game, item: StackItem, unless: Unless) -> bool:
    """118.12a: "[do something] unless [a player] pays [cost]": that player chooses; if they
    pay, the ability does nothing."""
    payers = players(game, item, unless.who)
    if not payers:
        return False
    if _pay_optional(game, item, payers[0], unless.pay, "118.12a"):
        game.log("paid_unless", "118.12a", id=item.id, cost=str(unless.pay), player=payers[0])
        return True
    game.log("not_paid_unless", "118.12a", cost=str(unless.pay), player=payers[0])
    return False


#: Paying mana during resolution (117.1d, 605.3a): mana abilities may be activated then, as
#: for casting. casting.py registers how ("can_pay", "pay"): it taps mana sources as it does
#: for a spell, and this module can't import it (it is above).
MANA_PAYMENT: dict[str, Callable[..., Any]] = {}


def _pay_optional(game: Game, item: StackItem, player: str, cost: ManaCost, rule: str) -> bool:
    """Ask ``player`` whether to pay ``cost`` now; "yes" is offered when the mana in their pool
    and the mana their untapped sources can make pay it (117.1d, 605.3a)."""
    can = MANA_PAYMENT["can_pay"](game, player, cost)
    who = player_name(player)
    yes = game.ask_yes_no("pay", player, f"{item.id}: {who}, pay {cost}?",
                          f"{item.id} : {who}, payer {cost} ?", can_say_yes=can, rule=rule)
    if yes:
        MANA_PAYMENT["pay"](game, player, cost)
        game.log("paid_optional", rule, id=item.id, cost=str(cost), player=player)
    return bool(yes)
