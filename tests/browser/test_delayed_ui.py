"""Delayed triggered abilities (603.7) where a judge sees them: the stepper's board shows the
ones waiting, in French and in English, and its triggers view marks the one that triggered.
In a real JupyterLab and Chromium; a screenshot of each goes to tests/browser/artifacts/."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lab_harness import LabPage

pytestmark = pytest.mark.browser


def _stepper(lab: LabPage, name: str, args: str) -> Any:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "widget",
                     "metadata": {}, "outputs": [],
                     "source": "from mtgrules.scenarios import scenario_by_id\n"
                               "from mtgrules.widgets import Stepper\n"
                               'Stepper(scenario_by_id("delayed-01-kiki-jiki").run().game, '
                               + args + ")"}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (lab.server.root_dir / name).write_text(json.dumps(nb), encoding="utf-8")
    lab.open_notebook(name)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    return lab.cells().nth(0).locator(".mtg-stepper")


def test_the_stepper_shows_a_waiting_delayed_ability_and_its_triggering(lab: LabPage) -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=30_000)
    board = _stepper(lab, "delayed-board.ipynb", 'lang="fr", view="board", step=2')
    expect(board).to_contain_text("capacités déclenchées retardées en attente (603.7)")
    expect(board).to_contain_text("Sacrifiez-le au début de la prochaine étape de fin")
    expect(board).to_contain_text("grizzly-bears-token")
    board.locator("svg text", has_text="retardées en attente").scroll_into_view_if_needed()
    assert lab.screenshot("delayed-board-fr").stat().st_size > 0
    triggers = _stepper(lab, "delayed-triggers.ipynb", 'lang="en", view="triggers", step=6')
    expect(triggers).to_contain_text("beginning of the end step on Alice's turn")
    expect(triggers).to_contain_text("delayed triggered ability (603.7)")
    triggers.scroll_into_view_if_needed()
    assert lab.screenshot("delayed-triggers-en").stat().st_size > 0
