"""A blog post from a played scenario, in Markdown (SVG files beside it) or one HTML file.

The post tells the situation as a rules writer would: title and description, the set-up drawn,
each step narrated with its rule numbers and the choices made, a diagram of each step that
changes the stack, the triggers, the copies or the linked cards, what the rules say (the
scenario's checks, in words) and the rulings quoted in English and French.

Every piece of text from a file (names, notes, answers) is escaped for the format written: a
card named ``<script>`` is text in the post. The HTML file needs no network: its CSS and its
diagrams (inline SVG) are inside it.

>>> from mtgrules.scenarios import scenario_by_id
>>> result = scenario_by_id("core-target-gone").run()
>>> post = Post(result, "fr")
>>> post.title == result.scenario.title_fr
True
>>> [b.kind for b in post.blocks][:3]
['h1', 'p', 'h2']
>>> to_markdown(result, "fr").startswith("# " + md_escape(result.scenario.title_fr))
True

The scenarios layer knows nothing of posts (views sit above it): call these functions with a
result, ``to_markdown(result)``, ``to_html(result)``, ``save_post(result, "posts/")``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .text import player_name, typeset
from .text.safe import escape_html, printable

if TYPE_CHECKING:
    from .draw import Diagram
    from .objects import State
    from .scenarios.runner import CheckResult, ScenarioResult
    from .timeline import Step

__all__ = ["CSS", "FORMATS", "Block", "Post", "inline_svg", "md_escape", "save_post",
           "to_html", "to_markdown"]

FORMATS = ("md", "html")

_WORDS: dict[str, tuple[str, str]] = {
    "setup": ("The set-up", "La situation de départ"),
    "steps": ("Step by step", "Pas à pas"),
    "step": ("Step {n}: {action}", "Étape {n} : {action}"),
    "rule": ("rule", "règle"),
    "rules": ("rules", "règles"),
    "choice": ("{player} is asked: {prompt} — Answer: {answer}",
               "{player} doit choisir : {prompt} — Réponse : {answer}"),
    "default": (" (the default choice)", " (le choix par défaut)"),
    "say": ("What the rules say", "Ce que disent les règles"),
    "holds": ("holds", "vérifié"),
    "fails": ("does NOT hold", "n'est PAS vérifié"),
    "found": ("What the game shows: {found}", "Ce que montre la partie : {found}"),
    "ruling": ("ruling", "clarification"),
    "rulings": ("The rulings", "Les clarifications"),
    "english": ("In English", "En anglais"),
    "french": ("In French", "En français"),
    "source": ("Source: {source}, {date}.", "Source : {source}, {date}."),
    "made_by": ("Played out by mtgrules from the scenario {file}: every outcome above comes from "
                "the rules engine, not from a text written in advance.",
                "Joué par mtgrules à partir du scénario {file} : chaque résultat ci-dessus vient "
                "du moteur de règles, pas d'un texte écrit à l'avance."),
    "error": ("The script stopped: {error}", "Le script s'est arrêté : {error}"),
    "stack": ("the stack after step {n}", "la pile après l'étape {n}"),
    "triggers": ("what triggered during step {n}", "ce qui s'est déclenché pendant l'étape {n}"),
    "copies": ("copies after step {n}", "les copies après l'étape {n}"),
    "links": ("linked abilities after step {n}", "les capacités liées après l'étape {n}"),
    "board": ("the board at the start", "la partie au départ"),
}

def _t(key: str, lang: str, **params: Any) -> str:
    """A word of the post in ``lang``, with French typography (U+202F before « : ; ! ? »)."""
    text = _WORDS[key][lang == "fr"]
    return typeset(text.format(**params) if params else text, lang)


@dataclass
class Block:
    """One piece of a post: a heading, a paragraph, a list, a quote or a diagram. ``text`` and
    ``items`` are plain text: each format escapes them."""

    kind: str  # h1, h2, h3, p, list, quote, diagram
    text: str = ""
    items: list[str] = field(default_factory=list)
    diagram: Diagram | None = None
    name: str = ""  # a diagram's file name, without extension


class Post:
    """A blog post telling one played scenario in ``lang`` ('en' or 'fr')."""

    def __init__(self, result: ScenarioResult, lang: str = "en") -> None:
        if lang not in ("en", "fr"):
            raise ValueError(f"unknown language '{lang}' (use 'en' or 'fr')")
        self.result = result
        self.lang = lang
        sc = result.scenario
        self.title = typeset((sc.title_fr or sc.title) if lang == "fr" else sc.title, lang)
        self.blocks: list[Block] = []
        self._build()

    def __repr__(self) -> str:
        return f"<Post {self.result.scenario.id} ({self.lang}): {len(self.blocks)} blocks>"

    # --- what the post says -----------------------------------------------------------------

    def _build(self) -> None:
        sc, lang, game = self.result.scenario, self.lang, self.result.game
        add = self.blocks.append
        add(Block("h1", self.title))
        description = (sc.description_fr or sc.description) if lang == "fr" else sc.description
        for paragraph in re.split(r"\n\s*\n", (description or "").strip()):
            if paragraph:
                add(Block("p", typeset(" ".join(paragraph.split()), lang)))
        add(Block("h2", _t("setup", lang)))
        add(self._diagram(0, "board", _t("board", lang)))
        add(Block("h2", _t("steps", lang)))
        steps = game.timeline.steps
        for before, step in zip(steps, steps[1:], strict=False):
            self._step(before, step)
        if self.result.error:
            add(Block("p", _t("error", lang, error=self.result.error_text(lang))))
        add(Block("h2", _t("say", lang)))
        add(Block("list", items=[self._check_words(c) for c in self.result.checks]))
        self._rulings()
        add(Block("p", _t("made_by", lang, file=Path(sc.file).name if sc.file else sc.id)))

    def _step(self, before: Step, step: Step) -> None:
        lang = self.lang
        action = step.action_fr if lang == "fr" else step.action
        self.blocks.append(Block("h3", _t("step", lang, n=step.index, action=action)))
        lines = [e.text(lang) + _rule_refs(e.rules, lang) for e in step.entries]
        lines += [self._choice_words(a) for a in step.answered]
        if lines:
            self.blocks.append(Block("list", items=lines))
        for view in _changed_views(before, step):
            self.blocks.append(self._diagram(step.index, view,
                                             _t(view, lang, n=step.index)))

    def _choice_words(self, answered: Any) -> str:
        prompt = answered.prompt_fr if self.lang == "fr" else answered.prompt
        text = _t("choice", self.lang, player=player_name(answered.player),
                  prompt=prompt.rstrip(), answer=self._answer_words(answered))
        return text + (_t("default", self.lang) if answered.default else "")

    def _answer_words(self, answered: Any) -> str:
        """An answer as a reader knows what it names: a player by name ("Alice", not
        "alice"), an object by its name and id ("Dawn Wall (wall)", not "wall"), an option as
        its question showed it (a triggered ability, not "T1")."""
        from .scenarios.sentences import answer_words

        game, answer = self.result.game, answered.answer

        def one(value: Any) -> str:
            return answer_words(game, value, self.lang, (answered,))

        colon = " : " if self.lang == "fr" else ": "

        def words(value: Any) -> str | None:
            """A value as names: a declaration "Sun Ox (ox) → Bob", "Newt (newt): 1"; None
            when it isn't made of names and numbers."""
            if isinstance(value, (str, int)):  # a bool is a yes or a no
                return one(value)
            if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value):
                return ", ".join(one(v) for v in value)
            if not isinstance(value, dict):
                return None
            parts = []
            for k, v in value.items():
                said = words(v)
                if said is None:
                    return None
                number = isinstance(v, int) and not isinstance(v, bool)
                parts.append(f"{one(k)}{colon}{said}" if number else f"{one(k)} → {said}")
            nested = any(isinstance(v, dict) for v in value.values())
            return "; ".join(parts) if nested else ", ".join(parts)

        said = words(answer)
        if said is not None:
            return said
        return _plain(answer)

    def _diagram(self, index: int, view: str, caption: str) -> Block:
        from .draw import draw_step

        diagram = draw_step(self.result.game, index, view=view, lang=self.lang)
        return Block("diagram", caption, diagram=diagram, name=f"step-{index:02d}-{view}")

    def _check_words(self, c: CheckResult) -> str:
        lang = self.lang
        note = c.check.note_fr if lang == "fr" and c.check.note_fr else c.check.note
        if not note:  # told from its data, as its note would say it
            from .scenarios.sentences import check_sentence
            note = check_sentence(c, self.result.game, lang)
        verdict = _t("holds" if c.passed else "fails", lang)
        refs = [f"{_t('ruling', lang)} {r}" for r in c.rulings]
        refs.append(_rule_refs(c.check.rules, lang).strip(" ()"))
        refs = [r for r in refs if r]
        text = f"{note.strip()} — {verdict}" + (f" ({'; '.join(refs)})" if refs else "")
        if not c.passed:  # what the game shows instead, in words (as `mtgrules run` says it)
            from .scenarios.sentences import found_sentence
            text += ". " + _t("found", lang, found=found_sentence(c, self.result.game, lang))
        return text

    def _rulings(self) -> None:
        from .rulings import ruling, ruling_ids

        known = set(ruling_ids())
        cited = [r for r in dict.fromkeys(r for c in self.result.checks for r in c.rulings)
                 if r in known]
        if not cited:
            return
        lang = self.lang
        self.blocks.append(Block("h2", _t("rulings", lang)))
        for ruling_id in cited:
            r = ruling(ruling_id)
            card = r.card_fr if lang == "fr" and r.card_fr else r.card
            self.blocks.append(Block("h3", f"{ruling_id} — {card}"))
            texts = [("english", r.en), ("french", r.fr)]
            for key, text in (texts if lang == "en" else texts[::-1]):
                self.blocks.append(Block("p", _t(key, lang)))
                self.blocks.append(Block("quote", " ".join(text.split())))
            self.blocks.append(Block("p", _t("source", lang, source=r.source,
                                             date=r.date.isoformat())))

    # --- the formats ------------------------------------------------------------------------

    def to_markdown(self, image_dir: str = "images") -> tuple[str, dict[str, str]]:
        """The post as Markdown, and the SVG files it links to: {path relative to the post: SVG}.
        Write them with :meth:`save`."""
        out: list[str] = []
        files: dict[str, str] = {}
        for b in self.blocks:
            if b.kind in ("h1", "h2", "h3"):
                out.append(f"{'#' * int(b.kind[1])} {md_escape(b.text)}")
            elif b.kind == "p":
                out.append(md_escape(b.text))
            elif b.kind == "list":
                out.append("\n".join(f"- {md_escape(item)}" for item in b.items))
            elif b.kind == "quote":
                out.append(f"> {md_escape(b.text)}")
            elif b.kind == "diagram" and b.diagram is not None:
                path = f"{image_dir}/{b.name}.svg"
                files[path] = b.diagram.svg()
                out.append(f"![{md_escape(b.text)}]({path})")
        return "\n\n".join(out) + "\n", files

    def to_html(self) -> str:
        """The post as one self-contained HTML page: inline CSS and SVG, nothing to fetch."""
        body: list[str] = []
        for n, b in enumerate(self.blocks):
            if b.kind in ("h1", "h2", "h3"):
                body.append(f"<{b.kind}>{escape_html(b.text)}</{b.kind}>")
            elif b.kind == "p":
                body.append(f"<p>{escape_html(b.text)}</p>")
            elif b.kind == "list":
                items = "".join(f"<li>{escape_html(item)}</li>" for item in b.items)
                body.append(f"<ul>{items}</ul>")
            elif b.kind == "quote":
                body.append(f"<blockquote>{escape_html(b.text)}</blockquote>")
            elif b.kind == "diagram" and b.diagram is not None:
                svg = inline_svg(b.diagram.svg(), prefix=f"d{n}-")
                body.append(f'<figure>{svg}<figcaption>{escape_html(b.text)}</figcaption>'
                            "</figure>")
        return (f'<!DOCTYPE html>\n<html lang="{self.lang}">\n<head>\n<meta charset="utf-8">\n'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{escape_html(self.title)}</title>\n<style>{CSS}</style>\n</head>\n"
                f"<body>\n<main>\n" + "\n".join(body) + "\n</main>\n</body>\n</html>\n")

    def save(self, out_dir: str | Path, fmt: str = "md") -> Path:
        """Write the post into ``out_dir``: ``<scenario>-<lang>.md`` with its SVG files in
        ``<scenario>-<lang>-images/``, or one ``<scenario>-<lang>.html``. Returns the post's
        path."""
        if fmt not in FORMATS:
            raise ValueError(f"unknown format '{fmt}' (use one of {', '.join(FORMATS)})")
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        stem = f"{_safe_stem(self.result.scenario.id)}-{self.lang}"
        if fmt == "html":
            path = out / f"{stem}.html"
            path.write_text(self.to_html(), encoding="utf-8")
            return path
        text, files = self.to_markdown(f"{stem}-images")
        for rel, svg in files.items():
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            (out / rel).write_text(svg, encoding="utf-8")
        path = out / f"{stem}.md"
        path.write_text(text, encoding="utf-8")
        return path


