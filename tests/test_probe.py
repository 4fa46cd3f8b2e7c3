"""A judge's probes of issue 14 from outside (probe-* scenarios): copies with exceptions and
copies of them (707.9b, 707.3), anthems, lords, counters that annihilate and losing abilities
(613, 704.5q), control and timestamps (613.1b, 613.7, 613.4d), removing counters, "you may pay"
paid by tapping a land (117.1d, 605.3a), one filter (601.2c), "that player" and "each opponent"
(115.10), mana-value filters and "whenever you gain life" (202.3, 119.9). Every card in them is
made up, so nothing can lean on a known name; that each check catches a wrong engine is shown
for every topic in test_topic_scenarios.py."""

from __future__ import annotations

from mtgrules.scenarios import load_scenario, shipped_scenarios

SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith("probe-")]


def test_there_are_probes():
    assert len(SCENARIOS) >= 6


def test_a_payment_during_resolution_is_told_once_and_not_as_casting():
    """117.1d, 605.3a: "you may pay {1}" paid by tapping a Forest: one line, the ability's
    payment (118.12); not also "Alice pays {1}" citing 601.2h, a step of casting a spell."""
    path = next(p for p in SCENARIOS if p.stem.startswith("probe-04"))
    game = load_scenario(path).run().game
    step = next(s for s in game.timeline.steps if any(e.key == "paid_optional"
                                                      for e in s.entries))
    keys = [e.key for e in step.entries]
    assert keys.count("paid_optional") == 1
    assert "paid_mana" not in keys
    assert "mana_added" in keys or any("605" in " ".join(e.rules) for e in step.entries)


def test_a_control_effect_names_who_gets_control_in_both_languages():
    """613.1b: "gain control of target creature" tells who controls it now, by name: not
    "controlled by you" (who is "you" to a reader?) nor an English "you" in the French."""
    path = next(p for p in SCENARIOS if p.stem.startswith("probe-03"))
    game = load_scenario(path).run().game
    en, fr = game.timeline.text("en"), game.timeline.text("fr").replace("\u202f", " ")
    assert "Grizzly Bears (bears): under Alice's control; gains haste until end of turn." in en
    assert "Les Grizzlis (bears) : sous le contrôle d'Alice ;" in fr
    assert "controlled by" not in en and " you" not in fr


def _attached_rules(stem: str) -> list[tuple[str, ...]]:
    path = next(p for p in shipped_scenarios() if p.stem.startswith(stem))
    game = load_scenario(path).run().game
    return [e.rules for s in game.timeline.steps for e in s.entries if e.key == "attached"]


def test_an_aura_entering_as_a_copy_is_attached_by_303_4f_not_as_an_aura_spell():
    """303.4f: an Aura that enters without being an Aura spell that resolves (here an
    enchantment spell entering as a copy of an Aura) has its controller choose what it
    enchants; 608.3c is about Aura spells, which enter attached to their target."""
    assert _attached_rules("probe-08") == [("303.4f",)]
    assert ("608.3c",) in _attached_rules("auras-01")


def test_first_strike_names_one_creature_in_the_singular():
    """510.4: with one first striker, "only Barbed Sentry deals" (not "deal"), and the French
    « seule cette créature inflige »."""
    path = next(p for p in SCENARIOS if p.stem.startswith("probe-10"))
    game = load_scenario(path).run().game
    en, fr = game.timeline.text("en"), game.timeline.text("fr").replace("\u202f", " ")
    assert "First strike: only Barbed Sentry (sentry) deals combat damage in this step." in en
    assert "seule cette créature inflige des blessures de combat : " in fr


def test_a_blog_post_names_who_answers_and_what_the_answer_names():
    """A post is read by people who never saw the file: "Alice is asked … — Answer: Dawn Wall
    (wall)", not "alice is asked … — Answer: wall"."""
    from mtgrules.export import Post

    path = next(p for p in SCENARIOS if p.stem.startswith("probe-09"))
    result = load_scenario(path).run()
    en = [i for b in Post(result, "en").blocks for i in b.items or () if "is asked" in i]
    fr = [i for b in Post(result, "fr").blocks for i in b.items or () if "doit choisir" in i]
    assert en[0] == ("Alice is asked: Choose targets for Shield Mote — Answer: Dawn Wall (wall)")
    # French typography: a narrow no-break space (U+202F) before the colon
    assert fr[0].startswith("Alice doit choisir\u202f: ") and fr[0].endswith("Mur de l'aube (wall)")
    assert any(i.endswith("Answer: Cinder Hearth (hearth)") for i in en)
