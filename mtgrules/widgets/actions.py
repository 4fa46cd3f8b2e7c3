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

from ..actions import GameAction
from ..casting import activated_abilities
from ..choices import CallbackAnswerer, DefaultPolicy, Question
from ..errors import RulesError
from ..game import Game
from ..objects import PendingTrigger
from ..replacement import Candidate
from ..text import FrText, french_name, player_name, typeset
from ..text.grammar import FrList
from ..text.numbers import times
from ..text.safe import escape_html
from .i18n import Language, Message, as_language, label

#: Script actions the panel can suggest (the others are played by the scenario runner).
SCRIPTABLE = ("cast", "play", "activate", "pass", "resolve", "destroy", "sacrifice")
#: The panel's words for the actions whose name in the engine is longer.
PANEL_KINDS = {"play": "play_land", "pass": "pass_priority"}
#: An order question with more choices than this starts with identical abilities grouped.
GROUP_FROM = 8


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

    def game_action(self) -> GameAction:
        """The engine's action: what :meth:`Game.apply` plays (the combat steps are gone on
        to with the declaration asked as their question)."""
        kind = PANEL_KINDS.get(self.kind, self.kind)
        if self.kind in ("cast", "play", "activate"):
            return GameAction(kind, self.player, self.targets(), self.ability)
        if self.kind in ("destroy", "sacrifice"):
            return GameAction(kind, self.player, self.targets())
        if kind in ("declare_attackers", "declare_blockers", "combat_damage"):
            return GameAction("next_step", to=kind)
        return GameAction(kind, self.player)

    @property
    def key(self) -> str:
        """A stable key: ``cast:bolt``, ``activate:gogo:0``, ``pass``, ``destroy:bears``."""
        parts = [self.kind] + (["+".join(self.targets())] if self.targets() else [])
        if self.kind == "activate":
            parts.append(str(self.ability))
        return ":".join(parts)


def shared_names(game: Game) -> set[str]:
    """The English names that two or more objects of the game share (their ids then tell
    them apart)."""
    seen: set[str] = set()
    shared: set[str] = set()
    for oid in game.state.objects:
        name = game.name_of(oid).en
        (shared if name in seen else seen).add(name)
    return shared


def object_name(game: Game, obj_id: str, lang: str, shared: set[str] | None = None) -> str:
    """A person reads names: "Grizzly Bears"; the id follows only when two objects share the
    name ("Blood Artist (artist-2)")."""
    n = game.name_of(obj_id)
    if obj_id in game.state.players:
        return player_name(obj_id)
    shared = shared_names(game) if shared is None else shared
    return f"{n.in_(lang)} ({obj_id})" if n.en in shared else n.in_(lang)


def _both(game: Game, obj_id: str, shared: set[str]) -> tuple[str, FrText]:
    """An object's name in both languages; the French one with its article and gender
    (« lance la Foudre », « détruire les Grizzlis »)."""
    return (object_name(game, obj_id, "en", shared),
            french_name(object_name(game, obj_id, "fr", shared)))


def _act(kind: str, player: str | None, obj: str | None, key: str, index: int = 0,
         **names: tuple[str, str | FrText]) -> Action:
    """An action whose text is the label ``key`` in both languages."""
    en = {k: v[0] for k, v in names.items()}
    fr = {k: v[1] for k, v in names.items()}
    return Action(kind, player, obj, index, label(key, "en", player=player, **en),
                  label(key, "fr", player=player, **fr))


def legal_actions(game: Game) -> list[Action]:
    """What can be tried now, the likeliest first: resolving the top of the stack when there is
    one; the priority player's casts, land plays and activations; passing; then the scenario
    events destroy and sacrifice. The engine still checks each one (timing, costs, targets): a
    refused action says why, with the rule."""
    s = game.state
    who = s.priority
    shared = shared_names(game)
    out: list[Action] = []
    if s.stack:
        out.append(Action("resolve", None, None, 0, label("resolve", "en"), label("resolve", "fr")))
    for card in game.zone(who, "hand"):
        kind = "play" if "land" in game.obj(card).copiable_values().card_types else "cast"
        out.append(_act(kind, who, card, "play_land" if kind == "play" else "cast",
                        card=_both(game, card, shared)))
    views = game.views()
    for oid in game.zone(None, "battlefield"):
        v = views.get(oid)
        if v is None or v.controller != who:
            continue
        for i, ability in enumerate(activated_abilities(v)):
            if ability.mana_ability:
                continue
            text_en = ability.text or (ability.keyword or "")
            out.append(_act("activate", who, oid, "activate", i, card=_both(game, oid, shared),
                            ability=(text_en, ability.text_fr or text_en)))
    out.append(_act("pass", who, None, "pass"))
    if not s.stack:
        out += _step_actions(game)
    for oid in game.zone(None, "battlefield"):
        out.append(_act("destroy", None, oid, "destroy", card=_both(game, oid, shared)))
    for oid in game.zone(None, "battlefield"):
        ctl = views[oid].controller if oid in views else s.objects[oid].controller
        out.append(_act("sacrifice", ctl, oid, "sacrifice", card=_both(game, oid, shared)))
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
    from ..game import HEADING_NAMES, PERMANENTS

    ids = tuple(obj_ids)
    if len(ids) > HEADING_NAMES:  # counted, as in the step's heading ("33 permanents (...)")
        counted = game.heading_names(ids, PERMANENTS)[0]
        en, fr = counted.en, FrText(counted.fr)
    else:
        shared = shared_names(game)
        en = ", ".join(object_name(game, i, "en", shared) for i in ids)
        fr = FrList([_both(game, i, shared)[1] for i in ids], "")
    return Action("destroy", None, ids[0] if ids else None, 0, label("destroy", "en", card=en),
                  label("destroy", "fr", card=fr), ids)


