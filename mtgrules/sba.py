"""State-based actions (704): checked whenever a player would receive priority, all performed at
the same time as one event (704.3), so creatures dying together see each other (603.10a)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter, is_

from .characteristics import View, in_play
from .choices import Option, Question
from .leaving import leave_game
from .objects import State
from .placement import enchant_player_problem, enchant_problem
from .protection import attached_with, player_protections
from .text import Name, player_name
from .zones import move_many

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    from .game import Game

    T = TypeVar("T")


def check_state_based_actions(game: Game, views: Mapping[str, View] | None = None) -> bool:
    """Perform every state-based action that applies now; True if any did. ``views``: the
    battlefield's now, when the caller has them: the layers' own
    (``characteristics.in_play(state)["battlefield"]``, asked for just now), never a copy."""
    global _QUIET
    state = game.state
    if views is None:
        views = in_play(state)["battlefield"]
    quiet = _QUIET
    if views is quiet[0] and state is quiet[1] and quiet[2] == state.lost \
            and not state.drew_from_empty and not state.game_over:
        # the same views as the last check that found nothing (the layers' own: the same
        # object, so the same life totals and effects too, in_play), and no one lost or drew
        # from an empty library since: only a token that left some other way than from the
        # battlefield may have to cease (704.5d)
        return _tokens_cease(game) if state.tokens else False
    attached, countered, dying, auras, legendary = _sort_out(views)
    # each rule in its order (all of them, not stopping at the first that acts); one with
    # nothing to look at is not asked (its test written here: most checks find nothing)
    leaving = _players_lose(game) if not state.game_over and (
        state.drew_from_empty or min(map(_life, state.players.values())) <= 0) else ()
    happened = _tokens_cease(game) if state.tokens else False
    if attached:
        happened |= _unattach(game, attached, views)
    if countered:
        happened |= _counters_annihilate(game, countered)
    moves: list[str] = []
    for v, rule in dying:
        moves.append(v.id)
        game.log("sba", rule, obj=_name(v), id=v.id, why=_WHY[rule])
    for v, rule, why in _auras_off(auras, views, state) if auras else ():
        if v.id not in moves:
            moves.append(v.id)
            game.log("sba", "704.5m", rule, obj=_name(v), id=v.id, why=why)
    for v in _legend_rule(game, legendary, views) if len(legendary) > 1 else ():
        if v.id not in moves:
            moves.append(v.id)
            game.log("sba", "704.5j", obj=_name(v), id=v.id, why=_WHY["704.5j"])
    if moves:
        move_many(game, [(i, "graveyard") for i in moves], cause="sba", rule="704.3")
    if leaving:  # 800.4a: not a state-based action, but as soon as they lost
        leave_game(game, leaving)
        return True
    if happened or moves:
        return True
    _QUIET = views, state, state.lost  # (one tuple, replaced whole)
    return False


_life = attrgetter("life")


#: The last check that found nothing: the battlefield's views it looked at (the layers' own,
#: :func:`characteristics.in_play`), its state and who had lost (800.4a: an Aura enchanting a
#: player who left). While they are the same, the next check would find nothing either.
_QUIET: tuple[Any, Any, tuple[str, ...] | None] = (None, None, None)


#: What :func:`_sort_out` found: the permanents attached to something (not Auras), those with
#: both +1/+1 and -1/-1 counters, those that die (with their rule), the Auras, the legendary
#: permanents.
_Sorted = tuple[tuple[View, ...], tuple[View, ...], tuple[tuple[View, str], ...],
                tuple[View, ...], tuple[View, ...]]


def _sort_out(views: Mapping[str, View]) -> _Sorted:
    """One look at each permanent sorts out the few each rule is about (this runs whenever a
    player would receive priority, ~1,350 times in a check). What it finds is a function of
    the views alone: for the same views as the last check (the same objects), the
    last answer is given back (most checks: priority passed, nothing happened)."""
    global _LAST_SORT
    now = tuple(views.values())
    last_views, last = _LAST_SORT
    # the same View objects in the same order (tested here, not by a call: asked at every
    # check): views are immutable, and the layers give the same ones back while nothing they
    # show changed
    if len(now) == len(last_views) and all(map(is_, now, last_views)):
        return last
    found = _sort_out_afresh(now)
    _LAST_SORT = now, found  # one tuple, replaced whole (a widget may play in a thread)
    return found


_LAST_SORT: tuple[tuple[View, ...], _Sorted] = ((), ((), (), (), (), ()))


def _sort_out_afresh(views: tuple[View, ...]) -> _Sorted:
    attached, countered, dying, auras, legendary = [], [], [], [], []
    for v in views:
        chars = v.chars
        if "aura" in chars.subtypes:
            auras.append(v)
        elif v.attached_to is not None:
            attached.append(v)
        counters = v.counters
        if counters and counters.get("+1/+1", 0) > 0 and counters.get("-1/-1", 0) > 0:
            countered.append(v)  # (704.5q)
        rule = _dies_rule(v)
        if rule:
            dying.append((v, rule))
        if "legendary" in chars.supertypes:
            legendary.append(v)
    return tuple(attached), tuple(countered), tuple(dying), tuple(auras), tuple(legendary)


_WHY = {
    # French without a pronoun nor a possessive: the name's gender and number are not known
    # here (« blessures mortelles », not « il a subi… », « son endurance… »).
    "704.5f": Name("its toughness is 0 or less", "endurance de 0 ou moins"),
    "704.5g": Name("it has lethal damage", "blessures mortelles"),
    "704.5h": Name("it was dealt damage by a source with deathtouch",
                   "blessures infligées par une source avec le contact mortel"),
    "704.5i": Name("it has no loyalty counters", "plus aucun marqueur « loyauté »"),
    "704.5j": Name("the legend rule", "la règle de légende"),
}


def _name(v: View) -> Name:
    return v.chars.names


def _dies_rule(v: View) -> str | None:
    chars = v.chars  # read once: this runs for every permanent at every check
    if "creature" in chars.card_types:
        toughness = chars.toughness or 0  # 107.2: one that can't be determined is 0
        if toughness <= 0:
            return "704.5f"
        if (v.damage >= toughness or v.deathtouched or "planeswalker" in chars.card_types) \
                and "indestructible" in chars.keywords():
            return None  # 702.12b: not destroyed by lethal damage nor by deathtouch
        if v.damage >= toughness:
            return "704.5g"
        if v.deathtouched:
            return "704.5h"
    if "planeswalker" in chars.card_types and v.counters.get("loyalty", 0) <= 0:
        return "704.5i"
    return None


def _players_lose(game: Game) -> tuple[str, ...]:
    """704.5a: a player with 0 or less life loses; 704.5b: so does a player who tried to draw
    from an empty library since the last check (121.4). Returns who must leave the game
    (800.4a): those who lost while two or more players play on. Asked only when the game is
    on and someone has 0 or less life or drew from an empty library (tested by the caller)."""
    state = game.state
    playing = state.player_order()
    losers = [p for p in playing if state.players[p].life <= 0]
    for p in losers:
        game.log("loses", "704.5a", player=p)
    emptied = [p for p in playing if p in state.drew_from_empty]
    state.drew_from_empty = []
    for p in emptied:
        game.log("loses_empty_library", "704.5b", "121.4", player=p)
    lost = tuple(p for p in playing if p in losers or p in emptied)
    state.lost += lost
    # 104.2a: the game ends when all of a player's opponents have lost (the kit keeps the
    # board to look at); with three or more players it goes on, without those who lost
    state.game_over = len(state.players) - len(state.lost) <= 1
    if not state.game_over:
        return lost
    left = [p for p in playing if p not in lost]
    if left:  # 104.2a
        game.log("wins", "104.2a", player=left[0])
    else:  # 104.4a: all the players still in the game lost at the same time
        game.log("game_draw", "104.4a")
    return ()


def _tokens_cease(game: Game) -> bool:
    """704.5d: a token in a zone other than the battlefield ceases to exist. It then is in no
    zone at all ("gone", 111.7), so it is never picked again. Asked only when there are
    tokens (tested by the callers)."""
    state = game.state
    tokens = [state.objects[i] for i in state.tokens]
    gone = [o for o in tokens if o.zone not in ("battlefield", "outside", "gone")]
    if gone:
        state.tokens = [o.id for o in tokens if o.zone in ("battlefield", "outside")]
    for o in gone:
        zone = state.zone(o.owner, o.zone)
        if o.id in zone:
            zone.remove(o.id)
        o.zone = "gone"
        game.log("token_ceases", "704.5d", obj=game.name_of(o.id), id=o.id)
    return bool(gone)


def _unattach(game: Game, attached: Sequence[View], views: Mapping[str, View]) -> bool:
    """704.5n: an Equipment attached to something that isn't a creature on the battlefield, or
    an Equipment that is itself a creature (301.5c), becomes unattached and stays on the
    battlefield; 704.5p: so does any other non-Aura permanent that is attached to something
    when it is a creature or isn't an Equipment or Fortification (an Aura is 704.5m's)."""
    changed = False
    for v in attached:  # attached to something, and not Auras
        host = views.get(v.attached_to or "")
        rule = _asked(_unattach_rule, v, host)
        if rule:
            game.obj(v.id).attached_to = None
            game.log("unattached", *(("704.5n", rule) if rule == "702.16d" else (rule,)),
                     obj=_name(v), id=v.id)
            changed = True
    return changed


def _unattach_rule(v: View, host: View | None) -> str | None:
    if v.is_("creature") or v.is_("battle") or not \
            {"equipment", "fortification"} & set(v.chars.subtypes):
        return "704.5p"
    if "equipment" in v.chars.subtypes and (host is None or not host.is_("creature")):
        return "704.5n"
    if "fortification" in v.chars.subtypes and (host is None or not host.is_("land")):
        return "704.5n"
    if host is not None and attached_with(host.chars, host.controller, v.chars, v.controller):
        return "702.16d"  # protection: it can't be equipped or fortified by this (704.5n)
    return None


def _auras_off(auras: Sequence[View], views: Mapping[str, View], state: State
               ) -> list[tuple[View, str, Name]]:
    """704.5m: an Aura attached to an illegal object or to nothing goes to its owner's graveyard
    (303.4c: what its enchant ability no longer allows, or an object that left; 303.4d: itself,
    or an Aura that is also a creature). The Aura is checked as it is now, host included."""
    out = []
    for v in auras:
        if v.attached_to in state.players:  # an Aura with enchant player (303.4b, 702.5d)
            if state.has_left(v.attached_to):  # not a player of the game any more (800.4a)
                who = player_name(v.attached_to)
                out.append((v, "800.4a", Name(f"{who} has left the game",
                                              f"{who} a quitté la partie")))
                continue
            problem = enchant_player_problem(v.chars, v.controller, v.attached_to,
                                             player_protections(state, v.attached_to))
            if problem:
                out.append((v, problem[2], Name(problem[0], problem[1])))
            continue
        host = views.get(v.attached_to) if v.attached_to else None
        if v.attached_to is None or host is None:
            out.append((v, "303.4c", _NOT_ATTACHED if v.attached_to is None else _HOST_GONE))
        elif host.id == v.id:
            out.append((v, "303.4d", Name("an Aura can't enchant itself",
                                          "une Aura ne peut pas s'enchanter elle-même")))
        else:
            problem = _asked(_enchant_problem, v, host)
            if problem:
                out.append((v, problem[2], Name(problem[0], _after_colon(problem[1]))))
    return out


def _enchant_problem(v: View, host: View) -> tuple[str, str, str] | None:
    return enchant_problem(v.chars, v.controller, host.chars, host.controller)


#: The last answers of :func:`_unattach_rule` and :func:`_enchant_problem`, with the views they
#: were asked about. Each looks only at the two views, which never change, and the layers give
#: the same views back while nothing they show changed: so the question each check asks again
#: (every time a player would receive priority) is worked out once per pair of views.
_ANSWERS: dict[tuple[Any, int, int], tuple[View, View | None, Any]] = {}
_KEEP_ANSWERS = 256


def _asked(question: Callable[[View, Any], T], v: View, host: View | None) -> T:
    key = (question, id(v), id(host))
    known = _ANSWERS.get(key)
    if known is not None and known[0] is v and known[1] is host:
        return known[2]
    answer = question(v, host)
    if len(_ANSWERS) >= _KEEP_ANSWERS:
        _ANSWERS.clear()
    _ANSWERS[key] = (v, host, answer)
    return answer


def _after_colon(fr: str) -> str:
    """A French sentence told after « : »: its article in lower case (« les Grizzlis ont »),
    a proper name as it is."""
    first, _, rest = fr.partition(" ")
    return (first.lower() + " " + rest) if first in ("Le", "La", "Les") else \
        ("l'" + fr[2:] if fr.startswith("L'") else fr)


_NOT_ATTACHED = Name("it's an Aura attached to nothing", "c'est une Aura attachée à rien")
_HOST_GONE = Name("the object it enchanted is no longer on the battlefield",
                  "l'objet qu'elle enchantait n'est plus sur le champ de bataille")


def _counters_annihilate(game: Game, countered: Sequence[View]) -> bool:
    """704.5q: a permanent with both +1/+1 and -1/-1 counters on it loses N of each, N being
    the smaller number."""
    changed = False
    for v in countered:  # the permanents with both kinds of counters
        n = min(v.counters.get("+1/+1", 0), v.counters.get("-1/-1", 0))
        if n > 0:
            obj = game.obj(v.id)
            obj.counters["+1/+1"] -= n
            obj.counters["-1/-1"] -= n
            obj.counters = +obj.counters  # no zero counts left behind
            game.log("counters_annihilate", "704.5q", obj=_name(v), id=v.id, n=n)
            changed = True
    return changed


def _legend_rule(game: Game, legendary: Sequence[View], views: Mapping[str, View]
                 ) -> list[View]:
    """704.5j: a player with two or more legendary permanents of one name keeps one."""
    groups: dict[tuple[str, str], list[View]] = {}
    for v in legendary:
        groups.setdefault((v.controller, v.chars.name), []).append(v)
    if all(len(group) < 2 for group in groups.values()) or \
            any(a.static_get("no_legend_rule") for v in views.values()
                for a in v.chars.abilities if a.kind == "static"):
        return []
    out = []
    for (player, name), group in groups.items():
        if len(group) < 2:
            continue
        options = [Option(v.id, v.id, f"{name} ({v.id})", f"{_name(v).fr} ({v.id})")
                   for v in group]
        keep = game.ask(Question("legend_rule", player, f"Which {name} do you keep?",
                                 f"Quel exemplaire gardez-vous ({_name(group[0]).fr}) ?",
                                 options, rule="704.5j"))
        out += [v for v in group if v.id != keep]
    return out
