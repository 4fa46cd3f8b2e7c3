"""The ipywidgets views: thin callbacks over the plain models of this package.

Every callback does one thing on a model and copies what the model says into ``HTML.value`` or a
widget's options, so a test drives a view without a kernel: set ``.value``, call ``.click()``,
read ``.value``. Only this module imports ipywidgets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from ..choices import Question
from ..game import Game
from ..scenarios import scenario_by_id, shipped_scenarios
from ..scenarios.runner import ScenarioResult
from ..text import player_name
from ..text.safe import escape_html
from .actions import (
    ActionModel,
    destroy_action,
    object_name,
    option_labels,
    order_answer,
    order_groups,
    shared_names,
)
from .builder import BUILDER_ZONES, BuilderModel, format_counters, parse_counters, working_folder
from .i18n import Language, Message, as_language, label, localise
from .quiz import TOPICS, QuizModel, quiz_label
from .stepper import VIEWS, StepperModel, compare_html

_LAYOUT_WIDE = W.Layout(width="100%")
#: A described control's label takes the width its text needs, in either language.
_STYLE = {"description_width": "initial"}


def _button(style: str = "") -> W.Button:
    """A button as wide as its label (never cut), and at least a comfortable click."""
    return W.Button(button_style=style,
                    layout=W.Layout(width="auto", min_width="8em", flex="0 0 auto"))


def _row(children: list[Any]) -> W.HBox:
    """A row that wraps onto the next line rather than cutting or hiding what doesn't fit."""
    return W.HBox(children, layout=W.Layout(flex_flow="row wrap", align_items="center",
                                            width="100%"))


def _dropdown(width: str, **kw: Any) -> W.Dropdown:
    return W.Dropdown(style=_STYLE, layout=W.Layout(width=width, flex="0 0 auto"), **kw)


def _players(model: Any) -> list[tuple[str, str]]:
    """A choice of player: shown by name (as the log shows them), answered by id."""
    return [(player_name(p), p) for p in model.players]


def _set_options(widget: Any, options: list[tuple[str, Any]]) -> None:
    """Replace a selection widget's options, keeping its value when it is still offered."""
    old = widget.value
    widget.options = options
    values = [v for _, v in options]
    if isinstance(old, tuple):
        widget.value = tuple(v for v in old if v in values)
    elif old in values:
        widget.value = old


def _error_html(lang: str, err: Exception) -> str:
    text = label("error", lang, message=localise(err, lang))
    return f'<span class="mtg-error" style="color:#b42318">{escape_html(text)}</span>'


def _note_html(note: Message | None, lang: str) -> str:
    return f'<div class="mtg-message">{escape_html(note.text(lang))}</div>' if note else ""


class LanguageSwitch(W.ToggleButtons):
    """English / Français, bound to a shared :class:`Language`."""

    def __init__(self, lang: Language | str | None = None):
        self.lang = as_language(lang)
        super().__init__(options=[("English", "en"), ("Français", "fr")], value=self.lang.value,
                         description="", style={"button_width": "7em"})
        self.observe(self._on_value, names="value")
        self.lang.observe(self._on_lang)

    def _on_value(self, change: dict) -> None:
        self.lang.value = change["new"]

    def _on_lang(self, value: str) -> None:
        self.value = value

    def __repr__(self) -> str:
        return f"<LanguageSwitch {self.lang.value}>"


