"""The legal actions now, and the engine's questions as choices: the model behind the action panel.

How a question reaches a person: the action is tried on a branch of the game (the game itself
is not touched), in a worker thread whose answerer waits for the person's answer. The panel
shows each question with its legal options only; each answer lets the same attempt go on, so
nothing is played twice per answer, however many questions an action asks. When the attempt is
done, the game plays the action once with every answer given (``game.cast(..., answers=[...])``):
the game is never half-way through an action while a question waits.

>>> from mtgrules import Game, catalog
>>> game = Game(["alice", "bob"])
>>> bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
>>> game.player("alice").mana_pool["R"] = 1
>>> game.start()
>>> model = ActionModel(game)
>>> model.perform(Action("cast", "alice", bolt))
'question'
>>> model.pending.kind, [o.key for o in model.pending.options]
('targets', ['alice', 'bob'])
>>> model.answer(["bob"])
'done'
>>> [item.source_name for item in game.stack]
['Lightning Bolt']
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..casting import activated_abilities
from ..choices import CallbackAnswerer, DefaultPolicy, Question
from ..errors import RulesError
from ..game import Game
from ..text.safe import escape_html
from .i18n import Language, as_language, label


class NeedAnswer(Exception):  # noqa: N818 - a signal, not an error
    """Raised from an answerer to stop an action at a question nobody answered yet."""

    def __init__(self, question: Question):
        super().__init__(question.prompt)
        self.question = question


class _Withdrawn(Exception):  # noqa: N818 - a signal: the person cancelled the attempt
    """Raised in the attempt's thread when the pending question is cancelled: the branch's
    action is undone like any refused action."""


@dataclass(frozen=True)
class Action:
    """One thing a person can do now: ``kind`` is cast, play (a land), activate, pass, resolve,
    next_step, declare_attackers, declare_blockers, combat_damage, destroy or sacrifice;
    ``player`` who does it; ``obj`` the card or permanent; ``ability`` its index."""

    kind: str
    player: str | None = None
    obj: str | None = None
    ability: int = 0
    text_en: str = ""
    text_fr: str = ""
    objs: tuple[str, ...] = ()  # destroy or sacrifice several at the same time

    def text(self, lang: str = "en") -> str:
        return self.text_fr if lang == "fr" else self.text_en

    def targets(self) -> tuple[str, ...]:
        """The objects acted on: ``objs``, else ``obj``."""
        return self.objs or ((self.obj,) if self.obj else ())

    @property
    def key(self) -> str:
        """A stable key: ``cast:bolt``, ``activate:gogo:0``, ``pass``, ``destroy:bears``."""
        parts = [self.kind] + (["+".join(self.targets())] if self.targets() else [])
        if self.kind == "activate":
            parts.append(str(self.ability))
        return ":".join(parts)


def _name(game: Game, obj_id: str, lang: str) -> str:
    n = game.name_of(obj_id)
    return f"{n.in_(lang)} ({obj_id})"


def legal_actions(game: Game) -> list[Action]:
    """What can be tried now: the priority player's casts and activations, pass, resolve, and
    the scenario events destroy and sacrifice. The engine still checks each one (timing, costs,
    targets): a refused action says why, with the rule."""
    s = game.state
    who = s.priority
    out: list[Action] = []
    for card in game.zone(who, "hand"):
        kind = "play" if "land" in game.obj(card).copiable_values().card_types else "cast"
        text = "play_land" if kind == "play" else "cast"
        out.append(Action(kind, who, card, 0,
                          label(text, "en", player=who, card=_name(game, card, "en")),
                          label(text, "fr", player=who, card=_name(game, card, "fr"))))
    views = game.views()
    for oid in game.zone(None, "battlefield"):
        v = views.get(oid)
        if v is None or v.controller != who:
            continue
        for i, ability in enumerate(activated_abilities(v)):
            if ability.mana_ability:
                continue
            text_en = ability.text or (ability.keyword or "")
            text_fr = ability.text_fr or text_en
            out.append(Action("activate", who, oid, i,
                              label("activate", "en", player=who, card=_name(game, oid, "en"),
                                    ability=text_en),
                              label("activate", "fr", player=who, card=_name(game, oid, "fr"),
                                    ability=text_fr)))
    out.append(Action("pass", who, None, 0, label("pass", "en", player=who),
                      label("pass", "fr", player=who)))
    if not s.stack:
        out += _step_actions(game)
    if s.stack:
        out.append(Action("resolve", None, None, 0, label("resolve", "en"), label("resolve", "fr")))
    for oid in game.zone(None, "battlefield"):
        out.append(Action("destroy", None, oid, 0,
                          label("destroy", "en", card=_name(game, oid, "en")),
                          label("destroy", "fr", card=_name(game, oid, "fr"))))
    for oid in game.zone(None, "battlefield"):
        ctl = s.objects[oid].controller
        out.append(Action("sacrifice", ctl, oid, 0,
                          label("sacrifice", "en", player=ctl, card=_name(game, oid, "en")),
                          label("sacrifice", "fr", player=ctl, card=_name(game, oid, "fr"))))
    return out


#: The combat steps a person can go on to directly, and from which steps (506.1).
COMBAT_ACTIONS = {"declare_attackers": ("main1", "beginning_of_combat"),
                  "declare_blockers": ("declare_attackers",),
                  "combat_damage": ("declare_blockers", "combat_damage")}


def _step_actions(game: Game) -> list[Action]:
    """With an empty stack: go on to the next step, or straight to declaring attackers,
    declaring blockers or combat damage, whose questions then come to the panel (508-510)."""
    from ..text.messages import STEP_NAMES
    s = game.state
    out = [Action("next_step", None, None, 0, label("next_step", "en"),
                  label("next_step", "fr"))]
    combat = s.combat
    for step, after in COMBAT_ACTIONS.items():
        if s.step not in after:
            continue
        if step == "combat_damage" and s.step == "combat_damage" and not (
                combat and combat.two_damage_steps and combat.damage_step == 1):
            continue
        if step != "declare_attackers" and not (combat and combat.any_attackers):
            continue
        en, fr = STEP_NAMES["second_combat_damage" if s.step == step else step]
        out.append(Action(step, None, None, 0, label("go_to_step", "en", step=en),
                          label("go_to_step", "fr", step=fr)))
    return out


def destroy_action(game: Game, obj_ids: list[str] | tuple[str, ...]) -> Action:
    """Destroy several permanents at the same time (701.8), as one scenario event."""
    ids = tuple(obj_ids)
    en = ", ".join(_name(game, i, "en") for i in ids)
    fr = ", ".join(_name(game, i, "fr") for i in ids)
    return Action("destroy", None, ids[0] if ids else None, 0, label("destroy", "en", card=en),
                  label("destroy", "fr", card=fr), ids)


@dataclass(frozen=True)
class QuestionSpec:
    """How to show a question: ``widget`` is one (a dropdown), many (pick min..max), order (one
    sortable list) or number (from ``low`` to ``high``); ``options`` are (label, key). For
    order, ``options`` are the groups of identical choices, each as (label, "k1 k2 ..."): the
    list starts in the default order and a whole group moves at once."""

    widget: str
    prompt: str
    options: tuple[tuple[str, str], ...] = ()
    min: int = 1
    max: int = 1
    low: int = 0
    high: int = 0
    rule: str = ""


def order_groups(q: Question, lang: str = "en") -> tuple[tuple[str, str], ...]:
    """The sortable items of an order question: its groups of identical choices (the engine's
    ``context["groups"]``), else one item per option; each as (label, space-separated keys)."""
    groups = q.context.get("groups") or [
        {"keys": (o.key,), "en": o.label or o.key, "fr": o.label_fr or o.label or o.key}
        for o in q.options]
    return tuple((g["fr" if lang == "fr" else "en"], " ".join(g["keys"])) for g in groups)


def order_answer(items: list[str] | tuple[str, ...]) -> list[str]:
    """The engine's answer (every key once) from sortable items in their order."""
    return [k for item in items for k in item.split()]


