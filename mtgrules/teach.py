"""Predict, then play: one question per ruling, answered by the engine.

Each of the 39 rulings has a question (``rulings/questions.yaml``) about one of its scenarios:
the situation is the game after the scenario's first ``show`` actions, described without the
outcome; the choices are claims in the scenario check vocabulary, one of them the ruling's usual
wrong answer (:class:`mtgrules.rulings.Mistake`). Which choice is right is not stored: the engine
plays the scenario up to ``at`` actions and evaluates every claim; exactly one must hold.

>>> p = prediction("gogo-12")
>>> print(p.question("en"))
After Gogo's ability, which resolves next, the copy (S3) or the original (S1)?
>>> [c.text("en") for c in p.choices]
['The copy, S3', 'The original, S1: it was there first']
>>> p.right().key, p.mistake().key
('a', 'b')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from .errors import RulesError
from .game import Game
from .rulings import Ruling, ruling
from .scenarios import Scenario, scenario_by_id
from .scenarios.checks import evaluate
from .scenarios.loader import Check
from .scenarios.runner import build_game, play_action
from .text import typeset


class TeachingDataError(ValueError):
    """questions.yaml is malformed, or a question has not exactly one right answer."""


@dataclass(frozen=True, eq=False)
class Choice:
    """One answer offered: its text in both languages and the claim the engine evaluates."""

    key: str
    en: str
    fr: str
    check: dict[str, Any]
    mistake: bool = False

    def text(self, lang: str = "en") -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True, eq=False)
class Prediction:
    """A ruling's question: situation, question, choices; the engine says which is right."""

    ruling_id: str
    scenario_id: str
    show: int
    at: int | None
    situation_en: str
    situation_fr: str
    question_en: str
    question_fr: str
    choices: tuple[Choice, ...]

    def __repr__(self) -> str:
        return f"<Prediction {self.ruling_id} ({self.scenario_id}, {len(self.choices)} choices)>"

    @property
    def ruling(self) -> Ruling:
        return ruling(self.ruling_id)

    @property
    def scenario(self) -> Scenario:
        return scenario_by_id(self.scenario_id)

    def situation(self, lang: str = "en") -> str:
        return self.situation_fr if lang == "fr" else self.situation_en

    def question(self, lang: str = "en") -> str:
        return self.question_fr if lang == "fr" else self.question_en

    def prompt(self, lang: str = "en") -> str:
        """What the reader sees before answering: the situation and the question."""
        return f"{self.situation(lang)}\n{self.question(lang)}"

    def game_before(self) -> Game:
        """The situation: the scenario played up to its first ``show`` actions."""
        return _played(self.scenario_id, self.show)

    def game_after(self) -> Game:
        """The scenario played up to the moment the answer is checked."""
        return _played(self.scenario_id, self.at)

    def verdicts(self) -> tuple[bool, ...]:
        """Whether each choice holds, as the engine plays the scenario."""
        return _verdicts(self)

    def right(self) -> Choice:
        """The one choice the engine confirms."""
        held = [c for c, ok in zip(self.choices, self.verdicts(), strict=True) if ok]
        if len(held) != 1:
            raise TeachingDataError(f"{self.ruling_id}: {len(held)} choices hold, not one: "
                                    f"{[c.key for c in held]}")
        return held[0]

    def mistake(self) -> Choice:
        """The choice that is the ruling's usual wrong answer."""
        return next(c for c in self.choices if c.mistake)

    def is_right(self, key: str) -> bool:
        """Whether the choice ``key`` is the one the engine confirms."""
        if key not in {c.key for c in self.choices}:
            raise ValueError(f"no choice {key!r} (choices: "
                             f"{', '.join(c.key for c in self.choices)})")
        return self.right().key == key


def _played(scenario_id: str, upto: int | None) -> Game:
    """A fresh game of the scenario after its first ``upto`` script actions (all if None),
    refusals included: an action the script expects refused is refused and changes nothing."""
    sc = scenario_by_id(scenario_id)
    game = build_game(sc)
    for action in sc.script[:upto]:
        play_action(game, action)
    return game


