"""The widgets as a new judge meets them, in a real JupyterLab and Chromium (issue 18).

Each test writes a one-cell notebook, runs it, works the widgets by clicks and typing, waits on
what the page shows (never on a sleep), and saves a screenshot to tests/browser/artifacts/.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from lab_harness import LabPage, LabServer

pytestmark = pytest.mark.browser

# Every label, button and dropdown of the cell: those whose text is wider than the room they
# are given. A <select> shows its chosen option: its text is measured with the select's font.
_JS_CUT_LABELS = """(cell) => {
  const root = document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell')[cell];
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  const visible = (el) => el.offsetParent !== null && el.getClientRects().length > 0;
  for (const el of root.querySelectorAll(
      '.widget-label, .widget-label-basic span, button.jupyter-button')) {
    if (!visible(el) || !el.textContent.trim()) continue;
    if (el.scrollWidth > el.clientWidth + 1) cut.push(el.textContent.trim());
  }
  for (const sel of root.querySelectorAll('.widget-dropdown select')) {
    if (!visible(sel) || sel.selectedIndex < 0) continue;
    const style = getComputedStyle(sel);
    canvas.font = style.font || `${style.fontSize} ${style.fontFamily}`;
    const text = sel.options[sel.selectedIndex].text;
    const room = sel.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (canvas.measureText(text).width > room + 1) cut.push(text);
  }
  return cut;
}"""


@pytest.fixture(autouse=True)
def _patient_expect() -> None:
    """CI has 2 cores shared by the kernel, the server and Chromium: give each wait room."""
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)


def _notebook(server: LabServer, name: str, code: str) -> str:
    """A one-cell notebook in the served folder; returns its path for ``open_notebook``."""
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "widget",
                     "metadata": {}, "outputs": [], "source": code}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (server.root_dir / name).write_text(json.dumps(nb), encoding="utf-8")
    return name


def _open(lab: LabPage, name: str, code: str) -> Any:
    lab.open_notebook(_notebook(lab.server, name, code))
    lab.run_all_cells()
    assert lab.error_outputs() == []
    return lab.cells().nth(0)


def _click(cell: Any, name: str) -> None:
    cell.get_by_role("button", name=name, exact=True).first.click()


def _shot(lab: LabPage, part: Any, name: str) -> None:
    """A screenshot with ``part`` (a widget) scrolled into the notebook's view."""
    part.scroll_into_view_if_needed()
    assert lab.screenshot(name).stat().st_size > 0


def test_jupyterlab_starts_without_the_news_prompt(lab_server: LabServer) -> None:
    """The kit's own settings (mtgrules/lab_settings, used by `make lab` too) switch it off."""
    url = lab_server.url + "lab/api/settings/@jupyterlab/apputils-extension:notification"
    with urllib.request.urlopen(url, timeout=10) as resp:
        settings = json.load(resp)
    defaults = settings["schema"]["properties"]  # JupyterLab's own default is "none": ask
    assert defaults["fetchNews"]["default"] == "false"
    assert defaults["checkForUpdates"]["default"] is False


