"""The judge quiz: one question per ruling, the situation drawn, the engine as the judge.

Each question is a ruling's prediction (:mod:`mtgrules.teach`): the situation (described and
drawn as it stands before the answer, never the scenario's title or outcome), a question, and
choices that include the ruling's usual wrong answer. The right answer is the choice the engine
confirms by playing the scenario. The quiz keeps a score, lets you pick a topic, and its path
starts with the basics (the stack, triggered and activated abilities) before the cards.

>>> quiz = QuizModel(topic="basics")
>>> len(quiz.questions), quiz.question.id
(6, 'gogo-05')
>>> quiz.answer(None) is None, quiz.message("en")
(True, 'Choose an answer first.')
>>> quiz.answer(quiz.question.answer).correct, quiz.score_text("fr")
(True, '1 bonne réponse sur 1')
>>> sum(len(ids) for _, ids in QUIZ_PATH)
39
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import QuestionError
from ..teach import Prediction, prediction, predictions
from ..text import plural, typeset
from ..text.safe import escape_html
from .i18n import Language, as_language, label

#: The quiz's path: topics in teaching order, each with its rulings. The basics come first.
QUIZ_PATH: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("basics", ("gogo-05", "gogo-06", "gogo-12", "cascade-01", "cascade-06", "masamune-07")),
    ("copies", ("gogo-01", "gogo-02", "gogo-11", "gogo-10", "gogo-14", "gogo-13", "gogo-08",
                "gogo-03", "gogo-07", "gogo-09", "gogo-04")),
    ("additional_triggers", ("masamune-01", "masamune-08", "masamune-04", "masamune-09",
                             "masamune-05", "masamune-06", "masamune-03", "masamune-02")),
    ("cascade", ("cascade-02", "cascade-03", "cascade-08", "cascade-04", "cascade-05",
                 "cascade-09", "cascade-07")),
    ("enter_as_copy", ("protege-02", "protege-01", "protege-04", "protege-06", "protege-05",
                       "protege-03", "protege-07")),
)

#: What the quiz says, in English and French (typeset by :func:`quiz_label`).
QUIZ_LABELS: dict[str, tuple[str, str]] = {
    "topic": ("Topic", "Thème"),
    "all": ("Everything, basics first", "Tout, en commençant par les bases"),
    "basics": ("Basics: the stack, triggered and activated abilities",
               "Les bases : la pile, les capacités déclenchées et activées"),
    "copies": ("Copies of abilities (Gogo)", "Copies de capacités (Gogo)"),
    "additional_triggers": ("Triggering an additional time (The Masamune)",
                            "Se déclencher une fois de plus (Masamune)"),
    "cascade": ("Cascade", "La cascade"),
    "enter_as_copy": ("Entering as a copy (Sakashima's Protege)",
                      "Arriver en tant que copie (Protégé de Sakashima)"),
    "situation": ("The situation", "La situation"),
    "pick_first": ("Choose an answer first.", "Choisissez d'abord une réponse."),
    "score": ("Score: {score}", "Score : {score}"),
    "no_score": ("no answer yet", "aucune réponse pour l'instant"),
    "usual_mistake": ("That is the usual wrong answer.", "C'est l'erreur la plus courante."),
    "why_not": ("Why not", "Pourquoi pas"),
    "answer_is": ("The engine's answer: {answer}", "La réponse du moteur : {answer}"),
}

TOPICS: tuple[str, ...] = ("all", *(name for name, _ in QUIZ_PATH))


def quiz_label(key: str, lang: str = "en", **params: object) -> str:
    """A quiz label in ``lang``, with ``params`` filled in and French typography."""
    en, fr = QUIZ_LABELS[key]
    return typeset((fr if lang == "fr" else en).format(**params), lang)


def _topic_of(ruling_id: str) -> str:
    return next(name for name, ids in QUIZ_PATH if ruling_id in ids)


@dataclass(frozen=True, eq=False)
class QuizQuestion:
    """One question of the quiz: a ruling's prediction, its topic and the engine's answer."""

    prediction: Prediction

    @property
    def id(self) -> str:
        return self.prediction.ruling_id

    @property
    def topic(self) -> str:
        return _topic_of(self.id)

    @property
    def answer(self) -> str:
        """The key of the choice the engine confirms."""
        return self.prediction.right().key

    def prompt(self, lang: str = "en") -> str:
        """The situation and the question: never the scenario's title or its outcome."""
        return self.prediction.prompt(lang)

    def option_labels(self, lang: str = "en") -> list[tuple[str, str]]:
        """(label, key) pairs for a list of choices."""
        return [(c.text(lang), c.key) for c in self.prediction.choices]

    def answer_label(self, lang: str = "en") -> str:
        return self.prediction.right().text(lang)

    def __repr__(self) -> str:
        return f"<QuizQuestion {self.id}>"


