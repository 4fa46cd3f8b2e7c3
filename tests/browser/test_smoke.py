"""The browser harness works end to end: JupyterLab runs a notebook, shows its printed output and
a live ipywidgets Button, and a click reaches the kernel and changes the page."""

from __future__ import annotations

import pytest
from lab_harness import LabPage

pytestmark = pytest.mark.browser


def test_run_notebook_and_click_widget(lab: LabPage) -> None:
    path = lab.server.add_notebook("hello_widgets.ipynb")
    lab.open_notebook(path)
    lab.run_all_cells()

    # Cell 0 is markdown; cell 1 prints; cell 2 shows the button and the label.
    assert lab.error_outputs() == []
    assert lab.output_text(1).strip() == "hello"
    lab.expect_output_contains(2, "not clicked yet")

    lab.click_button("Click me", cell=2)
    lab.expect_output_contains(2, "clicked!")
    assert "not clicked yet" not in lab.output_text(2)

    assert lab.screenshot("smoke-hello-widgets").stat().st_size > 0
