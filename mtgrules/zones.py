"""Zone changes (400.7): one or many objects moving at the same time, as one event.

Abilities that trigger on leaving the battlefield look back at the game as it was just before the
event (603.10a); all others look at it just after (603.10). An object about to enter the
battlefield as a copy chooses what to copy before it enters, among what is already there (614.12).
"""

from __future__ import annotations

from collections.abc import Sequence

from .abilities import Characteristics
from .characteristics import View, compute, compute_all
from .choices import Option, Question
from .errors import RulesError
from .events import Draws, Event, Sacrifice, ZoneChange
from .objects import OWNED_ZONES, GameObject, Ref, StackItem, slug
from .placement import enchant_player_problem, enchant_problem
from .protection import player_protections
from .replacement import (
    CopyChoice,
    CountersPut,
    Drawing,
    Entering,
    Moving,
    TokensCreated,
    may_apply,
    replace,
    static_sources,
)
from .text import Name, player_name
from .text.grammar import declare
from .text.messages import ZONE_NAMES
from .text.numbers import number
from .triggers import detect_triggers, fire, may_match_zone_change, views_in_play

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from .game import Game

#: Zones whose objects an effect can find again after moving them there (400.7j).
_PUBLIC = ("battlefield", "graveyard", "exile", "stack", "command")


#: where a token is once it has left the battlefield (a copy of a spell on the stack is not yet
#: a token that left anything: 707.10f)
_LEFT = frozenset({"hand", "graveyard", "exile", "library", "gone"})
#: No object (entering the battlefield).
_NONE: frozenset[str] = frozenset()


