"""Choosing for an object put on the stack, and target legality (115, 601.2b-d, 608.2b).

Modes (700.2), X (107.3), targets (115.1) and division (601.2d) are chosen the same way for a spell
being cast, an ability being activated or a triggered ability put on the stack (603.3d), and a
target is checked again as the object resolves (608.2b): a target that changed zones is a new
object (400.7), so a target remembers the zone-change count it was chosen with.
"""

from __future__ import annotations

from functools import partial
from itertools import product

from .abilities import AbilityDef, protections
from .characteristics import View, compute, compute_all, in_play
from .choices import Option, Question
from .errors import RulesError
from .filters import Perspective, accepts
from .frozen import replace
from .objects import Ref, StackItem
from .protection import (
    described,
    player_protected_from,
    player_protections,
    protected_from,
    source_view,
)
from .text import FrText, Name, grammar_of, player_name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game


# --- modes, X, targets, division -------------------------------------------------------

def choose_for_stack_object(game: Game, item: StackItem, *, rule_targets: str = "601.2c",
                            x_range: tuple[int, int | None] | None = None) -> StackItem | None:
    """Modes (700.2), X (107.3), targets (115.1) and division (601.2d) for an object just put on
    the stack: the stack object with them takes its place on the stack and is returned. None if
    a required target has no legal choice (the stack is then left as it was)."""
    ability = item.ability
    if ability is None:
        return item
    put = item  # (as it is on the stack)
    if ability.modal:
        item = replace(item, mode=_choose_mode(game, item, ability))
    if x_range is not None:
        item = replace(item, x=game.ask(Question(
            "x", item.controller, "Choose the value of X", "Choisissez la valeur de X",
            number_range=x_range, rule="107.3b" if x_range == (0, 0) else "107.3a")))
    mode = ability.modes[item.mode or 0]
    targets: list[tuple[Ref, ...]] = []
    for slot, spec in enumerate(mode.targets):
        legal = legal_targets(game, spec, item)
        if len(legal) < spec.min:
            return None
        about = item.remembers.event_text  # a trigger says what it triggered on
        chosen = game.ask(Question(
            "targets", item.controller, f"Choose targets for {item.source_name}"
            + (f" ({about.en})" if about else "")
            + (f" (target {slot + 1})" if len(mode.targets) > 1 else ""),
            f"Choisissez les cibles ({item.source_name_fr}"
            + (f" : {about.fr})" if about else ")"), legal, min=spec.min,
            max=min(spec.max, len(legal)), rule=rule_targets,
            context={"item": item.id, "slot": slot, "source": item.source_name},
            refusals=partial(_target_refusals, game, spec, item)))
        targets.append(tuple(chosen) if isinstance(chosen, list) else (chosen,))
    if targets or item.targets:  # (a replace costs more than the comparison)
        item = replace(item, targets=tuple(targets))
    if ability.divide is not None and item.targets:
        item = replace(item, division=tuple(_choose_division(game, item, ability)))
    return item if item is put else game.state.put_back(item)  # (nothing chosen: as it is)


def _target_refusals(game: Game, spec: Any, item: StackItem
                     ) -> dict[str, tuple[str, str, str]]:
    """Say why a choice is not a legal target where a rule makes it so, rather than only "not a
    legal answer": an opponent's permanent with hexproof (702.11b); for a spell or ability that
    targets objects on the stack, itself (115.5)."""
    if spec.type not in ("stack_ability", "spell"):
        views = compute_all(game.state, ("battlefield",)).values()
        refusals = {v.id: (f"{v.chars.name} ({v.id}) has hexproof: it can't be the target of "
                           "spells or abilities its controller's opponents control",
                           f"{v.chars.names.fr} ({v.id}) a la défense talismanique : il ne peut "
                           "pas être la cible de sorts ou de capacités que ses adversaires "
                           "contrôlent", "702.11b")
                    for v in views if _hexproof_against(v, item)}
        players = game.state.player_order()
        warded = _Warded(game, item)
        for v in views:
            protection = warded.permanent(v)
            if protection is not None and v.id not in refusals:
                refusals[v.id] = _protection_refusal(v, protection, item)
        for p in players:
            protection = warded.player(p)
            if protection is not None:
                ability, who = described(protection), player_name(p)
                refusals[p] = (f"{who} has {ability.en}: they can't be the target of this "
                               f"{'spell' if item.kind == 'spell' else 'ability'} "
                               f"({item.source_name})",
                               f"{who} a {ability.fr} : {who} ne peut pas être la cible de "
                               f"{'ce sort' if item.kind == 'spell' else 'cette capacité'} "
                               f"({item.source_name_fr})", "702.16b")
        return refusals
    # French agrees with what is on the stack: un sort (lui-même), une capacité (elle-même).
    self_fr = "lui-même" if item.kind == "spell" else "elle-même"
    return {item.id: (f"{item.id} can't target itself: a spell or ability on the stack is an "
                      "illegal target for itself", f"{item.id} ne peut pas se cibler {self_fr} : "
                      "un sort ou une capacité sur la pile n'est pas une cible légale pour "
                      f"{self_fr}", "115.5")}


