"""Copies of spells and abilities on the stack (707.10), and cascade (702.85).

A copy is put on the stack, not cast or activated: it has the original's source (707.10b) and
every decision made for it (mode, targets, X, division, what was paid), but none of the choices
made on resolution. Its controller may then choose new targets (707.10c, 115.7).
"""

from __future__ import annotations

from .casting import try_to_cast
from .characteristics import compute
from .choices import Option, Question
from .filters import Filter, Perspective, accepts, mana_value_ok
from .frozen import replace
from .objects import StackItem
from .targeting import legal_targets
from .text import Name, french_name
from .triggers import targeted
from .zones import move_many, within_kit_limit

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from .game import Game


def copy_stack_object(game: Game, effect: StackItem, target_id: str, times: int,
                      new_targets: bool, *, last_known: bool = False) -> list[str]:
    """Put ``times`` copies of the stack object ``target_id`` on the stack (707.10). With
    ``last_known`` ("copy that spell": an object the effect names, not a target), one that has
    left the stack is copied as it last existed there (608.2h): its characteristics and every
    decision made for it."""
    state = game.state
    original = state.item(target_id)
    name = Name(original.source_name, original.source_name_fr) if original is not None \
        else None
    if original is None and last_known:
        original = state.left_stack.get(target_id)
        if original is not None:
            name = Name(original.source_name, original.source_name_fr)
            game.log("copy_last_known", "608.2h", "707.10", id=original.id, source=name)
    if original is None or name is None:
        return []
    if original.ability is not None and not original.ability.copiable:
        game.log("cant_be_copied", "707.10", id=original.id, source=name)
        return []
    within_kit_limit(times, "copies made at once", "copies créées à la fois")
    ids = []
    for _ in range(times):
        copy = replace(
            original, id=game._stack_id(), controller=effect.controller, is_copy=True,
            copy_of=original.id, instance=None, added_by=())
        state.stack.append(copy)
        ids.append(copy.id)
        # X is told only when the copied object has one (an ability without X has no X=0).
        has_x = original.ability.has_x if original.ability is not None else bool(original.x)
        game.log("copy_created_x" if has_x else "copy_created", "707.10", "707.10b", id=copy.id,
                 original=original.id, source=name,
                 targets=[game.ref_name(r) for s in copy.targets for r in s], x=copy.x)
        if original.mode is not None and original.ability is not None and \
                original.ability.modal:  # the mode is copied, never chosen again (707.10)
            mode = original.ability.modes[original.mode]
            game.log("mode_copied", "707.10", id=copy.id, n=original.mode + 1,
                     text=Name(mode.text.rstrip("."), (mode.text_fr or mode.text).rstrip(".")))
        if new_targets and copy.targets:
            copy = state.put_back(_choose_new_targets(game, copy))
        targeted(game, copy)  # what the copy targets becomes its target (115.1, 707.10c)
    return ids


def _choose_new_targets(game: Game, copy: StackItem) -> StackItem:
    """707.10c, 115.7d: each target may be kept or changed to another legal one; a target with
    no other legal choice stays, even if illegal. The division stays (115.7f). Returns the
    copy with its targets."""
    assert copy.ability is not None
    specs = copy.ability.modes[copy.mode or 0].targets
    targets = [list(slot) for slot in copy.targets]
    for slot, refs in enumerate(copy.targets):
        for pos, current in enumerate(refs):
            taken = {r.id for r in targets[slot]}
            others = [o for o in legal_targets(game, specs[slot], copy) if o.key not in taken]
            if not others:
                continue
            name = game.ref_name(current)  # a player by name, an object with its id
            fr = french_name(name.in_("fr"))
            keep = Option("keep", None, f"keep {name.in_('en')}", f"garder {name.in_('fr')}")
            answer = game.ask(Question(
                "new_targets", copy.controller,
                f"New target for the copy {copy.id} instead of {name.in_('en')}?",
                f"Nouvelle cible pour la copie {copy.id} à la place {fr:de} ?",
                [keep, *others], rule="707.10c",
                context={"item": copy.id, "slot": slot, "position": pos}))
            if answer is not None:
                targets[slot][pos] = answer
                game.log("new_target", "707.10c", "115.7d", id=copy.id,
                         old=game.ref_name(current), new=game.ref_name(answer))
    return replace(copy, targets=tuple(tuple(slot) for slot in targets))


