"""Cascade's nine rulings and Sakashima's Protege's seven, played out (issue 5).

The cascade-* and protege-* scenarios pass; their checks would catch a wrong engine (a wrong
claim fails exactly the check that makes it, and a few deliberately broken engines fail the
scenarios of the ruling they break); every choice the rulings forbid is refused with its rule
and leaves the game exactly as it was; and neither Bloodbraid Elf nor the Protege is known to
the engine by name.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import yaml
from scenario_text import assert_bilingual_with_official_terms

from mtgrules import Game, RulesError, catalog, copying, replacement, zones
from mtgrules.choices import CallbackAnswerer, DefaultPolicy, Question
from mtgrules.mana import parse_pool
from mtgrules.scenarios import Check, Scenario, load_scenario, parse_scenario, shipped_scenarios
from mtgrules.scenarios.runner import fingerprint

SCENARIOS = [p for p in shipped_scenarios() if p.stem.startswith(("cascade-", "protege-"))]
RULINGS = [f"cascade-{n:02d}" for n in range(1, 10)] + [f"protege-{n:02d}" for n in range(1, 8)]
ALT_COST = "You may pay {1} rather than pay this spell's mana cost."


def _failures(result: Any) -> list[tuple[int | None, str, Any]]:
    return [(c.check.line, c.message, c.actual) for c in result.failures()] or [result.error]


def _scenario(stem: str) -> Scenario:
    return load_scenario(next(p for p in SCENARIOS if p.stem == stem))


# --- the scenarios themselves -----------------------------------------------------------------

@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_passes(path: Path):
    """Every cascade and Protege scenario plays through and all of its checks hold."""
    result = load_scenario(path).run()
    assert result.error is None, result.error
    assert result.passed, _failures(result)


def test_every_ruling_is_shown_by_a_scenario():
    """Each of the sixteen rulings is named by at least two checks of the shipped scenarios."""
    named = [r for p in SCENARIOS for c in load_scenario(p).all_checks() for r in c.rulings]
    for ruling in RULINGS:
        assert named.count(ruling) >= 2, ruling


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_text_is_bilingual_with_official_terms(path: Path):
    """Titles, descriptions and notes exist in both languages, and the French uses the
    glossary's terms where the English has them (valeur de mana, sans payer son coût de mana,
    Protégé de Sakashima, marqueurs « loyauté »...)."""
    assert_bilingual_with_official_terms(path)


# --- a wrong claim fails the check that makes it ---------------------------------------------

def _stack_source(n: int, source: str) -> Callable[[Check], bool]:
    return lambda c: (c.kind == "stack" and len(c.expected) > n
                      and c.expected[n].get("source") == source)


def _object(oid: str, key: str) -> Callable[[Check], bool]:
    return lambda c: c.kind == "object" and c.expected["id"] == oid and key in c.expected


def _asked(kind: str, offered: str) -> Callable[[Check], bool]:
    return lambda c: (c.kind == "asked" and c.expected["kind"] == kind
                      and offered in c.expected.get("offered", []))


def _set(**changes: Any) -> Callable[[Any], Any]:
    return lambda expected: {**expected, **changes}


WRONG_CLAIMS = [
    pytest.param("cascade-01-resolves-first", lambda c: c.kind == "resolved_order",
                 lambda e: ["S1", "S2", "S3"], id="cascade-01 the spell resolves first"),
    pytest.param("cascade-01-resolves-first", _stack_source(0, "bears"),
                 lambda e: [e[1], e[0]], id="cascade-01 the cascaded spell under the other"),
    pytest.param("cascade-02-mana-cost-only", _object("burst", "mana_value"),
                 _set(mana_value=5), id="cascade-02 kicker counted in mana value"),
    pytest.param("cascade-02-mana-cost-only", _object("lesson", "mana_value"),
                 _set(mana_value=1), id="cascade-02 alternative cost as mana value"),
    pytest.param("cascade-03-face-up", lambda c: c.kind == "log" and "face" in c.expected,
                 _set(face="face down"), id="cascade-03 exiled face down"),
    pytest.param("cascade-04-split-card", _stack_source(0, "bears"),
                 lambda e: [{"source": "fire-ice", "kind": "spell"}, e[1]],
                 id="cascade-04 equal mana value cast"),
    pytest.param("cascade-04-split-card", _object("fire-ice", "mana_value"),
                 lambda e: {**e, "mana_value": 2} if e["zone"] == "library" else e,
                 id="cascade-04 a split card has one half's mana value"),
    pytest.param("cascade-04-split-card", _stack_source(0, "fire-ice"),
                 lambda e: [e[0], {"source": "fire-ice", "name": "Ice"}, e[1]],
                 id="cascade-04 both halves cast"),
    pytest.param("cascade-05-no-alternative-cost", _asked("alternative_cost", "without paying"),
                 _set(offered=["without paying", ALT_COST], not_offered=[]),
                 id="cascade-05 alternative cost offered"),
    pytest.param("cascade-05-additional-costs",
                 lambda c: c.kind == "life" and c.expected.get("bob") == 16,
                 _set(bob=18), id="cascade-05 kicker not paid"),
    pytest.param("cascade-06-countered", lambda c: c.kind == "log",
                 _set(limit=0), id="cascade-06 no last known mana value"),
    pytest.param("cascade-06-countered", _stack_source(0, "elf"),
                 lambda e: [], id="cascade-06 cascade leaves with its spell"),
    pytest.param("cascade-07-resulting-spell", _asked("cascade_cast", "Acorn Sprite"),
                 _set(offered=["Acorn Sprite", "Elder Oak", "no"], not_offered=[]),
                 id="cascade-07 back face castable"),
    pytest.param("cascade-08-exile-is-mandatory", lambda c: c.kind == "zone" and
                 c.expected["zone"] == "library",
                 _set(equals=["island", "forest", "bears", "bolt"]),
                 id="cascade-08 nothing exiled when declining"),
    pytest.param("cascade-09-x-is-zero", lambda c: c.kind == "stack_object",
                 _set(x=3), id="cascade-09 X not 0"),
    pytest.param("protege-01-token", _object("protege", "token"), _set(token=True),
                 id="protege-01 the copy is a token"),
    pytest.param("protege-01-token", _object("protege", "power"), _set(power=2, toughness=2),
                 id="protege-01 the token's counter copied"),
    pytest.param("protege-02-copiable-values", _object("protege", "tapped"), _set(tapped=True),
                 id="protege-02 tapped state copied"),
    pytest.param("protege-02-copiable-values", _object("protege", "counters"),
                 _set(counters={"+1/+1": 1}), id="protege-02 counters copied"),
    pytest.param("protege-02-copiable-values", _object("protege", "power"),
                 _set(power=6, toughness=6), id="protege-02 pump copied"),
    pytest.param("protege-03-cascaded-permanent", lambda c: c.kind == "asked",
                 _set(offered=["none"], not_offered=["bears"]),
                 id="protege-03 cascaded permanent too late"),
    pytest.param("protege-04-copy-of-a-copy", _object("protege", "name"),
                 _set(name="Clone"), id="protege-04 copy of the printed Clone"),
    pytest.param("protege-05-planeswalker-loyalty", _object("protege", "counters"),
                 _set(counters={"loyalty": 5}), id="protege-05 current loyalty copied"),
    pytest.param("protege-06-enters-trigger", lambda c: c.kind == "triggered",
                 _set(count=0), id="protege-06 enters trigger missed"),
    pytest.param("protege-06-enters-with", _object("protege", "counters"),
                 _set(counters={}, power=0, toughness=0), id="protege-06 enters-with ignored"),
    pytest.param("protege-07-entering-together", _asked("enter_as_copy", "thopter"),
                 _set(offered=["thopter", "bears", "none"]),
                 id="protege-07 entering together offered"),
    pytest.param("protege-07-entering-together", _asked("enter_as_copy", "thopter"),
                 _set(offered=["thopter", "elves", "none"], not_offered=[]),
                 id="protege-07 earlier turn offered"),
]


@pytest.mark.parametrize("stem, find, wrong", WRONG_CLAIMS)
def test_a_wrong_claim_fails_its_check(stem: str, find: Callable[[Check], bool],
                                       wrong: Callable[[Any], Any]):
    """Claim what a wrong engine would do (an equal mana value cast, X = 3, a tapped or
    countered state copied, the current loyalty copied...): that check, and only it, fails."""
    sc = _scenario(stem)
    found = [c for c in sc.all_checks() if find(c)]
    assert found, "no such check"
    check = found[0]
    check.expected = wrong(copy.deepcopy(check.expected))
    result = sc.run()
    assert result.error is None, result.error
    assert [c.check for c in result.failures()] == [check]


def test_wrong_claims_cover_every_ruling():
    """The wrong claims above are about checks of all sixteen rulings."""
    covered: set[str] = set()
    for param in WRONG_CLAIMS:
        stem, find, _ = param.values
        covered |= {r for c in _scenario(stem).all_checks() if find(c) for r in c.rulings}
    assert covered >= set(RULINGS)


# --- a broken engine fails the scenarios ------------------------------------------------------

def _passed() -> dict[str, bool]:
    return {p.stem: load_scenario(p).run().passed for p in SCENARIOS}


def test_cascading_into_an_equal_mana_value_is_caught(monkeypatch):
    """If cascade took "less than or equal" (702.85a says less), Bloodbraid Elf would stop on
    Fire // Ice (mana value 4), and the scenarios that show it doesn't would fail."""
    original = copying._source_mana_value
    monkeypatch.setattr(copying, "_source_mana_value", lambda game, item:
                        original(game, item) + 1)
    passed = _passed()
    assert not passed["cascade-04-split-card"]
    assert not passed["cascade-06-countered"]


