"""Replacement and prevention effects (614, 615) and how several of them apply to one event (616).

An event that is about to happen (a zone move, a permanent entering, damage, life gain, counters
put, tokens created, a draw) is first described as a small frozen *would-be* event and passed to
:func:`replace`. It gathers the replacement and prevention effects that apply to it: static
abilities of permanents (``kind: replacement``), the entering permanent's own "enters" abilities
as it would exist on the battlefield (614.12), and the shields that resolved spells left
(``State.shields``: "prevent all combat damage this turn", "prevent the next 3 damage").

While any applies, the affected player (or the controller of the affected object) chooses one
(616.1): self-replacement effects first (616.1a), then copy effects on entering (616.1c), then
any. The chosen effect modifies the event; each effect applies at most once to an event and to
the events that replace it (614.5, 616.1f), and what applies is looked at again after each one
(616.1f, 616.2). The choice is a question (kind ``replacement``) only when the order can change
the result: effects that only add to an event (enters tapped, enters with counters) or that all
multiply the same amount give the same result in any order, and are applied in the order
listed. The event that comes out is what happens (614.6); an event replaced by nothing (all its
damage prevented) doesn't happen at all.
"""

from __future__ import annotations

import operator
from collections import Counter, namedtuple
from collections.abc import Callable

from .abilities import REPLACEMENT_VOCABULARY, Characteristics, CopyExceptions, thaw
from .characteristics import View, compute, compute_all, effects_in_force
from .choices import Option, Question
from .filters import EMPTY, Perspective, accepts
from .frozen import frozen
from .frozen import replace as remade
from .instructions import SelfReplacement, condition_true, run_effect
from .objects import GameObject, Ref, Shield, StackItem, State, TriggerMemory, shown_values
from .protection import in_a_sentence, player_protections
from .references import amount
from .text import Name, render

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game

# A would-be event turned into another is `remade` (frozen.replace: dataclasses.replace for the
# @frozen records every event here is, about four times quicker; this module's own `replace`
# is what replacement effects are applied through).


# --- would-be events ----------------------------------------------------------------------------

@frozen
class Moving:
    """An object about to move from one zone to another (400.7)."""

    object: str
    from_zone: str
    to: str


class CopyChoice(namedtuple("CopyChoice", ["original", "exceptions"], defaults=[None])):
    """What an object entering as a copy copies, and the copy effect's exceptions (707.9).
    (collections' namedtuple: see filters.Word.)"""

    __slots__ = ()
    original: GameObject
    exceptions: CopyExceptions | None

    def values(self) -> Characteristics:
        """The copiable values the copy gets: the original's (a copy's are what it copied,
        707.3), modified by the exceptions (707.9b)."""
        values = shown_values(self.original)  # a face-down one's are a 2/2's (707.2, 708.2a)
        return self.exceptions.apply(values) if self.exceptions is not None else values


@frozen
class Entering:
    """A permanent about to enter the battlefield, and how (614.1c-d, 614.12): under whose
    control, tapped or not, with which counters, as a copy of what (707.5)."""

    object: str
    controller: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    copy: CopyChoice | None = None  # what it enters as a copy of (707.5), with exceptions
    x: int = 0
    together: frozenset[str] = frozenset()  # entering at the same time (614.12a, 707.5)
    notes: tuple[tuple[Any, ...], ...] = ()  # what each applied effect did, to log as it enters

    def with_counters(self, kind: str, n: int) -> Entering:
        counts = dict(self.counters)
        counts[kind] = counts.get(kind, 0) + n
        return remade(self, counters=tuple(counts.items()))


@frozen
class DamageEvent:
    """Damage about to be dealt (120.3): by what, to whom, how much, combat or not."""

    source: Any  # damage.DamageSource
    to: Ref
    amount: int
    #: the damaged object's view now, when the one dealing it has it (damage._deal): a
    #: permanent's protection abilities are read from it (702.16e), not worked out again
    recipient: View | None = None


@frozen
class LifeGain:
    """A player about to gain life (119.3)."""

    player: str
    amount: int


@frozen
class CountersPut:
    """Counters about to be put on a permanent (122.1, 122.6)."""

    object: str
    counter: str
    amount: int


@frozen
class TokensCreated:
    """An effect about to create tokens (111.1)."""

    controller: str
    chars: Characteristics
    amount: int


@frozen
class Drawing:
    """A player about to draw cards (121.1)."""

    player: str
    amount: int = 1
    #: the instruction to draw ``amount`` cards as a whole (121.2a, 616.1g), before the
    #: single draws it is made of
    instruction: bool = False


Event = Moving | Entering | DamageEvent | LifeGain | CountersPut | TokensCreated | Drawing


# --- candidates ---------------------------------------------------------------------------------

#: 616.1a-e: the rank of a replacement among those that apply; the lowest rank goes first.
SELF_REPLACEMENT, CONTROL, COPY, BACK_FACE, ANY = range(5)


