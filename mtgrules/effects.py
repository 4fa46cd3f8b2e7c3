"""What abilities and spells do when they resolve: the effect vocabulary's handlers (608.2c).

Each handler reads its parameters from the card data; the references (``self``, ``target``,
``each_opponent``, ``that_player``...) and amounts (``X``, ``self.power``...) are worked out by
references.py.
"""

from __future__ import annotations

from collections.abc import Callable

from .abilities import (
    AbilityDef,
    CopyExceptions,
    continuous_parts,
    parse_continuous_effect,
    token_characteristics,
)
from .casting import try_to_cast
from .characteristics import compute_all
from .choices import Option, Question
from .continuous import ContinuousEffect, Modification, describe
from .copying import cascade, copy_stack_object
from .damage import damage_many, gain_life
from .data import Node
from .errors import RulesError
from .filters import EMPTY, Condition, Filter, Perspective, accepts, condition_holds, parse_filter
from .frozen import replace
from .instructions import parsed_once, register
from .mana import parse_pool
from .objects import (
    DelayedTrigger,
    GameObject,
    Link,
    LinkedCard,
    Ref,
    Shield,
    StackItem,
)
from .placement import check_attachment
from .protection import choose_qualities
from .references import (
    amount,
    legal_refs,
    object_info,
    objects,
    players,
    recipients,
    target_slot,
)
from .resolution import PERMANENT_TYPES
from .targeting import perspective, target_is_legal
from .text import Name, grammar_of, player_name
from .zones import (
    CopyChoice,
    create_tokens,
    draw_cards,
    indestructible,
    move_many,
    note_control_changes,
    put_counters,
    sacrifice,
    spell_card_to,
)

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game


# --- handlers ----------------------------------------------------------------------------------

def _damage(game: Game, item: StackItem, p: dict) -> None:
    if p.get("divided"):
        division = item.division or ()
        damage_many(game, item, [(ref, n) for ref, n in zip(item.targets[0], division,
                                                            strict=False)
                                 if target_is_legal(game, item, 0, ref)])
        return
    n = amount(game, item, p.get("amount", 0))
    to = recipients(game, item, str(p.get("to", "target")))
    damage_many(game, item, [(ref, n) for ref in to])


def _life(sign: int) -> Callable[[Game, StackItem, dict], None]:
    def handler(game: Game, item: StackItem, p: dict) -> None:
        n = amount(game, item, p.get("amount", 1))
        for who in players(game, item, p.get("who", "you")):
            if sign > 0:
                gain_life(game, who, n)
                continue
            game.player(who).life -= n
            game.log("loses_life", "119.3", player=who, n=n)
    return handler


def _draw(game: Game, item: StackItem, p: dict) -> None:
    """121.2c: each player instructed to draw performs all their draws, in turn order."""
    for who in players(game, item, p.get("who", "you")):
        draw_cards(game, who, amount(game, item, p.get("amount", 1)))


def _mill(game: Game, item: StackItem, p: dict) -> None:
    for who in players(game, item, p.get("who", "you")):
        library = game.state.zone(who, "library")
        n = amount(game, item, p.get("amount", 1))
        move_many(game, [(i, "graveyard") for i in library[::-1][:n]], cause="mill",
                  rule="701.17a")


def _affected(game: Game, item: StackItem, what: str, flt: Filter) -> list[GameObject]:
    """The objects an effect names: a reference (self, target...), or ``each`` permanent the
    filter accepts as the effect happens, seen from the ability's controller (608.2c)."""
    if what != "each":
        return objects(game, item, what)
    at = Perspective(item.controller, item.source_id, game.state.turn)
    return [game.obj(v.id) for v in compute_all(game.state, ("battlefield",)).values()
            if accepts(flt, v, at)]


def _move_handler(to: str, rule: str) -> Callable[[Game, StackItem, dict], None]:
    def handler(game: Game, item: StackItem, p: dict) -> None:
        flt = parse_filter(Node(p["filter"])) if p.get("filter") is not None else EMPTY
        objs = _affected(game, item, str(p.get("what", "target")), flt)
        if to == "graveyard":
            views = compute_all(game.state, ("battlefield",))
            objs = [o for o in objs if not indestructible(game, o.id, views.get(o.id))]
        if objs:
            move_many(game, [(o.id, to) for o in objs], cause="destroy" if to == "graveyard"
                      else to, rule=rule)
    return handler