#: The greatest X the action panel's number field offers (the engine has no limit).
WIDGET_MAX_X = 100


def question_spec(q: Question, lang: str = "en") -> QuestionSpec:
    """The widget a question needs, offering only its legal answers."""
    prompt = label("question", lang, player=q.player,
                   prompt=q.prompt_fr if lang == "fr" else q.prompt)
    opts = tuple(((o.label_fr if lang == "fr" else o.label) or o.key, o.key) for o in q.options)
    if q.number_range is not None:
        low, high = q.number_range
        # the rules set no greatest X (107.3); the widget's field stops somewhere
        high = max(low, WIDGET_MAX_X) if high is None else high
        return QuestionSpec("number", prompt, low=low, high=high, rule=q.rule)
    if q.ordered:
        return QuestionSpec("order", prompt, order_groups(q, lang), len(opts), len(opts),
                            rule=q.rule)
    if q.min == 1 and q.max == 1:
        return QuestionSpec("one", prompt, opts, rule=q.rule)
    return QuestionSpec("many", prompt, opts, q.min, q.max, rule=q.rule)


class ActionModel:
    """Plays actions on a game, collecting the answers to the engine's questions one by one.

    :meth:`perform` and :meth:`answer` return ``'done'``, ``'question'`` (see :attr:`pending`)
    or ``'refused'`` (see :attr:`message`). With :attr:`auto` set, questions nobody answered go
    to the default policy instead of stopping.
    """

    def __init__(self, game: Game | None = None, lang: Language | str | None = None):
        self.game = game
        self.lang = as_language(lang)
        self.current: Action | None = None
        self.answers: list[dict[str, Any]] = []
        self.pending: Question | None = None
        self.message = ""
        self.auto = False
        #: give each answer also to the identical questions that follow in the same action
        #: (a thousand identical triggers: one answer, not a thousand)
        self.repeat = False
        self.on_change: list[Callable[[], None]] = []
        self._attempt: _Attempt | None = None
        self._repeats: dict[tuple[Any, ...], Any] = {}

    def __repr__(self) -> str:
        state = "waiting: " + self.pending.kind if self.pending else "ready"
        return f"<ActionModel {state}, {len(self.answers)} answers>"

    def set_game(self, game: Game | None) -> None:
        self.cancel()
        self.game = game

    def actions(self) -> list[Action]:
        return legal_actions(self.game) if self.game is not None else []

    def action(self, key: str) -> Action:
        for a in self.actions():
            if a.key == key:
                return a
        raise KeyError(f"no legal action '{key}' now")

    def perform(self, action: Action | str) -> str:
        """Start an action (an :class:`Action` or its key) with no answers yet."""
        if self.game is None:
            raise ValueError("no game or no action")
        chosen = self.action(action) if isinstance(action, str) else action
        self._withdraw()
        self.current, self.answers, self._repeats = chosen, [], {}
        self._attempt = _Attempt(self.game, lambda g: self._run(g, chosen, None), self._ask)
        return self._outcome(self._attempt.start())

    def answer(self, value: Any) -> str:
        """Answer the pending question (a key, a list of keys, an ordering, or a number)."""
        if self.pending is None or self.current is None or self._attempt is None:
            raise ValueError("there is no question to answer")
        try:
            self.pending.check(value)
        except RulesError as err:
            msg = err.message_fr if self.lang.value == "fr" else str(err)
            self.message = label("bad_answer", self.lang.value, message=msg)
            self._changed()
            return "question"
        self.answers.append({self.pending.kind: value})
        if self.repeat:
            self._repeats[_signature(self.pending)] = value
        return self._outcome(self._attempt.reply(value))

    def cancel(self) -> None:
        self._withdraw()
        self.current, self.pending, self.answers = None, None, []
        self._changed()

    def question_spec(self) -> QuestionSpec | None:
        return question_spec(self.pending, self.lang.value) if self.pending else None

    def message_html(self) -> str:
        return f'<div class="mtg-message">{escape_html(self.message)}</div>'

    # --- internals ---------------------------------------------------------------------------

    def _ask(self, question: Question) -> Any:
        """In the attempt's thread: the default answer, the answer already given to an
        identical question, or None to wait for the person."""
        if self.auto:
            return DefaultPolicy().answer(question)
        return self._repeats.get(_signature(question))

    def _run(self, game: Game, action: Action, answers: list[dict[str, Any]] | None) -> Any:
        k = action.kind
        if k == "cast":
            return game.cast(action.player, action.obj, answers=answers)
        if k == "play":
            return game.play_land(action.player, action.obj, answers=answers)
        if k == "activate":
            return game.activate(action.player, action.obj, action.ability, answers=answers)
        if k == "pass":
            return game.pass_priority(action.player, answers=answers)
        if k == "resolve":
            return game.resolve(answers=answers)
        if k == "next_step":
            return game.next_step(answers=answers)
        if k in COMBAT_ACTIONS:
            return game.next_step(k, answers=answers)
        if k == "destroy":
            return game.destroy(*action.targets(), answers=answers)
        if k == "sacrifice":
            return game.sacrifice(action.player, *action.targets(), answers=answers)
        raise ValueError(f"unknown action kind '{k}'")

    def _withdraw(self) -> None:
        if self._attempt is not None:
            self._attempt.withdraw()
            self._attempt = None

    def _outcome(self, event: tuple[str, Any]) -> str:
        kind, payload = event
        lang, action, game = self.lang.value, self.current, self.game
        if kind == "question":
            self.pending = payload
            self.message = ""
            self._changed()
            return "question"
        self._attempt = None
        if kind == "done":
            assert action is not None and game is not None
            try:  # the attempt went through: the game plays it once, with every answer
                self._run(game, action, [dict(a) for a in self._recorded(payload)])
            except RulesError as err:
                kind, payload = "refused", err
        if kind == "refused":
            err = payload
            self.message = label("refused", lang,
                                 message=err.message_fr + (f" (CR {err.rule})" if err.rule
                                                           else "")
                                 if lang == "fr" else str(err))
            self.current, self.pending, self.answers = None, None, []
            self._changed()
            return "refused"
        if kind == "error":
            self.current, self.pending, self.answers = None, None, []
            raise payload
        self.message = label("done", lang, action=action.text(lang) if action else "")
        self.current, self.pending, self.answers = None, None, []
        self._changed()
        return "done"

    @staticmethod
    def _recorded(branch: Game) -> list[dict[str, Any]]:
        """Every answer the attempt gave, as a script, from the branch's last step."""
        return [{a.kind: a.answer} for a in branch.timeline.steps[-1].answered]

    def _changed(self) -> None:
        for fn in list(self.on_change):
            fn()


