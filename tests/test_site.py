"""The kit a teacher hands out (issue 16): a static site of notebooks whose widgets keep their
last state offline, tutorials inside the package, `mtgrules lab DIR` copying them."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mtgrules.cli import copy_tutorials, main
from mtgrules.site import WIDGET_STATE, WIDGET_VIEW, render_widget, static_widgets

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = sorted((ROOT / "notebooks").glob("*.ipynb"))


class _Fetches(HTMLParser):
    """Every URL a browser would fetch and every script it would run."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.scripts += tag == "script"
        self.urls += [v or "" for k, v in attrs if k in ("src", "href") or
                      (tag == "link" and k == "href")]


def _model(name: str, **state: object) -> dict[str, object]:
    return {"model_name": name, "model_module": "@jupyter-widgets/controls", "state": state}


MODELS = {
    "box": _model("VBoxModel", children=["IPY_MODEL_row", "IPY_MODEL_out", "IPY_MODEL_html"]),
    "row": _model("HBoxModel", children=["IPY_MODEL_prev", "IPY_MODEL_lang", "IPY_MODEL_view"]),
    "prev": _model("ButtonModel", description="◀ Previous"),
    "lang": _model("ToggleButtonsModel", _options_labels=["English", "Français"], index=1),
    "view": _model("DropdownModel", _options_labels=["the stack", "the board"], index=1,
                   description="Diagram"),
    "out": {"model_name": "OutputModel", "state": {"outputs": [
        {"output_type": "display_data", "data": {"image/svg+xml": "<svg><text>S1</text></svg>",
                                                 "text/plain": "<Diagram>"}},
        {"output_type": "stream", "name": "stdout", "text": "alice <passes>\n"}]}},
    "html": _model("HTMLModel", value="<b>Step 3.</b> S1 resolves"),
}


def test_a_widget_is_drawn_from_its_last_state() -> None:
    html = render_widget("box", MODELS)
    assert html.startswith('<div class="mtg-static">')
    assert "<button disabled>◀ Previous</button>" in html
    assert '<button disabled class="mtg-selected">Français</button>' in html
    assert "<option selected>the board</option>" in html and "Diagram" in html
    assert "<svg><text>S1</text></svg>" in html  # a diagram shown by an Output widget
    assert "<pre>alice &lt;passes&gt;\n</pre>" in html  # printed text is escaped
    assert "<b>Step 3.</b> S1 resolves" in html  # an HTML widget's own HTML
    assert render_widget("missing", MODELS) == ""
    looped = {"a": _model("VBoxModel", children=["IPY_MODEL_a"])}
    assert render_widget("a", looped) == '<div class="mtg-static"></div>'


def test_static_widgets_replace_widget_outputs_and_drop_the_state() -> None:
    import nbformat

    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("stepper")
    cell.outputs = [nbformat.v4.new_output(
        "display_data", data={WIDGET_VIEW: {"model_id": "box", "version_major": 2},
                              "text/plain": "VBox(...)"})]
    nb.cells = [cell]
    nb.metadata["widgets"] = {WIDGET_STATE: {"state": MODELS, "version_major": 2}}
    assert static_widgets(nb) == 1
    data = nb.cells[0].outputs[0]["data"]
    assert list(data) == ["text/html"] and "Français" in data["text/html"]
    assert "widgets" not in nb.metadata


WIDGET_NOTEBOOK = '''{
 "cells": [
  {"cell_type": "markdown", "metadata": {}, "source": ["# A <small> tutorial"]},
  {"cell_type": "code", "execution_count": null, "metadata": {}, "outputs": [],
   "source": ["from mtgrules.scenarios import scenario_by_id\\n",
              "from mtgrules.widgets import Stepper\\n",
              "stepper = Stepper(scenario_by_id('core-target-gone').run().game)\\n",
              "stepper.next_button.click()\\n",
              "stepper"]}
 ],
 "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                             "language": "python"}},
 "nbformat": 4, "nbformat_minor": 5
}'''


def test_the_site_is_built_offline_with_the_widgets_last_state(tmp_path: Path) -> None:
    pytest.importorskip("nbclient")
    from mtgrules.site import build_site

    source = tmp_path / "nb"
    source.mkdir()
    (source / "01_widget.ipynb").write_text(WIDGET_NOTEBOOK, encoding="utf-8")
    pages = build_site(sorted(source.glob("*.ipynb")), tmp_path / "site")
    assert [p.name for p in pages] == ["index.html", "01_widget.html"]
    index = pages[0].read_text(encoding="utf-8")
    assert '<a href="01_widget.html">A &lt;small&gt; tutorial</a>' in index
    page = pages[1].read_text(encoding="utf-8")
    fetches = _Fetches()
    fetches.feed(page)
    assert fetches.scripts == 0
    assert all(u.startswith(("#", "index.html")) for u in fetches.urls), fetches.urls
    # The page shows the stepper as it was after the click: the same heading as a live one.
    from mtgrules.scenarios import scenario_by_id
    from mtgrules.widgets import Stepper

    live = Stepper(scenario_by_id("core-target-gone").run().game)
    before = re.search(r"<b>Step \d+\.", live.log_view.value).group(0)
    live.next_button.click()
    after = re.search(r"<b>Step \d+\.", live.log_view.value).group(0)
    assert before != after
    assert "mtg-static" in page and "A snapshot of an interactive widget" in page
    assert after in page and before not in page and "<svg" in page
    assert WIDGET_VIEW not in page


def test_the_package_carries_the_tutorials_and_lab_copies_them(tmp_path: Path) -> None:
    from mtgrules.cli import _tutorials

    shipped = sorted(p.name for p in _tutorials().glob("*.ipynb"))
    assert shipped == [p.name for p in TUTORIALS] and shipped
    copied = copy_tutorials(tmp_path / "class")
    assert [p.name for p in copied] == shipped
    mine = tmp_path / "class" / "00_start_here.ipynb"
    mine.write_text("{}", encoding="utf-8")  # a learner's edit
    assert copy_tutorials(tmp_path / "class") == []  # never overwritten
    assert mine.read_text(encoding="utf-8") == "{}"


def test_lab_copy_only_from_the_command_line(tmp_path: Path, capsys) -> None:
    assert main(["lab", str(tmp_path / "here"), "--copy-only"]) == 0
    assert "copied" in capsys.readouterr().out
    assert (tmp_path / "here" / "00_start_here.ipynb").exists()
    done = subprocess.run([sys.executable, "-m", "mtgrules", "lab", "--copy-only"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "mtgrules-tutorials" / "07_sandbox.ipynb").exists()


def test_binder_environment_installs_the_kit() -> None:
    lines = [line.strip() for line in (ROOT / "requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines == [".[lab]"]
