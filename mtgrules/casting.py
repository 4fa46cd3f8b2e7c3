"""Casting spells (601.2) and activating abilities (602.2), in the rules' order of steps.

The object goes on the stack first (601.2a); then modes, costs to pay and X are announced
(601.2b); targets are chosen (601.2c) and any division made (601.2d); the total cost is worked out
(601.2f) and paid (601.2g-h); only then has it been cast or activated (601.2i), and abilities that
trigger on casting or activating trigger. Any illegal step undoes the whole action (601.2, 723).
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from .abilities import AbilityDef, Cost, spell_ability_of
from .characteristics import View, compute, compute_all, in_play
from .choices import IllegalAnswer, Option, Question
from .errors import RulesError
from .events import Activate, Cast
from .filters import Filter, Perspective, accepts
from .frozen import replace
from .instructions import MANA_PAYMENT, run_effects
from .mana import ManaCost, parse_pool, pay_from_pool
from .objects import Payment, StackItem
from .restrictions import can_activate, refusal, restrictions
from .targeting import choose_for_stack_object
from .text import Name, french_name, player_name, plural
from .triggers import fire, may_trigger, targeted, views_in_play
from .zones import _move_one, move_many, sacrifice

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game



# --- costs -------------------------------------------------------------------------------------

def pay_mana(game: Game, player: str, cost: ManaCost | None, x: int = 0) -> None:
    """601.2g-h: mana abilities may be activated now; then the mana is paid from the pool."""
    if cost is None or not cost.symbols:
        return
    p = game.player(player)
    while True:
        try:
            p.mana_pool = pay_from_pool(p.mana_pool, cost, x)
            text = _cost_text(cost, x)
            if text == "{0}":  # 118.5: paid by saying so, with no mana
                game.log("paid_zero", "601.2h", "118.5", player=player)
            else:
                game.log("paid_mana", "601.2h", player=player, cost=text)
            return
        except RulesError:
            if not _tap_a_mana_source(game, player):
                raise


def _cant_tap(game: Game, player: str, source: View) -> None:
    """107.5: a tapped permanent can't pay {T}; 302.6: nor can a creature that came under its
    controller's control this turn. Refused, naming it (French agreeing with its name)."""
    name = game.name_of(source.id)
    fr = french_name(f"{name.fr} ({source.id})")
    if source.tapped:
        tapped = format(fr, "est déjà engagé|est déjà engagée|sont déjà engagés|sont déjà "
                            "engagées")
        can = format(fr, "il ne peut|elle ne peut|ils ne peuvent|elles ne peuvent")
        raise RulesError(f"{name.en} ({source.id}) is already tapped, so it can't pay {{T}}",
                         rule="107.5", message_fr=f"{fr:Le} {tapped} : {can} pas payer {{T}}")
    who = player_name(player)
    came = format(fr, "est passé|est passée|sont passés|sont passées")
    raise RulesError(f"{name.en} ({source.id}) came under {who}'s control this turn, so its "
                     "{T} abilities can't be activated", rule="302.6",
                     message_fr=f"{fr:Le} {came} sous le contrôle {french_name(who):de} ce "
                                f"tour-ci : {fr:ses} capacités {{T}} ne peuvent pas être "
                                "activées")


def can_pay_mana(game: Game, player: str, cost: ManaCost, x: int = 0) -> bool:
    """Could ``player`` pay ``cost`` now with the mana in their pool and the mana their
    untapped mana sources can make ({T}: add ...; the first such ability of each)? (117.1d,
    605.3a) Nothing is tapped."""
    pool = game.player(player).mana_pool.copy()
    for v in compute_all(game.state, ("battlefield",)).values():
        if v.controller != player or v.tapped:
            continue
        ability = next((a for a in v.chars.abilities if _taps_for_mana(a)), None)
        if ability is not None and _can_tap(game, v):
            for _, params in ability.modes[0].effects:
                pool.update(parse_pool(dict(params).get("mana", "{C}")))
    try:
        pay_from_pool(pool, cost, x)
    except RulesError:
        return False
    return True