def _protection_refusal(v: View, protection: AbilityDef, item: StackItem
                        ) -> tuple[str, str, str]:
    """702.16b: why a permanent with protection can't be this spell's or ability's target."""
    name = FrText(v.chars.names.fr, grammar_of(v.chars.names.fr))
    what = "spell" if item.kind == "spell" else "ability"
    what_fr = "ce sort" if item.kind == "spell" else "cette capacité"
    ability = described(protection)
    return (f"{v.chars.name} ({v.id}) has {ability.en}: "
            f"it can't be the target of this {what} ({item.source_name})",
            f"{name:Le} ({v.id}) {name:a|a|ont|ont} {ability.fr} : "
            f"{name:il ne peut|elle ne peut|ils ne peuvent|elles ne peuvent} pas être la cible "
            f"de {what_fr} ({item.source_name_fr})", "702.16b")


def _choose_mode(game: Game, item: StackItem, ability: AbilityDef) -> int:
    options = [Option(str(i + 1), i, m.text, m.text_fr) for i, m in enumerate(ability.modes)]
    mode = game.ask(Question("mode", item.controller, "Choose one —", "Choisissez l'un —",
                             options, rule="700.2a"))
    chosen = ability.modes[mode]
    game.log("mode_chosen", "700.2a", id=item.id, n=mode + 1,
             text=Name(chosen.text.rstrip("."), (chosen.text_fr or chosen.text).rstrip(".")))
    return mode


def _choose_division(game: Game, item: StackItem, ability: AbilityDef) -> list[int]:
    total = item.x if ability.divide == "X" else int(ability.divide)
    n = len(item.targets[0])
    if n == 1:
        return [total]  # one target gets it all: there is nothing to divide (601.2d)
    splits = [s for s in product(range(1, total + 1), repeat=n) if sum(s) == total]
    if not splits:
        raise RulesError(f"{total} can't be divided among {n} targets with at least 1 each",
                         rule="601.2d", message_fr=f"{total} ne peut pas être réparti entre {n} "
                                                   "cibles à raison d'au moins 1 chacune")
    options = [Option("+".join(map(str, s)), list(s), "+".join(map(str, s))) for s in splits]
    return game.ask(Question("divide", item.controller,
                             f"Divide {total} among the targets, in order",
                             f"Répartissez {total} entre les cibles, dans l'ordre", options,
                             rule="601.2d", context={"item": item.id}))


def perspective(game: Game, item: StackItem) -> Perspective:
    """Where the filters of ``item``'s ability are read from: its controller is "you", its
    source is "this" (109.5), and its X (107.3)."""
    return Perspective(item.controller, item.source_id, game.state.turn, item.x)


def legal_targets(game: Game, spec: Any, item: StackItem) -> list[Option]:
    """Every legal choice for one target slot of ``item`` (115.1, 115.5: not itself); the
    slot's filter is evaluated by :func:`filters.accepts`, the one place filters are read."""
    state = game.state
    kind, flt, at = spec.type, spec.filter, perspective(game, item)
    warded = _Warded(game, item)
    options: list[Option] = []
    if kind in ("player", "any"):
        who = flt.controller
        for p in state.player_order():
            if (who == "any" or (who == "you") == (p == at.you)) and warded.player(p) is None:
                options.append(Option(p, Ref("player", p), p, p))
    if kind in ("creature", "permanent", "any"):
        for v in in_play(state)["battlefield"].values():  # (the layers' own, read only)
            if not _permanent_is_legal(spec, v, item, at, warded):
                continue
            n = v.chars.names
            options.append(Option(v.id, Ref("object", v.id, v.zcc), f"{n.en} ({v.id})",
                                  f"{n.fr} ({v.id})"))
    if kind == "card":
        options += _card_targets(game, flt, at)
    if kind in ("stack_ability", "spell"):
        kinds = flt.kinds or (("activated", "triggered") if spec.type == "stack_ability"
                              else ("spell",))
        for it in reversed(state.stack):
            if it.id == item.id or it.kind not in kinds:
                continue
            if accepts(flt, stack_view(game, it), at, item=it):
                options.append(Option(it.id, Ref("stack", it.id), _item_label(it, "en"),
                                      _item_label(it, "fr")))
    return options


#: Where a target "card" is (115.1): the public zones that hold cards as cards, other than the
#: battlefield (a permanent) and the stack (a spell).
CARD_TARGET_ZONES = ("graveyard", "exile")


