"""Gogo, Master of Mimicry: the fourteen official rulings (gogo-01 .. gogo-14), played out.

Gogo's text: "{X}{X}, {T}: Copy target activated or triggered ability you control X times. You
may choose new targets for the copies. This ability can't be copied and X can't be 0."

- Every shipped ``gogo-*`` scenario passes, and together they reproduce all fourteen rulings.
- Their checks are not decoration: the same scenario with a wrong expectation fails, and so does
  a correct scenario played by an engine that gets the ruling wrong.
- A made-up card with Gogo's abilities under another name behaves exactly like Gogo.
- What Gogo can't do is refused, citing the rule, and the game is left exactly as it was.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgrules import RulesError, catalog
from mtgrules.check import check_rulings
from mtgrules.game import Game
from mtgrules.objects import Payment
from mtgrules.rulings import rule_matches
from mtgrules.rulings.terminology import check_text
from mtgrules.scenarios import (
    Scenario,
    ScenarioResult,
    load_scenario,
    parse_scenario,
    shipped_dir,
)
from mtgrules.scenarios.report import narrate
from mtgrules.scenarios.runner import fingerprint

GOGO_NAME = "Gogo, Master of Mimicry"
GOGO_SCENARIOS = sorted(shipped_dir().glob("gogo-*.yaml"))


def _load(stem: str) -> Scenario:
    """A freshly parsed shipped scenario: its checks may be altered without touching the file."""
    return load_scenario(shipped_dir() / f"{stem}.yaml")


def _explain(result: ScenarioResult) -> str:
    return narrate(result, "en")


# --- (a) every scenario passes; all fourteen rulings are reproduced --------------------------


@pytest.mark.parametrize("path", GOGO_SCENARIOS, ids=lambda p: p.stem)
def test_gogo_scenario_passes(path: Path) -> None:
    """Each gogo scenario plays to the end and every one of its checks holds."""
    result = load_scenario(path).run()
    assert result.passed, _explain(result)
    assert result.checks, "a scenario without checks demonstrates nothing"


def test_every_gogo_ruling_is_reproduced() -> None:
    """gogo-01 .. gogo-14 each have at least one scenario whose checks name it, all passing."""
    rows = {r["ruling"]: r for r in check_rulings([load_scenario(p).run()
                                                   for p in GOGO_SCENARIOS])}
    for n in range(1, 15):
        row = rows[f"gogo-{n:02d}"]
        assert row["scenarios"], f"gogo-{n:02d} has no scenario"
        assert row["passed"] is True, row


def _texts(data: dict) -> list[tuple[str | None, str | None]]:
    """Every (English, French) pair a scenario shows: title, description and notes."""
    pairs = [(data.get("title"), data.get("title_fr")),
             (data.get("description"), data.get("description_fr"))]
    items = [*data.get("script", []), *data.get("expect", [])]
    items += [c for step in data.get("script", []) for c in step.get("check") or []]
    pairs += [(i.get("note"), i.get("note_fr")) for i in items if "note" in i or "note_fr" in i]
    return pairs


@pytest.mark.parametrize("path", GOGO_SCENARIOS, ids=lambda p: p.stem)
def test_gogo_scenario_speaks_english_and_official_french(path: Path) -> None:
    """Title, description and every note exist in English and in French, and the French uses
    the glossary's official terms for the English ones (capacité déclenchée, la pile...)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for en, fr in _texts(data):
        assert en and fr, f"{path.stem}: {en!r} / {fr!r}"
        assert check_text(en, fr, path.stem) == [], (en, fr)


# --- (b) the checks discriminate --------------------------------------------------------------


def _set(path: tuple[Any, ...], value: Any) -> Callable[[Any], Any]:
    """Replace the value at ``path`` inside a check's expected value."""
    def change(expected: Any) -> Any:
        expected = copy.deepcopy(expected)
        where = expected
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value
        return expected
    return change


def _whole(value: Any) -> Callable[[Any], Any]:
    return lambda _expected: copy.deepcopy(value)


