"""Rules the kit had left out (session 7), each played out as the rules say, with the narration a
learner reads in English and in French."""

# ruff: noqa: E501  (card texts are written out whole, as on the cards)
from __future__ import annotations

from test_probe_rules import PLANESWALKER

from mtgrules.scenarios import parse_scenario


def _step_lines(text: str, index: int, lang: str) -> list[str]:
    result = parse_scenario(text).run()
    assert result.error is None, result.error
    return [e.text(lang) for e in result.game.timeline.steps[index].entries]


# --- 120.3c, 306.8: damage to a planeswalker removes loyalty counters ---------------------------

def test_damage_dealt_to_a_planeswalker_is_told_as_loyalty_counters_removed() -> None:
    """120.3c: Zap deals 2 damage to Ember Sage (loyalty 3): that many loyalty counters are
    removed from it, and the log says so right after the damage, with the rule."""
    text = PLANESWALKER.replace("LOYALTY", "1")
    en, fr = _step_lines(text, 2, "en"), _step_lines(text, 2, "fr")
    i = en.index("Zap deals 2 damage to Ember Sage (sage).")
    assert en[i + 1] == ("Damage dealt to a planeswalker removes that many loyalty counters: "
                         "2 removed from Ember Sage (sage), 1 left.")
    assert fr[i + 1] == ("Les blessures infligées à un planeswalker lui retirent autant de "
                         "marqueurs «\u202floyauté\u202f»\u202f: 2 retirés du Sage des braises (sage), "
                         "il en reste 1.")
    entry = parse_scenario(text).run().game.timeline.steps[2].entries[i + 1]
    assert entry.rules == ("120.3c", "306.8")


def test_damage_beyond_a_planeswalkers_loyalty_removes_only_the_counters_it_has() -> None:
    """120.3c: 2 damage to a planeswalker with 1 loyalty counter removes that one counter; with
    none left it is put into its owner's graveyard (704.5i)."""
    text = PLANESWALKER.replace("LOYALTY", "0").replace(
        "battlefield: [{card: Ember Sage, id: sage}]",
        "battlefield: [{card: Ember Sage, id: sage, counters: {loyalty: 1}}]")
    en = _step_lines(text, 2, "en")
    assert ("Damage dealt to a planeswalker removes that many loyalty counters: 1 removed "
            "from Ember Sage (sage), 0 left.") in en
    assert any("704.5i" in str(e) or "graveyard" in e for e in en)


def test_combat_damage_to_a_planeswalker_is_told_as_loyalty_counters_removed_too() -> None:
    """510.2, 120.3c: an attacking creature's combat damage to Jace Beleren removes loyalty."""
    from mtgrules.scenarios import scenario_by_id
    steps = scenario_by_id("combat-14-attacking-a-planeswalker").run().game.timeline.steps
    lines = [e.text("en") for s in steps for e in s.entries]
    assert ("Damage dealt to a planeswalker removes that many loyalty counters: 2 removed from "
            "Jace Beleren (jace), 1 left.") in lines
