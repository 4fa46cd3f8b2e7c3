"""The five topic notebooks (issue 8): structure, coverage of the rulings, both languages, outputs.

nbval runs the notebooks themselves; these tests read them as files (no kernel, milliseconds):
each exists and is valid nbformat, displays every ruling of its topic and plays a scenario that
demonstrates it, has English and French prose, and stores outputs only where nbval checks them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from mtgrules.rulings import load_rulings
from mtgrules.scenarios import scenario_by_id, shipped_scenarios

NOTEBOOKS = Path(__file__).parents[1] / "notebooks"
CHECK = "# NBVAL_CHECK_OUTPUT"


def topic_ids(topic: str) -> list[str]:
    return [r.id for r in load_rulings() if r.topic == topic]


# notebook -> (the ruling ids it must display and demonstrate, scenarios it must play)
TOPICS: dict[str, tuple[list[str], list[str]]] = {
    "01_stack_and_abilities.ipynb": (
        ["gogo-05", "gogo-06"],
        ["core-blood-artist-dies-together", "core-apnap-order", "core-target-gone",
         "gogo-prowess-is-triggered", "gogo-equip-is-activated"],
    ),
    "02_copying_abilities_gogo.ipynb": (topic_ids("gogo"), []),
    "03_additional_triggers_masamune.ipynb": (topic_ids("masamune"), []),
    "04_cascade.ipynb": (topic_ids("cascade"), []),
    "05_enter_as_copy_protege.ipynb": (topic_ids("protege"), []),
    "09_combat.ipynb": ([], [p.stem for p in shipped_scenarios()
                             if p.stem.startswith("combat-") and p.stem[7:9] <= "15"]),
    "10_replacement_and_prevention.ipynb": ([], [
        "replace-01-rest-in-peace",
        "replace-05a-hardened-scales-and-doubling-season-scales-first",
        "replace-05b-hardened-scales-and-doubling-season-doubling-first",
        "replace-04a-prevention-and-doubling-prevention-first",
        "replace-13-self-replacement-first-burst-lightning-furnace"]),
}
PARAMS = pytest.mark.parametrize("name", sorted(TOPICS))

SCENARIO_IDS = {p.stem for p in shipped_scenarios()}

# Small, distinctive function words: enough to tell an English paragraph from a French one.
EN_WORDS = {"the", "is", "and", "of", "to", "it", "its", "that", "with", "when", "are", "not",
            "what", "each", "in", "can", "be", "for", "by", "from", "this"}
FR_WORDS = {"le", "la", "les", "est", "et", "des", "du", "une", "un", "qui", "que", "pas", "sur",
            "ce", "au", "aux", "quand", "chaque", "dans", "en", "ne", "se", "il", "elle", "pour"}


def load(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOKS / name, as_version=4)


def code_cells(nb: nbformat.NotebookNode) -> list[str]:
    return [c.source for c in nb.cells if c.cell_type == "code"]


def language(paragraph: str) -> str | None:
    words = re.findall(r"[a-zàâçéèêëîïôûùüÿœ]+", paragraph.lower())
    en = sum(w in EN_WORDS for w in words)
    fr = sum(w in FR_WORDS for w in words)
    if max(en, fr) < 2 or en == fr:
        return None
    return "en" if en > fr else "fr"


def displayed_rulings(source: str) -> set[str]:
    """Ruling ids a code cell displays: ``ruling("id")`` as the cell's last expression, or
    inside a ``display(...)`` call."""
    tree = ast.parse(source)
    found: set[str] = set()
    roots: list[ast.AST] = []
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        roots.append(tree.body[-1].value)
    roots += [n for n in ast.walk(tree)
              if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "display"]
    for root in roots:
        for node in ast.walk(root):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ruling"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    return found


def played_scenarios(source: str) -> set[str]:
    """Shipped scenario ids named in a code cell (as string literals)."""
    tree = ast.parse(source)
    return {n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and n.value in SCENARIO_IDS}


def test_topics_cover_every_ruling():
    covered = {rid for ids, _ in TOPICS.values() for rid in ids}
    assert covered == {r.id for r in load_rulings()}


@PARAMS
def test_exists_and_is_valid_nbformat(name):
    path = NOTEBOOKS / name
    assert path.exists(), f"{name} is missing"
    nb = load(name)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    # Up to 60: a topic notebook asks a prediction before each section it explains (issue 17).
    assert 15 <= len(nb.cells) <= 60, f"{name}: {len(nb.cells)} cells, keep it focused"
    for source in code_cells(nb):
        ast.parse(source)  # every code cell is plain Python (no magics)


@PARAMS
def test_lang_variable_near_the_top(name):
    sources = code_cells(load(name))[:2]
    assert any(re.search(r'^LANG = "en"  # "fr" pour le français$', s, re.M) for s in sources)


@PARAMS
def test_every_ruling_displayed(name):
    wanted, _ = TOPICS[name]
    shown = set().union(*(displayed_rulings(s) for s in code_cells(load(name))))
    missing = [rid for rid in wanted if rid not in shown]
    assert not missing, f"{name} doesn't display {missing}"


@PARAMS
def test_every_ruling_demonstrated_by_a_played_scenario(name):
    wanted, scenarios = TOPICS[name]
    played = set().union(*(played_scenarios(s) for s in code_cells(load(name))))
    assert set(scenarios) <= played, f"{name} doesn't play {sorted(set(scenarios) - played)}"
    demonstrated = {rid for sid in played for rid in scenario_by_id(sid).rulings()}
    missing = [rid for rid in wanted if rid not in demonstrated]
    assert not missing, f"{name}: no scenario played demonstrates {missing}"


@PARAMS
def test_english_and_french_prose(name):
    nb = load(name)
    prose = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert prose
    for source in prose:
        for heading in re.findall(r"^#+ (.*)$", source, re.M):
            assert " · " in heading, f"{name}: heading {heading!r} is not 'English · Français'"
        paragraphs = [p for p in re.split(r"\n\s*\n", source) if not p.startswith("#")]
        langs = [language(p) for p in paragraphs]
        assert "en" in langs and "fr" in langs, f"{name}: needs English and French: {source[:80]!r}"
        # English first, then French.
        assert langs.index("en") < langs.index("fr"), f"{name}: French before English"


@PARAMS
def test_outputs_only_in_checked_cells(name):
    nb = load(name)
    checked_with_output = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if not cell.source.startswith(CHECK):
            assert not cell.outputs, f"{name}: unchecked cell stores outputs: {cell.source[:60]!r}"
            continue
        checked_with_output += bool(cell.outputs)
        for out in cell.outputs:
            # Checked cells keep printed text only: no SVG, HTML or memory addresses.
            assert out.output_type == "stream" and out.name == "stdout", (name, cell.source[:60])
            assert "<svg" not in out.text and not re.search(r"\bat 0x[0-9a-f]+", out.text)
    hint = "store them with tools/refresh_notebook_outputs.py"
    assert checked_with_output >= 3, f"{name}: checked cells have no outputs; {hint}"


def test_start_here_lists_the_topic_notebooks():
    nb = nbformat.read(NOTEBOOKS / "00_start_here.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    for name in TOPICS:
        assert f"`{name}`" in text
    assert "à venir" not in text and "coming" not in text