def _tap(value: bool) -> Callable[[Game, StackItem, dict], None]:
    def handler(game: Game, item: StackItem, p: dict) -> None:
        for o in objects(game, item, p.get("what", "target")):
            o.tapped = value
            game.log("tapped" if value else "untapped", "701.26a", obj=game.name_of(o.id),
                     id=o.id)
    return handler


def _counter(game: Game, item: StackItem, p: dict) -> None:
    """701.6a: countering a spell removes it from the stack to its owner's graveyard."""
    for ref in legal_refs(game, item, target_slot(p.get("what", "target"))):
        target = game.state.item(ref.id)
        if target is None:
            continue
        game.state.stack = [it for it in game.state.stack if it.id != ref.id]
        game.state.note_left_stack(target)
        game.log("countered", "701.6a", id=ref.id, source=Name(target.source_name,
                                                               target.source_name_fr))
        if target.kind == "spell" and not target.is_copy:
            spell_card_to(game, target, "graveyard", "701.6a")


def _return_to_hand(game: Game, item: StackItem, p: dict) -> None:
    """Put objects into their owners' hands (400.3): "return it to its owner's hand"."""
    objs = objects(game, item, p.get("what", "target"))
    if objs:
        move_many(game, [(o.id, "hand") for o in objs], cause="return", rule="400.3")


def _sacrifice(game: Game, item: StackItem, p: dict) -> None:
    """701.21a: only a permanent its controller controls (after control-changing effects,
    613.1b) can be sacrificed: "sacrifice it" does nothing to one another player controls."""
    objs = [o for o in objects(game, item, p.get("what", "self")) if o.zone == "battlefield"]
    views = compute_all(game.state, ("battlefield",)) if objs else {}
    mine = [o.id for o in objs if views[o.id].controller == item.controller]
    if mine:
        sacrifice(game, item.controller, mine)


def _attach(game: Game, item: StackItem, p: dict) -> None:
    """701.3a: attach an Equipment, Aura or Fortification to an object. One that can't be
    attached to it doesn't move, and attaching it to what it is already attached to does
    nothing (701.3b, 301.5b, 303.4j); otherwise it gets a new timestamp (701.3c)."""
    attached = objects(game, item, p.get("what", "self"))
    hosts = objects(game, item, p.get("to", "target"))
    if not attached or not hosts or attached[0].attached_to == hosts[0].id:
        game.log("attach_failed", "701.3b", id=item.id)
        return
    views = compute_all(game.state, ("battlefield",))
    obj, host = views[attached[0].id], views[hosts[0].id]
    try:
        check_attachment(obj.chars, obj.zone, host.chars, host.zone, obj.id == host.id,
                         controller=obj.controller, host_controller=host.controller)
    except RulesError as err:
        game.log("attach_failed", "701.3b", err.rule or "701.3b", id=item.id)
        return
    attached[0].attached_to = hosts[0].id
    attached[0].timestamp = game._timestamp()
    game.log("attached", "701.3a", obj=game.name_of(attached[0].id), id=attached[0].id,
             to=game.name_of(hosts[0].id), to_id=hosts[0].id)


def _continuous(game: Game, item: StackItem, objs: list[GameObject],
                modification: Modification, duration: str = "end_of_turn") -> None:
    """611.2: a resolving spell or ability creates a continuous effect; the objects it affects
    are fixed now (611.2c) and it gets its timestamp now (613.7b)."""
    if not objs:
        return
    if modification.control == "you":
        modification = replace(modification, control=item.controller)
    before = compute_all(game.state, ("battlefield",)) if modification.control else {}
    game.state.effects.append(ContinuousEffect(
        modification, tuple((o.id, o.zcc) for o in objs), game._timestamp(), item.controller,
        item.source_id, duration))
    if before:
        note_control_changes(game, before)


def _pump(game: Game, item: StackItem, p: dict) -> None:
    objs = objects(game, item, p.get("what", "self"))
    power, toughness = int(p.get("power", 0)), int(p.get("toughness", 0))
    _continuous(game, item, objs, Modification(power=power, toughness=toughness))
    for o in objs:
        game.log("pumped", "613.4c", obj=game.name_of(o.id), id=o.id, p=f"{power:+d}",
                 t=f"{toughness:+d}")