def test_forgetting_the_countered_spells_mana_value_is_caught(monkeypatch):
    """If cascade saw no mana value once its spell left the stack (608.2h says use the last
    known one), nothing would be a hit after a counter: cascade-06 would fail, and only it."""
    original = copying._source_mana_value

    def no_lki(game: Game, item: Any) -> int:
        obj = game.state.objects.get(item.source_id)
        on_stack = obj is not None and obj.zone == "stack" and obj.zcc == item.source_zcc
        return original(game, item) if on_stack else 0

    monkeypatch.setattr(copying, "_source_mana_value", no_lki)
    failed = [stem for stem, ok in _passed().items() if not ok]
    assert failed == ["cascade-06-countered"]


def test_exiling_face_down_is_caught(monkeypatch):
    """If cascade exiled face down (406.3 says face up unless told otherwise), cascade-03's
    checks on what everyone saw would fail."""
    original = zones.move_many

    def face_down_cascade(game: Game, moves: list, **kw: Any) -> Any:
        if kw.get("cause") == "cascade":
            kw["face_down"] = True
        return original(game, moves, **kw)

    monkeypatch.setattr(copying, "move_many", face_down_cascade)  # cascade's own exile
    assert not _scenario("cascade-03-face-up").run().passed


def test_copying_status_and_counters_is_caught(monkeypatch):
    """If entering as a copy also took the original's tapped status and counters (707.2 says
    only copiable values), protege-02 and protege-05 would fail."""
    original = zones._enter

    def enter_with_status(game: Game, obj: Any, entering: Any) -> None:
        original(game, obj, entering)
        if entering.copy is not None:
            copy_from = entering.copy.original
            obj.tapped = copy_from.tapped
            obj.counters.clear()
            obj.counters.update(copy_from.counters)

    monkeypatch.setattr(zones, "_enter", enter_with_status)
    passed = _passed()
    assert not passed["protege-02-copiable-values"]
    assert not passed["protege-05-planeswalker-loyalty"]


