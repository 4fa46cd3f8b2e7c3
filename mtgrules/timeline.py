"""The timeline: each action as a step, with its log entries and the state after it.

A step records what changed: its action (the call), the answers given, and the log. The state
after a step is a *keyframe* (a full snapshot) only now and then; any other step's state is
rebuilt from the nearest keyframe before it by playing the recorded actions again, which the
engine does exactly (shuffles are seeded, answers are recorded). See docs/architecture.md.
Log entries carry their rule numbers and render in English or French.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import field

from .actions import GameAction
from .errors import StepError
from .frozen import dataclass, frozen
from .objects import State
from .text import MessageName, plural, render, typeset
from .text.plural import Plural

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .choices import Option


@frozen
class LogEntry:
    """One thing that happened, with the rules that made it happen."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()
    rules: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        return render(self.key, dict(self.params), lang)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        return f"<LogEntry {self.key} {self.text('en')!r}>"

    def get(self, name: str, default: Any = None) -> Any:
        """A parameter by name (``dict(self.params).get``, without making the dictionary:
        the last one of that name, as a dictionary keeps it)."""
        for key, value in reversed(self.params):
            if key == name:
                return value
        return default


#: A step's log is read line by line up to this many entries. A longer one (a board wiped under
#: watchers logs thousands) is condensed for reading: see :func:`condensed`.
CONDENSE_ABOVE = 24
#: The longest repeating pattern of lines :func:`condensed` looks for.
_LONGEST_PATTERN = 6


#: After the first of a run of entries alike but for their object: the others, named.
_ALIKE = {"en": Plural(one="— and {n} more alike ({ids})", other="— and {n} more alike ({ids})"),
          "fr": Plural(one="— et {n} autre semblable ({ids})",
                       other="— et {n} autres semblables ({ids})")}


@frozen
class LogLine:
    """A run of log entries alike but for the object they name (``id``), read as one line:
    "Grizzly Bears (b0, b1, …, b299) dies. ×300". ``count`` 1 is a single entry."""

    entry: LogEntry
    ids: tuple[str, ...] = ()
    count: int = 1
    #: the objects of the events the entries tell, one each ("(Grizzly Bears (b0) died)"):
    #: the line names them all
    event_ids: tuple[str, ...] = ()

    def text(self, lang: str = "en") -> str:
        first = _naming_every_event(self.entry, self.event_ids).text(lang)
        if self.count == 1:
            return first
        from .text.numbers import number, times
        if len(self.ids) != self.count or len(set(self.ids)) == 1:
            # the line names no object, or the same one each time (a watcher triggering for
            # each death): the same line, N times
            return f"{first} {times(self.count, lang)}"
        n = self.count - 1
        alike = _ALIKE["fr" if lang == "fr" else "en"].select(lang, n)
        return f"{first} {alike.format(n=number(n, lang), ids=_few_ids(self.ids[1:]))}"

    @property
    def rules(self) -> tuple[str, ...]:
        return self.entry.rules


@frozen
class Repeated:
    """A pattern of lines that happened ``times`` times in a row (three watchers triggering
    for each of 300 deaths): read as a heading and the pattern once."""

    lines: tuple[LogLine, ...]
    times: int

    def text(self, lang: str = "en") -> str:
        from .text.numbers import times
        return (f"{times(self.times, lang)}, each time:" if lang == "en"
                else typeset(f"{times(self.times, lang)}, à chaque fois :", "fr"))


def condensed(entries: list[LogEntry]) -> list[LogLine | Repeated]:
    """A long log as a reader wants it: entries alike but for their object merged into one
    line with their count, then a pattern of lines repeated in a row shown once with how many
    times. Short logs (:data:`CONDENSE_ABOVE` entries or fewer) are left line by line. Only
    the reading changes: the entries, which checks and diagrams use, stay whole."""
    if len(entries) <= CONDENSE_ABOVE:
        return [LogLine(e) for e in entries]
    lines = _runs(entries)
    out: list[LogLine | Repeated] = []
    i = 0
    while i < len(lines):
        size, times = _pattern_at(lines, i)
        if times < 3:
            out.append(lines[i])
            i += 1
            continue
        block = lines[i:i + size * times]
        out.append(Repeated(tuple(_merged(block[j::size]) for j in range(size)), times))
        i += size * times
    return out