def _taps_for_mana(a: AbilityDef) -> bool:
    return a.kind == "activated" and a.mana_ability and a.cost is not None and a.cost.tap \
        and not (a.cost.mana and a.cost.mana.symbols)


def _cost_text(cost: ManaCost, x: int) -> str:
    return str(cost) + (f" (X={x})" if cost.x_count else "")


def _tap_a_mana_source(game: Game, player: str, wanted: frozenset[str] = frozenset()) -> bool:
    """Activate one untapped mana ability of a permanent ``player`` controls (605.3a): one
    that makes a ``wanted`` color if there is one, else the first."""
    sources = [(v, a) for v in compute_all(game.state, ("battlefield",)).values()
               if v.controller == player and not v.tapped
               for a in v.chars.abilities if _taps_for_mana(a) and _can_tap(game, v)]
    if not sources:
        return False
    v, a = next((s for s in sources if _makes(s[1]) & wanted), sources[0]) if wanted \
        else sources[0]
    game.obj(v.id).tapped = True
    run_effects(game, _ability_item(game, player, v, a, "activated"))
    return True


def _makes(ability: AbilityDef) -> frozenset[str]:
    """The mana symbols a mana ability adds."""
    return frozenset(sym for _, params in ability.modes[0].effects
                     for sym in parse_pool(dict(params).get("mana", "{C}")))


def _missing_colors(pool: Counter, cost: ManaCost) -> frozenset[str]:
    """The colored symbols of ``cost`` the pool can't pay yet."""
    need = Counter(s for s in cost.symbols if s in "WUBRGC")
    return frozenset(s for s, n in need.items() if pool.get(s, 0) < n)


def pay_mana_on_resolution(game: Game, player: str, cost: ManaCost) -> None:
    """A payment asked for while a spell or ability resolves ("you may pay", "unless ...
    pays"): mana abilities may be activated (117.1d, 605.3a), those that make a color still
    missing first, so no land is tapped for mana the cost can't use. The resolving ability
    tells the payment once (118.12): it is not a step of casting a spell (601.2h)."""
    p = game.player(player)
    while True:
        try:
            p.mana_pool = pay_from_pool(p.mana_pool, cost)
            return
        except RulesError:
            if not _tap_a_mana_source(game, player, _missing_colors(p.mana_pool, cost)):
                raise


def _can_tap(game: Game, v: View) -> bool:
    """302.6: a creature's {T} abilities need it under your control since your latest turn."""
    if not v.is_("creature") or "haste" in v.chars.keywords():
        return True
    obj = game.obj(v.id)
    return obj.under_control_since_turn is None or obj.under_control_since_turn < game.state.turn


def pay_cost(game: Game, player: str, item: StackItem, cost: Cost, source: View | None
             ) -> Payment:
    """Pay an activation or additional cost: loyalty, mana, {T}, sacrifice (602.2h, 118).
    Returns what ``item`` has paid so far, with this cost (the sacrificed permanent)."""
    if cost.loyalty is not None and source is not None:
        obj = game.obj(source.id)
        if obj.counters["loyalty"] + cost.loyalty < 0:
            raise RulesError(f"{source.id} has only {obj.counters['loyalty']} loyalty",
                             rule="606.6", message_fr=f"{source.id} n'a que "
                                                      f"{obj.counters['loyalty']} de loyauté")
        obj.counters["loyalty"] += cost.loyalty
        game.log("loyalty_paid", "606.4", obj=game.name_of(source.id), id=source.id,
                 n=f"{cost.loyalty:+d}", left=obj.counters["loyalty"])
    if cost.tap and source is not None:
        if source.tapped or not _can_tap(game, source):
            _cant_tap(game, player, source)
        game.obj(source.id).tapped = True
    pay_mana(game, player, cost.mana, item.x)
    if cost.sacrifice_self and source is not None:  # "Sacrifice this creature" (118.3)
        if game.obj(source.id).zone != "battlefield" or game.obj(source.id).zcc != source.zcc:
            raise RulesError(f"{source.id} is no longer on the battlefield to be sacrificed",
                             rule="118.3", message_fr=f"{source.id} n'est plus sur le champ "
                                                      "de bataille pour être sacrifié")
        sacrificed = sacrifice(game, player, [source.id], rule="118.3")[0]
        return replace(item.paid, sacrificed=sacrificed)
    if cost.sacrifice is None:
        return item.paid
    return replace(item.paid, sacrificed=_pay_sacrifice(game, player, cost.sacrifice, item))


