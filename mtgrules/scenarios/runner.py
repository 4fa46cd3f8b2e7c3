"""Playing a scenario: build the game from its set-up, run its script, evaluate its checks.

Each check compares what the engine did with what the ruling says; a wrong engine fails it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..choices import ScriptedAnswerer
from ..errors import RulesError, ScenarioError
from ..game import Game
from ..mana import parse_pool
from .checks import evaluate
from .loader import Action, Check, Scenario


@dataclass
class CheckResult:
    check: Check
    passed: bool
    expected: Any
    actual: Any
    message: str = ""

    @property
    def rulings(self) -> tuple[str, ...]:
        return self.check.rulings

    def __repr__(self) -> str:
        mark = "ok" if self.passed else "FAILED"
        return f"<CheckResult {self.check.kind} {mark} {','.join(self.rulings)}>"


@dataclass
class ScenarioResult:
    scenario: Scenario
    game: Game
    checks: list[CheckResult] = field(default_factory=list)
    error: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and all(c.passed for c in self.checks)

    def failures(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.passed]

    def __repr__(self) -> str:
        return (f"<ScenarioResult {self.scenario.id} {'passed' if self.passed else 'FAILED'} "
                f"{sum(c.passed for c in self.checks)}/{len(self.checks)} checks>")


def build_game(scenario: Scenario) -> Game:
    game = Game(list(scenario.players), seed=scenario.seed)
    for name, spec in scenario.players.items():
        player = game.player(name)
        player.life = int(spec.get("life", 20))
        player.mana_pool.update(parse_pool(spec.get("mana")))
    pending_attach = []
    # Libraries are listed top first: add them bottom first.
    ordered = sorted(enumerate(scenario.setup_objects),
                     key=lambda p: (p[1].zone == "library", -p[0] if p[1].zone == "library"
                                    else p[0]))
    for _, so in ordered:
        opts = dict(so.options)
        attach = opts.pop("attached_to", None)
        try:
            oid = game.add(scenario.cards[so.card], so.zone, so.owner, **opts)
        except (ValueError, TypeError) as err:
            raise so.node.error(str(err)) from None
        if attach is not None:
            pending_attach.append((oid, attach))
    for oid, host in pending_attach:
        game.state.objects[oid].attached_to = host
    game.start(scenario.turn["active"], scenario.turn["step"], scenario.turn["turn"])
    return game


def run_scenario(scenario: Scenario, upto: int | None = None) -> ScenarioResult:
    game = build_game(scenario)
    result = ScenarioResult(scenario, game)
    for action in scenario.script[:upto]:
        try:
            result.checks += play_action(game, action)
        except RulesError as err:
            result.error = f"line {action.line}: {action.kind} was refused: {err}"
            return result
        except ScenarioError as err:
            result.error = str(err)
            return result
    if upto is None:
        result.checks += [_evaluate(game, c) for c in scenario.expect]
    return result


def play_action(game: Game, action: Action) -> list[CheckResult]:
    """Play one scripted action; return the results of its checks (for 'check' steps), or of
    its expected error."""
    if action.kind == "check":
        return [_evaluate(game, c) for c in action.checks]
    if action.error is None:
        _do(game, action)
        return []
    before = fingerprint(game)
    try:
        _do(game, action)
    except RulesError as err:
        return [_error_result(game, action, err, before)]
    check = Check("error", action.error, (), action.line)
    return [CheckResult(check, False, action.error, "no error", "the action was allowed")]


def _error_result(game: Game, action: Action, err: RulesError, before: str) -> CheckResult:
    expected = action.error or {}
    rule_ok = expected.get("rule") is None or str(expected["rule"]) == str(err.rule)
    text_ok = expected.get("contains") is None or expected["contains"].lower() in str(err).lower()
    unchanged = fingerprint(game) == before
    rulings = tuple(r for r in expected.get("rulings", ()))
    check = Check("error", expected, rulings, action.line)
    msg = "" if unchanged else "the game changed although the action was refused"
    return CheckResult(check, rule_ok and text_ok and unchanged, expected,
                       {"rule": err.rule, "message": str(err), "unchanged": unchanged}, msg)


def _evaluate(game: Game, check: Check) -> CheckResult:
    passed, actual, message = evaluate(game, check)
    return CheckResult(check, passed, check.expected, actual, message)


def _do(game: Game, action: Action) -> None:
    kind, value, line, answers = action.kind, action.value, action.line, action.answers
    who = action.by or game.state.priority
    if kind == "cast":
        game.cast(who, _id(game, value), answers=answers, line=line)
    elif kind == "activate":
        game.activate(who, _id(game, value), action.ability - 1, answers=answers, line=line)
    elif kind == "pass":
        game.pass_priority(None if value is True else value, answers=answers, line=line)
    elif kind == "resolve":
        shared = ScriptedAnswerer(answers or [], fallback=game.answerer)
        times = 1 if value is True else value
        while (times == "all" and game.state.stack) or (times != "all" and times > 0):
            game.resolve(answers=shared, line=line)
            times = times - 1 if times != "all" else times
        if shared.unused():
            raise ScenarioError(f"these answers were not asked for: {shared.unused()}",
                                line=line, field="answers")
    elif kind == "destroy":
        game.destroy(*_ids(game, value), answers=answers, line=line)
    elif kind == "sacrifice":
        game.sacrifice(who, *_ids(game, value), answers=answers, line=line)
    elif kind == "put_into_graveyard":
        game.put_into_graveyard(*_ids(game, value), answers=answers, line=line)
    elif kind == "damage":
        game.deal_damage(int(value["amount"]), *_ids(game, value["to"]), answers=answers,
                         line=line)


def _ids(game: Game, value: Any) -> list[str]:
    return [_id(game, v) for v in (value if isinstance(value, list) else [value])]


def _id(game: Game, value: Any) -> str:
    text = str(value)
    if text in game.state.objects or text in game.state.players:
        return text
    raise RulesError(f"there is no object '{text}' in this game")


def fingerprint(game: Game) -> str:
    """Everything about the game state as text, for "nothing changed" comparisons."""
    state = copy.copy(game.state)
    rng_state = state.rng.getstate()
    fields = {f: getattr(state, f) for f in state.__dataclass_fields__ if f != "rng"}
    return repr(sorted(fields.items(), key=lambda kv: kv[0])) + repr(rng_state)
