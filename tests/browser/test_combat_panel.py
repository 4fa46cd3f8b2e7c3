"""The combat notebook in a real JupyterLab: its action panel declares attackers and blockers,
refuses an illegal block with its rule, and assigns combat damage."""

from __future__ import annotations

from pathlib import Path

import pytest
from lab_harness import LabPage

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "09_combat.ipynb"
BLOCK_1 = "Grizzly Bears (bears-1) blocks Boggart Brute (brute)"
BLOCK_2 = "Grizzly Bears (bears-2) blocks Boggart Brute (brute)"


def _panel_cell(lab: LabPage) -> int:
    """The cell that shows the action panel (the last code cell)."""
    texts = lab.all_output_texts()
    return max(i for i, text in enumerate(texts) if "has priority" in text)


def test_combat_panel_declares_attackers_blockers_and_damage(lab: LabPage) -> None:
    from playwright.sync_api import expect

    path = lab.server.add_notebook(NOTEBOOK)
    lab.open_notebook(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []
    index = _panel_cell(lab)
    cell = lab.cells().nth(index)

    cell.locator("select").first.select_option(label="On to the declare attackers step")
    lab.click_button("Do it", cell=index)
    lab.expect_output_contains(index, "Declare attackers")
    expect(cell).to_contain_text("Boggart Brute (brute) → Bob")  # the only legal attack
    lab.click_button("Answer", cell=index)  # the suggested answer: it attacks
    lab.expect_output_contains(index, "Done: On to the declare attackers step")

    cell.locator("select").first.select_option(label="On to the declare blockers step")
    lab.click_button("Do it", cell=index)
    lab.expect_output_contains(index, "Declare blockers")
    cell.locator("select[multiple]").first.select_option(label=[BLOCK_1])
    lab.click_button("Answer", cell=index)
    lab.expect_output_contains(index, "CR 702.111b")  # menace: refused, asked again
    cell.locator("select[multiple]").first.select_option(label=[BLOCK_1, BLOCK_2])
    lab.click_button("Answer", cell=index)
    lab.expect_output_contains(index, "Done: On to the declare blockers step")

    cell.locator("select").first.select_option(label="On to the combat damage step")
    lab.click_button("Do it", cell=index)
    lab.expect_output_contains(index, "Assign the 3 combat damage")
    lab.page.wait_for_timeout(300)
    cell.scroll_into_view_if_needed()
    shot = lab.screenshot("combat-panel-assign-damage")
    assert shot.stat().st_size > 0
    lab.click_button("Answer", cell=index)
    lab.expect_output_contains(index, "Done: On to the combat damage step")
