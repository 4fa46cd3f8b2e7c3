"""Dealing damage (120): to a player, a planeswalker or a creature, with deathtouch and
lifelink acting through it (702.2b, 702.15b). Used by resolving effects, combat and the
scenario event ``damage``."""

from __future__ import annotations

from collections.abc import Callable

from .characteristics import View, compute
from .choices import IllegalAnswer, Option, Question
from .events import GainsLife
from .frozen import frozen
from .objects import Ref, StackItem
from .protection import source_view
from .replacement import DamageEvent, LifeGain, replace
from .text import Name, french_name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

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

    @property
    def id(self) -> str | None:
        """The id of the object that deals the damage (None: no object deals it), so the log
        names it as it names every object, "Moss Brute (brute)": two alike creatures' damage
        is told apart."""
        return self.view.id if self.view is not None else None

    @property
    def named(self) -> Name:
        """Its name followed by its id, as a secondary part of a sentence names an object."""
        if self.view is None:
            return self.name
        return Name(f"{self.name.en} ({self.view.id})", f"{self.name.fr} ({self.view.id})")


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
    all the life its damage caused (702.15e: one source dealing damage to several recipients
    at once is one life gain event; 120.3f), whether or not the shields let some through; one
    gain event per source and controller, so "whenever you gain life" triggers once per source."""
    gains: dict[tuple[str, str], int] = {}
    try:
        for source, ref, n in _shield_order(game, hits):
            dealt = _deal(game, source, ref, n)
            if "lifelink" in source.keywords and dealt > 0 and source.controller is not None:
                key = (source.view.id if source.view else str(source.name.en), source.controller)
                gains[key] = gains.get(key, 0) + dealt
    finally:
        game.shield_shares = None  # a split chosen for this damage only (615.7)
    for (_, controller), n in gains.items():
        gain_life(game, controller, n, "702.15b")  # the source's controller gains it


def _shield_order(game: Game, hits: list[tuple[DamageSource, Ref, int]]
                  ) -> list[tuple[DamageSource, Ref, int]]:
    """615.7: when two or more sources would deal damage at once to a player or permanent that
    a shield of N ("prevent the next 2 damage") protects, that player or the permanent's
    controller chooses which damage the shield prevents: in what order the shield meets the
    sources' damage (the first is prevented first), or how much of each source's damage it
    prevents (a split, ``{newt: 1, brute: 1}``: kept in ``Game.shield_shares`` while this
    damage is dealt, read by the shield, replacement._prevent)."""
    if len(hits) < 2 or not any(s.remaining for s in game.state.shields):
        return hits  # no shield of N in force: nothing to choose (the usual case, kept cheap)
    out = list(hits)
    by_ref: dict[Ref, list[tuple[DamageSource, Ref, int]]] = {}
    for h in hits:
        if h[2] > 0 and h[0].view is not None:
            by_ref.setdefault(h[1], []).append(h)
    for ref, mine in by_ref.items():
        shields = _limited_shields(game, ref)
        if len({h[0].view.id for h in mine if h[0].view}) < 2 or not shields:
            continue
        chooser = ref.id if ref.kind == "player" else compute(game.state, ref.id).controller
        by_id = {h[0].view.id: h for h in mine if h[0].view}
        name = game.ref_name(ref)
        split: dict[str, int] = {}
        order = game.ask(Question(
            "shield_order", chooser,
            f"Damage dealt at once to {name.en} by several sources: which does the prevention "
            f"effect prevent first?",
            f"Blessures infligées en même temps {format(french_name(name.fr), 'à')} par "
            f"plusieurs sources : lesquelles l'effet de prévention prévient-il d'abord ?",
            [Option(i, i, f"{h[0].name.en} ({i}): {h[2]}", f"{h[0].name.fr} ({i}) : {h[2]}")
             for i, h in by_id.items()], ordered=True, min=len(by_id), max=len(by_id),
            parse=_split_reader(by_id, shields, split)))
        if split:
            game.shield_shares = {**(game.shield_shares or {}), shields[0].id: dict(split)}
            game.log("shield_split", "615.7", player=chooser, to=name, shares=Name(
                " and ".join(f"{n} of the damage of {by_id[i][0].name.en} ({i})"
                             for i, n in split.items()),
                " et ".join(f"{n} {'blessure' if n < 2 else 'blessures'} "
                            f"{format(french_name(by_id[i][0].name.fr), 'de')} ({i})"
                            for i, n in split.items())))
        else:
            game.log("shield_order", "615.7", player=chooser, to=name,
                     sources=Name(", ".join(f"{by_id[i][0].name.en} ({i})" for i in order),
                                  ", ".join(f"{by_id[i][0].name.fr} ({i})" for i in order)))
        ordered = iter([by_id[i] for i in order])
        out = [next(ordered) if h in mine else h for h in out]
    return out


def _split_reader(by_id: dict[str, tuple[DamageSource, Ref, int]], shields: list[Any],
                  split: dict[str, int]) -> Callable[[Any], Any]:
    """615.7: an answer may split the shield among the sources, ``{newt: 1, brute: 1}``: how
    much of each one's damage it prevents, as much in all as it can (its amount, or all the
    damage if less), none beyond what a source deals. Read as that split (kept in ``split``)
    and the order of the sources it names first."""
    def read(answer: Any) -> Any:
        split.clear()
        if not isinstance(answer, dict):
            return answer
        shield = shields[0].remaining
        total = sum(h[2] for h in by_id.values())
        shares = {str(k): v for k, v in answer.items()}
        wrong = [k for k in shares if k not in by_id]
        if wrong or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= by_id[k][2]
                        for k, v in shares.items() if k in by_id) \
                or sum(shares.values()) != min(shield, total) or len(shields) > 1:
            raise IllegalAnswer(
                f"a split of the shield names sources dealing damage now ({', '.join(by_id)}), "
                f"none for more than its damage, {min(shield, total)} in all (615.7)",
                rule="615.7",
                message_fr=f"une répartition du bouclier nomme des sources qui infligent des "
                           f"blessures maintenant ({', '.join(by_id)}), aucune pour plus que "
                           f"ses blessures, {min(shield, total)} en tout (615.7)")
        split.update((k, shares.get(k, 0)) for k in by_id if shares.get(k, 0))
        return [*split, *(k for k in by_id if k not in split)]
    return read


def _limited_shields(game: Game, ref: Ref) -> list[Any]:
    """The shields of N damage (615.7) that watch damage dealt to ``ref`` now."""
    return [s for s in game.state.shields if s.word == "prevent_damage"
            and s.remaining is not None and s.remaining > 0
            and (s.to is None or (s.to.kind, s.to.id, s.to.zcc) == (ref.kind, ref.id, ref.zcc))]


def _deal(game: Game, source: DamageSource, ref: Ref, n: int) -> int:
    """120.3: damage to a player is life loss; to a planeswalker removes loyalty; to a creature
    is marked on it (and from a source with deathtouch, remembered: 704.5h). Damage is first
    offered to the replacement and prevention effects (614, 615): what is prevented is never
    dealt (615.6). Returns the damage dealt."""
    # the damaged object's view, read by its protection (702.16e) and below: replacement and
    # prevention effects change no object (only a shield's amount, read by no layer), so the
    # view after them is the one before
    view = None if ref.kind == "player" else compute(game.state, game.obj(ref.id).id)
    if n > 0:
        event = replace(game, DamageEvent(source, ref, n, view))
        if event is None:
            return 0
        if event.to is not ref:  # (no effect of the kit redirects damage: kept exact anyway)
            ref, view = event.to, None
        n = event.amount
    removed = 0
    spared = None
    if ref.kind == "player":
        game.player(ref.id).life -= n
    else:
        obj = game.obj(ref.id)
        view = view or compute(game.state, obj.id)
        if view.is_("planeswalker"):
            removed = min(n, obj.counters["loyalty"])
            obj.counters["loyalty"] -= removed
        if view.is_("creature"):
            obj.damage += n
            obj.deathtouched = obj.deathtouched or ("deathtouch" in source.keywords and n > 0)
            if n > 0 and (obj.deathtouched or obj.damage >= (view.chars.toughness or 0)):
                spared = _spared(view, obj.damage)
    game.log("combat_damage" if source.combat else "damage", "510.2" if source.combat
             else "120.3", source=source.name, id=source.id, n=n, to=game.ref_name(ref))
    if spared:  # said, or the learner sees lethal damage and wonders why nothing happens
        game.log(spared, "702.12b", obj=game.name_of(ref.id), id=ref.id)
    if removed:  # 120.3c, 306.8: said, so a learner sees where the loyalty went
        game.log("loyalty_damage", "120.3c", "306.8", n=removed, obj=game.name_of(ref.id),
                 id=ref.id, left=obj.counters["loyalty"])
    return n


def _spared(view: View, damage: int) -> str | None:
    """702.12b: a creature with indestructible isn't destroyed by lethal damage (704.5g) nor by
    damage from a source with deathtouch (704.5h): the message that says so, if it has it (a
    toughness of 0 or less puts it into the graveyard all the same, 704.5f)."""
    chars = view.chars
    toughness = chars.toughness or 0
    if toughness <= 0 or not any(a.keyword == "indestructible" for a in chars.abilities):
        return None
    return "indestructible_lethal" if damage >= toughness else "indestructible_deathtouch"


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