def to_markdown(result: ScenarioResult, lang: str = "en", image_dir: str = "images") -> str:
    """The post of a played scenario as Markdown; its diagrams are linked as ``image_dir/*.svg``
    (:func:`save_post` writes both)."""
    return Post(result, lang).to_markdown(image_dir)[0]


def to_html(result: ScenarioResult, lang: str = "en") -> str:
    """The post of a played scenario as one self-contained HTML page."""
    return Post(result, lang).to_html()


def save_post(result: ScenarioResult, out_dir: str | Path, fmt: str = "md",
              lang: str = "en") -> Path:
    """Write the post of a played scenario into ``out_dir`` (Markdown + SVG files, or HTML)."""
    return Post(result, lang).save(out_dir, fmt)


def _changed_views(before: Step, step: Step) -> list[str]:
    """The views worth a diagram after ``step``: those whose picture it changed."""
    old, new = before.state, step.state
    if old is None or new is None:
        return []
    views = []
    if [i.id for i in old.stack] != [i.id for i in new.stack]:
        views.append("stack")
    if any(r.step == step.index for r in new.triggered):
        views.append("triggers")
    if _copies(old) != _copies(new):
        views.append("copies")
    if {k: list(v) for k, v in old.linked.items()} != {k: list(v) for k, v in new.linked.items()}:
        views.append("links")
    return views