def _alike(a: LogEntry, b: LogEntry) -> bool:
    return a.key == b.key and a.rules == b.rules and _but_ids(a.params) == _but_ids(b.params)


def _but_ids(params: tuple[tuple[str, Any], ...]) -> list[tuple[str, Any]]:
    """The parameters of an entry but the ids of objects: its own (``id``) and that of the
    event it tells (a triggered ability's "(Grizzly Bears (b0) died)")."""
    return [(k, (v.key, [p for p in v.params.items() if p[0] != "id"])
             if isinstance(v, MessageName) else v) for k, v in params if k != "id"]


def _event_id(entry: LogEntry) -> str | None:
    told = entry.get("event")
    return told.params.get("id") if isinstance(told, MessageName) else None


def _naming_every_event(entry: LogEntry, event_ids: tuple[str, ...]) -> LogEntry:
    """``entry`` telling the event of each of the entries merged with it: "(Grizzly Bears
    (b0, b1, …, b299) died)", not the first one's object alone."""
    named = tuple(dict.fromkeys(event_ids))
    if len(named) < 2:
        return entry
    told = entry.get("event")
    params = tuple((k, MessageName(told.key, {**told.params, "id": _few_ids(named)})
                    if k == "event" else v) for k, v in entry.params)
    return LogEntry(entry.key, params, entry.rules)


def _runs(entries: list[LogEntry]) -> list[LogLine]:
    runs: list[list[LogEntry]] = []
    for e in entries:
        if runs and _alike(runs[-1][0], e):
            runs[-1].append(e)
        else:
            runs.append([e])
    return [LogLine(r[0], tuple(str(x.get("id")) for x in r if x.get("id") is not None),
                    len(r), tuple(i for i in map(_event_id, r) if i is not None))
            for r in runs]


def _pattern_at(lines: list[LogLine], i: int) -> tuple[int, int]:
    """The pattern starting at ``i`` that covers the most lines: (its size, times in a row)."""
    best = (1, 1)
    for size in range(2, _LONGEST_PATTERN + 1):
        times = 1
        while i + (times + 1) * size <= len(lines) and all(
                _same_line(lines[i + k], lines[i + times * size + k]) for k in range(size)):
            times += 1
        if times > 1 and size * times > best[0] * best[1]:
            best = (size, times)
    return best


def _same_line(a: LogLine, b: LogLine) -> bool:
    return a.count == b.count and _alike(a.entry, b.entry)


def _merged(lines: list[LogLine]) -> LogLine:
    """One position of a repeated pattern: its line, with the objects of every repetition."""
    return LogLine(lines[0].entry, tuple(i for line in lines for i in line.ids), lines[0].count,
                   tuple(i for line in lines for i in line.event_ids))


#: A run of at least this many alike steps (nine hundred triggers resolving one by one) is
#: read as its first step, a line saying how many more, and its last step.
ALIKE_STEPS = 10


def alike_runs(steps: list[Step]) -> list[list[Step]]:
    """The steps in runs of steps alike but for the objects they name (same heading, same
    log): a run of :data:`ALIKE_STEPS` or more can be read as one."""
    runs: list[list[Step]] = []
    for step in steps:
        if runs and _alike_steps(runs[-1][0], step):
            runs[-1].append(step)
        else:
            runs.append([step])
    return runs


def _alike_steps(a: Step, b: Step) -> bool:
    ha, hb = a._action, b._action
    if not (isinstance(ha, Heading) and isinstance(hb, Heading)) or ha.key != hb.key or \
            [p for p in ha.params if p[0] != "id"] != [p for p in hb.params if p[0] != "id"]:
        return False
    return len(a.entries) == len(b.entries) and all(
        _alike(x, y) for x, y in zip(a.entries, b.entries, strict=True))


