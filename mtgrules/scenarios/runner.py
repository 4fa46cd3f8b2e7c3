"""Playing a scenario: build the game from its set-up, run its script, evaluate its checks.

Each check compares what the engine did with what the ruling says; a wrong engine fails it.
"""

from __future__ import annotations

import operator
import random
from dataclasses import field
from sys import intern

from ..abilities import CardDef, Characteristics
from ..actions import GameAction
from ..cards import Catalog
from ..collector import hold, release
from ..data import Node
from ..errors import RulesError, ScenarioError
from ..frozen import dataclass
from ..game import Game
from ..mana import parse_pool
from ..objects import EXACT_OBJECT_KEYS, State
from ..placement import check_aura_attached
from ..rulings import rule_matches
from ..text import typeset
from .checks import evaluate
from .model import Action, Check, OnFirstRead, Packed, SetupObject

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from ..saving import Cards


@dataclass
class Scenario:
    """A situation from a file: set-up, script, and checks."""

    id: str
    title: str
    title_fr: str
    description: str
    description_fr: str
    players: dict[str, dict[str, Any]]
    setup_objects: list[SetupObject]
    turn: dict[str, Any]
    script: list[Action]
    expect: list[Check]
    cards: Catalog
    seed: int = 0
    file: str | None = None
    data: Any = None
    #: Every question must be answered by the script (XMage's strict choose mode): an answer the
    #: default policy gave fails the scenario, unless the file says ``strict: false``.
    strict: bool = True
    #: the set-up as read (its keys beyond the players': a saved moment's stack, combat...)
    setup: Node | None = None
    #: the scenario's own cards as written, so a game saved from it can write them again
    card_data: list[Any] = field(default_factory=list)
    #: Is the set-up a saved moment's (:func:`saved_moment`: keys beyond the players' objects,
    #: a stack, combat, tokens' own values...)? Worked out by the loader, so that building the
    #: game reads the line-marked set-up only then; None: work it out when building.
    saved_moment: bool | None = None

    def rulings(self) -> list[str]:
        """Every ruling the scenario cites, in its checks or in its expected refusals."""
        found = [r for c in self.all_checks() for r in c.rulings]
        found += [r for a in self.script if a.error for r in a.error.get("rulings", ())]
        return list(dict.fromkeys(found))

    def all_checks(self) -> list[Check]:
        return [c for a in self.script for c in a.checks] + list(self.expect)

    def new_game(self) -> Game:
        return build_game(self)

    def run(self, upto: int | None = None) -> ScenarioResult:
        """Play the script (all of it, or its first ``upto`` actions) and evaluate the checks."""
        return run_scenario(self, upto=upto)

    def __repr__(self) -> str:
        return f"<Scenario {self.id}: {self.title!r} ({len(self.script)} actions)>"

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (the cache of parsed files, issue 12): what playing never reads (the file's
        data as read, the line-marked set-up, the set-up objects' nodes) is one block of
        bytes, unpickled on its first read (:class:`~.model.Packed`); the set-up objects are
        their other fields."""
        state = self.__dict__.copy()
        packed = state.pop("_packed", None)
        if packed is None or any(name in state for name in _PACKED):
            packed = Packed({"data": self.data, "setup": self.setup,
                             "nodes": [so.node for so in self.setup_objects]})
        for name in _PACKED:
            state.pop(name, None)
        state["_packed"] = packed
        state["setup_objects"] = [(so.card, so.zone, so.owner, so.options)
                                  for so in self.setup_objects]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        packed = state["_packed"]
        state["setup_objects"] = [
            SetupObject.unpickled(card, zone, owner, options, packed, i)
            for i, (card, zone, owner, options) in enumerate(state["setup_objects"])]
        self.__dict__.update(state)


#: The fields an unpickled scenario reads from its packed parts on first read.
_PACKED = ("data", "setup")
# After the dataclass is made, so that their defaults (None) are unchanged.
Scenario.data = OnFirstRead("data", lambda s: s._packed.part("data"))  # type: ignore[assignment]
Scenario.setup = OnFirstRead(  # type: ignore[assignment]
    "setup", lambda s: s._packed.part("setup"))


def build_game(scenario: Scenario, *, keyframe: bool = True) -> Game:
    """A new game in the scenario's set-up (set-up is not an event: nothing triggers).
    ``keyframe=False``: its set-up (step 0) keeps no keyframe; read, it is built again
    (``Game.start``'s ``setup``; see :func:`keyframes_read`)."""
    game = Game(list(scenario.players), seed=scenario.seed)
    game.cards, game.card_data = scenario.cards, scenario.card_data
    game.origin = {"id": scenario.id, "title": scenario.title, "title_fr": scenario.title_fr}
    saved_keys = scenario.saved_moment
    if saved_keys is None:
        saved_keys = saved_moment(scenario.players, scenario.setup_objects, scenario.setup)
    saved: Cards | None = None
    if saved_keys:  # (saving.py is imported only for a saved moment's set-up: a check has none)
        from ..saving import cards_for

        saved = cards_for(scenario.cards)
    for name, spec in scenario.players.items():
        player = game.player(name)
        player.life = int(spec.get("life", 20))
        if spec.get("library_listed"):
            game.state.libraries_listed.append(name)
        mana = spec.get("mana")
        if isinstance(mana, Node) and saved is not None:
            from ..saving import decode

            player.mana_pool = decode(mana.value, saved, mana)
        elif mana:  # no mana written: the pool stays empty
            player.mana_pool = parse_pool(mana)  # (a new player's pool: empty until now)
    pending_attach = []
    # Libraries are listed top first: add them last, bottom first.
    objects = scenario.setup_objects
    ordered = [so for so in objects if so.zone != "library"] + \
        [so for so in reversed(objects) if so.zone == "library"]
    for so in ordered:
        oid = _add(game, scenario, so, saved)
        if so.options.get("attached_to") is not None:
            pending_attach.append((oid, so.options["attached_to"], so))
        try:  # 303.4a: an Aura on the battlefield is attached to something
            check_aura_attached(game.state.objects[oid].copiable_values(), so.zone,
                                so.options.get("attached_to"))
        except ValueError as err:
            raise so.node.error(str(err)) from None
    for oid, host, so in pending_attach:
        try:  # 303.4, 301.5, 704.5p: only what the rules allow is attached, to what it may be
            game.attach(oid, host)
        except ValueError as err:
            raise so.node["attached_to"].error(str(err)) from None
    # (the line-marked set-up is read only for a saved moment: see Scenario.saved_moment)
    if saved is not None and scenario.setup is not None:
        from ..saving import apply_state_parts, check_state

        apply_state_parts(game.state, scenario.setup, saved)
        check_state(game.state, scenario.setup, scenario.turn["step"])
    game.start(scenario.turn["active"], scenario.turn["step"], scenario.turn["turn"],
               priority=scenario.turn.get("priority"),
               setup=None if keyframe else lambda: build_game(scenario, keyframe=False).state)
    return game


def saved_moment(players: dict[str, dict[str, Any]], setup_objects: list[SetupObject],
                 setup: Node | None) -> bool:
    """Does the set-up use the keys of a saved moment (beyond the players' objects)?"""
    exact = any(not _EXACT_KEYS.isdisjoint(so.options) for so in setup_objects) \
        or any(so.zone == "stack" or not so.card or isinstance(so.options.get("token"), dict)
               or isinstance(so.options.get("emblem"), dict) for so in setup_objects)
    pools = any(isinstance(p.get("mana"), Node) for p in players.values())
    return exact or pools or (setup is not None and any(
        k not in ("turn", "active", "step") and k not in players for k in setup.value))


_EXACT_KEYS = frozenset(EXACT_OBJECT_KEYS)


def _add(game: Game, scenario: Scenario, so: SetupObject, saved: Cards | None) -> str:
    """One set-up object; a saved moment's exact keys (zcc, timestamp, copy...) set after."""
    # The keys as Python's own texts (sys.intern): an unpickled scenario's are copies, and a
    # call given a keyword argument that is not the parameter's own text compares it with
    # each parameter's name in turn (add() has twelve; 0.8 M instructions of a check). A key
    # that is no text is left as it is: add() refuses it below, naming the file's line.
    opts = {intern(k) if type(k) is str else k: v for k, v in so.options.items()
            if k not in _EXACT_KEYS and k != "attached_to"}
    card: Any = scenario.cards[so.card] if so.card else None
    for key in ("token", "emblem"):
        if isinstance(opts.get(key), (dict, str)):
            assert saved is not None
            chars = saved_chars(so, key, saved)
            if card is None or chars != card.characteristics():
                card = chars  # a token an effect created: its values, no card (111.1)
            opts[key] = True
    if card is not None and not isinstance(card, CardDef) and so.card:
        opts["token"] = True
    try:
        oid = game.add(card, so.zone, so.owner, **opts)
    except (ValueError, TypeError) as err:
        raise so.node.error(str(err)) from None
    if saved is not None:
        obj = game.state.objects[oid]
        if so.card and isinstance(card, Characteristics):
            obj.card = scenario.cards[so.card]  # a token with its card and its own values
        from ..saving import apply_object

        apply_object(obj, so.options, so.node, saved)
    return oid


def saved_chars(so: SetupObject, key: str, saved: Cards) -> Characteristics:
    value = so.options[key]
    node = so.node[key]
    if isinstance(value, str):
        return saved.find(saved.chars, value, node, "characteristics")
    from ..saving import decode

    chars = decode(value, saved, node)
    if not isinstance(chars, Characteristics):  # untagged values: not a saved game's form
        raise node.error(
            f"a set-up {key}'s own values are a saved game's form ({{'!chars': ...}}); for "
            f"a {key} of your own, give its card in 'cards:' and write "
            f"{{card: <its name>, {key}: true}} (111.1)")
    return chars


@dataclass
class CheckResult:
    """One check evaluated: did it pass, what was expected, what the game showed, and why not.
    (A docstring of its own: else ``dataclasses`` writes one from ``inspect.signature`` at
    every import.)"""

    check: Check
    passed: bool
    expected: Any
    actual: Any
    message: str = ""
    refusal: tuple[str, str] = ("", "")  # a refused action's reason, in English and French

    @property
    def rulings(self) -> tuple[str, ...]:
        return self.check.rulings

    def __repr__(self) -> str:
        mark = "ok" if self.passed else "FAILED"
        return f"<CheckResult {self.check.kind} {mark} {','.join(self.rulings)}>"


@dataclass
class ScenarioResult:
    """A scenario played: its game, its checks' results, and the error that stopped it."""

    scenario: Scenario
    game: Game
    checks: list[CheckResult] = field(default_factory=list)
    error: str | None = None
    refusal: tuple[Action, RulesError] | None = None  # an unexpected refusal, for the report
    error_fr: str | None = None  # the error in French, when the runner wrote it

    def error_text(self, lang: str = "en") -> str:
        """What went wrong, in ``lang`` (a file's own mistakes are told in English only)."""
        return (self.error_fr or self.error or "") if lang == "fr" else (self.error or "")

    @property
    def passed(self) -> bool:
        return self.error is None and all(c.passed for c in self.checks)

    def failures(self) -> list[CheckResult]:
        return [c for c in self.checks if not c.passed]

    def __repr__(self) -> str:
        return (f"<ScenarioResult {self.scenario.id} {'passed' if self.passed else 'FAILED'} "
                f"{sum(c.passed for c in self.checks)}/{len(self.checks)} checks>")


def run_scenario(scenario: Scenario, upto: int | None = None) -> ScenarioResult:
    """Build the game, play the script and evaluate the checks. The collector looks only at
    what the scenario makes, from its set-up to its last check (collector.hold, as for one
    action): each action's own hold then finds it held and changes nothing, and the set-up
    and the checks between actions start no full collection of the whole heap (1.3 M
    instructions less in ``mtgrules check``, which plays ~860 actions)."""
    held = hold()
    try:
        return _run(scenario, upto)
    finally:
        release(held)


def _run(scenario: Scenario, upto: int | None) -> ScenarioResult:
    script = scenario.script[:upto]
    kept = keyframes_read(script)
    game = build_game(scenario, keyframe=SET_UP in kept)
    result = ScenarioResult(scenario, game)
    for i, action in enumerate(script):
        try:
            result.checks += play_action(game, action, keyframe=i in kept)
        except RulesError as err:
            result.error = f"line {action.line}: {action.kind} was refused: {err}"
            result.error_fr = typeset(f"ligne {action.line} : l'action {action.kind} a été "
                                      f"refusée : {err.message_fr}", "fr") \
                + (f" (CR {err.rule})" if err.rule else "")
            result.refusal = (action, err)
            return result
        except ScenarioError as err:
            result.error = str(err)
            return result
    if upto is None:
        result.checks += [_evaluate(game, c) for c in scenario.expect]
        if scenario.strict:
            result.error, result.error_fr = _defaulted(game)
    return result


def keyframes_read(script: list[Action]) -> set[int]:
    """The actions of a script whose steps keep keyframes (full states, when due: see
    Game._keyframe_due): those that an action expected to be refused follows (the set-up,
    :data:`SET_UP`, if it is the first). A refused action puts the game back to the last
    step's state (Game.transaction), which is read from that step's keyframe, or rebuilt by
    replaying from the one before. Nothing else reads a step's state while a scenario plays
    (the checks read the game's own), so the other actions' steps keep none (Game.apply's
    ``keyframe=False``), nor does the set-up (it is built again from the scenario, see
    :func:`build_game`): whoever reads one later (the stepper, a diagram, saving a step)
    has it rebuilt, exactly, as any step without one (tests/test_recording.py rebuilds
    every step of every shipped scenario). A refusal nobody expected still puts the game
    back exactly: to a rebuilt state."""
    kept, before = set(), SET_UP
    for i, action in enumerate(script):
        if action.kind == "check":
            continue
        if action.error is not None:
            kept.add(before)
        before = i
    return kept


#: The set-up in :func:`keyframes_read`: before the script's first action.
SET_UP = -1


def _defaulted(game: Game) -> tuple[str | None, str | None]:
    """The first question the default policy answered, named with its step and its answer (in
    English and French)."""
    for step in game.timeline.steps:
        for a in step.answered:
            if a.default:
                return (f"line {step.script_line}: the question '{a.kind}' ({a.prompt}) was "
                        f"answered by the default policy ({a.answer!r}); give the answer on "
                        f"that step (answers: [{{{a.kind}: ...}}]) or set 'strict: false'",
                        # French spacing in the sentence, none in the YAML to copy
                        typeset(f"ligne {step.script_line} : la demande « {a.kind} » "
                                f"({a.prompt_fr}) a reçu la réponse de la politique par défaut "
                                f"({a.answer!r}) ; donnez la réponse à cette étape", "fr")
                        + f" (answers: [{{{a.kind}: ...}}]) ou écrivez strict: false")
    return None, None


def play_action(game: Game, action: Action, *, keyframe: bool = True) -> list[CheckResult]:
    """Play one scripted action; return the results of its checks (for 'check' steps), or of
    its expected error. ``keyframe=False``: its steps keep no keyframe (see
    :func:`keyframes_read`)."""
    if action.kind == "check":
        return [_evaluate(game, c) for c in action.checks]
    if action.error is None:
        _do(game, action, keyframe=keyframe)
        return []
    before = fingerprint(game)
    try:
        _do(game, action, keyframe=keyframe)
    except RulesError as err:
        return [_error_result(game, action, err, before)]
    check = Check("error", action.error, tuple(action.error.get("rulings", ())), action.line)
    return [CheckResult(check, False, action.error, "no error", "the action was allowed")]


def _error_result(game: Game, action: Action, err: RulesError, before: tuple[Any, ...]
                  ) -> CheckResult:
    expected = action.error or {}
    # A rule matches itself and its subrules, in the CR's numbering tree ("107.3" is met by a
    # refusal citing 107.3a, "707.1" is not met by 707.10).
    rule_ok = expected.get("rule") is None or (
        err.rule is not None and rule_matches(str(err.rule), str(expected["rule"])))
    text_ok = expected.get("contains") is None or expected["contains"].lower() in str(err).lower()
    unchanged = fingerprint(game, now=True) == before
    rulings = tuple(r for r in expected.get("rulings", ()))
    # The refusal keeps the action's note: the narration says why the attempt was refused.
    check = Check("error", expected, rulings, action.line, action.note, action.note_fr)
    msg = "" if unchanged else "the game changed although the action was refused"
    return CheckResult(check, rule_ok and text_ok and unchanged, expected,
                       {"rule": err.rule, "message": str(err), "unchanged": unchanged}, msg,
                       refusal=(err.message, err.message_fr))


def _evaluate(game: Game, check: Check) -> CheckResult:
    passed, actual, message = evaluate(game, check)
    return CheckResult(check, passed, check.expected, actual, message)


def _do(game: Game, action: Action, keyframe: bool = True) -> None:
    game.apply(game_action(game, action), answers=action.answers, line=action.line,
               keyframe=keyframe)


#: A script's words for the actions whose name in the engine is longer.
SCRIPT_KINDS = {"play": "play_land", "pass": "pass_priority", "damage": "deal_damage"}


def game_action(game: Game, action: Action) -> GameAction:
    """The engine's action for a scripted one: its objects named by id (an unknown id is
    refused, 109.1), the player the script names or the one with priority."""
    kind, value = SCRIPT_KINDS.get(action.kind, action.kind), action.value
    given = None if value is True else value
    if kind in ("cast", "activate", "play_land"):
        return GameAction(kind, action.by, (_id(game, value),), ability=action.ability - 1)
    if kind == "pass_priority":
        return GameAction(kind, given if given is not None else action.by)
    if kind == "resolve":
        return GameAction(kind, times=1 if value is True else value)
    if kind == "next_step":
        return GameAction(kind, to=given)
    if kind in ("declare_attackers", "declare_blockers", "combat_damage"):
        return GameAction(kind, declaration=given)
    if kind == "deal_damage":
        return GameAction(kind, objects=tuple(_ids(game, value["to"])),
                          amount=int(value["amount"]))
    return GameAction(kind, action.by if kind == "sacrifice" else None,
                      tuple(_ids(game, value)))


def _ids(game: Game, value: Any) -> list[str]:
    return [_id(game, v) for v in (value if isinstance(value, list) else [value])]


def _id(game: Game, value: Any) -> str:
    text = str(value)
    if text in game.state.objects or text in game.state.players:
        return text
    raise RulesError(f"there is no object '{text}' in this game", rule="109.1",
                     message_fr=f"il n'y a pas d'objet « {text} » dans cette partie")


def fingerprint(game: Game, *, now: bool = False) -> tuple[Any, ...]:
    """Everything about the game state, for "nothing changed" comparisons (``==``): a snapshot
    of every field, compared by value (the random generator by its state). A snapshot shares
    what never changes (card definitions, stack objects), so it costs a fraction of writing
    the whole state out as text, which this used to do. ``now``: the state's own fields, not
    copied, for a comparison made at once with one kept from before (the same answer)."""
    state = game.state if now else game.state.snapshot()
    fields = tuple(zip(_COMPARED, _compared(state), strict=True))
    # An empty zone and a zone never used are the same zone: which lists exist is bookkeeping.
    zones = {k: v for k, v in state.zones.items() if v}
    return fields, zones, _Position(state.rng)


#: The state's fields a fingerprint compares as they are (the zones and the generator apart).
_COMPARED = tuple(f for f in sorted(State.__dataclass_fields__) if f not in ("rng", "zones"))
_compared = operator.attrgetter(*_COMPARED)


class _Position:
    """Where a random generator is, for ``==``: the same generator (states share one until
    either draws from it, :meth:`State.random`, so it is where it was) or one in the same
    state. Reading the state copies 625 numbers: most comparisons don't need it."""

    __slots__ = ("rng",)
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Position) and (
            self.rng is other.rng or self.rng.getstate() == other.rng.getstate())

    def __repr__(self) -> str:
        return f"<generator {id(self.rng):#x}>"