class Stepper(W.VBox):
    """A game's timeline: slider, previous/next, the step's log and diagram, undo, what if.

    It opens at ``step`` (the set-up by default, so a reader steps through from the start).
    "What if? Branch here" plays on from the step shown: in the ``actions`` panel when one is
    given (the Sandbox's), else in an action panel that appears right under the stepper.
    """

    def __init__(self, game: Game | StepperModel, lang: Language | str | None = None,
                 view: str = "stack", step: int | None = 0,
                 actions: ActionPanel | None = None):
        self.model = game if isinstance(game, StepperModel) else StepperModel(game, lang, view)
        if lang is not None:
            self.model.lang = as_language(lang)
        self.lang = self.model.lang
        self.original: Game | None = None
        self.actions = actions
        self.note: Message | None = None
        self.on_branch: list[Callable[[Game], None]] = []
        self.slider = W.IntSlider(min=0, max=0, value=0, continuous_update=False, style=_STYLE,
                                  layout=W.Layout(width="20em", flex="0 0 auto"))
        self.prev_button = _button()
        self.next_button = _button()
        self.position = W.HTML(layout=W.Layout(margin="0 1em"))
        self.view_select = _dropdown("auto", value=self.model.view, options=list(VIEWS))
        self.log_view = W.HTML()
        self.diagram_view = W.HTML(layout=W.Layout(overflow="auto"))
        self.undo_button = _button()
        self.branch_button = _button()
        self.compare_button = _button()
        self.save_button = _button()
        #: where "Save as scenario" writes (None: the working folder)
        self.folder: str | None = None
        self.message = W.HTML()
        self.comparison = W.HTML()
        self.branch_box = W.VBox()
        self.prev_button.on_click(lambda _: self._go(self.model.previous))
        self.next_button.on_click(lambda _: self._go(self.model.next))
        self.slider.observe(self._on_slider, names="value")
        self.view_select.observe(self._on_view, names="value")
        self.undo_button.on_click(self._on_undo)
        self.branch_button.on_click(self._on_branch)
        self.compare_button.on_click(self._on_compare)
        self.save_button.on_click(self._on_save)
        self.lang.observe(lambda _: self.render())
        super().__init__([
            _row([self.prev_button, self.slider, self.next_button, self.position,
                  self.view_select]),
            self.log_view, self.diagram_view,
            _row([self.undo_button, self.branch_button, self.compare_button,
                  self.save_button]),
            self.message, self.comparison, self.branch_box,
        ])
        self.add_class("mtg-stepper")
        if step is not None and len(self.model):
            self.model.go(step if step >= 0 else len(self.model) + step)
        self.render()

    def __repr__(self) -> str:
        return f"<Stepper step {self.model.index} of {len(self.model) - 1}>"

    @property
    def game(self) -> Game:
        return self.model.game

    def set_game(self, game: Game, step: int | None = None) -> None:
        """Show another game, at its last step (or at ``step``)."""
        self.model.set_game(game)
        if step is not None:
            self.model.go(step)
        self.original = None
        self.note = None
        self.comparison.value = ""
        self.branch_box.children = []
        self.render()

    def refresh(self) -> None:
        """Call after the game changed (an action was played): show the new last step."""
        self.model.refresh()
        self.render()

    def render(self) -> None:
        lang = self.lang.value
        self.prev_button.description = label("previous", lang)
        self.next_button.description = label("next", lang)
        self.undo_button.description = label("undo", lang)
        self.branch_button.description = label("branch", lang)
        self.compare_button.description = label("compare", lang)
        self.save_button.description = label("save_scenario", lang)
        self.slider.description = label("step", lang)
        self.view_select.description = label("view", lang)
        _set_options(self.view_select, [(label(f"view_{v}", lang), v) for v in VIEWS])
        last = max(len(self.model) - 1, 0)
        self.slider.unobserve(self._on_slider, names="value")
        self.slider.max = last
        self.slider.value = self.model.index
        self.slider.observe(self._on_slider, names="value")
        self.position.value = escape_html(label("position_of", lang, n=self.model.index,
                                                last=last))
        if len(self.model):
            self.log_view.value = self.model.log_html()
            self.diagram_view.value = self.model.diagram_html()
        else:
            self.log_view.value = self.diagram_view.value = ""
        self.message.value = _note_html(self.note, lang)
        if self.original is not None and self.comparison.value:
            self.comparison.value = compare_html(self.original, self.game, lang)

    def _go(self, move: Callable[[], Any]) -> None:
        move()
        self.note = None
        self.render()

    def _on_slider(self, change: dict) -> None:
        self._go(lambda: self.model.go(change["new"]))

    def _on_view(self, change: dict) -> None:
        self.model.view = change["new"]
        self.render()

    def _on_undo(self, _: Any = None) -> None:
        try:
            dropped = self.model.undo()
        except ValueError:
            self.note = Message("nothing_to_undo")
        else:
            self.note = Message("undone", {"n": dropped.index})
        self.render()
        panel = self.actions or self._embedded()
        if panel is not None and panel.game is self.game:
            panel.render(select_first=True)

    def _embedded(self) -> ActionPanel | None:
        children = self.branch_box.children
        return children[0] if children else None

    def _on_branch(self, _: Any = None) -> None:
        index = self.model.index
        self.original = self.original or self.game
        new = self.model.branch()
        self.model.set_game(new)
        self.comparison.value = ""
        if self.actions is not None:
            self.note = Message("branched_above", {"n": index})
            self.actions.set_game(new)
        else:
            self.note = Message("branched_below", {"n": index})
            panel = ActionPanel(new, self.lang)
            panel.on_done.append(self.refresh)
            self.branch_box.children = [panel]
        self.render()
        for fn in list(self.on_branch):
            fn(new)

    def _on_save(self, _: Any = None) -> None:
        """Save the step shown as a scenario file, and say where (a what-if branch too)."""
        try:
            path = self.model.save_scenario(self.folder)
        except (OSError, ValueError) as err:
            self.note = None
            self.render()
            self.message.value = _error_html(self.lang.value, err)
            return
        key = "saved_what_if" if self.game.origin.get("what_if") else "saved_scenario"
        self.note = Message(key, {"n": self.model.index, "path": str(path)})
        self.render()

    def _on_compare(self, _: Any = None) -> None:
        lang = self.lang.value
        if self.original is None:
            self.note = Message("no_branch")
            self.render()
            return
        self.note = Message("compared")
        self.comparison.value = compare_html(self.original, self.game, lang)
        self.render()


