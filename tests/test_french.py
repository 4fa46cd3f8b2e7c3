"""Everything a learner reads exists in French, and French narration has no English left in it.

The list of English words below is ours: words that would betray a message not translated
(articles, verbs of the log, the check kinds, the report's words), leaving out those French
shares (mana, exile, face, source, phase, combat, copies, main). Card names, ids and rule
numbers are not English words here.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import mtgrules
from mtgrules.scenarios import scenario_by_id, shipped_scenarios
from mtgrules.scenarios.report import LABELS, check_line, narrate
from mtgrules.text import MESSAGES, PHRASES, WORDS, Plural
from mtgrules.text.messages import ACTIONS, STEP_NAMES, ZONE_NAMES

PACKAGE = Path(mtgrules.__file__).parent

#: English words that must never appear in French narration (lower case, whole words).
ENGLISH_WORDS = frozenset("""
the and of to from into onto with without by for its their his her this that these those
is are was were be been becomes become has have had does doesn't don't can't isn't
when whenever at each other another all any none yes no not only
line check checks expected actual passed failed refused allowed rulings ruling
stack triggered activated ability abilities trigger triggers resolve resolves resolved
cast casts play plays pass passes priority damage deals life gains loses card cards spell
spells copy target targets creature creatures player players battlefield
graveyard library hand command counter counters token tokens enters leaves dies died
step turn cleanup upkeep draw draws attack attacks attacking block blocks
blocker blockers attacker attackers value pays paid cost costs up down order
""".split())  # noqa: SIM905 - a word list reads best as words

_IDS = re.compile(r"\((?:[A-Za-z0-9][\w\-#]*(?:,\s*)?)+\)")  # "(bears-1)", "(artist, bears-1)"


#: A refused answer quotes what a person typed, in their own words: not ours to translate.
_THEIR_ANSWER = re.compile(r"« [^»]* » n'est pas une réponse légale")


def _english_words(text: str, ids: set[str]) -> set[str]:
    text = _THEIR_ANSWER.sub(" ", _IDS.sub(" ", text.replace("\u202f", " ")))
    words = {w.lower() for w in re.findall(r"[^\W\d_][^\W\d_']*(?:'t)?", text)}
    return {w for w in words & ENGLISH_WORDS if w not in ids}


def _french(value: str | Plural) -> list[str]:
    return [value.one, value.other] if isinstance(value, Plural) else [value]


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_message_has_french_with_the_same_parameters(key: str):
    en, fr = MESSAGES[key]
    fields = {f for t in _french(en) for f in re.findall(r"\{(\w+)", t)}
    for text in _french(fr):
        assert text.strip(), key
        assert {f for f in re.findall(r"\{(\w+)", text)} <= fields | {"n"}, key
    assert ACTIONS.keys() <= MESSAGES.keys()


def test_every_word_phrase_zone_and_step_has_french():
    for table in (WORDS, STEP_NAMES):
        assert all(fr and fr != en or en == fr == "" for en, fr in table.values())
    for _en, fr in PHRASES.values():
        assert fr.one and fr.other
    assert all(forms[2] and forms[3] for forms in ZONE_NAMES.values())


def _rules_error_calls() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                    "RulesError", "IllegalAnswer"):
                found.append((str(path.relative_to(PACKAGE)), node.lineno, node))
    return found


def test_every_rules_error_the_engine_raises_has_french():
    missing = [f"{path}:{line}" for path, line, call in _rules_error_calls()
               if not any(k.arg in ("message_fr", "prompt_fr") for k in call.keywords)
               and not (len(call.args) >= 3)
               and not any(isinstance(a, ast.Starred) for a in call.args)
               and not any(k.arg is None for k in call.keywords)]
    assert len(_rules_error_calls()) > 20
    assert not missing, f"RulesError without message_fr: {missing}"


def test_every_widget_string_has_french():
    from mtgrules.widgets.i18n import LABELS as WIDGET_LABELS
    from mtgrules.widgets.quiz import QUIZ_LABELS

    for table in (WIDGET_LABELS, QUIZ_LABELS):
        for key, (en, fr) in table.items():
            fields = {f for text in _french(en) for f in re.findall(r"\{(\w+)\}", text)}
            for text in _french(fr):
                assert text.strip(), key
                assert set(re.findall(r"\{(\w+)\}", text)) <= fields | {"n"}, key


def test_every_report_line_has_french():
    for key, (en, fr) in LABELS.items():
        assert fr.strip() and (fr != en or key == "line"), key


SCENARIOS = [p.stem for p in shipped_scenarios()]


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_french_narration_has_no_english_words(scenario_id: str):
    result = scenario_by_id(scenario_id).run()
    ids = set(result.game.state.objects) | set(result.game.state.players)
    ids |= {part for i in ids for part in re.split(r"[-#]", i)}
    text = narrate(result, "fr")
    lines = [line for line in text.splitlines() if _english_words(line, ids)]
    assert not lines, "\n".join(f"{sorted(_english_words(x, ids))}: {x}" for x in lines[:8])
    for check in result.checks:
        assert not _english_words(check_line(check, result.game, "fr"), ids)


def test_french_typography_in_narration():
    text = narrate(scenario_by_id("gogo-12-copy-resolves-first").run(), "fr")
    assert " :" not in text and " ;" not in text and "« " not in text
    assert "\u202f:" in text