@frozen
class Candidate:
    """One replacement or prevention effect that could apply to an event: where it comes from
    (a permanent's ability, the entering permanent's own, or a shield), its word and params."""

    ident: str  # the same effect, each time it is looked at (614.5: it applies once)
    source: str  # the object or shield id
    word: str
    params: tuple[tuple[str, Any], ...]
    name: Name  # the source's name
    text: Name  # what the ability says
    controller: str | None  # the source's controller (its "you")
    shield: Shield | None = None
    instead: SelfReplacement | None = None  # a self-replacement effect (614.15)

    key: str = ""  # how the order question names it: the source's id, or id.N

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.params).get(key, default)

    @property
    def spec(self) -> dict[str, Any]:
        return thaw(self.params) if self.params else {}


@frozen
class Word:
    """How one word of the replacement vocabulary acts: which events it watches, whether it
    applies to one, what it makes of it, its rank (616.1a-e) and its class: effects of one
    class give the same result in any order (``None``: the order may matter)."""

    event: type | tuple[type, ...]
    applies: Callable[[Game, Candidate, Any], bool]
    apply: Callable[[Game, Candidate, Any], Any]
    rank: int = ANY
    commutes: str | Callable[[Candidate], str | None] | None = None
    #: it prevents all of the event, whatever applied before it (protection, 702.16e)
    prevents_all: bool = False
    #: its own instructions happen instead of the event ("skips that draw and you draw a
    #: card", 614.11): the views show what they did, logged after the effect's own line
    follows_instructions: bool = False

    def order_class(self, c: Candidate) -> str | None:
        return self.commutes(c) if callable(self.commutes) else self.commutes


WORDS: dict[str, Word] = {}


def register(words: dict[str, Word]) -> None:
    """Register how words of abilities.REPLACEMENT_VOCABULARY act (each once)."""
    unknown = sorted(set(words) - set(REPLACEMENT_VOCABULARY) - INTRINSIC - SHIELD_WORDS
                     - SELF_WORDS)
    twice = sorted(set(words) & set(WORDS))
    if unknown or twice:
        raise ValueError(f"replacement words not in the vocabulary: {unknown}; registered "
                         f"twice: {twice}")
    WORDS.update(words)


#: Replacement effects the rules give without a word on the card: a planeswalker's loyalty
#: (306.5b); the prevention that is part of a keyword: protection (702.16e).
INTRINSIC = frozenset({"enters_with_loyalty", "enters_with_copy_counters", "protection"})
#: Effects of resolving spells that leave a shield (abilities.EFFECT_VOCABULARY).
SHIELD_WORDS = frozenset({"prevent_damage"})
#: Self-replacement effects (614.15), written on the effect they replace
#: (abilities.SELF_REPLACEMENTS).
SELF_WORDS = frozenset({"instead"})


# --- the procedure --------------------------------------------------------------------------------

def replace(game: Game, event: Any, sources: list[Source] | None = None) -> Any:
    """The event as it happens once every applicable replacement and prevention effect has
    applied (616.1), or None if nothing happens. ``sources``: the battlefield's replacement
    abilities (:func:`static_sources`), when a batch of events looks at them once."""
    if _nothing_happens(event):
        return None
    if sources is None:
        sources = static_sources(game)
    if not isinstance(event, (Entering, DamageEvent)) and not may_apply(game, sources):
        return event  # nothing could apply to it (the usual case: a board without any)
    # 614.5: an effect that already replaced the event this one comes from (while its
    # instructions are followed: "you draw a card instead") doesn't apply to it again
    used: set[str] = set(game.replacements_used)
    chain: int | None = None  # how the views group the effects applied to this event
    while True:  # (the event is one that happens: each is asked once whether it does)
        candidates = [c for c in _candidates(game, event, sources) if c.ident not in used
                      and WORDS[c.word].applies(game, c, event)]
        if not candidates:
            return event
        rank = min(WORDS[c.word].rank for c in candidates)
        candidates = [c for c in candidates if WORDS[c.word].rank == rank]
        chosen = _choose(game, event, candidates)
        used.add(chosen.ident)
        mark = game.logged()
        before, event = event, _apply(game, chosen, event, frozenset(used))
        if event is not None and _nothing_happens(event):
            event = None
        happened: Any = event
        if WORDS[chosen.word].follows_instructions:  # after the effect's own line
            happened = game.logged_since(mark + 1) or None
        chain = game.note_replaced(chosen, before, happened, chain)  # for the views
        if event is None:
            return None


def may_apply(game: Game, sources: list[Source]) -> bool:
    """Could any replacement or prevention effect apply to an event now, other than a
    permanent's entering or damage (whose candidates come from the permanent and the damaged
    one too)? Not without a replacement ability on the battlefield (``sources``), a shield
    or the self-replacement effect of the instruction being followed."""
    return bool(sources or game.state.shields or game.self_replacement is not None)


