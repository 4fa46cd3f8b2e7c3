"""The ipywidgets views: thin callbacks over the plain models of this package.

Every callback does one thing on a model and copies what the model says into ``HTML.value`` or a
widget's options, so a test drives a view without a kernel: set ``.value``, call ``.click()``,
read ``.value``. Only this module imports ipywidgets.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as W

from ..choices import Question
from ..game import Game
from ..scenarios import scenario_by_id, shipped_scenarios
from ..text.safe import escape_html
from .actions import ActionModel, destroy_action, order_answer, order_groups
from .builder import BuilderModel, format_counters, parse_counters
from .i18n import Language, as_language, label
from .quiz import QuizModel
from .stepper import VIEWS, StepperModel, compare_html

_LAYOUT_WIDE = W.Layout(width="100%")


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
    msg = getattr(err, "message_fr", None) if lang == "fr" else None
    return f'<span style="color:#b42318">{escape_html(label("error", lang, message=msg or err))}' \
           "</span>"


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
    """A game's timeline: slider, previous/next, the step's log and diagram, undo, what if."""

    def __init__(self, game: Game | StepperModel, lang: Language | str | None = None,
                 view: str = "stack"):
        self.model = game if isinstance(game, StepperModel) else StepperModel(game, lang, view)
        if lang is not None:
            self.model.lang = as_language(lang)
        self.lang = self.model.lang
        self.original: Game | None = None
        self.on_branch: list[Callable[[Game], None]] = []
        self.slider = W.IntSlider(min=0, max=0, value=0, continuous_update=False,
                                  layout=W.Layout(width="22em"))
        self.prev_button = W.Button(layout=W.Layout(width="9em"))
        self.next_button = W.Button(layout=W.Layout(width="9em"))
        self.view_select = W.Dropdown(value=self.model.view, options=list(VIEWS),
                                      layout=W.Layout(width="22em"))
        self.log_view = W.HTML()
        self.diagram_view = W.HTML(layout=W.Layout(overflow="auto"))
        self.undo_button = W.Button(layout=W.Layout(width="16em"))
        self.branch_button = W.Button(layout=W.Layout(width="16em"))
        self.compare_button = W.Button(layout=W.Layout(width="16em"))
        self.message = W.HTML()
        self.comparison = W.HTML()
        self.prev_button.on_click(lambda _: self._go(self.model.previous))
        self.next_button.on_click(lambda _: self._go(self.model.next))
        self.slider.observe(self._on_slider, names="value")
        self.view_select.observe(self._on_view, names="value")
        self.undo_button.on_click(self._on_undo)
        self.branch_button.on_click(self._on_branch)
        self.compare_button.on_click(self._on_compare)
        self.lang.observe(lambda _: self.render())
        super().__init__([
            W.HBox([self.prev_button, self.slider, self.next_button, self.view_select]),
            self.log_view, self.diagram_view,
            W.HBox([self.undo_button, self.branch_button, self.compare_button]),
            self.message, self.comparison,
        ])
        self.add_class("mtg-stepper")
        self.render()

    def __repr__(self) -> str:
        return f"<Stepper step {self.model.index} of {len(self.model) - 1}>"

    @property
    def game(self) -> Game:
        return self.model.game

    def set_game(self, game: Game) -> None:
        self.model.set_game(game)
        self.original = None
        self.comparison.value = ""
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
        self.slider.description = label("step", lang)
        self.view_select.description = label("view", lang)
        _set_options(self.view_select, [(label(f"view_{v}", lang), v) for v in VIEWS])
        last = max(len(self.model) - 1, 0)
        self.slider.unobserve(self._on_slider, names="value")
        self.slider.max = last
        self.slider.value = self.model.index
        self.slider.observe(self._on_slider, names="value")
        if len(self.model):
            self.log_view.value = self.model.log_html()
            self.diagram_view.value = self.model.diagram_html()
        else:
            self.log_view.value = self.diagram_view.value = ""
        if self.original is not None and self.comparison.value:
            self.comparison.value = compare_html(self.original, self.game, lang)

    def _go(self, move: Callable[[], Any]) -> None:
        move()
        self.message.value = ""
        self.render()

    def _on_slider(self, change: dict) -> None:
        self._go(lambda: self.model.go(change["new"]))

    def _on_view(self, change: dict) -> None:
        self.model.view = change["new"]
        self.render()

    def _on_undo(self, _: Any = None) -> None:
        lang = self.lang.value
        try:
            dropped = self.model.undo()
        except ValueError:
            self.message.value = escape_html(label("nothing_to_undo", lang))
        else:
            self.message.value = escape_html(label("undone", lang, n=dropped.index))
        self.render()

    def _on_branch(self, _: Any = None) -> None:
        index = self.model.index
        self.original = self.original or self.game
        new = self.model.branch()
        self.model.set_game(new)
        self.message.value = escape_html(label("branched", self.lang.value, n=index))
        self.comparison.value = ""
        self.render()
        for fn in list(self.on_branch):
            fn(new)

    def _on_compare(self, _: Any = None) -> None:
        lang = self.lang.value
        if self.original is None:
            self.message.value = escape_html(label("no_branch", lang))
            return
        self.comparison.value = compare_html(self.original, self.game, lang)


class ActionPanel(W.VBox):
    """The legal actions now, and the engine's questions with their legal answers only."""

    def __init__(self, game: Game | ActionModel | None = None,
                 lang: Language | str | None = None):
        self.model = game if isinstance(game, ActionModel) else ActionModel(game, lang)
        if lang is not None:
            self.model.lang = as_language(lang)
        self.lang = self.model.lang
        self.on_done: list[Callable[[], None]] = []
        self.status = W.HTML()
        self.action_select = W.Dropdown(layout=W.Layout(width="40em"))
        self.do_button = W.Button(button_style="primary")
        self.together_select = W.SelectMultiple(rows=4, layout=W.Layout(width="40em"))
        self.together_button = W.Button()
        self.auto = W.Checkbox(value=False, indent=False)
        self.repeat = W.Checkbox(value=False, indent=False)
        self.question_box = W.VBox()
        self.question_prompt = W.HTML()
        self.question_inputs: list[Any] = []
        self.answer_button = W.Button(button_style="success")
        self.cancel_button = W.Button()
        self.order = _OrderList(self.lang)
        self.message = W.HTML()
        self.do_button.on_click(self._on_do)
        self.together_button.on_click(self._on_together)
        self.answer_button.on_click(self._on_answer)
        self.cancel_button.on_click(self._on_cancel)
        self.auto.observe(self._on_auto, names="value")
        self.repeat.observe(self._on_repeat, names="value")
        self.lang.observe(lambda _: self.render())
        super().__init__([self.status, W.HBox([self.action_select, self.do_button]),
                          W.HBox([self.together_select, self.together_button]), self.auto,
                          self.question_box, self.message])
        self.add_class("mtg-actions")
        self.render()

    def __repr__(self) -> str:
        return f"<ActionPanel {self.model!r}>"

    @property
    def game(self) -> Game | None:
        return self.model.game

    def set_game(self, game: Game | None) -> None:
        self.model.set_game(game)
        self.model.message = ""
        self.render()

    def render(self) -> None:
        lang, game = self.lang.value, self.model.game
        self.do_button.description = label("do", lang)
        self.together_button.description = label("destroy", lang, card="…")
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
            _set_options(self.action_select,
                         [(a.text(lang), a.key) for a in self.model.actions()])
            _set_options(self.together_select,
                         [(f"{game.name_of(i).in_(lang)} ({i})", i)
                          for i in game.zone(None, "battlefield")])
        busy = self.model.pending is not None
        self.do_button.disabled = self.together_button.disabled = busy or game is None
        self._render_question()
        self.message.value = self.model.message_html()

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
        opts = list(spec.options)
        if spec.widget == "one":
            inputs: list[Any] = [W.Dropdown(options=opts, value=opts[0][1])]
        elif spec.widget == "many":
            inputs = [W.SelectMultiple(options=opts, value=(opts[0][1],) if spec.min else (),
                                       rows=min(len(opts), 6))]
        elif spec.widget == "order":
            self.order.show(opts, self.model.pending)
            inputs = [self.order]
        else:
            inputs = [W.BoundedIntText(value=spec.low, min=spec.low, max=spec.high)]
        self.question_inputs = inputs
        self.question_box.children = [self.question_prompt, *inputs, self.repeat,
                                      W.HBox([self.answer_button, self.cancel_button])]

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
        self.render()
        if outcome == "done":
            for fn in list(self.on_done):
                fn()

    def _on_do(self, _: Any = None) -> None:
        if self.action_select.value is None:
            return
        self._after(self.model.perform(self.action_select.value))

    def _on_together(self, _: Any = None) -> None:
        ids = list(self.together_select.value)
        if ids and self.model.game is not None:
            self._after(self.model.perform(destroy_action(self.model.game, ids)))

    def _on_answer(self, _: Any = None) -> None:
        self._after(self.model.answer(self.answer_value()))

    def _on_cancel(self, _: Any = None) -> None:
        self.model.cancel()
        self.model.message = ""
        self.render()

    def _on_auto(self, change: dict) -> None:
        self.model.auto = bool(change["new"])

    def _on_repeat(self, change: dict) -> None:
        self.model.repeat = bool(change["new"])


