"""What the scenario tests of each card share: a scenario's learner-facing text, in pairs."""

from __future__ import annotations

from pathlib import Path

from mtgrules.rulings.terminology import check_text
from mtgrules.scenarios import load_scenario


def assert_bilingual_with_official_terms(path: Path) -> None:
    """Title, description and every note exist in English and French, the two differ, and the
    French uses the glossary's official terms for what the English says."""
    sc = load_scenario(path)
    pairs = [(sc.title, sc.title_fr), (sc.description, sc.description_fr)]
    pairs += [(c.note, c.note_fr) for c in sc.all_checks() if c.note or c.note_fr]
    pairs += [(a.note, a.note_fr) for a in sc.script if a.note or a.note_fr]
    for en, fr in pairs:
        assert en and fr and en != fr, (path.name, en, fr)
        assert not check_text(en, fr), (path.name, [str(i) for i in check_text(en, fr)])
