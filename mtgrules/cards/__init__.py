"""The card catalog: cards as data (catalog.yaml), read into :class:`~mtgrules.abilities.CardDef`.

A scenario may define its own cards in the same format; they go through the same reader, so a
made-up card with a catalog card's abilities behaves the same.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path

from ..abilities import CardDef, parse_characteristics
from ..data import Node, did_you_mean, file_bytes, load_yaml
from ..errors import ScenarioError
from ..text import plural

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

#: ``source_fr``: where the French name was confirmed (a printing, a database), for a name
#: marked verified that the shared reference list doesn't hold.
_CARD_EXTRA = frozenset({"layout", "faces", "verified_fr", "source_fr", "note", "kit"})
LAYOUTS = ("normal", "split", "mdfc", "adventure")


def parse_card(node: Node) -> CardDef:
    """Read one card entry (one face, or ``faces`` with a ``layout``)."""
    node.mapping()
    layout = node["layout"].choice(LAYOUTS) if node.get("layout") else "normal"
    note = node["note"].str() if node.get("note") else ""
    verified = node["verified_fr"].bool() if node.get("verified_fr") is not None else True
    if layout == "normal":
        if node.get("faces"):
            raise node.error("'faces' needs a layout: split, mdfc or adventure", field="layout")
        face = parse_characteristics(node, extra=_CARD_EXTRA)
        return CardDef((face,), "normal", verified, note)
    node.mapping(_CARD_EXTRA | {"name", "name_fr"}, required=("faces",))
    faces = tuple(parse_characteristics(f) for f in node["faces"].list())
    if len(faces) != 2:
        raise node["faces"].error(f"a {layout} card has two faces, got {len(faces)}")
    return CardDef(faces, layout, verified, note)


class UnknownCard(KeyError, ValueError):
    """A card name the catalog doesn't have (``catalog()["Grizly Bears"]``). It is a
    :class:`KeyError`, as a mapping's missing key is (``in`` and ``get`` work as for any
    mapping), whose text says which names are close; worked out only when read, so a lookup
    that expects to miss costs nothing more.

    >>> str(UnknownCard("Grizly Bears", ["Grizzly Bears", "Island"]))
    "unknown card 'Grizly Bears' (did you mean: Grizzly Bears?)"
    """

    def __init__(self, name: str, known: Iterable[str]):
        super().__init__(name)
        self.name, self.known = name, known

    def __str__(self) -> str:
        return f"unknown card {self.name!r}{did_you_mean(self.name, self.known)}"


class Catalog(Mapping[str, CardDef]):
    """Cards by English name; French names are accepted too.

    >>> catalog()["Grizzly Bears"].characteristics().power
    2
    """

    def __init__(self, cards: dict[str, CardDef]):
        self._cards = cards
        self._fr_names: dict[str, str] | None = None
        #: (the catalog, the cards) it was made from by :meth:`with_cards`, which it pickles as
        self._made_from: tuple[Catalog, dict[str, CardDef]] | None = None

    @property
    def _fr(self) -> dict[str, str]:
        """English names by French name: made when a name is first looked up in French."""
        if self._fr_names is None:
            self._fr_names = {c.characteristics().name_fr: name
                              for name, c in self._cards.items()}
        return self._fr_names

    def __getitem__(self, name: str) -> CardDef:
        if name in self._cards:
            return self._cards[name]
        if name in self._fr:
            return self._cards[self._fr[name]]
        raise UnknownCard(name, self._cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"<Catalog {plural('en', len(self._cards), 'card')}>"

    def counter_kinds(self) -> frozenset[str]:
        """The kinds of counters its cards put, remove or count (122.1: a card declares a
        kind; mtgrules.counters). Worked out once per catalog, when first asked."""
        kinds = getattr(self, "_counter_kinds", None)
        if kinds is None:
            from ..counters import declared_kinds

            base = self._made_from
            kinds = frozenset(declared_kinds(self._cards.values()) if base is None else
                              base[0].counter_kinds() | declared_kinds(base[1].values()))
            self._counter_kinds = kinds
        return kinds

    def defines(self, name: str) -> bool:
        """Whether one of these cards has this English name (a dict look-up: a French name
        would make every card's French name be worked out)."""
        return name in self._cards

    def written_like(self, name: str) -> str | None:
        """The English name of the card whose English or French name is ``name`` up to case
        and spaces ("grizzly  bears", "GRIZZLIS" → "Grizzly Bears"), or None. (A card of
        one's own so named would read, in a file or the narration, as the card everyone
        knows.) The index is made when first asked: only a scenario with cards of its own
        asks, as it is read."""
        index = getattr(self, "_written", None)
        if index is None:
            index = {_folded(fr): en for fr, en in self._fr.items()}
            index.update((_folded(en), en) for en in self._cards)
            self._written = index
        return index.get(_folded(name))

    def with_cards(self, extra: dict[str, CardDef]) -> Catalog:
        made = Catalog({**self._cards, **extra})
        made._made_from = (self, extra)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        """A catalog with a scenario's own cards pickles as the catalog it extends (the kit's,
        kept by name in the cache of parsed files) and those cards, not every card again."""
        if self._made_from is not None:
            return _with_cards, self._made_from
        return Catalog, (self._cards,)


def _folded(name: str) -> str:
    return " ".join(name.casefold().split())


def _with_cards(base: Catalog, extra: dict[str, CardDef]) -> Catalog:
    return base.with_cards(extra)


def read_cards(node: Node) -> dict[str, CardDef]:
    cards: dict[str, CardDef] = {}
    for entry in node.list():
        card = parse_card(entry)
        if card.name in cards:
            raise entry.error(f"card '{card.name}' is defined twice", field="name")
        cards[card.name] = card
    return cards


#: The catalog's files: catalog.yaml first, then the other files of this folder in name order
#: (one per topic, so that cards for one part of the rules stay together).
MAIN_FILE = "catalog.yaml"
#: The package's folder (a path, not ``importlib.resources``: that import alone cost 9 ms of
#: every start, and the kit is always installed as files).
FOLDER = Path(__file__).parent


def catalog_files() -> list[str]:
    """The names of the catalog's YAML files, in reading order."""
    others = sorted(p.name for p in FOLDER.iterdir()
                    if p.name.endswith(".yaml") and p.name != MAIN_FILE)
    return [MAIN_FILE, *others]


@lru_cache(maxsize=1)
def catalog() -> Catalog:
    """The kit's catalog (cached): every card of every catalog file."""
    from ..parsecache import cached_together

    cards: dict[str, CardDef] = {}
    where: dict[str, str] = {}
    # the bytes are decoded only when parsed (not in the cache); read by file_bytes (pathlib
    # cost 0.3 M instructions more), but one it refuses, whose error read_bytes tells
    files = [(f"mtgrules/cards/{name}", file_bytes(FOLDER / name) or (FOLDER / name).read_bytes())
             for name in catalog_files()]
    for (file, _), parsed in zip(files, cached_together("catalog", files, _parse_file),
                                 strict=True):
        for card_name, card in parsed.items():
            if card_name in cards:
                raise ScenarioError(f"card '{card_name}' is defined twice (also in "
                                    f"{where[card_name]})", file=file, field="name")
            cards[card_name] = card
            where[card_name] = file
    return Catalog(cards)


def _parse_file(file: str, raw: bytes) -> dict[str, CardDef]:
    return _parse_catalog(raw, file)


def _parse_catalog(raw: str | bytes, file: str) -> dict[str, CardDef]:
    from ..schema import validate  # only when a file is parsed (not in the cache)

    data = load_yaml(raw.decode("utf-8") if isinstance(raw, bytes) else raw, file=file)
    node = Node(data, file)
    if not node.is_map() or "cards" not in data:
        raise ScenarioError("a catalog file needs a top-level 'cards' list", file=file)
    validate(node, "cards")
    return read_cards(node["cards"])