def test_offering_what_enters_at_the_same_time_is_caught(monkeypatch):
    """If the choice of what to copy were made once the others had entered (614.12a says it is
    made before anything enters), Grizzly Bears would be a choice: protege-07 would fail."""
    word = replacement.WORDS["enter_as_copy"]

    def choose_after_the_others_entered(game: Game, c: Any, ev: Any) -> Any:
        battlefield = game.state.zone(None, "battlefield")
        others = [game.obj(i) for i in ev.together if i != ev.object]
        saved = [(o, o.entered_turn) for o in others]
        for o in others:
            battlefield.append(o.id)
            o.entered_turn = game.state.turn
        try:
            return word.apply(game, c, dataclasses.replace(ev, together=frozenset()))
        finally:
            for o, turn in saved:
                battlefield.remove(o.id)
                o.entered_turn = turn

    monkeypatch.setitem(replacement.WORDS, "enter_as_copy",
                        dataclasses.replace(word, apply=choose_after_the_others_entered))
    sc = _scenario("protege-07-entering-together")
    result = sc.run()
    assert not result.passed
    assert result.failures()[0].actual == "no error"  # choosing Grizzly Bears was allowed
    sc.script = [a for a in sc.script if a.error is None]  # without the refusals...
    failed = [c.check.kind for c in sc.run().failures()]
    assert failed == ["asked"]  # ...Grizzly Bears was offered


# --- illegal choices are refused, and nothing changes -----------------------------------------

