"""Diagrams that never mislead (issue 16), checked where a person sees them: in the rendered SVG.

The stack view must draw the stack in its order, top at the top, at every step of every shipped
scenario and with every available renderer: Graphviz is free to move nodes to shorten edges, so
the test reads each stack object's position from the SVG, never the DOT source.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from mtgrules.draw import available_renderers, draw_step
from mtgrules.draw.render import RENDERERS
from mtgrules.game import Game
from mtgrules.scenarios import load_scenario, shipped_scenarios

pytest.importorskip("graphviz")

SVG = "{http://www.w3.org/2000/svg}"
SCENARIOS = [p.stem for p in shipped_scenarios()]


@cache
def played(scenario_id: str) -> Game:
    path = next(p for p in shipped_scenarios() if p.stem == scenario_id)
    return load_scenario(path).run().game


def _renderer_param(name: str) -> pytest.param:
    return pytest.param(name, id=name, marks=pytest.mark.skipif(
        name not in available_renderers(), reason=f"renderer '{name}' is not available here"))


def node_groups(svg: str) -> dict[str, ET.Element]:
    """Each node's <g> in the SVG, by its title (the DOT node name)."""
    root = ET.fromstring(svg)
    return {g.findtext(f"{SVG}title"): g for g in root.iter(f"{SVG}g")
            if g.get("class") == "node"}


def texts(element: ET.Element) -> list[tuple[float, float, str]]:
    """(y, x, text) of every text line drawn inside ``element``, top first."""
    return sorted((float(t.get("y", 0)), float(t.get("x", 0)), t.text or "")
                  for t in element.iter(f"{SVG}text"))


def drawn_stack_order(svg: str, ids: list[str]) -> list[str]:
    """The stack objects ``ids`` in the order they are drawn, top of the picture first."""
    lines = texts(node_groups(svg)["stack"])
    heads = {obj_id: y for y, _, text in lines for obj_id in ids
             if text.startswith(f"{obj_id} · ")}
    assert set(heads) == set(ids), f"stack objects missing from the drawing: {heads}"
    return sorted(ids, key=heads.__getitem__)


@pytest.mark.parametrize("renderer", [_renderer_param(r) for r in RENDERERS])
@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_the_stack_is_drawn_in_its_order_top_first(scenario_id: str, renderer: str) -> None:
    """405.2: the stack's top is the object put on it last; the view puts it at the top."""
    game = played(scenario_id)
    for step in game.timeline.steps:
        assert step.state is not None
        top_first = [item.id for item in reversed(step.state.stack)]
        if not top_first:
            continue
        svg = draw_step(game, step.index, view="stack").svg(renderer=renderer)
        assert drawn_stack_order(svg, top_first) == top_first, f"step {step.index}"


def test_the_order_reader_sees_a_wrong_order() -> None:
    """The reader above must be able to fail: two nodes drawn bottom-first are read that way."""
    from mtgrules.draw.render import render_svg

    svg = render_svg('digraph { rankdir=LR; stack [shape=record label="<a> S1 · x|<b> S2 · y"] }')
    assert drawn_stack_order(svg, ["S2", "S1"]) == ["S1", "S2"]
    assert re.search(r"S1 · x", svg)


# --- the triggers view: this step's events, each one told apart (603.2, 603.2d) -----------------


def event_labels(svg: str) -> list[str]:
    return [" / ".join(t for _, _, t in texts(g)) for name, g in node_groups(svg).items()
            if name.startswith("event_")]


def test_triggers_view_draws_the_current_steps_events_unless_asked_for_history() -> None:
    """masamune-02, step 9: one more death. Earlier deaths are history, drawn only on request."""
    game = played("masamune-02-two-masamunes")
    now = draw_step(game, 9, view="triggers")
    everything = draw_step(game, 9, view="triggers", history=True)
    assert now.nodes < everything.nodes
    assert all(label.endswith("step 9") for label in event_labels(now.svg()))
    assert any(not label.endswith("step 9") for label in event_labels(everything.svg()))
    quiet = draw_step(game, 2, view="triggers")  # a resolution that triggers nothing
    assert "nothing triggered during this step" in quiet.source


