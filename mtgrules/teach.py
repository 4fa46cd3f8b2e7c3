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
            en, fr = c["en"], c["fr"]
        if len(c["check"]) != 1:
            raise TeachingDataError(f"{r.id}: each choice has one check, not {list(c['check'])}")
        choices.append(Choice(chr(ord("a") + n), en, fr, dict(c["check"]), bool(c.get("mistake"))))
    if sum(c.mistake for c in choices) != 1:
        raise TeachingDataError(f"{r.id}: exactly one choice must be the usual mistake")
    return Prediction(r.id, spec["scenario"], int(spec.get("show", 0)), spec.get("at"),
                      spec["situation"]["en"], spec["situation"]["fr"],
                      spec["question"]["en"], spec["question"]["fr"], tuple(choices))


def prediction(ruling_id: str) -> Prediction:
    """The question of one ruling ("gogo-12")."""
    ruling(ruling_id)  # names an unknown id clearly
    return next(p for p in predictions() if p.ruling_id == ruling_id)


__all__ = ["Choice", "Prediction", "TeachingDataError", "prediction", "predictions"]
