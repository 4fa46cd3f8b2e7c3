"""Predict, then play: each ruling's question is answered by the engine, and gives nothing away."""

import re

import pytest

from mtgrules.rulings import load_rulings, ruling
from mtgrules.teach import TeachingDataError, prediction, predictions

PREDICTIONS = predictions()


def test_every_ruling_has_a_question_with_its_usual_wrong_answer():
    assert [p.ruling_id for p in PREDICTIONS] == [r.id for r in load_rulings()]
    for p in PREDICTIONS:
        assert p.ruling.mistake is not None, p.ruling_id
        assert p.mistake().text("en") == p.ruling.mistake.en
        assert p.mistake().text("fr") == p.ruling.mistake.fr
        assert len(p.choices) >= 2


@pytest.mark.parametrize("p", PREDICTIONS, ids=lambda p: p.ruling_id)
def test_the_engine_confirms_exactly_one_choice_and_it_is_not_the_usual_mistake(p):
    verdicts = p.verdicts()
    assert verdicts.count(True) == 1, f"{p.ruling_id}: {verdicts}"
    assert not p.is_right(p.mistake().key)


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u202f", " ")).strip().lower()


@pytest.mark.parametrize("p", PREDICTIONS, ids=lambda p: p.ruling_id)
def test_no_prompt_contains_its_scenarios_title_or_outcome(p):
    sc = p.scenario
    for lang in ("en", "fr"):
        prompt = _words(p.prompt(lang))
        title = sc.title_fr if lang == "fr" else sc.title
        assert _words(title) not in prompt
        assert _words(p.right().text(lang)) not in prompt  # the outcome
        assert _words(ruling(p.ruling_id).text(lang)) not in prompt
        desc = _words(sc.description_fr if lang == "fr" else sc.description)
        assert not desc or desc not in prompt


def test_a_claim_the_engine_does_not_confirm_is_reported_as_such():
    p = prediction("gogo-12")
    assert p.right().key == "a" and p.is_right("a") and not p.is_right("b")
    with pytest.raises(ValueError, match="no choice 'z'"):
        p.is_right("z")


def test_a_question_with_two_right_answers_is_refused():
    from dataclasses import replace

    p = prediction("gogo-12")
    both = replace(p, ruling_id="gogo-12-twice", choices=(p.choices[0], p.choices[0]))
    with pytest.raises(TeachingDataError, match="2 choices hold"):
        both.right()


TOPIC_NOTEBOOKS = {"gogo": "02_copying_abilities_gogo",
                   "masamune": "03_additional_triggers_masamune",
                   "cascade": "04_cascade", "protege": "05_enter_as_copy_protege"}


def test_every_ruling_is_predicted_then_played_in_its_notebook():
    import json
    from pathlib import Path

    folder = Path(__file__).parents[1] / "notebooks"
    if not folder.is_dir():
        pytest.skip("no notebooks folder (an installed package)")
    for r in load_rulings():
        nb = json.loads((folder / f"{TOPIC_NOTEBOOKS[r.topic]}.ipynb").read_text("utf-8"))
        sources = ["".join(c["source"]) for c in nb["cells"]]
        predicted = next(i for i, s in enumerate(sources) if f'predict("{r.id}")' in s)
        shown = [i for i, s in enumerate(sources) if f'ruling("{r.id}")' in s]
        assert shown and min(shown) > predicted, f"{r.id}: the ruling is shown before its question"
        assert any("teach.summary" in s and r.id in s for s in sources), r.id
        assert any(s.startswith("## Judge's corner") for s in sources), TOPIC_NOTEBOOKS[r.topic]
