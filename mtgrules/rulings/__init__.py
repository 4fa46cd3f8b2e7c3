"""The official rulings of the kit's three seed cards, in English and French.

The data lives in ``rulings.yaml`` (package data): 39 Wizards of the Coast rulings for
Gogo, Master of Mimicry (14), The Masamune (9) and Sakashima's Protege (9 about its cascade,
7 about its copy ability), each with its date, source, the English text exactly as published,
our own French translation, the Comprehensive Rules (2025-11-14 edition) numbers it rests on,
and a few topic tags. The English text is the source of truth; the French is unofficial.

This module uses only the standard library and PyYAML, so ``import mtgrules`` stays light.
The pandas table lives in :mod:`mtgrules.rulings.table` and is imported only when asked for::

    >>> from mtgrules.rulings import ruling
    >>> ruling("masamune-02")
    <Ruling masamune-02 The Masamune>
    >>> ruling("gogo-12").date_fr
    '6 juin 2025'

The module itself is callable: ``mtgrules.rulings(card="Gogo")`` is a shortcut for
:func:`mtgrules.rulings.table.rulings` (it imports pandas at that moment, not before).
"""

from __future__ import annotations

import functools
import io
import re
import sys
import types
from pathlib import Path

from ..frozen import dataclass

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:  # imported where dates are made or read: a check reads none (issue 12)
    import datetime
    from typing import Any

__all__ = [
    "GlossaryTerm",
    "Mistake",
    "Ruling",
    "RulingsDataError",
    "TAGS",
    "TOPICS",
    "UnknownRulingError",
    "french_date",
    "is_rule_number",
    "load_card_names",
    "load_glossary",
    "load_rulings",
    "parse_french_date",
    "rule_matches",
    "ruling",
    "ruling_ids",
    "rulings_note",
]

#: The four groups the rulings come in, with the card each group is about.
TOPICS: dict[str, str] = {
    "gogo": "Gogo, Master of Mimicry",
    "masamune": "The Masamune",
    "cascade": "Sakashima's Protege",
    "protege": "Sakashima's Protege",
}

#: The topic tags a ruling may carry, with an English and a French label.
TAGS: dict[str, tuple[str, str]] = {
    "activated-abilities": ("activated abilities", "capacités activées"),
    "additional-triggers": ("triggering an additional time", "se déclencher une fois de plus"),
    "adventures": ("cards with an Adventure", "cartes avec une aventure"),
    "alternative-costs": ("alternative costs", "coûts alternatifs"),
    "cascade": ("cascade", "cascade"),
    "choices": ("choices and when they are made", "les choix et leur moment"),
    "copy": ("copies of abilities", "copies de capacités"),
    "copy-effects": ("permanents entering as a copy", "permanents qui arrivent en tant que copie"),
    "costs": ("costs", "coûts"),
    "counters": ("counters", "marqueurs"),
    "dies": ("dying", "mourir"),
    "division": ("divided damage and counters", "blessures et marqueurs répartis"),
    "double-faced": ("modal double-faced cards", "cartes modales à double face"),
    "emblems": ("emblems", "emblèmes"),
    "enters": ("entering the battlefield", "arriver sur le champ de bataille"),
    "exile": ("exile", "exil"),
    "keywords": ("keyword abilities", "capacités mot-clé"),
    "linked-abilities": ("linked abilities", "capacités liées"),
    "look-back": ("looking back in time", "regarder en arrière dans le temps"),
    "mana-value": ("mana value", "valeur de mana"),
    "modes": ("modes", "modes"),
    "planeswalkers": ("planeswalkers", "planeswalkers"),
    "source": ("source of an ability", "source d'une capacité"),
    "split-cards": ("split cards", "cartes scindées"),
    "stack": ("the stack", "la pile"),
    "targets": ("targets", "cibles"),
    "tokens": ("tokens", "jetons"),
    "triggered-abilities": ("triggered abilities", "capacités déclenchées"),
    "x": ("the value of X", "la valeur de X"),
}

_MONTHS_FR = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)

