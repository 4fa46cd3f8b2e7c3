"""The card-language reference (docs/card_language.md), generated from the vocabulary tables.

Every word a card file may use (effects, trigger events, filter keys, conditions, amounts,
references, static kinds, keywords, target types) is listed with its rule, its meaning in
English and French, and an example ability. The example lives with the word, in its table
(``EffectSpec.example``; ``Word.example`` in filters.py, abilities.py and words.py), so adding
a word without an example fails
tests/test_card_language.py. ``make schema`` writes the file again.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from ..abilities import (
    AMOUNTS,
    COPY_EXCEPTION_KEYS,
    COPY_WHAT,
    DELAYED_AT,
    EFFECT_VOCABULARY,
    ENCHANT_WORDS,
    OBJECT_REFERENCES,
    PLAYER_REFERENCES,
    PROTECTION_QUALITIES,
    REPLACEMENT_VOCABULARY,
    SELF_REPLACEMENTS,
)
from ..continuous import AFFECTS_WORDS, DURATION_WORDS, MODIFICATION_KEYS, PT_VALUE_WORDS
from ..filters import CONDITION_KEYS, FILTER_KEYS
from ..words import KEYWORD_WORDS, STATIC_WORDS, TARGET_WORDS, TRIGGER_WORDS

DOC = Path("docs") / "card_language.md"


class Entry(NamedTuple):
    """One word of the reference: its section, the word, what it takes, its rule, its text in
    English and French, and its example (one ability, in YAML)."""

    section: str
    word: str
    takes: str
    rule: str
    text: str
    text_fr: str
    example: str


#: The sections, in order: (title, what the words are, where they go in a card file).
SECTIONS = {
    "effects": ("Effects", "what a spell or ability does as it resolves (608.2c)",
                "`effects: [{do: <word>, ...}]`"),
    "triggers": ("Trigger events", "when a triggered ability triggers (603.1, 603.2)",
                 "`trigger: {event: <word>, subject: self|another|any, player: "
                 "you|opponent|any|enchanted_player, filter: {...}}`"),
    "filters": ("Filter keys", "which objects a target, trigger, cost, count or search "
                "accepts (all keys given must hold)", "`filter: {<word>: ...}`"),
    "self_replacements": ("Self-replacement effects", "the part of a spell or ability's "
                          "effect that replaces another part of it (614.15): applied before "
                          "any other replacement effect on that effect's event (616.1a); on "
                          "damage, gain_life, draw, create_token and add_counters",
                          "`effects: [{do: damage, amount: 2, instead: {if: {...}, amount: "
                          "4}}]`"),
    "conditions": ("Conditions", "an intervening \"if\" (603.4) or an \"if\" in an effect",
                   "`if: {<word>: ...}`"),
    "amounts": ("Amounts", "how many (107.1), read as the ability resolves (608.2h)",
                "`amount: <word>`"),
    "objects": ("Object references", "which object an effect acts on",
                "`what: <word>` (and `to:` for damage)"),
    "players": ("Player references", "which player an effect acts on",
                "`who: <word>` (and `to:` for damage)"),
    "copied": ("What a copy effect copies", "the spell or ability a `copy` effect puts a copy "
               "of on the stack (707.10)", "`{do: copy, what: <word>}`"),
    "copy_exceptions": ("Copy exceptions", "what a copy effect changes as it copies (707.9); "
                        "all but enters_with become the copy's copiable values, so a copy of "
                        "the copy has them too (707.9b, 707.3)",
                        "`except: {<word>: ...}` in `static: {enter_as_copy: ...}` or in "
                        "`{do: create_token, copy_of: ..., except: ...}`"),
    "delayed": ("When a delayed triggered ability triggers", "the later event a delayed "
                "triggered ability waits for (603.7): the beginning of a step, or an event of the "
                "object it refers to (`that_object_dies`, `that_object_leaves`: that object as "
                "it was then, 603.7c). It triggers only once, the next time that event happens "
                "after it was created (603.7a, 603.7b); `this_turn: true` gives it a stated "
                "duration: it ends with the turn (603.7b, 514.2). Its effects name the objects "
                "it refers to as `that_object` (603.7c)",
                "`{do: delayed_trigger, at: <word>, refers_to: created|moved|target|..., "
                "effects: [...]}`"),
    "statics": ("Static kinds", "what a static or replacement ability does (604, 614)",
                "`static: {<word>: ...}`"),
    "replacements": ("Replacement words", "what a replacement ability watches for and what "
                     "happens instead (614): when several apply to one event, the affected "
                     "player or controller chooses the order (616.1)",
                     "`{kind: replacement, static: {<word>: {...}}}`"),
    "modifications": ("Continuous effects", "what a continuous effect does, layer by layer "
                      "(611, 613), in the `continuous` static ability and effect",
                      "`static: {continuous: {affects: ..., <word>: ...}}` or "
                      "`{do: continuous, what: ..., <word>: ...}`"),
    "affects": ("What a continuous effect affects", "the objects a static ability's effect "
                "applies to (611.3), besides a filter", "`static: {continuous: {affects: "
                "<word>, ...}}`"),
    "pt_values": ("Power and toughness values", "values read for base power and toughness "
                  "(613.4a, 613.4b)", "`base_power: <word>`"),
    "durations": ("Durations", "how long an effect from a resolved spell or ability lasts "
                  "(611.2a); without `duration`, until end of turn, as most such effects say: "
                  "an effect that states no duration (\"gain control of target creature\") "
                  "lasts until the end of the game (611.2a) and says `duration: indefinite`",
                  "`{do: continuous, duration: <word>, ...}`"),
    "keywords": ("Keywords", "keyword abilities (702)", "`{keyword: <word>}`"),
    "qualities": ("Protection qualities", "what \"protection from [quality]\" is from "
                  "(702.16a): damage from such sources is prevented, and the permanent can't "
                  "be enchanted or equipped, blocked or targeted by them (DEBT)",
                  "`{keyword: protection, from: <word>}`, or a filter mapping with the "
                  "ability's `text`"),
    "enchant": ("What an Aura enchants", "what \"Enchant [object or player]\" allows: the Aura "
                "spell's target (303.4a) and what it may stay attached to (303.4c, 702.5)",
                "`{keyword: enchant, enchant: <word>}`, or a target mapping"),
    "targets": ("Target types", "what a target slot may choose (115.1)",
                "`targets: [{type: <word>, filter: {...}}]`"),
}


def entries() -> Iterator[Entry]:
    """Every word of the card language, section by section."""
    for name, spec in EFFECT_VOCABULARY.items():
        takes = ", ".join(f"{k} ({v})" for k, v in spec.params.items()) or "nothing"
        yield Entry("effects", name, takes, spec.rule, spec.text, spec.text_fr, spec.example)
    for name, spec in REPLACEMENT_VOCABULARY.items():
        takes = ", ".join(f"{k} ({v})" for k, v in spec.params.items()) or "nothing"
        yield Entry("replacements", name, takes, spec.rule, spec.text, spec.text_fr,
                    spec.example)
    tables = (("triggers", TRIGGER_WORDS), ("filters", FILTER_KEYS),
              ("self_replacements", SELF_REPLACEMENTS), ("conditions", CONDITION_KEYS),
              ("amounts", AMOUNTS),
              ("objects", OBJECT_REFERENCES), ("players", PLAYER_REFERENCES),
              ("copied", COPY_WHAT), ("copy_exceptions", COPY_EXCEPTION_KEYS),
              ("delayed", DELAYED_AT),
              ("statics", STATIC_WORDS), ("modifications", MODIFICATION_KEYS),
              ("affects", AFFECTS_WORDS), ("pt_values", PT_VALUE_WORDS),
              ("durations", DURATION_WORDS), ("keywords", KEYWORD_WORDS),
              ("targets", TARGET_WORDS))
    for section, table in tables:
        for word, w in table.items():
            yield Entry(section, word, w.kind, w.rule, w.text, w.text_fr, w.example)
    yield from _qualities()
    for word, (kind, _flt, en, fr, _article) in ENCHANT_WORDS.items():
        yield Entry("enchant", word, kind, "702.5d" if kind == "player" else "702.5a",
                    f"Enchant {en}", f"Enchanter : {fr}",
                    f"{{keyword: enchant, enchant: {word}}}")


_QUALITY_RULES = {"everything": "702.16j", "opponents": "702.16k", "chosen_color": "608.2d"}


def _qualities() -> Iterator[Entry]:
    """The words of "protection from [quality]", each with its example."""
    for word, q in PROTECTION_QUALITIES.items():
        example = f"{{keyword: protection, from: {word}}}"
        if q.choose:  # chosen as a resolving effect gives it (608.2d)
            example = ("{kind: spell, text: Target creature gains protection from the color "
                       "of your choice until end of turn., targets: [{type: creature}], "
                       "effects: [{do: continuous, what: target, gains: [{keyword: protection, "
                       f"from: {word}}}]}}]}}")
        yield Entry("qualities", word, "quality", _QUALITY_RULES.get(word, "702.16a"),
                    f"protection from {q.text}", f"protection contre {q.text_fr}", example)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown() -> str:
    """The whole reference, as Markdown."""
    out = ["# The card language", "",
           "<!-- Generated by `make schema` from the vocabulary tables (mtgrules/abilities.py, "
           "filters.py, words.py, continuous.py): do not edit by hand. -->", "",
           "Every word a card file (mtgrules/cards/*.yaml, or a scenario's `cards:`) may use, "
           "with the rule it follows, what it means in English and in French, and an example "
           "ability that uses it. Each example is a test: tests/test_card_language.py loads "
           "it.", ""]
    by_section: dict[str, list[Entry]] = {}
    for e in entries():
        by_section.setdefault(e.section, []).append(e)
    for key, (title, what, where) in SECTIONS.items():
        out += [f"## {title}", "", f"{what[0].upper()}{what[1:]}. In a card: {where}.", ""]
        for e in by_section.get(key, []):
            out += [f"### `{e.word}`", "",
                    f"- takes: {_cell(e.takes)}" if e.takes else "- takes: nothing",
                    f"- rule: {e.rule}",
                    f"- {_cell(e.text)}",
                    f"- *{_cell(e.text_fr)}*", "",
                    "```yaml", e.example, "```", ""]
    return "\n".join(out).rstrip() + "\n"


def write(root: Path) -> Path:
    """Write docs/card_language.md under the repository ``root`` (``make schema``)."""
    path = root / DOC
    path.write_text(markdown(), encoding="utf-8")
    return path