def _pay_sacrifice(game: Game, player: str, flt: Filter, item: StackItem) -> View:
    """118.3: a player can sacrifice only a permanent they control, one the cost's filter
    accepts (filters.accepts)."""
    options = []
    at = Perspective(player, item.source_id, game.state.turn, item.x)
    for v in compute_all(game.state, ("battlefield",)).values():
        if v.controller == player and accepts(flt, v, at):
            options.append(Option(v.id, v.id, f"{v.chars.name} ({v.id})",
                                  f"{v.chars.name_fr or v.chars.name} ({v.id})"))
    if not options:
        raise RulesError("there is nothing to sacrifice to pay this cost", rule="601.2h",
                         message_fr="il n'y a rien à sacrifier pour payer ce coût")
    chosen = game.ask(Question("sacrifice", player, "Choose what to sacrifice",
                               "Choisissez ce que vous sacrifiez", options, rule="118.3"))
    return sacrifice(game, player, [chosen], rule="118.3")[0]


# --- casting -----------------------------------------------------------------------------------

def cast_spell(game: Game, player: str, card_id: str, *, from_effect: bool = False,
               without_paying: bool = False, faces: list[int] | None = None,
               zones: tuple[str, ...] = ("hand",)) -> str:
    """Cast a card as a spell (601.2). Returns the stack object's id."""

    state = game.state
    obj = game.obj(card_id)
    game.player(player)
    if obj.zone not in zones or obj.owner != player:
        who, name = player_name(player), game.name_of(card_id)
        fr = french_name(f"{name.fr} ({card_id})")
        raise RulesError(f"{who} can't cast {name.en} ({card_id}) from the {obj.zone}",
                         rule="601.2", message_fr=f"{who} ne peut pas lancer {fr:le} depuis "
                                                  "là où il se trouve")
    if obj.card is None:
        raise RulesError(f"{card_id} isn't a card, so it can't be cast", rule="601.1a",
                         message_fr=f"{card_id} n'est pas une carte : il ne peut pas être lancé")
    face = _choose_face(game, player, obj.card, faces)
    chars = obj.card.faces[face] if obj.card.layout != "normal" else obj.card.faces[0]
    if "land" in chars.card_types:
        fr = french_name(chars.name_fr or chars.name)
        raise RulesError(f"{chars.name} is a land: lands are played, not cast", rule="305.1",
                         message_fr=f"{fr:Le} {fr:est|sont} un terrain : un terrain "
                                    "se joue, il ne se lance pas")
    if not from_effect:
        _check_timing(game, player, chars)
    _move_one(game, obj, "stack", to_bottom=False, face_down=False, controller=player,
              entering=None)
    obj.face = face
    spell_ability = spell_ability_of(chars)
    item = StackItem(id=game._stack_id(), kind="spell", controller=player, source_id=obj.id,
                     source_zcc=obj.zcc, source_name=chars.name,
                     source_name_fr=chars.name_fr or chars.name, ability=spell_ability,
                     without_paying=without_paying)
    state.stack.append(item)
    mana_cost, payment, extra_costs = _announce_costs(game, player, chars, without_paying)
    if payment is not NOTHING_ANNOUNCED and payment != item.paid:
        # (most spells announce no cost: nothing to compare, nor to replace)
        item = state.put_back(replace(item, paid=payment))
    x_range = None
    if chars.mana_cost and chars.mana_cost.x_count:
        x_range = (0, 0) if without_paying else (0, None)  # 107.3b; X has no upper bound
    if spell_ability is None and x_range is not None:
        item = state.put_back(replace(item, x=game.ask(Question(
            "x", player, "Choose the value of X", "Choisissez la valeur de X",
            number_range=x_range, rule="107.3b" if without_paying else "107.3a"))))
        x_range = None
    chosen = choose_for_stack_object(game, item, x_range=x_range)
    if chosen is None:
        raise RulesError(f"{chars.name} has no legal target to choose", rule="601.2c",
                         message_fr=f"{chars.name_fr} n'a pas de cible légale")
    item = chosen
    obj.x = item.x
    has_x = bool(chars.mana_cost and chars.mana_cost.x_count)
    game.log("cast_x" if has_x else "cast", "601.2", player=player,
             card=chars.names, id=item.id,
             targets=[game.ref_name(r) for s in item.targets for r in s]
             if item.targets else [], x=item.x, mv=chars.mana_value(item.x))
    pay_mana(game, player, mana_cost, item.x)
    for cost in extra_costs:
        item = state.put_back(replace(item, paid=pay_cost(game, player, item, cost, None)))
    if not from_effect:
        state.passes, state.priority = 0, player
    views = views_in_play(state)  # (read only: what may_trigger found in it is kept with it)
    # Without a triggered ability among the views (nor a delayed one), neither casting nor
    # becoming a target triggers anything but the spell's own "when you cast": the spell's
    # view and the events are then not needed (fire adds pending triggers only: the same
    # views serve for the targets)
    watching = may_trigger(game, views)  # (a delayed triggered ability too)
    if watching or _triggers_itself(obj.copiable_values()):
        view = compute(state, obj.id)
        fire(game, [Cast(player=player, spell=view, object=obj.id, item=item.id, lki=view)],
             extra_sources=[view], views=views)
    if watching:
        targeted(game, item, views)
    return item.id


