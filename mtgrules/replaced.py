"""What each replacement or prevention effect changed, kept with the step for the views.

:func:`replacement.replace` applies effects one after another (616.1); after each one the game
notes a :class:`Replaced`: the event as it would have happened, what happened instead (614.6)
or that nothing did (615.6, all of it prevented), and which effect did it. The records of one
step are :attr:`Step.replaced <mtgrules.timeline.Step>`; the diagrams draw them (a replaced
event is never drawn where nothing was replaced: the record exists only when an effect
applied). The events are told as lazily written phrases, so a step nobody looks at costs no
text.

>>> from mtgrules.scenarios import scenario_by_id
>>> game = scenario_by_id("replace-05a-hardened-scales-and-doubling-season-scales-first").run().game
>>> own, scales, season = game.timeline.steps[2].replaced
>>> own.name.en, own.rule, own.before.in_("en")
('Endless One', '614.1c', 'Endless One (endless) enters the battlefield')
>>> scales.name.en, scales.chained, scales.after.in_("en")
('Hardened Scales', True, 'Endless One (endless) enters the battlefield with 4 +1/+1 counters')
>>> season.name.fr, season.after.in_("fr").endswith("avec 8 marqueurs +1/+1")
('Saison de la multiplication', True)
"""

from __future__ import annotations

from .abilities import EFFECT_VOCABULARY, REPLACEMENT_VOCABULARY, SELF_REPLACEMENTS
from .frozen import frozen
from .objects import Ref
from .replacement import (
    Candidate,
    CountersPut,
    DamageEvent,
    Drawing,
    Entering,
    LifeGain,
    Moving,
    TokensCreated,
)
from .text import Name, render
from .text.messages import ZONE_NAMES
from .text.typeline import counter_name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game

#: Rules of the replacement effects the rules give without a word on a card.
_INTRINSIC_RULES = {"enters_with_loyalty": "306.5b", "enters_with_copy_counters": "707.9e",
                    "protection": "702.16e"}


@frozen
class Phrase:
    """A message (key and parameters) written out in a language only when read."""

    parts: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]

    def in_(self, lang: str) -> str:
        return " ".join(render(key, dict(params), lang) for key, params in self.parts)

    @property
    def en(self) -> str:
        return self.in_("en")

    @property
    def fr(self) -> str:
        return self.in_("fr")


@frozen
class Replaced:
    """One replacement or prevention effect applied to an event (614.6, 615.6, 616.1).

    ``effect`` is the effect's key as the 616.1 question names it; ``source`` its source's id
    (a permanent, or a shield of a resolved spell); ``before`` the event as it would have
    happened, ``after`` what happens instead (None: nothing, all of it prevented; for an
    effect whose own instructions happen instead, 614.11, what they did, as sentences);
    ``affected`` the player or object the event was about. The effects applied one after
    another to one event (616.1) share their ``chain``, each with its ``order`` in it (1 for
    the first)."""

    effect: str
    source: str
    name: Name
    text: Name
    prevention: bool
    rule: str
    before: Phrase
    after: Phrase | None
    affected: Ref | None
    chain: int = 0
    order: int = 1

    @property
    def chained(self) -> bool:
        """Another effect applied to this event before this one (616.1)."""
        return self.order > 1

    @property
    def kind_rule(self) -> str:
        """615 for a prevention effect, 614 for a replacement effect."""
        return "615" if self.prevention else "614"


def record(game: Game, chosen: Candidate, before: Any, after: Any, chain: int,
           order: int) -> Replaced:
    """The record of ``chosen`` having turned ``before`` into ``after`` (None: nothing)."""
    spec = REPLACEMENT_VOCABULARY.get(chosen.word) or EFFECT_VOCABULARY.get(chosen.word) \
        or SELF_REPLACEMENTS.get(chosen.word)
    rule = _INTRINSIC_RULES.get(chosen.word) or (spec.rule if spec is not None else "614.1")
    if chosen.word == "enters_tapped" and chosen.get("filter") is not None:
        rule = "614.1d"  # "[objects] enter tapped", not "this permanent enters tapped" (614.1c)
    # 615.1: a prevention effect is one that prevents damage: less of it is dealt, or none
    prevention = isinstance(before, DamageEvent) and (
        after is None or getattr(after, "amount", before.amount) < before.amount)
    global _LAST
    last_game, last_event, last_phrase = _LAST
    # an effect applied after another to the same event (616.1) starts from what the other
    # made of it: that phrase, made a moment ago (nothing that names anything moved since)
    told = last_phrase if last_phrase is not None and before is last_event and \
        game is last_game else phrase(game, before)
    told_after = phrase(game, after) if after is not None else None
    _LAST = game, after, told_after  # (one tuple, replaced whole)
    return Replaced(chosen.key or chosen.source, chosen.source, chosen.name, chosen.text,
                    prevention, rule, told, told_after, _affected(game, before), chain, order)