def _apply(game: Game, chosen: Candidate, event: Any, used: frozenset[str]) -> Any:
    """Apply one effect. The events its own instructions make are the modified event (614.5,
    616.2): the effects used so far don't apply to them again, and the instruction's
    self-replacement effect is not theirs."""
    outer = game.replacements_used, game.self_replacement
    game.replacements_used, game.self_replacement = used, None
    try:
        return WORDS[chosen.word].apply(game, chosen, event)
    finally:
        game.replacements_used, game.self_replacement = outer


def _nothing_happens(event: Any) -> bool:
    """120.8, 614.7: an event of 0 (damage, life, counters, tokens) is no event at all."""
    return isinstance(event, (DamageEvent, LifeGain, CountersPut, TokensCreated, Drawing)) \
        and event.amount <= 0


def affected_player(game: Game, event: Any) -> str:
    """616.1: who chooses: the affected player, or the affected object's controller (its owner
    if it has none); for a permanent entering, the player it will enter under."""
    if isinstance(event, (LifeGain, Drawing)):
        return event.player
    if isinstance(event, Entering):
        return event.controller
    if isinstance(event, TokensCreated):
        return event.controller
    if isinstance(event, DamageEvent):
        if event.to.kind == "player":
            return event.to.id
        return game.obj(event.to.id).controller
    obj = game.obj(event.object)
    return obj.controller if obj.zone in ("battlefield", "stack") else obj.owner


def _choose(game: Game, event: Any, candidates: list[Candidate]) -> Candidate:
    if len(candidates) == 1:
        return candidates[0]
    candidates = _named(candidates)
    classes = {WORDS[c.word].order_class(c) for c in candidates}
    if len(classes) == 1 and None not in classes:
        return candidates[0]  # any order gives the same result: nothing to ask
    whole = [c for c in candidates if WORDS[c.word].prevents_all]
    if whole and not any(c.shield is not None and c.shield.remaining is not None
                         for c in candidates):
        return whole[0]  # nothing happens in any order, and no shield would be used up
    player = affected_player(game, event)
    what = describe(game, event)
    options = [Option(c.key, c, f"{c.name.en} ({c.key}): {c.text.en}",
                      f"{c.name.fr} ({c.key}) : {c.text.fr}") for c in candidates]
    chosen: Candidate = game.ask(Question(
        "replacement", player, f"Which replacement or prevention effect applies first to "
        f"{what.en}?", f"Quel effet de remplacement ou de prévention s'applique d'abord "
        f"({what.fr}) ?", options, rule="616.1",
        context={"event": what, "effects": [c.key for c in candidates]}))
    game.log("replacement_order", "616.1", player=player, source=chosen.name, id=chosen.key,
             event=what)
    return chosen


def describe(game: Game, event: Any) -> Name:
    """The event in a few words, in English and French (for the question and the log): the
    phrases are messages, so counts agree (CLDR plurals) and French names get their article."""
    key, params = _event_phrase(game, event)
    return Name(render(key, params, "en"), render(key, params, "fr"))


def _event_phrase(game: Game, event: Any) -> tuple[str, dict[str, Any]]:
    if isinstance(event, Moving):
        zone = Name(f"moving to the {event.to}", _TO_ZONE_FR.get(event.to, event.to))
        return "ev_would_move", {"obj": game.name_of(event.object), "id": event.object,
                                 "zone": zone}
    if isinstance(event, Entering):
        return "ev_would_enter", {"obj": game.name_of(event.object), "id": event.object}
    if isinstance(event, DamageEvent):
        return "ev_would_damage", {"n": event.amount, "to": game.ref_name(event.to)}
    if isinstance(event, LifeGain):
        return "ev_would_gain_life", {"player": event.player, "n": event.amount}
    if isinstance(event, CountersPut):
        return "ev_would_put_counters", {"n": event.amount, "counter": event.counter,
                                         "obj": game.name_of(event.object)}
    if isinstance(event, TokensCreated):
        return "ev_would_create_tokens", {"n": event.amount, "obj": event.chars.names}
    return "ev_would_draw", {"player": event.player, "n": event.amount}


_TO_ZONE_FR = {"graveyard": "allant au cimetière", "exile": "allant en exil",
               "hand": "allant en main", "library": "allant dans la bibliothèque",
               "battlefield": "arrivant sur le champ de bataille"}


# --- where candidates come from ----------------------------------------------------------------

@frozen
class Source:
    """A replacement ability of a permanent on the battlefield."""

    view: View
    index: int
    word: str
    params: tuple[tuple[str, Any], ...]
    text: Name


def static_sources(game: Game, views: dict[str, View] | None = None) -> list[Source]:
    """The replacement abilities of permanents on the battlefield (614.12: the permanents
    entering are not there yet). Looking at each permanent's copiable values first keeps a
    board without any replacement ability from computing every view (``views``: views of
    the battlefield, when the caller has them; views of objects elsewhere are passed over)."""
    state = game.state
    if views is None:
        objects = state.objects
        # a loop, not any(...), and the lookup of _replaces written out: asked at every move
        for i in state.zones.get(("", "battlefield"), ()):
            chars = objects[i].copiable_values()
            known = _REPLACES.get(id(chars))
            if known[1] if known is not None and known[0] is chars else _replaces(chars):
                break
        else:
            return []
        views = compute_all(state, ("battlefield",))
    out = []
    for v in views.values():
        found = _replacing(v.chars)
        if found and v.zone == "battlefield":
            out += [Source(v, index, word, params, text) for index, word, params, text in found]
    return out


