"""Narrating a played scenario in English or French: each step, its log, its checks."""

from __future__ import annotations

from .runner import CheckResult, ScenarioResult

_LABELS = {
    "en": {"passed": "PASSED", "failed": "FAILED", "check": "check", "expected": "expected",
           "actual": "actual", "rulings": "rulings", "refused": "refused as expected"},
    "fr": {"passed": "RÉUSSI", "failed": "ÉCHEC", "check": "vérification", "expected": "attendu",
           "actual": "obtenu", "rulings": "clarifications", "refused": "refusé comme prévu"},
}


def narrate(result: ScenarioResult, lang: str = "en") -> str:
    sc, labels = result.scenario, _LABELS[lang]
    title = sc.title if lang == "en" else sc.title_fr
    lines = [f"# {title} ({sc.id})"]
    desc = sc.description if lang == "en" else sc.description_fr
    if desc:
        lines += [desc.strip(), ""]
    lines += [step.text(lang) for step in result.game.timeline.steps]
    lines.append("")
    lines += [_check_line(c, labels) for c in result.checks]
    if result.error:
        lines.append(f"!! {result.error}")
    lines.append(f"\n{labels['passed'] if result.passed else labels['failed']}: "
                 f"{sum(c.passed for c in result.checks)}/{len(result.checks)}")
    return "\n".join(lines)


def _check_line(c: CheckResult, labels: dict[str, str]) -> str:
    mark = "✔" if c.passed else "✘"
    rulings = f" [{labels['rulings']}: {', '.join(c.rulings)}]" if c.rulings else ""
    line = f"{mark} {labels['check']} {c.check.kind} (line {c.check.line}){rulings}"
    if not c.passed:
        line += f"\n    {labels['expected']}: {c.expected}\n    {labels['actual']}: {c.actual}"
        if c.message:
            line += f"\n    {c.message}"
    return line