def test_identical_events_are_told_apart() -> None:
    """masamune-09: two Grizzly Bears die together; each death is its own event (603.2)."""
    labels = event_labels(draw_step(played("masamune-09-dying-together"), 1, "triggers").svg())
    assert len(labels) == 3 and len(set(labels)) == 3
    assert sum("Grizzly Bears (" in label and ") died" in label for label in labels) == 2


# --- the board fits a notebook ------------------------------------------------------------------

NOTEBOOK_WIDTH_PX = 900


def width_px(svg: str) -> float:
    """The drawing's width in CSS pixels (Graphviz writes points: 1 pt = 4/3 px)."""
    match = re.search(r'<svg width="([\d.]+)pt"', svg)
    assert match, "no width in the SVG"
    return float(match.group(1)) * 4 / 3


@pytest.mark.parametrize("renderer", [_renderer_param(r) for r in RENDERERS])
@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_the_board_fits_a_notebook_players_in_turn_order(scenario_id: str, renderer: str) -> None:
    game = played(scenario_id)
    for step in game.timeline.steps:
        assert step.state is not None
        for lang in ("en", "fr"):
            svg = draw_step(game, step.index, view="board", lang=lang).svg(renderer=renderer)
            assert width_px(svg) <= NOTEBOOK_WIDTH_PX, f"step {step.index} ({lang})"
            groups = node_groups(svg)
            tops = [texts(groups[f"player_{p}"])[0][0] for p in step.state.player_order()]
            assert tops == sorted(tops), f"players not in turn order at step {step.index}"
            assert_marks_what_was_replaced(svg, step, lang, shields=True)
        if not step.replaced:  # the stack view: no mark where nothing was replaced (cheap)
            assert "replaced_" not in draw_step(game, step.index, view="stack").source


# --- replaced events and prevention shields (614, 615): where, and only where, they are --------


def notes(svg: str, prefix: str) -> list[str]:
    """The text of each node whose name starts with ``prefix``, in the order the view made
    them (the number after the prefix; "… and N more" last)."""
    found = {name: re.sub("[ \xa0]+", " ", " ".join(t for _, _, t in texts(g)))
             for name, g in node_groups(svg).items() if name.startswith(prefix)}

    def made(name: str) -> tuple[int, str]:
        rest = name[len(prefix):]
        return (int(rest), "") if rest.isdigit() else (1 << 30, rest)
    return [found[name] for name in sorted(found, key=made)]


def assert_marks_what_was_replaced(svg: str, step, lang: str, shields: bool = False) -> None:
    """One note per replaced event of the step (at most MAX_NOTES, then "… and N more"), each
    naming its effects in the order they applied (616.1); none when nothing was replaced. On
    the board, one shield per prevention shield in force, none when there is none (615.7)."""
    from mtgrules.draw.diagrams import MAX_NOTES, replacement_chains

    chains = replacement_chains(step.replaced)
    drawn = notes(svg, "replaced_")
    assert len(drawn) == min(len(chains), MAX_NOTES) + (len(chains) > MAX_NOTES), step.index
    for chain, note in zip(chains, drawn, strict=False):
        where = [note.find(f"{record.name.in_(lang)} ({record.rule})") for record in chain]
        assert -1 not in where and where == sorted(where), (step.index, note)
    if shields:
        assert len(notes(svg, "shield_")) == len(step.state.shields), step.index


# --- every label French in French ----------------------------------------------------------------

WORD = re.compile(r"[A-Za-zÀ-ÿ]+")


def _words(*texts: object) -> set[str]:
    """Lower-case words of texts; a plural message (mtgrules.text.plural) gives all its forms."""
    found: set[str] = set()
    for text in texts:
        forms = [text.one, text.other, text.many or ""] if hasattr(text, "other") else [text]
        found |= {w.lower() for form in forms for w in WORD.findall(str(form))}
    return found