#: The letters of a subrule's number (603.2d).
_SUBRULE_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")

# Source columns that mean "we did not see this term in an official French text".
_UNVERIFIED_MARKERS = ("from memory, unverified", "not verified", "fan sources only")

_FIELDS = ("id", "card", "card_fr", "date", "source", "en", "fr", "rules", "tags", "topic")


class RulingsDataError(ValueError):
    """The packaged rulings data is malformed (a packaging bug, not a user error)."""


class UnknownRulingError(ValueError, KeyError):
    """No ruling has this id. A ValueError (the kit's one error family) that is also a KeyError,
    so ``except KeyError`` around a lookup keeps working."""

    def __str__(self) -> str:  # KeyError would wrap the message in quotes
        return str(self.args[0]) if self.args else ""


# JupyterLab right-aligns table cells: a ruling reads left to right, top first.
_CELL = 'style="vertical-align:top;text-align:left;width:50%"'


@dataclass(frozen=True)
class Mistake:
    """The usual wrong answer to a ruling's question, and why the rules say otherwise."""

    en: str
    fr: str
    why: str
    why_fr: str

    def text(self, lang: str = "en") -> str:
        """The wrong answer in ``lang``."""
        return self.fr if lang == "fr" else self.en

    def reason(self, lang: str = "en") -> str:
        """Why the rules say otherwise, in ``lang``."""
        return self.why_fr if lang == "fr" else self.why


@dataclass(frozen=True)
class Ruling:
    """One official ruling, with our French translation and the rules it rests on.

    ``en`` is the published text, character for character; ``fr`` is ours (unofficial).
    ``rules`` are Comprehensive Rules numbers (2025-11-14 edition) as strings, e.g. "707.10b".
    """

    id: str
    card: str
    card_fr: str
    topic: str
    date: datetime.date
    source: str
    en: str
    fr: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    mistake: Mistake | None = None  # the usual wrong answer (teaching data beside the ruling)

    def __repr__(self) -> str:
        return f"<Ruling {self.id} {self.card}>"

    @property
    def date_fr(self) -> str:
        """The date as French rulings print it, e.g. "6 juin 2025"."""
        return french_date(self.date)

    def text(self, lang: str = "en") -> str:
        """The ruling in ``lang`` ("en" or "fr")."""
        if lang not in ("en", "fr"):
            raise ValueError(f"lang must be 'en' or 'fr', not {lang!r}")
        return self.en if lang == "en" else self.fr

    def _repr_html_(self) -> str:
        """English beside French, with the rules: how a notebook shows a ruling."""
        from html import escape
        rules = ", ".join(self.rules)
        return (
            f'<div class="mtgrules-ruling"><b>{escape(self.id)}</b> — {escape(self.card)} '
            f"({self.date.isoformat()})<table><tr>"
            f"<td {_CELL}>{escape(self.en)}</td>"
            f"<td {_CELL}><i>{escape(self.fr)}</i></td></tr></table>"
            f"<small>CR {escape(rules)} · FR: traduction non officielle</small></div>")


@dataclass(frozen=True)
class GlossaryTerm:
    """An English Magic term and its official French form, with where the French was seen.

    ``verified`` is False when the source column admits the French was not seen in an official
    text (from memory, fan sources only, not verified): teach those with care.
    """

    en: str
    fr: str
    note: str
    source: str
    verified: bool


def french_date(value: str | datetime.date) -> str:
    """Format a date the French way: no leading zero, "1er" for the first of the month.

    >>> french_date("2025-06-06")
    '6 juin 2025'
    >>> french_date("2025-06-01")
    '1er juin 2025'
    """
    day = _as_date(value)
    number = "1er" if day.day == 1 else str(day.day)
    return f"{number} {_MONTHS_FR[day.month - 1]} {day.year}"