# (scenario, ruling, check kind, which of those checks, wrong expectation, what it would mean)
WRONG = [
    ("gogo-01-same-source", "gogo-01", "stack_object", 0, _set(("source",), "gogo"),
     "Gogo, not Blood Artist, is the copy's source"),
    ("gogo-02-additional-instances", "gogo-02", "object", 0,
     _set(("abilities",), ["activated", "triggered"]), "Gogo gained the copied ability"),
    ("gogo-02-additional-instances", "gogo-02", "stack", 1,
     lambda e: [e[0], e[2]], "X=2 made only one copy"),
    ("gogo-03-pay-for-each-copy", "gogo-03", "zone", 1,
     _set(("equals",), ["island-1", "island-2"]), "paying for the copy paid for the original"),
    ("gogo-03-pay-for-each-copy", "gogo-03", "asked", 0, _set(("count",), 1),
     "the payment was decided when the copy was made"),
    ("gogo-04-linked-hideaway", "gogo-04", "linked", 0, _set(("count",), 1),
     "the copy's exiled card isn't linked"),
    ("gogo-07-no-cost-for-the-copy", "gogo-07", "asked", 0, _set(("count",), 2),
     "the copy paid its own cost (another sacrifice)"),
    ("gogo-07-no-cost-for-the-copy", "gogo-07", "zone", 1,
     _set(("equals",), ["bears", "elves"]), "a second creature was sacrificed for the copy"),
    ("gogo-07-no-cost-for-the-copy", "gogo-07", "life", 0, _set(("bob",), 20),
     "the copy didn't use what was paid for the original"),
    ("gogo-08-keep-or-change-targets", "gogo-08", "stack", 0, _set((2, "targets"), []),
     "a kept target was dropped"),
    ("gogo-08-target-without-alternative", "gogo-08", "stack", 0, _set((0, "targets"), []),
     "an illegal target with no alternative was removed"),
    ("gogo-09-copy-is-not-activated", "gogo-09", "triggered", 2, _set(("count",), 1),
     "Rings of Brighthearth triggered for the copy"),
    ("gogo-09-copy-is-not-a-trigger", "gogo-09", "stack", 0,
     lambda e: [e[0], *e], "Teysa Karlov added a second copy"),
    ("gogo-10-same-x", "gogo-10", "stack", 0, _set((0, "x"), 0), "the copy's X was 0"),
    ("gogo-10-same-x", "gogo-10", "life", 0, _set(("bob",), 20),
     "the copy dealt no damage"),
    ("gogo-11-ability-without-targets", "gogo-11", "object", 0, _set(("types",), ["land"]),
     "the copy of an ability without targets did nothing"),
    ("gogo-12-copy-resolves-first", "gogo-12", "resolved_order", 1, _whole(["S2", "S1", "S3"]),
     "the original resolved first"),
    ("gogo-13-distributed-counters", "gogo-13", "stack", 0, _set((0, "division"), [1, 2]),
     "the copy's distribution was changed"),
    ("gogo-13-divided-damage", "gogo-13", "asked", 0, _set(("count",), 1),
     "the damage was divided again for the copy"),
    ("gogo-14-same-mode", "gogo-14", "stack", 0, _set((0, "mode"), 1),
     "a new mode was chosen for the copy"),
]


@pytest.mark.parametrize("stem,ruling,kind,index,change,meaning", WRONG,
                         ids=[w[5] for w in WRONG])
def test_a_wrong_expectation_fails(stem: str, ruling: str, kind: str, index: int,
                                   change: Callable[[Any], Any], meaning: str) -> None:
    """The scenario with one expectation saying the opposite of the ruling fails, on that check
    alone: the check compares what the engine did with what the ruling claims."""
    scenario = _load(stem)
    checks = [c for c in scenario.all_checks() if c.kind == kind and ruling in c.rulings]
    target = checks[index]
    target.expected = change(target.expected)
    result = scenario.run()
    assert not result.passed, f"still passes although {meaning}"
    assert [r.check for r in result.failures()] == [target], _explain(result)


def test_a_wrong_refusal_expectation_fails() -> None:
    """An expected refusal is checked too: citing another rule fails, and so does expecting a
    refusal of an action that is legal."""
    scenario = _load("gogo-02-what-gogo-can-target")
    refusals = [a for a in scenario.script if a.error is not None]
    refusals[-1].error = {**refusals[-1].error, "rule": "601.2c"}  # X=0 is refused by 107.3a
    assert [r.check.kind for r in scenario.run().failures()] == ["error"]

    scenario = _load("gogo-02-what-gogo-can-target")
    legal = next(a for a in scenario.script if a.kind == "activate" and a.error is None
                 and a.value == "gogo")
    legal.error = {"rule": "115.5", "rulings": ("gogo-02",)}
    result = scenario.run()
    assert [r.message for r in result.failures()] == ["the action was allowed"]
    assert result.failures()[0].rulings == ("gogo-02",)