@cache
def english_only_words() -> frozenset[str]:
    """Words of the kit's English vocabulary that are not French: the glossary's English terms
    (the package's copy and the shared reference), the diagrams' labels, zone, step, type and
    keyword names. A French diagram showing one of them shows English."""
    import csv
    from pathlib import Path

    from mtgrules.draw.diagrams import ZONE_WORDS, W
    from mtgrules.text import typeline
    from mtgrules.text.messages import MESSAGES, STEP_NAMES

    en: set[str] = set()
    fr: set[str] = set()
    glossaries = [Path(__file__).resolve().parents[1] / "mtgrules/rulings/glossary_en_fr.csv",
                  Path(__file__).resolve().parents[2] / "shared/reference/glossary_en_fr.csv"]
    for path in glossaries:
        if path.exists():
            with path.open(encoding="utf-8") as f:
                for row in csv.DictReader(f):
                    en |= _words(row["en"])
                    fr |= _words(row["fr"].replace("Magic: The Gathering", ""))
    for name in [*W.values(), *ZONE_WORDS.values()]:
        en |= _words(name.en)
        fr |= _words(name.fr)
    for en_name, fr_name in STEP_NAMES.values():
        en |= _words(en_name)
        fr |= _words(fr_name)
    en |= set(STEP_NAMES)  # main1, upkeep...: the engine's own names for steps
    fr |= _words(*(fr_text for _, fr_text in MESSAGES.values()))  # "alice active une capacité"
    for table in (typeline.CARD_TYPES_FR, typeline.SUPERTYPES_FR, typeline.SUBTYPES_FR,
                  typeline.KEYWORDS_FR, typeline.COUNTERS_FR):
        en |= _words(*table)
        fr |= _words(*table.values())
    return frozenset(w for w in en - fr if len(w) > 2)


def names_and_ids(game: Game, step_index: int) -> list[str]:
    """What a scenario names (object ids, players, stack ids) and English card names without a
    French name: not vocabulary, so left out before looking for English words."""
    state = game.timeline.steps[step_index].state
    assert state is not None
    found = [*state.objects, *state.players, *(item.id for item in state.stack),
             *(shield.id for shield in state.shields)]
    for obj in state.objects.values():
        chars = obj.copiable_values()
        if not chars.name_fr or chars.name_fr == chars.name:
            found.append(chars.name)
    return sorted(found, key=len, reverse=True)


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_french_diagrams_show_no_english(scenario_id: str) -> None:
    from mtgrules.draw import VIEWS

    game = played(scenario_id)
    english = english_only_words()
    for step in game.timeline.steps:
        names = names_and_ids(game, step.index)
        for view in VIEWS:
            svg = draw_step(game, step.index, view=view, lang="fr").svg()
            for _, _, line in texts(ET.fromstring(svg)):
                shown = line
                for name in names:
                    shown = shown.replace(name, " ")
                leaked = _words(shown) & english
                assert not leaked, f"step {step.index}, {view}: {sorted(leaked)} in {line!r}"


def test_the_english_detector_sees_english() -> None:
    english = english_only_words()
    for word in ("hideaway", "creature", "bear", "main1", "stack", "target", "tapped", "the"):
        assert word in english, word
    for french in ("cachette", "créature", "ours", "pile", "cible", "engagé", "source", "mode"):
        assert french not in english, french


def test_replaced_events_are_marked_in_the_stack_view_too() -> None:
    game = played("replace-01-rest-in-peace")
    for step in game.timeline.steps:
        for lang in ("en", "fr"):
            svg = draw_step(game, step.index, view="stack", lang=lang).svg()
            assert_marks_what_was_replaced(svg, step, lang)
    assert any(step.replaced for step in game.timeline.steps)