_VERDICTS: dict[str, tuple[bool, ...]] = {}  # by ruling id: the engine is deterministic


def _verdicts(p: Prediction) -> tuple[bool, ...]:
    if p.ruling_id not in _VERDICTS:
        game = p.game_after()
        _VERDICTS[p.ruling_id] = tuple(_holds(p, c.check, game) for c in p.choices)
    return _VERDICTS[p.ruling_id]


def _holds(p: Prediction, check: dict[str, Any], game: Game) -> bool:
    (kind, expected), = check.items()
    if kind in ("refused", "allowed"):
        return _refused(p, int(expected)) == (kind == "refused")
    passed, _actual, _message = evaluate(game, Check(kind, expected, (), None))
    return passed


def _refused(p: Prediction, number: int) -> bool:
    """Whether the script's action ``number`` (1-based) is refused by the engine."""
    from .scenarios.runner import _do

    game = _played(p.scenario_id, number - 1)
    try:
        _do(game, p.scenario.script[number - 1])
    except RulesError:
        return True
    return False


@cache
def predictions() -> tuple[Prediction, ...]:
    """Every ruling's question, in the order of the rulings."""
    from .rulings import load_rulings

    text = resources.files("mtgrules.rulings").joinpath("questions.yaml").read_text("utf-8")
    data = yaml.safe_load(text)
    out = []
    for r in load_rulings():
        if r.id not in data:
            raise TeachingDataError(f"questions.yaml has no question for {r.id}")
        out.append(_prediction(r, data[r.id]))
    return tuple(out)


def _prediction(r: Ruling, spec: dict[str, Any]) -> Prediction:
    choices = []
    for n, c in enumerate(spec["choices"]):
        if c.get("mistake"):
            if r.mistake is None:
                raise TeachingDataError(f"{r.id}: a mistake choice but no mistake in rulings.yaml")
            en, fr = r.mistake.en, r.mistake.fr
        else:
            en, fr = c["en"], typeset(c["fr"], "fr")
        if len(c["check"]) != 1:
            raise TeachingDataError(f"{r.id}: each choice has one check, not {list(c['check'])}")
        choices.append(Choice(chr(ord("a") + n), en, fr, dict(c["check"]), bool(c.get("mistake"))))
    if sum(c.mistake for c in choices) != 1:
        raise TeachingDataError(f"{r.id}: exactly one choice must be the usual mistake")
    return Prediction(r.id, spec["scenario"], int(spec.get("show", 0)), spec.get("at"),
                      spec["situation"]["en"], typeset(spec["situation"]["fr"], "fr"),
                      spec["question"]["en"], typeset(spec["question"]["fr"], "fr"),
                      tuple(choices))


def prediction(ruling_id: str) -> Prediction:
    """The question of one ruling ("gogo-12")."""
    ruling(ruling_id)  # names an unknown id clearly
    return next(p for p in predictions() if p.ruling_id == ruling_id)





# --- notebooks: predict, then play ----------------------------------------------------------

_WORDS = {
    "predict": ("Predict", "Prédisez"),
    "situation": ("The situation", "La situation"),
    "answer": ("The answer, and the engine playing it", "La réponse, et la partie jouée par le "
                                                        "moteur"),
    "right": ("The engine's answer", "La réponse du moteur"),
    "mistake": ("The usual wrong answer", "L'erreur courante"),
    "after": ("After", "Après"),
    "ruling": ("Ruling", "Clarification"),
    "rules": ("The rules quoted", "Les règles citées"),
    "refused": ("refused", "refusé"),
    "allowed": ("allowed", "permis"),
}


def _w(key: str, lang: str) -> str:
    from .text import typeset

    return typeset(_WORDS[key][lang == "fr"], lang)


