"""The narration reads as a judge would write it: every log line of every shipped scenario is a
whole sentence in English and in French (a line that ends on "instead:" reads cut, whatever the
lines after it say)."""

from __future__ import annotations

import pytest

from mtgrules.scenarios import scenario_by_id, shipped_scenarios

SCENARIOS = [p.stem for p in shipped_scenarios()]
#: How a sentence may end: a full stop, or a quotation that ends with its own ("has “… it.”").
SENTENCE_ENDS = (".", "!", "?", ".”", ".»", ". »")


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_every_log_line_is_a_whole_sentence(scenario_id: str) -> None:
    game = scenario_by_id(scenario_id).run().game
    cut = [(step.index, lang, entry.text(lang))
           for step in game.timeline.steps for entry in step.entries for lang in ("en", "fr")
           if not entry.text(lang).replace("\u202f", " ").rstrip().endswith(SENTENCE_ENDS)]
    assert not cut, cut[:5]


def test_a_replaced_draw_is_told_in_whole_sentences() -> None:
    """614.11, 614.6: Notion Thief replaces Alice's draw: one sentence says so, the next ones
    say what its effect did."""
    game = scenario_by_id("replace-15-notion-thief-draws-replaced").run().game
    entries = game.timeline.steps[5].entries
    keys = [e.key for e in entries]
    i = keys.index("replaced_draw")
    assert entries[i].text("en") == (
        "Replacement (Notion Thief, thief): Alice skips that draw (it never happens) and the "
        "effect of Notion Thief applies instead.")
    assert entries[i].text("fr") == (
        "Remplacement (le Voleur de notions, thief)\u202f: Alice ne pioche pas cette carte "
        "(cette pioche n'a jamais lieu) et l'effet du Voleur de notions s'applique à la place.")
    assert [e.text("en") for e in entries[i + 1:i + 3]] == [
        "Lightning Bolt (bolt) moves from the library to the hand.", "Bob draws a card."]