# An engine that gets a ruling wrong fails the scenario that shows it. Each of these wraps the
# engine's copy maker and breaks one thing the rules say about copies (707.10).

def _wrong_copies(monkeypatch: pytest.MonkeyPatch,
                  spoil: Callable[[Game, Any, Any], dict[str, Any] | None]) -> None:
    """``spoil`` returns the copy's wrong fields (stack objects are frozen: the spoilt copy
    takes the copy's place on the stack), or moves it itself and returns None."""
    from mtgrules import copying, effects
    real = copying.copy_stack_object

    def copy_stack_object(game: Game, effect: Any, target_id: str, times: int,
                          new_targets: bool, **how: Any) -> list[str]:
        ids = real(game, effect, target_id, times, new_targets, **how)
        for sid in ids:
            wrong = spoil(game, effect, game.state.item(sid))
            if wrong:
                game.state.put_back(dataclasses.replace(game.state.item(sid), **wrong))
        return ids
    monkeypatch.setattr(effects, "copy_stack_object", copy_stack_object)  # the copy effect's


def _failing_rulings(stem: str) -> set[str]:
    result = _load(stem).run()
    return {r for c in result.failures() for r in c.rulings} | (
        {"(refused)"} if result.error else set())


def test_an_engine_that_makes_gogo_the_source_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """gogo-01: if the copy's source were Gogo, its "this" and its damage would be Gogo's."""
    def gogo_is_source(game: Game, effect: Any, item: Any) -> dict[str, Any]:
        return {"source_id": effect.source_id, "source_zcc": effect.source_zcc,
                "source_name": effect.source_name, "source_name_fr": effect.source_name_fr}
    _wrong_copies(monkeypatch, gogo_is_source)
    assert "gogo-01" in _failing_rulings("gogo-01-same-source")
    assert "gogo-01" in _failing_rulings("gogo-10-same-x")
    assert "gogo-01" in _failing_rulings("gogo-11-ability-without-targets")


def test_an_engine_that_forgets_x_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """gogo-10: a copy whose X is not the original's X."""
    _wrong_copies(monkeypatch, lambda game, effect, item: {"x": 0})
    assert "gogo-10" in _failing_rulings("gogo-10-same-x")


def test_an_engine_that_forgets_the_payment_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """gogo-07: a copy that doesn't know what was sacrificed for the original."""
    _wrong_copies(monkeypatch, lambda game, effect, item: {"paid": Payment()})
    assert "gogo-07" in _failing_rulings("gogo-07-no-cost-for-the-copy")


def test_an_engine_that_puts_the_copy_underneath_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """gogo-12: a copy put under the original would resolve after it."""
    def underneath(game: Game, effect: Any, item: Any) -> None:
        stack = game.state.stack
        stack.remove(item)
        stack.insert(stack.index(game.state.item(item.copy_of)), item)
    _wrong_copies(monkeypatch, underneath)
    assert "gogo-12" in _failing_rulings("gogo-12-copy-resolves-first")


def test_an_engine_that_redivides_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """gogo-13: a copy whose division was made again (here, the other way round)."""
    def redivide(game: Game, effect: Any, item: Any) -> dict[str, Any]:
        return {"division": tuple(reversed(item.division)) if item.division else None}
    _wrong_copies(monkeypatch, redivide)
    assert "gogo-13" in _failing_rulings("gogo-13-distributed-counters")


def test_an_engine_that_changes_the_mode_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """gogo-14: a copy that comes with the other mode."""
    _wrong_copies(monkeypatch, lambda game, effect, item: {"mode": 0})
    assert "gogo-14" in _failing_rulings("gogo-14-same-mode")


# --- (c) a made-up card with Gogo's abilities is Gogo under another name ---------------------