def test_builder_names_refuses_and_plays(lab: LabPage) -> None:
    from playwright.sync_api import expect

    cell = _open(lab, "builder.ipynb", "from mtgrules.widgets import Sandbox\nSandbox()")
    builder = cell.locator(".mtg-builder")
    message = builder.locator(".mtg-message, .mtg-error, .mtg-verdict")
    card = builder.locator("input[type=text]").first

    card.fill("Black Lotus")
    _click(builder, "Add")
    expect(builder).to_contain_text("unknown card 'Black Lotus'")

    card.fill("Lightning Bolt")
    _click(builder, "Add")
    expect(builder).to_contain_text("CR 110.4")

    card.fill("Grizzly Bears")
    _click(builder, "Add")
    expect(message).to_contain_text("Added Grizzly Bears")
    expect(card).to_have_value("")  # a fresh form: nothing of the last card carries over

    card.fill("Llanowar Elves")
    builder.locator(".widget-dropdown", has_text="Attached to").locator("select") \
        .select_option(label="Grizzly Bears")
    _click(builder, "Add")
    expect(builder).to_contain_text("CR 704.5p")

    card.fill("blood artist")  # any case: the same card
    builder.locator(".widget-dropdown", has_text="Attached to").locator("select") \
        .select_option(label="(nothing)")
    _click(builder, "Add")
    expect(message).to_contain_text("Added Blood Artist")
    expect(builder.locator("select[size]").first).to_contain_text("Grizzly Bears · Alice")

    _click(builder, "Play ▶")
    actions = cell.locator(".mtg-actions")
    expect(actions).to_contain_text("Alice has priority.")
    expect(actions.locator("select").first).to_contain_text("Alice passes")
    _shot(lab, builder, "builder-add-refuse-play")


def test_action_panel_plays_a_whole_situation_by_clicks(lab: LabPage) -> None:
    from playwright.sync_api import expect

    cell = _open(lab, "actions.ipynb", "from mtgrules.widgets import Sandbox\n"
                                       'Sandbox("core-blood-artist-dies-together")')
    actions = cell.locator(".mtg-actions")
    stepper = cell.locator(".mtg-stepper")
    # The situation's script is the first choice: destroy the three together.
    expect(actions.locator("select").first).to_have_value(
        "Event: destroy Blood Artist, Grizzly Bears, Llanowar Elves")
    _click(actions, "Do it")
    # the order, by event, each dead object named with its id (two of a name told apart)
    expect(actions).to_contain_text("Blood Artist: Grizzly Bears (bears) died")
    _click(actions, "Answer")
    for event in ("Blood Artist (artist) died", "Grizzly Bears (bears) died",
                  "Llanowar Elves (elves) died"):
        expect(actions).to_contain_text(f"Choose targets for Blood Artist ({event})")
        expect(actions.locator("select").nth(1)).to_have_value("Bob")  # named as the log names him
        _click(actions, "Answer")
    expect(actions).to_contain_text("Done: Event: destroy Blood Artist, Grizzly Bears")
    for n in (2, 3, 4):
        expect(actions.locator("select").first).to_have_value(
            "All pass: the top of the stack resolves")
        _click(actions, "Do it")
        expect(stepper).to_contain_text(f"step {n} of {n}")
    expect(stepper.locator(".mtg-log")).to_contain_text("Bob loses 1 life")
    _click(stepper, "Compare outcomes")
    expect(stepper).to_contain_text("Branch first, then compare.")
    _shot(lab, actions, "actions-whole-situation")


def test_stepper_branch_is_played_below_and_compared(lab: LabPage) -> None:
    from playwright.sync_api import expect

    cell = _open(lab, "stepper.ipynb",
                 "from mtgrules.scenarios import scenario_by_id\n"
                 "from mtgrules.widgets import Stepper\n"
                 'Stepper(scenario_by_id("core-blood-artist-dies-together").run().game)')
    stepper = cell.locator(".mtg-stepper")
    expect(stepper).to_contain_text("step 0 of 4")  # it opens on the set-up
    _click(stepper, "Next ▶")
    expect(stepper).to_contain_text("step 1 of 4")
    _click(stepper, "What if? Branch here")
    expect(stepper).to_contain_text("play it with the actions just below")
    panel = stepper.locator(".mtg-actions")
    expect(panel).to_contain_text("Alice has priority.")
    _click(panel, "Do it")  # the first choice: the top of the stack resolves
    expect(stepper).to_contain_text("step 2 of 2")
    _click(stepper, "Compare outcomes")
    comparison = stepper.locator(".mtg-compare")
    expect(comparison).to_contain_text("Original (5 steps)")
    expect(comparison).to_contain_text("Branch (3 steps)")
    _shot(lab, comparison, "stepper-branch-compare")