class ActionPanel(W.VBox):
    """The legal actions now (the likeliest, or the script's next, first), and the engine's
    questions with their legal answers only, named for a person, defaults first."""

    def __init__(self, game: Game | ActionModel | None = None,
                 lang: Language | str | None = None):
        self.model = game if isinstance(game, ActionModel) else ActionModel(game, lang)
        if lang is not None:
            self.model.lang = as_language(lang)
        self.lang = self.model.lang
        self.on_done: list[Callable[[], None]] = []
        self.status = W.HTML()
        self.action_select = W.Dropdown(layout=W.Layout(width="100%", max_width="48em"))
        self.do_button = _button("primary")
        self.together_label = W.HTML()
        self.together_select = W.SelectMultiple(rows=4, layout=W.Layout(width="100%",
                                                                         max_width="48em"))
        self.together_button = _button()
        self.auto = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.repeat = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.question_box = W.VBox()
        self.question_box.add_class("mtg-question")
        self.question_prompt = W.HTML()
        self.question_inputs: list[Any] = []
        self.answer_button = _button("success")
        self.cancel_button = _button()
        self.order = _OrderList(self.lang, self)
        self.message = W.HTML()
        self.do_button.on_click(self._on_do)
        self.together_button.on_click(self._on_together)
        self.answer_button.on_click(self._on_answer)
        self.cancel_button.on_click(self._on_cancel)
        self.auto.observe(self._on_auto, names="value")
        self.repeat.observe(self._on_repeat, names="value")
        self.lang.observe(lambda _: self.render())
        super().__init__([self.status, _row([self.action_select, self.do_button]),
                          self.question_box, self.message, self.together_label,
                          _row([self.together_select, self.together_button]), self.auto])
        self.add_class("mtg-actions")
        self.render(select_first=True)

    def __repr__(self) -> str:
        return f"<ActionPanel {self.model!r}>"

    @property
    def game(self) -> Game | None:
        return self.model.game

    def set_game(self, game: Game | None, script: list[dict[str, Any]] | None = None) -> None:
        """Play ``game`` from now on; a situation's ``script`` makes its steps the suggestions."""
        self.model.set_game(game, script)
        self.render(select_first=True)

    def render(self, select_first: bool = False) -> None:
        lang, game = self.lang.value, self.model.game
        self.do_button.description = label("do", lang)
        self.together_label.value = escape_html(label("together_hint", lang))
        self.together_button.description = label("destroy_together", lang)
        self.auto.description = label("auto", lang)
        self.repeat.description = label("same_answer", lang)
        self.answer_button.description = label("answer", lang)
        self.cancel_button.description = label("cancel", lang)
        if game is None:
            self.status.value = escape_html(label("no_game", lang))
            self.action_select.options, self.together_select.options = [], []
        else:
            self.status.value = "<b>" + escape_html(label("priority", lang,
                                                          player=game.state.priority)) + "</b>"
            options = [(a.text(lang), a.key) for a in self.model.actions()]
            _set_options(self.action_select, options)
            if options and (select_first or self.action_select.value is None):
                self.action_select.value = options[0][1]
            shared = shared_names(game)
            _set_options(self.together_select,
                         [(object_name(game, i, lang, shared), i)
                          for i in game.zone(None, "battlefield")])
        busy = self.model.pending is not None
        self.do_button.disabled = self.together_button.disabled = busy or game is None
        self._render_question()
        self.message.value = self.model.message_html() if self.model.message else ""

    def _render_question(self) -> None:
        spec = self.model.question_spec()
        if spec is None:
            self.question_inputs = []
            self.question_box.children = []
            return
        lang = self.lang.value
        extra = ""
        if spec.widget == "many":
            extra = f" ({label('choose_between', lang, n=f'{spec.min}-{spec.max}')})"
        elif spec.widget == "number":
            extra = f" ({label('number', lang, low=spec.low, high=spec.high)})"
        self.question_prompt.value = (f"<b>{escape_html(spec.prompt)}</b>{escape_html(extra)} "
                                      f"<small>[CR {escape_html(spec.rule)}]</small>")
        if spec.details:  # each choice in full (a replacement effect's text, 616.1)
            items = "".join(f"<li>{escape_html(text)}</li>" for text in spec.details)
            self.question_prompt.value += f'<ul class="mtg-choices">{items}</ul>'

        opts = list(spec.options)
        wide = W.Layout(width="auto", min_width="24em", max_width="48em")
        if spec.widget == "one":
            inputs: list[Any] = [W.Dropdown(options=opts, value=spec.default, layout=wide)]
        elif spec.widget == "many":
            inputs = [W.SelectMultiple(options=opts, value=tuple(spec.default),
                                       rows=min(len(opts), 6), layout=wide)]
        elif spec.widget == "order":
            self.order.show(opts, self.model.pending)
            inputs = [self.order]
        else:
            inputs = [W.BoundedIntText(value=spec.default, min=spec.low, max=spec.high)]
        self.question_inputs = inputs
        self.question_box.children = [self.question_prompt, *inputs, self.repeat,
                                      _row([self.answer_button, self.cancel_button])]

    def answer_value(self) -> Any:
        """What the question widgets say now, in the form the engine takes."""
        spec = self.model.question_spec()
        if spec is None:
            return None
        if spec.widget == "order":
            return self.order.answer()
        if spec.widget == "many":
            return list(self.question_inputs[0].value)
        return self.question_inputs[0].value

    def _after(self, outcome: str) -> None:
        self.render(select_first=outcome == "done")
        if outcome == "done":
            for fn in list(self.on_done):
                fn()

    def _on_do(self, _: Any = None) -> None:
        if self.model.game is None:
            self.model.note = Message("no_game")
            self.render()
            return
        self._after(self.model.perform(self.action_select.value))

    def _on_together(self, _: Any = None) -> None:
        ids = list(self.together_select.value)
        if self.model.game is None:
            return
        if not ids:
            self.model.note = Message("choose_together")
            self.render()
            return
        self._after(self.model.perform(destroy_action(self.model.game, ids)))

    def _on_answer(self, _: Any = None) -> None:
        self._after(self.model.answer(self.answer_value()))

    def _on_cancel(self, _: Any = None) -> None:
        self.model.cancel()
        self.model.note = Message("cancelled")
        self.render()

    def _on_auto(self, change: dict) -> None:
        self.model.auto = bool(change["new"])

    def _on_repeat(self, change: dict) -> None:
        self.model.repeat = bool(change["new"])