def _replacing(chars: Characteristics) -> tuple[tuple[int, str, tuple, Name], ...]:
    """The replacement abilities among these characteristics that apply to other events than
    their own permanent's entering (614.12): each ability's number, word, parameters and
    text. Asked of every permanent at each move: worked out once per characteristics object
    (a view's are the same object while its object and the effects on it are the same)."""
    found = _REPLACING.get(id(chars))  # (looked up here, not in a call: asked so often)
    return found[1] if found is not None and found[0] is chars else \
        _remember(_REPLACING, chars, tuple(
            (index, word, params, Name(ability.text, ability.text_fr or ability.text))
            for index, ability in enumerate(chars.abilities) if ability.kind == "replacement"
            for word, params in ability.static
            if word in WORDS and not _self_only(word, params)))


def _replaces(chars: Characteristics) -> bool:
    """Has an object with these copiable values a replacement ability? Looked at once per
    characteristics object (a card's are the same object every time it is asked)."""
    found = _REPLACES.get(id(chars))
    return found[1] if found is not None and found[0] is chars else \
        _remember(_REPLACES, chars, any(a.kind == "replacement" for a in chars.abilities))


def _own_replacing(chars: Characteristics) -> bool:
    """Has an object with these characteristics a replacement ability that modifies how it
    enters (614.1c, 614.12)? Asked of each permanent about to enter: looked at once per
    characteristics object."""
    found = _OWN_REPLACING.get(id(chars))
    return found[1] if found is not None and found[0] is chars else \
        _remember(_OWN_REPLACING, chars, any(
            a.kind == "replacement" and any(_self_only(w, p) for w, p in a.static)
            for a in chars.abilities))


def _remember(cache: dict[int, tuple[Characteristics, Any]], chars: Characteristics,
              answer: Any) -> Any:
    """Keep ``answer`` for ``chars`` by its identity (beside it, so that identity can't be
    reused). Characteristics made on the fly (copies, effects) come and go: the cache is
    emptied when it grows big."""
    if len(cache) >= 4096:
        cache.clear()
    cache[id(chars)] = (chars, answer)
    return answer


#: What :func:`_replacing`, :func:`_replaces` and :func:`_own_replacing` found, by the
#: characteristics' identity (:func:`_remember`).
_REPLACING: dict[int, tuple[Characteristics, Any]] = {}
_REPLACES: dict[int, tuple[Characteristics, Any]] = {}
_OWN_REPLACING: dict[int, tuple[Characteristics, Any]] = {}


def _self_only(word: str, params: tuple) -> bool:
    """Abilities that affect only the permanent they're on as it enters (614.12, 614.1c)."""
    if word in ("enter_as_copy", "enters_with_counters"):
        return True
    return word == "enters_tapped" and dict(params).get("filter") is None


def _candidates(game: Game, event: Any, sources: list[Source]) -> list[Candidate]:
    out = []
    for s in sources:
        if isinstance(event, WORDS[s.word].event):
            out.append(Candidate(f"{s.view.id}.{s.index + 1}", s.view.id, s.word, s.params,
                                 s.view.chars.names, s.text, s.view.controller))
    for shield in game.state.shields:
        if shield.word in WORDS and isinstance(event, WORDS[shield.word].event):
            out.append(Candidate(shield.id, shield.source or shield.id, shield.word, shield.params,
                                 shield.source_name, shield.text, shield.controller, shield))
    if isinstance(event, Entering):
        out += _own_entering(game, event)
    if isinstance(event, DamageEvent) and event.to.kind in ("object", "player"):
        out += _protection(game, event)
    if game.self_replacement is not None:
        out += _self_replacement(game, event)
    return out


#: The event of each effect that may have a self-replacement effect (614.15).
_EFFECT_EVENTS: dict[str, type] = {}  # filled below, once the event classes exist


def _self_replacement(game: Game, event: Any) -> list[Candidate]:
    """614.15: the self-replacement effect of the instruction being followed, for that
    instruction's own event (a draw instruction as a whole, 121.2a)."""
    instead = game.self_replacement
    if instead is None or not isinstance(event, _EFFECT_EVENTS[instead.effect]):
        return []
    if isinstance(event, Drawing) and not event.instruction:
        return []
    item = instead.item
    ability = item.ability
    text = Name(ability.text, ability.text_fr or ability.text) if ability is not None \
        else Name("", "")
    return [Candidate(f"{item.id}.instead", item.id, "instead", (), Name(
        item.source_name, item.source_name_fr), text, item.controller, instead=instead)]


