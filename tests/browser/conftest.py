"""Fixtures for the real-browser tests: a JupyterLab server, a Chromium, and a LabPage per test.

When Chromium or Playwright is missing these tests are skipped with the command that fixes it,
except when the environment variable CI is set: then they fail, so CI never passes without them.
Every test in this folder gets the ``browser`` marker (``pytest -m 'not browser'`` leaves them out).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lab_harness import LabPage, LabServer, in_ci, launch_chromium, missing_requirements

# The fixture notebooks are test data served to the browser, not notebooks for nbval to run.
collect_ignore_glob = ["fixtures/*", "artifacts/*"]

_BROWSER_DIR = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _BROWSER_DIR in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Any:
    # Keep each phase's report on the item, so the `lab` fixture can screenshot a failed test.
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def _require_browser_tools() -> None:
    missing = missing_requirements()
    if not missing:
        return
    message = "browser test needs: " + "; ".join(missing)
    if in_ci():
        pytest.fail(f"{message} (CI is set, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def lab_server() -> Iterator[LabServer]:
    """A JupyterLab serving a fresh temporary notebooks folder, shared by the session's tests."""
    _require_browser_tools()
    server = LabServer().start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    _require_browser_tools()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def lab(request: pytest.FixtureRequest, lab_server: LabServer, chromium: Any) -> Iterator[LabPage]:
    """A fresh browser context and tab on the server; screenshots itself when the test fails."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    page = LabPage(context.new_page(), lab_server)
    try:
        yield page
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
            try:
                path = page.screenshot(f"FAILED-{name}")
                print(f"\nscreenshot of the failure: {path}")
            except Exception as exc:  # the page may be gone; the failure itself matters more
                print(f"\n(no screenshot: {exc})")
            if page.console_errors:
                print("browser console errors:\n" + "\n".join(page.console_errors[-20:]))
            print(f"jupyter lab log (tail):\n{lab_server.log_tail()}")
        page.close()