class _OrderList(W.VBox):
    """One sortable list for an order question (603.3b): it starts in the default order, with
    identical choices grouped ("Blood Artist (artist) ×1,003"); select an item and move it.
    "One by one" lists every choice apart."""

    def __init__(self, lang: Language):
        self.lang = lang
        self.items = W.Select(rows=8, layout=W.Layout(width="40em"))
        self.hint = W.HTML()
        self.single = W.Checkbox(value=False, indent=False)
        self.buttons = {k: W.Button(layout=W.Layout(width="auto"))
                        for k in ("move_first", "move_up", "move_down", "move_last")}
        for key, button in self.buttons.items():
            button.on_click(lambda _, k=key: self.move(k))
        self.single.observe(lambda _: self._regroup(), names="value")
        self.question: Question | None = None
        super().__init__([self.hint, self.items, W.HBox(list(self.buttons.values())),
                          self.single])
        self.add_class("mtg-order")

    def show(self, groups: list[tuple[str, str]], question: Question | None) -> None:
        """Show ``groups`` (label, keys) in their order, for ``question``."""
        lang = self.lang.value
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
        if self.single.value:
            by_key = {o.key: (o.label_fr if lang == "fr" else o.label) or o.key
                      for o in self.question.options}
            self._set([(by_key[k], k) for k in keys])
        else:
            groups = order_groups(self.question, lang)
            rank = {k: n for n, k in enumerate(keys)}
            self._set(sorted(groups, key=lambda g: min(rank[k] for k in g[1].split())))

    def _set(self, options: list[tuple[str, str]], chosen: str | None = None) -> None:
        self.items.options = options
        self.items.rows = max(2, min(len(options), 8))
        self.items.value = chosen if chosen is not None else (options[0][1] if options else None)