def parse_french_date(text: str) -> datetime.date:
    """Read a French date such as "06 juin 2025" or "1er juin 2025" (as the seed files print them).

    >>> parse_french_date("10 novembre 2020")
    datetime.date(2020, 11, 10)
    """
    import datetime

    match = re.fullmatch(r"\s*(\d{1,2})(?:er)?\s+(\w+)\s+(\d{4})\s*", text)
    if not match or match.group(2).lower() not in _MONTHS_FR:
        raise ValueError(f"not a French date: {text!r}")
    day, month, year = match.groups()
    return datetime.date(int(year), _MONTHS_FR.index(month.lower()) + 1, int(day))


def is_rule_number(text: str) -> bool:
    """True for a well-formed CR number: "603", "603.2" or "603.2d" (CR 100.1: rules are
    numbered by section, rule and lettered subrule). Read as the pattern
    ``^[1-9]\\d{2}(?:\\.\\d+[a-z]?)?$`` reads it, with string methods: compiling it cost
    0.7 M instructions of every check (tests/test_text_ends.py compares the two)."""
    if not isinstance(text, str):
        return False
    if text.endswith("\n"):  # as $ reads a last line
        text = text[:-1]
    section, dot, rule = text.partition(".")
    if not (len(section) == 3 and "1" <= section[0] <= "9" and section[1:].isdecimal()):
        return False
    if rule[-1:] in _SUBRULE_LETTERS:
        rule = rule[:-1]
    return not dot or rule.isdecimal()


def rule_matches(rule: str, query: str) -> bool:
    """Does the cited ``rule`` fall under ``query`` in the CR's numbering tree?

    A section matches its rules ("603" matches "603.2d"), a rule matches itself and its lettered
    subrules ("707.10" matches "707.10b"), a subrule matches only itself. Numbers are compared
    as a tree, not as text: "707.1" does not match "707.10". A malformed query raises ValueError.
    """
    query = query.strip().rstrip(".")
    if not is_rule_number(query):
        expected = "expected e.g. '603', '707.10', '707.10b'"
        raise ValueError(f"not a CR rule number: {query!r} ({expected})")
    if rule == query:
        return True
    if "." not in query:
        return rule.startswith(query + ".")
    if query[-1].isalpha():
        return False
    return rule.startswith(query) and rule[len(query):].isalpha()


@functools.cache
def load_rulings() -> tuple[Ruling, ...]:
    """All 39 rulings, in the order of the official seed files (cached in the process, and
    parsed once per version of the file in the cache of parsed files: ``mtgrules check``
    needs them and no YAML parser otherwise)."""
    from ..parsecache import cached

    return cached("rulings", _read("rulings.yaml"), _parse_rulings)


def _parse_rulings() -> tuple[Ruling, ...]:
    data = _load_yaml()
    rulings = tuple(_ruling_from(entry) for entry in data["rulings"])
    ids = [r.id for r in rulings]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise RulingsDataError(f"duplicate ruling ids in rulings.yaml: {duplicates}")
    return rulings


@functools.cache
def ruling_cards() -> tuple[tuple[str, str], ...]:
    """Each ruling's id and card, in order: what ``mtgrules check`` names. Kept in the cache
    of parsed files apart from the rulings, whose dates a check never reads: unpickling them
    imported :mod:`datetime` (5 M instructions, issue 12). The entry is found by the file's
    bytes: no need to decode it."""
    from ..parsecache import cached

    return cached("ruling-cards", (Path(__file__).parent / "rulings.yaml").read_bytes(),
                  lambda: tuple((r.id, r.card) for r in load_rulings()))


def ruling_ids() -> tuple[str, ...]:
    """The ids of all rulings, in order: gogo-01 … gogo-14, masamune-01 …, protege-07."""
    return tuple(r.id for r in load_rulings())


def ruling(ruling_id: str) -> Ruling:
    """The ruling with this id; :class:`UnknownRulingError` (a ValueError) names a wrong one."""
    for candidate in load_rulings():
        if candidate.id == ruling_id:
            return candidate
    import difflib

    close = difflib.get_close_matches(str(ruling_id), ruling_ids(), n=3)
    known = ", ".join(close or ruling_ids())
    hint = f"; did you mean {known}?" if close else f"; known ids: {known}"
    raise UnknownRulingError(f"unknown ruling id {ruling_id!r}{hint}")


