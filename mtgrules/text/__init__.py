"""English and French messages for the log and the labels.

A message's parameters may be :class:`Name` pairs (English, French): each language gets its own.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .messages import MESSAGES, WORDS


class Name(NamedTuple):
    """A name in both languages, e.g. a card's."""

    en: str
    fr: str

    def __str__(self) -> str:
        return self.en

    def in_(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


def _localise(value: Any, lang: str) -> Any:
    if isinstance(value, Name):
        return value.in_(lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(_localise(v, lang)) for v in value) or WORDS["none"][lang == "fr"]
    if isinstance(value, bool):
        return WORDS["yes" if value else "no"][lang == "fr"]
    return value


def render(key: str, params: dict[str, Any], lang: str = "en") -> str:
    """The message ``key`` in ``lang`` ('en' or 'fr') with ``params`` filled in."""
    if lang not in ("en", "fr"):
        raise ValueError(f"unknown language '{lang}' (use 'en' or 'fr')")
    en, fr = MESSAGES[key]
    template = fr if lang == "fr" else en
    return template.format(**{k: _localise(v, lang) for k, v in params.items()})


def word(key: str, lang: str = "en") -> str:
    return WORDS[key][lang == "fr"]


__all__ = ["MESSAGES", "Name", "WORDS", "render", "word"]
