"""Every decision the rules give a player, as a question with its legal answers.

The engine asks through :meth:`Answerer.answer`; three answerers exist: a scenario's scripted
answers (:class:`ScriptedAnswerer`), the :class:`DefaultPolicy`, and the widgets. Whatever answers,
the engine checks the answer against the legal options, and records it, so a game replays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import field
from operator import attrgetter

from .errors import RulesError
from .frozen import dataclass, frozen

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any, Protocol

QUESTION_KINDS = {
    "targets": "601.2c",
    "mode": "601.2b",
    "x": "601.2b",
    "divide": "601.2d",
    "order_triggers": "603.3b",
    "may": "603.5",
    "pay": "118.12",
    "new_targets": "707.10c",
    "enter_as_copy": "707.5",
    "cascade_cast": "702.85a",
    "face": "709.3",
    "sacrifice": "701.21a",
    "legend_rule": "704.5j",
    "hideaway": "702.75a",
    "play": "607.2a",
    "alternative_cost": "118.9a",
    "additional_cost": "118.8a",
    "attackers": "508.1a",
    "blockers": "509.1a",
    "assign_damage": "510.1c",
    "enchant": "303.4f",
    "replacement": "616.1",
    "shield_order": "615.7",
    "color": "608.2d",
    "put_from_hand": "608.2d",
    "discard": "514.1",
    "delayed_event": "603.7b",
}


class IllegalAnswer(RulesError):
    """An answer that is not one of the question's legal answers (a script's or a person's
    mistake), as opposed to an action the game makes impossible."""


@frozen
class Option:
    """One legal answer: ``key`` is how a script or a person names it."""

    key: str
    value: Any
    label: str = ""
    label_fr: str = ""


@dataclass(slots=True)
class Question:
    """A decision for ``player``: pick ``min``..``max`` of ``options`` (or a number for X)."""

    kind: str
    player: str
    prompt: str
    prompt_fr: str
    options: list[Option] = field(default_factory=list)
    min: int = 1
    max: int = 1
    rule: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    #: for X: the least and greatest legal values; None as the greatest: no limit (107.3)
    number_range: tuple[int, int | None] | None = None
    ordered: bool = False  # for order_triggers: the answer is a full ordering
    #: answers a rule forbids for a reason worth saying: key -> (message, message_fr, rule);
    #: or a function that says them, called only when an answer is refused (texts nobody
    #: reads otherwise: most answers are legal)
    refusals: dict[str, tuple[str, str, str]] | Callable[[], dict[str, tuple[str, str, str]]] \
        = field(default_factory=dict)
    #: turns another way of writing an answer into the option keys (e.g. ``{bears: bob}``
    #: into ``["bears>bob"]`` for attackers)
    parse: Callable[[Any], Any] | None = None
    #: checks the answer as a whole once each part is legal; raises :class:`IllegalAnswer`
    #: naming the rule (a declaration of blockers that leaves a menace creature blocked by one)
    validate: Callable[[list[Any]], None] | None = None
    #: what the default policy answers, when the first options are not a sensible default
    default: Any = None
    _by_key: dict[str, Option] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.rule = self.rule or QUESTION_KINDS.get(self.kind, "")

    def __repr__(self) -> str:
        keys = ",".join(o.key for o in self.options)
        return f"<Question {self.kind} for {self.player}: [{keys}]>"

    def option(self, key: Any) -> Option:
        key = key if type(key) is str else _normalise(key)  # (most keys are texts already)
        options = self.options
        if len(options) <= _FEW_OPTIONS:  # (most questions: a look costs less than an index)
            for o in options:
                if o.key == key:
                    return o
        else:
            by_key = self._by_key
            if by_key is None or len(by_key) != len(options):
                # built once: answering a question of thousands of options stays linear; the
                # first option of a key wins (reversed), the dict made in C
                last_first = options[::-1]
                by_key = self._by_key = dict(zip(map(_key_of, last_first), last_first,
                                                 strict=True))
            found = by_key.get(key)
            if found is not None:
                return found
        refusals = self.refusals() if callable(self.refusals) else self.refusals
        if key in refusals:
            message, message_fr, rule = refusals[key]
            raise IllegalAnswer(message, rule=rule, message_fr=message_fr)
        legal = ", ".join(o.key for o in self.options) or "none"
        # In French the legal answers are named by their French labels, the key after them.
        legal_fr = ", ".join(o.label_fr if o.label_fr in (o.key, "") or o.key in o.label_fr
                             or " " in o.key else f"{o.label_fr} ({o.key})"
                             for o in self.options) or "aucune"
        raise IllegalAnswer(f"'{key}' is not a legal answer to '{self.prompt}' (legal: {legal})",
                            rule=self.rule,
                            message_fr=f"« {key} » n'est pas une réponse légale à "
                                       f"« {self.prompt_fr} » (réponses légales : {legal_fr})")

    def check(self, answer: Any) -> Any:
        """Validate a raw answer; return the engine value (a value, or a list of values)."""
        if self.parse is not None:
            answer = self.parse(answer)
        if self.number_range is not None:
            return self._check_number(answer)
        if self.kind == "divide" and isinstance(answer, (list, tuple)):
            answer = "+".join(str(a) for a in answer)
        if self.ordered:
            keys = [_normalise(a) for a in _as_list(answer)]
            if sorted(keys) != sorted(o.key for o in self.options):
                self._refuse_order(keys)
            return [self.option(k).value for k in keys]
        if self.max == 1 and self.min == 1 and not isinstance(answer, list):
            return self.option(answer).value
        keys = []  # (a loop: most answers name one or two options)
        for k in answer if isinstance(answer, (list, tuple)) else (answer,):
            keys.append(k if type(k) is str else _normalise(k))
        if not self.min <= len(keys) <= self.max:
            raise IllegalAnswer(f"'{self.prompt}' takes {self._count_text()}, got {len(keys)}",
                                rule=self.rule,
                                message_fr=f"« {self.prompt_fr} » demande "
                                           f"{self._count_text('fr')}, reçu {len(keys)}")
        if len(set(keys)) != len(keys):
            raise IllegalAnswer(f"the same answer was given twice to '{self.prompt}'", rule="115.3",
                                message_fr=f"la même réponse a été donnée deux fois à "
                                           f"« {self.prompt_fr} »")
        values = []
        for k in keys:
            values.append(self.option(k).value)
        if self.validate is not None:
            self.validate(values)
        return values

    def _refuse_order(self, keys: list[str]) -> None:
        """An order that doesn't name each option exactly once: say which are missing, which
        are named twice and which aren't options (a few of each: an order may have thousands)."""
        want = [o.key for o in self.options]
        known = set(want)
        given = set(keys)
        missing = [k for k in want if k not in given]
        twice = [k for k, n in Counter(keys).items() if n > 1]
        unknown = list(dict.fromkeys(k for k in keys if k not in known))
        en, fr = [], []
        for what, what_fr, found in (("missing", "manquent", missing),
                                     ("named twice", "deux fois", twice),
                                     ("not an option", "pas une option", unknown)):
            if found:
                en.append(f"{what}: {_few(found)}")
                fr.append(f"{what_fr} : {_few(found)}")
        raise IllegalAnswer(f"an order must name each of {_few(want)} once ({'; '.join(en)})",
                            rule=self.rule,
                            message_fr=f"un ordre doit nommer une fois chacun de {_few(want)} "
                                       f"({' ; '.join(fr)})")

    def _check_number(self, answer: Any) -> int:
        low, high = self.number_range or (0, 0)
        if isinstance(answer, bool) or not isinstance(answer, int) or answer < low or \
                (high is not None and answer > high):
            allowed = (f"from {low} to {high}", f"de {low} à {high}") if high is not None \
                else (f"{low} or more", f"{low} ou plus")
            raise IllegalAnswer(f"{self.prompt}: {answer!r} is not allowed ({allowed[0]})",
                             rule=self.rule,
                             message_fr=f"{self.prompt_fr} : {answer!r} n'est pas permis "
                                        f"({allowed[1]})")
        return answer

    def _count_text(self, lang: str = "en") -> str:
        if lang == "fr":
            from .text import plural
            return plural("fr", self.max, "answer") if self.min == self.max else \
                f"de {self.min} à {self.max} réponses"
        return str(self.min) if self.min == self.max else f"{self.min} to {self.max}"


