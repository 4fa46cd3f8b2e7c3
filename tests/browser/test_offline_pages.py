"""What a teacher hands out, opened in a real Chromium with the network cut (issue 16): an
exported HTML post and a page of the static site. Nothing may be fetched, every diagram and
image must be drawn, and a screenshot is saved for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lab_harness import ARTIFACTS_DIR

from mtgrules.export import save_post
from mtgrules.scenarios import scenario_by_id

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

# For each picture on the page: drawn (a size on screen), and for an <img>, loaded.
_JS_PICTURES = """() => {
  const pictures = [...document.querySelectorAll('svg, img')];
  return pictures.map(el => {
    const box = el.getBoundingClientRect();
    const loaded = el.tagName.toLowerCase() !== 'img' || (el.complete && el.naturalWidth > 0);
    return {tag: el.tagName.toLowerCase(), width: box.width, height: box.height, loaded};
  });
}"""


def _open_offline(chromium: Any, path: Path, shot: str) -> tuple[Any, list[str], list[dict]]:
    """Open a local file with every network request refused; return the page, the requests
    that failed or were refused, and the pictures on the page."""
    context = chromium.new_context(viewport={"width": 1100, "height": 900}, offline=True)
    refused: list[str] = []

    def only_local(route: Any) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:", "about:")):
            route.continue_()
        else:
            refused.append(url)
            route.abort()

    context.route("**/*", only_local)
    page = context.new_page()
    page.on("requestfailed", lambda request: refused.append(f"failed: {request.url}"))
    page.goto(path.as_uri(), wait_until="load")
    page.wait_for_load_state("networkidle")
    pictures = page.evaluate(_JS_PICTURES)
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS_DIR / f"{shot}.png"), full_page=True)
    return page, refused, pictures


def test_an_exported_post_shows_offline(chromium: Any, tmp_path: Path) -> None:
    result = scenario_by_id("gogo-08-keep-or-change-targets").run()
    post = save_post(result, tmp_path, fmt="html", lang="fr")
    page, refused, pictures = _open_offline(chromium, post, "offline-post-gogo-08-fr")
    assert refused == []
    diagrams = [p for p in pictures if p["tag"] == "svg"]
    assert len(diagrams) == post.read_text(encoding="utf-8").count("<figure>")
    assert all(p["loaded"] and p["width"] > 50 and p["height"] > 50 for p in pictures), pictures
    assert page.locator("h1").inner_text().startswith("Chaque copie garde ses cibles")
    assert page.get_by_text("Ce que disent les règles").count() == 1
    page.context.close()


def test_a_page_of_the_site_shows_offline(chromium: Any, tmp_path: Path) -> None:
    pytest.importorskip("nbclient")
    from mtgrules.site import build_site

    notebooks = [ROOT / "notebooks" / name for name in ("00_start_here.ipynb", "07_sandbox.ipynb")]
    pages = build_site(notebooks, tmp_path / "site")
    index, refused, _ = _open_offline(chromium, pages[0], "offline-site-index")
    assert refused == []
    index.get_by_role("link").nth(1).click()  # the sandbox's page, through the index's link
    index.wait_for_load_state("load")
    assert index.url.endswith("07_sandbox.html")
    index.context.close()

    page, refused, pictures = _open_offline(chromium, pages[2], "offline-site-sandbox")
    assert refused == []
    assert pictures and all(p["loaded"] and p["width"] > 0 for p in pictures), pictures
    # The sandbox widget, drawn from its last state: its controls, its log, its diagram.
    assert page.locator(".mtg-static button").count() > 3
    assert page.locator(".mtg-static svg").count() >= 1
    assert page.get_by_text("A snapshot of an interactive widget").count() >= 1
    page.context.close()