def _game(*, hand: list[tuple[str, str]] = (), library: list[tuple[str, str]] = (),
          battlefield: list[tuple[str, str, dict]] = (), mana: str = "",
          answerer: Any = None) -> Game:
    """Alice's game: cards given as (name, id); the library top first."""
    game = Game(["alice", "bob"], answerer=answerer)
    game.player("alice").mana_pool.update(parse_pool(mana))
    cards = catalog()
    for name, oid in reversed(list(library)):
        game.add(cards[name], "library", "alice", id=oid)
    for name, oid in hand:
        game.add(cards[name], "hand", "alice", id=oid)
    for name, oid, options in battlefield:
        game.add(cards[name], "battlefield", "alice", id=oid, **options)
    game.start()
    return game


def _refused(game: Game, rule: str, action: Callable[[], Any]) -> RulesError:
    """The action raises RulesError citing ``rule``, and the game is exactly as it was."""
    before, steps = fingerprint(game), len(game.timeline)
    with pytest.raises(RulesError) as err:
        action()
    assert err.value.rule == rule, str(err.value)
    assert fingerprint(game) == before
    assert len(game.timeline) == steps
    return err.value


def test_a_card_whose_mana_value_is_not_less_cant_be_cast():
    """Bloodbraid Elf (4) exiles Fire // Ice (4) on its way to Grizzly Bears: a mana value equal
    to the spell's is not less, so Fire // Ice is never offered, and asking to cast one of its
    halves instead of Grizzly Bears is refused."""
    game = _game(hand=[("Bloodbraid Elf", "elf")], mana="{2}{R}{G}",
                 library=[("Fire // Ice", "fire-ice"), ("Grizzly Bears", "bears")])
    game.cast("alice", "elf")
    err = _refused(game, "702.85a", lambda: game.resolve(answers=[{"cascade_cast": "Fire"}]))
    assert "Grizzly Bears" in str(err)  # the legal answers it names
    game.resolve(answers=[{"cascade_cast": "Grizzly Bears"}])
    assert game.obj("bears").zone == "stack"


def test_a_face_with_a_greater_mana_value_cant_be_cast():
    """Elder Oak (7) is the back of a card whose front (1) stopped the cascade: casting it is
    refused (702.85a, since 2021)."""
    game = _game(hand=[("Bloodbraid Elf", "elf")], mana="{2}{R}{G}",
                 library=[("Acorn Sprite", "acorn")])
    game.cast("alice", "elf")
    _refused(game, "702.85a", lambda: game.resolve(answers=[{"cascade_cast": "Elder Oak"}]))


def test_an_alternative_cost_cant_be_chosen_as_well():
    """Cast without paying its mana cost, Hasty Lesson can't also use its {1} alternative cost:
    one alternative cost per spell (118.9a)."""
    game = _game(hand=[("Sakashima's Protege", "protege")], mana="{U}{U}{5}",
                 library=[("Hasty Lesson", "lesson")])
    game.cast("alice", "protege")
    _refused(game, "118.9a", lambda: game.resolve(
        answers=[{"cascade_cast": "Hasty Lesson"}, {"alternative_cost": ALT_COST}]))


@pytest.mark.parametrize("x", [1, 3])
def test_x_other_than_0_is_refused(x: int):
    """Endless One cast without paying its mana cost: the only legal X is 0 (107.3b)."""
    game = _game(hand=[("Bloodbraid Elf", "elf")], mana="{2}{R}{G}",
                 library=[("Endless One", "endless")])
    game.cast("alice", "elf")
    _refused(game, "107.3b", lambda: game.resolve(
        answers=[{"cascade_cast": "Endless One"}, {"x": x}]))


def test_x_is_free_when_the_mana_cost_is_paid():
    """The same Endless One cast from hand, paying {X}, may have X = 3 and enters with three
    counters: cascade-09's X = 0 comes from not paying the mana cost, not from the card."""
    game = _game(hand=[("Endless One", "endless")], mana="{3}")
    game.cast("alice", "endless", answers=[{"x": 3}])
    game.resolve()
    assert game.obj("endless").counters["+1/+1"] == 3


def test_a_permanent_that_entered_on_an_earlier_turn_cant_be_copied():
    """The Protege may copy only a permanent that entered this turn; Grizzly Bears has been
    there since an earlier turn (707.5 with the card's text)."""
    game = _game(hand=[("Sakashima's Protege", "protege")], mana="{U}{U}{4}",
                 battlefield=[("Grizzly Bears", "bears", {})])
    game.cast("alice", "protege")
    game.resolve()  # cascade: an empty library, nothing happens
    _refused(game, "707.5", lambda: game.resolve(answers=[{"enter_as_copy": "bears"}]))


