"""Numbers as each language writes them (CLDR, through Babel): "1,003" in English, "1 003" in
French (a narrow no-break space groups the thousands).

>>> number(1003, "en"), number(1003, "fr") == "1\u202f003", number(7, "fr")
('1,003', True, '7')
"""

from __future__ import annotations

from functools import cache


@cache
def number(n: int, lang: str = "en") -> str:
    """``n`` with the digit grouping of ``lang``."""
    if -1000 < n < 1000 and isinstance(n, int):
        return str(n)  # no grouping below a thousand in English or French: no locale data
    from babel.numbers import format_decimal

    return format_decimal(n, locale=lang)


def times(n: int, lang: str = "en") -> str:
    """"×1,003": how many identical things a group stands for."""
    return f"×{number(n, lang)}"