#: The game, the event and the phrase of the last event recorded as an effect's result: the
#: next effect applied to that event (616.1) tells it the same way. (The event is kept here,
#: so it is that very object, not another made since in its place.)
_LAST: tuple[Any, Any, Phrase | None] = (None, None, None)


def _affected(game: Game, event: Any) -> Ref | None:
    if isinstance(event, DamageEvent):
        return event.to
    if isinstance(event, (LifeGain, Drawing)):
        return Ref("player", event.player)
    if isinstance(event, TokensCreated):
        return Ref("player", event.controller)
    obj = getattr(event, "object", None)
    if obj is None or obj not in game.state.objects:
        return None
    return Ref("object", obj, game.state.objects[obj].zcc)


def _zone(zone: str, to: int) -> Name:
    forms = ZONE_NAMES.get(zone, (zone,) * 4)
    return Name(forms[to], forms[2 + to])


def _counter(kind: str) -> Name:
    name = _COUNTER_NAMES.get(kind)
    if name is None:  # (made once per kind of counter: a name never changes)
        name = _COUNTER_NAMES[kind] = Name(counter_name(kind, "en"), counter_name(kind, "fr"))
    return name


_COUNTER_NAMES: dict[str, Name] = {}


def phrase(game: Game, event: Any) -> Phrase:
    """The event as it happens, in a few words (written out when read); or, for an effect
    whose own instructions happen instead (614.11), the log entries they made, as sentences."""
    if isinstance(event, tuple):  # of timeline.LogEntry
        return Phrase(tuple((entry.key, entry.params) for entry in event))
    if isinstance(event, Moving):
        return Phrase((("ev_rp_goes", (("obj", game.name_of(event.object)), ("id", event.object),
                                    ("from_zone", _zone(event.from_zone, 0)),
                                    ("to_zone", _zone(event.to, 1)))),))
    if isinstance(event, Entering):
        return _entering(game, event)
    if isinstance(event, DamageEvent):
        return Phrase((("ev_rp_deals", (("by", event.source.name), ("n", event.amount),
                                     ("to", game.ref_name(event.to)))),))
    if isinstance(event, LifeGain):
        return Phrase((("ev_rp_gains", (("player", event.player), ("n", event.amount))),))
    if isinstance(event, CountersPut):
        return Phrase((("ev_rp_counters_put", (("n", event.amount),
                                            ("counter", _counter(event.counter)),
                                            ("obj", game.name_of(event.object)),
                                            ("id", event.object))),))
    if isinstance(event, TokensCreated):
        return Phrase((("ev_rp_tokens_made", (("n", event.amount), ("obj", event.chars.names))),))
    if isinstance(event, Drawing):
        return Phrase((("ev_rp_draws", (("player", event.player), ("n", event.amount))),))
    raise TypeError(f"no phrase for a would-be event of type {type(event).__name__}")


def _entering(game: Game, event: Entering) -> Phrase:
    """614.1c, 614.12: a permanent entering, and how: as a copy, tapped, with counters."""
    name = game.name_of(event.object)
    key = "ev_rp_enters_tapped" if event.tapped else "ev_rp_enters"
    parts: list[tuple[str, tuple[tuple[str, Any], ...]]] = [
        (key, (("obj", name), ("id", event.object)))]
    if event.copy is not None:
        original = event.copy.original.id
        parts.append(("ev_rp_enters_as_copy", (("copied", game.name_of(original)),
                                               ("copied_id", original))))
    for kind, n in event.counters:  # (a loop: most enter with one kind or none)
        if n:
            parts.append(("ev_rp_enters_with", (("n", n), ("counter", _counter(kind)))))
    return Phrase(tuple(parts))