def _triggers_itself(chars: Any) -> bool:
    """Has the spell a triggered ability ("when you cast this spell", 603.2)? What
    ``may_trigger`` asks of its copiable values, without the views it asks about too."""
    return "triggered" in map(_KIND, chars.abilities)  # (no Python frame per ability)


_KIND = attrgetter("kind")


def try_to_cast(game: Game, player: str, card_id: str, **options: Any) -> bool:
    """Cast a card as an effect allows (608.2g), or find it can't be cast (a cost that can't
    be paid, no legal target): then the casting is undone (601.2) and the player just doesn't
    cast it. An illegal answer is still an error."""
    try:
        with game.transaction():
            cast_spell(game, player, card_id, from_effect=True, **options)
        return True
    except IllegalAnswer:
        raise
    except RulesError as err:
        game.log("cant_cast", "601.2", err.rule or "601.2", id=card_id, card=game.name_of(card_id),
                 why=Name(err.message, err.message_fr))
        return False


def _choose_face(game: Game, player: str, card: Any, faces: list[int] | None) -> int:
    castable = card.castable_faces()
    if faces is not None:
        castable = [i for i in castable if i in faces]
    if not castable:
        raise RulesError(f"no face of {card.name} can be cast this way", rule="702.85a",
                         message_fr="aucune face de "
                                    f"{card.characteristics().name_fr or card.name} ne peut "
                                    "être lancée ainsi")
    if len(castable) == 1:
        return castable[0]
    options = [Option(card.faces[i].name, i, card.faces[i].name, card.faces[i].name_fr)
               for i in castable]
    name_fr = card.characteristics().name_fr
    return game.ask(Question("face", player, f"Which face or half of {card.name} do you cast?",
                             f"Quelle face ou moitié lancez-vous ({name_fr}) ?", options,
                             rule="709.3"))