class _OrderList(W.VBox):
    """One sortable list for an order question (603.3b): it starts in the default order, with
    identical choices grouped when there are many ("Blood Artist ×1,003"), each apart, told by
    its event, when there are few; select an item and move it. "One by one" lists every choice
    apart."""

    def __init__(self, lang: Language, panel: ActionPanel):
        self.lang = lang
        self.panel = panel
        self.items = W.Select(rows=8, layout=W.Layout(width="100%", max_width="48em"))
        self.hint = W.HTML()
        self.single = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.buttons = {k: _button() for k in ("move_first", "move_up", "move_down", "move_last")}
        for key, button in self.buttons.items():
            button.on_click(lambda _, k=key: self.move(k))
        self.single.observe(lambda _: self._regroup(), names="value")
        self.question: Question | None = None
        super().__init__([self.hint, self.items, _row(list(self.buttons.values())),
                          self.single])
        self.add_class("mtg-order")

    def show(self, groups: list[tuple[str, str]], question: Question | None) -> None:
        """Show ``groups`` (label, keys) in their order, for ``question``."""
        lang = self.lang.value
        self.question = None  # no regrouping while the checkbox is set to match
        self.single.value = question is not None and len(groups) == len(question.options)
        self.question = question
        self.hint.value = f"<small>{escape_html(label('order_hint', lang))}</small>"
        for key, button in self.buttons.items():
            button.description = label(key, lang)
        self.single.description = label("one_by_one", lang)
        self._set(list(groups))

    @property
    def value(self) -> tuple[str, ...]:
        """The items' keys in their order (each a space-separated group of option keys)."""
        return tuple(v for _, v in self.items.options)

    def answer(self) -> list[str]:
        return order_answer(self.value)

    def move(self, where: str) -> None:
        """Move the selected item: first, up, down or last."""
        options = list(self.items.options)
        chosen = self.items.value
        i = next((n for n, (_, v) in enumerate(options) if v == chosen), None)
        if i is None:
            return
        item = options.pop(i)
        j = {"move_first": 0, "move_up": max(i - 1, 0), "move_down": min(i + 1, len(options)),
             "move_last": len(options)}[where]
        options.insert(j, item)
        self._set(options, chosen)

    def _regroup(self) -> None:
        """Grouped or one by one, keeping the order of the keys as it is now."""
        if self.question is None:
            return
        keys = self.answer()
        lang = self.lang.value
        game = self.panel.game
        if self.single.value:
            by_key = dict(zip((o.key for o in self.question.options),
                              option_labels(self.question, lang, game), strict=True))
            self._set([(by_key[k], k) for k in keys])
        else:
            groups = order_groups(self.question, lang, game)
            rank = {k: n for n, k in enumerate(keys)}
            self._set(sorted(groups, key=lambda g: min(rank[k] for k in g[1].split())))

    def _set(self, options: list[tuple[str, str]], chosen: str | None = None) -> None:
        self.items.options = options
        self.items.rows = max(2, min(len(options), 8))
        self.items.value = chosen if chosen is not None else (options[0][1] if options else None)


