"""English and French text: the log's messages, plurals, French articles and typography.

The small API the rest of the kit uses:

- :func:`render` (``key``, ``params``, ``lang``): a log message with its parameters filled in;
- :func:`plural` (``lang``, ``n``, ``key``): a counted phrase from :data:`PHRASES` with the right
  plural form (CLDR rules through Babel; never "(s)");
- :func:`word` (``key``, ``lang``): a single word of :data:`WORDS`;
- :func:`typeset` (``text``, ``lang``): French spacing (U+202F before « : ; ! ? », inside « »);
- :class:`Plural`: a template with plural forms, usable in any catalog of messages;
- :class:`Name`: a name in both languages; in French its article and agreement come from
  mtgrules/text/noms_fr.csv (see :mod:`mtgrules.text.grammar` for ``{card:le}``, ``{to:à}``,
  ``{obj:meurt|meurent}``).

>>> plural("fr", 1, "life"), plural("fr", 3, "life"), plural("en", 1, "card")
('1 point de vie', '3 points de vie', '1 card')
>>> render("gains_life", {"player": "alice", "n": 2}, "fr")
'Alice gagne 2 points de vie.'
>>> render("damage", {"source": Name("Lightning Bolt", "Foudre"), "id": "bolt", "n": 3,
...                   "to": [Name("Grizzly Bears", "Grizzlis")]}, "fr")
'La Foudre (bolt) inflige 3 blessures aux Grizzlis.'
"""

from __future__ import annotations

from collections import namedtuple

from .grammar import FrList, FrText, Grammar, grammar_of
from .messages import MESSAGES, PHRASES, WORDS
from .plural import Plural, plural_category
from .typography import NNBSP, typeset

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

LANGS = ("en", "fr")
#: Parameters that hold a player's id: shown with a capital (alice → Alice).
PLAYER_PARAMS = frozenset({"player", "controller", "owner", "winner", "loser"})


class Name(namedtuple("Name", ["en", "fr", "player"], defaults=[False])):
    """A name in both languages, e.g. a card's. (collections' namedtuple: see filters.Word.)"""

    __slots__ = ()
    en: str
    fr: str
    player: bool  # a player's id: shown with a capital (alice → Alice); False by default

    def __str__(self) -> str:
        return self.en

    def in_(self, lang: str) -> str:
        """The name in ``lang`` as a sentence shows it (a player's id with its capital)."""
        text = self.fr if lang == "fr" else self.en
        return player_name(text) if self.player else text