def _card_targets(game: Game, flt: Any, at: Perspective) -> list[Option]:
    """The cards a slot of type ``card`` may target: in a graveyard or in exile, face up (a
    face-down card's characteristics are hidden, 406.3), a card and not a token (108.2b), that
    the slot's filter accepts."""
    state = game.state
    options = []
    for p in state.player_order():
        for zone in CARD_TARGET_ZONES:
            for i in state.zone(p, zone):
                obj = state.objects[i]
                if obj.face_down or obj.is_token:
                    continue
                v = compute(state, i)
                if accepts(flt, v, at):
                    n = v.chars.names
                    options.append(Option(i, Ref("object", i, obj.zcc), f"{n.en} ({i})",
                                          f"{n.fr} ({i})"))
    return options


def _permanent_is_legal(spec: Any, v: View, item: StackItem, at: Perspective,
                        warded: _Warded) -> bool:
    """Is the permanent ``v`` a legal choice for a target slot of type creature, permanent or
    any: its type, hexproof (702.11b), the slot's filter, protection (702.16b)."""
    return _permanent_ok(spec.type, v, item) and accepts(spec.filter, v, at) \
        and warded.permanent(v) is None


class _Warded:
    """What players and permanents are protected from among ``item``'s source (702.16b). Each
    is looked at only when asked (a permanent once its type and the filter let it be a target),
    and the source as protection looks at it (:func:`protection.source_view`) is worked out
    only for the first one with a protection ability: most boards have none, and a spell's
    card on the stack is computed on its own each time."""

    def __init__(self, game: Game, item: StackItem) -> None:
        self.game, self.item = game, item
        self.looked = False  # at the source (self.source)
        self.source: View | None = None

    def _source(self) -> View | None:
        if not self.looked:
            self.source, self.looked = source_view(self.game, self.item), True
        return self.source

    def permanent(self, v: View) -> AbilityDef | None:
        """The first protection of the permanent ``v`` against the source, or None."""
        return protected_from(v, self._source()) if protections(v.chars) else None

    def player(self, player: str) -> AbilityDef | None:
        """The first protection of ``player`` against the source, or None."""
        state = self.game.state
        return player_protected_from(state, player, self._source()) \
            if state.effects and player_protections(state, player) else None


def stack_view(game: Game, it: StackItem) -> View | None:
    """What a filter sees of a stack object: a spell's card as it is on the stack; an ability
    has no characteristics to look at (113.7)."""
    if it.kind != "spell":
        return None
    obj = game.state.objects.get(it.source_id)
    if obj is None or obj.zone != "stack":
        return None
    return compute(game.state, obj.id)


def _permanent_ok(kind: str, v: View, item: StackItem) -> bool:
    if kind == "creature" and not v.is_("creature"):
        return False
    if kind == "any" and not (v.is_("creature") or v.is_("planeswalker") or v.is_("battle")):
        return False
    return not _hexproof_against(v, item)


def _hexproof_against(v: View, item: StackItem) -> bool:
    """702.11b: hexproof means "can't be the target of spells or abilities your opponents
    control"."""
    return "hexproof" in v.chars.keywords() and v.controller != item.controller


def _item_label(it: StackItem, lang: str) -> str:
    name = it.source_name if lang == "en" else it.source_name_fr
    kind = {"spell": ("spell", "sort"), "activated": ("activated ability", "capacité activée"),
            "triggered": ("triggered ability", "capacité déclenchée")}[it.kind]
    copy = (" (copy)" if lang == "en" else " (copie)") if it.is_copy else ""
    return f"{it.id}: {name} — {kind[lang == 'fr']}{copy}"


def target_is_legal(game: Game, item: StackItem, slot: int, ref: Ref) -> bool:
    """608.2b: is this target still legal as the object resolves?"""
    state = game.state
    if ref.kind == "player":  # still in the game (800.4a), and not protected from it now
        return ref.id in state.players and not state.has_left(ref.id) and \
            _Warded(game, item).player(ref.id) is None  # (702.16b)
    if ref.kind == "stack":
        return state.item(ref.id) is not None
    obj = state.objects.get(ref.id)
    if obj is None or obj.zcc != ref.zcc:
        return False
    ability = item.ability
    if obj.zone != "battlefield":  # a card target (115.1) may be legal where it still is
        if ability is None or obj.zone not in CARD_TARGET_ZONES:
            return False
        spec = ability.modes[item.mode or 0].targets[slot]
        return spec.type == "card" and any(o.key == ref.id
                                           for o in legal_targets(game, spec, item))
    if ability is None:
        return True
    spec = ability.modes[item.mode or 0].targets[slot]
    if spec.type not in ("creature", "permanent", "any"):
        return any(o.key == ref.id for o in legal_targets(game, spec, item))
    # the one permanent, as legal_targets would judge it among all (its view among the
    # battlefield's: compute gives it without copying the battlefield's views)
    v = compute(state, ref.id)
    return _permanent_is_legal(spec, v, item, perspective(game, item),
                                                 _Warded(game, item))