@dataclass(frozen=True)
class QuestionSpec:
    """How to show a question: ``widget`` is one (a dropdown), many (pick min..max), order (one
    sortable list) or number (from ``low`` to ``high``); ``options`` are (label, key). For
    order, ``options`` are the groups of identical choices, each as (label, "k1 k2 ..."): the
    list starts in the default order and a whole group moves at once. ``default`` is the
    answer offered first (see :func:`default_answer`)."""

    widget: str
    prompt: str
    options: tuple[tuple[str, str], ...] = ()
    min: int = 1
    max: int = 1
    low: int = 0
    high: int = 0
    rule: str = ""
    default: Any = None
    #: what each choice says in full, shown under the prompt: a replacement effect's text is
    #: too long for a dropdown, and it is what a person needs to choose an order (616.1)
    details: tuple[str, ...] = ()


def order_groups(q: Question, lang: str = "en", game: Game | None = None,
                 grouped: bool = True) -> tuple[tuple[str, str], ...]:
    """The sortable items of an order question, each as (label, space-separated keys): its
    groups of identical choices (the engine's ``context["groups"]``, "Blood Artist ×3"), or,
    ungrouped, one item per choice, each told by its event ("Blood Artist: Grizzly Bears
    died")."""
    groups = q.context.get("groups") if grouped else None
    if not groups:
        return tuple(zip(option_labels(q, lang, game), (o.key for o in q.options),
                         strict=True))
    by_key = {o.key: o.value for o in q.options}
    shared = shared_names(game) if game is not None else set()
    out = []
    for g in groups:
        first = by_key.get(g["keys"][0])
        if isinstance(first, PendingTrigger) and len(g["keys"]) > 1:
            name = first.source_name_fr if lang == "fr" else first.source_name
            if first.source_name in shared:
                name += f" ({first.source_id})"
            text = f"{name} {times(len(g['keys']), lang)}"
        elif isinstance(first, PendingTrigger):
            text = trigger_label(first, lang)
        else:
            text = g["fr" if lang == "fr" else "en"]
        out.append((text, " ".join(g["keys"])))
    return tuple(out)


def order_answer(items: list[str] | tuple[str, ...]) -> list[str]:
    """The engine's answer (every key once) from sortable items in their order."""
    return [k for item in items for k in item.split()]


#: The greatest X the action panel's number field offers (the engine has no limit).
WIDGET_MAX_X = 100


def trigger_label(p: PendingTrigger, lang: str) -> str:
    """A waiting triggered ability told by what it triggered on: "Blood Artist: Grizzly Bears
    died", with "(2 of 3)" for the instances of one event (603.2d)."""
    what = p.remembers.event_text
    name = p.source_name_fr if lang == "fr" else p.source_name
    text = f"{name}: {what.in_(lang)}" if what else name
    n, of = p.instance
    text += " " + label("instance", lang, n=n, of=of) if of > 1 else ""
    return typeset(text.replace(": ", " : ", 1), lang) if lang == "fr" else text


def effect_label(c: Candidate, lang: str, name: str | None = None) -> str:
    """A replacement or prevention effect as the 616.1 question tells it: its source's name
    (or ``name``, as the choice is labelled) and what the effect says ("Hardened Scales: If
    one or more +1/+1 counters would be put on ..."), so a person sees what each order does,
    not only whose it is."""
    text = f"{name or c.name.in_(lang)}: {c.text.in_(lang)}"
    return typeset(text.replace(": ", " : ", 1), lang) if lang == "fr" else text


