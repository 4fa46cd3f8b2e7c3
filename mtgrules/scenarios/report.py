"""Narrating a played scenario in English or French: each step, its log, its checks.

Every line a reader sees exists in both languages; French gets its typography (narrow no-break
spaces before « : ; ! ? ») from :func:`mtgrules.text.typeset`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import typeset
from ..timeline import ALIKE_STEPS, Step, alike_runs
from .runner import CheckResult, ScenarioResult

if TYPE_CHECKING:
    from ..game import Game

LABELS: dict[str, tuple[str, str]] = {
    "passed": ("PASSED", "RÉUSSI"),
    "failed": ("FAILED", "ÉCHEC"),
    "line": ("line {n}", "ligne {n}"),
    "found": ("What the game shows: {found}", "Ce que montre la partie : {found}"),
    "rulings": ("rulings", "clarifications"),
    "alike_steps": ("   … steps {first} to {last}: {n} more steps like step {like}",
                    "   … étapes {first} à {last} : {n} autres étapes comme l'étape {like}"),
    "unexpected": ("line {n}: {action} was refused: {message}",
                   "ligne {n} : l'action {action} a été refusée : {message}"),
}

def label(key: str, lang: str, **params: object) -> str:
    """A report label in ``lang``, typeset."""
    return typeset(LABELS[key][lang == "fr"].format(**params), lang)


def narrate(result: ScenarioResult, lang: str = "en") -> str:
    """The scenario played, step by step, with each check and each refused attempt explained."""
    sc, fr = result.scenario, lang == "fr"
    lines = [typeset(f"# {sc.title_fr if fr else sc.title} ({sc.id})", lang)]
    desc = sc.description_fr if fr else sc.description
    if desc:
        lines += [typeset(desc.strip(), lang), ""]
    lines += steps_text(result.game.timeline.steps, lang)
    lines.append("")
    lines += [check_line(c, result.game, lang) for c in result.checks]
    if result.refusal:
        action, err = result.refusal
        message = err.message_fr if fr else err.message
        rule = f" (CR {err.rule})" if err.rule else ""
        lines.append("!! " + label("unexpected", lang, n=action.line, action=action.kind,
                                   message=message + rule))
    elif result.error:
        lines.append(f"!! {result.error_text(lang)}")
    verdict = label("passed" if result.passed else "failed", lang)
    lines.append(typeset(f"\n{verdict}: {sum(c.passed for c in result.checks)}/"
                         f"{len(result.checks)}", lang))
    return "\n".join(lines)


def steps_text(steps: list[Step], lang: str = "en") -> list[str]:
    """Each step's text; a long run of alike steps (a thousand triggers resolving one by one)
    as its first step, how many more like it, and its last step."""
    out: list[str] = []
    for run in alike_runs(steps):
        if len(run) < ALIKE_STEPS:
            out += [step.text(lang) for step in run]
            continue
        out += [run[0].text(lang),
                label("alike_steps", lang, n=len(run) - 2, first=run[1].index,
                      last=run[-2].index, like=run[0].index),
                run[-1].text(lang)]
    return out


def check_line(c: CheckResult, game: Game, lang: str = "en") -> str:
    """One check: passed or not, what it says as a sentence (as a blog post tells it,
    :mod:`mtgrules.scenarios.sentences`; a refused attempt's sentence gives its reason and
    rule), its line and rulings, then the scenario's note."""
    from .sentences import check_sentence, found_sentence  # only a narration reads them

    fr = lang == "fr"
    mark = "✔" if c.passed else "✘"
    rulings = f" [{label('rulings', lang)}: {', '.join(c.rulings)}]" if c.rulings else ""
    line = f"{mark} {check_sentence(c, game, lang)}  [{label('line', lang, n=c.check.line)}]" \
        f"{rulings}"
    note = (c.check.note_fr or c.check.note) if fr else c.check.note
    if note:
        line += f"\n    {note.strip()}"
    if not c.passed:  # what the game shows instead, in words, as the builder tells it
        line += f"\n    {label('found', lang, found=found_sentence(c, game, lang))}"
    return typeset(line, lang)