MIMIC_ADEPT = """
name: Mimic Adept
name_fr: Adepte du mimétisme
kit: true
verified_fr: false
note: "A made-up card: Gogo's characteristics and abilities under another name."
mana_cost: "{2}{U}"
supertypes: [legendary]
types: [creature]
subtypes: [wizard]
power: 2
toughness: 4
abilities:
  - kind: activated
    text: "{X}{X}, {T}: Copy target activated or triggered ability you control X times."
    text_fr: >-
      {X}{X}, {T} : Copiez X fois une capacité activée ou déclenchée ciblée que vous
      contrôlez.
    cost: "{X}{X}, {T}"
    x_min: 1
    copiable: false
    targets: [{type: stack_ability, filter: {controller: you}}]
    effects: [{do: copy, what: target, times: X, new_targets: true}]
"""


def _with_mimic(path: Path) -> Scenario:
    """The same scenario, with Mimic Adept (defined inline) wherever it had Gogo."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["cards"] = [*data.get("cards", []), yaml.safe_load(MIMIC_ADEPT)]
    for player in data["setup"].values():
        if not isinstance(player, dict):
            continue
        for objects in player.values():
            for obj in objects if isinstance(objects, list) else []:
                if isinstance(obj, dict) and obj.get("card") == GOGO_NAME:
                    obj["card"] = "Mimic Adept"
    text = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return parse_scenario(text, scenario_id=path.stem + "-mimic")


def test_mimic_adept_has_exactly_gogos_abilities() -> None:
    """The made-up card differs from Gogo by its name only."""
    scenario = _with_mimic(GOGO_SCENARIOS[0])
    mimic = scenario.cards["Mimic Adept"].characteristics()
    gogo = catalog()[GOGO_NAME].characteristics()
    assert mimic.abilities == gogo.abilities
    assert dataclasses.replace(mimic, name=gogo.name, name_fr=gogo.name_fr, text=gogo.text,
                               text_fr=gogo.text_fr) == gogo


def _stacks(result: ScenarioResult) -> list[list[tuple[Any, ...]]]:
    """The stack after every step, top first, with every decision made for each object."""
    return [[(it.id, it.kind, it.controller, it.source_id, it.is_copy, it.copy_of,
              [[r.id for r in slot] for slot in it.targets], it.x, it.mode, it.division,
              it.instance) for it in reversed(step.state.stack)]
            for step in result.game.timeline.steps]


def _story(result: ScenarioResult, lang: str) -> list[str]:
    mimic = {"en": "Mimic Adept", "fr": "Adepte du mimétisme"}[lang]
    gogo = {"en": GOGO_NAME, "fr": "Gogo, maître de l'imitation"}[lang]
    # « de » elides before the made-up name (« d'Adepte du mimétisme »), not before Gogo's.
    return [s.text(lang).replace(f"d'{mimic}", f"de {gogo}").replace(mimic, gogo)
            for s in result.game.timeline.steps]


@pytest.mark.parametrize("path", GOGO_SCENARIOS, ids=lambda p: p.stem)
def test_a_card_with_gogos_abilities_behaves_the_same(path: Path) -> None:
    """No rule looks at Gogo's name: with Mimic Adept instead, every step (stack, choices,
    effects), every check and the final state are the same, but for the name."""
    original, mimic = load_scenario(path).run(), _with_mimic(path).run()
    assert mimic.passed, _explain(mimic)
    assert _stacks(mimic) == _stacks(original)
    for lang in ("en", "fr"):
        assert _story(mimic, lang) == _story(original, lang)
    assert [repr(c.actual).replace("Mimic Adept", GOGO_NAME) for c in mimic.checks] == \
        [repr(c.actual) for c in original.checks]
    a, b = original.game.state, mimic.game.state
    assert (a.resolved, a.zones, a.linked) == (b.resolved, b.zones, b.linked)
    assert {p: (v.life, v.mana_pool) for p, v in a.players.items()} == \
        {p: (v.life, v.mana_pool) for p, v in b.players.items()}


# --- (d) what Gogo can't do is refused, by rule, leaving the game as it was -------------------

BOARD = """
players:
  alice: {mana: "{R}{W}{8}"}
  bob: {}
