"""Walking a game's timeline, one step at a time: the plain model behind the stepper widget.

The model reads the timeline; only :meth:`StepperModel.undo` changes the game (it drops the last
step and restores the state recorded before it), and :func:`branch` makes a new game.

>>> from mtgrules.scenarios import scenario_by_id
>>> game = scenario_by_id("core-blood-artist-dies-together").run().game
>>> model = StepperModel(game)
>>> model.index, len(model)
(4, 5)
>>> model.go(1).step.action
'Destroy Blood Artist, Grizzly Bears, Llanowar Elves'
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..errors import StepError
from ..game import Game
from ..schema import schema_path
from ..text import player_name, typeset
from ..text.safe import escape_html
from ..timeline import LogLine, Repeated, Step, condensed
from .actions import object_name, shared_names
from .i18n import Language, as_language, label

VIEWS = ("stack", "triggers", "copies", "links", "board")
ZONE_ORDER = ("battlefield", "hand", "graveyard", "exile", "library", "command")


#: A step's log in the stepper shows this many entries, then how many more (the whole log is
#: in ``Step.text()``): a thousand creatures dying at once log nine thousand lines.
MAX_LOG_ENTRIES = 200


def step_html(step: Step, lang: str = "en") -> str:
    """One step's log as HTML: the action, then each entry with its rule numbers; a long log
    condensed as :func:`mtgrules.timeline.condensed` reads it (runs of alike lines as one line
    with their count), at most :data:`MAX_LOG_ENTRIES` lines, then "… and N more")."""
    from ..draw.scale import more

    head = step.action if lang == "en" else step.action_fr
    lines = condensed(step.entries)
    shown = lines[:MAX_LOG_ENTRIES]
    items = "".join(_line_html(line, lang) for line in shown)
    if len(lines) > len(shown):
        items += f"<li>{escape_html(more(len(lines) - len(shown), lang))}</li>"
    title = f"<b>{label('step', lang)} {step.index}. {escape_html(head)}</b>"
    return f'<div class="mtg-log">{title}' + (f"<ul>{items}</ul>" if items else "") + "</div>"


def _line_html(line: LogLine | Repeated, lang: str) -> str:
    if isinstance(line, Repeated):
        inner = "".join(_line_html(sub, lang) for sub in line.lines)
        return f"<li>{escape_html(line.text(lang))}<ul>{inner}</ul></li>"
    rules = (f' <span class="mtg-rules">[{escape_html(", ".join(line.rules))}]</span>'
             if line.rules else "")
    return f"<li>{escape_html(line.text(lang))}{rules}</li>"


def draw_html(game: Game, step: Step, view: str = "stack", lang: str = "en") -> str:
    """The step's diagram as inline SVG, or a clear message when the diagrams can't be drawn."""
    try:
        from ..draw import draw_step  # written by the diagrams engineer; may be missing
    except ImportError as err:
        return f'<p class="mtg-nodiagram">{escape_html(label("no_diagram", lang, err=err))}</p>'
    try:
        drawing = draw_step(game, step.index, view=view, lang=lang)
        svg = drawing.svg() if hasattr(drawing, "svg") else drawing._repr_svg_()
    except Exception as err:  # a view that fails must not break the stepper
        return f'<p class="mtg-nodiagram">{escape_html(label("diagram_error", lang, err=err))}</p>'
    svg = svg.decode() if isinstance(svg, bytes) else str(svg)
    start = svg.find("<svg")  # inline HTML: drop any XML prolog and DOCTYPE
    return f'<div class="mtg-diagram">{svg[start:] if start >= 0 else svg}</div>'


def _names(game: Game, ids: list[str], lang: str, shared: set[str]) -> str:
    return ", ".join(object_name(game, i, lang, shared) for i in ids) or label("empty", lang)


def outcome_html(game: Game, lang: str = "en", title: str = "") -> str:
    """What a game came to: life totals, the stack, what resolved, and each zone."""
    s = game.state
    shared = shared_names(game)
    rows = [f"<tr><td>{escape_html(player_name(p))}</td>"
            f"<td>{label('life', lang, n=pl.life)}</td></tr>"
            for p, pl in s.players.items()]
    stack = ", ".join(f"{it.id} ({it.source_name_fr if lang == 'fr' else it.source_name})"
                      for it in reversed(s.stack)) or label("empty", lang)
    rows.append(f"<tr><td>{label('stack', lang)}</td><td>{escape_html(stack)}</td></tr>")
    rows.append(f"<tr><td>{label('resolved', lang)}</td>"
                f"<td>{escape_html(', '.join(s.resolved) or label('empty', lang))}</td></tr>")
    for zone in ZONE_ORDER:
        owners = [""] if zone in ("battlefield", "exile", "command") else list(s.players)
        for p in owners:
            ids = game.zone(p or None, zone)
            if ids:
                who = escape_html(typeset(f"{player_name(p)} : " if lang == "fr"
                                          else f"{player_name(p)}: ", lang)) if p else ""
                rows.append(f"<tr><td>{who}{label(zone, lang)}</td>"
                            f"<td>{escape_html(_names(game, ids, lang, shared))}</td></tr>")
    head = f"<b>{escape_html(title)}</b> " if title else ""
    return (f'<div class="mtg-outcome">{head}({label("steps", lang, n=len(game.timeline))})'
            f"<table>{''.join(rows)}</table></div>")


def compare_html(first: Game, second: Game, lang: str = "en",
                 titles: tuple[str, str] | None = None) -> str:
    """Two outcomes side by side (an original game and a "what if" branch)."""
    a, b = titles or (label("original", lang), label("branch_title", lang))
    return ('<div class="mtg-compare" style="display:flex;gap:2em">'
            f"<div>{outcome_html(first, lang, a)}</div><div>{outcome_html(second, lang, b)}</div>"
            "</div>")


def branch(game: Game, index: int | None = None) -> Game:
    """A new game that goes on from the state after step ``index`` (see :meth:`Game.branch`)."""
    return game.branch(index)


class StepperModel:
    """The position in a game's timeline, the diagram view, and the language.

    ``index`` follows the last step while ``follow`` is true (a live game that grows).
    """

    def __init__(self, game: Game, lang: Language | str | None = None, view: str = "stack"):
        self.game = game
        self.lang = as_language(lang)
        self.view = view
        self.index = max(len(game.timeline) - 1, 0)
        self.follow = True

    def __len__(self) -> int:
        return len(self.game.timeline)

    def __repr__(self) -> str:
        return f"<StepperModel step {self.index} of {len(self) - 1}, view {self.view}>"

    @property
    def step(self) -> Step:
        return self.game.timeline.steps[self.index]

    def set_game(self, game: Game) -> StepperModel:
        self.game = game
        self.index = max(len(game.timeline) - 1, 0)
        self.follow = True
        return self

    def refresh(self) -> StepperModel:
        """Call after the game changed: keep the index in range, follow the last step."""
        last = max(len(self) - 1, 0)
        self.index = last if self.follow else min(self.index, last)
        return self

    def go(self, index: int) -> StepperModel:
        last = len(self) - 1
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= last:
            raise StepError(index, last + 1, lang=self.lang.value)
        self.index = index
        self.follow = index == last
        return self

    def next(self) -> StepperModel:
        return self.go(min(self.index + 1, len(self) - 1))

    def previous(self) -> StepperModel:
        return self.go(max(self.index - 1, 0))

    def log_html(self) -> str:
        return step_html(self.step, self.lang.value)

    def diagram_html(self) -> str:
        return draw_html(self.game, self.step, self.view, self.lang.value)

    def undo(self) -> Step:
        """Drop the last step of the game and restore the state recorded after the one before.

        Raises ``ValueError`` when only the set-up is left.
        """
        if len(self.game.timeline) <= 1:
            raise ValueError(label("nothing_to_undo", self.lang.value))
        dropped = self.game.undo()
        self.index = len(self.game.timeline) - 1
        self.follow = True
        return dropped

    def branch(self) -> Game:
        """A "what if" game from the step shown now."""
        return branch(self.game, self.index)

    def save_scenario(self, folder: str | Path | None = None) -> Path:
        """Write the step shown now as a scenario file in ``folder`` (default: the working
        folder), a new file each time; its modeline points at the shipped schema by a path
        relative to the folder (so it works from a clone). A "what if" branch is saved as a
        new scenario the same way."""
        folder = Path(folder) if folder is not None else Path.cwd()
        origin = self.game.origin
        # A file saved here and loaded again is named after the game it came from, once:
        # "bears-step-6.yaml", not "bears-step-2-step-6.yaml" (as its title, saving.saved_title).
        given = origin.get("id") or "game"
        saved = re.fullmatch(r"(.+?)(-what-if)?-step-\d+(-\d+)?", given)
        what_if = origin.get("what_if") or bool(saved and saved.group(2))
        stem = f"{saved.group(1) if saved else given}{'-what-if' if what_if else ''}" \
            f"-step-{self.index}"
        path, n = folder / f"{stem}.yaml", 2
        while path.exists():
            path, n = folder / f"{stem}-{n}.yaml", n + 1
        schema = os.path.relpath(schema_path("scenario"), folder.resolve())
        path.write_text(self.game.to_scenario(self.index, modeline=Path(schema).as_posix()),
                        encoding="utf-8")
        return path