def _no_priority(player: str, priority: str | None, rule: str) -> RulesError:
    """The refusal of an action that needs priority (117.1) by a player who hasn't it."""
    who, has = player_name(player), player_name(priority or "")
    return RulesError(f"{who} doesn't have priority ({has} does)", rule=rule,
                      message_fr=f"{who} n'a pas la priorité ({has} l'a)")


def _check_timing(game: Game, player: str, chars: Any) -> None:
    state = game.state
    if state.priority != player:
        raise _no_priority(player, state.priority, "117.1a")
    if "instant" in chars.card_types or "flash" in chars.keywords():
        return
    if not sorcery_speed_ok(game, player):
        fr = french_name(chars.name_fr or chars.name)
        raise RulesError(f"{chars.name} can be cast only in your main phase with an empty stack",
                         rule="307.1", message_fr=f"{fr:Le} {fr:ne peut|ne peuvent} être "
                         f"{fr:lancé|lancée|lancés|lancées} que pendant votre phase "
                         "principale, la pile vide")


def play_land(game: Game, player: str, card_id: str) -> None:
    """Play a land from hand: a special action that doesn't use the stack (116.2a, 305.1), in a
    main phase of your turn with an empty stack, once per turn (305.2). The land simply enters,
    so its enters triggers trigger; then its player receives priority (116.3)."""

    state = game.state
    obj = game.obj(card_id)
    game.player(player)
    if obj.zone != "hand" or obj.owner != player:
        who = player_name(player)
        raise RulesError(f"{who} can't play {card_id}: it isn't in their hand", rule="305.1",
                         message_fr=f"{who} ne peut pas jouer {card_id} : cette carte "
                                    "n'est pas dans sa main")
    chars = obj.copiable_values()
    if "land" not in chars.card_types:
        fr = french_name(chars.name_fr or chars.name)
        raise RulesError(f"{chars.name} isn't a land: it is cast, not played", rule="305.1",
                         message_fr=f"{fr:Le} {fr:n'est|ne sont} pas un terrain : on "
                                    f"{fr:le|la|les|les} lance, on ne {fr:le|la|les|les} "
                                    "joue pas")
    if state.priority != player:
        raise _no_priority(player, state.priority, "116.2a")
    if not sorcery_speed_ok(game, player):
        raise RulesError("a land can be played only in a main phase of your turn, with an "
                         "empty stack", rule="305.1",
                         message_fr="un terrain ne se joue que pendant une phase principale de "
                                    "votre tour, la pile vide")
    if state.lands_played >= 1:
        who = player_name(player)
        raise RulesError(f"{who} has already played a land this turn", rule="305.2",
                         message_fr=f"{who} a déjà joué un terrain ce tour-ci")
    move_many(game, [(card_id, "battlefield")], cause="play", rule="305.1", controller=player)
    state.lands_played += 1
    state.passes, state.priority = 0, player


def sorcery_speed_ok(game: Game, player: str) -> bool:
    s = game.state
    return s.active == player and s.step in ("main1", "main2") and not s.stack


#: The payment of a spell that announces no cost (frozen: shared by every such spell).
NOTHING_ANNOUNCED = Payment()


