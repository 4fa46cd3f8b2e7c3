"""Plural forms from the CLDR plural rules (Babel): French says « 0 point de vie », « 1 point de
vie », « 2 points de vie »; English says "0 cards", "1 card", "2 cards".

A message with plural forms is a :class:`Plural`: its forms are keyed by CLDR category ("one",
"other", and "many" where a language has it; a missing category falls back to "other"), and
its ``count`` names the parameter that chooses the form, as gettext's ``ngettext`` does.

>>> plural_category("fr", 0), plural_category("en", 0), plural_category("fr", 2)
('one', 'other', 'other')
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable
from dataclasses import field
from functools import cache

from ..frozen import dataclass
from ..parsecache import cached


@cache
def _rule(lang: str) -> Callable[[float], str]:
    """Babel's plural rule for ``lang``. Reading a locale's CLDR data costs Babel 25 ms or
    more per process, and the kit needs only its few plural rules (their text): those are kept
    in the cache of parsed files, by Babel's version (issue 12: ``mtgrules check``'s start)."""
    from babel.plural import PluralRule

    rules = cached("cldr-plural", f"{lang}\n{_babel_version()}", lambda: _cldr_rules(lang))
    return PluralRule(rules)


@cache
def _babel_version() -> str:
    spec = importlib.util.find_spec("babel")
    origin = spec.origin if spec is not None and spec.origin else ""
    return f"{origin}|{os.stat(origin).st_mtime_ns}" if origin else ""


#: Whole numbers below this have their category looked up in a table Babel's rule made.
TABLED = 1000


@cache
def _table(lang: str) -> tuple[str, ...]:
    """The category of 0, 1, 2 ... ``TABLED - 1`` in ``lang``, as Babel's rule says, kept in
    the cache of parsed files by Babel's version: a process that counts only whole numbers
    below it (every game a scenario plays) never imports Babel, nor compiles its rule (8 ms
    of ``mtgrules check``)."""
    return cached("cldr-plural-table", f"{lang}\n{TABLED}\n{_babel_version()}",
                  lambda: tuple(_rule(lang)(n) for n in range(TABLED)))


def _cldr_rules(lang: str) -> dict[str, str]:
    from babel import Locale

    return dict(Locale.parse(lang).plural_form.rules)


def plural_category(lang: str, n: float) -> str:
    """The CLDR plural category of ``n`` in ``lang`` ('one', 'other', 'many' ...)."""
    n = abs(n)
    if type(n) is int and n < TABLED:  # a float (1.5) or another kind of number: Babel
        return _table(lang)[n]
    return _rule(lang)(n)


@dataclass(frozen=True)
class Plural:
    """A text with one form per plural category, chosen by the parameter named ``count``.

    >>> p = Plural(one="{n} carte exilée va", other="{n} cartes exilées vont")
    >>> p.select("fr", 1).format(n=1), p.select("fr", 3).format(n=3)
    ('1 carte exilée va', '3 cartes exilées vont')
    """

    one: str
    other: str
    many: str | None = None
    count: str = "n"
    extra: dict[str, str] = field(default_factory=dict)  # other CLDR categories ("two", "few")

    def select(self, lang: str, n: float) -> str:
        category = plural_category(lang, n)
        forms = {"one": self.one, "other": self.other, "many": self.many, **self.extra}
        return forms.get(category) or self.other