class SituationBuilder(W.VBox):
    """Pick cards, zones, controllers, status; save to and load from scenario YAML in the
    user's working folder; play the set-up, or play its script and see its verdict."""

    def __init__(self, model: BuilderModel | None = None, lang: Language | str | None = None):
        self.model = model or BuilderModel()
        self.lang = as_language(lang)
        self.on_play: list[Callable[[Game], None]] = []
        self.note: Message | None = None
        self.error: Exception | None = None
        self.verdict: ScenarioResult | None = None
        self.started_script: list[dict[str, Any]] | None = None
        m = self.model
        self.scenario_select = _dropdown("auto", options=[p.stem for p in shipped_scenarios()])
        self.load_scenario_button = _button()
        self.card = W.Combobox(options=sorted(m.cards), ensure_option=False, style=_STYLE,
                               layout=W.Layout(width="22em", flex="0 0 auto"))
        self.zone = _dropdown("auto", value="battlefield", options=list(BUILDER_ZONES))
        self.owner = _dropdown("auto", options=_players(m))
        self.controller = _dropdown("auto", options=_players(m))
        self.tapped = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.entered = W.Checkbox(value=False, indent=False, layout=W.Layout(width="auto"))
        self.counters = W.Text(style=_STYLE, layout=W.Layout(width="16em", flex="0 0 auto"))
        self.attached_to = _dropdown("auto", options=[("", None)])
        self.add_button = _button("info")
        self.objects = W.Select(rows=6, layout=W.Layout(width="100%", max_width="48em"))
        self.remove_button = _button()
        self.active = _dropdown("auto", options=_players(m), value=m.turn["active"])
        self.yaml = W.Textarea(rows=14, layout=_LAYOUT_WIDE)
        self.to_yaml_button = _button()
        self.from_yaml_button = _button()
        self.path = W.Text(value="situation.yaml", style=_STYLE,
                           layout=W.Layout(width="20em", flex="0 0 auto"))
        self.folder = W.HTML()
        self.save_button = _button()
        self.load_button = _button()
        self.play_button = _button("primary")
        self.play_script_button = _button()
        self.message = W.HTML()
        self.load_scenario_button.on_click(self._on_load_scenario)
        self.add_button.on_click(self._on_add)
        self.remove_button.on_click(self._on_remove)
        self.active.observe(self._on_active, names="value")
        self.to_yaml_button.on_click(lambda _: self._show_yaml())
        self.from_yaml_button.on_click(self._on_from_yaml)
        self.save_button.on_click(self._on_save)
        self.load_button.on_click(self._on_load)
        self.play_button.on_click(self._on_play)
        self.play_script_button.on_click(self._on_play_script)
        self.owner.observe(lambda c: setattr(self.controller, "value", c["new"]), names="value")
        self.card.observe(self._offer_hosts, names="value")
        self.controller.observe(self._offer_hosts, names="value")
        self.lang.observe(lambda _: self.render())
        super().__init__([
            _row([self.scenario_select, self.load_scenario_button]),
            _row([self.card, self.zone, self.owner, self.controller]),
            _row([self.tapped, self.entered, self.counters, self.attached_to, self.add_button]),
            _row([self.objects, W.VBox([self.remove_button, self.active])]),
            _row([self.play_button, self.play_script_button]),
            self.message,
            _row([self.to_yaml_button, self.from_yaml_button, self.path, self.save_button,
                  self.load_button]),
            self.folder, self.yaml,
        ])
        self.add_class("mtg-builder")
        self.render()
        self._show_yaml()

    def __repr__(self) -> str:
        return f"<SituationBuilder {self.model!r}>"

    def render(self) -> None:
        lang, m = self.lang.value, self.model
        self.load_scenario_button.description = label("load_shipped", lang)
        self.scenario_select.description = label("scenario", lang)
        self.card.description = label("card", lang)
        self.card.placeholder = label("card_hint", lang)
        self.zone.description = label("zone", lang)
        _set_options(self.zone, [(label(z, lang), z) for z in BUILDER_ZONES])
        self.owner.description = label("owner", lang)
        self.controller.description = label("controller", lang)
        for w in (self.owner, self.controller, self.active):
            _set_options(w, _players(m))
        self.tapped.description = label("tapped", lang)
        self.entered.description = label("entered_this_turn", lang)
        self.counters.description = label("counters", lang)
        self.counters.placeholder = label("counters_hint", lang)
        self.attached_to.description = label("attached_to", lang)
        names = self._names(lang)
        self._offer_hosts()
        self.add_button.description = label("add", lang)
        self.remove_button.description = label("remove", lang)
        self.active.description = label("active", lang)
        self.to_yaml_button.description = label("to_yaml", lang)
        self.from_yaml_button.description = label("from_yaml", lang)
        self.path.description = label("path", lang)
        self.folder.value = f"<small>{escape_html(label('folder', lang, path=working_folder()))}" \
                            "</small>"
        self.save_button.description = label("save_file", lang)
        self.load_button.description = label("load_file", lang)
        self.play_button.description = label("play", lang)
        self.play_script_button.description = label("play_script", lang)
        self.play_script_button.disabled = "script" not in m.extra
        _set_options(self.objects, [(self._object_label(o, names, lang), o["id"])
                                    for o in m.objects])
        self._render_message()

    def _offer_hosts(self, _: Any = None) -> None:
        """Every object may be chosen (a choice the rules forbid is refused with its rule),
        but typing an Aura's name on the battlefield chooses the first object it can legally
        enchant (303.4c): an Aura on the battlefield enchants something (704.5m)."""
        names = self._names(self.lang.value)
        _set_options(self.attached_to, [(label("nothing", self.lang.value), None)]
                     + [(names[i], i) for i in self.model.ids()])
        hosts = self.model.enchantable(self.card.value or "", self.controller.value) \
            if self.zone.value == "battlefield" else None
        if hosts and self.attached_to.value not in hosts:
            self.attached_to.value = hosts[0]
        if self.attached_to.value is None:
            self.attached_to.index = 0  # show "(nothing)": a value of None alone selects nothing

    def _names(self, lang: str) -> dict[str, str]:
        """Each object's card name, with its id where two objects share the name."""
        cards = {o["id"]: self.model.cards[o["card"]].characteristics().names
                 for o in self.model.objects}
        english = [n.en for n in cards.values()]
        return {i: f"{n.in_(lang)} ({i})" if english.count(n.en) > 1 else n.in_(lang)
                for i, n in cards.items()}

    def _object_label(self, o: dict[str, Any], names: dict[str, str], lang: str) -> str:
        bits = [names[o["id"]], player_name(o["owner"]), label(o["zone"], lang)]
        if o.get("controller"):
            bits.append(f"{label('controller', lang)} {player_name(o['controller'])}")
        if o.get("tapped"):
            bits.append(label("tapped", lang))
        if o.get("entered_this_turn"):
            bits.append(label("entered_this_turn", lang))
        if o.get("counters"):
            bits.append(format_counters(o["counters"]))
        if o.get("attached_to"):
            host = o["attached_to"]  # an object, or a player (an Aura that enchants a player)
            bits.append(f"→ {names.get(host) or player_name(host)}")
        return " · ".join(bits)

    def _render_message(self) -> None:
        lang = self.lang.value
        if self.error is not None:
            self.message.value = _error_html(lang, self.error)
        elif self.verdict is not None:
            self.message.value = verdict_html(self.verdict, lang)
        else:
            self.message.value = _note_html(self.note, lang)

    def _say(self, key: str, **params: Any) -> None:
        self.note, self.error, self.verdict = Message(key, params), None, None
        self._render_message()

    def _fail(self, err: Exception) -> None:
        self.note, self.error, self.verdict = None, err, None
        self._render_message()

    def _show_yaml(self) -> None:
        self.yaml.value = self.model.to_yaml()

    def _replace(self, model: BuilderModel, what: str) -> None:
        model.new_game()  # a set-up the rules refuse is refused here, with its line and rule
        self.model = model
        self.render()
        self._show_yaml()
        self._say("loaded", what=what)

    def _on_load_scenario(self, _: Any = None) -> None:
        sid = self.scenario_select.value
        try:
            self._replace(BuilderModel.from_scenario(scenario_by_id(sid)), sid)
        except ValueError as err:
            self._fail(err)

    def _on_add(self, _: Any = None) -> None:
        try:
            oid = self.model.add(
                self.card.value, self.zone.value, self.owner.value,
                controller=self.controller.value, tapped=self.tapped.value,
                entered_this_turn=self.entered.value,
                counters=parse_counters(self.counters.value, self.model.cards),
                attached_to=self.attached_to.value)
        except ValueError as err:
            self._fail(err)
            return
        # The next object starts afresh: nothing of this one (tapped, attached) carries over.
        self.card.value, self.counters.value = "", ""
        self.tapped.value = self.entered.value = False
        self.attached_to.index = 0  # (nothing)
        self.render()
        self._show_yaml()
        self._say("added", name=self._names(self.lang.value)[oid], id=oid)

    def _on_remove(self, _: Any = None) -> None:
        oid = self.objects.value
        if oid is None:
            self._say("choose_object")
            return
        name = self._names(self.lang.value)[oid]
        self.model.remove(oid)
        self.render()
        self._show_yaml()
        self._say("removed", name=name, id=oid)

    def _on_active(self, change: dict) -> None:
        if change["new"] in self.model.players:
            self.model.set_turn(active=change["new"])
            self._show_yaml()

    def _on_from_yaml(self, _: Any = None) -> None:
        try:
            self._replace(BuilderModel.from_yaml(self.yaml.value), "YAML")
        except ValueError as err:
            self._fail(err)

    def _on_save(self, _: Any = None) -> None:
        try:
            path = self.model.save(self.path.value)
        except (OSError, ValueError) as err:
            self._fail(err)
            return
        self._say("saved", path=str(path))

    def _on_load(self, _: Any = None) -> None:
        try:
            self._replace(BuilderModel.load(self.path.value), self.path.value)
        except ValueError as err:
            self._fail(err)

    def _start(self, game: Game, script: list[dict[str, Any]] | None = None) -> None:
        """Tell the listeners; ``started_script`` is the script left to play (none once played)."""
        self.started_script = script
        for fn in list(self.on_play):
            fn(game)

    def _on_play(self, _: Any = None) -> None:
        try:
            game = self.model.new_game()
        except ValueError as err:
            self._fail(err)
            return
        self._say("playing", id=self.model.name)
        self._start(game, self.model.extra.get("script"))

    def _on_play_script(self, _: Any = None) -> None:
        try:
            result = self.model.to_scenario().run()
        except ValueError as err:
            self._fail(err)
            return
        self.note, self.error, self.verdict = None, None, result
        self._render_message()
        self._start(result.game)


