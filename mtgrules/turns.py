"""Steps and turns (500-514), as far as the kit needs them: moving on when all players pass with
an empty stack, mana pools emptying (500.4), untapping, drawing, the combat steps' turn-based
actions (506-511, in combat.py), and "until end of turn" effects ending in the cleanup step
(514.2)."""

from __future__ import annotations

from .abilities import STEP_OF_EVENT
from .characteristics import compute_all
from .choices import Option, Question
from .combat import (
    begin_combat,
    combat_damage_step,
    declare_attackers,
    declare_blockers,
    end_of_combat_step,
    leave_combat,
    skipped,
)
from .events import StepBegins
from .mana import format_pool
from .objects import STEPS
from .sba import check_state_based_actions
from .text import Name, plural
from .text.messages import STEP_NAMES
from .triggers import fire
from .zones import draw_cards, move_many, note_control_changes

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from .game import Game

#: The trigger event each step's beginning is, for the steps this module begins (500.1).
_STEP_EVENT = {step: event for event, step in STEP_OF_EVENT.items()}


def next_step(game: Game, stop_in_cleanup: bool = False) -> None:
    """Move to the next step and do its turn-based actions. No player receives priority in the
    untap step (502.4), nor in the cleanup step unless something triggers there (514.3), so the
    game moves on by itself; the declare blockers and combat damage steps are skipped when no
    creature attacks (508.8). ``stop_in_cleanup``: the game was asked to go to the cleanup
    step, so it stays there once its turn-based actions are done (514.1, 514.2), for a look at
    what they did; moving on from there begins the next turn."""
    state = game.state
    while True:
        if not _advance(game):
            continue
        if state.step == "untap":
            _untap(game)
            continue
        if state.step == "draw":
            _draw(game)
        elif state.step in ("upkeep", "end"):
            # "at the beginning of your upkeep / of the (next) end step": abilities and
            # delayed triggered abilities trigger (503.1a, 513.1, 603.7)
            fire(game, [StepBegins(step=_STEP_EVENT[state.step], player=state.active)])
        elif state.step == "cleanup":
            _cleanup(game)
            if not _priority_in_cleanup(game) and not stop_in_cleanup:
                continue
        else:
            _combat_actions(game)
        break
    state.passes = 0
    state.priority = state.active


def _priority_in_cleanup(game: Game) -> bool:
    """514.3a: after the cleanup step's turn-based actions, if state-based actions are
    performed or abilities triggered, the active player gets priority in the cleanup step, and
    another cleanup step will follow."""
    state = game.state
    if not check_state_based_actions(game) and not state.pending:
        return False
    state.cleanup_again = True
    game.log("cleanup_priority", "514.3a")
    return True


def _advance(game: Game) -> bool:
    """Go to the step after this one; False if that step is skipped (508.8)."""
    state = game.state
    for p in state.players.values():
        if p.mana_pool:  # 500.5, 106.4: unspent mana empties as a step or phase ends (said:
            # else a spell cast later is refused for mana the set-up seemed to give)
            game.log("mana_lost", "500.5", "106.4", player=p.name, mana=format_pool(p.mana_pool))
            p.mana_pool.clear()
    if state.cleanup_again:  # 514.3a: all passed with an empty stack in the cleanup step
        state.cleanup_again = False
        game.log("cleanup_again", "514.3a")
        return True
    combat = state.combat
    if state.step == "combat_damage" and combat is not None and combat.two_damage_steps \
            and combat.damage_step == 1:
        # 510.4: after first strike damage, a second combat damage step
        game.log("step", "510.4", step=_STEP_NAMES["second_combat_damage"],
                 turn=state.turn, player=state.active)
        return True
    if state.step == "end_of_combat":
        leave_combat(game)  # 511.3
    state.drawn_in_step = 0
    step = _FOLLOWING.get(state.step)
    if step is not None:
        state.step = step
    else:
        _next_turn(game)
    if state.step in _SKIPPABLE and skipped(game, state.step):
        return False
    game.log("step", "500.1", step=_STEP_NAMES[state.step], turn=state.turn,
             player=state.active)
    return True