setup:
  alice:
    battlefield:
      - {card: "Gogo, Master of Mimicry", id: gogo}
      - {card: Spark Caller, id: caller}
      - {card: Llanowar Elves, id: elves}
      - {card: Forest, id: forest}
      - {card: Blood Artist, id: alice-artist}
    hand:
      - {card: Lightning Bolt, id: bolt}
      - {card: Oracle of Two Paths, id: oracle}
  bob:
    battlefield:
      - {card: Blood Artist, id: bob-artist}
      - {card: Grizzly Bears, id: bears}
"""


@pytest.fixture
def game() -> Game:
    return parse_scenario(BOARD, scenario_id="gogo-board").new_game()


def _refused(game: Game, action: Callable[[], Any], rule: str | None = None) -> RulesError:
    """``action`` raises RulesError, citing ``rule`` (or one of its subrules) when given, and the
    game, including its recorded timeline, is exactly as it was."""
    before, steps = fingerprint(game), len(game.timeline.steps)
    with pytest.raises(RulesError) as refusal:
        action()
    if rule is not None:
        assert refusal.value.rule is not None and rule_matches(refusal.value.rule, rule), \
            f"cited {refusal.value.rule}, expected {rule}: {refusal.value}"
    assert fingerprint(game) == before
    assert len(game.timeline.steps) == steps
    return refusal.value


def _gogo(game: Game, *answers: dict[str, Any]) -> Any:
    return game.activate("alice", "gogo", answers=list(answers))


def test_x_cannot_be_0(game: Game) -> None:
    """"X can't be 0": announcing 0 for Gogo's X is refused (107.3a: X is announced while
    activating)."""
    game.activate("alice", "caller", answers=[{"x": 1}, {"targets": ["bob"]}])
    _refused(game, lambda: _gogo(game, {"x": 0}, {"targets": ["S1"]}), "107.3")
    assert _gogo(game, {"x": 1}, {"targets": ["S1"]}) == "S2"


def test_a_mana_ability_is_never_a_target(game: Game) -> None:
    """gogo-02 / 605.3b: a mana ability resolves at once and never goes on the stack, so Gogo
    has nothing to target after one, and it is never among Gogo's legal targets."""
    assert game.activate("alice", "elves") is None
    assert game.stack == []
    error = _refused(game, lambda: _gogo(game, {"x": 1}), "602.2b")
    assert "no legal target" in str(error)
    game.activate("alice", "caller", answers=[{"x": 1}, {"targets": ["bob"]}])
    game.activate("alice", "forest")  # a mana ability while S1 waits: still only S1 there
    assert [it.id for it in game.stack] == ["S1"]
    _gogo(game, {"x": 1}, {"targets": ["S1"]})
    asked = [a for a in game.timeline.steps[-1].answered if a.kind == "targets"]
    assert [a.options for a in asked] == [("S1",)]


def test_an_ability_alice_doesnt_control_is_not_a_target(game: Game) -> None:
    """Gogo copies an ability "you control": Bob's Blood Artist trigger is refused (601.2c)."""
    game.destroy("bears", answers=[{"targets": ["bob"]}, {"targets": ["alice"]}])
    assert [(it.id, it.controller) for it in game.stack] == [("S2", "bob"), ("S1", "alice")]
    error = _refused(game, lambda: _gogo(game, {"x": 1}, {"targets": ["S2"]}), "601.2c")
    assert "not a legal answer" in str(error)
    assert _gogo(game, {"x": 1}, {"targets": ["S1"]}) == "S3"


def test_a_spell_is_not_a_target(game: Game) -> None:
    """gogo-02: Gogo targets an activated or triggered ability, never a spell (115.2)."""
    game.cast("alice", "bolt", answers=[{"targets": ["bob"]}])
    _refused(game, lambda: _gogo(game, {"x": 1}), "602.2b")
    game.activate("alice", "caller", answers=[{"x": 1}, {"targets": ["bob"]}])
    _refused(game, lambda: _gogo(game, {"x": 1}, {"targets": ["S1"]}), "601.2c")
    assert _gogo(game, {"x": 1}, {"targets": ["S2"]}) == "S3"


def test_gogos_ability_cannot_target_itself(game: Game) -> None:
    """115.5: a spell or ability on the stack is an illegal target for itself."""
    game.activate("alice", "caller", answers=[{"x": 1}, {"targets": ["bob"]}])
    error = _refused(game, lambda: _gogo(game, {"x": 1}, {"targets": ["S2"]}), "115.5")
    assert "can't target itself" in str(error)