def _tokens_stay(game: Game, moves: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """111.8: a token that has left the battlefield can't move to another zone or come back
    onto the battlefield: it stays where it is (or, having ceased to exist, nowhere: 111.7)."""
    kept = []
    for i, to in moves:
        obj = game.obj(i)
        if obj.token_values is not None and obj.zone in _LEFT:  # (is_token, without a call)
            game.log("token_stays", "111.8", id=obj.id)
        else:
            kept.append((i, to))
    return kept


def move_many(game: Game, moves: list[tuple[str, str]], *, cause: str, rule: str,
              to_bottom: bool = False, face_down: bool = False, controller: str | None = None,
              extra_events: Sequence[Event] = (), x: int | None = None,
              attach: dict[str, str] | None = None,
              counters: tuple[tuple[str, int], ...] = ()) -> list[Event]:
    """Move objects at once; detect what triggers; return the zone-change events.

    Each move is first offered to the replacement effects (614): it may go elsewhere instead
    ("exile it instead", 614.6), and a permanent's entering is modified as it enters (tapped,
    with counters, as a copy: 614.1c-d, 614.12), all decided before anything moves.
    ``attach``: what an Aura entering the battlefield enchants (608.3c); an Aura entering
    without one has its controller choose (303.4f), or stays where it is if nothing can be
    chosen, or goes to its owner's graveyard if that is the stack (303.4g).
    ``counters``: what the effect says each permanent enters with ("return it with a +1/+1
    counter on it", 614.1c), given before the other replacement effects apply (122.6)."""

    state = game.state
    moves = _tokens_stay(game, moves)
    # (plain loops rather than a comprehension each: most moves are of one object)
    objs, targets = [], []
    leaving = control = False
    for i, to in moves:
        o = game.obj(i)
        objs.append(o)
        targets.append(to)
        leaving = leaving or o.zone == "battlefield"
        # a permanent whose static ability changes control enters or leaves (an Aura: 303.4e)
        control = control or _changes_control(o)
    before = views_in_play(state) if leaving or control else None  # (read only)
    sources = static_sources(game, before)  # (it looks only at those on the battlefield)
    if may_apply(game, sources):  # (most moves: no replacement effect could apply)
        targets = [_destination(game, o, to, sources)
                   for o, to in zip(objs, targets, strict=True)]
    together = frozenset(o.id for o, to in zip(objs, targets, strict=True)
                         if to == "battlefield") if "battlefield" in targets else _NONE
    entering = {o.id: _entering(game, o, controller, x, together, sources, counters)
                for o in objs if o.id in together} if together else {}
    attach = dict(attach) if attach else {}
    chosen: set[str] = set()  # chosen as the Aura enters (303.4f), not an Aura spell's target
    stays = set()
    for o in [o for o in objs if o.id in together and o.id not in attach] if together else ():
        copied = entering[o.id].copy
        host = choose_what_to_enchant(game, o, set(together), controller or o.owner, copied)
        if host is not None:
            attach[o.id] = host
            chosen.add(o.id)
        elif _is_aura(o, copied):
            stays.add(o.id)  # 303.4g: it stays where it is, unless that is the stack
    if stays:
        kept = [(o, "graveyard" if o.id in stays else to)
                for o, to in zip(objs, targets, strict=True)
                if o.id not in stays or o.zone == "stack"]
        objs, targets = [o for o, _ in kept], [to for _, to in kept]
    moved: list[tuple[str, str, str, View | None]] = []  # each object, from, to, as it last
    # existed (None: nobody looks, _looked_at)
    returned = []  # permanents put back onto the battlefield from a zone they may have left it for
    for obj, to in zip(objs, targets, strict=True):
        from_zone = obj.zone
        if to == "battlefield" and from_zone in _LEFT:
            returned.append(obj.id)
        lki = before[obj.id] if before and obj.id in before else \
            compute(state, obj.id) if _looked_at(from_zone, to) else None
        in_combat = state.combat is not None and state.combat.remove(obj.id)  # 506.4
        if from_zone in ("battlefield", "stack"):
            obj.last_known = lki  # 113.7a, 608.2h: what its abilities read once it has left
        _move_one(game, obj, to, to_bottom=to_bottom, face_down=face_down,
                  controller=controller, entering=entering.get(obj.id))
        if game.resolving and from_zone != "outside" and to in _PUBLIC:
            game.resolving[-1].moved.append(Ref("object", obj.id, obj.zcc))  # 400.7j
        moved.append((obj.id, from_zone, to, lki))
        _log_move(game, obj, lki, from_zone, to, rule, face_down, to_bottom)
        if obj.id in attach and to == "battlefield":
            obj.attached_to = attach[obj.id]
            game.log("attached", "303.4f" if obj.id in chosen else "608.3c",
                     obj=game.name_of(obj.id), id=obj.id, to=game.name_of(attach[obj.id]),
                     to_id=attach[obj.id])
        if in_combat and lki is not None:  # (in combat: it was on the battlefield)
            game.log("removed_from_combat", "506.4", obj=_lki_name(lki), id=obj.id)
    if returned:
        _left_behind(game, returned, together)
    after = views_in_play(state)  # (read only: indexed for triggers once, detect_triggers)
    if control and before is not None:
        note_control_changes(game, before, after)
    # the zone changes, made once every object has moved: what entered, as it is now (603.10)
    events = list(extra_events)
    for i, from_zone, to, lki in moved:
        events.append(ZoneChange(object=i, from_zone=from_zone, to=to, lki=lki, cause=cause,
                                 player=lki.controller if lki is not None else "",
                                 new=after.get(i) if to in ("battlefield", "command") else None))
    detect_triggers(game, events, before, after)
    return events


def _left_behind(game: Game, returned: list[str], entered: frozenset[str]) -> None:
    """400.7: a permanent that left the battlefield and comes back is a new object, with no
    memory of the old one: what was attached to the old one (an Aura, an Equipment) is attached
    to nothing, even when it comes back within one effect ("exile it, then return it"), before
    state-based actions are checked. The Aura then goes to its owner's graveyard (704.5m); the
    Equipment stays on the battlefield, unattached. (An object keeps its id across zones, so
    without this the attachment would follow the id to the new object.)"""
    back = set(returned)
    for i in game.state.ids_in(None, "battlefield"):
        attachment = game.obj(i)
        host = attachment.attached_to
        if host in back and i not in entered:  # (one entering now chose its host: 303.4f)
            attachment.attached_to = None
            game.log("host_came_back", "400.7", obj=game.name_of(i), id=i,
                     host=game.name_of(host), host_id=host)


def _looked_at(from_zone: str, to: str) -> bool:
    """Is an object moving from ``from_zone`` to ``to`` looked at as it last existed? It is
    when it leaves the battlefield or the stack (113.7a, 608.2h: ``last_known``), and when
    its zone change may trigger an ability: one that enters the battlefield or is put into a
    graveyard (:func:`triggers.may_match_zone_change`). Other moves (a card drawn, exiled
    from a library, put on the bottom of one) match no trigger event: working out the view
    of each (the layers, for an object alone) would be for nobody."""
    return from_zone in ("battlefield", "stack") or may_match_zone_change(from_zone, to)


def _destination(game: Game, obj: GameObject, to: str, sources: list) -> str:
    """Where the object goes once replacement effects have applied to its move (614.6), when
    one could apply (:func:`replacement.may_apply`)."""
    moved = replace(game, Moving(obj.id, obj.zone, to), sources)
    return moved.to if moved is not None else obj.zone


def _entering(game: Game, obj: GameObject, controller: str | None, x: int | None,
              together: frozenset[str], sources: list,
              counters: tuple[tuple[str, int], ...] = ()) -> Entering:
    """How the permanent enters, once every replacement effect that modifies it has applied
    (614.12), its choices made before it enters (614.12a)."""
    kept_x = obj.x if obj.zone == "stack" else 0
    event = Entering(obj.id, controller or obj.owner, x=kept_x if x is None else x,
                     together=together, counters=counters,
                     notes=tuple(("enters_with_counters", k, n) for k, n in counters))
    return replace(game, event, sources) or event


def _move_one(game: Game, obj: GameObject, to: str, *, to_bottom: bool, face_down: bool,
              controller: str | None, entering: Entering | None) -> None:
    state = game.state
    from_zone = obj.zone
    key = (obj.owner, from_zone) if from_zone in OWNED_ZONES else ("", from_zone)
    old = state.zones.get(key)  # (State.zone, without a call: at every move)
    if old is None:
        old = state.zones[key] = []  # (as State.zone makes it: "outside", for a new token)
    elif obj.id in old:
        old.remove(obj.id)
    obj.zone, obj.zcc = to, obj.zcc + 1
    obj.tapped = False
    if obj.counters:  # (a call into Counters.clear only when there are some: most have none)
        obj.counters.clear()
    obj.damage, obj.attached_to, obj.copy_values = 0, None, None
    if from_zone != "outside":  # a token being created keeps what it is a copy of (707.2)
        obj.copy_of, obj.copy_except = None, None
    obj.deathtouched = False
    obj.face_down = face_down and to == "exile"
    state.next_timestamp += 1  # (Game._timestamp, without a call: at every move)
    obj.timestamp = state.next_timestamp
    obj.x = 0
    if to != "stack":
        obj.face = 0
    obj.controller = controller or obj.owner if to in ("battlefield", "stack") else obj.owner
    new = state.zone(obj.owner, to)
    if to_bottom and to == "library":
        new.insert(0, obj.id)
    else:
        new.append(obj.id)
    if to == "battlefield":
        assert entering is not None
        _enter(game, obj, entering)


def _enter(game: Game, obj: GameObject, entering: Entering) -> None:
    """The object enters as the replacement effects made it (614.12): as a copy if it chose one
    (707.5), with its 'enters with' counters (614.1c), a planeswalker's loyalty (306.5b) and
    what its copy effect's exceptions add (707.9e), tapped or not."""
    state = game.state
    obj.entered_turn = obj.under_control_since_turn = state.turn
    if entering.copy is not None:
        _become_copy(game, obj, entering.copy)
    obj.tapped = entering.tapped
    obj.counters.update(dict(entering.counters))
    for note in entering.notes:
        _log_entering(game, obj, note)


def _become_copy(game: Game, obj: GameObject, choice: CopyChoice) -> None:
    """707.5: it enters as a copy; the copied object's copiable values (a copy's are what it
    copied, 707.3), modified by the exceptions (707.9b), are its copiable values."""
    original, exceptions = choice
    obj.copy_values = choice.values()
    obj.copy_of, obj.copy_except = original.id, exceptions
    if exceptions is None:
        game.log("enters_as_copy", "707.5", "614.1c", "707.2", obj=game.name_of(obj.id),
                 id=obj.id, copied=game.name_of(original.id), copied_id=original.id)
    else:
        game.log("enters_as_copy_except", "707.5", "614.1c", "707.9", obj=game.name_of(obj.id),
                 id=obj.id, copied=game.name_of(original.id), copied_id=original.id,
                 exceptions=exceptions.describe())


def _log_entering(game: Game, obj: GameObject, note: tuple) -> None:
    name = game.name_of(obj.id)
    if note[0] == "enters_with_loyalty":
        game.log("enters_with_loyalty", "306.5b", obj=name, n=note[1])
    elif note[0] == "enters_with_counters":
        game.log("enters_with_counters", "614.1c", obj=name, n=note[2], counter=note[1])
    elif note[0] == "enters_tapped":
        game.log("enters_tapped", "614.1d" if note[2] else "614.1c", obj=name, id=obj.id,
                 source=note[1])
    elif note[0] == "copy_counters":
        game.log("enters_with_counters", "707.9e", "707.9f", obj=name, n=note[2],
                 counter=note[1])
    elif note[0] == "replaced_counters":
        game.log("replaced_counters", "614.16", "122.6", source=note[1], counter=note[2],
                 n=note[3], was=note[4], obj=name, id=obj.id)


def _is_aura(obj: GameObject, copy_from: CopyChoice | None) -> bool:
    chars = copy_from.values() if copy_from is not None else obj.copiable_values()
    return "aura" in chars.subtypes


def choose_what_to_enchant(game: Game, obj: GameObject, entering: set[str], controller: str,
                           copy_from: CopyChoice | None = None) -> str | None:
    """303.4f: an Aura entering the battlefield other than by resolving (the effect names
    nothing) has its controller choose, as it enters, a legal object to enchant, among what is
    already on the battlefield. None: it isn't an Aura, or there is nothing to choose (303.4g,
    logged)."""
    if not _is_aura(obj, copy_from):
        return None
    chars = copy_from.values() if copy_from is not None else obj.copiable_values()
    views = compute_all(game.state, ("battlefield",))
    options = [Option(p, p, p, p) for p in game.state.player_order()
               if not enchant_player_problem(chars, controller, p,
                                             player_protections(game.state, p))]
    for v in views.values():
        if v.id in entering or v.id == obj.id or \
                enchant_problem(chars, controller, v.chars, v.controller):
            continue
        options.append(Option(v.id, v.id, f"{v.chars.name} ({v.id})",
                              f"{v.chars.names.fr} ({v.id})"))
    name = game.name_of(obj.id)
    if not options:  # from the stack, to its owner's graveyard instead (move_many)
        if obj.zone == "stack":
            game.log("aura_no_host", "303.4g", obj=name, id=obj.id)
        else:
            game.log("aura_stays", "303.4g", obj=name, id=obj.id, zone=_zone_name(obj.zone, 1))
        return None
    return game.ask(Question(
        "enchant", controller, f"{name.en} enters the battlefield: what does it enchant?",
        f"{name.fr} arrive sur le champ de bataille : qu'enchante-t-elle ?", options,
        rule="303.4f", context={"object": obj.id}))


def _log_move(game: Game, obj: GameObject, lki: View | None, from_zone: str, to: str,
              rule: str, face_down: bool, to_bottom: bool = False) -> None:
    if from_zone == "battlefield" and to == "graveyard" and lki is not None and \
            lki.is_("creature"):
        game.log("dies", "700.4", rule, obj=_lki_name(lki), id=obj.id)
    elif to == "library" and to_bottom:
        game.log("to_bottom", rule, obj=game.name_of(obj.id), id=obj.id,
                 from_zone=_zone_name(from_zone, 0))
    elif to == "exile" and face_down:
        game.log("exiled_face_down", rule, "406.3", obj=obj.copiable_values().names, id=obj.id)
    elif from_zone != "outside":  # a token is created on the battlefield (111.1), not moved
        game.log("moved", rule, "400.7", obj=game.name_of(obj.id), id=obj.id,
                 from_zone=_ZONE_NAMES.get((from_zone, 0)) or _zone_name(from_zone, 0),
                 to_zone=_ZONE_NAMES.get((to, 1)) or _zone_name(to, 1))  # (looked up here)


def _zone_name(zone: str, to: int):
    """The zone as it reads after "from" (``to`` = 0) or "to" (1), in both languages."""
    name = _ZONE_NAMES.get((zone, to))
    if name is None:
        forms = ZONE_NAMES.get(zone, (zone,) * 4)
        name = Name(forms[to], forms[2 + to])
    return name


#: The zones' names as :func:`_zone_name` gives them, made once (a move logs two).
_ZONE_NAMES = {(zone, to): Name(forms[to], forms[2 + to])
               for zone, forms in ZONE_NAMES.items() for to in (0, 1)}


def _lki_name(lki: View):
    return lki.chars.names


def sacrifice(game: Game, player: str, obj_ids: list[str], rule: str = "701.21a"
              ) -> list[View]:
    """Sacrifice: move permanents you control to their owners' graveyards (701.21a). It is its
    own event too, so "whenever you sacrifice" triggers on it, not on the dying (masamune-05)."""
    game.player(player)
    views = []
    for i in obj_ids:
        game._require_on_battlefield(i)
        view = compute(game.state, i)  # its controller after control-changing effects (613.1b)
        if view.controller != player:
            who, has = player_name(player), player_name(view.controller or "")
            raise RulesError(f"{who} can't sacrifice {i}: {has} controls it", rule="701.21a",
                             message_fr=f"{who} ne peut pas sacrifier {i} : {has} le contrôle")
        views.append(view)
    events = [Sacrifice(object=v.id, player=player, lki=v) for v in views]
    for v in views:
        game.log("sacrificed", rule, player=player, obj=_lki_name(v), id=v.id)
    move_many(game, [(i, "graveyard") for i in obj_ids], cause="sacrifice", rule=rule,
              extra_events=events)
    return views


def _changes_control(obj: GameObject) -> bool:
    """Has the object a static ability that changes control (its copiable values)? Asked of
    every object that moves: kept by the characteristics' identity (a card's are the same
    object every time)."""
    chars = obj.copiable_values()
    found = _CONTROLLING.get(id(chars))
    if found is None or found[0] is not chars:
        if len(_CONTROLLING) >= 4096:  # (characteristics made on the fly come and go)
            _CONTROLLING.clear()
        found = _CONTROLLING[id(chars)] = (chars, any(
            a.kind == "static" and (spec := a.static_get("continuous")) is not None
            and spec.modification.control is not None for a in chars.abilities))
    return found[1]


#: What :func:`_changes_control` found, by the characteristics' identity (kept beside it, so
#: that identity can't be reused).
_CONTROLLING: dict[int, tuple[Characteristics, bool]] = {}


def note_control_changes(game: Game, before: dict[str, View],
                         after: dict[str, View] | None = None) -> None:
    """302.6: a permanent that changed controller has been under its new controller's control
    only since now (a stolen creature has summoning sickness unless it has haste); 506.4: it is
    removed from combat. ``before`` (and ``after``): the battlefield's views before (and after)
    the change (compute_all)."""
    after = after if after is not None else compute_all(game.state, ("battlefield",))
    combat = game.state.combat
    for i, v in after.items():
        if i in before and before[i].controller != v.controller:
            game.state.objects[i].under_control_since_turn = game.state.turn
            if combat is not None and combat.remove(i):
                game.log("removed_from_combat", "506.4", obj=game.name_of(i), id=i)


def indestructible(game: Game, obj_id: str, view: View | None = None) -> bool:
    """702.12b: a permanent with indestructible can't be destroyed; say so in the log.
    ``view``: the permanent's view when the caller has it (computing one view looks at the
    whole battlefield, so destroying many at once computes them all once)."""
    if "indestructible" not in (view or compute(game.state, obj_id)).chars.keywords():
        return False
    game.log("indestructible", "702.12b", obj=game.name_of(obj_id), id=obj_id)
    return True


#: The most tokens, draws or copies one instruction makes: a hostile or mistyped number
#: ("create 1,000,000,000 tokens") is refused instead of running for hours.
KIT_LIMIT = 10_000


def within_kit_limit(n: int, what: str, what_fr: str) -> None:
    """Refuse (the game unchanged: every action is all or nothing) more than KIT_LIMIT."""
    if n > KIT_LIMIT:
        raise RulesError(
            f"the kit plays at most {number(KIT_LIMIT)} {what} (here {number(n)}): a limit of "
            f"the kit, not a rule of the game",
            message_fr=f"le kit joue au plus {number(KIT_LIMIT, 'fr')} {what_fr} (ici "
                       f"{number(n, 'fr')}) : une limite du kit, pas une règle du jeu")


def create_token(game: Game, controller: str, chars: Characteristics,
                 attach_to: str | None = None, copy_of: CopyChoice | None = None) -> str:
    """A token put onto the battlefield (111.1, 111.3: its copiable values are what the creating
    effect says; for a token that's a copy, the copied object's copiable values with the
    exceptions, 707.2, 707.9). A copy of a permanent spell resolving becomes one this way and
    is not "created" for replacement effects (111.13, 608.3f); effects use create_tokens."""
    token = _new_token(game, controller, chars, copy_of)
    _tokens_enter(game, controller, [token], {token: attach_to} if attach_to else None)
    return token


def create_tokens(game: Game, controller: str, chars: Characteristics, n: int,
                  copy_of: CopyChoice | None = None) -> list[str]:
    """An effect creates ``n`` tokens (111.1, 111.3: their copiable values are what the effect
    says), as many as the replacement effects make it (614.16); each then enters the
    battlefield with its own replacement effects (616.1g: creating them comes first), all in
    one event (701.7a), so each sees the others enter (603.6a)."""
    event = replace(game, TokensCreated(controller, chars, n))
    count = event.amount if event is not None else 0
    within_kit_limit(count, "tokens created at once", "jetons créés à la fois")
    tokens = [_new_token(game, controller, chars, copy_of) for _ in range(count)]
    return _tokens_enter(game, controller, tokens, None)


def _new_token(game: Game, controller: str, chars: Characteristics,
               copy_of: CopyChoice | None) -> str:
    """The token about to be put onto the battlefield, outside the game until it is."""
    if chars.grammar_fr:  # its French name's article and gender, if the effect gave them
        declare(chars.name_fr, chars.grammar_fr)
    obj = GameObject(id=game._new_id(slug(chars.name) + "-token"), owner=controller,
                     controller=controller, zone="outside", token_values=chars)
    if copy_of is not None:
        obj.copy_of, obj.copy_except = copy_of.original.id, copy_of.exceptions
    game.state.objects[obj.id] = obj
    game.state.tokens.append(obj.id)
    if copy_of is None:
        a = "an" if chars.names.en[:1] in "AEIOUaeiou" else "a"  # "an Elf Warrior token"
        game.log("token_created", "111.1", obj=chars.names, id=obj.id, player=controller,
                 a=Name(a, a))
    elif copy_of.exceptions is None:
        game.log("token_copy_created", "111.1", "707.2", id=obj.id, player=controller,
                 copied=game.name_of(copy_of.original.id), copied_id=copy_of.original.id)
    else:
        game.log("token_copy_created_except", "111.1", "707.9", id=obj.id, player=controller,
                 copied=game.name_of(copy_of.original.id), copied_id=copy_of.original.id,
                 exceptions=copy_of.exceptions.describe())
    return obj.id


def _tokens_enter(game: Game, controller: str, tokens: list[str],
                  attach: dict[str, str] | None) -> list[str]:
    if tokens:
        move_many(game, [(t, "battlefield") for t in tokens], cause="create", rule="111.1",
                  controller=controller, attach=attach)
    if game.resolving:  # "that token" (111.1), for the rest of the resolving instructions
        game.resolving[-1].created.extend(Ref("object", t, game.obj(t).zcc) for t in tokens)
    return tokens


def draw_cards(game: Game, player: str, n: int, rule: str = "121.1") -> None:
    """A player draws ``n`` cards (121.2): the instruction as a whole first meets the effects
    that change how many cards it draws (121.2a, 616.1g: a self-replacement effect), then
    each card is one draw, offered to the replacement effects on its own (121.6b, 614.11a:
    a replaced draw is carried out in full before the next)."""
    instruction = replace(game, Drawing(player, n, instruction=True)) if n > 0 else None
    if instruction is None:
        return
    within_kit_limit(instruction.amount, "cards drawn by one instruction",
                     "cartes piochées par une instruction")
    for _ in range(instruction.amount):
        draw_card(game, instruction.player, rule)


def draw_card(game: Game, player: str, rule: str = "121.1") -> None:
    """One draw (121.1). It is replaced even if the library is empty (121.6a, 614.11); a
    replaced draw never happens (614.6): no card moves and "whenever [a player] draws a card"
    doesn't trigger."""
    if replace(game, Drawing(player)) is None:
        return
    state = game.state
    library = state.zone(player, "library")
    if library:
        move_many(game, [(library[-1], "hand")], cause="draw", rule=rule)
        game.log("draws", rule, player=player)
    elif player in state.libraries_listed:  # 121.4: they lose at the next check (704.5b)
        game.log("draw_from_empty_library", "121.4", player=player)
        if player not in state.drew_from_empty:
            state.drew_from_empty.append(player)
        return
    else:  # a library the scenario doesn't list: a card is drawn, which nobody shows
        game.log("draws_unlisted", rule, player=player)
    if state.step == "draw" and player == state.active:
        state.drawn_in_step += 1
    fire(game, [Draws(player=player)])


def put_counters(game: Game, obj: GameObject, counter: str, n: int, rule: str = "122.1"
                 ) -> None:
    """Put ``n`` counters on a permanent, as many as the replacement effects make it (614.16,
    122.6)."""
    event = replace(game, CountersPut(obj.id, counter, n))
    if event is None:
        return
    obj.counters[counter] += event.amount
    game.log("counters_added", rule, obj=game.name_of(obj.id), id=obj.id, n=event.amount,
             counter=counter)


def spell_card_to(game: Game, item: StackItem, zone: str, rule: str) -> None:
    """The card of a spell that leaves the stack (resolved 608.2n, countered 701.6a, fizzled
    608.2b) goes to ``zone``, if it is still that spell (400.7)."""
    card = game.state.objects.get(item.source_id)
    if card is not None and card.zone == "stack" and card.zcc == item.source_zcc:
        move_many(game, [(card.id, zone)], cause="resolve", rule=rule)