def _animate(game: Game, item: StackItem, p: dict) -> None:
    """A land becomes a creature until end of turn: layer 4 and layer 7b parts (613.1d)."""
    objs = objects(game, item, p.get("what", "self"))
    _continuous(game, item, objs, Modification(
        types=tuple(p.get("types", ["creature"])), subtypes=tuple(p.get("subtypes", ())),
        base_power=int(p["power"]), base_toughness=int(p["toughness"])))
    for o in objs:
        game.log("animated", "613.1d", obj=game.name_of(o.id), id=o.id,
                 pt=f"{p['power']}/{p['toughness']}")


def _continuous_effect(game: Game, item: StackItem, p: dict) -> None:
    """611.2: "target creature loses all abilities and becomes a blue Frog with base power
    and toughness 1/1 until end of turn", "gain control of target creature until end of turn",
    "creatures you control get +2/+1 until end of turn" (those there now: 611.2c), "you gain
    protection from the color of your choice until end of turn" (702.16)."""
    what, flt, duration, modification = parsed_once(item, "continuous", p, continuous_parts)
    modification = choose_qualities(game, item, modification)
    objs = [] if what == "you" else _affected(game, item, what, flt)
    affected = [item.controller] if what == "you" else [o.id for o in objs]
    until = Name(" until end of turn", " jusqu'à la fin du tour") if duration == "end_of_turn" \
        else Name("", "")
    # said before what follows from it (a creature whose controller changes is removed from
    # combat, 506.4)
    _log_continuous(game, affected, modification, until, player_name(item.controller))
    if what == "you":  # an ability of a player
        _player_effect(game, item, item.controller, modification, duration)
    else:
        _continuous(game, item, objs, modification, duration)


def _log_continuous(game: Game, ids: list[str], modification: Modification,
                    until: Name, controller: str | None = None) -> None:
    """One log line per object (or player) the effect affects, its French agreeing with the
    name (« les Grizzlis échangent leur force et leur endurance »)."""
    english = describe(modification, controller=controller)
    for i in ids:
        name = game.name_of(i)
        what = Name(english, describe(modification, "fr", controller, grammar_of(name.fr)))
        game.log("continuous_effect", "611.2c", obj=name, id=i, what=what, until=until)


def _player_effect(game: Game, item: StackItem, player: str, modification: Modification,
                   duration: str) -> None:
    """A player gains an ability until the effect ends (611.2): kept as a continuous effect
    whose object is the player (zone-change count 0: a player never changes zones); the
    layers, which apply to objects, never see it."""
    game.state.effects.append(ContinuousEffect(
        modification, ((player, 0),), game._timestamp(), item.controller, item.source_id,
        duration))


def _add_counters(game: Game, item: StackItem, p: dict) -> None:
    kind = str(p.get("counter", "+1/+1"))
    if p.get("divided"):
        pairs = [(game.obj(r.id), n) for r, n in zip(item.targets[0], item.division or [],
                                                     strict=False)
                 if target_is_legal(game, item, 0, r)]
    else:
        n = amount(game, item, p.get("amount", 1))
        pairs = [(o, n) for o in objects(game, item, p.get("what", "target"))]
    for o, n in pairs:
        put_counters(game, o, kind, n)


def _remove_counters(game: Game, item: StackItem, p: dict) -> None:
    """122.1: remove counters: N of one kind, all of one kind (all: true), or every counter
    (counter: any, all: true). A planeswalker left with no loyalty goes to the graveyard as a
    state-based action (704.5i), not here."""
    kind = str(p.get("counter", "any"))
    for o in objects(game, item, p.get("what", "target")):
        kinds = [k for k in o.counters if o.counters[k] > 0] if kind == "any" else [kind]
        for k in sorted(kinds):
            n = o.counters.get(k, 0) if p.get("all") else \
                min(amount(game, item, p.get("amount", 1)), o.counters.get(k, 0))
            if n <= 0:
                continue
            o.counters[k] -= n
            if o.counters[k] <= 0:
                del o.counters[k]
            game.log("counters_removed", "122.1", obj=game.name_of(o.id), id=o.id, n=n,
                     counter=k)


