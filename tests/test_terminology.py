"""Our French rulings speak the official French of Magic.

Wherever a glossary term occurs in an English ruling, its French version must use the glossary's
French term (in one of its inflected forms), unless an exception below says why not. The checker
is :mod:`mtgrules.rulings.terminology`; these tests also show it can fail.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from mtgrules.rulings import load_glossary, load_rulings, ruling
from mtgrules.rulings.terminology import TERMS, WRONG_FORMS, Term, check_rulings_terms, check_text

#: (ruling id, term label) → why that French rightly does without the term's usual form.
#: Empty today: every ruling passes. Add an entry (with its reason) rather than bend the checker.
EXCEPTIONS: dict[tuple[str, str], str] = {}


def test_every_french_ruling_uses_the_glossary_terms_of_its_english():
    issues = check_rulings_terms(exceptions=EXCEPTIONS)
    assert issues == [], "\n".join(map(str, issues))


def test_every_exception_is_still_needed():
    for (rid, label), reason in EXCEPTIONS.items():
        assert reason.strip(), f"{rid}/{label}: give the reason"
        assert any(i.label == label for i in check_text(ruling(rid).en, ruling(rid).fr, rid)), (
            f"{rid}/{label}: the French now passes; remove the exception"
        )


def test_the_mapping_is_derived_from_the_glossary():
    glossary = {t.en: t.fr for t in load_glossary()}
    from_glossary = [t for t in TERMS if t.glossary and t.glossary != "card_names_fr.csv"]
    assert len(from_glossary) > 40
    for term in from_glossary:
        assert term.glossary in glossary, f"{term.label}: no glossary row {term.glossary!r}"
        assert term.in_french(glossary[term.glossary]), (
            f"{term.label}: the glossary's {glossary[term.glossary]!r} matches no accepted form"
        )


#: French terms the kit uses beyond the reference glossary (../shared/reference): rows of the
#: kit's own glossary (mtgrules/rulings/glossary_en_fr.csv), each with where it was seen, or
#: "not verified" (then mtgrules.glossary() shows it unverified).
KIT_TERMS = {"delayed triggered ability": ("capacité déclenchée retardée", True),
             "self-replacement effect": ("effet d'auto-remplacement", False)}


@pytest.mark.parametrize("english", sorted(KIT_TERMS))
def test_the_kits_own_terms_are_recorded_with_their_source(english: str) -> None:
    french, verified = KIT_TERMS[english]
    (row,) = [t for t in load_glossary() if t.en == english]
    assert row.fr == french and row.source and row.verified is verified
    (term,) = [t for t in TERMS if t.glossary == english]
    assert term.in_french(french)
    assert check_text(f"a {english}", "un effet de remplacement du sort lui-même")


def _catalogs() -> list[tuple[str, str, str]]:
    """Every English/French pair a person reads outside the rulings and scenarios: the log's
    messages, the diagrams' words, the widgets' labels, the card vocabulary's texts."""
    from mtgrules.abilities import EFFECT_VOCABULARY
    from mtgrules.draw.diagrams import W
    from mtgrules.text import MESSAGES, Plural
    from mtgrules.widgets.i18n import LABELS

    def forms(v: object) -> list[str]:
        return [v.one, v.other] if isinstance(v, Plural) else [str(v)]
    pairs = [(k, " ".join(forms(en)), " ".join(forms(fr)))
             for k, (en, fr) in [*MESSAGES.items(), *LABELS.items()]]
    pairs += [(k, n.en, n.fr) for k, n in W.items()]
    return pairs + [(k, e.text, e.text_fr) for k, e in EFFECT_VOCABULARY.items()]


