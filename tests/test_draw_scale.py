"""Diagrams of a big board stay readable (issue 12): identical neighbours on the stack are one
row, trigger events that read alike are one node, long zone lists count each name once, and
nothing draws more than MAX_ROWS rows. A step's heading counts many objects instead of naming
each. Small diagrams are unchanged (tests/test_draw.py). Nothing here is timed."""

from __future__ import annotations

import pytest

from mtgrules import Game, catalog
from mtgrules.draw import VIEWS, draw_step
from mtgrules.draw.scale import MAX_ROWS, stack_runs
from mtgrules.timeline import LogLine, Repeated, condensed


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


def test_by_default_identical_abilities_go_on_the_stack_together_and_draw_as_one_row(board):
    assert len(board.stack) == 515
    d = draw_step(board, 1, "stack")
    assert d.nodes == 3 + 1  # a row per Blood Artist, and the stack
    assert "S515 … S413 · ×103 · triggered ability" in d.source  # the last to die: its own
    assert "S206 … S1 · ×206 · triggered ability" in d.source  # 103 deaths + 103 from a sword


def test_a_long_stack_in_no_such_order_is_drawn_in_runs_then_a_count(board):
    """Ordered by the player one by one, alternating sources: 40 rows, then a count."""
    order = [f"T{i + 1}" for i in range(515)]
    order = order[0::2] + order[1::2]
    game = board.branch(0)
    state = board.timeline[0].state
    game.destroy(*[i for i, o in state.objects.items() if o.zone == "battlefield"],
                 answers=[{"order_triggers": order}])
    d = draw_step(game, 1, "stack")
    assert d.nodes <= MAX_ROWS + 3
    assert "… and" in d.source and "more" in d.source
    fr = draw_step(game, 1, "stack", "fr")
    assert "… et" in fr.source and "capacité déclenchée" in fr.source


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
    lines = condensed(step.entries)
    assert len(lines) < 20  # 1,560 entries read as a few lines with their counts
    assert ("Grizzly Bears (grizzly-bears) dies. — and 99 more alike "
            "(grizzly-bears-2, grizzly-bears-3, …, grizzly-bears-100)") in html
    assert html.count("<li>") == min(len(lines), MAX_LOG_ENTRIES) + \
        sum(len(x.lines) for x in lines if isinstance(x, Repeated))


# --- reading a long log, and ordering many triggers at once (issue 12) ---------------------

def test_a_short_log_is_read_line_by_line():
    from mtgrules.timeline import CONDENSE_ABOVE, LogEntry

    entries = [LogEntry("dies", (("obj", "Grizzly Bears"), ("id", f"b{i}")), ("700.4",))
               for i in range(CONDENSE_ABOVE)]
    assert [line.count for line in condensed(entries)] == [1] * CONDENSE_ABOVE


def test_entries_alike_but_for_their_object_are_one_line_naming_the_objects():
    from mtgrules.timeline import LogEntry

    entries = [LogEntry("dies", (("obj", "Grizzly Bears"), ("id", f"b{i}")), ("700.4",))
               for i in range(30)]
    entries.append(LogEntry("dies", (("obj", "Blood Artist"), ("id", "a")), ("700.4",)))
    lines = condensed(entries)
    assert [line.count for line in lines] == [30, 1]  # another name is another line
    assert lines[0].text("en") == "Grizzly Bears (b0) dies. — and 29 more alike (b1, b2, …, b29)"
    assert lines[0].text("fr").endswith("— et 29 autres semblables (b1, b2, …, b29)")
    two = LogLine(entries[0], ("b0", "b1"), 2)
    assert two.text("fr").endswith("— et 1 autre semblable (b1)")  # CLDR: 1 is singular


def test_a_repeated_pattern_is_shown_once_with_how_many_times():
    from mtgrules.timeline import LogEntry

    def life(who: str) -> LogEntry:
        return LogEntry("gains_life", (("player", who), ("n", 1)), ("119.3",))

    entries = [life(who) for _ in range(20) for who in ("Alice", "Bob")]
    (block,) = condensed(entries)
    assert isinstance(block, Repeated) and block.times == 20
    assert [line.text("en") for line in block.lines] == [life("Alice").text("en"),
                                                          life("Bob").text("en")]
    assert block.text("fr") == "×20, à chaque fois\u202f:"


def test_an_order_may_name_sources_for_all_their_abilities_at_once(board):
    """603.3b: the player orders 515 triggers by naming three sources."""
    game = board.branch(0)
    state = board.timeline[0].state
    game.destroy(*[i for i, o in state.objects.items() if o.zone == "battlefield"],
                 answers=[{"order_triggers": ["blood-artist-3", "blood-artist",
                                              "blood-artist-2"]}])
    bottom_first = [it.source_id for it in game.state.stack]
    assert bottom_first == ["blood-artist-3"] * 103 + ["blood-artist"] * 206 + \
        ["blood-artist-2"] * 206


def test_an_order_that_leaves_out_a_source_is_refused_saying_what_is_missing(board):
    from mtgrules.errors import RulesError

    game = board.branch(0)
    state = board.timeline[0].state
    with pytest.raises(RulesError) as err:
        game.destroy(*[i for i, o in state.objects.items() if o.zone == "battlefield"],
                     answers=[{"order_triggers": ["blood-artist-3", "blood-artist"]}])
    assert "missing: T3, T4, T8" in str(err.value) and "(+198)" in str(err.value)
    assert err.value.rule == "603.3b"
    assert len(game.stack) == 0 and len(game.timeline) == 1  # left as it was


def test_a_long_run_of_alike_steps_is_narrated_as_first_count_last():
    from mtgrules.scenarios.report import steps_text

    cards = catalog()
    game = Game(["alice", "bob"])
    artist = game.add(cards["Blood Artist"], "battlefield", "alice")
    bears = [game.add(cards["Grizzly Bears"], "battlefield", "bob") for _ in range(12)]
    game.start()
    game.destroy(*bears)
    game.resolve("all")
    text = "\n".join(steps_text(game.timeline.steps, "en"))
    assert "… steps 3 to 12: 10 more steps like step 2" in text
    assert text.count("resolves.") == 2 and artist
    fr = "\n".join(steps_text(game.timeline.steps, "fr"))
    assert "… étapes 3 à 12\u202f: 10 autres étapes comme l'étape 2" in fr