def _create_token(game: Game, item: StackItem, p: dict) -> None:
    n = amount(game, item, p.get("amount", 1))
    before = len(game.state.tokens)
    if "copy_of" in p:
        _create_token_copies(game, item, p["copy_of"], p.get("except"), n)
    else:
        chars = parsed_once(item, "create_token", p, token_characteristics)
        create_tokens(game, item.controller, chars, n)
    if p.get("gains"):
        _tokens_gain(game, item, game.state.tokens[before:], p["gains"])


def _tokens_gain(game: Game, item: StackItem, ids: list[str], gains: Any) -> None:
    """"That token gains haste": a continuous effect from the resolving ability, on the tokens
    it just made (611.2c, 613.1f), not an exception of a copy effect: a copy of the token
    doesn't get it (707.2, unlike 707.9a)."""
    _, _, duration, modification = parse_continuous_effect(
        Node({"what": "self", "duration": "indefinite", "gains": gains}))
    tokens = [game.obj(i) for i in ids if game.obj(i).zone == "battlefield"]
    _continuous(game, item, tokens, modification, duration)
    _log_continuous(game, [t.id for t in tokens], modification, Name("", ""))


def _create_token_copies(game: Game, item: StackItem, what: str,
                         exceptions: CopyExceptions | None, n: int) -> None:
    """"Create a token that's a copy of ...": the copied object's copiable values (a copy's
    are what it copied, 707.3), modified by the exceptions (707.9b); nothing to copy, no
    token (111.12)."""
    for original in objects(game, item, what):
        choice = CopyChoice(original, exceptions)
        create_tokens(game, item.controller, choice.values(), n, copy_of=choice)


def _copy(game: Game, item: StackItem, p: dict) -> None:
    times = amount(game, item, p.get("times", 1))
    what = p.get("what", "target")
    if what in ("event_ability", "event_spell"):
        # "copy that ability" / "copy that spell": what was activated or cast (707.10), even
        # if it has left the stack since: as it last existed there (608.2h)
        ids = [item.remembers.event_item] if item.remembers.event_item else []
    else:  # a target: one that left the stack is illegal (608.2b), nothing to copy
        ids = [r.id for r in legal_refs(game, item, target_slot(what))]
    for sid in ids:
        copy_stack_object(game, item, sid, times, bool(p.get("new_targets", False)),
                          last_known=what != "target" and not what.startswith("target"))


def _cascade(game: Game, item: StackItem, p: dict) -> None:
    cascade(game, item)


def _add_mana(game: Game, item: StackItem, p: dict) -> None:
    pool = game.player(item.controller).mana_pool
    pool.update(parse_pool(p.get("mana", "{C}")))
    game.log("mana_added", "605.1a", player=item.controller, mana=p.get("mana", "{C}"),
             source=Name(item.source_name, item.source_name_fr))


def _link_key(item: StackItem, link: str) -> Link:
    """607.2a: abilities are linked through the object they come from; a copy of the first has
    the same source (707.10b), so it is linked too (607.3)."""
    return Link(item.source_id, item.source_zcc, link)


def _hideaway(game: Game, item: StackItem, p: dict) -> None:
    """702.75a: look at the top N cards, exile one face down, the rest on the bottom at random."""
    library = game.state.zone(item.controller, "library")
    top = library[::-1][: int(p.get("look", 4))]
    if not top:
        return
    options = [Option(i, i, f"{game.name_of(i).en} ({i})", f"{game.name_of(i).fr} ({i})")
               for i in top]
    chosen = game.ask(Question("hideaway", item.controller, "Choose a card to exile face down",
                               "Choisissez une carte à exiler face cachée", options,
                               rule="702.75a", context={"item": item.id}))
    move_many(game, [(chosen, "exile")], cause="exile", rule="702.75a", face_down=True)
    key = _link_key(item, str(p.get("link", "hideaway")))
    game.state.linked.setdefault(key, []).append(LinkedCard(chosen, game.obj(chosen).zcc))
    game.log("linked_exile", "607.2a", id=chosen, obj=game.obj(chosen).copiable_values().names,
             link=str(key), n=len(game.state.linked[key]))
    rest = [i for i in top if i != chosen]
    game.state.random().shuffle(rest)
    if rest:
        move_many(game, [(i, "library") for i in rest], cause="bottom", rule="702.75a",
                  to_bottom=True)