@pytest.mark.parametrize(("scenario_id", "lang", "expected"), [
    ("replace-05a-hardened-scales-and-doubling-season-scales-first", "en",
     ["would have been:", "Endless One (endless) enters the battlefield",
      "2. instead, by Hardened Scales (614.16):", "with 4 +1/+1 counters",
      "3. instead, by Doubling Season (614.16):", "with 8 +1/+1 counters"]),
    ("replace-05b-hardened-scales-and-doubling-season-doubling-first", "fr",
     ["aurait été :", "2. à la place, par Saison de la multiplication (614.16) :",
      "avec 6 marqueurs +1/+1", "3. à la place, par Écailles durcies (614.16) :",
      "avec 7 marqueurs +1/+1"]),
])
def test_the_note_tells_what_would_have_happened_and_each_effect_in_order(
        scenario_id: str, lang: str, expected: list[str]) -> None:
    """616.1 answered both ways: the board's note tells the two orders apart (8 or 7)."""
    (note,) = notes(draw_step(played(scenario_id), 2, view="board", lang=lang).svg(),
                    "replaced_")
    where = [note.find(part) for part in expected]
    assert -1 not in where and where == sorted(where), note


def test_a_shield_is_drawn_while_in_force_and_marks_what_it_prevented() -> None:
    """replace-04a: Healing Salve's shield on Bob (615.7) until it prevents Lightning Bolt's
    3 damage; then no shield, and a note that nothing was dealt (615.6)."""
    game = played("replace-04a-prevention-and-doubling-prevention-first")
    before = draw_step(game, 4, view="board").svg()
    (shield,) = notes(before, "shield_")
    assert "Prevention shield (615.7)" in shield and "the next 3 damage" in shield
    assert "Bob" in shield and notes(before, "replaced_") == []
    after = draw_step(game, 5, view="board", lang="fr").svg()
    assert notes(after, "shield_") == []
    (note,) = notes(after, "replaced_")
    assert "prévenu par Baume curatif (615.1a)" in note and "rien" in note


def test_a_shield_in_force_that_prevents_nothing_marks_nothing() -> None:
    """replace-03, step 7: Fog's shield is still there, but 2 damage from a scenario event is
    not combat damage: it is dealt, and nothing is marked as prevented."""
    game = played("replace-03-fog")
    step6, step7 = (draw_step(game, i, view="board").svg() for i in (6, 7))
    assert len(notes(step6, "replaced_")) == 3  # Fog prevented three combat damage events
    assert len(notes(step7, "shield_")) == 1 and notes(step7, "replaced_") == []


def test_a_part_prevented_says_what_is_still_dealt_not_what_was_prevented() -> None:
    """probe-09, step 8: 4 damage, 1 prevented by the shield (615.7): the line under the
    shield is the 3 still dealt, so the note must not read '3 damage prevented'."""
    game = played("probe-09-doubling-and-prevention-in-the-affected-players-order")
    (note,) = notes(draw_step(game, 8, view="board").svg(), "replaced_")
    assert "part prevented by Shield Mote (615.1a); still dealt:" in note
    assert "prevented by Shield Mote (615.1a):" not in note
    (fr,) = notes(draw_step(game, 8, view="board", lang="fr").svg(), "replaced_")
    assert "en partie prévenu par la Motte-bouclier" in fr and "encore infligé" in fr


@pytest.mark.parametrize(("lang", "expected", "never"), [
    ("en", ["would have been:", "Alice draws 1 card", "instead, by Notion Thief (614.11):",
            "Bob draws a card."], "prevented"),
    ("fr", ["aurait été\u202f:", "Alice pioche 1 carte", "à la place, par le Voleur de notions",
            "Bob pioche une carte."], "prévenu"),
])
def test_a_replaced_draw_says_what_its_effect_did_instead(lang: str, expected: list[str],
                                                          never: str) -> None:
    """replace-15, step 5: Notion Thief replaces Alice's draw (614.11): the note says Bob drew
    instead, never that nothing happened because all of it was prevented (that is 615.6)."""
    game = played("replace-15-notion-thief-draws-replaced")
    first, _ = notes(draw_step(game, 5, view="board", lang=lang).svg(), "replaced_")
    where = [first.find(part) for part in expected]
    assert -1 not in where and where == sorted(where), first
    assert never not in first
