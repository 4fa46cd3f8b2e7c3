"""Judge quiz questions made from the scenarios' checks, answered by the engine.

Each question comes from one check of a scenario (how many times something triggered, what
resolved first, who is a copy's source, a life total, what an Equipment is attached to). The
right answer is what the engine did when it played the scenario, not stored text; the feedback
gives the ruling in English and French and its rule numbers.

>>> quiz = QuizModel.from_scenarios(["core-blood-artist-dies-together"])
>>> q = quiz.questions[0]
>>> q.prompt_en
'How many times does Blood Artist (artist) trigger?'
>>> quiz.answer(q.answer).correct, quiz.answer("1").correct
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..game import Game
from ..scenarios import Scenario, load_scenario, scenario_by_id, shipped_scenarios
from ..scenarios.runner import CheckResult, build_game, play_action
from ..text.safe import escape_html
from ..timeline import Step
from .i18n import Language, as_language, label


@dataclass(frozen=True)
class QuizQuestion:
    """One question: bilingual prompt, options as (key, English label, French label), the key
    the engine gave, and what explains it."""

    id: str
    scenario: str
    title_en: str
    title_fr: str
    prompt_en: str
    prompt_fr: str
    options: tuple[tuple[str, str, str], ...]
    answer: str
    rulings: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    note_en: str = ""
    note_fr: str = ""
    context_en: str = ""
    context_fr: str = ""

    def prompt(self, lang: str = "en") -> str:
        title, text = (self.title_fr, self.prompt_fr) if lang == "fr" else (self.title_en,
                                                                            self.prompt_en)
        return f"{title} — {text}"

    def option_labels(self, lang: str = "en") -> list[tuple[str, str]]:
        """(label, key) pairs for a dropdown."""
        return [(fr if lang == "fr" else en, key) for key, en, fr in self.options]

    def answer_label(self, lang: str = "en") -> str:
        return next(lbl for lbl, key in self.option_labels(lang) if key == self.answer)


@dataclass(frozen=True)
class Verdict:
    correct: bool
    question: QuizQuestion
    given: str


@dataclass
class _Played:
    """A check, the game and the last step when it was evaluated."""

    result: CheckResult
    game: Game
    step: Step
    state: Any = None
    extra: dict = field(default_factory=dict)


def _play(scenario: Scenario) -> list[_Played]:
    """Play the scenario action by action, keeping each check with the moment it was made."""
    import copy

    game = build_game(scenario)
    out: list[_Played] = []
    for action in scenario.script:
        results = play_action(game, action)
        if action.kind == "check":
            for r in results:
                out.append(_Played(r, game, game.timeline.steps[-1], copy.deepcopy(game.state)))
    from ..scenarios.checks import evaluate

    for check in scenario.expect:
        passed, actual, message = evaluate(game, check)
        out.append(_Played(CheckResult(check, passed, check.expected, actual, message), game,
                           game.timeline.steps[-1], copy.deepcopy(game.state)))
    return out


def _name(game: Game, state: Any, obj_id: str, lang: str) -> str:
    if obj_id in state.players:
        return obj_id
    obj = state.objects.get(obj_id)
    if obj is None:
        return obj_id
    chars = obj.copiable_values()
    return f"{(chars.name_fr or chars.name) if lang == 'fr' else chars.name} ({obj_id})"


def _stack_items(game: Game) -> dict[str, Any]:
    """Every stack object seen in the game's timeline, by id (for names after they resolved)."""
    seen: dict[str, Any] = {}
    for step in game.timeline.steps:
        for it in step.state.stack if step.state else ():
            seen.setdefault(it.id, it)
    return seen


_KINDS = {"spell": ("spell", "sort"), "activated": ("activated ability", "capacité activée"),
          "triggered": ("triggered ability", "capacité déclenchée")}


def _item_label(it: Any, lang: str) -> str:
    name = it.source_name_fr if lang == "fr" else it.source_name
    en, fr = _KINDS.get(it.kind, (it.kind, it.kind))
    kind = fr if lang == "fr" else en
    if it.is_copy:
        kind = f"copie, {kind}" if lang == "fr" else f"copy, {kind}"
    colon = " :" if lang == "fr" else ":"
    return f"{it.id} ({name}{colon} {kind}, {it.controller})"