def _announce_costs(game: Game, player: str, chars: Any, without_paying: bool
                    ) -> tuple[ManaCost | None, Payment, list[Cost]]:
    """601.2b: alternative cost (at most one, 118.9a) and additional costs (118.8). Returns the
    mana cost to pay, the costs announced, and the other costs they add, to pay with it."""
    mana_cost = None if without_paying else chars.mana_cost
    for a in chars.abilities:
        if a.static:
            break
    else:  # no cost to announce (most spells): nothing to look for
        return mana_cost, NOTHING_ANNOUNCED, []
    alternative: str | None = None
    announced: list[str] = []
    extra_costs: list[Cost] = []
    alternatives = [a for a in chars.abilities if a.static
                    and a.static_get("alternative_cost") is not None]
    if alternatives:
        options = [Option("mana cost" if not without_paying else "without paying", None,
                          "its mana cost" if not without_paying else "without paying its mana "
                          "cost", "son coût de mana" if not without_paying else
                          "sans payer son coût de mana")]
        if not without_paying:
            options += [Option(a.text or f"alternative {i + 1}", a, a.text, a.text_fr)
                        for i, a in enumerate(alternatives)]
        chosen = game.ask(Question("alternative_cost", player, "Which cost do you pay?",
                                   "Quel coût payez-vous ?", options, rule="118.9a"))
        if chosen is not None:
            spec = dict(chosen.static_get("alternative_cost"))
            mana_cost = ManaCost.parse(spec.get("mana", "")) if spec.get("mana") else None
            alternative = chosen.text
            if spec.get("sacrifice"):
                extra_costs.append(Cost(sacrifice=spec["sacrifice"]))
    for a in chars.abilities:
        spec = a.static_get("additional_cost")
        if spec is None:
            continue
        spec = dict(spec)
        if spec.get("optional") and not game.ask_yes_no(
                "additional_cost", player, f"Pay the additional cost: {a.text}?",
                f"Payer le coût supplémentaire : {a.text_fr} ?", rule="118.8a"):
            continue
        extra = Cost(mana=ManaCost.parse(spec["mana"]) if spec.get("mana") else None,
                     sacrifice=spec.get("sacrifice"))
        extra_costs.append(extra)
        announced.append(a.text)
    return mana_cost, Payment(alternative_cost=alternative,
                              additional_costs=tuple(announced)), extra_costs


# --- activating --------------------------------------------------------------------------------

def activated_abilities(view: View) -> list[AbilityDef]:
    return [a for a in view.chars.abilities if a.kind == "activated"]