@dataclass(frozen=True)
class Verdict:
    correct: bool
    question: QuizQuestion
    given: str


def _path_order(chosen: Iterable[Prediction]) -> list[Prediction]:
    order = [rid for _, ids in QUIZ_PATH for rid in ids]
    return sorted(chosen, key=lambda p: order.index(p.ruling_id))


class QuizModel:
    """The questions of a topic (all 39, basics first, by default), the current one, the
    answers given and the score."""

    def __init__(self, topic: str = "all", lang: Language | str | None = None,
                 rulings: Iterable[str] | None = None):
        self.lang = as_language(lang)
        self._rulings = tuple(rulings) if rulings is not None else None
        self.score: dict[str, bool] = {}
        self._drawn: dict[tuple[str, str], str] = {}  # (ruling, lang) → the situation's SVG
        self.choose_topic(topic)

    def __repr__(self) -> str:
        return (f"<QuizModel {self.topic} {len(self.questions)} questions, "
                f"at {self.index + 1}>")

    def choose_topic(self, topic: str) -> QuizModel:
        """Ask only the questions of ``topic`` (one of :data:`TOPICS`), from the first."""
        if topic not in TOPICS:
            raise ValueError(f"unknown topic {topic!r} (one of {', '.join(TOPICS)})")
        every = predictions()
        unknown = [r for r in self._rulings or () if r not in {p.ruling_id for p in every}]
        if unknown:
            from difflib import get_close_matches

            near = get_close_matches(unknown[0], [p.ruling_id for p in every], n=3)
            raise ValueError(f"no quiz question is about the ruling {unknown[0]!r}"
                             + (f" (did you mean: {', '.join(near)}?)" if near else ""))
        chosen = [p for p in every
                  if (topic == "all" or _topic_of(p.ruling_id) == topic)
                  and (self._rulings is None or p.ruling_id in self._rulings)]
        self.topic = topic
        self.questions = [QuizQuestion(p) for p in _path_order(chosen)]
        self.index, self._message = 0, ""
        self.last: Verdict | None = None
        return self

    @property
    def question(self) -> QuizQuestion:
        return self.questions[self.index]

    def go(self, index: int) -> QuizModel:
        """Show question ``index`` (from 0), or raise a :class:`~mtgrules.errors.QuestionError`
        that says which questions there are; the quiz stays where it was."""
        n = len(self.questions)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < n:
            raise QuestionError(index, n, self.topic, lang=self.lang.value)
        self.index, self.last, self._message = index, None, ""
        return self

    def next(self) -> QuizModel:
        return self.go((self.index + 1) % len(self.questions) if self.questions else 0)

    def previous(self) -> QuizModel:
        return self.go((self.index - 1) % len(self.questions) if self.questions else 0)

    def answer(self, key: str | None) -> Verdict | None:
        """Check the choice ``key`` with the engine; with nothing chosen, say so (None)."""
        if key is None or key == "":
            self.last, self._message = None, "pick_first"
            return None
        q = self.question
        verdict = Verdict(q.prediction.is_right(str(key)), q, str(key))
        self.last, self._message = verdict, ""
        self.score[q.id] = verdict.correct
        return verdict

    def message(self, lang: str = "en") -> str:
        return quiz_label(self._message, lang) if self._message else ""

    def score_text(self, lang: str = "en") -> str:
        """The right answers so far, out of the questions answered (plural forms by Babel)."""
        if not self.score:
            return quiz_label("no_score", lang)
        return plural(lang, sum(self.score.values()), "right_answers", total=len(self.score))

    # --- HTML -----------------------------------------------------------------------------

    def prompt_html(self) -> str:
        """The question number, the situation (described and drawn) and the question."""
        lang, q = self.lang.value, self.question
        p = q.prediction
        head = label("quiz_question", lang, n=self.index + 1, total=len(self.questions))
        return (f"<p><small>{escape_html(head)} · {escape_html(quiz_label(q.topic, lang))}"
                f"</small></p><p><b>{escape_html(quiz_label('situation', lang))}</b> "
                f"{escape_html(p.situation(lang))}</p>{self._situation_svg(p, lang)}"
                f"<p><b>{escape_html(p.question(lang))}</b></p>")

    def _situation_svg(self, p: Prediction, lang: str) -> str:
        key = (p.ruling_id, lang)
        if key not in self._drawn:
            self._drawn[key] = situation_svg(p, lang)
        return self._drawn[key]

    def feedback_html(self) -> str:
        lang = self.lang.value
        if self._message:
            return f'<p style="color:#9a6700"><b>{escape_html(self.message(lang))}</b></p>'
        if self.last is None:
            return ""
        q = self.last.question
        if self.last.correct:
            head = f'<p style="color:#1a7f37"><b>✔ {escape_html(label("right", lang))}</b></p>'
        else:
            head = (f'<p style="color:#b42318"><b>✘ '
                    f'{escape_html(quiz_label("answer_is", lang, answer=q.answer_label(lang)))}'
                    "</b></p>")
            if self.last.given == q.prediction.mistake().key:
                head += f"<p>{escape_html(quiz_label('usual_mistake', lang))}</p>"
        return head + explanation_html(q.prediction, lang)