def rulings_note() -> dict[str, str]:
    """The data file's note on the translation, in English ("en") and French ("fr")."""
    return dict(_load_yaml()["note"])


def load_glossary() -> list[GlossaryTerm]:
    """The English → French glossary of Magic terms (a fresh list each call)."""
    return list(_glossary())


@functools.cache
def load_card_names() -> dict[str, str]:
    """English card name → official French name, from ``card_names_fr.csv``."""
    return {row["en"]: row["fr"] for row in _read_csv("card_names_fr.csv")}


@functools.cache
def _glossary() -> tuple[GlossaryTerm, ...]:
    return tuple(_term_from(row) for row in _read_csv("glossary_en_fr.csv"))


def _term_from(row: dict[str, str]) -> GlossaryTerm:
    source = row["source"]
    verified = not any(marker in source.lower() for marker in _UNVERIFIED_MARKERS)
    return GlossaryTerm(row["en"], row["fr"], row["note"], source, verified)


def _read_csv(name: str) -> list[dict[str, str]]:
    import csv  # only the tables and the glossary read these: not a check

    return list(csv.DictReader(io.StringIO(_read(name))))


def _read(name: str) -> str:
    return (Path(__file__).parent / name).read_text(encoding="utf-8")


@functools.cache
def _load_yaml() -> dict[str, Any]:
    import yaml

    text = _read("rulings.yaml")
    # libyaml's parser when PyYAML has it: ten times faster, the same safe constructors
    data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506
    if not isinstance(data, dict) or "rulings" not in data or "note" not in data:
        raise RulingsDataError("rulings.yaml must be a mapping with 'note' and 'rulings'")
    return data


def _ruling_from(entry: dict[str, Any]) -> Ruling:
    missing = [f for f in _FIELDS if f not in entry]
    where = entry.get("id", "?")
    if missing:
        raise RulingsDataError(f"ruling {where}: missing fields {missing}")
    rules = tuple(entry["rules"])
    bad = [r for r in rules if not is_rule_number(r)]
    if bad:
        raise RulingsDataError(f"ruling {where}: malformed rule numbers {bad} (quote them)")
    if entry["topic"] not in TOPICS:
        raise RulingsDataError(f"ruling {where}: unknown topic {entry['topic']!r}")
    unknown_tags = [t for t in entry["tags"] if t not in TAGS]
    if unknown_tags:
        raise RulingsDataError(f"ruling {where}: unknown tags {unknown_tags}; add them to TAGS")
    return Ruling(
        id=entry["id"], card=entry["card"], card_fr=entry["card_fr"], topic=entry["topic"],
        date=_as_date(entry["date"]), source=entry["source"], en=entry["en"], fr=entry["fr"],
        rules=rules, tags=tuple(entry["tags"]), mistake=_mistake_from(where, entry),
    )


def _mistake_from(where: str, entry: dict[str, Any]) -> Mistake | None:
    m = entry.get("mistake")
    if m is None:
        return None
    missing = [f for f in ("en", "fr", "why", "why_fr") if not m.get(f)]
    if missing:
        raise RulingsDataError(f"ruling {where}: mistake lacks {missing}")
    return Mistake(m["en"], m["fr"], m["why"], m["why_fr"])


def _as_date(value: str | datetime.date) -> datetime.date:
    import datetime

    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    return datetime.date.fromisoformat(str(value))


class _CallableModule(types.ModuleType):
    """Lets ``mtgrules.rulings(...)`` return the pandas table while ``mtgrules.rulings`` stays
    this package (Python data model, "Customizing module attribute access")."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # The table (rulings.table) sits above the scenario checker, which sits above this
        # package: it registers itself here when imported (mtgrules/__init__ imports it).
        if TABLE is None:
            raise RuntimeError("mtgrules.rulings.table is not loaded: import mtgrules first")
        return TABLE(*args, **kwargs)


#: The pandas table of the rulings, ``mtgrules.rulings.table.rulings`` (set by that module).
TABLE: Any = None


sys.modules[__name__].__class__ = _CallableModule