def verdict_html(result: ScenarioResult, lang: str) -> str:
    """A played script's verdict: every expectation holds, or which ones don't and why."""
    checks = result.checks
    held = sum(c.passed for c in checks)
    if result.passed:
        head = label("verdict_pass", lang, n=held, total=len(checks))
        colour = "#067647"
    else:
        head = label("verdict_fail", lang, n=held, total=len(checks))
        colour = "#b42318"
    from ..scenarios.sentences import check_sentence, found_sentence

    items = []
    for c in result.failures():  # told as the report and the blog post tell it, in words
        items.append(escape_html(label("verdict_check", lang, line=c.check.line,
                                       sentence=check_sentence(c, result.game, lang),
                                       found=found_sentence(c, result.game, lang))))
    if result.error:
        items.append(escape_html(label("error", lang, message=result.error_text(lang))))
    body = "<ul>" + "".join(f"<li>{i}</li>" for i in items) + "</ul>" if items else ""
    return (f'<div class="mtg-verdict" style="color:{colour}"><b>{escape_html(head)}</b>'
            f"{body}</div>")


class Quiz(W.VBox):
    """The judge quiz: a topic to choose, each ruling's situation drawn and described, choices
    that include the usual wrong answer, the engine's verdict, and a score."""

    def __init__(self, model: QuizModel | None = None, lang: Language | str | None = None):
        self.model = model or QuizModel(lang=lang)
        if lang is not None:
            self.model.lang = as_language(lang)
        self.lang = self.model.lang
        self.topic = W.Dropdown(layout=W.Layout(width="auto"))
        self.score = W.HTML()
        self.prompt = W.HTML()
        self.choice = W.RadioButtons(layout=W.Layout(width="auto"))
        self.check_button = W.Button(button_style="primary")
        self.prev_button = W.Button()
        self.next_button = W.Button()
        self.feedback = W.HTML()
        self.check_button.on_click(self._on_check)
        self.prev_button.on_click(lambda _: self._move(self.model.previous))
        self.next_button.on_click(lambda _: self._move(self.model.next))
        self.topic.observe(self._on_topic, names="value")
        self.lang.observe(lambda _: self.render())
        super().__init__([W.HBox([self.topic, self.score]), self.prompt, self.choice,
                          W.HBox([self.prev_button, self.check_button, self.next_button]),
                          self.feedback])
        self.add_class("mtg-quiz")
        self.render()

    def __repr__(self) -> str:
        return f"<Quiz {self.model!r}>"

    def render(self) -> None:
        lang = self.lang.value
        self.check_button.description = label("check", lang)
        self.prev_button.description = label("previous", lang)
        self.next_button.description = label("next", lang)
        self.topic.description = quiz_label("topic", lang)
        _set_options(self.topic, [(quiz_label(t, lang), t) for t in TOPICS])
        self.topic.value = self.model.topic
        score = quiz_label("score", lang, score=self.model.score_text(lang))
        self.score.value = f"<b>{escape_html(score)}</b>"
        if not self.model.questions:
            self.prompt.value = escape_html(label("no_questions", lang))
            self.choice.options = []
            return
        self.prompt.value = self.model.prompt_html()
        _set_options(self.choice, self.model.question.option_labels(lang))
        self.feedback.value = self.model.feedback_html()

    def _move(self, move: Callable[[], Any]) -> None:
        if self.model.questions:
            move()
            self.choice.value = None
            self.render()

    def _on_topic(self, change: dict[str, Any]) -> None:
        if change["new"] and change["new"] != self.model.topic:
            self.model.choose_topic(change["new"])
            self.choice.value = None
            self.render()

    def _on_check(self, _: Any = None) -> None:
        self.model.answer(self.choice.value)
        self.render()


