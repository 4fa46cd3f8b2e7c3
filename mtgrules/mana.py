"""Mana costs and mana values (CR 107.4, 202)."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

from .errors import RulesError
from .frozen import frozen

COLORS = ("W", "U", "B", "R", "G")
_SYMBOL = re.compile(r"\{([^}]+)\}")


@frozen
class ManaCost:
    """A mana cost as its symbols, e.g. ``ManaCost.parse("{X}{X}")``.

    >>> ManaCost.parse("{2}{U}{U}").mana_value()
    4
    >>> ManaCost.parse("{X}{R}").mana_value(x=3)
    4
    """

    symbols: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str | None) -> ManaCost | None:
        if text is None:
            return None
        text = str(text).strip()
        if text == "":
            return cls(())
        symbols = tuple(map(str.upper, _SYMBOL.findall(text)))
        if ("{" + "}{".join(symbols) + "}" if symbols else "") != text.upper().replace(" ", ""):
            raise ValueError(f"not a mana cost: {text!r} (write it like {{2}}{{U}})")
        for s in symbols:
            if not (s.isdigit() or s in COLORS or s in ("X", "C")):
                raise ValueError(f"unknown mana symbol {{{s}}} in {text!r}")
        return cls(symbols)

    @property
    def x_count(self) -> int:
        return self.symbols.count("X")

    def mana_value(self, x: int = 0) -> int:
        """Total mana in the cost; each {X} counts as ``x`` (0 off the stack; 202.3e)."""
        fixed, xs = _value_parts(self.symbols)
        return fixed + xs * x

    def colors(self) -> frozenset[str]:
        return frozenset(s for s in self.symbols if s in COLORS)

    def __add__(self, other: ManaCost | None) -> ManaCost:
        return ManaCost(self.symbols + (other.symbols if other else ()))

    def __str__(self) -> str:
        return "{" + "}{".join(self.symbols) + "}" if self.symbols else ""


@lru_cache(maxsize=256)
def _value_parts(symbols: tuple[str, ...]) -> tuple[int, int]:
    """The mana value of ``symbols`` with each {X} as 0, and how many {X} there are: worked out
    once per cost (a mana value is asked at every cast and by filters)."""
    fixed = sum(int(s) if s.isdigit() else 1 for s in symbols if s != "X")
    return fixed, symbols.count("X")


def pay_from_pool(pool: Counter, cost: ManaCost, x: int = 0) -> Counter:
    """Return the pool left after paying ``cost`` (107.4, 601.2h), or raise RulesError.

    Colored symbols take their color first; generic takes colorless, then any color.
    """
    left = dict(pool)  # a plain dict while paying (a Counter's methods are Python code)
    fixed, xs, colored = _payment_parts(cost.symbols)
    generic = fixed + xs * x
    for s in colored:
        if left.get(s, 0) <= 0:
            raise RulesError(f"not enough mana: {{{s}}} is missing", rule="601.2h",
                             message_fr=f"pas assez de mana : il manque {{{s}}}")
        left[s] -= 1
    for color in _GENERIC_ORDER if generic else ():
        have = left.get(color, 0)
        if have:
            take = min(generic, have)
            left[color] = have - take
            generic -= take
            if not generic:
                break
    if generic > 0:
        raise RulesError(f"not enough mana: {generic} generic mana is missing", rule="601.2h",
                         message_fr=f"pas assez de mana : il manque {generic} mana générique")
    for n in left.values():
        if n <= 0:  # (a color spent: the pool keeps only what is left)
            return _counter({c: n for c, n in left.items() if n > 0})
    return _counter(left)


@lru_cache(maxsize=256)
def _payment_parts(symbols: tuple[str, ...]) -> tuple[int, int, tuple[str, ...]]:
    """What paying ``symbols`` takes: the generic mana without {X}, how many {X}, and the
    other symbols in order, each paid by one mana of its own (read once per cost)."""
    fixed = sum(int(s) for s in symbols if s.isdigit())
    return fixed, symbols.count("X"), tuple(s for s in symbols if not s.isdigit() and s != "X")


def _counter(amounts: dict[str, int]) -> Counter:
    """A Counter of these amounts, filled by ``dict.update`` (in C): ``Counter(amounts)``
    goes through ``Counter.update``, Python code, at every payment."""
    pool: Counter = Counter.__new__(Counter)  # empty: Counter.__init__ only fills it
    dict.update(pool, amounts)
    return pool


#: What pays generic mana first: colorless, then the colors in WUBRG order (107.4b).
_GENERIC_ORDER = ("C", *COLORS)


def parse_pool(text: str | None) -> Counter:
    """Mana in a pool written as symbols, e.g. ``"{U}{U}{2}"``: numbers are colorless mana."""
    return _counter(dict(_pool(text or "")))


@lru_cache(maxsize=256)
def _pool(text: str) -> tuple[tuple[str, int], ...]:
    """The mana ``text`` adds, symbol by symbol in the order written (read once per text: a
    mana ability says the same each time it resolves)."""
    pool: dict[str, int] = {}  # (a plain dict: a Counter's item assignment is Python code)
    cost = ManaCost.parse(text)
    for s in cost.symbols if cost else ():
        if s.isdigit():
            pool["C"] = pool.get("C", 0) + int(s)
        elif s == "X":
            raise ValueError("a mana pool can't hold {X}")
        else:
            pool[s] = pool.get(s, 0) + 1
    return tuple(pool.items())


def format_pool(pool: Counter) -> str:
    return "".join(f"{{{c}}}" * pool[c] for c in ("W", "U", "B", "R", "G", "C") if pool[c] > 0)
