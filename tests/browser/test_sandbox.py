"""The sandbox notebook in a real JupyterLab: load a scenario with the builder, play its script,
click through its steps, and see the log and the diagram (an inline <svg>) change."""

from __future__ import annotations

from pathlib import Path

import pytest
from lab_harness import LabPage

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "07_sandbox.ipynb"
SANDBOX_CELL = 1  # cell 0 is markdown; cell 1 shows the Sandbox


def test_sandbox_loads_plays_and_steps(lab: LabPage) -> None:
    from playwright.sync_api import expect

    path = lab.server.add_notebook(NOTEBOOK)
    lab.open_notebook(path)
    lab.run_all_cells()
    assert lab.error_outputs() == []

    cell = lab.cells().nth(SANDBOX_CELL)
    log = cell.locator(".mtg-log")
    diagram = cell.locator(".mtg-diagram svg")
    expect(log).to_contain_text("Step 0. Set-up")

    # Load a scenario through the builder, then replay its script.
    cell.locator("select").first.select_option("core-apnap-order")
    lab.click_button("Load scenario", cell=SANDBOX_CELL)
    lab.expect_output_contains(SANDBOX_CELL, "Loaded core-apnap-order.")
    lab.click_button("Play its script", cell=SANDBOX_CELL)
    expect(log).to_contain_text("Step 0. Set-up")
    expect(diagram).to_have_count(1)
    svg_before = diagram.inner_html()

    lab.click_button("Next ▶", cell=SANDBOX_CELL)
    expect(log).to_contain_text("Step 1. Destroy Grizzly Bears")
    expect(log).to_contain_text("[603.3]")
    # The diagram is drawn after the log: wait for it (expect retries) before comparing.
    expect(diagram).to_contain_text("S2 · triggered ability")  # Bob's trigger, on top
    svg_after = diagram.inner_html()
    assert svg_after != svg_before

    lab.click_button("Next ▶", cell=SANDBOX_CELL)
    expect(log).to_contain_text("Step 2.")
    expect(diagram).not_to_contain_text("S2 · triggered ability")  # resolved: only Alice's left
    assert diagram.inner_html() != svg_after

    # The language switch changes the log and the labels.
    cell.get_by_role("button", name="Français", exact=True).click()
    expect(log).to_contain_text("Étape 2.")
    expect(cell.get_by_role("button", name="Suivant ▶", exact=True)).to_have_count(1)

    # The diagram is drawn again in French: wait for that before scrolling to it, since a
    # replaced <svg> is detached from the page while the new one arrives.
    expect(diagram).to_contain_text("la pile")
    lab.page.wait_for_timeout(300)
    diagram.scroll_into_view_if_needed()
    lab.page.wait_for_timeout(300)
    shot = lab.screenshot("sandbox-stepper")
    assert shot.stat().st_size > 0