class Sandbox(W.VBox):
    """Builder, action panel and stepper on one game, with one language switch.

    "Play ▶" starts the set-up and offers the situation's script, step by step, as the next
    action; "Play its script" plays it all and shows its verdict; the stepper's "What if?"
    plays on in the action panel.
    """

    def __init__(self, scenario: str | None = None, lang: Language | str | None = None,
                 play_script: bool = False):
        self.lang = as_language(lang)
        self.switch = LanguageSwitch(self.lang)
        model = BuilderModel.from_scenario(scenario_by_id(scenario)) if scenario else None
        self.builder = SituationBuilder(model, self.lang)
        if scenario and scenario in self.builder.scenario_select.options:
            self.builder.scenario_select.value = scenario
        self.actions = ActionPanel(None, self.lang)
        self.stepper = Stepper(Game(["alice", "bob"]), self.lang, actions=self.actions)
        self.builder.on_play.append(lambda game: self.play(game, self.builder.started_script))
        self.actions.on_done.append(self._show_last)
        super().__init__([self.switch, self.builder, self.actions, self.stepper])
        self.add_class("mtg-sandbox")
        if scenario:
            if play_script:
                self.builder.play_script_button.click()
            else:
                self.builder.play_button.click()

    def __repr__(self) -> str:
        return f"<Sandbox {self.stepper.model!r}>"

    def play(self, game: Game, script: list[dict[str, Any]] | None = None) -> None:
        """Show a new game in the action panel (its ``script`` suggested step by step), and in
        the stepper from its first step."""
        self.actions.set_game(game, script)
        self.stepper.set_game(game, step=0)

    def _show_last(self) -> None:
        self.stepper.model.follow = True
        self.stepper.refresh()