def _protection(game: Game, event: DamageEvent) -> list[Candidate]:
    """702.16e: a permanent's protection abilities are prevention effects for damage dealt to
    it (each separate, 702.16g), and so are a player's; whether the source has the quality is
    the word's to say."""
    if event.to.kind == "player":
        player = event.to.id
        return [Candidate(f"{player}.protection.{i + 1}", player, "protection", ability.static,
                          Name(player, player, player=True),
                          Name(ability.text, ability.text_fr or ability.text), player)
                for i, ability in enumerate(player_protections(game.state, player))]
    obj = game.state.objects.get(event.to.id)
    if obj is None or obj.zone != "battlefield":
        return []
    view = event.recipient or compute(game.state, obj.id)
    return [Candidate(f"{view.id}.{i + 1}", view.id, "protection", ability.static,
                      view.chars.names, Name(ability.text, ability.text_fr or ability.text),
                      view.controller)
            for i, ability in enumerate(view.chars.abilities)
            if ability.kind == "static" and ability.static_get("protection") is not None]


def _named(candidates: list[Candidate]) -> list[Candidate]:
    """Each candidate's key in the question: its source's id, or ``id.N`` (N the ability's
    number on it) when several of that source's abilities apply."""
    sources = [c.source for c in candidates]
    return [remade(c, key=c.ident if sources.count(c.source) > 1 else c.source)
            for c in candidates]


def would_be(game: Game, event: Entering) -> Characteristics:
    """614.12: the entering permanent's characteristics as it would exist on the battlefield,
    taking into account the replacement effects already applied (a copy it chose)."""
    if event.copy is not None:
        return event.copy.values()
    return game.obj(event.object).copiable_values()


def _own_entering(game: Game, event: Entering) -> list[Candidate]:
    """The entering permanent's own 'enters' abilities (614.1c, 614.12), and its intrinsic
    loyalty (306.5b)."""
    chars = would_be(game, event)
    out = []
    for ability in _as_it_would_exist(game, event, chars):
        if ability.kind != "replacement":
            continue
        for word, params in ability.static:
            if word in WORDS and _self_only(word, params):
                out.append(Candidate(f"{event.object}.{word}", event.object, word, params,
                                     chars.names, Name(ability.text,
                                                       ability.text_fr or ability.text),
                                     event.controller))
    exceptions = event.copy.exceptions if event.copy is not None \
        else game.obj(event.object).copy_except
    if exceptions is not None:  # 707.9e: what the last copy effect's exceptions add
        for counter, n in exceptions.counters_for(chars):
            out.append(Candidate(f"{event.object}.except.{counter}", event.object,
                                 "enters_with_copy_counters", (("counter", counter),
                                                               ("amount", n)),
                                 chars.names, exceptions.describe(), event.controller))
    if chars.loyalty is not None and "planeswalker" in chars.card_types:
        out.append(Candidate(f"{event.object}.loyalty", event.object, "enters_with_loyalty",
                             (("amount", chars.loyalty),), chars.names,
                             Name("enters with its printed loyalty",
                                  "arrive avec sa loyauté imprimée"), event.controller))
    return out


def _as_it_would_exist(game: Game, event: Entering, chars: Characteristics) -> tuple:
    """The abilities of the entering permanent that can modify how it enters, read as it would
    exist on the battlefield (614.12): a continuous effect already there that would take them
    away ("nonbasic lands are Mountains", 305.7) stops them before they apply, so a nonbasic
    land that would enter tapped enters untapped. Worked out only when it has one, and when
    a continuous effect would be in force: without any, its abilities on the battlefield are
    these (plus its basic land types' mana abilities, 305.6), and the trial state's layers
    (a whole computation) are not run."""
    if not _own_replacing(chars):
        return chars.abilities
    if not game.obj(event.object).face_down and not effects_in_force(game.state, chars):
        return chars.abilities
    return entering_view(game, event).chars.abilities


# --- what a filter sees -----------------------------------------------------------------------

def _matches(game: Game, c: Candidate, view: View) -> bool:
    """The replacement's filter (the one filter, filters.accepts), seen from its controller."""
    flt = c.get("filter") or EMPTY
    return accepts(flt, view, Perspective(c.controller or "", c.source, game.state.turn))


def entering_view(game: Game, ev: Entering) -> View:
    """The permanent about to enter as it would exist on the battlefield (614.12): what a
    filter looks at. Its characteristics take into account the replacement effects already
    applied (a copy it chose, counters), its own static abilities and the continuous effects of
    the permanents already there ("each noncreature artifact is an artifact creature"): it is
    worked out on a trial state where it is on the battlefield, the game itself untouched."""
    state = game.state
    obj = game.obj(ev.object)
    ghost = obj.copy()
    ghost.zone, ghost.controller, ghost.zcc, ghost.tapped = \
        "battlefield", ev.controller, obj.zcc + 1, ev.tapped
    ghost.entered_turn = state.turn
    ghost.counters = Counter(dict(ev.counters))
    if ev.copy is not None:
        ghost.copy_values = ev.copy.values()
    trial = State(*_state_fields(state))  # a shallow copy (the constructor: 4x copy.copy)
    trial.objects = {**state.objects, obj.id: ghost}
    battlefield = ("", "battlefield")
    trial.zones = {**state.zones, battlefield: [*state.zones.get(battlefield, ()), obj.id]}
    return compute_all(trial, ("battlefield",))[obj.id]


