"""Type lines (205.1) and a few rules words in English and French, for labels and posts.

French type lines follow the printed cards: card types in the reverse of the English order and
joined by a hyphen, supertypes after them, subtypes after a spaced colon and joined by « et »:
"Legendary Artifact — Equipment" is « Artefact légendaire : équipement », "Artifact Creature —
Thopter" is « Créature-artefact : thopter ». A word the tables don't know is kept as written.

>>> type_line(("legendary",), ("artifact",), ("equipment",), "fr")
'Artefact légendaire : équipement'
>>> type_line((), ("artifact", "creature"), ("thopter",), "en")
'Artifact Creature — Thopter'
>>> type_line((), ("creature",), ("human", "cleric"), "fr")
'Créature : humain et clerc'
"""

from __future__ import annotations

from collections.abc import Sequence

from .grammar import Grammar

__all__ = ["CARD_TYPES_FR", "COUNTERS_FR", "KEYWORDS_FR", "SUBTYPES_FR", "SUPERTYPES_FR",
           "counter_name", "keyword_name", "keyword_with_article", "type_line"]

# 205.2a card types (French: the printed type lines, Règles complètes 300-310).
CARD_TYPES_FR = {
    "artifact": "artefact", "battle": "bataille", "creature": "créature",
    "enchantment": "enchantement", "instant": "éphémère", "kindred": "parenté",
    "land": "terrain", "planeswalker": "planeswalker", "sorcery": "rituel",
}
# 205.4a supertypes.
SUPERTYPES_FR = {"basic": "de base", "legendary": "légendaire", "snow": "neigeux",
                 "world": "du monde"}
# 205.3 subtypes, as printed on French cards (lower case except a planeswalker's name).
SUBTYPES_FR = {
    "adventure": "aventure", "advisor": "conseiller", "angel": "ange", "aura": "aura",
    "bard": "barde", "bear": "ours", "beast": "bête", "berserker": "berserker", "bird": "oiseau",
    "cat": "chat", "cleric": "clerc", "curse": "malédiction", "dragon": "dragon", "druid": "druide",
    "eldrazi": "eldrazi", "elf": "elfe", "equipment": "équipement", "faerie": "faerie",
    "forest": "forêt", "frog": "grenouille", "goblin": "gobelin", "human": "humain",
    "illusion": "illusion", "island": "île", "jace": "Jace",
    "knight": "chevalier", "merfolk": "ondin", "monk": "moine", "mountain": "montagne",
    "plains": "plaine", "saga": "saga", "shaman": "chaman", "shapeshifter": "changeforme",
    "soldier": "soldat", "spirit": "esprit", "swamp": "marais", "thopter": "thopter",
    "town": "ville", "treefolk": "sylvin", "vampire": "vampire", "warrior": "guerrier",
    "wizard": "sorcier", "zombie": "zombie",
}
# Keyword abilities (702) named in labels and in running text (lower case there: « acquiert la
# célérité »), with their gender for the article.
KEYWORDS_FR = {"cascade": "cascade", "equip": "équipement", "hideaway": "cachette",
               "prowess": "prouesse", "first strike": "initiative", "flying": "vol",
               "trample": "piétinement", "vigilance": "vigilance", "haste": "célérité",
               "flash": "flash", "double strike": "double initiative", "lifelink": "lien de vie",
               "defender": "défenseur", "deathtouch": "contact mortel", "reach": "portée",
               "menace": "menace", "indestructible": "indestructible",
               "hexproof": "défense talismanique", "protection": "protection"}
_FEMININE_KEYWORDS = frozenset({"cascade", "cachette", "prouesse", "initiative", "vigilance",
                                "célérité", "double initiative", "portée", "menace",
                                "défense talismanique", "protection"})
# Kinds of counters (122): "marqueur « loyauté »".
COUNTERS_FR = {"loyalty": "loyauté", "charge": "charge", "lore": "histoire"}

#: The five colors' French adjectives (105.1), in the four forms agreement chooses from
#: (``Grammar.agree``): masculine and feminine singular, masculine and feminine plural.
COLORS_FR: dict[str, list[str]] = {
    "white": ["blanc", "blanche", "blancs", "blanches"],
    "blue": ["bleu", "bleue", "bleus", "bleues"],
    "black": ["noir", "noire", "noirs", "noires"],
    "red": ["rouge", "rouge", "rouges", "rouges"],
    "green": ["vert", "verte", "verts", "vertes"],
}


def _title(word: str) -> str:
    return word[:1].upper() + word[1:]


def type_line(supertypes: Sequence[str], card_types: Sequence[str], subtypes: Sequence[str],
              lang: str = "en") -> str:
    """The type line of an object with these types (205.1), in ``lang``."""
    if lang == "fr":
        kinds = "-".join(CARD_TYPES_FR.get(t, t) for t in reversed(card_types))
        head = " ".join([kinds, *(SUPERTYPES_FR.get(s, s) for s in supertypes)]).strip()
        subs = " et ".join(SUBTYPES_FR.get(s, s) for s in subtypes)
        return _title(head) + (f" : {subs}" if subs else "")
    head = " ".join(_title(w) for w in [*supertypes, *card_types])
    subs = " ".join(_title(s) for s in subtypes)
    return head + (f" — {subs}" if subs else "")


def keyword_name(keyword: str, lang: str = "en") -> str:
    """A keyword's name (702): ``hideaway`` is « cachette » in French."""
    return KEYWORDS_FR.get(keyword.lower(), keyword) if lang == "fr" else keyword


def keyword_with_article(keyword: str) -> str:
    """A keyword, or a keyword ability's text, as French running text names it: lower case, with
    its definite article (« acquiert la célérité », « perd le vol », « a la protection contre le
    rouge »); reminder text in parentheses is left out. The article's gender is the keyword's
    (the longest known keyword the text starts with), else guessed from the ending.

    >>> keyword_with_article("haste"), keyword_with_article("lifelink"), keyword_with_article("Vol")
    ('la célérité', 'le lien de vie', 'le vol')
    >>> keyword_with_article("Protection contre le rouge (Cette créature…)")
    'la protection contre le rouge'
    """
    text = keyword.split(" (")[0].strip()
    word = KEYWORDS_FR.get(text.lower()) or text[:1].lower() + text[1:]
    known = [k for k in KEYWORDS_FR.values() if word == k or word.startswith(k + " ")]
    base = max(known, key=len) if known else word
    feminine = base in _FEMININE_KEYWORDS or (not known and base.endswith(("é", "e")))
    return Grammar("la" if feminine else "le", "f" if feminine else "m").with_article(word)


def counter_name(kind: str, lang: str = "en") -> str:
    """A kind of counter (122.1): ``loyalty`` is « loyauté » in French; +1/+1 stays +1/+1."""
    return COUNTERS_FR.get(kind, kind) if lang == "fr" else kind