def _copies(state: State) -> set[tuple[str, str | None]]:
    return {(o.id, o.copy_of) for o in state.objects.values()
            if o.zone == "battlefield" and (o.copy_of is not None or o.is_token)}


def _rule_refs(rules: tuple[str, ...] | list[str], lang: str) -> str:
    """`` (rules 603.2, 603.2d)``, or nothing without rules."""
    if not rules:
        return ""
    return f" ({_t('rule' if len(rules) == 1 else 'rules', lang)} {', '.join(rules)})"


def _plain(value: Any) -> str:
    """A value from a file or an answer as short plain text."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value):
        return ", ".join(map(str, value))
    return json.dumps(value, ensure_ascii=False, default=str)


def _safe_stem(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text) or "scenario"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~#])")


def md_escape(text: str) -> str:
    """Plain text for Markdown: HTML markup becomes entities (Markdown passes HTML through) and
    the characters that start emphasis, links, code or tables are backslash-escaped.

    >>> md_escape("<b>*Bolt*</b> [x](y)")
    '&lt;b&gt;\\\\*Bolt\\\\*&lt;/b&gt; \\\\[x\\\\](y)'
    """
    escaped = escape_html(printable(text)).replace("&#x27;", "'").replace("&quot;", '"')
    return _MD_SPECIAL.sub(r"\\\1", escaped.replace("\n", " "))


def inline_svg(svg: str, prefix: str) -> str:
    """An SVG document as an element to put inside HTML: no XML prologue, doctype or comments,
    and ids made unique in the page with ``prefix``."""
    start = svg.find("<svg")
    body = re.sub(r"<!--.*?-->", "", svg[start:], flags=re.S)
    return re.sub(r'\bid="', f'id="{prefix}', body).strip()


CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
       line-height: 1.5; color: #1d1d1f; background: #fff; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.8rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #ddd; }
h3 { margin-top: 1.5rem; font-size: 1.1rem; }
figure { margin: 1rem 0; overflow-x: auto; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9rem; color: #555; }
blockquote { margin: 0.5rem 0 1rem; padding: 0.5rem 1rem; border-left: 4px solid #8a6d00;
             background: #fffaf0; }
li { margin: 0.2rem 0; }
"""