_state_fields = operator.attrgetter(*State.__dataclass_fields__)


def player_matches(who: str, player: str | None, you: str | None) -> bool:
    """``you`` / ``opponent`` / ``any``, seen from ``you``."""
    if who == "you":
        return player == you
    if who == "opponent":
        return player is not None and player != you
    return True


# --- the words -----------------------------------------------------------------------------------

def _exile_applies(game: Game, c: Candidate, ev: Moving) -> bool:
    """614.1a: "if a card (or token) would be put into [an opponent's] graveyard [from
    anywhere] / would die, exile it instead"."""
    if ev.to != "graveyard":
        return False
    obj = game.obj(ev.object)
    view = compute(game.state, ev.object)
    if c.get("dies") and not (ev.from_zone == "battlefield" and view.is_("creature")):
        return False  # 700.4: dies means put into a graveyard from the battlefield
    if not _matches(game, c, view):
        return False
    return player_matches(str(c.get("owner", "any")), obj.owner, c.controller)


def _exile_instead(game: Game, c: Candidate, ev: Moving) -> Moving:
    game.log("replaced_exile", "614.1a", "614.6", source=c.name, obj=game.name_of(ev.object),
             id=ev.object)
    return remade(ev, to="exile")


def _enters_tapped_applies(game: Game, c: Candidate, ev: Entering) -> bool:
    if ev.tapped:
        return False
    if c.get("filter") is None:
        return c.source == ev.object  # "this permanent enters tapped" (614.1c)
    return _matches(game, c, entering_view(game, ev))  # "[objects] enter tapped" (614.1d)


def _enters_tapped(game: Game, c: Candidate, ev: Entering) -> Entering:
    note = ("enters_tapped", c.name, c.source != ev.object)
    return remade(ev, tapped=True, notes=ev.notes + (note,))


def _enters_with_counters(game: Game, c: Candidate, ev: Entering) -> Entering:
    spec = c.spec
    n = ev.x if spec.get("amount") == "X" else int(spec.get("amount", 0))
    counter = str(spec["counter"])
    ev = ev.with_counters(counter, n)
    return remade(ev, notes=ev.notes + (("enters_with_counters", counter, n),))


def _enters_with_copy_counters(game: Game, c: Candidate, ev: Entering) -> Entering:
    counter, n = str(c.get("counter")), int(c.get("amount", 0))
    ev = ev.with_counters(counter, n)
    return remade(ev, notes=ev.notes + (("copy_counters", counter, n),))


def _enters_with_loyalty(game: Game, c: Candidate, ev: Entering) -> Entering:
    n = int(c.get("amount", 0))
    ev = ev.with_counters("loyalty", n)
    return remade(ev, notes=ev.notes + (("enters_with_loyalty", n),))


def _copy_applies(game: Game, c: Candidate, ev: Entering) -> bool:
    return ev.copy is None and c.source == ev.object


def _enter_as_copy(game: Game, c: Candidate, ev: Entering) -> Entering:
    """614.12a / 707.5: "you may have this enter as a copy of ..." is chosen before it enters,
    among permanents already on the battlefield (not those entering at the same time)."""
    spec = c.spec
    flt = c.get("choose") or EMPTY
    at = Perspective(ev.controller, ev.object, game.state.turn)
    views = compute_all(game.state, ("battlefield",))
    options = []
    for pid in game.state.zone(None, "battlefield"):
        if pid in ev.together or pid not in views or not accepts(flt, views[pid], at):
            continue
        name = game.name_of(pid)
        options.append(Option(pid, pid, f"{name.en} ({pid})", f"{name.fr} ({pid})"))
    if spec.get("optional", True):
        options.append(Option("none", None, "don't copy", "ne rien copier"))
    name = game.name_of(ev.object)
    answer = game.ask(Question(
        "enter_as_copy", ev.controller, f"{name.en} enters as a copy of what?",
        f"{name.fr} arrive en tant que copie de quoi ?", options, rule="707.5",
        context={"object": ev.object}))
    if answer is None:
        return ev
    return remade(ev, copy=CopyChoice(game.obj(answer), c.get("except")))


def _counters_on(c: Candidate, counter: str) -> bool:
    wanted = c.get("counter")
    return wanted is None or str(wanted) == counter


def _counters_applies(game: Game, c: Candidate, ev: CountersPut | Entering) -> bool:
    """614.16, 122.6: counters put on a permanent, or given to it as it enters."""
    if isinstance(ev, Entering):
        if not any(n > 0 and _counters_on(c, k) for k, n in ev.counters):
            return False
        return _matches(game, c, entering_view(game, ev))
    obj = game.obj(ev.object)
    if obj.zone != "battlefield" or not _counters_on(c, ev.counter):
        return False
    return _matches(game, c, compute(game.state, ev.object))