# --- cascade -------------------------------------------------------------------------------

#: What cascade says of each card it exiles (702.85a: it looks for a nonland card).
_LAND, _NONLAND = Name("a land", "un terrain"), Name("a nonland card", "une carte non-terrain")


def cascade(game: Game, item: StackItem) -> None:
    """702.85a: exile from the top until a nonland card with lesser mana value; you may cast it
    without paying its mana cost if the resulting spell's mana value is also less; the rest go to
    the bottom in a random order."""

    limit = _source_mana_value(game, item)
    hit_filter = Filter(not_types=("land",), mana_value=(("less_than", limit),))
    at = Perspective(item.controller, item.source_id, game.state.turn)
    player = item.controller
    exiled: list[str] = []
    hit = None
    library = game.state.zone(player, "library")
    while library:
        card_id = library[-1]
        move_many(game, [(card_id, "exile")], cause="cascade", rule="702.85a")
        exiled.append(card_id)
        exiled_obj = game.obj(card_id)
        chars = exiled_obj.copiable_values()
        # 406.3: say how it actually lies in exile, so the log shows what players could see.
        face = Name("face down", "face cachée") if exiled_obj.face_down \
            else Name("face up", "face visible")
        # a land is passed over whatever its mana value (0 is less than any limit): said
        game.log("cascade_reveal", "702.85a", "406.3", id=card_id,
                 card=Name(chars.name, chars.name_fr), mv=chars.mana_value(), limit=limit,
                 face=face, kind=_LAND if "land" in chars.card_types else _NONLAND)
        if accepts(hit_filter, compute(game.state, card_id), at):
            hit = card_id
            break
    if hit is not None:
        card = game.obj(hit).card
        assert card is not None
        faces = [i for i in card.castable_faces()
                 if mana_value_ok(hit_filter, card.faces[i].mana_value())]
        options = [Option(card.faces[i].name, i, card.faces[i].name, card.faces[i].name_fr)
                   for i in faces]
        fr = french_name(card.faces[0].name_fr)  # « Lancer la Foudre… ? », « ne pas la lancer »
        options.append(Option("no", None, "don't cast it",
                              f"ne pas {fr:le|la|les|les} lancer"))
        face = game.ask(Question("cascade_cast", player,
                                 f"Cast {card.name} without paying its mana cost?",
                                 f"Lancer {fr:le} sans payer {fr:son} coût de mana ?",
                                 options, rule="702.85a", context={"card": hit}))
        if face is not None:
            try_to_cast(game, player, hit, without_paying=True, faces=[face], zones=("exile",))
        else:
            game.log("cascade_declined", "702.85a", id=hit, card=game.name_of(hit))
    rest = [i for i in exiled if game.obj(i).zone == "exile"]
    game.state.random().shuffle(rest)
    if rest:
        move_many(game, [(i, "library") for i in rest], cause="bottom", rule="702.85a",
                  to_bottom=True)
        game.log("cascade_bottom", "702.85a", n=len(rest))


def _source_mana_value(game: Game, item: StackItem) -> int:
    """The spell's mana value, or its last known information if it left the stack (608.2h)."""
    obj = game.state.objects.get(item.source_id)
    if obj is not None and obj.zone == "stack" and obj.zcc == item.source_zcc:
        return compute(game.state, obj.id).chars.mana_value(obj.x)
    lki = item.remembers.source
    if lki is not None:
        return int(lki.chars.mana_value(item.remembers.source_x))
    return 0