@dataclass(frozen=True, eq=False)
class Lesson:
    """A ruling taught by prediction, for a notebook: the situation drawn and described, the
    question and its choices; then, folded until the reader opens it, the engine's answer, the
    usual wrong answer and why, the engine's play of the moment, the ruling and its rules."""

    prediction: Prediction
    lang: str = "en"

    def __repr__(self) -> str:
        return f"<Lesson {self.prediction.ruling_id} {self.lang}>"

    def played(self) -> list[str]:
        """The engine's play from the situation to the answer, step by step (with refusals)."""
        p, lang = self.prediction, self.lang
        game = p.game_after()
        steps = game.timeline.steps[len(p.game_before().timeline.steps):]
        lines = [step.text(lang) for step in steps]
        for choice in p.choices:
            (kind, number), = choice.check.items()
            if kind == "refused" and p.is_right(choice.key):
                lines.append(_refusal_text(p, int(number), lang))
        return lines

    def text(self) -> str:
        """The whole lesson as plain text (what the HTML shows, without the diagrams)."""
        from .text import typeset

        return typeset(self._text(), self.lang)

    def _text(self) -> str:
        p, lang = self.prediction, self.lang
        lines = [f"{_w('predict', lang)} · {p.ruling_id}", p.situation(lang), p.question(lang)]
        lines += [f"  {c.key}) {c.text(lang)}" for c in p.choices]
        mistake = p.ruling.mistake
        lines += [f"{_w('right', lang)}: {p.right().key}) {p.right().text(lang)}"]
        if mistake is not None:
            lines += [f"{_w('mistake', lang)}: {mistake.text(lang)} — {mistake.reason(lang)}"]
        lines += self.played()
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from .cr import rules_quoted
        from .draw import board_view, stack_view
        from .text.safe import escape_html as esc

        p, lang = self.prediction, self.lang
        before, after = p.game_before(), p.game_after()
        drawn = [board_view(before, lang)] + ([stack_view(before, lang)]
                                              if before.state.stack else [])
        svgs = "".join(f'<div class="mtg-diagram">{d.svg()}</div>' for d in drawn)
        choices = "".join(f"<li><b>{c.key})</b> {esc(c.text(lang))}</li>" for c in p.choices)
        r, right = p.ruling, p.right()
        colon = "\u202f:" if lang == "fr" else ":"
        mistake = (f"<p>✘ <b>{esc(_w('mistake', lang))}</b>{colon} {esc(r.mistake.text(lang))} — "
                   f"{esc(r.mistake.reason(lang))}</p>") if r.mistake else ""
        view = stack_view(after, lang) if after.state.stack else board_view(after, lang)
        quotes = "".join(f"<li>{esc(q)}</li>" for q in rules_quoted(r.rules, lang))
        return (
            f'<div class="mtg-lesson"><h4>{esc(_w("predict", lang))} · {esc(p.ruling_id)}</h4>'
            f"<p><b>{esc(_w('situation', lang))}</b> {esc(p.situation(lang))}</p>{svgs}"
            f"<p><b>{esc(p.question(lang))}</b></p><ul style=\"list-style:none\">{choices}</ul>"
            f"<details><summary><b>{esc(_w('answer', lang))}</b></summary>"
            f"<p>✔ <b>{esc(_w('right', lang))}</b>{colon} {right.key}) "
            f"{esc(right.text(lang))}</p>"
            f'{mistake}<pre style="white-space:pre-wrap">{esc(chr(10).join(self.played()))}</pre>'
            f'<div class="mtg-diagram">{view.svg()}</div>'
            f"<p><b>{esc(_w('ruling', lang))} {esc(r.id)}</b> (EN) {esc(r.en)}<br>"
            f"(FR) {esc(r.fr)}</p>"
            f"<p><b>{esc(_w('rules', lang))}</b></p><ul>{quotes}</ul></details></div>")


def _refusal_text(p: Prediction, number: int, lang: str) -> str:
    """What the engine said when it refused the script's action ``number``."""
    from .scenarios.runner import _do
    from .text import typeset

    game = _played(p.scenario_id, number - 1)
    action = p.scenario.script[number - 1]
    try:
        _do(game, action)
    except RulesError as err:
        message = err.message_fr if lang == "fr" else err.message
        rule = f" (CR {err.rule})" if err.rule else ""
        note = (action.note_fr or action.note) if lang == "fr" else action.note
        text = f"✘ {_w('refused', lang)}: {message}{rule}" + (f"\n  {note.strip()}" if note else "")
        return typeset(text, lang)
    return f"✔ {_w('allowed', lang)}"