def _few_ids(ids: tuple[str, ...]) -> str:
    """``b0, b1, …, b299``: the first two and the last of many objects."""
    return ", ".join(ids) if len(ids) <= 3 else f"{ids[0]}, {ids[1]}, …, {ids[-1]}"


@frozen
class Heading:
    """An action's heading, written out in English or French when it is read: ``mtgrules
    check`` plays thousands of steps whose headings nobody reads (writing each in English and
    French as it happened was a twentieth of the time). One record serves both languages."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def text(self, lang: str = "en") -> str:
        return render(self.key, dict(self.params), lang)

    def __str__(self) -> str:
        return self.text("en")


@dataclass(slots=True)
class Answered:
    """A question, the answer given, and whether the default policy gave it."""

    kind: str
    player: str
    prompt: str
    prompt_fr: str
    options: tuple[str, ...]
    answer: Any
    default: bool = False
    #: the options as the question showed them (key, label, label_fr): what a reader is told an
    #: answer's key named ("T1" is "Blood Artist (artist)'s triggered ability")
    offered: Sequence[Option] = ()

    def label(self, key: Any, lang: str = "en") -> str | None:
        """What the option ``key`` was shown as, in ``lang`` (None: no such option, or one
        shown by its key only)."""
        for o in self.offered:
            if o.key == key:
                text = o.label_fr if lang == "fr" and o.label_fr else o.label
                return text or None
        return None


@dataclass(slots=True)
class Step:
    """One action and what followed from it, up to the next time a player gets priority.

    ``keyframe`` is the full state after the step, kept for some steps only; ``previous`` is
    the step before. :attr:`state` gives the state after any step (rebuilt when needed). Steps
    never change once recorded, so branches share them.
    """

    index: int
    _action: str | Heading  # read as :attr:`action` and :attr:`action_fr`
    _action_fr: str | Heading
    entries: list[LogEntry] = field(default_factory=list)
    answered: list[Answered] = field(default_factory=list)
    keyframe: State | None = None
    script_line: int | None = None
    call: GameAction | None = None  # the action applied, to replay it
    previous: Step | None = field(default=None, repr=False)
    #: how many steps since the last keyframe (0 for a keyframe), and what replaying them
    #: costs (in units of state, see ``Game._keyframe_due``): when to take the next one
    since_keyframe: int = 0
    replay_work: int = 0
    #: each replacement or prevention effect applied during the step, in order (614.6, 616.1):
    #: ``mtgrules.replaced.Replaced`` records, for the views
    replaced: list[Any] = field(default_factory=list)
    #: the set-up (step 0) without a keyframe: a function that makes its state again (the
    #: scenario runner's builds the game from the scenario again, ``Game.start``)
    setup: Callable[[], State] | None = field(default=None, repr=False, compare=False)

    @property
    def action(self) -> str:
        """The action, in English ("alice casts Lightning Bolt")."""
        return self._action if isinstance(self._action, str) else self._action.text("en")

    @property
    def action_fr(self) -> str:
        """The action, in French (« Alice lance la Foudre »)."""
        return self._action_fr if isinstance(self._action_fr, str) else \
            self._action_fr.text("fr")

    @property
    def state(self) -> State:
        """The state after this step. Read it, don't change it: it may be shared (a keyframe,
        or a recently rebuilt state); :meth:`State.snapshot` it to play on from it."""
        if self.keyframe is not None:
            return self.keyframe
        cached = _REBUILT.get(id(self))
        if cached is not None and cached[0] is self:
            _REBUILT.move_to_end(id(self))
            return cached[1]
        return _rebuild(self)

    def text(self, lang: str = "en", quote_rules: bool = False) -> str:
        """The step's heading and log; with ``quote_rules``, the text of each rule it cites
        (from the shipped Comprehensive Rules; in French, the kit's unofficial French)."""
        head = self.action if lang == "en" else self.action_fr
        lines = [f"{self.index}. {head}"]
        for line in condensed(self.entries):
            if isinstance(line, Repeated):
                lines.append(f"   - {line.text(lang)}")
                lines += [f"       - {_with_rules(sub, lang)}" for sub in line.lines]
            else:
                lines.append(f"   - {_with_rules(line, lang)}")
        if quote_rules:
            from .cr import rules_quoted
            lines += [f"     > {q}" for q in rules_quoted(self.rules(), lang)]
        return "\n".join(lines)

    def rules(self) -> list[str]:
        """The rules this step's log cites, each once, in order."""
        return list(dict.fromkeys(r for e in self.entries for r in e.rules))

    def __repr__(self) -> str:
        return f"<Step {self.index} {self.action!r} ({plural('en', len(self.entries), 'entry')})>"

    def _repr_svg_(self) -> str:
        """In a notebook a step shows the board after it. The drawing code (a view, above the
        engine) is imported only here, when a notebook asks."""
        from .draw import board_view

        return board_view(self.state).svg()


def _with_rules(line: LogLine, lang: str) -> str:
    return line.text(lang) + (f"  [{', '.join(line.rules)}]" if line.rules else "")


#: The last few rebuilt states, so a stepper walking forward replays one step per move.
_REBUILT: OrderedDict[int, tuple[Step, State]] = OrderedDict()
_REBUILT_SIZE = 4


#: Makes a scratch game from a state and the steps before it (``Game.scratch``). The timeline is
#: a record kept below the Game facade and never imports it: mtgrules.game sets this.
SCRATCH_GAME: Callable[[State, list[Step]], Any] | None = None


def _rebuild(step: Step) -> State:
    """Play the recorded actions again from the nearest keyframe (or recently rebuilt state,
    or the set-up made again: :attr:`Step.setup`) before ``step``, on a scratch game; this
    game is never touched."""
    path: list[Step] = []
    base: Step | None = step
    start: State | None = None
    while base is not None:
        if base.keyframe is not None:
            start = base.keyframe
            break
        cached = _REBUILT.get(id(base))
        if cached is not None and cached[0] is base and base is not step:
            start = cached[1]
            break
        if base.setup is not None:  # a set-up without a keyframe: made again
            start = base.setup()
            break
        path.append(base)
        base = base.previous
    if base is None or start is None:
        raise ValueError(f"step {step.index} can't be rebuilt: no keyframe before it")
    earlier: list[Step] = []
    walk: Step | None = base
    while walk is not None:
        earlier.append(walk)
        walk = walk.previous
    earlier.reverse()
    assert SCRATCH_GAME is not None, "mtgrules.game sets SCRATCH_GAME when imported"
    scratch = SCRATCH_GAME(start.snapshot(), earlier)
    for s in reversed(path):
        scratch.replay_step(s)
    _REBUILT[id(step)] = (step, scratch.state)
    while len(_REBUILT) > _REBUILT_SIZE:
        _REBUILT.popitem(last=False)
    return scratch.state


class Timeline:
    """The steps of a game, step 0 being the set-up."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: int) -> Step:
        return self.steps[index]

    def position(self, index: int | None = None) -> int:
        """A step as its position from 0 (default: the last; -1 also counts from the end),
        or a :class:`~mtgrules.errors.StepError` that says which steps there are."""
        n = len(self.steps)
        index = n - 1 if index is None else index
        if isinstance(index, bool) or not isinstance(index, int) or not -n <= index < n:
            raise StepError(index, n)
        return index % n

    def __iter__(self):
        return iter(self.steps)

    def entries(self) -> list[LogEntry]:
        return [e for s in self.steps for e in s.entries]

    def text(self, lang: str = "en", quote_rules: bool = False) -> str:
        return "\n".join(s.text(lang, quote_rules) for s in self.steps)

    def __repr__(self) -> str:
        return f"<Timeline {plural('en', len(self.steps), 'step')}>"