def _check(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' (use 'en' or 'fr')")


def player_name(player_id: str) -> str:
    """How a player's id reads in a sentence: 'alice' → 'Alice'."""
    return player_id[:1].upper() + player_id[1:]


def french_name(text: str) -> FrText:
    """A French name with its grammar (a trailing ' (id)' doesn't change it), ready for an
    f-string: ``f"{fr:Le} {fr:est|est|sont|sont} un terrain"``.

    >>> fr = french_name("Grizzlis (bears)")
    >>> f"{fr:Le} {fr:n'est|ne sont} pas un terrain"
    'Les Grizzlis (bears) ne sont pas un terrain'
    """
    return FrText(text, grammar_of(_without_id(text)))


# (The two below work on the text's last characters without a regular expression: compiling
# theirs cost 2 M instructions of every start, and matching scanned the whole text.)
def _without_id(text: str) -> str:
    """The name without its trailing ' (id)': a space, parentheses, no parenthesis inside."""
    start = text.rfind("(")
    if text.endswith(")") and start > 0 and text[start - 1] == " " \
            and ")" not in text[start + 1:-1]:
        return text[:start - 1]
    return text


def _one_period(text: str) -> str:
    """A sentence ending on a quotation that ends with its own period takes no second one:
    'has "… sacrifice it."' (not '… it.".'), « a « … sacrifiez-la. » » (not « … ». »): a
    period after a closing quotation mark, itself after . ! or ? and at most one space."""
    end = len(text) - 1 if text.endswith("\n") else len(text)  # (a last line's end, as $)
    if end >= 3 and text[end - 1] == "." and text[end - 2] in "\u201d\u00bb\"" and (
            text[end - 3] in ".!?" or (end >= 4 and text[end - 3].isspace()
                                       and text[end - 4] in ".!?")):
        return text[:end - 1] + text[end:]
    return text


_french = french_name


def _localise(value: Any, lang: str, player: bool = False) -> Any:
    if isinstance(value, MessageName):
        value = value.name
    if isinstance(value, Name):
        if value.player:
            return _localise(value.en, lang, True)
        return _french(value.fr) if lang == "fr" else value.en
    if isinstance(value, (list, tuple)):
        items = [_localise(v, lang, player) for v in value]
        if lang == "fr":
            return FrList([v if isinstance(v, FrText) else FrText(str(v)) for v in items],
                          word("none", lang))
        return ", ".join(str(v) for v in items) or word("none", lang)
    if isinstance(value, bool):
        return word("yes" if value else "no", lang)
    if isinstance(value, str):
        value = player_name(value) if player else value
        return _french(value) if lang == "fr" else value
    return value


def _without_player_ids(template: str, params: dict[str, Any]) -> str:
    """``template`` without the " ({id})" that follows a player's name (``obj`` and ``id``,
    ``to`` and ``to_id``...): a player's name already says who; nor the one of an ``id`` that
    is None: no object is named (damage dealt by no source, "an effect deals 3 damage")."""
    if params.get("id", "") is None:
        template = template.replace(" ({id})", "")
    for key, value in params.items():
        if isinstance(value, Name) and value.player:
            for id_key in ("id", f"{key}_id"):
                if params.get(id_key) == value.en:
                    template = template.replace(f" ({{{id_key}}})", "")
    return template


def _template(entry: str | Plural, lang: str, params: dict[str, Any]) -> str:
    if isinstance(entry, Plural):
        return entry.select(lang, params[entry.count])
    return entry


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The message ``key`` in ``lang`` ('en' or 'fr') with ``params`` filled in. A player is
    named, never followed by their id: "attached to Bob", not "Bob (bob)".

    >>> render("attached", {"obj": Name("Curse of Ash", "Malédiction de cendre"), "id": "curse",
    ...                     "to": Name("bob", "bob", player=True), "to_id": "bob"}, "en")
    'Curse of Ash (curse) becomes attached to Bob.'
    """
    _check(lang)
    entry = MESSAGES[key][lang == "fr"]
    values = {k: _localise(v, lang, k in PLAYER_PARAMS) for k, v in params.items()}
    text = _without_player_ids(_template(entry, lang, params), params).format(**values)
    if not key.startswith("ev_"):  # a sentence starts with a capital; an event is part of one
        text = text[:1].upper() + text[1:]
    return typeset(_one_period(text), lang)


class MessageName:
    """A :class:`Name` told by a message (``key`` and ``params``, as :func:`render` takes them),
    written out in English and French only when first read: a triggered ability remembers the
    text of its event ("Grizzly Bears died") for its questions, the log and the views, and a
    check plays thousands of events whose text nobody reads (writing both out as each
    happened was a hundredth of a check). It reads, compares, hashes, pickles and is saved
    as the Name it stands for (which it equals); like a log entry, it is written out with
    the French grammar known when it is read."""

    __slots__ = ("key", "params", "_name")
    player = False  # (never a player's id)

    def __init__(self, key: str, params: dict[str, Any]) -> None:
        self.key, self.params = key, params
        self._name: Name | None = None

    @property
    def name(self) -> Name:
        """The Name it stands for, written out the first time it is asked for."""
        if self._name is None:
            self._name = Name(render(self.key, self.params, "en"),
                              render(self.key, self.params, "fr"))
        return self._name

    @property
    def en(self) -> str:
        return self.name.en

    @property
    def fr(self) -> str:
        return self.name.fr

    def in_(self, lang: str) -> str:
        return self.name.in_(lang)

    def __str__(self) -> str:
        return self.name.en

    def __repr__(self) -> str:
        return repr(self.name)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MessageName):
            other = other.name
        return self.name == other if isinstance(other, Name) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self) -> tuple[Any, ...]:
        return Name, tuple(self.name)


def plural(lang: str, n: float, key: str, **params: Any) -> str:
    """The counted phrase ``key`` of :data:`PHRASES` for ``n`` in ``lang``: ngettext's job.

    >>> plural("fr", 0, "card"), plural("en", 0, "card"), plural("fr", 2, "exiled_cards_go")
    ('0 carte', '0 cards', '2 cartes exilées vont')
    """
    _check(lang)
    return typeset(PHRASES[key][lang == "fr"].select(lang, n).format(n=n, **params), lang)


def word(key: str, lang: str = "en") -> str:
    """A single word of :data:`WORDS` in ``lang``."""
    return WORDS[key][lang == "fr"]


__all__ = ["LANGS", "MESSAGES", "NNBSP", "MessageName", "Name", "PHRASES", "Plural", "WORDS",
           "Grammar", "french_name", "grammar_of", "player_name", "plural", "plural_category",
           "render", "typeset", "word"]
