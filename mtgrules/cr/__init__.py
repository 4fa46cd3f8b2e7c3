"""The Comprehensive Rules quoted: ``mtgrules.rule("603.2d")`` gives a rule's text.

The English text is the 2025-11-14 edition, shipped with the package (``MagicCompRules.txt``,
Wizards of the Coast's file, as in ../shared/reference). For the rules the kit cites most there
is also the kit's own French (``rules_fr.yaml``): an unofficial translation or summary for
teaching, always labelled so; the English is authoritative.

>>> r = rule("603.2d")
>>> r.number, r.text.split(".")[0]
('603.2d', 'An ability may state that a triggered ability triggers additional times')
>>> r.fr.startswith("Une capacité peut indiquer")
True
>>> rule("115.5").quote("fr").replace("\u202f", " ")[:60]
'115.5 (traduction non officielle du kit) : Un sort ou une ca'
>>> rule("999.9")
Traceback (most recent call last):
...
mtgrules.cr.UnknownRuleError: no rule 999.9 in the Comprehensive Rules (2025-11-14)
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ..frozen import dataclass
from ..text import typeset

EDITION = "2025-11-14"
#: compiled when the rules are read (rarely: they are kept in the cache of parsed files)
_NUMBER = r"^(\d{3}\.\d+[a-z]?)\.? (.*)$"
_LABEL_FR = "traduction non officielle du kit"


class UnknownRuleError(ValueError, KeyError):
    """No rule has this number in the shipped edition."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Rule:
    """One rule: its number, its official English text and examples, and the kit's French
    (unofficial) when it has one."""

    number: str
    text: str
    examples: tuple[str, ...] = ()
    fr: str | None = None

    def __repr__(self) -> str:
        return f"<Rule {self.number}>"

    def __str__(self) -> str:
        return f"{self.number} {self.text}"

    def quote(self, lang: str = "en", examples: bool = False) -> str:
        """The rule to quote in ``lang``: in French, the kit's unofficial French, labelled, or
        the English text said to be English when the kit has no French for it."""
        if lang == "fr":
            if self.fr:
                return typeset(f"{self.number} ({_LABEL_FR}) : {self.fr}", "fr")
            # The English stays as published: French spacing only in the kit's own label.
            return typeset(f"{self.number} (texte anglais officiel, pas de traduction du "
                           "kit) : ", "fr") + self.text
        body = "\n".join([self.text, *self.examples]) if examples else self.text
        return f"{self.number} {body}"

    def _repr_html_(self) -> str:
        from ..text.safe import escape_html
        fr = f"<br><i>{escape_html(self.quote('fr'))}</i>" if self.fr else ""
        return f"<blockquote><b>{self.number}</b> {escape_html(self.text)}{fr}</blockquote>"


@cache
def _rules() -> dict[str, Rule]:
    import yaml

    folder = Path(__file__).parent
    text = (folder / "MagicCompRules.txt").read_text("utf-8-sig")
    french = yaml.safe_load((folder / "rules_fr.yaml").read_text("utf-8"))
    body = text.split("\nGlossary", 2)[1]  # the table of contents names "Glossary" first
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    number = re.compile(_NUMBER)
    for line in body.replace("\r\n", "\n").split("\n"):
        match = number.match(line)
        if match:
            current = found.setdefault(match[1], [match[2].strip()])
        elif line.startswith("Example:") and current is not None:
            current.append(line.strip())
        elif not line.strip():
            continue
        else:
            current = None
    return {n: Rule(n, lines[0], tuple(lines[1:]), french.get(n)) for n, lines in found.items()}


def rules_file() -> Path:
    """The shipped Comprehensive Rules' text file."""
    return Path(__file__).parent / "MagicCompRules.txt"


def english_text(number: str) -> str:
    """Only the official English text of one rule, read straight from the shipped file: no
    French, no YAML (for the engine, which reads 205.3m's list of creature types). Found once
    per version of the file (the cache of parsed files): reading the whole text cost 10 ms
    of every ``mtgrules check``."""
    from ..parsecache import cached, file_version

    found = cached("cr-rule", f"{number}\n{file_version(rules_file())}",
                   lambda: _english_text(number))
    if found is None:
        raise UnknownRuleError(f"no rule {number} in the Comprehensive Rules ({EDITION})")
    return found


def _english_text(number: str) -> str | None:
    text = rules_file().read_text("utf-8-sig")
    body = text.split("\nGlossary", 2)[1]
    match = re.search(rf"^{re.escape(number)}\.? (.*)$", body, re.M)
    return match[1].strip() if match is not None else None


def rule(number: str) -> Rule:
    """The rule ``number`` ("603.2d", "707.10") from the shipped Comprehensive Rules."""
    found = _rules().get(str(number).strip().rstrip("."))
    if found is None:
        raise UnknownRuleError(f"no rule {number} in the Comprehensive Rules ({EDITION})")
    return found


def rule_text(number: str, lang: str = "en") -> str:
    """The rule quoted in ``lang`` (see :meth:`Rule.quote`)."""
    return rule(number).quote(lang)


def rules_quoted(numbers: list[str] | tuple[str, ...], lang: str = "en") -> list[str]:
    """Each rule quoted once, in order, skipping numbers that are not in the edition."""
    out = []
    for n in dict.fromkeys(numbers):
        try:
            out.append(rule_text(n, lang))
        except UnknownRuleError:
            continue
    return out


__all__ = ["EDITION", "Rule", "UnknownRuleError", "rule", "rule_text", "rules_quoted"]