def _few(keys: list[str], most: int = 8) -> str:
    """``T1, T2, T3`` or, for a long list, its first few and how many more."""
    if len(keys) <= most:
        return ", ".join(keys)
    return ", ".join(keys[:most]) + f", … (+{len(keys) - most})"


_key_of = attrgetter("key")
#: Up to this many options, an answer's option is looked for in order (the first of its key,
#: as the index of a longer question gives it).
_FEW_OPTIONS = 8


def _normalise(key: Any) -> str:
    if isinstance(key, bool):
        return "yes" if key else "no"
    return str(key)


def _as_list(answer: Any) -> list:
    return list(answer) if isinstance(answer, (list, tuple)) else [answer]


if TYPE_CHECKING:  # the run-time class is made by __getattr__ below, on first use
    class Answerer(Protocol):
        def answer(self, question: Question) -> Any: ...


def __getattr__(name: str) -> Any:
    """``Answerer``, the protocol every answerer follows, made when first imported: a check
    never imports :mod:`typing` (issue 12), but ``from mtgrules.choices import Answerer`` (to
    annotate or subclass one's own answerer) must work at run time too."""
    if name != "Answerer":
        raise AttributeError(f"module 'mtgrules.choices' has no attribute {name!r}")
    from typing import Protocol

    class Answerer(Protocol):
        """Whatever answers the engine's questions: ``answer(question)`` returns one of the
        question's legal answers (the engine checks it and records it)."""

        def answer(self, question: Question) -> Any: ...

    globals()["Answerer"] = Answerer
    return Answerer