def test_no_new_mode_for_the_copy(game: Game) -> None:
    """gogo-14 / 115.8: the copy has the original's mode; nothing asks for another, so an answer
    giving one is refused as not asked for, and the copy keeps the mode."""
    game.cast("alice", "oracle")
    game.resolve(answers=[{"mode": 1}])  # Oracle enters: "You gain 3 life" (no target)
    assert [(it.id, it.mode) for it in game.stack] == [("S2", 0)]
    _gogo(game, {"x": 1}, {"targets": ["S2"]})
    error = _refused(game, lambda: game.resolve(answers=[{"mode": 2}]))
    assert "not asked for" in str(error)
    game.resolve()
    copy_, original = game.stack
    assert (copy_.is_copy, copy_.copy_of, copy_.mode) == (True, "S2", 0)
    assert original.mode == 0
    assert not [a for a in game.timeline.steps[-1].answered if a.kind == "mode"]
    game.resolve()
    assert game.player("alice").life == 23


def test_gogos_ability_cant_be_copied() -> None:
    """"This ability can't be copied": another Gogo may target it (it is an activated ability
    Alice controls), but no copy is made when that resolves."""
    board = BOARD.replace("      - {card: Spark Caller, id: caller}",
                          "      - {card: \"Gogo, Master of Mimicry\", id: gogo-2}\n"
                          "      - {card: Mirror Gallery, id: gallery}")
    game = parse_scenario(board, scenario_id="two-gogos").new_game()
    game.destroy("bears", answers=[{"targets": ["bob"]}, {"targets": ["alice"]}])
    _gogo(game, {"x": 1}, {"targets": ["S1"]})
    game.activate("alice", "gogo-2", answers=[{"x": 1}, {"targets": ["S3"]}])
    game.resolve()
    assert [it.id for it in game.stack] == ["S3", "S2", "S1"]
    assert [e.key for e in game.timeline.steps[-1].entries][-1] == "cant_be_copied"


def test_the_exiled_cards_need_four_legendary_creatures() -> None:
    """gogo-04's "assuming you control four or more legendary creatures at that time": with
    three, the linked ability finds both cards but plays neither."""
    path = shipped_dir() / "gogo-04-linked-hideaway.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    battlefield = data["setup"]["alice"]["battlefield"]
    data["setup"]["alice"]["battlefield"] = [o for o in battlefield if o.get("id") != "keeper"]
    scenario = parse_scenario(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                              scenario_id="gogo-04-three-legends")
    upto = next(i for i, a in enumerate(scenario.script)
                if a.kind == "activate" and a.value == "hideaway") + 1
    game = scenario.run(upto=upto).game
    assert sorted(e.id for e in next(iter(game.state.linked.values()))) == \
        ["bears", "bolt"]
    game.resolve()
    assert game.stack == []
    assert {game.obj("bolt").zone, game.obj("bears").zone} == {"exile"}
    assert [e.key for e in game.timeline.steps[-1].entries][-1] == "condition_false"


def test_clives_hideaway_is_played_once_per_turn_with_an_empty_stack() -> None:
    """gogo-04 needs the land to enter: playing a land is a special action (305.1), in a main
    phase of your turn with an empty stack, one land per turn (305.2); refusals change nothing."""
    game = parse_scenario("""
players: [alice, bob]
setup:
  alice:
    hand:
      - {card: "Clive's Hideaway", id: hideaway}
      - {card: Island, id: island}
      - {card: Grizzly Bears, id: bears}
    library: [{card: Island, id: island-1}]
""", scenario_id="lands").new_game()
    _refused(game, lambda: game.play_land("alice", "bears"), "305.1")
    _refused(game, lambda: game.play_land("bob", "hideaway"), "305.1")
    game.play_land("alice", "hideaway")
    assert [(it.source_id, it.ability.keyword) for it in game.stack] == [("hideaway", "hideaway")]
    _refused(game, lambda: game.play_land("alice", "island"), "305.1")  # the stack isn't empty
    game.resolve()
    _refused(game, lambda: game.play_land("alice", "island"), "305.2")  # already played one
    assert game.obj("hideaway").zone == "battlefield" and game.obj("island").zone == "hand"