def activate_ability(game: Game, player: str, source_id: str, index: int = 0) -> str | None:
    """Activate an ability (602.2). Mana abilities resolve at once (605.3a); returns None."""

    state = game.state
    game.player(player)
    battlefield = in_play(state)["battlefield"]  # (its restrictions too; read only)
    source = battlefield.get(source_id) or game.view(source_id)  # (the same view)
    if source.zone not in ("battlefield", "command") or source.controller != player:
        who = player_name(player)
        raise RulesError(f"{who} doesn't control {source_id} on the battlefield",
                         rule="602.2", message_fr=f"{who} ne contrôle pas {source_id}")
    abilities = activated_abilities(source)
    if isinstance(index, bool) or not isinstance(index, int) or index < 0:
        raise RulesError(f"an activated ability is given by its position among its source's, "
                         f"a whole number from 0 (the first), not {index!r}", rule="602.1",
                         message_fr="une capacité activée est désignée par sa position parmi "
                                    "celles de sa source, un nombre entier à partir de 0 (la "
                                    f"première), pas {index!r}")
    if index >= len(abilities):  # said as an ordinal: files count from 1, the API from 0
        n, nth = len(abilities), index + 1
        suffix = "th" if 10 <= nth % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(nth % 10, "th")
        raise RulesError(f"{source.name} has {plural('en', n, 'activated_ability')}: it has no "
                         f"{nth}{suffix}", rule="602.1",
                         message_fr=f"{source.chars.name_fr or source.name} : "
                                    f"{plural('fr', n, 'activated_ability')}, donc pas de "
                                    f"{nth}{'re' if nth == 1 else 'e'}")
    ability = abilities[index]
    if not can_activate(restrictions(battlefield).get(source_id, set()), ability.mana_ability):
        en, fr, rule = refusal(source.chars.names, "activate")
        raise RulesError(en, rule=rule, message_fr=fr)
    if ability.mana_ability and state.priority != player:
        who, has = player_name(player), player_name(state.priority)
        raise RulesError(f"{who} doesn't have priority ({has} does), so can't "
                         "activate a mana ability now", rule="605.3a",
                         message_fr=f"{who} n'a pas la priorité ({has} l'a) : "
                                    "pas de capacité de mana maintenant")
    if not ability.mana_ability:
        _check_activation_timing(game, player, source, ability)
    item = _ability_item(game, player, source, ability, "activated")
    if ability.mana_ability:
        paid = pay_cost(game, player, item, ability.cost or Cost(), source)
        run_effects(game, replace(item, paid=paid))
        return None
    state.stack.append(item)
    x_range = (ability.x_min, None) if ability.has_x else None
    chosen = choose_for_stack_object(game, item, x_range=x_range)
    if chosen is None:
        raise RulesError(f"the ability of {source.name} ({source.id}) has no legal target",
                         rule="602.2b", message_fr=f"{source.chars.name_fr} ({source.id}) : la "
                                                   "capacité n'a pas de cible légale")
    item = chosen
    game.log("activated_x" if ability.has_x else "activated", "602.2", player=player,
             source=Name(item.source_name, item.source_name_fr), id=item.id,
             targets=[game.ref_name(r) for s in item.targets for r in s]
             if item.targets else [], x=item.x)
    paid = pay_cost(game, player, item, ability.cost or Cost(), source)
    if paid is not item.paid:  # a sacrifice was paid
        item = state.put_back(replace(item, paid=paid))
    if ability.cost is not None and ability.cost.loyalty is not None:
        state.loyalty_activated[(source.id, source.zcc)] = state.turn  # 606.3: once a turn
    state.passes, state.priority = 0, player
    views = views_in_play(state)  # (read only: what may_trigger found in it is kept with it)
    if may_trigger(game, views):  # (else neither activating nor targeting triggers anything)
        fire(game, [Activate(player=player, object=source_id, item=item.id, lki=source,
                             source_name=Name(item.source_name, item.source_name_fr))],
             views=views)
        targeted(game, item, views)
    return item.id


def _check_activation_timing(game: Game, player: str, source: View, ability: AbilityDef
                             ) -> None:
    if game.state.priority != player:
        raise _no_priority(player, game.state.priority, "117.1b")
    loyalty = ability.cost is not None and ability.cost.loyalty is not None
    if loyalty and game.state.loyalty_activated.get((source.id, source.zcc)) == game.state.turn:
        raise RulesError(f"a loyalty ability of {source.id} was already activated this turn",
                         rule="606.3", message_fr="une capacité de loyauté de "
                                                  f"{source.id} a déjà été activée ce tour-ci")
    if (ability.timing == "sorcery" or loyalty) and not sorcery_speed_ok(game, player):
        rule = "606.3" if loyalty else "702.6a" if ability.keyword == "equip" else "602.5d"
        raise RulesError(f"{ability.label} can be activated only as a sorcery: your main phase, "
                         "with an empty stack", rule=rule,
                         message_fr="cette capacité ne peut être activée que lorsque vous "
                                    "pourriez lancer un rituel : pendant votre phase "
                                    "principale, la pile vide")


def _ability_item(game: Game, player: str, source: View, ability: AbilityDef, kind: str
                  ) -> StackItem:
    return StackItem(id=game._stack_id() if not ability.mana_ability else "mana",
                     kind=kind, controller=player, source_id=source.id, source_zcc=source.zcc,
                     source_name=source.chars.name,
                     source_name_fr=source.chars.name_fr or source.chars.name, ability=ability)


# Resolving spells and abilities pay "you may pay" and "unless ... pays" costs this way too
# (117.1d, 605.3a): instructions.py, below this module, calls these.
MANA_PAYMENT.update({"can_pay": can_pay_mana, "pay": pay_mana_on_resolution})