def test_the_kits_text_uses_its_own_terms() -> None:
    """Wherever the log, a diagram, a widget or the vocabulary says "delayed triggered
    ability" or "self-replacement", the French says « capacité déclenchée retardée », « effet
    d'auto-remplacement » (or their short forms)."""
    terms = [t for t in TERMS if t.glossary in KIT_TERMS]
    wrong = [(key, en, fr) for key, en, fr in _catalogs() for t in terms
             if t.in_english(en) and not t.in_french(fr)]
    assert not wrong, wrong
    assert any(terms[0].in_english(en) for _, en, _ in _catalogs())  # the test looks somewhere


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("triggered ability", "capacité déclenchée"),
        ("triggered abilities", "capacités déclenchées"),
        ("activated or triggered ability", "capacité activée ou déclenchée"),
        ("mana value", "valeur de mana"),
        ("on the stack", "sur la pile"),
        ("triggers an additional time", "se déclenche une fois de plus"),
        ("exiled cards", "cartes exilées"),
        ("put into a graveyard", "mis dans un cimetière"),
        ("without paying their mana costs", "sans payer leur coût de mana"),
        ("loyalty counters", "marqueurs\u00a0«\u00a0loyauté\u00a0»"),
        ("a creature dying", "la mort d'une créature"),
        ("The Masamune", "Masamune"),
        ("Sakashima's Protege", "le Protégé de Sakashima"),
    ],
)
def test_inflected_french_forms_are_accepted(english, french):
    assert check_text(english, french) == []


@pytest.mark.parametrize(
    ("english", "wrong_french", "label"),
    [
        ("Its mana value is 3.", "Son coût converti de mana est 3.", "mana value"),
        ("a triggered ability", "une capacité déclenchante", "triggered ability"),
        ("It's on the stack.", "Il est sur la zone de jeu.", "stack"),
        ("It deals 2 damage.", "Il inflige 2 dommages.", "damage"),
        ("it triggers an additional time", "elle se déclenche encore", "additional time"),
        ("You exile the cards.", "Vous retirez les cartes de la partie.", "exile"),
        ("loyalty counters", "compteurs de loyauté", "loyalty counter"),
        ("Sakashima's Protege", "Sakashima's Protege", "Sakashima's Protege"),
    ],
)
def test_the_checker_reports_a_wrong_or_missing_term(english, wrong_french, label):
    issues = check_text(english, wrong_french, "demo")
    assert issues, f"{wrong_french!r} should fail"
    assert any(i.label == label for i in issues), [str(i) for i in issues]


def test_known_wrong_forms_are_reported_even_beside_a_right_one():
    issues = check_text("mana value", "valeur de mana (anciennement coût converti de mana)")
    assert [i.kind for i in issues] == ["wrong"]
    assert "valeur de mana" in str(issues[0])


def test_the_masamune_takes_no_article_in_french():
    assert [i.label for i in check_text("The Masamune", "le Masamune")] == ["le Masamune"]


@pytest.mark.parametrize("rid", ["masamune-09", "cascade-02", "gogo-05", "protege-05"])
def test_breaking_a_real_translation_is_caught(rid):
    """Swap an official term of a real ruling for a wrong one: the checker must notice."""
    r = ruling(rid)
    swaps = {
        r"une fois de plus": "à nouveau",
        r"valeur de mana": "coût converti de mana",
        r"capacités déclenchées": "capacités déclenchantes",
        r"marqueurs": "compteurs",
    }
    broken = r.fr
    for official, wrong in swaps.items():
        broken = re.sub(official, wrong, broken)
    assert broken != r.fr
    assert check_text(r.en, broken, rid)


def test_exceptions_silence_only_what_they_name():
    text = "Vous mettez les cartes face visible. Tous les joueurs peuvent les voir."
    fake = dataclasses.replace(ruling("cascade-03"), fr=text)
    assert [i.label for i in check_rulings_terms([fake])] == ["exile"]
    assert check_rulings_terms([fake], exceptions={("cascade-03", "exile"): "demo"}) == []
    assert check_rulings_terms([fake], exceptions={("cascade-03", "stack"): "demo"}) != []


def test_terms_and_wrong_forms_are_valid_regular_expressions():
    for term in TERMS:
        assert isinstance(term, Term)
        for pattern in (term.en, *term.fr):
            re.compile(pattern)
    for wrong in WRONG_FORMS:
        re.compile(wrong.pattern)


def test_no_ruling_uses_a_known_wrong_form():
    for r in load_rulings():
        for wrong in WRONG_FORMS:
            assert not re.search(wrong.pattern, r.fr, re.IGNORECASE), f"{r.id}: {wrong.label}"