def _more(c: Candidate, n: int) -> int:
    return n * int(c.get("times", 1)) + int(c.get("plus", 0))


def _modify_counters(game: Game, c: Candidate, ev: CountersPut | Entering
                     ) -> CountersPut | Entering:
    if isinstance(ev, CountersPut):
        n = _more(c, ev.amount)
        game.log("replaced_counters", "614.16", "614.6", source=c.name, n=n, was=ev.amount,
                 counter=ev.counter, obj=game.name_of(ev.object), id=ev.object)
        return remade(ev, amount=n)
    counts, notes = [], list(ev.notes)
    for kind, n in ev.counters:
        if n > 0 and _counters_on(c, kind):
            notes.append(("replaced_counters", c.name, kind, _more(c, n), n))
            n = _more(c, n)
        counts.append((kind, n))
    return remade(ev, counters=tuple(counts), notes=tuple(notes))


def _counters_class(c: Candidate) -> str | None:
    return None if c.get("plus") else "multiply"


def _tokens_applies(game: Game, c: Candidate, ev: TokensCreated) -> bool:
    return player_matches(str(c.get("who", "you")), ev.controller, c.controller)


def _multiply_tokens(game: Game, c: Candidate, ev: TokensCreated) -> TokensCreated:
    n = _more(c, ev.amount)
    game.log("replaced_tokens", "614.16", "614.6", source=c.name, n=n, was=ev.amount,
             obj=ev.chars.names)
    return remade(ev, amount=n)


def _life_applies(game: Game, c: Candidate, ev: LifeGain) -> bool:
    return player_matches(str(c.get("who", "you")), ev.player, c.controller)


def _multiply_life(game: Game, c: Candidate, ev: LifeGain) -> LifeGain:
    n = _more(c, ev.amount)
    game.log("replaced_life", "614.1a", "614.6", source=c.name, player=ev.player, n=n,
             was=ev.amount)
    return remade(ev, amount=n)


def _damage_applies(game: Game, c: Candidate, ev: DamageEvent) -> bool:
    return not c.get("combat") or ev.source.combat


def _multiply_damage(game: Game, c: Candidate, ev: DamageEvent) -> DamageEvent:
    n = _more(c, ev.amount)
    game.log("replaced_damage", "614.1a", "614.6", source=c.name, n=n, was=ev.amount,
             to=game.ref_name(ev.to))
    return remade(ev, amount=n)


def _prevention_applies(game: Game, c: Candidate, ev: DamageEvent) -> bool:
    """615.1: a shield watches damage (combat damage only, or to one player or object)."""
    shield = c.shield
    if shield is None or (c.get("combat") and not ev.source.combat):
        return False
    if shield.to is not None and (shield.to.kind, shield.to.id) != (ev.to.kind, ev.to.id):
        return False
    if shield.to is not None and shield.to.kind == "object" and \
            game.obj(ev.to.id).zcc != shield.to.zcc:
        return False  # 400.7: the shielded permanent left and came back: a new object
    if game.shield_shares and shield.id in game.shield_shares:  # a split chosen (615.7)
        return _share(game, shield.id, ev) > 0
    return shield.remaining is None or shield.remaining > 0


def _share(game: Game, shield_id: str, ev: DamageEvent) -> int:
    """615.7: how much of this source's damage the shield was chosen to prevent."""
    assert game.shield_shares is not None
    view = ev.source.view
    return game.shield_shares[shield_id].get(view.id, 0) if view is not None else 0


def _prevent(game: Game, c: Candidate, ev: DamageEvent) -> DamageEvent | None:
    """615.6, 615.7: the damage prevented is never dealt; a shield of N is reduced by what it
    prevents and is gone at 0."""
    shield = c.shield
    assert shield is not None
    prevented = ev.amount if shield.remaining is None else min(ev.amount, shield.remaining)
    if game.shield_shares and shield.id in game.shield_shares:  # the split chosen (615.7)
        prevented = min(prevented, _share(game, shield.id, ev))
    shields = game.state.shields
    current = next((s for s in shields if s.id == shield.id), None)
    if current is not None and shield.remaining is not None:
        left = current.remaining - prevented if current.remaining is not None else None
        index = shields.index(current)
        if left:
            shields[index] = remade(current, remaining=left)
        else:
            del shields[index]
    game.log("prevented", "615.1a", "615.6", source=c.name, n=prevented,
             to=game.ref_name(ev.to), by=ev.source.named)
    left_amount = ev.amount - prevented
    return remade(ev, amount=left_amount) if left_amount > 0 else None


def _instead_applies(game: Game, c: Candidate, ev: Any) -> bool:
    """614.15: the self-replacement applies if its condition holds as the event would happen."""
    assert c.instead is not None
    return condition_true(game, c.instead.item, c.instead.condition)


