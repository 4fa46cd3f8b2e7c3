"""French articles and agreement for names in messages.

A French name knows its article, gender and number (:class:`Grammar`), so a message can write
« lance {card:le} » (« lance la Foudre », « lance Gogo »), « inflige 2 blessures {to:à} »
(« à l'Artiste de sang », « aux Grizzlis ») and « {obj} {obj:meurt|meurent} ». The format spec
of a French name in a template is one of:

- ``le`` / ``Le``: with its definite article (none for a proper name), capitalised for ``Le``;
- ``à`` / ``de``: with the preposition contracted with the article (au, aux, du, des, de l'...);
- ``sg|pl``: the form that agrees in number; ``m|f|mpl|fpl``: in gender and number;
- ``sa`` / ``son`` / ``ses``: the possessive that agrees with the name as its owner (« sa
  capacité », « leur capacité »; « ses capacités », « leurs capacités »).

>>> foudre, bears = FrText("Foudre", Grammar.parse("la")), FrText("Grizzlis", Grammar.parse("les"))
>>> f"{foudre:à} / {bears:de} / {bears:Le} {bears:meurt|meurent}"
'à la Foudre / des Grizzlis / Les Grizzlis meurent'
>>> f"l'effet {FrText('Isolde'):de}, une copie {FrText('Entrave de pierre'):de}"
"l'effet d'Isolde, une copie d'Entrave de pierre"
>>> f"{foudre:Le} est {foudre:engagé|engagée|engagés|engagées}"
'La Foudre est engagée'
>>> f"{bears:Le} : {bears:sa} capacité ; {foudre:Le} : {foudre:ses} cibles"
'Les Grizzlis : leur capacité ; La Foudre : ses cibles'
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from ..frozen import dataclass

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Self

_VOWEL_START = tuple("aàâeéèêëiîïoôuùûyhAÀÂEÉÈÊËIÎÏOÔUÙÛYH")
#: A possessive determiner as the owner's number decides it: « sa force » / « leur force ».
POSSESSIVES = {"sa": ("sa", "leur"), "son": ("son", "leur"), "ses": ("ses", "leurs"),
               "Sa": ("Sa", "Leur"), "Son": ("Son", "Leur"), "Ses": ("Ses", "Leurs")}


@dataclass(frozen=True)
class Grammar:
    """How a French name takes an article and agrees: article '' (a proper name, such as
    « Gogo »), 'le', 'la', "l'" or 'les'; gender 'm' or 'f'; plural or not."""

    article: str = ""
    gender: str = "m"
    plural: bool = False

    @classmethod
    def parse(cls, code: str) -> Grammar:
        """From a short code: '' or 'f' (a proper name), 'le', 'la', "l'", "l' f", 'les',
        'les f'."""
        words = code.split()
        article = words[0] if words and words[0] in ("le", "la", "l'", "les") else ""
        gender = "f" if "f" in words or article == "la" else "m"
        if not set(words) <= {"le", "la", "l'", "les", "f", "m"}:
            raise ValueError(f"unknown French grammar code '{code}' (use le, la, l', les, f)")
        return cls(article, gender, article == "les")

    def with_article(self, name: str, preposition: str = "") -> str:
        """``name`` preceded by ``preposition`` ('', 'à', 'de') and its article, contracted."""
        if not self.article:  # a proper name: « de » elides before a vowel (« d'Isolde »)
            if preposition == "de" and name.startswith(_VOWEL_START) \
                    and not name.startswith(("h", "H")):
                return "d'" + name
            return f"{preposition} {name}".strip()
        if preposition == "à":
            lead = {"le": "au ", "les": "aux "}.get(self.article, f"à {self._article(name)}")
        elif preposition == "de":
            lead = {"le": "du ", "les": "des "}.get(self.article, f"de {self._article(name)}")
        else:
            lead = self._article(name)
        return lead + name

    def _article(self, name: str) -> str:
        if self.article in ("le", "la") and name.startswith(_VOWEL_START):
            return "l'"
        return self.article if self.article == "l'" else self.article + " "

    def agree(self, forms: list[str]) -> str:
        """The form that agrees: [singular, plural] or [m, f, m plural, f plural]."""
        if len(forms) == 2:
            return forms[self.plural]
        if len(forms) == 4:
            return forms[2 * self.plural + (self.gender == "f")]
        raise ValueError(f"agreement needs 2 or 4 forms, not {len(forms)}: {'|'.join(forms)}")

    def possessive(self, word: str) -> str:
        """The possessive ``word`` ('sa', 'son', 'ses') for a possessor with this grammar: the
        possessive agrees with what is owned in gender, with its owner in number."""
        return POSSESSIVES[word][self.plural]


PROPER = Grammar()


class FrText(str):
    """A French name, ready to be formatted with an article or an agreeing form."""

    grammar: Grammar

    def __new__(cls, value: str, grammar: Grammar = PROPER) -> Self:
        self = super().__new__(cls, value)
        self.grammar = grammar
        return self

    def __format__(self, spec: str) -> str:
        name = str(self)
        if not spec:
            return name
        if "|" in spec:
            return self.grammar.agree(spec.split("|"))
        if spec in POSSESSIVES:
            return self.grammar.possessive(spec)
        if spec in ("le", "Le"):
            text = self.grammar.with_article(name)
            return text[:1].upper() + text[1:] if spec == "Le" else text
        if spec in ("à", "de"):
            return self.grammar.with_article(name, spec)
        return format(name, spec)


class FrList(FrText):
    """Several French names joined by commas: an article spec applies to each, agreement is
    plural when there are two or more."""

    items: tuple[FrText, ...]

    def __new__(cls, items: list[FrText], empty: str) -> FrList:
        self = super().__new__(cls, ", ".join(items) or empty, Grammar("", "m", len(items) > 1))
        self.items = tuple(items)
        return self

    def __format__(self, spec: str) -> str:
        if spec and "|" not in spec and spec not in POSSESSIVES and self.items:
            first, *rest = self.items
            return ", ".join([format(first, spec)] + [format(i, spec.lower()) for i in rest])
        return super().__format__(spec)


@cache
def _nouns() -> dict[str, Grammar]:
    """Read once per version of the file (the cache of parsed files)."""
    from ..parsecache import cached, file_version

    path = Path(__file__).with_name("noms_fr.csv")
    return cached("noms-fr", file_version(path), lambda: _read_nouns(path))


def _read_nouns(path: Path) -> dict[str, Grammar]:
    import csv

    with path.open(encoding="utf-8") as f:
        return {row["fr"]: Grammar.parse(row["grammar"]) for row in csv.DictReader(f)}


#: The codes a card's ``grammar_fr`` may give: its article, then its gender when the article
#: doesn't say it ('f': a feminine proper name; without grammar_fr, a masculine one).
GRAMMAR_CODES = ("le", "la", "l'", "l' f", "les", "les f", "f")
#: French names whose grammar a card of a scenario or a notebook gave (``grammar_fr``).
_declared: dict[str, Grammar] = {}


def declare(name_fr: str, code: str) -> None:
    """Say how the French name of a card defined outside the catalog takes its article and
    agrees (``grammar_fr: la`` → « la Cape de lierre est attachée »)."""
    _declared[name_fr] = _parsed(code)


@lru_cache(maxsize=64)  # a few codes, each declared again by every set-up naming it
def _parsed(code: str) -> Grammar:
    return Grammar.parse(code)


def grammar_of(name_fr: str) -> Grammar:
    """The grammar of a French card or token name from mtgrules/text/noms_fr.csv, or given by
    its card (:func:`declare`); a name not listed is treated as a proper name (no article,
    masculine singular)."""
    return _declared.get(name_fr) or _nouns().get(name_fr, PROPER)
