"""Kinds of counters (122): those the Comprehensive Rules name, and telling a typo from a new kind.

The rules keep no closed list of counter kinds: new cards bring new ones, and "counters with
the same name or description are interchangeable" (122.1). So the kit's list is open, the way a
judge reads a card: a kind is known when

- the rules name it (:data:`RULES_KINDS`: loyalty, poison, shield, stun, lore, time ...,
  the keyword counters of 122.1b), or it is a +X/+Y or -X/-Y counter (122.1a); or
- a card of the game declares it: a card whose abilities put, remove or count a kind of
  counter (``counter: glimmer`` in a made-up card's effect) makes that kind known.

A card file may declare any new kind, except one that reads as a typo of a kind the rules
name ("loyality", a signed kind that isn't +X/+Y such as "+1/+l"): that is refused with "did you
mean". A scenario's set-up and checks, and ``Game.add(counters=...)``, take only known kinds:
"+1/+l" on Grizzly Bears is refused, not taken as a new kind of counter no card cares about.

>>> print(problem("+1/+l", declared_kinds(()))[0])  # doctest: +ELLIPSIS
unknown kind of counter '+1/+l' (did you mean: +1/+1?): the kinds are those the rules ...
>>> problem("+2/+0", ()), problem("loyalty", ()), problem("glimmer", {"glimmer"})
(None, None, None)
>>> typo("loyality")[0], typo("glimmer")
("'loyality' reads as a typo of a kind of counter the rules name (did you mean: loyalty?)", None)
"""

from __future__ import annotations

from collections.abc import Iterable

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["KEYWORD_KINDS", "RULES_KINDS", "declared_kinds", "problem", "typo"]


#: Keyword counters (122.1b).
KEYWORD_KINDS = ("flying", "first strike", "double strike", "deathtouch", "decayed", "exalted",
                 "haste", "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow",
                 "trample", "vigilance")

#: Kinds of counters the rules name, each with a rule that names it.
RULES_KINDS: dict[str, str] = {
    "shield": "122.1c", "stun": "122.1d", "loyalty": "122.1e", "poison": "122.1f",
    "defense": "122.1g", "finality": "122.1h", "rad": "122.1i", "energy": "107.14",
    "ticket": "107.17", "level": "107.8a", "lore": "107.15a", "age": "702.24a",
    "fade": "702.32a", "charge": "702.44a", "time": "702.62a",
    **{k: "122.1b" for k in KEYWORD_KINDS},
}

#: How close a card's new kind may be to a kind the rules name before it reads as a typo of it.
_TYPO = 0.8
_WHAT_IS_KNOWN = ("the kinds are those the rules name (122.1: loyalty, poison, shield, ...), "
                  "+X/+Y and -X/-Y, and those a card of the game puts, removes or counts",
                  "les types sont ceux que nomment les règles (122.1 : loyauté, poison, "
                  "bouclier…), +X/+Y et -X/-Y, et ceux qu'une carte de la partie pose, retire ou "
                  "compte")

#: A message in English and French.
Said = tuple[str, str]


def _rules_kind(kind: str) -> bool:
    return kind in RULES_KINDS or _pt_kind(kind)


def _pt_kind(kind: str) -> bool:
    """A +X/+Y or -X/-Y counter (122.1a): a sign and digits, a slash, a sign and digits (read
    with string methods: compiling a regular expression cost every check that imports this)."""
    power, slash, toughness = kind.partition("/")
    return bool(slash) and all(len(n) > 1 and n[0] in "+-" and n[1:].isdecimal()
                               for n in (power, toughness))


def _close(kind: str, known: Iterable[str], cutoff: float = 0.6) -> list[str]:
    import difflib

    return difflib.get_close_matches(kind, sorted(known), n=3, cutoff=cutoff)


def _mean(close: list[str]) -> Said:
    if not close:
        return "", ""
    return f" (did you mean: {', '.join(close)}?)", f" (vouliez-vous dire : {', '.join(close)} ?)"


def typo(kind: str) -> Said | None:
    """Why a kind a card declares reads as a typo (None: a kind of its own, or known)."""
    if _rules_kind(kind):
        return None
    if kind[:1] in "+-":
        en, fr = _mean(_close(kind, ("+1/+1", "-1/-1")))
        return (f"'{kind}' is not a +X/+Y or -X/-Y counter (122.1a){en}",
                f"« {kind} » n'est pas un marqueur +X/+Y ou -X/-Y (122.1a){fr}")
    close = _close(kind, RULES_KINDS, _TYPO)[:1]
    if close:
        en, fr = _mean(close)
        return (f"'{kind}' reads as a typo of a kind of counter the rules name{en}",
                f"« {kind} » semble une faute de frappe pour un type de marqueur que nomment les "
                f"règles{fr}")
    return None


def problem(kind: str, declared: Iterable[str]) -> Said | None:
    """Why ``kind`` is not a known kind of counter, given the kinds the game's cards declare
    (None: it is known)."""
    declared = set(declared)
    if _rules_kind(kind) or kind in declared:
        return None
    en, fr = _mean(_close(kind, {"+1/+1", "-1/-1", *RULES_KINDS, *declared}))
    return (f"unknown kind of counter '{kind}'{en}: {_WHAT_IS_KNOWN[0]}",
            f"type de marqueur inconnu « {kind} »{fr} : {_WHAT_IS_KNOWN[1]}")


def declared_kinds(cards: Iterable[Any]) -> set[str]:
    """The kinds of counters ``cards`` (card definitions) put, remove or count in their
    abilities: every ``counter`` value of their effects, at any depth."""
    found: set[str] = set()
    seen: set[int] = set()

    def walk(value: Any) -> None:
        if id(value) in seen or isinstance(value, (str, int, float, bool)) or value is None:
            return
        seen.add(id(value))
        if isinstance(value, tuple) and len(value) == 2 and value[0] == "counter" \
                and isinstance(value[1], str):
            found.add(value[1])
            return
        if isinstance(value, dict):
            value = tuple(value.items())
        elif hasattr(value, "__dataclass_fields__"):
            value = tuple(getattr(value, f) for f in value.__dataclass_fields__)
        if isinstance(value, (tuple, list, frozenset, set)):
            for v in value:
                walk(v)

    for card in cards:
        walk(card)
    found.discard("any")  # remove_counters' "every kind" (counter: any, all: true)
    return found

