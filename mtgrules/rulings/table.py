"""The rulings as a pandas table, for notebooks and seminars.

This is the only rulings module that imports pandas (``import mtgrules`` must stay light), and
it imports the scenario checker only when a table asks whether each ruling is reproduced.

    >>> from mtgrules.rulings.table import rulings
    >>> rulings(topic="cascade", verify=False).shape
    (9, 15)
    >>> list(rulings(rule="707.10b", verify=False).id)
    ['gogo-01', 'gogo-04']
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from . import TAGS, TOPICS, Ruling, load_glossary, load_rulings, rule_matches

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:  # pandas is imported inside the functions, never at module import
    from typing import Any

    import pandas
    from pandas.io.formats.style import Styler

__all__ = ["COLUMNS", "VERDICTS", "glossary", "rulings", "styled"]

COLUMNS: tuple[str, ...] = (
    "id", "card", "card_fr", "topic", "date", "date_fr", "source", "en", "fr",
    "rules", "tags", "scenarios", "verified", "mistake", "mistake_fr",
)

#: How the styled view shows the ``verified`` column: reproduced, not reproduced, no scenario.
VERDICTS: dict[bool | None, str] = {
    True: "✔ reproduced / reproduite",
    False: "✘ not reproduced / non reproduite",
    None: "— no scenario / aucun scénario",
}

_VERDICT_COLOURS = {True: "#e6f4ea", False: "#fce8e6", None: "#f1f3f4"}

_LABELS = {
    "id": "Ruling / Clarification",
    "card": "Card / Carte",
    "en": "English",
    "fr": "Français",
    "rules": "Rules / Règles (CR)",
    "mistake": "Usual wrong answer",
    "mistake_fr": "Erreur courante",
    "verified": "Scenario / Scénario",
}


def rulings(card: str | None = None, tag: str | None = None, rule: str | None = None,
            topic: str | None = None, verify: bool = True, refresh: bool = False
            ) -> pandas.DataFrame:
    """One row per ruling (all 39, in the seed files' order), filtered by any of:

    - ``card``: part of the English or French card name, any case ("Masamune", "Protégé");
      the cascade rulings belong to Sakashima's Protege.
    - ``tag``: one tag of :data:`mtgrules.rulings.TAGS` ("copy", "look-back", ...).
    - ``rule``: a CR number; it matches the rulings citing that rule or anything under it in the
      CR's numbering tree: "603" → every 603.x, "707.10" → 707.10 and 707.10a-g, "707.10b" →
      only 707.10b. "707.1" does not match "707.10" (a different rule, not a prefix of it).
    - ``topic``: gogo, masamune, cascade or protege.

    ``verify=True`` asks :func:`mtgrules.check.check_rulings` which scenarios demonstrate each
    ruling and whether they pass: ``verified`` is True, False, or None when no scenario shows
    that ruling. ``verify=False`` skips the check (``scenarios`` = [], ``verified`` = None).
    The check plays every shipped scenario once per process; ``refresh=True`` plays them again
    (after changing a scenario or the engine in a running notebook).
    """
    import pandas

    chosen = [r for r in load_rulings() if _keep(r, card, tag, rule, topic)]
    checks = _checks(refresh) if verify else {}
    rows = [_row(r, checks.get(r.id)) for r in chosen]
    return pandas.DataFrame(rows, columns=list(COLUMNS))


def styled(df: pandas.DataFrame | None = None, lang_order: Sequence[str] = ("en", "fr")) -> Styler:
    """A Styler showing the texts side by side (``lang_order``: ("en", "fr"), ("fr", "en") or one
    language) with the rules and a plain verdict: ✔ reproduced, ✘ not reproduced, — no scenario.

    Without ``df``, shows all rulings with ``verify=False``.
    """
    langs = _check_langs(lang_order)
    df = rulings(verify=False) if df is None else df
    view = df.assign(
        card=[f"{en} / {fr}" for en, fr in zip(df["card"], df["card_fr"], strict=True)],
        rules=[", ".join(r) for r in df["rules"]],
        verified=[VERDICTS[_as_verdict(v)] for v in df["verified"]],
    )[["id", "card", *langs, "rules", *[_MISTAKE[lang] for lang in langs], "verified"]]
    colours = {VERDICTS[k]: c for k, c in _VERDICT_COLOURS.items()}
    return (
        view.rename(columns=_LABELS)
        .style.hide(axis="index")
        .set_uuid("mtgrules-rulings")
        .map(lambda v: f"background-color: {colours[v]}", subset=[_LABELS["verified"]])
        .format(escape="html")
        .set_properties(**{"text-align": "left", "vertical-align": "top", "white-space": "normal"})
        .set_properties(subset=[_LABELS[lang] for lang in langs], **{"min-width": "22em"})
        .set_table_styles([{"selector": "th", "props": [("text-align", "left")]}])
    )


def glossary() -> pandas.DataFrame:
    """The English → French glossary: columns en, fr, note, source, verified."""
    import pandas

    terms = load_glossary()
    columns = ["en", "fr", "note", "source", "verified"]
    return pandas.DataFrame([[getattr(t, c) for c in columns] for t in terms], columns=columns)


def _keep(r: Ruling, card: str | None, tag: str | None, rule: str | None,
          topic: str | None) -> bool:
    if card is not None and card.casefold() not in (r.card + " " + r.card_fr).casefold():
        return False
    if tag is not None and _known(tag, TAGS, "tag") not in r.tags:
        return False
    if topic is not None and _known(topic, TOPICS, "topic") != r.topic:
        return False
    return rule is None or any(rule_matches(cited, rule) for cited in r.rules)


def _known(value: str, known: dict[str, Any], what: str) -> str:
    if value not in known:
        raise ValueError(f"unknown {what} {value!r}; known {what}s: {', '.join(sorted(known))}")
    return value


_MISTAKE = {"en": "mistake", "fr": "mistake_fr"}


def _mistake(r: Ruling, lang: str) -> str:
    """The usual wrong answer and why the rules say otherwise, as one text."""
    if r.mistake is None:
        return ""
    return f"{r.mistake.text(lang)} — {r.mistake.reason(lang)}"


def _row(r: Ruling, check: dict[str, Any] | None) -> dict[str, Any]:
    check = check or {}
    return {
        "id": r.id, "card": r.card, "card_fr": r.card_fr, "topic": r.topic, "date": r.date,
        "date_fr": r.date_fr, "source": r.source, "en": r.en, "fr": r.fr,
        "rules": list(r.rules), "tags": list(r.tags),
        "scenarios": list(check.get("scenarios", [])), "verified": check.get("passed"),
        "mistake": _mistake(r, "en"), "mistake_fr": _mistake(r, "fr"),
    }


_CHECKED: dict[str, dict[str, Any]] | None = None


def _checks(refresh: bool = False) -> dict[str, dict[str, Any]]:
    """Results of the scenario checker, by ruling id (imported late: it runs the engine), kept
    for the rest of the process: the shipped scenarios don't change while it runs."""
    global _CHECKED
    if _CHECKED is None or refresh:
        _CHECKED = _run_checks()
    return {k: dict(v, scenarios=list(v["scenarios"])) for k, v in _CHECKED.items()}


def _run_checks() -> dict[str, dict[str, Any]]:
    try:
        from mtgrules.check import check_rulings
    except ModuleNotFoundError as error:
        if error.name != "mtgrules.check":
            raise
        message = "rulings(verify=True) needs the scenario checker mtgrules.check; use verify=False"
        raise ModuleNotFoundError(message, name=error.name) from error
    return {result["ruling"]: result for result in check_rulings()}


def _as_verdict(value: Any) -> bool | None:
    """True/False (also numpy's bool) as they are; None, NaN and anything else → None."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    return None


def _check_langs(lang_order: Sequence[str]) -> list[str]:
    langs = list(lang_order)
    repeated = len(set(langs)) != len(langs)
    if not langs or repeated or any(lang not in ("en", "fr") for lang in langs):
        raise ValueError(f"lang_order must list 'en' and/or 'fr' once each, not {lang_order!r}")
    return langs


# Calling the package, mtgrules.rulings(card=...), gives this table (see rulings/__init__).
sys.modules[__package__].TABLE = rulings  # type: ignore[attr-defined]
