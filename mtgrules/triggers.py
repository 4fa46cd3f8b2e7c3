"""Triggered abilities: matching events, counting instances, and putting them on the stack.

- An ability triggers when its trigger event happens (603.2); leaves-the-battlefield abilities
  look back at the game just before the event (603.10a), others look just after (603.10).
- "Triggers an additional time" effects (603.2d) add one instance each, decided as the ability
  triggers, in the same view of the game; they don't apply to copies (707.10).
- Waiting abilities go on the stack the next time a player would receive priority, active player
  first, each player ordering their own (603.3b); their choices are made then (603.3c, 603.3d).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .abilities import COMBAT_EVENTS, STEP_EVENTS, AbilityDef, Characteristics, TriggerSpec
from .characteristics import View, compute, compute_all, in_play
from .choices import Option, Question
from .events import Activate, BecomesTarget, Cast, Event, StepBegins, ZoneChange
from .filters import Filter, Perspective, accepts, condition_holds
from .frozen import by_identity
from .objects import DelayedTrigger, PendingTrigger, StackItem, TriggerMemory, TriggerRecord
from .targeting import choose_for_stack_object
from .text import MessageName, Name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game
    from .objects import State


def fire(game: Game, events: Sequence[Event], extra_sources: Sequence[View] = (),
         views: dict[str, View] | None = None) -> None:
    """Events that are not zone changes (cast, activate): checked against the game now.
    ``views``: the views of the battlefield and the command zone now, when the caller has
    them (:func:`characteristics.compute_all`'s default zones)."""
    after = views_in_play(game.state) if views is None else views
    if extra_sources:
        after = {**after, **{v.id: v for v in extra_sources}}
    detect_triggers(game, events, None, after)


def may_trigger(game: Game, views: dict[str, View], *chars: Characteristics) -> bool:
    """Could an event happening now trigger anything (603.2): a triggered ability among
    ``views`` (the battlefield's and the command zone's), one of an object with copiable
    values ``chars`` (a spell being cast: "when you cast this spell"), or a delayed triggered
    ability (603.7)? When nothing could, nobody needs to look at the event, nor at the views
    it would carry (a spell's is worked out on its own)."""
    return bool(game.state.delayed) or _any_triggered(views) or \
        any(a.kind == "triggered" for c in chars for a in c.abilities)


def _any_triggered(views: dict[str, View]) -> bool:
    """Is there a triggered ability among ``views`` (what :func:`_index` would list)? The
    index when it is kept; else a look that stops at the first."""
    last, previous = _INDEXED
    if views is last[0] or views is previous[0]:
        return bool(_index(views)[0])
    for v in views.values():
        abilities = v.chars.abilities
        if not abilities or v.zone not in ("battlefield", "command", "stack"):
            continue
        found = by_identity(_TRIGGERING, abilities, _triggering)
        if found is not None and found[0]:
            return True
    return False


def detect_triggers(game: Game, events: Sequence[Event], before: dict[str, View] | None,
                    after: dict[str, View]) -> None:
    """Find every triggered ability that triggers on ``events`` (all simultaneous)."""
    index_after = _index(after)
    index_before = _index(before) if before is not None else index_after
    if not (index_after[0] or index_before[0] or game.state.delayed):
        return  # nothing that could trigger (a board of vanilla creatures)
    for event in events:
        if game.state.delayed and isinstance(event, StepBegins):
            _delayed_triggers(game, event)
        elif game.state.delayed and isinstance(event, ZoneChange):
            _delayed_object_triggers(game, event, events)
        # "whenever you cast / activate": the spell or ability on the stack, for its filter
        item = game.state.item(event.item) if isinstance(event, (Cast, Activate)) else None
        for looks_back, index, views in ((True, index_before, before or after),
                                         (False, index_after, after)):
            triggered, additional = index
            for source, ability in triggered:
                spec = ability.trigger
                assert spec is not None
                if spec.looks_back != looks_back or \
                        not matches(spec, event, source, game.state.turn, item):
                    continue
                _trigger(game, source, ability, event, additional, views)


#: An index of the triggered abilities among some views: (holder, ability) pairs, and the
#: "additional time" effects as (holder, ability, origin).
_Index = tuple[list[tuple[View, AbilityDef]], list[tuple[View, AbilityDef, View]]]


def views_in_play(state: State) -> dict[str, View]:
    """The views of the battlefield and the command zone, as :func:`compute_all` gives them,
    but read only: one object for each of the layers' worlds (``characteristics.in_play``),
    which never changes, so what is found in it (:func:`_index`) is found once."""
    global _IN_PLAY
    world = in_play(state)
    last_world, views = _IN_PLAY
    if world is not last_world:
        views = {**world["battlefield"], **world["command"]}
        _IN_PLAY = world, views  # (one tuple, replaced whole)
    return views


#: The last world asked for (kept here, so its identity can't be reused) and its views.
_IN_PLAY: tuple[Any, dict[str, View]] = (None, {})


def _index(views: dict[str, View]) -> _Index:
    """The triggered abilities and "additional time" effects among ``views``, found once.
    Views given by :func:`views_in_play` never change: the index of the last two such
    (the views before and after the last zone change) is kept with them, and given back
    for the same object."""
    global _INDEXED
    last, previous = _INDEXED
    if views is last[0]:
        return last[1]
    if views is previous[0]:
        return previous[1]
    found = _index_afresh(views)
    if views is _IN_PLAY[1]:
        _INDEXED = (views, found), last  # (one tuple, replaced whole)
    return found


_INDEXED: tuple[tuple[Any, _Index], tuple[Any, _Index]] = ((None, ([], [])), (None, ([], [])))


def _index_afresh(views: dict[str, View]) -> _Index:
    """An "additional time" effect is kept with the object whose ability it is (the holder) and
    the object it comes from: for a granted ability, the Equipment that grants it (613.1f)."""
    triggered, additional = [], []
    for v in views.values():
        abilities = v.chars.abilities
        if not abilities or v.zone not in ("battlefield", "command", "stack"):
            continue
        found = by_identity(_TRIGGERING, abilities, _triggering)
        if found is None:
            continue
        for a in found[0]:
            triggered.append((v, a))
        for i, a in found[1]:
            granted = dict(v.granted_by)
            origin = views.get(granted[i], v) if i in granted else v
            additional.append((v, a, origin))
    return triggered, additional


def _triggering(abilities: tuple[AbilityDef, ...]) -> tuple[Any, ...] | None:
    """The triggered abilities among these, and the "additional time" effects with their
    places (None: neither), kept by the tuple's identity (:func:`frozen.by_identity`): a
    view's abilities are the same tuple while no effect adds or removes one (counters, a new
    controller keep them), so a new index of the views in play (after every change) looks
    again at few."""
    triggered = tuple(a for a in abilities if a.kind == "triggered")
    adders = tuple((i, a) for i, a in enumerate(abilities)
                   if a.kind == "static" and a.static_get("additional_trigger") is not None)
    return (triggered, adders) if triggered or adders else None


#: What :func:`_triggering` found, by the abilities' identity (:func:`frozen.by_identity`).
_TRIGGERING: dict[int, tuple[Any, ...]] = {}


def matches(spec: TriggerSpec, event: Event, source: View, turn: int = 0,
            item: StackItem | None = None) -> bool:
    """Does ``event`` match the trigger event of an ability of ``source``? (603.2)"""
    etype = event.kind
    if source.zone == "stack" and not (spec.event == "cast" and spec.subject == "self"):
        return False  # a spell's abilities work only if they say so (113.6)
    if spec.event in STEP_EVENTS:  # "at the beginning of combat on your turn" (507, 511.2)
        return etype == spec.event and _player_ok(spec.player, event.player, source)
    if spec.event in ("gains_life", "draws"):  # "whenever you gain life / draw a card": no
        # object to look at (119.9, 121.1)
        return etype == spec.event and _player_ok(spec.player, event.player, source)
    if spec.event in ("cast", "activate", "sacrifice", "becomes_target"):
        if etype != spec.event or not _player_ok(spec.player, event.player, source):
            return False
        if isinstance(event, BecomesTarget) and spec.by not in ("any", event.by):
            return False
    elif spec.event in COMBAT_EVENTS:  # attacks, blocks, becomes blocked (508.3a, 509.3)
        if etype != spec.event:
            return False
    elif not isinstance(event, ZoneChange) or not _zone_change_ok(spec, event):
        return False
    obj_id = event.object
    if spec.subject == "self" and obj_id != source.id:
        return False
    if spec.subject == "another" and obj_id == source.id:
        return False
    subject = event.new if isinstance(event, ZoneChange) and spec.event == "enters" \
        else event.lki
    if subject is None:
        return False
    return _filter_ok(spec, subject, source, turn, item)


def _zone_change_ok(spec: TriggerSpec, event: ZoneChange) -> bool:
    frm, to = event.from_zone, event.to
    if spec.event == "enters":
        return to == "battlefield"
    if spec.event == "dies":
        return event.dies
    if spec.event == "leaves_battlefield":
        return frm == "battlefield" and to != "battlefield"
    if spec.event == "put_into_graveyard":
        if spec.from_zone == "anywhere":  # "a card ... from anywhere" (603.6c): a token is
            # not a card (108.2b), though it may be put into a graveyard
            return to == "graveyard" and event.lki is not None and not event.lki.is_token
        return to == "graveyard" and frm == "battlefield"
    return False


def may_match_zone_change(from_zone: str, to: str) -> bool:
    """Could a zone change from ``from_zone`` to ``to`` match any trigger event (603.6) or
    "additional time" cause (603.2d), or a delayed ability's (603.7c)? As
    :func:`_zone_change_ok` and :func:`caused_by` read one: entering the battlefield, leaving
    it (dying included), being put into a graveyard. (Keep them in step: a new zone-change
    trigger event must be seen here too.)"""
    return to in ("battlefield", "graveyard") or from_zone == "battlefield"


def _player_ok(who: str, player: str, source: View) -> bool:
    if who == "enchanted_player":  # 303.4b: the player the source Aura is attached to
        return player == source.attached_to
    return who == "any" or (who == "you") == (player == source.controller)


def _filter_ok(spec: TriggerSpec, subject: View, source: View, turn: int,
               item: StackItem | None) -> bool:
    """The trigger's filter (filters.accepts), read by the source's controller; for "whenever
    you cast" or "whenever you activate", ``item`` is the spell or ability on the stack."""
    return accepts(spec.filter, subject, Perspective(source.controller, source.id, turn),
                   item=item)


def caused_by(cause: dict[str, Any], event: Event) -> bool:
    """Is the event a creature dying, or an artifact or creature entering, as an "additional
    time" effect asks? (603.2d; masamune-01, masamune-05)"""
    if not isinstance(event, ZoneChange):
        return False
    if cause["event"] == "dies":
        return event.dies
    new = event.new
    flt = Filter(types=tuple(cause.get("types") or ("artifact", "creature")))
    return event.to == "battlefield" and new is not None and \
        accepts(flt, new, Perspective(new.controller))


def additional_instances(source: View, event: Event,
                         additional: Sequence[tuple[View, AbilityDef, View]]) -> list[View]:
    """Where the effects that make this ability trigger an additional time come from, one
    instance each (603.2d: they add, and don't apply to each other)."""
    found = []
    for holder, ability, origin in additional:
        spec = dict(ability.static_get("additional_trigger"))
        if not caused_by(dict(spec["cause"]), event):
            continue
        applies = spec["applies_to"] if isinstance(spec["applies_to"], (list, tuple)) \
            else [spec["applies_to"]]
        if ("self" in applies and source.id == holder.id and source.zone == "battlefield") or \
                ("emblems_you_own" in applies and source.is_emblem
                 and source.owner == holder.controller) or \
                ("permanents_you_control" in applies and source.zone == "battlefield"
                 and source.controller == holder.controller):
            found.append(origin)
    return found


def _trigger(game: Game, source: View, ability: AbilityDef, event: Event,
             additional: Sequence[tuple[View, AbilityDef, View]], views: dict[str, View]) -> None:
    what = MessageName(*event.message())  # written out if someone reads it
    if ability.condition is not None and not _condition_true(game, source, ability):
        # 603.4: an intervening "if" is checked as the event happens; false, no trigger
        game.log("trigger_condition_false", "603.4", source=source.chars.names, id=source.id,
                 event=what)
        return
    adders = additional_instances(source, event, additional)
    count = 1 + len(adders)
    added_by = tuple(f"{a.chars.name} ({a.id})" for a in adders)
    name = source.chars.names
    game.log("triggers_more" if adders else "triggers", "603.2", *(("603.2d",) if adders else ()),
             source=name, id=source.id,
             ability=Name(ability.label, _label_fr(ability)), event=what,
             count=count, added_by=[_adder_name(a) for a in adders])
    obj = game.state.objects.get(source.id)
    memory = TriggerMemory(
        source=source, source_x=obj.x if obj is not None else 0, event_object=event.lki,
        event_text=what, event_item=event.item if isinstance(event, (Activate, Cast)) else None,
        event_player=event.player or None)
    step = len(game.timeline.steps)
    for n in range(1, count + 1):
        game.state.pending.append(PendingTrigger(
            ability, source.id, source.zcc, name.en, name.fr, source.controller, event,
            (n, count), added_by, memory))
        game.state.triggered.append(TriggerRecord(
            source.id, name.en, ability.text or ability.label, ability.keyword, event.kind,
            event.object, n, count, added_by, step))


def _delayed_triggers(game: Game, event: StepBegins) -> None:
    """603.7: the delayed triggered abilities waiting for this event trigger, once each
    (603.7b): they are gone once they trigger. Each was created before the event (603.7a):
    one created during an end step waits for the next turn's (513.2)."""
    state = game.state
    waiting = []
    for d in state.delayed:
        spec = d.ability.trigger
        assert spec is not None
        if spec.event == event.kind and (spec.player == "any" or event.player == d.controller):
            _trigger_delayed(game, d, event)
        else:
            waiting.append(d)
    state.delayed = waiting


def _delayed_object_triggers(game: Game, event: ZoneChange, at_once: Sequence[Event]) -> None:
    """603.7c: a delayed triggered ability waiting for an event of an object it refers to
    ("when that creature dies") triggers when that object, as it was then, does it. A new
    object (400.7: it left its zone and came back) is not it. 603.7b: once, unless it has a
    stated duration ("this turn": then at each such event, until the turn ends); if its event
    happens several times at once (two of the objects it refers to die together), its
    controller chooses which one it triggers on."""
    if event.from_zone != "battlefield" or event.lki is None:
        return
    for d in list(game.state.delayed):
        if not _refers_to(d, event):
            continue
        if d.this_turn:
            _trigger_delayed(game, d, event)
            continue
        game.state.delayed = [w for w in game.state.delayed if w is not d]
        alike = [e for e in at_once if isinstance(e, ZoneChange) and _refers_to(d, e)]
        _trigger_delayed(game, d, _which_event(game, d, alike) if len(alike) > 1 else event)


def _refers_to(d: DelayedTrigger, event: ZoneChange) -> bool:
    """Is ``event`` the trigger event of ``d``, for an object it refers to (603.7c)?"""
    lki = event.lki
    if event.from_zone != "battlefield" or lki is None:
        return False
    spec = d.ability.trigger
    assert spec is not None
    return any(r.id == lki.id and r.zcc == lki.zcc for r in d.objects) and \
        (spec.event == "leaves_battlefield" or (spec.event == "dies" and event.dies))


def _which_event(game: Game, d: DelayedTrigger, alike: list[ZoneChange]) -> ZoneChange:
    """603.7b: the controller of ``d`` chooses which of the simultaneous events it triggers on
    (each named by the object it happened to)."""
    options = []
    for e in alike:
        told = MessageName(*e.message())
        options.append(Option(str(e.object), e, told.en, told.fr))
    name = Name(d.source_name, d.source_name_fr)
    chosen: ZoneChange = game.ask(Question(
        "delayed_event", d.controller,
        f"{d.id} ({name.en}: {d.ability.text.rstrip('.')}) triggers once: on which event?",
        f"{d.id} ({name.fr} : {d.ability.text_fr.rstrip('.')}) se déclenche une fois : sur "
        f"quel événement ?", options, rule="603.7b"))
    return chosen


def _trigger_delayed(game: Game, d: DelayedTrigger, event: Event) -> None:
    what = MessageName(*event.message())  # written out if someone reads it
    name = Name(d.source_name, d.source_name_fr)
    game.log("delayed_triggers", "603.7", "603.7b", source=name, id=d.id, event=what,
             text=Name(d.ability.text.rstrip("."), d.ability.text_fr.rstrip(".")))
    memory = TriggerMemory(source=d.source, event_text=what, event_player=event.player or None,
                           objects=d.objects)
    game.state.pending.append(PendingTrigger(
        d.ability, d.source_id, d.source_zcc, d.source_name, d.source_name_fr, d.controller,
        event, (1, 1), (), memory))
    game.state.triggered.append(TriggerRecord(
        d.source_id, d.source_name, d.ability.text, None, event.kind, None, 1, 1, (),
        len(game.timeline.steps), delayed=True))


def _condition_true(game: Game, source: View, ability: AbilityDef) -> bool:
    assert ability.condition is not None
    views = compute_all(game.state, ("battlefield",)).values()
    return condition_holds(ability.condition, views,
                           Perspective(source.controller, source.id, game.state.turn),
                           game.player(source.controller).life)


def _adder_name(v: View) -> Name:
    return Name(f"{v.chars.name} ({v.id})", f"{v.chars.name_fr or v.chars.name} ({v.id})")


def _label_fr(ability: AbilityDef) -> str:
    """The ability's French name: « capacité de cachette », « capacité de prouesse » (the
    keyword without its number), else « capacité déclenchée »."""
    if ability.delayed:
        return "capacité déclenchée retardée"
    if ability.keyword:
        name = ability.text_fr.split(" (")[0].split(".")[0] if ability.text_fr \
            else ability.keyword
        return "capacité de " + name.rstrip(" 0123456789X").lower()
    return "capacité déclenchée"


# --- putting triggered abilities on the stack ---------------------------------------------

def put_triggers_on_stack(game: Game) -> None:
    """603.3b: active player's waiting abilities first, in the order that player chooses, then
    each other player's in turn order; the last put on the stack resolves first."""
    state = game.state
    pending, state.pending = state.pending, []
    for player in state.player_order():
        mine = [p for p in pending if p.controller == player]
        if not mine:
            continue
        for p in _ordered(game, player, mine):
            _put_one(game, p)


def _ordered(game: Game, player: str, mine: list[PendingTrigger]) -> list[PendingTrigger]:
    """603.3b: the player puts their triggered abilities on the stack in any order: one
    question, answered with the whole order. Identical abilities (same source, same ability)
    are offered as groups too, so a thousand of them are ordered in one move."""
    if len(mine) < 2:
        return mine
    keys = [f"T{i + 1}" for i in range(len(mine))]
    options = [Option(k, p, _pending_label(p, "en"), _pending_label(p, "fr"))
               for k, p in zip(keys, mine, strict=True)]
    groups = _identical_groups(keys, mine)
    order = game.ask(Question(
        "order_triggers", player, "In what order do your triggered abilities go on the stack? "
        "(first = bottom)", "Dans quel ordre vos capacités déclenchées vont-elles sur la pile ? "
        "(la première tout en bas)", options, min=len(mine), max=len(mine), ordered=True,
        rule="603.3b", context={"groups": groups},
        parse=_by_source(keys, mine),
        default=[k for g in groups for k in g["keys"]]))
    game.log("ordered_triggers", "603.3b", player=player, order=_order_summary(order))
    return order


def _by_source(keys: list[str], mine: list[PendingTrigger]) -> Callable[[Any], list[str]]:
    """An order may name a source instead of its abilities one by one: ``[c1, c2, tally]``
    puts all of c1's waiting abilities first, in the order they triggered, then c2's, then
    tally's. Nine hundred triggers are ordered in one short line."""
    by_source: dict[str, list[str]] = {}
    own_keys = set(keys)
    for key, p in zip(keys, mine, strict=True):
        by_source.setdefault(p.source_id, []).append(key)

    def parse(answer: Any) -> list[str]:
        items = answer if isinstance(answer, (list, tuple)) else [answer]
        out: list[str] = []
        for item in items:
            name = str(item)
            out += by_source[name] if name in by_source and name not in own_keys else [name]
        return out
    return parse


def _group_key(p: PendingTrigger) -> tuple[str, int, int]:
    return (p.source_id, p.source_zcc, id(p.ability))


def _identical_groups(keys: list[str], mine: list[PendingTrigger]) -> list[dict[str, Any]]:
    """The waiting abilities that differ only by what triggered them, in the order they
    triggered: ``keys`` (option keys), ``en`` and ``fr`` (a label with their number)."""
    groups: dict[tuple[str, int, int], dict[str, Any]] = {}
    for key, p in zip(keys, mine, strict=True):
        g = groups.setdefault(_group_key(p), {"keys": [], "first": p})
        g["keys"].append(key)
    return [{"keys": tuple(g["keys"]), "en": _group_label(g["first"], len(g["keys"]), "en"),
             "fr": _group_label(g["first"], len(g["keys"]), "fr")} for g in groups.values()]


def _group_label(p: PendingTrigger, n: int, lang: str) -> str:
    from .text.numbers import times
    name = p.source_name if lang == "en" else p.source_name_fr
    return f"{name} ({p.source_id}) {times(n, lang)}" if n > 1 else _pending_label(p, lang)


#: A longer order is logged in runs of identical abilities, and at most this many runs.
_LOGGED_ORDER = 12


def _order_summary(order: list[PendingTrigger]) -> list[Name]:
    """The order for the log: each ability, or, for a long order, each run of identical ones
    ("Blood Artist (artist) ×1,003") and how many more runs there are."""
    if len(order) <= _LOGGED_ORDER:
        return [Name(_pending_label(p, "en"), _pending_label(p, "fr")) for p in order]
    runs: list[tuple[PendingTrigger, int]] = []
    for p in order:
        if runs and _group_key(runs[-1][0]) == _group_key(p):
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((p, 1))
    out = [Name(_group_label(p, n, "en"), _group_label(p, n, "fr"))
           for p, n in runs[:_LOGGED_ORDER]]
    if len(runs) > _LOGGED_ORDER:
        from .text.numbers import number
        rest = sum(n for _, n in runs[_LOGGED_ORDER:])
        out.append(Name(f"… and {number(rest, 'en')} more", f"… et {number(rest, 'fr')} autres"))
    return out


def _pending_label(p: PendingTrigger, lang: str) -> str:
    name = p.source_name if lang == "en" else p.source_name_fr
    n, of = p.instance
    inst = f" {n}/{of}" if of > 1 else ""
    about = f", {p.event_object}" if p.event_object and p.event_object != p.source_id else ""
    return f"{name} ({p.source_id}{about}){inst}"


def targeted(game: Game, item: StackItem, views: dict[str, View] | None = None) -> None:
    """Each object ``item`` targets becomes the target of a spell or ability (115.1, 603.2):
    once per object, however many of its target slots name it. Called once the spell is
    cast, the ability activated or put on the stack (603.3d), or the copy made (707.10c).
    ``views``: the views of the battlefield and the command zone now, when the caller has
    them (else asked for once, for the targets and the triggers)."""
    seen: dict[str, View] = {}
    for slot in item.targets:
        for ref in slot:
            obj = game.state.objects.get(ref.id) if ref.kind == "object" else None
            if obj is not None and obj.zcc == ref.zcc and ref.id not in seen:
                if views is None:
                    views = compute_all(game.state)
                    if not may_trigger(game, views):
                        return  # becoming a target triggers nothing here
                seen[ref.id] = views.get(ref.id) or compute(game.state, ref.id)
    by = "spell" if item.kind == "spell" else "ability"
    if seen:
        fire(game, [BecomesTarget(player=item.controller, object=i, lki=v, item=item.id, by=by)
                    for i, v in seen.items()], views=views)


def _put_one(game: Game, p: PendingTrigger) -> None:
    item = StackItem(
        id=game._stack_id(), kind="triggered", controller=p.controller, source_id=p.source_id,
        source_zcc=p.source_zcc, source_name=p.source_name, source_name_fr=p.source_name_fr,
        ability=p.ability, trigger_event=p.event.kind, instance=p.instance,
        added_by=p.added_by, remembers=p.remembers)
    game.state.stack.append(item)
    chosen = choose_for_stack_object(game, item, rule_targets="603.3d")
    if chosen is None:
        game.state.stack.pop()  # 603.3d: no legal targets, removed from the stack
        game.log("trigger_removed", "603.3d", id=item.id,
                 source=Name(p.source_name, p.source_name_fr), source_id=p.source_id)
        return
    game.log("trigger_on_stack", "603.3", id=item.id, source=Name(p.source_name,
                                                                   p.source_name_fr),
             source_id=p.source_id, ability=Name(p.ability.label, _label_fr(p.ability)),
             targets=[game.ref_name(r) for slot in chosen.targets for r in slot])
    targeted(game, chosen)