class DefaultPolicy:
    """Answers nobody scripted: documented, deterministic, and simple.

    A question may carry its own ``default`` (attackers: only those that must attack; blockers:
    only the blocks requirements ask for). Targets and choices: the first legal options. X: the
    least legal value. "May": yes, except
    paying a cost ("you may pay"), which it declines. Trigger order: the order they triggered,
    identical abilities of one source kept together (the question's own default).
    New targets for a copy: keep them all.
    """

    def answer(self, question: Question) -> Any:
        q = question
        if q.default is not None:
            return q.default
        if q.number_range is not None:
            return q.number_range[0]
        if q.ordered:
            return [o.key for o in q.options]
        if q.kind == "pay":
            return "no"
        if q.kind in ("may", "new_targets"):
            return q.options[0].key
        if q.max == 1 and q.min == 1:
            return q.options[0].key
        return [o.key for o in q.options[: max(q.min, 1)]]

    def __repr__(self) -> str:
        return "DefaultPolicy()"


class ScriptedAnswerer:
    """Answers from a script: a list of ``{kind: answer}`` items, taken in order per kind.

    Questions no item answers go to ``fallback`` (the default policy). ``unused()`` lists the
    items no question took, which a scenario treats as an error.
    """

    def __init__(self, answers: Sequence[dict[str, Any]] = (),
                 fallback: Answerer | None = None):
        self.fallback = fallback or DefaultPolicy()
        self.last_was_default = False
        self._next: dict[str, int] = {}
        # per kind, the items that answer it, in order: the next one is found at once
        self._by_kind: dict[str, list[int]] = {}
        if not answers:  # (most actions come with no answer: one made for each)
            self.items: list[dict[str, Any]] = []
            self.used: list[bool] = []
            return
        self.items = items = []
        by_kind = self._by_kind
        for i, answer in enumerate(answers):
            item = _answer_item(answer)
            items.append(item)
            by_kind.setdefault(next(iter(item)), []).append(i)  # (one kind per item)
        self.used = [False] * len(items)

    def answer(self, question: Question) -> Any:
        kind = question.kind
        waiting = self._by_kind.get(kind)
        if waiting is not None:
            used = self.used
            n = self._next.get(kind, 0)
            while n < len(waiting) and used[waiting[n]]:
                n += 1  # taken by a question of another kind named in the same item
            self._next[kind] = n
            if n < len(waiting):
                i = waiting[n]
                used[i] = True
                self.last_was_default = False
                return self.items[i][kind]
        self.last_was_default = True
        return self.fallback.answer(question)

    def checkpoint(self) -> tuple[list[bool], dict[str, int]]:
        """Where the script is, to :meth:`rewind` to it if an action is undone."""
        return list(self.used), dict(self._next)

    def rewind(self, checkpoint: tuple[list[bool], dict[str, int]]) -> None:
        self.used, self._next = list(checkpoint[0]), dict(checkpoint[1])

    def unused(self) -> list[dict[str, Any]]:
        if False not in self.used:  # (every item taken: asked after each action)
            return []
        return [item for item, used in zip(self.items, self.used, strict=True) if not used]

    def waiting(self, kind: str) -> bool:
        """An item not taken yet answers questions of ``kind``."""
        return any(not self.used[i] for i in self._by_kind.get(kind, ()))

    def __repr__(self) -> str:
        return f"ScriptedAnswerer({self.items!r})"


def _answer_item(item: Any) -> dict[str, Any]:
    """One scripted answer: a single ``{kind: answer}`` pair of a known kind."""
    if not isinstance(item, dict) or len(item) != 1 or next(iter(item)) not in QUESTION_KINDS:
        raise IllegalAnswer(f"each answer is one 'kind: answer' pair, e.g. {{'targets': "
                            f"['bob']}}, with a kind among {', '.join(QUESTION_KINDS)}; got "
                            f"{item!r}",
                            message_fr="chaque réponse est une paire « type : réponse », par "
                                       f"exemple {{'targets': ['bob']}} ; reçu {item!r}")
    return dict(item)


class CallbackAnswerer:
    """Answers by calling a function: what the widgets use."""

    def __init__(self, fn: Callable[[Question], Any]):
        self.fn = fn

    def answer(self, question: Question) -> Any:
        return self.fn(question)