class SituationBuilder(W.VBox):
    """Pick cards, zones, controllers, status; save to and load from scenario YAML."""

    def __init__(self, model: BuilderModel | None = None, lang: Language | str | None = None):
        self.model = model or BuilderModel()
        self.lang = as_language(lang)
        self.on_play: list[Callable[[Game], None]] = []
        m = self.model
        self.scenario_select = W.Dropdown(options=[p.stem for p in shipped_scenarios()],
                                          layout=W.Layout(width="30em"))
        self.load_scenario_button = W.Button()
        self.card = W.Combobox(options=sorted(m.cards), ensure_option=True,
                               layout=W.Layout(width="22em"))
        self.zone = W.Dropdown(value="battlefield",
                               options=["battlefield", "hand", "graveyard", "library", "exile",
                                        "command"], layout=W.Layout(width="16em"))
        self.owner = W.Dropdown(options=list(m.players), layout=W.Layout(width="14em"))
        self.controller = W.Dropdown(options=list(m.players), layout=W.Layout(width="14em"))
        self.tapped = W.Checkbox(value=False, indent=False, layout=W.Layout(width="8em"))
        self.entered = W.Checkbox(value=False, indent=False, layout=W.Layout(width="12em"))
        self.counters = W.Text(layout=W.Layout(width="18em"))
        self.attached_to = W.Dropdown(options=[("", None)], layout=W.Layout(width="18em"))
        self.add_button = W.Button(button_style="info")
        self.objects = W.Select(rows=6, layout=W.Layout(width="40em"))
        self.remove_button = W.Button()
        self.active = W.Dropdown(options=list(m.players), value=m.turn["active"],
                                 layout=W.Layout(width="14em"))
        self.yaml = W.Textarea(rows=12, layout=_LAYOUT_WIDE)
        self.to_yaml_button = W.Button()
        self.from_yaml_button = W.Button()
        self.path = W.Text(value="situation.yaml", layout=W.Layout(width="20em"))
        self.save_button = W.Button()
        self.load_button = W.Button()
        self.play_button = W.Button(button_style="primary")
        self.play_script_button = W.Button()
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
        self.lang.observe(lambda _: self.render())
        super().__init__([
            W.HBox([self.scenario_select, self.load_scenario_button]),
            W.HBox([self.card, self.zone, self.owner, self.controller]),
            W.HBox([self.tapped, self.entered, self.counters, self.attached_to, self.add_button]),
            W.HBox([self.objects, W.VBox([self.remove_button, self.active])]),
            W.HBox([self.play_button, self.play_script_button]),
            W.HBox([self.to_yaml_button, self.from_yaml_button, self.path, self.save_button,
                    self.load_button]),
            self.yaml, self.message,
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
        self.card.placeholder = "Blood Artist"
        self.zone.description = label("zone", lang)
        _set_options(self.zone, [(label(z, lang), z) for z in
                                 ("battlefield", "hand", "graveyard", "library", "exile",
                                  "command")])
        self.owner.description = label("owner", lang)
        self.controller.description = label("controller", lang)
        for w in (self.owner, self.controller, self.active):
            _set_options(w, [(p, p) for p in m.players])
        self.tapped.description = label("tapped", lang)
        self.entered.description = label("entered_this_turn", lang)
        self.counters.description = label("counters", lang)
        self.counters.placeholder = label("counters_hint", lang)
        self.attached_to.description = label("attached_to", lang)
        _set_options(self.attached_to, [(label("nothing", lang), None)]
                     + [(i, i) for i in m.ids()])
        self.add_button.description = label("add", lang)
        self.remove_button.description = label("remove", lang)
        self.active.description = label("active", lang)
        self.to_yaml_button.description = label("to_yaml", lang)
        self.from_yaml_button.description = label("from_yaml", lang)
        self.path.description = label("path", lang)
        self.save_button.description = label("save_file", lang)
        self.load_button.description = label("load_file", lang)
        self.play_button.description = label("play", lang)
        self.play_script_button.description = label("play_script", lang)
        self.play_script_button.disabled = "script" not in m.extra
        _set_options(self.objects, [(self._object_label(o, lang), o["id"]) for o in m.objects])

    def _object_label(self, o: dict[str, Any], lang: str) -> str:
        card = self.model.cards[o["card"]].characteristics()
        name = (card.name_fr or card.name) if lang == "fr" else card.name
        bits = [f"{o['id']}: {name}", f"{o['owner']}", label(o["zone"], lang)]
        if o.get("controller"):
            bits.append(f"{label('controller', lang)} {o['controller']}")
        if o.get("tapped"):
            bits.append(label("tapped", lang))
        if o.get("entered_this_turn"):
            bits.append(label("entered_this_turn", lang))
        if o.get("counters"):
            bits.append(format_counters(o["counters"]))
        if o.get("attached_to"):
            bits.append(f"→ {o['attached_to']}")
        return " · ".join(bits)

    def _say(self, key: str, **params: Any) -> None:
        self.message.value = escape_html(label(key, self.lang.value, **params))

    def _show_yaml(self) -> None:
        self.yaml.value = self.model.to_yaml()

    def _replace(self, model: BuilderModel, what: str) -> None:
        self.model = model
        self.render()
        self._show_yaml()
        self._say("loaded", what=what)

    def _on_load_scenario(self, _: Any = None) -> None:
        sid = self.scenario_select.value
        try:
            self._replace(BuilderModel.from_scenario(scenario_by_id(sid)), sid)
        except ValueError as err:
            self.message.value = _error_html(self.lang.value, err)

    def _on_add(self, _: Any = None) -> None:
        try:
            oid = self.model.add(
                self.card.value, self.zone.value, self.owner.value,
                controller=self.controller.value, tapped=self.tapped.value,
                entered_this_turn=self.entered.value,
                counters=parse_counters(self.counters.value),
                attached_to=self.attached_to.value)
        except ValueError as err:
            self.message.value = _error_html(self.lang.value, err)
            return
        self.render()
        self._show_yaml()
        self._say("added", id=oid)

    def _on_remove(self, _: Any = None) -> None:
        oid = self.objects.value
        if oid is None:
            return
        self.model.remove(oid)
        self.render()
        self._show_yaml()
        self._say("removed", id=oid)

    def _on_active(self, change: dict) -> None:
        if change["new"] in self.model.players:
            self.model.set_turn(active=change["new"])
            self._show_yaml()

    def _on_from_yaml(self, _: Any = None) -> None:
        try:
            self._replace(BuilderModel.from_yaml(self.yaml.value), "YAML")
        except ValueError as err:
            self.message.value = _error_html(self.lang.value, err)

    def _on_save(self, _: Any = None) -> None:
        try:
            path = self.model.save(self.path.value)
        except (OSError, ValueError) as err:
            self.message.value = _error_html(self.lang.value, err)
            return
        self._say("saved", path=str(path))

    def _on_load(self, _: Any = None) -> None:
        try:
            self._replace(BuilderModel.load(Path(self.path.value)), self.path.value)
        except ValueError as err:
            self.message.value = _error_html(self.lang.value, err)

    def _start(self, game: Game) -> None:
        for fn in list(self.on_play):
            fn(game)

    def _on_play(self, _: Any = None) -> None:
        try:
            game = self.model.new_game()
        except ValueError as err:
            self.message.value = _error_html(self.lang.value, err)
            return
        self._say("playing", id=self.model.extra.get("id", "situation"), n=len(game.timeline))
        self._start(game)

    def _on_play_script(self, _: Any = None) -> None:
        try:
            result = self.model.to_scenario().run()
        except ValueError as err:
            self.message.value = _error_html(self.lang.value, err)
            return
        game = result.game
        self._say("playing", id=result.scenario.id, n=len(game.timeline))
        self._start(game)


class Quiz(W.VBox):
    """Judge questions from the scenarios, checked by the engine, explained by the rulings."""

    def __init__(self, model: QuizModel | None = None, lang: Language | str | None = None):
        self.model = model or QuizModel.from_scenarios(lang=lang)
        if lang is not None:
            self.model.lang = as_language(lang)
        self.lang = self.model.lang
        self.prompt = W.HTML()
        self.choice = W.RadioButtons(layout=W.Layout(width="auto"))
        self.check_button = W.Button(button_style="primary")
        self.prev_button = W.Button()
        self.next_button = W.Button()
        self.feedback = W.HTML()
        self.check_button.on_click(self._on_check)
        self.prev_button.on_click(lambda _: self._move(self.model.previous))
        self.next_button.on_click(lambda _: self._move(self.model.next))
        self.lang.observe(lambda _: self.render())
        super().__init__([self.prompt, self.choice,
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

    def _on_check(self, _: Any = None) -> None:
        if self.choice.value is None:
            return
        self.model.answer(self.choice.value)
        self.feedback.value = self.model.feedback_html()


class Sandbox(W.VBox):
    """Builder, action panel and stepper on one game, with one language switch."""

    def __init__(self, scenario: str | None = None, lang: Language | str | None = None,
                 play_script: bool = False):
        self.lang = as_language(lang)
        self.switch = LanguageSwitch(self.lang)
        model = BuilderModel.from_scenario(scenario_by_id(scenario)) if scenario else None
        self.builder = SituationBuilder(model, self.lang)
        if scenario and scenario in self.builder.scenario_select.options:
            self.builder.scenario_select.value = scenario
        self.actions = ActionPanel(None, self.lang)
        self.stepper = Stepper(Game(["alice", "bob"]), self.lang)
        self.builder.on_play.append(self.play)
        self.actions.on_done.append(self._show_last)
        self.stepper.on_branch.append(self.actions.set_game)
        self.stepper.undo_button.on_click(lambda _: self.actions.render())
        super().__init__([self.switch, self.builder, self.actions, self.stepper])
        self.add_class("mtg-sandbox")
        if scenario:
            if play_script:
                self.builder.play_script_button.click()
            else:
                self.builder.play_button.click()

    def __repr__(self) -> str:
        return f"<Sandbox {self.stepper.model!r}>"

    def play(self, game: Game) -> None:
        """Show a new game in the action panel, and in the stepper from its first step."""
        self.actions.set_game(game)
        self.stepper.set_game(game)
        if len(game.timeline) > 1:
            self.stepper.model.go(0)
            self.stepper.render()

    def _show_last(self) -> None:
        self.stepper.model.follow = True
        self.stepper.refresh()
