"""Diagrams of a big board stay readable (issue 12): identical neighbours on the stack are one
row, trigger events that read alike are one node, long zone lists count each name once, and
nothing draws more than MAX_ROWS rows. A step's heading counts many objects instead of naming
each. Small diagrams are unchanged (tests/test_draw.py). Nothing here is timed."""

from __future__ import annotations

import pytest

from mtgrules import Game, catalog
from mtgrules.draw import VIEWS, draw_step
from mtgrules.draw.scale import MAX_ROWS, stack_runs


@pytest.fixture(scope="module")
def board() -> Game:
    """100 Grizzly Bears, 3 Blood Artists, 2 The Masamunes on two of them, destroyed at once:
    515 triggered abilities on the stack."""
    cards = catalog()
    game = Game(["alice", "bob"])
    artists = [game.add(cards["Blood Artist"], "battlefield", "alice") for _ in range(3)]
    swords = [game.add(cards["The Masamune"], "battlefield", "alice", attached_to=a)
              for a in artists[:2]]
    bears = [game.add(cards["Grizzly Bears"], "battlefield", "bob") for _ in range(100)]
    game.start()
    game.destroy(*artists, *swords, *bears)
    return game


def test_a_long_stack_is_drawn_in_runs_of_identical_neighbours_then_a_count(board):
    assert len(board.stack) == 515
    d = draw_step(board, 1, "stack")
    assert d.nodes <= MAX_ROWS + 3
    assert "S515 · triggered ability (top)" in d.source  # the top object, as it is
    assert "S514 … S513 · ×2 · triggered ability" in d.source  # two alike, instances 1 and 2
    assert "… and 449 more" in d.source and "S449 … S1" in d.source  # 40 rows, then a count
    fr = draw_step(board, 1, "stack", "fr")
    assert "… et 449 autres" in fr.source and "capacité déclenchée" in fr.source


def test_runs_keep_the_stack_order_and_cover_every_object(board):
    runs = stack_runs(board.stack)
    assert [it.id for run in runs for it in run] == [it.id for it in board.stack]
    assert all(len({(it.source_id, it.controller) for it in run}) == 1 for run in runs)


def test_trigger_events_that_read_alike_are_one_node(board):
    d = draw_step(board, 1, "triggers")
    assert "Grizzly Bears died ×100" in d.source and "Blood Artist died ×3" in d.source
    assert d.nodes < 20
    fr = draw_step(board, 1, "triggers", "fr")
    assert "×100" in fr.source and "occurrence supplémentaire (603.2d)" in fr.source


def test_crowded_zones_count_each_name_once(board):
    assert "Grizzly Bears ×100" in draw_step(board, 1, "board").source
    before = draw_step(board, 0, "board", "fr")
    assert "Grizzlis" in before.source and "×100" in before.source
    assert before.nodes < 20


def test_a_step_heading_counts_many_objects(board):
    step = board.timeline[1]
    assert step.action == ("Destroy 105 permanents (Grizzly Bears ×100, Blood Artist ×3, "
                           "The Masamune ×2)")
    assert step.action_fr.startswith("Détruire 105 permanents (Grizzlis ×100")


@pytest.mark.parametrize("view", list(VIEWS))
def test_every_view_of_the_big_board_renders(board, view):
    for lang in ("en", "fr"):
        assert draw_step(board, 1, view, lang).svg().lstrip().startswith(("<?xml", "<svg"))


def test_the_stepper_shows_a_long_step_log_up_to_a_cap_then_a_count(board):
    from mtgrules.widgets.stepper import MAX_LOG_ENTRIES, step_html

    step = board.timeline[1]
    html = step_html(step, "en")
    assert html.count("<li>") == MAX_LOG_ENTRIES + 1
    assert f"… and {len(step.entries) - MAX_LOG_ENTRIES:,} more" in html
    assert len(step.text("en").splitlines()) == len(step.entries) + 1  # the whole log is there