def test_a_permanent_entering_at_the_same_time_cant_be_copied():
    """Put onto the battlefield together, the Protege can't copy Grizzly Bears: the choice is
    made before either enters (614.12a)."""
    game = _game(hand=[("Sakashima's Protege", "protege"), ("Grizzly Bears", "bears")],
                 battlefield=[("Ornithopter", "thopter", {"entered_this_turn": True})])
    _refused(game, "707.5", lambda: game.put_onto_battlefield(
        "protege", "bears", answers=[{"enter_as_copy": "bears"}]))
    game.put_onto_battlefield("protege", "bears", answers=[{"enter_as_copy": "thopter"}])
    assert game.obj("protege").copy_of == "thopter"
    assert game.obj("bears").zone == "battlefield"


@pytest.mark.parametrize("card, zone, rule", [
    ("Lightning Bolt", "hand", "304.4"),
    ("Grizzly Bears", "battlefield", "400.7"),
])
def test_putting_onto_the_battlefield_refuses_what_cant_enter(card: str, zone: str, rule: str):
    """An instant can't enter the battlefield (304.4); a permanent already there can't be put
    there again (400.7). Refused, with nothing changed."""
    kw = {"hand": [(card, "it")]} if zone == "hand" else {"battlefield": [(card, "it", {})]}
    game = _game(**kw)
    _refused(game, rule, lambda: game.put_onto_battlefield("it"))


# --- what the players see during cascade ------------------------------------------------------

def test_the_exiled_cards_lie_face_up_while_cascade_asks():
    """Looked at in the middle of cascade's resolution, when Alice is asked whether to cast
    Grizzly Bears: Island and the Bears are in exile, face up (406.3)."""
    seen: dict[str, tuple[str, bool]] = {}
    game: Game

    def answer(question: Question) -> Any:
        if question.kind == "cascade_cast":
            for oid in ("island", "bears"):
                seen[oid] = (game.obj(oid).zone, game.obj(oid).face_down)
        return DefaultPolicy().answer(question)

    game = _game(hand=[("Bloodbraid Elf", "elf")], mana="{2}{R}{G}",
                 library=[("Island", "island"), ("Grizzly Bears", "bears")],
                 answerer=CallbackAnswerer(answer))
    game.cast("alice", "elf")
    game.resolve()
    assert seen == {"island": ("exile", False), "bears": ("exile", False)}


# --- the cards are data -----------------------------------------------------------------------

RENAMED = {"Bloodbraid Elf": "Riotous Cascader", "Sakashima's Protege": "Mimic Apprentice"}


def _catalog_entry(name: str) -> dict[str, Any]:
    text = (resources.files("mtgrules.cards") / "catalog.yaml").read_text(encoding="utf-8")
    return next(c for c in yaml.safe_load(text)["cards"] if c["name"] == name)


def _with_renamed_cards(path: Path) -> Scenario:
    """The same scenario with Bloodbraid Elf and the Protege replaced by scenario cards that
    have their abilities under other names."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    extra = []
    for old, new in RENAMED.items():
        card = copy.deepcopy(_catalog_entry(old))
        card.update(name=new, name_fr=new, verified_fr=False)
        extra.append(card)
    data["cards"] = [*data.get("cards", []), *extra]
    for player in data["setup"].values():
        for zone in player.values() if isinstance(player, dict) else ():
            for obj in zone if isinstance(zone, list) else []:
                if isinstance(obj, dict) and obj.get("card") in RENAMED:
                    obj["card"] = RENAMED[obj["card"]]
    return parse_scenario(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                          scenario_id=path.stem + "-renamed")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_made_up_cards_with_the_same_abilities_behave_the_same(path: Path):
    """Nothing in the engine knows Bloodbraid Elf or Sakashima's Protege by name: cards with
    their abilities under other names give the same game."""
    original = load_scenario(path).run()
    renamed = _with_renamed_cards(path).run()
    assert renamed.passed, _failures(renamed)
    g1, g2 = original.game.state, renamed.game.state
    assert g2.resolved == g1.resolved
    assert {p: pl.life for p, pl in g2.players.items()} == \
        {p: pl.life for p, pl in g1.players.items()}
    assert g2.zones == g1.zones
