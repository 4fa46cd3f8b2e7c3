"""The legal actions now, and the engine's questions as choices: the model behind the action panel.

How a question reaches a person: the game's answerer becomes a :class:`CallbackAnswerer` whose
callback raises :class:`NeedAnswer` when it has no answer. The engine restores the game (every
action is all-or-nothing), the panel shows the question with its legal options only, and once
answered the action is played again from the start with the answers given so far
(``game.cast(..., answers=[...])``), until it asks nothing new.

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
    """Raised from the widget's answerer to stop an action at a question nobody answered yet."""

    def __init__(self, question: Question):
        super().__init__(question.prompt)
        self.question = question


@dataclass(frozen=True)
class Action:
    """One thing a person can do now: ``kind`` is cast, play (a land), activate, pass, resolve,
    destroy or sacrifice; ``player`` who does it; ``obj`` the card or permanent; ``ability``
    its index."""

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


def destroy_action(game: Game, obj_ids: list[str] | tuple[str, ...]) -> Action:
    """Destroy several permanents at the same time (701.8), as one scenario event."""
    ids = tuple(obj_ids)
    en = ", ".join(_name(game, i, "en") for i in ids)
    fr = ", ".join(_name(game, i, "fr") for i in ids)
    return Action("destroy", None, ids[0] if ids else None, 0, label("destroy", "en", card=en),
                  label("destroy", "fr", card=fr), ids)


@dataclass(frozen=True)
class QuestionSpec:
    """How to show a question: ``widget`` is one (a dropdown), many (pick min..max), order (a
    dropdown per position) or number (from ``low`` to ``high``); ``options`` are (label, key)."""

    widget: str
    prompt: str
    options: tuple[tuple[str, str], ...] = ()
    min: int = 1
    max: int = 1
    low: int = 0
    high: int = 0
    rule: str = ""


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
        return QuestionSpec("order", prompt, opts, len(opts), len(opts), rule=q.rule)
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
        self.on_change: list[Callable[[], None]] = []

    def __repr__(self) -> str:
        state = "waiting: " + self.pending.kind if self.pending else "ready"
        return f"<ActionModel {state}, {len(self.answers)} answers>"

    def set_game(self, game: Game | None) -> None:
        self.game = game
        self.cancel()

    def actions(self) -> list[Action]:
        return legal_actions(self.game) if self.game is not None else []

    def action(self, key: str) -> Action:
        for a in self.actions():
            if a.key == key:
                return a
        raise KeyError(f"no legal action '{key}' now")

    def perform(self, action: Action | str) -> str:
        """Start an action (an :class:`Action` or its key) with no answers yet."""
        self.current = self.action(action) if isinstance(action, str) else action
        self.answers = []
        return self._attempt()

    def answer(self, value: Any) -> str:
        """Answer the pending question (a key, a list of keys, an ordering, or a number)."""
        if self.pending is None or self.current is None:
            raise ValueError("there is no question to answer")
        try:
            self.pending.check(value)
        except RulesError as err:
            msg = err.message_fr if self.lang.value == "fr" else str(err)
            self.message = label("bad_answer", self.lang.value, message=msg)
            self._changed()
            return "question"
        self.answers.append({self.pending.kind: value})
        return self._attempt()

    def cancel(self) -> None:
        self.current, self.pending, self.answers = None, None, []
        self._changed()

    def question_spec(self) -> QuestionSpec | None:
        return question_spec(self.pending, self.lang.value) if self.pending else None

    def message_html(self) -> str:
        return f'<div class="mtg-message">{escape_html(self.message)}</div>'

    # --- internals ---------------------------------------------------------------------------

    def _ask(self, question: Question) -> Any:
        if self.auto:
            return DefaultPolicy().answer(question)
        raise NeedAnswer(question)

    def _run(self, game: Game, action: Action, answers: list[dict[str, Any]]) -> Any:
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
        if k == "destroy":
            return game.destroy(*action.targets(), answers=answers)
        if k == "sacrifice":
            return game.sacrifice(action.player, *action.targets(), answers=answers)
        raise ValueError(f"unknown action kind '{k}'")

    def _attempt(self) -> str:
        game, action = self.game, self.current
        if game is None or action is None:
            raise ValueError("no game or no action")
        lang = self.lang.value
        saved = game.answerer
        game.answerer = CallbackAnswerer(self._ask)
        try:
            self._run(game, action, list(self.answers))
        except NeedAnswer as need:
            self.pending = need.question
            self.message = ""
            self._changed()
            return "question"
        except RulesError as err:
            self.message = label("refused", lang,
                                 message=err.message_fr + (f" (CR {err.rule})" if err.rule
                                                           else "")
                                 if lang == "fr" else str(err))
            self.current, self.pending, self.answers = None, None, []
            self._changed()
            return "refused"
        finally:
            game.answerer = saved
        self.message = label("done", lang, action=action.text(lang))
        self.current, self.pending, self.answers = None, None, []
        self._changed()
        return "done"

    def _changed(self) -> None:
        for fn in list(self.on_change):
            fn()