def _after(step: Step, lang: str) -> str:
    text = step.action_fr if lang == "fr" else step.action
    return (f" (après « {text} »)" if lang == "fr" else f" (after \u201c{text}\u201d)") \
        if step.index else ""


def _rules(p: _Played) -> tuple[str, ...]:
    from ..rulings import ruling

    found: list[str] = []
    for rid in p.result.rulings:
        found += list(ruling(rid).rules)
    if not found:
        for e in p.step.entries:
            found += list(e.rules)
    return tuple(dict.fromkeys(found))


def questions_from(scenario: Scenario) -> list[QuizQuestion]:
    """The quiz questions one scenario's checks give (only checks the engine passed)."""
    try:
        played = _play(scenario)
    except Exception:  # a scenario being written may not play yet: no questions from it
        return []
    out: list[QuizQuestion] = []
    for n, p in enumerate(played):
        if not p.result.passed:
            continue
        made = _question(scenario, p)
        if made is None:
            continue
        prompt_en, prompt_fr, options, answer = made
        c = p.result.check
        q = QuizQuestion(f"{scenario.id}#{n + 1}", scenario.id, scenario.title, scenario.title_fr,
                         prompt_en, prompt_fr, tuple(options), answer, tuple(c.rulings),
                         _rules(p), c.note, c.note_fr, scenario.description.strip(),
                         scenario.description_fr.strip())
        if answer in [o[0] for o in q.options] and all(q.prompt_en != o.prompt_en
                                                       or q.scenario != o.scenario for o in out):
            out.append(q)
    return out


def _question(scenario: Scenario, p: _Played) -> tuple[str, str, list, str] | None:
    c, game, state = p.result.check, p.game, p.state
    exp, actual = c.expected, p.result.actual
    if c.kind == "triggered" and "count" in exp:
        src = exp["source"]
        count = int(actual["count"])
        names = {lang: _name(game, state, src, lang) for lang in ("en", "fr")}
        ev = exp.get("event_object")
        for_en = f" for {_name(game, state, ev, 'en')}" if ev else ""
        for_fr = f" pour {_name(game, state, ev, 'fr')}" if ev else ""
        last = exp.get("in") == "last"
        en = (f"How many times does {names['en']} trigger{for_en}"
              f"{_after(p.step, 'en') if last else ''}?")
        fr = (f"{names['fr']} : combien de fois sa capacité se déclenche-t-elle{for_fr}"
              f"{_after(p.step, 'fr') if last else ''} ?")
        options = [(str(i), str(i), str(i)) for i in range(0, max(3, count + 1) + 1)]
        return en, fr, options, str(count)
    if c.kind == "resolved_order" and len(actual) >= 2:
        items = _stack_items(game)
        options = [(sid, _item_label(items[sid], "en"), _item_label(items[sid], "fr"))
                   for sid in sorted(actual) if sid in items]
        return ("Which resolves first?", "Lequel se résout en premier ?", options, actual[0])
    if c.kind == "stack" and isinstance(actual, list):
        for want, facts in zip(exp, actual, strict=False):
            if isinstance(want, dict) and want.get("copy") is True:
                candidates = sorted(set(state.zone(None, "battlefield")) | {facts["source"]})
                options = [(i, _name(game, state, i, "en"), _name(game, state, i, "fr"))
                           for i in candidates]
                return (f"What is the source of the copy {facts['id']} on the stack"
                        f"{_after(p.step, 'en')}?",
                        f"Quelle est la source de la copie {facts['id']} sur la pile"
                        f"{_after(p.step, 'fr')} ?", options, facts["source"])
        return None
    if c.kind == "life" and isinstance(actual, dict) and len(actual) >= 1:
        player = sorted(actual)[-1]
        life = int(actual[player])
        options = [(str(v), str(v), str(v)) for v in range(life - 3, life + 4)]
        return (f"What is {player}'s life total{_after(p.step, 'en')}?",
                f"Combien de points de vie a {player}{_after(p.step, 'fr')} ?", options,
                str(life))
    if c.kind == "object" and "attached_to" in exp and actual.get("attached_to"):
        oid = exp["id"]
        host = actual["attached_to"]
        candidates = sorted(i for i in state.zone(None, "battlefield") if i != oid)
        options = [(i, _name(game, state, i, "en"), _name(game, state, i, "fr"))
                   for i in candidates]
        return (f"What is {_name(game, state, oid, 'en')} attached to{_after(p.step, 'en')}?",
                f"À quoi {_name(game, state, oid, 'fr')} est-il attaché"
                f"{_after(p.step, 'fr')} ?", options, host)
    return None