def _play_linked(game: Game, item: StackItem, p: dict) -> None:
    """607.3: "the exiled card" means every card the linked ability (and its copies) exiled."""
    condition = p.get("if")
    if condition and not _condition_holds(game, item, condition):
        game.log("condition_false", "608.2c", id=item.id)
        return
    key = _link_key(item, str(p.get("link", "hideaway")))
    for entry in list(game.state.linked.get(key, [])):
        card_id = entry.id
        obj = game.state.objects.get(card_id)
        if obj is None or obj.zone != "exile" or obj.zcc != entry.zcc:
            continue
        name = Name(obj.copiable_values().name, obj.copiable_values().name_fr)
        if not game.ask_yes_no("play", item.controller, f"Play {name.en} ({card_id})?",
                               f"Jouer {name.fr} ({card_id}) ?", rule="607.3"):
            continue
        if "land" in obj.copiable_values().card_types:
            # An effect lets you play the land now, but it is still your land for the turn.
            if game.state.lands_played >= 1:
                game.log("cant_play", "305.2", id=card_id, card=name,
                         why=Name("a land was already played this turn",
                                  "un terrain a déjà été joué ce tour-ci"))
                continue
            move_many(game, [(card_id, "battlefield")], cause="play", rule="305.1",
                      controller=item.controller)
            game.state.lands_played += 1
        else:
            try_to_cast(game, item.controller, card_id,
                        without_paying=bool(p.get("without_paying")), zones=("exile",))


def _condition_holds(game: Game, item: StackItem, condition: Condition) -> bool:
    """608.2c: an "if" in the instructions, checked as they are followed."""
    at = perspective(game, item)
    return condition_holds(condition, compute_all(game.state, ("battlefield",)).values(), at,
                           game.player(item.controller).life,
                           kicked=bool(item.paid.additional_costs))


def _prevent_damage(game: Game, item: StackItem, p: dict) -> None:
    """615.1a, 615.7: a prevention shield for this turn: all damage (or all combat damage), or
    the next N damage to each target."""
    n = amount(game, item, p["amount"]) if "amount" in p else None
    params = (("combat", bool(p.get("combat", False))),)
    name = Name(item.source_name, item.source_name_fr)
    text = Name(item.ability.text, item.ability.text_fr) if item.ability else name
    to_refs: list[Ref | None] = [None]
    if "to" in p:
        to_refs = list(legal_refs(game, item, target_slot(p["to"])))
    for ref in to_refs:
        if ref is not None and ref.kind == "object":
            ref = Ref("object", ref.id, game.obj(ref.id).zcc)
        shield = Shield(_shield_id(game, item), "prevent_damage", params, item.controller,
                        name, text, "end_of_turn", n, ref, item.source_id)
        game.state.shields.append(shield)
        if ref is None:
            game.log("shield_all_combat" if params[0][1] else "shield_all", "615.1a",
                     source=name, id=shield.id)
        elif n is None:  # "prevent all damage that would be dealt to target creature"
            game.log("shield_all_combat_to" if params[0][1] else "shield_all_to", "615.1a",
                     source=name, id=shield.id, to=game.ref_name(ref))
        else:
            game.log("shield_next", "615.7", source=name, id=shield.id, n=n,
                     to=game.ref_name(ref))


def _shield_id(game: Game, item: StackItem) -> str:
    """A readable id for a shield: its source's id and -shield, then -2, -3 ... while others
    are in force."""
    return _free_id(f"{item.source_id}-shield", {s.id for s in game.state.shields})


def _free_id(base: str, taken: set[str]) -> str:
    """``base``, or ``base-2``, ``base-3`` ... whichever isn't taken."""
    n, wanted = 2, base
    while wanted in taken:
        wanted, n = f"{base}-{n}", n + 1
    return wanted


