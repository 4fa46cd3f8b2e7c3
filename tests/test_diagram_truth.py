"""Diagrams that never mislead (issue 16), checked where a person sees them: in the rendered SVG.

The stack view must draw the stack in its order, top at the top, at every step of every shipped
scenario and with every available renderer: Graphviz is free to move nodes to shorten edges, so
the test reads each stack object's position from the SVG, never the DOT source.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from mtgrules.draw import available_renderers, draw_step
from mtgrules.draw.render import RENDERERS
from mtgrules.game import Game
from mtgrules.scenarios import load_scenario, shipped_scenarios

pytest.importorskip("graphviz")

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = [p.stem for p in shipped_scenarios()]


@cache
def played(scenario_id: str) -> Game:
    path = next(p for p in shipped_scenarios() if p.stem == scenario_id)
    return load_scenario(path).run().game


def _renderer_param(name: str) -> pytest.param:
    return pytest.param(name, id=name, marks=pytest.mark.skipif(
        name not in available_renderers(), reason=f"renderer '{name}' is not available here"))


def node_groups(svg: str) -> dict[str, ET.Element]:
    """Each node's <g> in the SVG, by its title (the DOT node name)."""
    root = ET.fromstring(svg)
    return {g.findtext(f"{SVG}title"): g for g in root.iter(f"{SVG}g")
            if g.get("class") == "node"}


def texts(element: ET.Element) -> list[tuple[float, float, str]]:
    """(y, x, text) of every text line drawn inside ``element``, top first."""
    return sorted((float(t.get("y", 0)), float(t.get("x", 0)), t.text or "")
                  for t in element.iter(f"{SVG}text"))


def drawn_stack_order(svg: str, ids: list[str]) -> list[str]:
    """The stack objects ``ids`` in the order they are drawn, top of the picture first."""
    lines = texts(node_groups(svg)["stack"])
    heads = {obj_id: y for y, _, text in lines for obj_id in ids
             if text.startswith(f"{obj_id} · ")}
    assert set(heads) == set(ids), f"stack objects missing from the drawing: {heads}"
    return sorted(ids, key=heads.__getitem__)


@pytest.mark.parametrize("renderer", [_renderer_param(r) for r in RENDERERS])
@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_the_stack_is_drawn_in_its_order_top_first(scenario_id: str, renderer: str) -> None:
    """405.2: the stack's top is the object put on it last; the view puts it at the top."""
    game = played(scenario_id)
    for step in game.timeline.steps:
        assert step.state is not None
        top_first = [item.id for item in reversed(step.state.stack)]
        if not top_first:
            continue
        svg = draw_step(game, step.index, view="stack").svg(renderer=renderer)
        assert drawn_stack_order(svg, top_first) == top_first, f"step {step.index}"


def test_the_order_reader_sees_a_wrong_order() -> None:
    """The reader above must be able to fail: two nodes drawn bottom-first are read that way."""
    from mtgrules.draw.render import render_svg

    svg = render_svg('digraph { rankdir=LR; stack [shape=record label="<a> S1 · x|<b> S2 · y"] }')
    assert drawn_stack_order(svg, ["S2", "S1"]) == ["S1", "S2"]
    assert re.search(r"S1 · x", svg)