def explanation_html(q: QuizQuestion, lang: str = "en") -> str:
    """The rulings (English and French side by side), the check's note, the rule numbers."""
    from ..rulings import ruling

    parts = []
    note = q.note_fr if lang == "fr" else q.note_en
    if note:
        parts.append(f"<p>{escape_html(note.strip())}</p>")
    for rid in q.rulings:
        r = ruling(rid)
        card = r.card_fr if lang == "fr" else r.card
        parts.append(f'<div class="mtg-ruling"><b>{label("ruling", lang)} {escape_html(rid)}'
                     f"</b> — {escape_html(card)}<table><tr>"
                     f'<td style="vertical-align:top;width:50%"><b>EN</b> {escape_html(r.en)}</td>'
                     f'<td style="vertical-align:top;width:50%"><b>FR</b> {escape_html(r.fr)}</td>'
                     "</tr></table></div>")
    if not q.rulings:
        parts.append(f'<div class="mtg-ruling"><b>{label("from_scenario", lang)}</b><table><tr>'
                     f'<td style="vertical-align:top;width:50%"><b>EN</b> '
                     f"{escape_html(q.context_en)}</td>"
                     f'<td style="vertical-align:top;width:50%"><b>FR</b> '
                     f"{escape_html(q.context_fr)}</td></tr></table></div>")
    if q.rules:
        parts.append(f"<p><small>{label('rules', lang)}: "
                     f"{escape_html(', '.join(q.rules))}</small></p>")
    return "".join(parts)


class QuizModel:
    """A list of questions, the current one, and the answers given."""

    def __init__(self, questions: Iterable[QuizQuestion], lang: Language | str | None = None):
        self.questions = list(questions)
        self.lang = as_language(lang)
        self.index = 0
        self.last: Verdict | None = None
        self.score: dict[str, bool] = {}

    def __repr__(self) -> str:
        return f"<QuizModel {len(self.questions)} questions, at {self.index + 1}>"

    @classmethod
    def from_scenarios(cls, scenarios: Iterable[str | Path | Scenario] | None = None,
                       lang: Language | str | None = None) -> QuizModel:
        """Questions from scenarios (ids, files or Scenario objects; default: all shipped)."""
        out: list[QuizQuestion] = []
        for s in (scenarios if scenarios is not None else shipped_scenarios()):
            if isinstance(s, Scenario):
                sc = s
            elif isinstance(s, Path) or str(s).endswith((".yaml", ".yml")):
                sc = load_scenario(s)
            else:
                sc = scenario_by_id(str(s))
            out += questions_from(sc)
        return cls(out, lang)

    @property
    def question(self) -> QuizQuestion:
        return self.questions[self.index]

    def go(self, index: int) -> QuizModel:
        if not 0 <= index < len(self.questions):
            raise IndexError(f"no question {index}")
        self.index, self.last = index, None
        return self

    def next(self) -> QuizModel:
        return self.go((self.index + 1) % len(self.questions))

    def previous(self) -> QuizModel:
        return self.go((self.index - 1) % len(self.questions))

    def answer(self, key: str) -> Verdict:
        q = self.question
        verdict = Verdict(str(key) == q.answer, q, str(key))
        self.last = verdict
        self.score[q.id] = verdict.correct
        return verdict

    def prompt_html(self) -> str:
        lang = self.lang.value
        head = label("quiz_question", lang, n=self.index + 1, total=len(self.questions))
        return f"<p><small>{head}</small><br><b>{escape_html(self.question.prompt(lang))}</b></p>"

    def feedback_html(self) -> str:
        if self.last is None:
            return ""
        lang, q = self.lang.value, self.last.question
        if self.last.correct:
            head = f'<p style="color:#1a7f37"><b>✔ {label("right", lang)}</b></p>'
        else:
            head = (f'<p style="color:#b42318"><b>✘ '
                    f'{escape_html(label("wrong", lang, answer=q.answer_label(lang)))}</b></p>')
        return head + explanation_html(q, lang)