def _delayed_trigger(game: Game, item: StackItem, p: dict) -> None:
    """603.7: create a delayed triggered ability. Its source is the resolving spell, or the
    source of the resolving ability; its controller, who controls what resolves (603.7d,
    603.7e). It refers to particular objects as they are now (603.7c): the tokens just
    created, the cards just moved (400.7j), a target..."""
    ability: AbilityDef = p["ability"]
    refs: tuple[Ref, ...] = ()
    if "refers_to" in p:
        refs = tuple(Ref("object", o.id, o.zcc) for o in objects(game, item, p["refers_to"]))
    # named after the stack object that created it (S3 -> D3), in no language
    base = "D" + item.id[1:] if item.id[:1] == "S" else f"D-{item.id}"
    taken = {d.id for d in game.state.delayed}
    delayed = DelayedTrigger(
        _free_id(base, taken), ability, item.controller, item.source_id, item.source_zcc,
        item.source_name, item.source_name_fr, refs, object_info(game, item, "self"),
        game.state.turn, bool(p.get("this_turn")))
    game.state.delayed.append(delayed)
    game.log("delayed_created_refers" if refs else "delayed_created", "603.7",
             "603.7d" if item.kind == "spell" else "603.7e",
             source=Name(item.source_name, item.source_name_fr), id=delayed.id,
             text=Name(ability.text.rstrip("."), ability.text_fr.rstrip(".")),
             objs=[game.ref_name(r) for r in refs])


def _put_onto_battlefield(game: Game, item: StackItem, p: dict) -> None:
    """Put objects onto the battlefield (400.7: each becomes a new object) under their owner's
    control or the ability's controller's, with the counters the effect gives them
    (614.1c). A card that isn't a permanent card stays where it is (110.4a)."""
    found = _card_from_hand(game, item, p["from_hand"], bool(p.get("optional"))) \
        if "from_hand" in p else objects(game, item, p.get("what", "target"))
    objs = [o for o in found if o.zone != "battlefield" and any(
        t in o.copiable_values().card_types for t in PERMANENT_TYPES)]
    if not objs:
        return
    under = item.controller if p.get("under") == "you" else None
    counters = ((str(p["counter"]), amount(game, item, p.get("amount", 1))),) \
        if "counter" in p else ()
    move_many(game, [(o.id, "battlefield") for o in objs], cause="return", rule="400.7",
              controller=under, counters=counters)


def _card_from_hand(game: Game, item: StackItem, flt: Filter, optional: bool
                    ) -> list[GameObject]:
    """"(You may) put a creature card from your hand onto the battlefield": the controller
    chooses, as the ability resolves (608.2d), one card of their hand the filter accepts."""
    at = Perspective(item.controller, item.source_id, game.state.turn)
    hand = compute_all(game.state, ("hand",))
    options = [Option(v.id, v.id, f"{v.chars.name} ({v.id})", f"{v.chars.names.fr} ({v.id})")
               for i in game.state.ids_in(item.controller, "hand")
               if (v := hand[i]) is not None and accepts(flt, v, at)]
    if optional or not options:
        options.append(Option("none", None, "none", "aucune"))
    chosen = game.ask(Question(
        "put_from_hand", item.controller, f"{item.id}: which card from your hand goes onto the "
        "battlefield?", f"{item.id} : quelle carte de votre main va sur le champ de bataille ?",
        options, rule="608.2d", context={"item": item.id}))
    return [game.obj(chosen)] if chosen is not None else []


def _exile_all(game: Game, item: StackItem, p: dict) -> None:
    """Exile every card in a zone of some players (701.13a), as one event."""
    zone = str(p.get("from", "graveyard"))
    ids = [i for who in players(game, item, p.get("who", "each_player"))
           for i in game.state.ids_in(who, zone)]
    if ids:
        move_many(game, [(i, "exile") for i in ids], cause="exile", rule="701.13a")


register({
    "prevent_damage": _prevent_damage,
    "exile_all": _exile_all,
    "delayed_trigger": _delayed_trigger,
    "put_onto_battlefield": _put_onto_battlefield,
    "damage": _damage,
    "lose_life": _life(-1),
    "gain_life": _life(+1),
    "draw": _draw,
    "mill": _mill,
    "destroy": _move_handler("graveyard", "701.8a"),
    "exile": _move_handler("exile", "701.13a"),
    "tap": _tap(True),
    "untap": _tap(False),
    "counter": _counter,
    "sacrifice": _sacrifice,
    "return_to_hand": _return_to_hand,
    "attach": _attach,
    "pump": _pump,
    "add_counters": _add_counters,
    "create_token": _create_token,
    "remove_counters": _remove_counters,
    "animate": _animate,
    "copy": _copy,
    "cascade": _cascade,
    "hideaway": _hideaway,
    "play_linked": _play_linked,
    "add_mana": _add_mana,
    "continuous": _continuous_effect,
})
