"""A static site of the tutorials: each notebook run, then written as an HTML page that needs no
network and no kernel, with an index page. ``make site`` builds it into ``site/``; any web
server (or a double click on ``index.html``) shows it.

Widgets need a live kernel, and nbconvert's pages fetch their JavaScript from a CDN: offline,
widget outputs come out empty. So each widget output is replaced by a static rendering of the
widget's last state (stored by nbclient while the notebook runs): an HTML widget's HTML, an
Output widget's outputs (diagrams and logs), buttons and menus shown disabled with their current
value. Everything else (diagrams as inline SVG, tables) is in the notebook's outputs already.

Needs the ``lab`` extra (nbclient, nbconvert, ipykernel); imported only by ``mtgrules site``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["WIDGET_STATE", "WIDGET_VIEW", "build_site", "render_widget", "static_widgets"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_TEMPLATE_DIR = Path(__file__).resolve().parent / "site_template"
_HOME = {"en": "Tutorials", "fr": "Tutoriels"}


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def _children(state: dict[str, Any]) -> list[str]:
    return [str(c).removeprefix("IPY_MODEL_") for c in state.get("children", [])]


def render_widget(model_id: str, models: dict[str, Any], _seen: frozenset[str] = frozenset()
                  ) -> str:
    """Static HTML for the widget ``model_id`` in its stored state (``models``: model id ->
    {"model_name", "state"}), children included. Controls are drawn disabled: the page shows
    what the widget showed, not a widget that seems to work."""
    if model_id in _seen or model_id not in models:
        return ""
    seen = _seen | {model_id}
    model = models[model_id]
    name = str(model.get("model_name", ""))
    state = model.get("state", {})
    desc = state.get("description") or ""
    label = f"<span>{_esc(desc)}</span> " if desc and name not in ("ButtonModel",) else ""
    if name in ("VBoxModel", "BoxModel", "GridBoxModel", "AccordionModel", "TabModel",
                "StackModel", "HBoxModel"):
        row = " mtg-row" if name == "HBoxModel" else ""
        inner = "".join(render_widget(c, models, seen) for c in _children(state))
        return f'<div class="mtg-static{row}">{inner}</div>'
    if name in ("HTMLModel", "HTMLMathModel"):
        return f"<div>{label}{state.get('value', '')}</div>"  # the widget's own (escaped) HTML
    if name == "LabelModel":
        return f"<div>{_esc(state.get('value', ''))}</div>"
    if name == "ButtonModel":
        return f"<button disabled>{_esc(desc)}</button>"
    if name in ("ToggleButtonsModel", "RadioButtonsModel"):
        return label + _choices_as_buttons(state)
    if name in ("DropdownModel", "SelectModel"):
        options = state.get("_options_labels", [])
        index = state.get("index")
        items = "".join(f"<option{' selected' if i == index else ''}>{_esc(o)}</option>"
                        for i, o in enumerate(options))
        return f"{label}<select disabled>{items}</select>"
    if name == "TextareaModel":
        return f"{label}<textarea disabled rows=\"4\">{_esc(state.get('value', ''))}</textarea>"
    if name in ("IntSliderModel", "FloatSliderModel", "IntTextModel", "FloatTextModel",
                "BoundedIntTextModel", "TextModel"):
        return f"{label}<input disabled value=\"{_esc(state.get('value', ''))}\">"
    if name in ("CheckboxModel", "ToggleButtonModel"):
        checked = " checked" if state.get("value") else ""
        return f'<label><input type="checkbox" disabled{checked}> {_esc(desc)}</label>'
    if name == "OutputModel":
        return "".join(_render_output(o, models, seen) for o in state.get("outputs", []))
    return ""  # layout and style models, and widgets with nothing to show


def _choices_as_buttons(state: dict[str, Any]) -> str:
    index = state.get("index")
    return "<span>" + "".join(
        f'<button disabled class="{"mtg-selected" if i == index else ""}">{_esc(o)}</button>'
        for i, o in enumerate(state.get("_options_labels", []))) + "</span>"


def _render_output(output: dict[str, Any], models: dict[str, Any], seen: frozenset[str]) -> str:
    kind = output.get("output_type")
    if kind == "stream":
        return f"<pre>{_esc(output.get('text', ''))}</pre>"
    if kind == "error":
        return f"<pre>{_esc(output.get('ename', ''))}: {_esc(output.get('evalue', ''))}</pre>"
    data = output.get("data", {})
    if WIDGET_VIEW in data:
        return render_widget(str(data[WIDGET_VIEW].get("model_id", "")), models, seen)
    for mime in ("text/html", "image/svg+xml"):
        if mime in data:
            value = data[mime]
            return "".join(value) if isinstance(value, list) else str(value)
    if "text/plain" in data:
        value = data["text/plain"]
        return f"<pre>{_esc(''.join(value) if isinstance(value, list) else value)}</pre>"
    return ""


_NOTE = ('<p class="mtg-static-note">A snapshot of an interactive widget · Instantané d\'un widget '
         "interactif : open the notebook in JupyterLab to use it · ouvrez le notebook dans "
         "JupyterLab pour l'utiliser.</p>")


def static_widgets(nb: Any) -> int:
    """Replace every widget output of notebook ``nb`` (an nbformat node) by static HTML of the
    widget's stored state, and drop the state (the page then loads no widget manager).
    Returns how many outputs were replaced."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    replaced = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW not in data:
                continue
            model_id = str(data[WIDGET_VIEW].get("model_id", ""))
            output["data"] = {"text/html": render_widget(model_id, state) + _NOTE}
            replaced += 1
    nb.metadata.pop("widgets", None)
    return replaced


