"""Dealing damage (120): to a player, a planeswalker or a creature, with deathtouch and
lifelink acting through it (702.2b, 702.15b). Used by resolving effects, combat and the
scenario event ``damage``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .characteristics import View, compute
from .choices import Option, Question
from .events import GainsLife
from .frozen import frozen
from .objects import Ref, StackItem
from .protection import source_view
from .replacement import DamageEvent, LifeGain, replace
from .text import Name, french_name

if TYPE_CHECKING:
    from .game import Game


@frozen
class DamageSource:
    """What deals damage, as the damage rules need it (120.3): its name, its keywords as it
    is now or last existed (702.2e, 702.15c), its controller, whether it is combat damage, and
    the object itself as it is or last existed (``view``: what protection looks at, 702.16e;
    None when no object deals it)."""

    name: Name
    keywords: frozenset[str] = frozenset()
    controller: str | None = None
    combat: bool = False
    view: View | None = None


NO_SOURCE = DamageSource(Name("an effect", "un effet"))


def damage_to(game: Game, item: StackItem | None, ref: Ref, n: int) -> None:
    """Damage from a spell or ability (or from no source, a scenario event)."""
    damage_many(game, item, [(ref, n)])


def damage_many(game: Game, item: StackItem | None, hits: list[tuple[Ref, int]]) -> None:
    """Damage a spell or ability deals to several recipients at once (one instruction, or
    divided damage): one source, so one life gain event for lifelink (702.15e)."""
    source = NO_SOURCE
    if item is not None:
        view = source_view(game, item)
        source = DamageSource(Name(item.source_name, item.source_name_fr),
                              frozenset(view.chars.keywords() if view else ()),
                              item.controller, view=view)
    deal_damage_at_once(game, [(source, ref, n) for ref, n in hits])


def deal_damage_at_once(game: Game, hits: list[tuple[DamageSource, Ref, int]]) -> None:
    """Damage dealt at the same time (510.2, an instruction naming several recipients): each
    hit as 120.3 says, then each source with lifelink makes its controller gain, in ONE event,
    all the damage it dealt (120.3f, 702.15b); several sources make separate events (702.15e),
    so "whenever you gain life" triggers once per source."""
    gains: dict[tuple[str, str], int] = {}
    for source, ref, n in _shield_order(game, hits):
        dealt = _deal(game, source, ref, n)
        if "lifelink" in source.keywords and dealt > 0 and source.controller is not None:
            key = (source.view.id if source.view else str(source.name.en), source.controller)
            gains[key] = gains.get(key, 0) + dealt
    for (_, controller), n in gains.items():
        gain_life(game, controller, n, "702.15b")  # the source's controller gains it


def _shield_order(game: Game, hits: list[tuple[DamageSource, Ref, int]]
                  ) -> list[tuple[DamageSource, Ref, int]]:
    """615.7: when two or more sources would deal damage at once to a player or permanent that
    a shield of N ("prevent the next 2 damage") protects, that player or the permanent's
    controller chooses which damage the shield prevents: here, in what order the shield meets
    the sources' damage (the first is prevented first)."""
    if len(hits) < 2 or not any(s.remaining for s in game.state.shields):
        return hits  # no shield of N in force: nothing to choose (the usual case, kept cheap)
    out = list(hits)
    by_ref: dict[Ref, list[tuple[DamageSource, Ref, int]]] = {}
    for h in hits:
        if h[2] > 0 and h[0].view is not None:
            by_ref.setdefault(h[1], []).append(h)
    for ref, mine in by_ref.items():
        if len({h[0].view.id for h in mine if h[0].view}) < 2 or not _limited_shield(game, ref):
            continue
        chooser = ref.id if ref.kind == "player" else compute(game.state, ref.id).controller
        by_id = {h[0].view.id: h for h in mine if h[0].view}
        name = game.ref_name(ref)
        order = game.ask(Question(
            "shield_order", chooser,
            f"Damage dealt at once to {name.en} by several sources: which does the prevention "
            f"effect prevent first?",
            f"Blessures infligées en même temps {format(french_name(name.fr), 'à')} par "
            f"plusieurs sources : lesquelles l'effet de prévention prévient-il d'abord ?",
            [Option(i, i, f"{h[0].name.en} ({i}): {h[2]}", f"{h[0].name.fr} ({i}) : {h[2]}")
             for i, h in by_id.items()], ordered=True, min=len(by_id), max=len(by_id)))
        game.log("shield_order", "615.7", player=chooser, to=name,
                 sources=Name(", ".join(f"{by_id[i][0].name.en} ({i})" for i in order),
                              ", ".join(f"{by_id[i][0].name.fr} ({i})" for i in order)))
        ordered = iter([by_id[i] for i in order])
        out = [next(ordered) if h in mine else h for h in out]
    return out


def _limited_shield(game: Game, ref: Ref) -> bool:
    """Does a shield of N damage (615.7) watch damage dealt to ``ref`` now?"""
    return any(s.remaining is not None and s.remaining > 0
               and (s.to is None or (s.to.kind, s.to.id, s.to.zcc) == (ref.kind, ref.id, ref.zcc))
               for s in game.state.shields if s.word == "prevent_damage")


def _deal(game: Game, source: DamageSource, ref: Ref, n: int) -> int:
    """120.3: damage to a player is life loss; to a planeswalker removes loyalty; to a creature
    is marked on it (and from a source with deathtouch, remembered: 704.5h). Damage is first
    offered to the replacement and prevention effects (614, 615): what is prevented is never
    dealt (615.6). Returns the damage dealt."""
    if n > 0:
        event = replace(game, DamageEvent(source, ref, n))
        if event is None:
            return 0
        ref, n = event.to, event.amount
    removed = 0
    if ref.kind == "player":
        game.player(ref.id).life -= n
    else:
        obj = game.obj(ref.id)
        view = compute(game.state, obj.id)
        if view.is_("planeswalker"):
            removed = min(n, obj.counters["loyalty"])
            obj.counters["loyalty"] -= removed
        if view.is_("creature"):
            obj.damage += n
            obj.deathtouched = obj.deathtouched or ("deathtouch" in source.keywords and n > 0)
    game.log("combat_damage" if source.combat else "damage", "510.2" if source.combat
             else "120.3", source=source.name, n=n, to=game.ref_name(ref))
    if removed:  # 120.3c, 306.8: said, so a learner sees where the loyalty went
        game.log("loyalty_damage", "120.3c", "306.8", n=removed, obj=game.name_of(ref.id),
                 id=ref.id, left=obj.counters["loyalty"])
    return n


def gain_life(game: Game, player: str, n: int, rule: str = "119.3") -> int:
    """A player gains life (119.3): the one place life is gained, by an effect or lifelink, so
    the replacement effects see every gain (614.1a: "you gain twice that much instead") and
    "whenever you gain life" (a GainsLife event) sees what was gained. Gaining 0 life is no
    event (119.9). Returns the life gained."""
    event = replace(game, LifeGain(player, n)) if n > 0 else None
    if event is None:
        return 0
    game.player(player).life += event.amount
    game.log("gains_life", rule, player=player, n=event.amount)
    game.fire_events([GainsLife(player=player, amount=event.amount)])
    return event.amount
