"""The replacement notebook in a real JupyterLab: the action panel asks which replacement
effect applies first (616.1), in English and in French, and the two answers put different
numbers of counters on the board drawn under it (Hardened Scales first: 8; Doubling Season
first: 7), with the note of what was replaced, by which effect, in order."""

from __future__ import annotations

from pathlib import Path

import pytest
from lab_harness import LabPage

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "10_replacement_and_prevention.ipynb"

WORDS = {
    "en": {"priority": "has priority", "do": "Do it", "answer": "Answer",
           "undo": "Undo last step", "cast": "casts Endless One", "resolve": "top of the stack",
           "prompt": "Which replacement or prevention effect applies first",
           "scales": "Hardened Scales", "season": "Doubling Season",
           "says": ["Hardened Scales: If one or more +1/+1 counters would be put",
                    "it puts twice that many of those counters on that permanent instead"],
           "counters": "+1/+1 ×{n}", "note": "instead, by {name}"},
    "fr": {"priority": "a la priorité", "do": "Valider", "answer": "Répondre",
           "undo": "Annuler la dernière étape", "cast": "Infini", "resolve": "sommet de la pile",
           "prompt": "Quel effet de remplacement ou de prévention s'applique d'abord",
           "scales": "Écailles durcies", "season": "Saison de la multiplication",
           "says": ["Écailles durcies\u202f: Si un ou plusieurs marqueurs +1/+1",
                    "il met deux fois plus de ces marqueurs sur ce permanent à la place"],
           "counters": "+1/+1 ×{n}", "note": "à la place, par {name}"},
}


def _option(select, text: str) -> str:
    """The label of the option of ``select`` that contains ``text``."""
    labels = select.locator("option").all_inner_texts()  # ipywidgets writes spaces as U+00A0
    found = [label for label in labels if text in label.replace("\xa0", " ")]
    assert found, f"no option with {text!r} in {labels}"
    return found[0]


def _choose(cell, text: str, which: int = 0) -> None:
    select = cell.locator("select").nth(which)
    select.select_option(label=_option(select, text))


@pytest.mark.parametrize(("lang", "first", "counters", "then", "other"), [
    ("en", "scales", 8, "season", 7), ("fr", "season", 7, "scales", 8)])
def test_the_616_1_question_answered_both_ways_changes_the_counters(
        lab: LabPage, lang: str, first: str, counters: int, then: str, other: int) -> None:
    from playwright.sync_api import expect

    words = WORDS[lang]
    path = lab.server.add_notebook(NOTEBOOK)
    lab.open_notebook(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    texts = lab.all_output_texts()
    index = max(i for i, text in enumerate(texts) if "has priority" in text)
    cell = lab.cells().nth(index)
    if lang == "fr":
        cell.get_by_role("button", name="Français", exact=True).click()
        lab.expect_output_contains(index, words["priority"])
    diagram = cell.locator(".mtg-diagram svg")

    _choose(cell, words["cast"])
    lab.click_button(words["do"], cell=index)
    number = cell.locator(".mtg-question input").first
    number.fill("3")
    number.press("Enter")
    lab.click_button(words["answer"], cell=index)
    lab.expect_output_contains(index, "Done: " if lang == "en" else "Fait\u202f: ")

    for answer, n in ((first, counters), (then, other)):
        _choose(cell, words["resolve"])
        lab.click_button(words["do"], cell=index)
        lab.expect_output_contains(index, words["prompt"])
        question = cell.locator(".mtg-question select").first
        offered = [o.replace("\xa0", " ") for o in question.locator("option").all_inner_texts()]
        assert [o for o in offered if words["scales"] in o] and \
            [o for o in offered if words["season"] in o], offered
        for says in words["says"]:  # what each effect does, in full, under the question
            expect(cell.locator(".mtg-choices")).to_contain_text(says)
        question.select_option(label=_option(question, words[answer]))
        lab.page.wait_for_timeout(200)
        cell.locator(".mtg-question").scroll_into_view_if_needed()
        lab.screenshot(f"replacement-question-{lang}-{answer}")
        lab.click_button(words["answer"], cell=index)
        expect(diagram).to_contain_text(words["counters"].format(n=n))
        # the note names the effect (a long name may wrap after its first word)
        name = words[answer].split()[0]
        expect(diagram).to_contain_text(words["note"].format(name=name))
        lab.page.wait_for_timeout(300)
        diagram.scroll_into_view_if_needed()
        lab.page.wait_for_timeout(300)
        shot = lab.screenshot(f"replacement-board-{lang}-{answer}-first")
        assert shot.stat().st_size > 0
        lab.click_button(words["undo"], cell=index)  # back to Endless One on the stack
        expect(diagram).not_to_contain_text(words["counters"].format(n=n))