def test_stepper_saves_the_step_and_a_what_if_branch_as_scenarios(lab: LabPage) -> None:
    """"Save as scenario" writes the step shown into the notebook's folder and says where; a
    branch played on is saved as a new scenario that loads into the branch's state."""
    from playwright.sync_api import expect

    from mtgrules.scenarios import load_scenario

    cell = _open(lab, "saving.ipynb",
                 "from mtgrules.scenarios import scenario_by_id\n"
                 "from mtgrules.widgets import Stepper\n"
                 'Stepper(scenario_by_id("core-blood-artist-dies-together").run().game)')
    stepper = cell.locator(".mtg-stepper")
    _click(stepper, "Next ▶")
    expect(stepper).to_contain_text("step 1 of 4")
    _click(stepper, "Save as scenario")
    saved = lab.server.root_dir / "core-blood-artist-dies-together-step-1.yaml"
    message = stepper.locator(".mtg-message").first  # the stepper's, above the branch panel's
    expect(message).to_contain_text("Step 1 saved as a scenario in /")
    expect(message).to_contain_text(saved.name)
    assert len(load_scenario(saved).new_game().stack) == 3
    _click(stepper, "What if? Branch here")
    _click(stepper.locator(".mtg-actions"), "Do it")  # the top of the stack resolves
    expect(stepper).to_contain_text("step 2 of 2")
    _click(stepper, "Save as scenario")
    branch = lab.server.root_dir / "core-blood-artist-dies-together-what-if-step-2.yaml"
    expect(message).to_contain_text("what-if branch, at step 2, saved as a new scenario")
    expect(message).to_contain_text(branch.name)
    game = load_scenario(branch).new_game()
    assert len(game.stack) == 2 and game.player("bob").life == 19
    assert lab.page.evaluate(_JS_CUT_LABELS, 0) == []
    _shot(lab, stepper, "stepper-save-as-scenario")


def test_language_switch_and_no_label_is_cut(lab: LabPage) -> None:
    from playwright.sync_api import expect

    cell = _open(lab, "language.ipynb", "from mtgrules.widgets import Sandbox\n"
                                        'Sandbox("core-blood-artist-dies-together")')
    actions = cell.locator(".mtg-actions")
    _click(actions, "Do it")  # a question is open: its widgets are measured too
    expect(actions).to_contain_text("In what order")
    _click(actions, "Answer")
    expect(actions).to_contain_text("Choose targets for")
    assert lab.page.evaluate(_JS_CUT_LABELS, 0) == []
    _shot(lab, actions, "language-en")

    _click(cell, "Français")
    expect(cell.get_by_role("button", name="Jouer ▶", exact=True)).to_have_count(1)
    expect(actions).to_contain_text("Choisissez les cibles")
    expect(actions).to_contain_text("une question à laquelle répondre ci-dessous")
    assert lab.page.evaluate(_JS_CUT_LABELS, 0) == []
    _shot(lab, actions, "language-fr")


def test_builder_refuses_a_typo_in_a_kind_of_counter_in_french(lab: LabPage) -> None:
    """122.1: "+1/+l" is a typo, not a new kind of counter: the builder says so in French, with
    the kind meant, and adds nothing."""
    from playwright.sync_api import expect

    cell = _open(lab, "counters.ipynb", "from mtgrules.widgets import Sandbox\nSandbox()")
    _click(cell, "Français")
    builder = cell.locator(".mtg-builder")
    builder.locator("input[type=text]").first.fill("Grizzly Bears")
    builder.locator("input[placeholder*='+1/+1']").fill("+1/+l: 1")
    _click(builder, "Ajouter")
    expect(builder).to_contain_text("type de marqueur inconnu « +1/+l »")
    expect(builder).to_contain_text("+1/+1")
    expect(builder.locator("select[size]").first).not_to_contain_text("Grizzlis")
    _shot(lab, builder, "builder-counter-typo-fr")