def lesson(ruling_id: str, lang: str = "en") -> Lesson:
    """A ruling to predict, then see played (displays itself in Jupyter)."""
    return Lesson(prediction(ruling_id), lang)


def play(scenario_id: str, lang: str = "en") -> Game:
    """Play a shipped scenario, tell it step by step in ``lang`` (refused attempts with their
    reason, rule and note), then quote the rulings it shows. Returns the game."""
    from .rulings import ruling as get_ruling
    from .scenarios.report import narrate

    result = scenario_by_id(scenario_id).run()
    print(narrate(result, lang))
    for rid in result.scenario.rulings():
        r = get_ruling(rid)
        print(f"\n{rid} (CR {', '.join(r.rules)}): {r.text(lang)}")
    return result.game


def outline(scenario_id: str, lang: str = "en") -> Game:
    """The short version: what happens, each action, each refused attempt with its reason, and
    the verdict of the checks. Returns the game."""
    import textwrap

    from .scenarios.report import LABELS, check_line
    from .text import typeset

    result = scenario_by_id(scenario_id).run()
    sc, fr = result.scenario, lang == "fr"
    print(typeset(f"# {sc.title_fr if fr else sc.title} ({sc.id})", lang))
    print(textwrap.fill(typeset((sc.description_fr if fr else sc.description).strip(), lang),
                        100))
    for step in result.game.timeline.steps[1:]:
        print(f"  {step.index}. {step.action_fr if fr else step.action}")
    for check in result.checks:
        if check.check.kind == "error":
            print("  " + check_line(check, result.game, lang).replace("\n", "\n  "))
    verdict = LABELS["passed" if result.passed else "failed"][fr]
    print(typeset(f"{verdict}: {sum(c.passed for c in result.checks)}/{len(result.checks)}"
                  f" · {LABELS['rulings'][fr]}: {', '.join(sc.rulings())}", lang))
    print()
    return result.game

@dataclass(frozen=True, eq=False)
class Summary:
    """A one-page summary of rulings: what the engine answers, the usual wrong answer, the rules."""

    ruling_ids: tuple[str, ...]
    lang: str = "en"

    def __repr__(self) -> str:
        return f"<Summary {len(self.ruling_ids)} rulings {self.lang}>"

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(ruling id, the right answer, the usual wrong answer, rules) for each ruling."""
        out = []
        for rid in self.ruling_ids:
            p = prediction(rid)
            mistake = p.ruling.mistake.text(self.lang) if p.ruling.mistake else ""
            out.append((rid, f"{p.question(self.lang)} {p.right().text(self.lang)}", mistake,
                        ", ".join(p.ruling.rules)))
        return out

    def _repr_html_(self) -> str:
        from .text.safe import escape_html as esc

        fr = self.lang == "fr"
        head = ("Clarification", "Question et réponse du moteur", "Erreur courante", "Règles") \
            if fr else ("Ruling", "Question and the engine's answer", "Usual wrong answer",
                        "Rules")
        cell = 'style="text-align:left;vertical-align:top"'
        rows = "".join("<tr>" + "".join(f"<td {cell}>{esc(v)}</td>" for v in row) + "</tr>"
                       for row in self.rows())
        return ("<table><tr>" + "".join(f"<th {cell}>{h}</th>" for h in head) + "</tr>"
                + rows + "</table>")


def summary(ruling_ids: list[str] | tuple[str, ...], lang: str = "en") -> Summary:
    """A one-page summary of these rulings (displays itself as a table in Jupyter)."""
    for rid in ruling_ids:
        ruling(rid)
    return Summary(tuple(ruling_ids), lang)


def situation(scenario_id: str, actions: int = 0) -> Game:
    """A shipped scenario's game after its first ``actions`` script actions (0: the set-up)."""
    return _played(scenario_id, actions)


__all__ = ["Choice", "Lesson", "Prediction", "Summary", "TeachingDataError", "lesson",
           "outline", "play", "prediction", "predictions", "situation", "summary"]