def _instead(game: Game, c: Candidate, ev: Any) -> Any:
    """614.15, 616.1a: the event has the self-replacement's amount instead."""
    assert c.instead is not None
    n = amount(game, c.instead.item, c.instead.amount)
    key, params = _instead_phrase(game, ev)
    params.update(n=n, was=ev.amount)
    game.log("self_replaced", "614.15", "616.1a", source=c.name,
             change=Name(render(key, params, "en"), render(key, params, "fr")))
    return remade(ev, amount=n)


def _instead_phrase(game: Game, ev: Any) -> tuple[str, dict[str, Any]]:
    """What a self-replacement changes, as "N ... instead of M" (messages ev_instead_*)."""
    if isinstance(ev, DamageEvent):
        return "ev_instead_damage", {"to": game.ref_name(ev.to)}
    if isinstance(ev, Drawing):
        return "ev_instead_draw", {"player": ev.player}
    if isinstance(ev, LifeGain):
        return "ev_instead_life", {"player": ev.player}
    if isinstance(ev, TokensCreated):
        return "ev_instead_tokens", {"obj": ev.chars.names}
    return "ev_instead_counters", {"counter": ev.counter, "obj": game.name_of(ev.object)}


def _protection_applies(game: Game, c: Candidate, ev: DamageEvent) -> bool:
    """702.16e: damage from a source with the quality (as the source is, or last existed),
    seen from the protected permanent's controller."""
    return c.get("protection").matches(ev.source.view, Perspective(c.controller or ""))


def _protect(game: Game, c: Candidate, ev: DamageEvent) -> DamageEvent | None:
    """702.16e, 615.6: all of the damage is prevented: it is never dealt."""
    game.log("protection_prevents", "702.16e", "615.6", obj=c.name, id=c.source,
             ability=in_a_sentence(c.text), n=ev.amount,
             by=ev.source.named)
    return None


def _draw_applies(game: Game, c: Candidate, ev: Drawing) -> bool:
    """614.11: "if [a player] would draw a card [except the first one they draw in each of
    their draw steps]": one draw at a time (121.2), not the instruction as a whole."""
    if ev.instruction or not player_matches(str(c.get("who", "you")), ev.player, c.controller):
        return False
    state = game.state
    first = state.step == "draw" and ev.player == state.active and state.drawn_in_step == 0
    return not (c.get("except_first_in_draw_step") and first)


def _replace_draw(game: Game, c: Candidate, ev: Drawing) -> None:
    """614.11, 614.6: the player skips that draw (it never happens) and the effects happen
    instead, all of them before the next draw of a sequence (614.11a, 121.6b). "You" is the
    effect's controller, "that player" the one who would have drawn. The draws they make are
    new draws, which the other effects may replace (616.2), not this one (614.5)."""
    game.log("replaced_draw", "614.11", "614.6", source=c.name, id=c.source, player=ev.player)
    source = game.state.objects.get(c.source)
    item = StackItem(f"{c.source}.instead", "replacement", c.controller or ev.player, c.source,
                     source.zcc if source is not None else 0, c.name.en, c.name.fr,
                     remembers=TriggerMemory(event_player=ev.player))
    for effect, params in c.get("effects", ()):
        run_effect(game, item, effect, thaw(params) if params else {})
    return None


_EFFECT_EVENTS.update({"damage": DamageEvent, "gain_life": LifeGain, "draw": Drawing,
                       "create_token": TokensCreated, "add_counters": CountersPut})

register({
    "instead": Word((DamageEvent, LifeGain, Drawing, TokensCreated, CountersPut),
                    _instead_applies, _instead, rank=SELF_REPLACEMENT),
    "protection": Word(DamageEvent, _protection_applies, _protect, commutes="protection",
                       prevents_all=True),
    "exile_instead_of_graveyard": Word(Moving, _exile_applies, _exile_instead,
                                      commutes="exile"),
    "enters_tapped": Word(Entering, _enters_tapped_applies, _enters_tapped, commutes="add"),
    "enters_with_counters": Word(Entering, lambda g, c, ev: c.source == ev.object,
                                 _enters_with_counters, commutes="add"),
    "enters_with_loyalty": Word(Entering, lambda g, c, ev: c.source == ev.object,
                                _enters_with_loyalty, commutes="add"),
    "enters_with_copy_counters": Word(Entering, lambda g, c, ev: c.source == ev.object,
                                      _enters_with_copy_counters, commutes="add"),
    "enter_as_copy": Word(Entering, _copy_applies, _enter_as_copy, rank=COPY),
    "modify_counters": Word((CountersPut, Entering), _counters_applies, _modify_counters,
                            commutes=_counters_class),
    "multiply_tokens": Word(TokensCreated, _tokens_applies, _multiply_tokens,
                            commutes="multiply"),
    "multiply_life_gain": Word(LifeGain, _life_applies, _multiply_life, commutes="multiply"),
    "replace_draw": Word(Drawing, _draw_applies, _replace_draw, follows_instructions=True),
    "multiply_damage": Word(DamageEvent, _damage_applies, _multiply_damage,
                            commutes="multiply"),
    "prevent_damage": Word(DamageEvent, _prevention_applies, _prevent),
})