def option_labels(q: Question, lang: str, game: Game | None = None) -> list[str]:
    """Each option by name: players by name, objects by card name (the id only where two
    share a name), waiting triggers by their event, replacement effects by source and text;
    ids added where labels would repeat."""
    shared = shared_names(game) if game is not None else set()
    out = []
    for o in q.options:
        if isinstance(o.value, PendingTrigger):
            text = trigger_label(o.value, lang)
        elif isinstance(o.value, Candidate):
            text = o.value.name.in_(lang)  # what it says: QuestionSpec.details
        elif game is not None and (o.key in game.state.players or o.key in game.state.objects):
            text = object_name(game, o.key, lang, shared)
        else:
            text = (o.label_fr if lang == "fr" else o.label) or o.key
        out.append(text)
    repeated = {t for t in out if out.count(t) > 1}
    return [f"{t} ({o.key})" if t in repeated else t for t, o in zip(out, q.options, strict=True)]


def _owner(game: Game, key: str) -> str | None:
    """Whose is an answer: a player is themself; an object, its controller."""
    if key in game.state.players:
        return key
    obj = game.state.objects.get(key)
    if obj is not None:
        return game.view(key).controller if obj.zone == "battlefield" else obj.controller
    item = game.state.item(key)
    return item.controller if item is not None else None


def default_answer(q: Question, game: Game | None = None) -> Any:
    """The answer offered first. Targets and other picks prefer what an opponent of the
    deciding player has, so accepting every default never makes a player bolt or drain
    themself while an opponent is a legal choice; everything else as :class:`DefaultPolicy`."""
    policy = DefaultPolicy().answer(q)
    if game is None or q.ordered or q.number_range is not None or \
            q.kind in ("pay", "may", "new_targets"):
        return policy
    keys = [o.key for o in q.options]
    theirs = [k for k in keys if _owner(game, k) not in (None, q.player)]
    mine = [k for k in keys if k not in theirs]
    ranked = theirs + mine
    if q.min == 1 and q.max == 1:
        return ranked[0]
    return ranked[: max(q.min, 1)]


def question_spec(q: Question, lang: str = "en", game: Game | None = None) -> QuestionSpec:
    """The widget a question needs, offering only its legal answers, named for a person."""
    prompt = label("question", lang, player=q.player,
                   prompt=q.prompt_fr if lang == "fr" else q.prompt)
    opts = tuple(zip(option_labels(q, lang, game), (o.key for o in q.options), strict=True))
    default = default_answer(q, game)
    if q.number_range is not None:
        low, high = q.number_range
        # the rules set no greatest X (107.3); the widget's field stops somewhere
        high = max(low, WIDGET_MAX_X) if high is None else high
        return QuestionSpec("number", prompt, low=low, high=high, rule=q.rule, default=default)
    if q.ordered:
        items = order_groups(q, lang, game, grouped=len(q.options) > GROUP_FROM)
        return QuestionSpec("order", prompt, items, len(opts), len(opts), rule=q.rule,
                            default=[key for _, key in items])
    details = tuple(effect_label(o.value, lang, shown) for (shown, _), o
                    in zip(opts, q.options, strict=True) if isinstance(o.value, Candidate))
    if q.min == 1 and q.max == 1:
        return QuestionSpec("one", prompt, opts, rule=q.rule, default=default,
                            details=details)
    return QuestionSpec("many", prompt, opts, q.min, q.max, rule=q.rule, default=default)