_WITHDRAW = object()


def _signature(q: Question) -> tuple[Any, ...]:
    """What makes two questions identical: same kind, player, prompt, legal answers, slot."""
    return (q.kind, q.player, q.prompt, tuple(o.key for o in q.options), q.number_range,
            q.context.get("slot"))


class _Attempt:
    """One try of an action on a branch of the game, in its own thread, stopping at each
    question nobody answered yet until :meth:`reply` gives the answer. The person's thread
    waits while the attempt runs, so the two never run at the same time."""

    def __init__(self, game: Game, run: Callable[[Game], Any],
                 ask: Callable[[Question], Any]):
        self.branch = game.branch() if game.timeline.steps else _copy_unstarted(game)
        self.run, self.ask = run, ask
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.replies: queue.Queue[Any] = queue.Queue()
        self.thread = threading.Thread(target=self._work, daemon=True,
                                       name="mtgrules-action-attempt")
        self.waiting = False

    def start(self) -> tuple[str, Any]:
        self.branch.answerer = CallbackAnswerer(self._answer)
        self.thread.start()
        return self._next()

    def reply(self, value: Any) -> tuple[str, Any]:
        self.replies.put(value)
        return self._next()

    def withdraw(self) -> None:
        if self.waiting:
            self.replies.put(_WITHDRAW)
            self._next()
        self.thread.join(timeout=5)

    def _next(self) -> tuple[str, Any]:
        event = self.events.get()
        self.waiting = event[0] == "question"
        return event

    def _answer(self, question: Question) -> Any:
        value = self.ask(question)
        if value is not None:
            return value
        self.events.put(("question", question))
        value = self.replies.get()
        if value is _WITHDRAW:
            raise _Withdrawn(question.prompt)
        return value

    def _work(self) -> None:
        try:
            self.run(self.branch)
            self.events.put(("done", self.branch))
        except _Withdrawn:
            self.events.put(("withdrawn", None))
        except RulesError as err:
            self.events.put(("refused", err))
        except BaseException as err:  # noqa: BLE001 - handed to the person's thread
            self.events.put(("error", err))


def _copy_unstarted(game: Game) -> Game:
    """A game not started yet has no step to branch from: its copy, started the same way."""
    import copy
    new = Game(list(game.state.players), seed=game.seed, keyframe_every=game.keyframe_every)
    new.state = copy.deepcopy(game.state)
    return new
