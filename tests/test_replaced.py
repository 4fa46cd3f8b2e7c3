"""What each replacement or prevention effect changed, as the step records it for the views
(614.6, 615.6, 616.1): one record per effect applied, in the order applied, naming the effect,
the event as it would have been and what happened instead; no record where nothing was
replaced; none left behind by an action that was undone."""

from __future__ import annotations

from functools import cache

import pytest

from mtgrules import Game, RulesError, catalog
from mtgrules.damage import gain_life
from mtgrules.replaced import Replaced
from mtgrules.scenarios import load_scenario, scenario_by_id, shipped_scenarios

#: Log entries that say a replacement or prevention effect named by its source applied.
REPLACING_ENTRIES = {"replaced_exile", "replaced_counters", "replaced_tokens", "replaced_life",
                     "replaced_damage", "prevented", "enters_tapped", "replaced_draw"}


@cache
def played(scenario_id: str) -> Game:
    return scenario_by_id(scenario_id).run().game


def chain(scenario_id: str, step: int) -> list[Replaced]:
    return played(scenario_id).timeline.steps[step].replaced


@pytest.mark.parametrize(("scenario_id", "order", "counts"), [
    ("replace-05a-hardened-scales-and-doubling-season-scales-first",
     ["Endless One", "Hardened Scales", "Doubling Season"], [3, 4, 8]),
    ("replace-05b-hardened-scales-and-doubling-season-doubling-first",
     ["Endless One", "Doubling Season", "Hardened Scales"], [3, 6, 7]),
])
def test_each_effect_is_recorded_in_the_order_chosen_with_what_it_made(
        scenario_id: str, order: list[str], counts: list[int]) -> None:
    """616.1: Alice's order decides which effect applies first; each record's 'after' is the
    next one's 'before'; the first is Endless One's own "enters with X counters" (614.1c)."""
    records = chain(scenario_id, 2)
    assert [r.name.en for r in records] == order
    assert [r.chained for r in records] == [False, True, True]
    assert [r.rule for r in records] == ["614.1c", "614.16", "614.16"]
    for record, n in zip(records, counts, strict=True):
        assert record.after is not None
        assert record.after.in_("en").endswith(f"with {n} +1/+1 counters")
        assert record.after.in_("fr").endswith(f"avec {n} marqueurs +1/+1")
    for earlier, later in zip(records, records[1:], strict=False):
        assert earlier.after == later.before
    assert records[0].affected is not None and records[0].affected.id == "endless"


def test_prevention_is_recorded_as_nothing_happening() -> None:
    """615.6: all 3 damage prevented by Healing Salve's shield: no damage event at all."""
    (record,) = chain("replace-04a-prevention-and-doubling-prevention-first", 5)
    assert record.prevention and record.kind_rule == "615" and record.rule == "615.1a"
    assert record.name.en == "Healing Salve" and record.after is None
    assert record.before.in_("en") == "Lightning Bolt deals 3 damage to Bob"
    assert record.before.in_("fr") == "la Foudre inflige 3 blessures à Bob"
    assert record.affected is not None and record.affected.id == "bob"


def test_a_replaced_draw_is_recorded_with_what_its_effect_did_instead() -> None:
    """614.11, 614.6: Notion Thief's "that player skips that draw and you draw a card": the
    record's 'after' is what its instructions did (Bob drew), not nothing (that is 615.6)."""
    first, second = chain("replace-15-notion-thief-draws-replaced", 5)
    for record, card in ((first, "bolt"), (second, "bolt-2")):
        assert record.name.en == "Notion Thief" and record.rule == "614.11"
        assert not record.prevention and record.affected is not None
        assert record.affected.id == "alice"
        assert record.before.in_("en") == "Alice draws 1 card"
        assert record.after is not None
        assert record.after.in_("en") == \
            f"Lightning Bolt ({card}) moves from the library to the hand. Bob draws a card."
        assert record.after.in_("fr") == \
            f"La Foudre ({card}) passe de la bibliothèque dans la main. Bob pioche une carte."


def test_the_other_order_records_both_effects() -> None:
    """replace-04b: Furnace of Rath first (3 → 6), then the shield prevents 3 of the 6."""
    records = chain("replace-04b-prevention-and-doubling-doubling-first", 5)
    assert [(r.name.en, r.prevention) for r in records] == \
        [("Furnace of Rath", False), ("Healing Salve", True)]
    assert records[0].after is not None and records[1].after is not None
    assert records[0].after.in_("en").endswith("deals 6 damage to Bob")
    assert records[1].after.in_("en").endswith("deals 3 damage to Bob")


@pytest.mark.parametrize("path", shipped_scenarios(), ids=lambda p: p.stem)
def test_every_replacement_the_log_tells_is_recorded_and_no_other(path) -> None:
    """Every effect the log says replaced or prevented something has its record, and every
    record cites a rule the step's log cites (707.5 for entering as a copy, 306.5b for
    loyalty...): a view drawing the records never marks what didn't happen."""
    game = load_scenario(path).run().game
    for step in game.timeline.steps:
        logged = {e.get("source").en for e in step.entries if e.key in REPLACING_ENTRIES}
        assert logged <= {r.name.en for r in step.replaced}, step.index
        cited = set(step.rules())
        assert all(r.rule in cited for r in step.replaced), (step.index, step.replaced)
        if not step.replaced:
            assert not logged


def _boon_game() -> Game:
    game = Game(["alice", "bob"])
    game.add(catalog()["Boon Reflection"], "battlefield", "alice", id="boon")
    game.start()
    return game


def test_an_effect_undone_with_its_action_leaves_no_record() -> None:
    """An attempt rolled back inside an action (608.2g's kind) takes its records with it."""
    game = _boon_game()

    def gain_then_fail() -> None:
        gain_life(game, "alice", 2)
        try:
            with game.transaction():
                gain_life(game, "alice", 5)
                raise RulesError("undone")
        except RulesError:
            pass

    game.perform("gain", "gain", gain_then_fail)
    (record,) = game.timeline.steps[-1].replaced
    assert record.before.in_("en") == "Alice gains 2 life"
    assert record.after is not None and record.after.in_("en") == "Alice gains 4 life"
    assert game.player("alice").life == 24


def test_nothing_is_recorded_when_nothing_applies() -> None:
    game = _boon_game()
    game.perform("gain", "gain", lambda: gain_life(game, "bob", 2))  # Boon Reflection: "you"
    assert game.timeline.steps[-1].replaced == []
    assert game.player("bob").life == 22
