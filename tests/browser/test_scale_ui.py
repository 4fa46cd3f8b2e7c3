"""A big board in a real JupyterLab (issue 12): 33 creatures die beside three Blood Artists,
99 triggered abilities. Their order is one sortable list of three groups, one answer goes to
every identical target question, and the action is done in three clicks."""

from __future__ import annotations

import json
from typing import Any

import pytest
from lab_harness import LabPage

pytestmark = pytest.mark.browser

CODE = """from mtgrules import Game, catalog
from mtgrules.widgets import ActionPanel
cards = catalog()
game = Game(["alice", "bob"])
ids = [game.add(cards["Blood Artist"], "battlefield", "alice") for _ in range(3)]
ids += [game.add(cards["Grizzly Bears"], "battlefield", "bob") for _ in range(30)]
game.start()
panel = ActionPanel(game)
panel.together_select.value = tuple(ids)
panel"""


def _click(part: Any, name: str) -> None:
    part.get_by_role("button", name=name, exact=True).first.click()


def test_ninety_nine_triggers_are_ordered_and_targeted_in_a_few_clicks(lab: LabPage) -> None:
    from playwright.sync_api import expect

    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "scale",
                     "metadata": {}, "outputs": [], "source": CODE}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                      "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (lab.server.root_dir / "scale.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    lab.open_notebook("scale.ipynb")
    lab.run_all_cells()
    assert lab.error_outputs() == []
    actions = lab.cells().nth(0).locator(".mtg-actions")
    _click(actions, "Destroy them together")
    order = actions.locator(".mtg-order select")
    expect(order).to_be_visible()
    expect(order.locator("option")).to_have_count(3)  # three groups, not 99 dropdowns
    expect(order).to_contain_text("×33")
    order.scroll_into_view_if_needed()
    assert lab.screenshot("scale-99-triggers-order").stat().st_size > 0
    _click(actions, "Answer")
    expect(actions).to_contain_text("Choose targets for Blood Artist")
    actions.get_by_text("Give the same answer to the identical questions that follow").click()
    actions.locator("select").nth(1).select_option("Bob")
    _click(actions, "Answer")
    expect(actions).to_contain_text(
        "Done: Event: destroy 33 permanents (Grizzly Bears ×30, Blood Artist ×3)")
    actions.scroll_into_view_if_needed()
    assert lab.screenshot("scale-99-triggers-done").stat().st_size > 0