def situation_svg(p: Prediction, lang: str = "en") -> str:
    """The situation drawn: the board, and the stack when something is on it (SVG)."""
    from ..draw import board_view, stack_view

    game = p.game_before()
    parts = [board_view(game, lang).svg()]
    if game.state.stack:
        parts.append(stack_view(game, lang).svg())
    return "".join(f'<div class="mtg-diagram">{svg}</div>' for svg in parts)


def explanation_html(p: Prediction, lang: str = "en") -> str:
    """Why: the usual mistake and why not, the ruling (EN and FR), the rules quoted."""
    from ..cr import rules_quoted

    r = p.ruling
    mistake = r.mistake
    parts = []
    if mistake is not None:
        parts.append(f"<p><b>{escape_html(quiz_label('why_not', lang))}</b> "
                     f"{escape_html(typeset(_quoted(mistake.text(lang), lang), lang))} — "
                     f"{escape_html(mistake.reason(lang))}</p>")
    card = r.card_fr if lang == "fr" else r.card
    parts.append(f'<div class="mtg-ruling"><b>{escape_html(label("ruling", lang))} '
                 f"{escape_html(r.id)}</b> — {escape_html(card)}<table><tr>"
                 f'<td style="vertical-align:top;text-align:left;width:50%"><b>EN</b> '
                 f"{escape_html(r.en)}</td>"
                 f'<td style="vertical-align:top;text-align:left;width:50%"><b>FR</b> '
                 f"{escape_html(r.fr)}</td></tr></table></div>")
    quotes = rules_quoted(r.rules, lang)
    if quotes:
        items = "".join(f"<li>{escape_html(q)}</li>" for q in quotes)
        parts.append(f"<details><summary>{escape_html(label('rules', lang))}: "
                     f"{escape_html(', '.join(r.rules))}</summary><ul>{items}</ul></details>")
    return "".join(parts)


def _quoted(text: str, lang: str) -> str:
    return f"« {text} »" if lang == "fr" else f"\u201c{text}\u201d"


def question_for(ruling_id: str) -> QuizQuestion:
    """The quiz question of one ruling."""
    return QuizQuestion(prediction(ruling_id))


__all__ = ["QUIZ_LABELS", "QUIZ_PATH", "TOPICS", "QuizModel", "QuizQuestion", "Verdict",
           "explanation_html", "question_for", "quiz_label", "situation_svg"]