def _title(nb: Any, default: str) -> str:
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            match = re.search(r"^#\s+(.+)$", cell.source, re.M)
            if match:
                return match.group(1).strip()
    return default


def _run(nb: Any, cwd: Path, timeout: int) -> None:
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=True,
                   resources={"metadata": {"path": str(cwd)}}).execute()


def build_site(notebooks: Iterable[Path], out_dir: str | Path, *, execute: bool = True,
               timeout: int = 300, lang: str = "en") -> list[Path]:
    """Run each notebook (unless ``execute`` is False) and write it as a page of ``out_dir``,
    with an ``index.html`` listing them. Returns the pages written, index first."""
    import nbformat
    from nbconvert import HTMLExporter

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    exporter = HTMLExporter(template_file="mtgrules_site.html.j2",
                            extra_template_basedirs=[str(_TEMPLATE_DIR.parent)],
                            extra_template_paths=[str(_TEMPLATE_DIR)])
    pages: list[tuple[str, str]] = []
    for path in sorted(Path(p) for p in notebooks):
        nb = nbformat.read(path, as_version=4)
        if execute:
            _run(nb, path.parent, timeout)
        static_widgets(nb)
        title = _title(nb, path.stem)
        body, _ = exporter.from_notebook_node(
            nb, resources={"metadata": {"name": title}, "site_home": _HOME[lang]})
        page = f"{path.stem}.html"
        (out / page).write_text(body, encoding="utf-8")
        pages.append((page, title))
    (out / "index.html").write_text(_index(pages, lang), encoding="utf-8")
    return [out / "index.html", *(out / page for page, _ in pages)]


def _index(pages: list[tuple[str, str]], lang: str) -> str:
    items = "\n".join(f'<li><a href="{_esc(page)}">{_esc(title)}</a></li>'
                      for page, title in pages)
    title = "mtgrules — " + _HOME[lang]
    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{_esc(title)}</title>\n<style>body {{ font-family: system-ui, sans-serif; "
            "max-width: 50rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.6; }}"
            f"</style>\n</head>\n<body>\n<h1>{_esc(title)}</h1>\n<ol>\n{items}\n</ol>\n"
            "</body>\n</html>\n")