class ActionModel:
    """Plays actions on a game, collecting the answers to the engine's questions one by one.

    :meth:`perform` and :meth:`answer` return ``'done'``, ``'question'`` (see :attr:`pending`)
    or ``'refused'`` (see :attr:`message`, in the current language). With :attr:`auto` set,
    questions nobody answered get their :func:`default_answer` instead of stopping.

    :meth:`set_game` with a situation's script makes its steps the suggested next actions,
    one after another, until a person does something else.
    """

    def __init__(self, game: Game | None = None, lang: Language | str | None = None):
        self.game = game
        self.lang = as_language(lang)
        self.current: Action | None = None
        self.answers: list[dict[str, Any]] = []
        self.pending: Question | None = None
        self.note: Message | None = None
        self.auto = False
        self.script: list[dict[str, Any]] = []
        self._following = False
        #: give each answer also to the identical questions that follow in the same action
        #: (a thousand identical triggers: one answer, not a thousand)
        self.repeat = False
        self.on_change: list[Callable[[], None]] = []
        self._attempt: _Attempt | None = None
        self._repeats: dict[tuple[Any, ...], Any] = {}

    def __repr__(self) -> str:
        state = "waiting: " + self.pending.kind if self.pending else "ready"
        return f"<ActionModel {state}, {len(self.answers)} answers>"

    @property
    def message(self) -> str:
        """What the last action came to, in the current language ("" before any)."""
        return self.note.text(self.lang.value) if self.note else ""

    def set_game(self, game: Game | None, script: list[dict[str, Any]] | None = None) -> None:
        self.cancel()
        self.game = game
        self.script = [dict(step) for step in script or [] if "check" not in step]
        self.note = None

    def actions(self) -> list[Action]:
        """The legal actions, the suggested one first."""
        if self.game is None:
            return []
        found = legal_actions(self.game)
        hint = self.suggested()
        if hint is None:
            return found
        return [hint, *(a for a in found if a.key != hint.key)]

    def suggested(self) -> Action | None:
        """The next action of the situation's script, when it can be offered now."""
        if self.game is None or not self.script:
            return None
        step = self.script[0]
        kind = next(iter(k for k in step if k in SCRIPTABLE), None)
        value = step.get(kind) if kind else None
        if kind == "resolve":
            return next((a for a in legal_actions(self.game) if a.kind == "resolve"), None)
        if kind == "destroy":
            ids = [value] if isinstance(value, str) else list(value or [])
            if ids and all(i in self.game.zone(None, "battlefield") for i in ids):
                return destroy_action(self.game, ids)
            return None
        key = {"cast": f"cast:{value}", "play": f"play:{value}", "pass": "pass",
               "activate": f"activate:{value}:{int(step.get('ability', 1)) - 1}",
               "sacrifice": f"sacrifice:{value}"}.get(kind or "")
        return next((a for a in legal_actions(self.game) if a.key == key), None)


    def action(self, key: str) -> Action:
        for a in self.actions():
            if a.key == key:
                return a
        raise KeyError(f"no legal action '{key}' now")

    def perform(self, action: Action | str | None) -> str:
        """Start an action (an :class:`Action` or its key) with no answers yet."""
        if self.game is None:
            raise ValueError("no game or no action")
        if action is None:
            self._say("choose_action")
            return "refused"
        hint = self.suggested()
        chosen = self.action(action) if isinstance(action, str) else action
        self._following = hint is not None and hint.key == chosen.key
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
            self._say("bad_answer", message=err)
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
        return question_spec(self.pending, self.lang.value, self.game) if self.pending \
            else None

    def message_html(self) -> str:
        return f'<div class="mtg-message">{escape_html(self.message)}</div>'

    # --- internals ---------------------------------------------------------------------------

    def _say(self, key: str, **params: Any) -> None:
        self.note = Message(key, params)
        self._changed()

    def _ask(self, question: Question) -> Any:
        """In the attempt's thread: the default answer, the answer already given to an
        identical question, or None to wait for the person."""
        if self.auto:
            return default_answer(question, self.game)
        return self._repeats.get(_signature(question))

    def _run(self, game: Game, action: Action, answers: list[dict[str, Any]] | None) -> Any:
        return game.apply(action.game_action(), answers=answers)

    def _withdraw(self) -> None:
        if self._attempt is not None:
            self._attempt.withdraw()
            self._attempt = None

    def _outcome(self, event: tuple[str, Any]) -> str:
        kind, payload = event
        action, game = self.current, self.game
        if kind == "question":
            self.pending = payload
            self.note = Message("asked", {"action": action})
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
            self.current, self.pending, self.answers = None, None, []
            self._say("refused", message=payload)
            return "refused"
        if kind == "error":
            self.current, self.pending, self.answers = None, None, []
            raise payload
        self._advance_script()
        self.current, self.pending, self.answers = None, None, []
        self._say("done", action=action)
        return "done"

    def _advance_script(self) -> None:
        """The suggestion moves on when it was followed ("resolve: all" and "resolve: 2" wait
        for as many resolutions), and is dropped when a person chose something else."""
        if not self.script:
            return
        if not self._following:
            self.script = []
            return
        step = self.script[0]
        if "resolve" in step:
            left = step["resolve"]
            if str(left) == "all":
                if self.game is not None and self.game.state.stack:
                    return
            elif isinstance(left, int) and left > 1:
                step["resolve"] = left - 1
                return
        self.script.pop(0)

    @staticmethod
    def _recorded(branch: Game) -> list[dict[str, Any]]:
        """Every answer the attempt gave, as a script, from the branch's last step."""
        return [{a.kind: a.answer} for a in branch.timeline.steps[-1].answered]

    def _changed(self) -> None:
        for fn in list(self.on_change):
            fn()


_WITHDRAW = object()


def _signature(q: Question) -> tuple[Any, ...]:
    """What makes two questions identical: same kind, player, legal answers, slot, and the
    same source card (a target question's prompt also names the event its trigger is about)."""
    return (q.kind, q.player, q.context.get("source", q.prompt), tuple(o.key for o in q.options),
            q.number_range, q.context.get("slot"))


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
    new = Game(list(game.state.players), seed=game.seed, keyframe_every=game.keyframe_every)
    new.state = game.state.snapshot()
    return new
