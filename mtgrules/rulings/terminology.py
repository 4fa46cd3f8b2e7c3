"""Check that a French ruling uses the official French Magic terms of its English original.

Why: a translation can read well and still teach the wrong word ("dommages" for damage, the
pre-2021 "coût converti de mana" for mana value). The checker pairs each English term found in
the English text (word boundaries, case-insensitive) with the French forms the glossary allows
(French inflects, so each term lists its accepted forms as regular expressions), and also flags
French forms that are known to be wrong wherever they appear.

    >>> from mtgrules.rulings.terminology import check_text
    >>> issues = check_text("Its mana value is 3.", "Son coût converti de mana est 3.")
    >>> [str(i) for i in issues]  # doctest: +NORMALIZE_WHITESPACE
    ["missing: English 'mana value' but no 'valeur de mana' form in the French",
     "wrong: 'coût converti de mana' -> use 'valeur de mana (the term since 2021)'"]

Stdlib only. The mapping is curated from ``glossary_en_fr.csv`` (each :class:`Term` names the
glossary row it comes from; the tests check that row's French matches one accepted form) plus
the card names of ``card_names_fr.csv``; terms we added that the glossary lacks have
``glossary=""``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from . import Ruling, load_card_names, load_rulings

__all__ = [
    "TERMS", "WRONG_FORMS", "Term", "TermIssue", "WrongForm", "check_rulings_terms", "check_text",
]


@dataclass(frozen=True)
class Term:
    """An English term and the French forms that translate it.

    ``en`` and each of ``fr`` are regular expressions; ``label`` and ``fr_label`` are how a
    report names them. ``glossary`` is the glossary row's English column ("" if ours).
    """

    label: str
    en: str
    fr: tuple[str, ...]
    fr_label: str
    glossary: str = ""
    case_sensitive: bool = False

    def in_english(self, text: str) -> bool:
        return _search(self.en, text, self.case_sensitive)

    def in_french(self, text: str) -> bool:
        return any(_search(form, text, self.case_sensitive) for form in self.fr)


@dataclass(frozen=True)
class WrongForm:
    """A French form that is wrong in a ruling, and what to use instead."""

    pattern: str
    label: str
    advice: str


@dataclass(frozen=True)
class TermIssue:
    """One problem found: a term with no acceptable French form, or a wrong French form."""

    kind: Literal["missing", "wrong"]
    label: str
    detail: str
    ruling: str = field(default="")

    def __str__(self) -> str:
        where = f"{self.ruling}: " if self.ruling else ""
        return f"{where}{self.kind}: {self.detail}"


def _t(label: str, en: str, fr: str | tuple[str, ...], fr_label: str, glossary: str = "") -> Term:
    forms = (fr,) if isinstance(fr, str) else fr
    return Term(label, en, forms, fr_label, glossary)


# English regex → accepted French regexes. Order: zones and objects, abilities, costs, actions.
_GLOSSARY_TERMS: tuple[Term, ...] = (
    _t("stack", r"\bstack\b", r"\bpile\b", "pile", "stack"),
    _t("priority", r"\bpriority\b", r"\bpriorité\b", "priorité", "priority"),
    _t("spell", r"\bspells?\b", r"\bsorts?\b", "sort", "spell"),
    _t("ability", r"\babilit(?:y|ies)\b", r"\bcapacités?\b", "capacité", "ability"),
    _t("activated ability", r"\bactivated (?:or triggered )?abilit(?:y|ies)\b",
       r"\bcapacités? activées?", "capacité activée", "activated ability"),
    _t("triggered ability", r"\btriggered abilit(?:y|ies)\b",
       r"\bcapacités? (?:activées? ou )?déclenchées?", "capacité déclenchée", "triggered ability"),
    _t("static ability", r"\bstatic abilit(?:y|ies)\b", r"\bcapacités? statiques?",
       "capacité statique", "static ability"),
    _t("mana ability", r"\bmana abilit(?:y|ies)\b", r"\bcapacités? de mana\b", "capacité de mana",
       "mana ability"),
    _t("trigger", r"\btrigger(?:s|ed|ing)?\b", r"déclench\w*", "se déclencher",
       "trigger (verb): it triggers"),
    # "the delayed ability" is the short form in both languages (« la capacité retardée »)
    _t("delayed triggered ability", r"\bdelayed (?:triggered )?abilit(?:y|ies)\b",
       r"\bcapacités? (?:déclenchées? )?retardées?\b", "capacité déclenchée retardée",
       "delayed triggered ability"),
    _t("self-replacement effect", r"\bself-replacement(?: effects?)?\b",
       r"\b(?:effets? d')?auto-remplacement\b", "effet d'auto-remplacement",
       "self-replacement effect"),
    _t("trigger condition", r"\btrigger condition\b", r"\bconditions? de déclenchement\b",
       "condition de déclenchement", "trigger condition / trigger event"),
    _t("trigger event", r"\btrigger event\b", r"\bévénements? déclencheurs?\b",
       "événement déclencheur", "trigger condition / trigger event"),
    _t("additional time", r"\btrigger\w* (?:an )?additional times?\b",
       (r"\bfois de plus\b", r"\bfois supplémentaires?\b"), "une fois de plus",
       "triggers an additional time"),
    _t("resolve", r"\bresol(?:ve|ves|ved|ving|ution)\b", r"\br[ée]s(?:ou|ol)\w*", "se résoudre",
       "resolve / it resolves"),
    _t("countered", r"\bcounter(?:ed|ing)\b", r"\bcontrecarr\w*", "contrecarrer",
       "counter (a spell)"),
    _t("copy", r"\bcop(?:y|ies|ied|ying)\b", r"\bcopi\w*", "copie / copier", "copy (noun / verb)"),
    _t("target", r"\btarget(?:s|ed|ing)?\b", r"\bcibl\w*", "cible / ciblé", "target / targeted"),
    _t("mode", r"\bmodes?\b", r"\bmodes?\b", "mode", "mode / modal spell"),
    _t("modal", r"\bmodal\b", r"\bmodal\w*", "modal", "mode / modal spell"),
    _t("Choose one —", r"\bChoose one —", r"\bChoisissez l'un —", "Choisissez l'un —",
       "Choose one —"),
    _t("mana value", r"\bmana values?\b", r"\bvaleurs? de mana\b", "valeur de mana", "mana value"),
    _t("converted mana cost", r"\bconverted mana costs?\b", r"\bcoûts? convertis? de mana\b",
       "coût converti de mana", "converted mana cost (former term)"),
    _t("mana cost", r"(?<!converted )\bmana costs?\b", r"\bcoûts? de mana\b", "coût de mana",
       "mana cost"),
    _t("alternative cost", r"\balternative costs?\b", r"\bcoûts? alternatifs?\b", "coût alternatif",
       "alternative cost"),
    _t("additional cost", r"\badditional costs?\b", r"\bcoûts? supplémentaires?\b",
       "coût supplémentaire", "additional cost"),
    _t("without paying its mana cost", r"\bwithout paying (?:its|their) mana costs?\b",
       r"\bsans payer (?:son|leurs?) coûts? de mana\b", "sans payer son coût de mana",
       "without paying its mana cost"),
    _t("cast", r"\bcast(?:s|ing)?\b", r"\blan[cç]\w*", "lancer", "cast (a spell)"),
    _t("activate", r"\bactivat\w*", r"\bactiv\w*", "activer", "activate (an ability)"),
    _t("battlefield", r"\bbattlefield\b", r"\bchamp de bataille\b", "champ de bataille",
       "battlefield"),
    _t("graveyard", r"\bgraveyards?\b", r"\bcimetières?\b", "cimetière", "graveyard"),
    _t("exile", r"\bexil(?:e|es|ed|ing)\b", r"\bexil\w*", "exil / exiler", "exile (zone / verb)"),
    _t("library", r"\blibrar(?:y|ies)\b", r"\bbibliothèques?\b", "bibliothèque", "library"),
    _t("command zone", r"\bcommand zone\b", r"\bzone de commandement\b", "zone de commandement",
       "command zone"),
    _t("emblem", r"\bemblems?\b", r"\bemblèmes?\b", "emblème", "emblem"),
    _t("token", r"\btokens?\b", r"\bjetons?\b", "jeton", "token"),
    _t("permanent", r"\bpermanents?\b", r"\bpermanents?\b", "permanent", "permanent"),
    _t("creature", r"\bcreatures?\b", r"\bcréatures?\b", "créature", "creature"),
    _t("artifact", r"\bartifacts?\b", r"\bartefacts?\b", "artefact", "artifact"),
    _t("Equipment", r"\bequipment\b", r"\béquipements?\b", "équipement", "equipment"),
    _t("equipped creature", r"\bequipped creature\b", r"\bcréatures? équipées?\b",
       "la créature équipée", "equipped creature"),
    _t("equip", r"\bequip\b", (r"\béquipement\b", r"\bcapacités? d'équipement\b"), "équipement",
       "equip (keyword) / equip ability"),
    _t("attach", r"\battach\w*", r"\battach\w*", "attacher / attaché", "attach / attached"),
    _t("dies", r"\b(?:die|dies|died|dying)\b", r"\b(?:meur\w*|mour\w*|morts?)\b",
       "meurt / mourir / la mort", "dies"),
    _t("leaves the battlefield", r"\bleaves? the battlefield\b",
       r"\bquitte\w* le champ de bataille\b",
       "quitte le champ de bataille", "leaves the battlefield"),
    _t("enters", r"\benter(?:s|ed|ing)?\b", r"\barriv\w*", "arrive (sur le champ de bataille)",
       "enters the battlefield / enters"),
    _t("sacrifice", r"\bsacrific\w*", r"\bsacrifi\w*", "sacrifier", "sacrifice"),
    _t("from anywhere", r"\bfrom anywhere\b", r"\bd'où qu'[\w/]+ vienne\w*",
       "d'où qu'il/elle vienne", "put into a graveyard from anywhere"),
    _t("controller", r"\bcontroller\b", r"\bcontrôleurs?\b", "contrôleur", "controller"),
    _t("owner", r"\bowners?\b", r"\bpropriétaires?\b", "propriétaire", "owner"),
    _t("legendary", r"\blegendary\b", r"\blégendaires?\b", "légendaire", "legendary"),
    _t("planeswalker", r"\bplaneswalkers?\b", r"\bplaneswalkers?\b", "planeswalker",
       "planeswalker"),
    _t("loyalty counter", r"\bloyalty counters?\b", r"\bmarqueurs?\s*«\s*loyauté\s*»",
       "marqueur « loyauté »", "loyalty counter"),
    _t("counter", r"\bcounters?\b", r"\bmarqueurs?\b", "marqueur",
       "counter (object on a permanent)"),
    _t("cascade", r"\bcascade\b", r"\bcascade\b", "cascade", "cascade"),
    _t("hideaway", r"\bhideaway\b", r"\bcachette\b", "cachette", "hideaway"),
    _t("prowess", r"\bprowess\b", r"\bprouesse\b", "prouesse", "prowess"),
    _t("split card", r"\bsplit cards?\b", r"\bcartes? scindées?\b", "carte scindée", "split card"),
    _t("modal double-faced card", r"\bmodal double-faced cards?\b",
       (r"\bcartes? modales? à double face\b", r"\brecto[- ]verso\b"), "carte modale à double face",
       "modal double-faced card"),
    _t("Adventure", r"\badventures?\b", r"\baventures?\b", "aventure", "adventure"),
    _t("linked", r"\blinked\b", r"\bliée?s?\b", "capacités liées", "linked abilities"),
    _t("source", r"\bsource\b", r"\bsource\b", "source", "source"),
    _t("divided", r"\b(?:divided|division|distribut\w*)\b", r"\brépar\w*", "réparti / répartir",
       "divided as you choose (damage)"),
    _t("damage", r"\bdamage\b", r"\bblessures?\b", "blessures", "damage"),
    _t("tapped", r"\b(?:un)?tap(?:s|ped)?\b", r"\b(?:en|dé)gag\w*", "engager / dégager",
       "tap / untap; tapped / untapped"),
    _t("this turn", r"\bthis turn\b", r"\btour\b", "ce tour-ci", "turn"),
    _t("player", r"\bplayers?\b", r"\bjoueurs?\b", "joueur", "player"),
    _t("opponent", r"\bopponents?\b", r"\badversaires?\b", "adversaire", "opponent"),
)

# Terms the glossary lacks but every French ruling uses the same way.
_OUR_TERMS: tuple[Term, ...] = (
    _t("reminder text", r"\breminder text\b", r"\btextes? de rappel\b", "texte de rappel"),
    _t("keyword", r"\bkeywords?\b", r"\bmots?-clés?\b", "mot-clé"),
    _t("face up", r"\bface up\b", r"\bface visible\b", "face visible"),
    _t("nonland", r"\bnonland\b", r"\bnon-terrain\b", "non-terrain"),
    _t("land", r"\blands?\b", r"\bterrains?\b", "terrain"),
    _t("you own", r"\byou own\b", r"\bvous possédez\b", "que vous possédez"),
    _t("twice", r"\btwice\b", r"\bdeux fois\b", "deux fois"),
    _t("continuous effect", r"\bcontinuous effects?\b", r"\beffets? continus?\b", "effet continu"),
    Term("Gogo", r"\bGogo\b", (r"\bGogo\b",), "Gogo", case_sensitive=True),
)

# Combat (506-511) and its keywords (702), as the French Comprehensive Rules name them.
_COMBAT_TERMS: tuple[Term, ...] = (
    _t("first strike", r"(?<!double )\bfirst strike\b", r"\binitiative\b", "initiative",
       "first strike"),
    _t("double strike", r"\bdouble strike\b", r"\bdouble initiative\b", "double initiative"),
    _t("attack", r"\battack(?:s|ed|ing|ers?)?\b", r"\battaqu\w*", "attaquer / attaquant"),
    _t("block", r"\bblock(?:s|ed|ing|ers?)?\b", r"\bbloqu\w*", "bloquer / bloqueur"),
    _t("combat damage", r"\bcombat damage\b", r"\bblessures? de combat\b",
       "blessures de combat"),
    _t("lethal damage", r"\blethal damage\b", r"\bblessures? mortelles?\b",
       "blessures mortelles"),
    _t("flying", r"\bflying\b", r"\bvol\b", "vol"),
    _t("reach", r"\breach\b", r"\bportée\b", "portée"),
    _t("trample", r"\btrample\b", r"\bpiétinement\b", "piétinement"),
    _t("vigilance", r"\bvigilance\b", r"\bvigilance\b", "vigilance"),
    _t("menace", r"\bmenace\b", r"\bmenace\b", "menace"),
    _t("haste", r"\bhaste\b", r"\bcélérité\b", "célérité"),
    _t("defender", r"\bdefender\b", r"\bdéfenseur\b", "défenseur"),
    _t("deathtouch", r"\bdeathtouch\b", r"\bcontact mortel\b", "contact mortel"),
    _t("lifelink", r"\blifelink\b", r"\blien de vie\b", "lien de vie"),
    _t("indestructible", r"\bindestructible\b", r"\bindestructible\b", "indestructible"),
    _t("hexproof", r"\bhexproof\b", r"\bdéfense talismanique\b", "défense talismanique"),
    _t("summoning sickness", r"\bsummoning sickness\b", r"\bmal d'invocation\b",
       "mal d'invocation"),
)


def _card_terms() -> tuple[Term, ...]:
    """One case-sensitive term per row of card_names_fr.csv (English name → French name)."""
    return tuple(
        Term(en, re.escape(en), (re.escape(fr),), fr, "card_names_fr.csv", case_sensitive=True)
        for en, fr in load_card_names().items()
    )


TERMS: tuple[Term, ...] = _GLOSSARY_TERMS + _OUR_TERMS + _COMBAT_TERMS + _card_terms()

#: French forms that are wrong in a ruling wherever they appear.
WRONG_FORMS: tuple[WrongForm, ...] = (
    WrongForm(r"\bcoûts? convertis? de mana\b", "coût converti de mana",
              "valeur de mana (the term since 2021)"),
    WrongForm(r"\bcapacités? déclenchantes?\b", "capacité déclenchante", "capacité déclenchée"),
    WrongForm(r"\bcapacités? activables?\b", "capacité activable", "capacité activée"),
    WrongForm(r"\bdommages?\b", "dommages", "blessures"),
    WrongForm(r"\bcompteurs?\b", "compteur", "marqueur"),
    WrongForm(r"\b(?:dé)?tap(?:é|ée|és|ées|er|ez)\b", "taper / tapé", "engager / dégager"),
    WrongForm(r"\barrive\w* en jeu\b", "arrive en jeu", "arrive sur le champ de bataille"),
    WrongForm(r"\bcartes? doubles?\b", "carte double", "carte scindée (for split cards)"),
    WrongForm(r"\b(?:le|la|les|du|au|aux) Masamune\b", "le Masamune",
              "Masamune (no article in the French name)"),
    WrongForm(r"\bProtege de Sakashima\b", "Protege de Sakashima",
              "Protégé de Sakashima (accents)"),
)


def check_text(en: str, fr: str, ruling_id: str = "", terms: Iterable[Term] = TERMS,
               wrong_forms: Iterable[WrongForm] = WRONG_FORMS) -> list[TermIssue]:
    """Every English term of ``en`` without an accepted French form in ``fr``, then every
    wrong French form in ``fr``. An empty list means the French passes."""
    issues = [
        TermIssue("missing", term.label,
       f"English {term.label!r} but no {term.fr_label!r} form in the French",
                  ruling_id)
        for term in terms
        if term.in_english(en) and not term.in_french(fr)
    ]
    issues += [
        TermIssue("wrong", wrong.label, f"{wrong.label!r} -> use {wrong.advice!r}", ruling_id)
        for wrong in wrong_forms
        if _search(wrong.pattern, fr, case_sensitive=False)
    ]
    return issues


def check_rulings_terms(rulings: Iterable[Ruling] | None = None,
                        exceptions: Mapping[tuple[str, str], str] | None = None) -> list[TermIssue]:
    """Check every ruling (all 39 by default). ``exceptions`` maps (ruling id, term label) to
    the reason that term is rightly translated otherwise there; those issues are dropped."""
    exceptions = exceptions or {}
    issues: list[TermIssue] = []
    for item in load_rulings() if rulings is None else rulings:
        issues += [i for i in check_text(item.en, item.fr, item.id) if (item.id,
       i.label) not in exceptions]
    return issues


def _missing(term: Term) -> str:
    return f"English {term.label!r} but no {term.fr_label!r} form in the French"


def _search(pattern: str, text: str, case_sensitive: bool) -> bool:
    flags = 0 if case_sensitive else re.IGNORECASE
    return re.search(pattern, text, flags) is not None
