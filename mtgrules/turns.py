"""Steps and turns (500-514), as far as the kit needs them: moving on when all players pass with
an empty stack, mana pools emptying (500.4), untapping, drawing, and "until end of turn" effects
ending in the cleanup step (514.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .objects import STEPS
from .text import Name
from .text.messages import STEP_NAMES

if TYPE_CHECKING:
    from .game import Game


def next_step(game: Game) -> None:
    """Move to the next step. No player receives priority in the untap step (502.4), nor in
    the cleanup step unless something triggers there (514.3), so the game moves on by itself."""
    state = game.state
    while True:
        _advance(game)
        if state.step == "untap":
            _untap(game)
            continue
        if state.step == "draw":
            _draw(game)
        elif state.step == "cleanup":
            _cleanup(game)
            if not state.pending:
                continue
        break
    state.passes = 0
    state.priority = state.active


def _advance(game: Game) -> None:
    state = game.state
    for p in state.players.values():
        p.mana_pool.clear()  # 500.4
    i = STEPS.index(state.step)
    if i + 1 < len(STEPS):
        state.step = STEPS[i + 1]
    else:
        _next_turn(game)
    game.log("step", "500.1", step=Name(*STEP_NAMES[state.step]), turn=state.turn,
             player=state.active)


def _next_turn(game: Game) -> None:
    state = game.state
    order = state.player_order()
    state.active = order[1] if len(order) > 1 else order[0]
    state.turn += 1
    state.step = "untap"
    state.lands_played = 0  # 305.2: one land each turn


def _untap(game: Game) -> None:
    """502.3: the active player untaps their permanents."""
    state = game.state
    for i in state.zone(None, "battlefield"):
        obj = state.objects[i]
        if obj.controller == state.active:
            obj.tapped = False


def _draw(game: Game) -> None:
    from .zones import move_many
    library = game.state.zone(game.state.active, "library")
    if library:
        move_many(game, [(library[-1], "hand")], cause="draw", rule="504.1")
        game.log("draws", "504.1", player=game.state.active)


def _cleanup(game: Game) -> None:
    """514.2: damage is removed and "until end of turn" effects end, at the same time."""
    state = game.state
    for i in state.zone(None, "battlefield"):
        state.objects[i].damage = 0
        state.objects[i].deathtouched = False
    state.effects = [e for e in state.effects if e.get("until") != "end_of_turn"]
    game.log("cleanup", "514.2")