#: The step after each step of a turn (the last one's is the next turn's first: absent).
_FOLLOWING = dict(zip(STEPS[:-1], STEPS[1:], strict=True))
#: The steps :func:`combat.skipped` may skip (508.8).
_SKIPPABLE = ("declare_blockers", "combat_damage")
#: Each step's name as the log tells it (made once, not at each step).
_STEP_NAMES = {step: Name(*names) for step, names in STEP_NAMES.items()}


#: The turn-based actions as each combat step begins (507-511).
_COMBAT_ACTIONS = {"beginning_of_combat": begin_combat, "declare_attackers": declare_attackers,
                   "declare_blockers": declare_blockers, "combat_damage": combat_damage_step,
                   "end_of_combat": end_of_combat_step}


def _combat_actions(game: Game) -> None:
    """The turn-based actions as a combat step begins (507-511)."""
    action = _COMBAT_ACTIONS.get(game.state.step)
    if action is not None:
        action(game)


def _next_turn(game: Game) -> None:
    state = game.state
    order = state.player_order()  # (without the active player if they left: 800.4k)
    state.active = order[1] if len(order) > 1 and order[0] == state.active else order[0]
    state.turn += 1
    state.step = "untap"
    state.lands_played = 0  # 305.2: one land each turn


def _untap(game: Game) -> None:
    """502.3: the active player untaps the permanents they control (after control-changing
    effects, 613.1b)."""
    state = game.state
    for v in compute_all(state, ("battlefield",)).values():
        if v.controller == state.active and v.tapped:  # (a store ends the object's watch)
            state.objects[v.id].tapped = False


def _draw(game: Game) -> None:
    """504.1: the active player draws a card, a draw like any other (121)."""
    draw_cards(game, game.state.active, 1, "504.1")


#: 402.2: each player's maximum hand size, normally seven (no effect of the kit changes it)
MAXIMUM_HAND_SIZE = 7


def _discard_to_hand_size(game: Game) -> None:
    """514.1: the active player discards down to their maximum hand size (402.2), choosing
    the cards (701.9b); a discard moves them from hand to graveyard (701.9a)."""
    state = game.state
    player = state.active
    hand = state.ids_in(player, "hand")
    excess = len(hand) - MAXIMUM_HAND_SIZE
    if excess <= 0:
        return
    options = [Option(i, i, f"{game.name_of(i).en} ({i})", f"{game.name_of(i).fr} ({i})")
               for i in hand]
    chosen = game.ask(Question(
        "discard", player, f"Discard {plural('en', excess, 'card')}: down to seven in hand",
        f"Défaussez-vous de {plural('fr', excess, 'card')} pour n'en garder que sept en main",
        options, min=excess, max=excess, rule="514.1"))
    for i in chosen:
        game.log("discards", "514.1", "701.9a", player=player, obj=game.name_of(i), id=i)
    move_many(game, [(i, "graveyard") for i in chosen], cause="discard", rule="514.1")


def _cleanup(game: Game) -> None:
    """514.1: the active player discards down to seven; then 514.2: damage is removed and
    "until end of turn" effects end, at the same time."""
    _discard_to_hand_size(game)
    state = game.state
    for i in state.zone(None, "battlefield"):
        obj = state.objects[i]
        if obj.damage:  # only what changes: a store ends the object's watch (objects.watch)
            obj.damage = 0
        if obj.deathtouched:
            obj.deathtouched = False
    ending = [e for e in state.effects if e.duration == "end_of_turn"]
    before = compute_all(state, ("battlefield",)) \
        if any(e.modification.control for e in ending) else {}
    state.effects = [e for e in state.effects if e.duration != "end_of_turn"]
    state.shields = [s for s in state.shields if s.until != "end_of_turn"]  # 615.3
    ended = [d for d in state.delayed if d.this_turn]  # 603.7b: its duration ends (514.2)
    if ended:  # a new list: the state's lists may be shared with earlier steps' snapshots
        state.delayed = [d for d in state.delayed if not d.this_turn]
    for d in ended:
        game.log("delayed_ends", "603.7b", "514.2", source=Name(d.source_name, d.source_name_fr),
                 id=d.id, text=Name(d.ability.text.rstrip("."), d.ability.text_fr.rstrip(".")))
    if before:
        note_control_changes(game, before)
    game.log("cleanup", "514.2")
