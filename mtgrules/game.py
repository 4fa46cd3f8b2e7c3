"""The game: state, priority, actions, state-based actions, and the timeline (CR 117, 704).

Every public action either happens completely, then state-based actions are checked and
triggered abilities put on the stack (117.5), and the step is recorded; or it raises
:class:`~mtgrules.errors.RulesError` and leaves the game exactly as it was.
"""

from __future__ import annotations

import contextlib
import functools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from . import (
    effects,  # noqa: F401 - registers the effect handlers (instructions.HANDLERS)
    timeline,
)
from .abilities import CardDef, Characteristics
from .actions import ACTION_KINDS, PLAYER_ACTIONS, GameAction
from .casting import activate_ability, cast_spell, play_land
from .characteristics import View, compute, compute_all
from .choices import (
    QUESTION_KINDS,
    DefaultPolicy,
    Option,
    Question,
    ScriptedAnswerer,
)
from .collector import hold, release
from .combat import blocks_by_player, combat_of, remove_noncombatants
from .damage import damage_to
from .errors import RulesError
from .events import Event
from .frozen import twin
from .instructions import SelfReplacement
from .objects import (
    COMBAT_STEPS,
    STEPS,
    ZONES,
    GameObject,
    Kept,
    Player,
    Ref,
    StackItem,
    State,
    reserved_id,
    seeded,
    slug,
)
from .placement import check_attachment, check_player_attachment, check_zone
from .protection import player_protections
from .replaced import record as record_replaced
from .resolution import resolve_top
from .sba import check_state_based_actions
from .text import Name, player_name, plural
from .text.grammar import declare
from .text.messages import STEP_NAMES
from .timeline import Answered, Heading, LogEntry, Step, Timeline
from .triggers import fire, put_triggers_on_stack
from .turns import next_step
from .zones import indestructible, move_many, sacrifice

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .choices import Answerer

    #: Answers given with an action: a list of ``{question kind: answer}``, or an answerer
    #: shared by several actions (``resolve`` several times).
    Answers = list[dict[str, Any]] | ScriptedAnswerer | None

#: Rounds of state-based actions and triggers after one action before it counts as a loop that
#: never ends (104.4b). A real game needs a handful; a thousand is far beyond any legitimate one.
SETTLE_LIMIT = 1000


#: What a transaction goes back to: inside an action?, the number of steps, set-up changed?,
#: the state copied (None: the last step's), the lengths of the entries, answers and records.
_Savepoint = tuple[bool, int, bool, State | None, int, int, int]

#: An action's heading names up to this many objects; more are counted ("1,005 permanents").
HEADING_NAMES = 6
PERMANENTS = Name("permanents", "permanents")
CARDS = Name("cards", "cartes")


def unasked_answers(game: Game, unused: list[dict[str, Any]]) -> RulesError:
    """Answers no question took. The rule cited is the one that says when that decision is made;
    a copy makes none of its own (707.10: it copies the mode, X, targets and division)."""
    kinds = [k for item in unused for k in item]
    copies = any(it.is_copy for it in game.state.stack) or any(
        it.is_copy for it in game.timeline.steps[-1].state.stack) if game.timeline.steps else False
    copied = {"mode", "x", "divide", "targets"}
    rule = "707.10" if copies and set(kinds) <= copied else \
        QUESTION_KINDS.get(kinds[0], "") if kinds else ""
    why = " (a copy keeps the choices made for the original)" if rule == "707.10" else ""
    why_fr = " (une copie garde les choix faits pour l'original)" if rule == "707.10" else ""
    return RulesError(f"these answers were not asked for: {unused}{why}", rule=rule or None,
                      message_fr=f"ces réponses ne répondent à aucune question posée : "
                                 f"{unused}{why_fr}")


@functools.cache  # a heading is frozen: one per step name serves every game
def _on_to(step: str | None) -> tuple[Heading, Heading]:
    """How a move to the next step reads in the timeline (in English and French: one record)."""
    heading = Heading("act_next_step") if step is None else \
        Heading("act_on_to", (("step", Name(*STEP_NAMES[step])),))
    return heading, heading


@functools.cache  # a Name is immutable: made once per player, not each time one is named
def _named_player(player: str) -> Name:
    return Name(player, player, player=True)


def _whole_number(amount: Any, what: str, what_fr: str) -> None:
    """107.1b: no negative numbers of damage, counters...; and a number is a whole one."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise RulesError(f"{what} a whole number of at least 0, not {amount!r}", rule="107.1b",
                         message_fr=f"{what_fr} un nombre entier positif ou nul, pas {amount!r}")


#: Makes a log entry as ``LogEntry.__new__`` does (a frozen record is filled as an object of
#: its plain twin, which then becomes a LogEntry, see frozen.py), in Game.log itself: without
#: the class call around ``__new__`` (~1,100 instructions for each of the ~3,000 entries a
#: check makes), nor the call to ``__new__``
_ENTRY_TWIN = twin(LogEntry)
_new_object = object.__new__
#: Makes an action's heading, the same way (one for each of the ~900 steps of a check)
_new_heading: Callable[..., Heading] = Heading.__new__

#: The flags :meth:`Game.add` takes, in the order it passes them to be checked.
_SET_UP_FLAGS = ("tapped", "entered_this_turn", "token", "emblem", "face_down", "attacking")
_ONLY_BOOL = frozenset({bool})


def _set_up_numbers(counters: dict[str, int], damage: int) -> None:
    """What a set-up puts on an object is counted in whole numbers of at least 0 (107.1b), as
    in a scenario file: the API let -3 +1/+1 counters in, and such a game could not be saved."""
    _whole_number(damage, "damage is", "des blessures sont")
    for kind, n in counters.items():
        if not isinstance(kind, str) or not kind:
            raise RulesError(f"a kind of counter is a word, not {kind!r}", rule="122.1",
                             message_fr=f"une sorte de marqueur est un mot, pas {kind!r}")
        _whole_number(n, f"a number of {kind} counters is",
                      f"un nombre de marqueurs « {kind} » est")


class Game:
    """A game of Magic between named players.

    >>> from mtgrules import Game, catalog
    >>> game = Game(["alice", "bob"])
    >>> bears = game.add(catalog()["Grizzly Bears"], "battlefield", "alice")
    >>> game.destroy(bears)
    >>> game.zone("alice", "graveyard")
    ['grizzly-bears']
    """

    #: Automatic keyframes: replaying a step is worth this many units of state, plus a quarter
    #: per log entry (see :meth:`_keyframe_due`); a small board gets one at nearly every step.
    KEYFRAME_WORK = 4
    #: the self-replacement effect (614.15) of the instruction being followed, if it has one
    #: (instructions.run_effect); the replacement procedure applies it first (616.1a)
    self_replacement: SelfReplacement | None = None
    #: the replacement effects already applied to the event whose replacement is being
    #: carried out (614.5): they don't apply to the events it makes
    replacements_used: frozenset[str] = frozenset()
    #: 615.7: how a shield of N was split among sources dealing damage at once (shield id ->
    #: source id -> damage it prevents), while that damage is dealt (damage.py)
    shield_shares: dict[str, dict[str, int]] | None = None
    #: Keep keyframes when due (:meth:`_keyframe_due`); False while an action applied with
    #: ``keyframe=False`` runs (:meth:`apply`)
    _keyframes = True

    def __init__(self, players: Iterable[str] = ("alice", "bob"), *, seed: int = 0,
                 life: int = 20, answerer: Answerer | None = None,
                 keyframe_every: int | None = None):
        if isinstance(players, str):  # a text is not a list of names: "alice" is one player
            raise ValueError(f"players is a list of names, such as [{players!r}, 'bob']")
        names = list(players)
        if len(names) < 1 or len(set(names)) != len(names):
            raise ValueError(f"players need distinct names, got {names}")
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"a player's name is a text that isn't empty, not {name!r}")
            # (T1... orders triggers: no player's; reserved_id looked up for an S... only)
            why = reserved_id(name) if name[0] == "S" else None
            if why is not None:
                raise ValueError(f"a player can't be named {name!r}: {why}")
        self.state = State(players={n: Player(n, life, index=i) for i, n in enumerate(names)},
                           rng=seeded(seed))
        self.state.active = self.state.priority = names[0]
        self.seed = seed
        self.answerer: Answerer = answerer or DefaultPolicy()
        self.timeline = Timeline()
        self._entries: list[LogEntry] | None = None
        self._answered: list[Answered] = []
        self._replaced: list[Any] = []  # replaced.Replaced records of the step under way
        self._chains = 0  # events replaced so far (Replaced.chain)
        self._scripted: ScriptedAnswerer | None = None
        #: a full snapshot every this many steps; None: automatic, by the size of the state
        self.keyframe_every = keyframe_every
        self._scratch = False  # a game rebuilding a recorded state: no keyframes, no rollback
        self._entered_at_setup: list[str] = []
        #: what the next keyframe may share: the last one, and each object's last copy in a
        #: keyframe with the version it had (State.keyframe)
        self._kept = Kept()
        self._changed_since_step = False  # add() after start(): not in any recorded step
        #: the cards a saved set-up may name (None: the catalog) and the scenario's own cards as
        #: written, so :meth:`to_scenario` can write them again
        self.cards: Any = None
        self.card_data: list[Any] = []
        #: where the game comes from: the scenario's id and titles, and whether it is a "what
        #: if" branch (read by to_scenario for the saved file's title)
        self.origin: dict[str, Any] = {}
        #: while spells and abilities resolve (innermost last): what their instructions have
        #: acted on so far (instructions.Acted), for "that token" and "that card" (400.7j)
        self.resolving: list[Any] = []

    # --- set-up ------------------------------------------------------------------------------

    def add(self, card: CardDef | Characteristics, zone: str, owner: str, *,
            id: str | None = None, controller: str | None = None, tapped: bool = False,
            counters: dict[str, int] | None = None, damage: int = 0,
            entered_this_turn: bool = False, attached_to: str | None = None,
            token: bool = False, emblem: bool = False, face_down: bool = False,
            attacking: bool = False) -> str:
        """Put an object straight into a zone, as set-up (not an event: nothing triggers).

        Cards go on top of a library, last in a hand or graveyard. Returns the object's id.
        """
        if zone not in ZONES:
            raise ValueError(f"can't set up an object in zone '{zone}' (use one of "
                             f"{', '.join(ZONES)})")
        why = reserved_id(str(id)) if id is not None else None
        if why:
            raise ValueError(f"an object can't have the id {id!r}: {why}")
        flags = (tapped, entered_this_turn, token, emblem, face_down, attacking)
        if id is not None or controller is not None or not _ONLY_BOOL.issuperset(map(type, flags)):
            self._check_set_up_values(id, controller, flags)  # (most set-ups: nothing to check)
        printed: CardDef | None
        if isinstance(card, CardDef):
            printed, chars, faces = card, card.characteristics(), card.faces
        elif isinstance(card, Characteristics):
            printed, chars, faces = None, card, (card,)
        else:
            raise ValueError(f"add() takes a card, not {card!r}: look it up first, as in "
                             f"catalog()[{str(card)!r}]")
        state = self.state
        if owner not in state.players:
            self._player(owner)  # which says there is no such player
        if counters or damage or type(damage) is not int:  # (nothing to check for most)
            _set_up_numbers(counters or {}, damage)
        if counters:
            _check_counter_kinds(counters)  # before anything changes
        check_zone(chars, zone)
        for face in faces:
            if face.grammar_fr:  # its French name's article and gender
                declare(face.name_fr, face.grammar_fr)
        if attached_to in self.state.players:  # checked first: a refusal changes nothing
            check_player_attachment(chars, zone, attached_to, controller or owner,
                                    player_protections(self.state, attached_to))
        elif attached_to is not None:
            host = self.obj(attached_to)
            check_attachment(chars, zone, host.copiable_values(), host.zone,
                             controller=controller or owner, host_controller=host.controller)
        obj = GameObject(
            id=self._new_id(id or slug(chars.name)), owner=owner,
            controller=controller or owner, zone=zone,
            card=printed,
            token_values=chars if (token or printed is None) and not emblem else None,
            emblem_values=chars if emblem else None, tapped=tapped, face_down=face_down,
            damage=damage, timestamp=state.next_timestamp + 1,
        )
        state.next_timestamp += 1  # (as _timestamp(), without a call for each object)
        if counters:
            obj.counters.update(counters)
        if zone == "library" and owner not in self.state.libraries_listed:
            self.state.libraries_listed.append(owner)  # a library with cards is listed
        if zone == "battlefield":
            obj.entered_turn = self.state.turn if entered_this_turn else 0
            if entered_this_turn and not self.timeline.steps:
                self._entered_at_setup.append(obj.id)  # the turn is set by start() (302.6)
            obj.under_control_since_turn = obj.entered_turn
            if chars.loyalty is not None and "loyalty" not in obj.counters:
                obj.counters["loyalty"] = chars.loyalty
        if attached_to is not None:
            obj.attached_to = attached_to
        self.state.objects[obj.id] = obj
        if obj.token_values is not None:  # a token (is_token, read without a call)
            self.state.tokens.append(obj.id)
        self.state.zone(owner, zone).append(obj.id)
        if attacking:
            self._set_up_attacking(obj)
        self._changed_since_step = bool(self.timeline.steps)
        return obj.id

    def _check_set_up_values(self, obj_id: str | None, controller: str | None,
                             flags: tuple[Any, ...]) -> None:
        """What :meth:`add` is given, checked before anything changes: an id is a text no
        object or player has (a scenario's ids are refused the same way), a controller is a
        player (102.1), and each flag true or false ("no" is a text, not false)."""
        if obj_id is not None:
            if not isinstance(obj_id, str) or not obj_id.strip():
                raise ValueError(f"an id is a text that isn't empty, not {obj_id!r}")
            if obj_id in self.state.objects or obj_id in self.state.players:
                raise ValueError(f"the id {obj_id!r} is already used: choose another, or none "
                                 "(a default id is made from the name)")
        if controller is not None:
            self._player(controller)
        if _ONLY_BOOL.issuperset(map(type, flags)):  # all true or false: one look, in C
            return
        for name, value in zip(_SET_UP_FLAGS, flags, strict=True):
            if not isinstance(value, bool):
                raise ValueError(f"{name} is True or False, not {value!r}")

    def _set_up_attacking(self, obj: GameObject) -> None:
        """Set-up: the creature is attacking the first opponent, as if put onto the battlefield
        attacking (506.3, 508.4); prefer declaring attackers in a combat step."""
        if obj.zone != "battlefield":
            raise ValueError(f"{obj.id} can attack only from the battlefield")
        controller = compute(self.state, obj.id).controller
        opponents = [p for p in self.state.player_order() if p != controller]
        combat = combat_of(self)
        combat.attackers[obj.id] = opponents[0] if opponents else ""
        combat.any_attackers = True

    def attach(self, obj_id: str, host_id: str) -> None:
        """Set-up: ``obj_id`` is attached to ``host_id`` (an Aura, Equipment or Fortification to
        what it can legally be attached to: 303.4, 301.5, 301.6, 704.5p)."""
        obj = self.obj(obj_id)
        if host_id in self.state.players:
            check_player_attachment(obj.copiable_values(), obj.zone, host_id, obj.controller,
                                    player_protections(self.state, host_id))
            self._set_up_attached(obj, host_id)
            return
        host = self.obj(host_id)
        # the host as the layers make it (704.5m): a creature that an effect makes a land may
        # be enchanted by an "Enchant land" Aura (a saved moment sets that up)
        seen = self.view(host_id) if host.zone == "battlefield" else None
        check_attachment(obj.copiable_values(), obj.zone,
                         seen.chars if seen is not None else host.copiable_values(), host.zone,
                         same_object=obj_id == host_id, controller=obj.controller,
                         host_controller=seen.controller if seen is not None
                         else host.controller)
        self._set_up_attached(obj, host_id)

    def _set_up_attached(self, obj: GameObject, host_id: str) -> None:
        obj.attached_to = host_id
        # after start(), as add() does: no recorded step holds it, so a refused action must
        # not roll back to one, and the next step keeps a full copy of the state
        self._changed_since_step = bool(self.timeline.steps)

    def start(self, active: str | None = None, step: str = "main1", turn: int = 1,
              priority: str | None = None, *, setup: Callable[[], State] | None = None
              ) -> None:
        """Finish set-up: whose turn, which step (and who has priority: by default the active
        player, 117.3a); record step 0. Once an action is recorded, the game has started: a
        second call (a notebook cell run again) would make the state after those actions the
        set-up and drop their steps, so it is refused. ``setup``: a function that makes this
        set-up's state again (the scenario runner's: the game built again from the scenario);
        step 0 then keeps no keyframe, and whoever reads its state, or one rebuilt from it,
        has it made again (:attr:`Step.setup`): a copy of every object that nobody may read."""
        if len(self.timeline.steps) > 1:
            raise ValueError(f"the game has started already (steps 0 to "
                             f"{len(self.timeline.steps) - 1} are recorded): start() finishes "
                             "the set-up once; to begin again, make a new Game, or "
                             "game.branch(0) for a copy from the set-up")
        for player in (active, priority):  # everything is checked before anything changes
            if player is not None:
                self._player(player)
        if step not in STEPS:
            raise ValueError(f"unknown step '{step}' (one of {', '.join(STEPS)})")
        if isinstance(turn, bool) or not isinstance(turn, int) or turn < 1:
            raise ValueError(f"the turn is a whole number of at least 1, not {turn!r}")
        spells = {item.source_id for item in self.state.stack if item.kind == "spell"}
        for obj_id in self.state.ids_in(None, "stack"):  # reads: creates no zone
            if obj_id not in spells:  # 405.1: the card of a spell, never a card alone
                raise RulesError(f"{obj_id} is in the stack zone but is no spell: cast it "
                                 "instead of setting it up there", rule="405.1",
                                 message_fr=f"{obj_id} est dans la zone de la pile sans être "
                                            "un sort : lancez-le plutôt que de l'y placer")
        if active is not None:
            self.state.active = self.state.priority = active
        if priority is not None:
            self.state.priority = priority
        self.state.step, self.state.turn = step, turn
        for obj_id in self._entered_at_setup:
            obj = self.state.objects[obj_id]
            obj.entered_turn = obj.under_control_since_turn = turn
        self._entered_at_setup = []
        self.timeline.steps.clear()
        self.timeline.steps.append(Step(
            0, "Set-up", "Mise en place",
            keyframe=self.state.keyframe(self._kept) if setup is None else None, setup=setup))

    # --- stepping back and branching -----------------------------------------------------------

    def undo(self) -> Step:
        """Take back the last action: drop its step and restore the state recorded before it."""
        steps = self.timeline.steps
        if len(steps) <= 1:
            raise ValueError("nothing to undo: only the set-up is left")
        dropped = steps.pop()
        self.state = steps[-1].state.snapshot()
        return dropped

    def branch(self, index: int | None = None) -> Game:
        """A new game that goes on from the state after step ``index`` (default: the last),
        with the steps up to it; this game is untouched. For "what if" comparisons."""
        steps = self.timeline.steps
        if not steps:
            raise ValueError("the game has no recorded step to branch from (call start() first)")
        index = self.timeline.position(index)
        new = Game(list(self.state.players), seed=self.seed, answerer=self.answerer,
                   keyframe_every=self.keyframe_every)
        new.state = steps[index].state.snapshot()
        new.timeline.steps = list(steps[: index + 1])  # steps never change once recorded
        new.cards, new.card_data = self.cards, self.card_data
        new.origin = {**self.origin, "what_if": True}
        return new

    def replay(self, answerer: Answerer | None = None) -> Game:
        """Play every recorded action again from the set-up, with the answers recorded for it:
        the same game, step for step (shuffles are seeded and the seed is in the set-up)."""
        if not self.timeline.steps:
            raise ValueError("the game has no recorded step to replay (call start() first)")
        first = self.timeline.steps[0]
        new = Game(list(self.state.players), seed=self.seed, answerer=answerer,
                   keyframe_every=self.keyframe_every)
        new.state = first.state.snapshot()
        new.timeline.steps = [first]
        for step in self.timeline.steps[1:]:
            new.replay_step(step)
        return new

    def replay_step(self, step: Step) -> None:
        """Play one recorded step's action again, with the answers recorded for it."""
        if step.call is None:
            raise ValueError(f"step {step.index} ({step.action}) was not made by a public "
                             "action, so it can't be replayed")
        answers = [{a.kind: a.answer} for a in step.answered]
        self.apply(step.call, answers=answers, line=step.script_line)

    @classmethod
    def scratch(cls, state: State, steps: list[Step]) -> Game:
        """A game that rebuilds a recorded state: it starts from ``state`` after ``steps`` and
        replays steps without keeping keyframes (see :attr:`Step.state`)."""
        new = cls(list(state.players))
        new.state = state
        new.timeline.steps = list(steps)
        new._scratch = True
        return new

    # --- saving a moment as a scenario ------------------------------------------------------

    def scenario_data(self, step: int | None = None, *, title: str | None = None,
                      title_fr: str | None = None) -> dict[str, Any]:
        """The scenario data (plain dicts and lists) whose set-up is the state after ``step``
        (default: the last). See :meth:`to_scenario`."""
        from . import saving
        from .cards import catalog

        steps = self.timeline.steps
        index = self.timeline.position(step) if steps else 0
        state = steps[index].state if steps else self.state
        cards = saving.cards_for(self.cards if self.cards is not None else catalog())
        what_if = bool(self.origin.get("what_if"))
        data: dict[str, Any] = {
            "title": title or saving.saved_title(self.origin.get("title"), index, what_if, "en"),
            "title_fr": title_fr or saving.saved_title(self.origin.get("title_fr"), index,
                                                       what_if, "fr"),
            "players": [p.name for p in sorted(state.players.values(), key=lambda p: p.index)],
            "seed": self.seed,
        }
        if self.card_data:
            data["cards"] = self.card_data
        data["setup"] = saving.state_setup(state, cards, self.seed, index)
        data["script"] = []
        return data

    def to_scenario(self, step: int | None = None, *, title: str | None = None,
                    title_fr: str | None = None, modeline: bool | str = True) -> str:
        """The set-up of a recorded moment as scenario YAML (as python-chess writes a FEN): the
        state after ``step`` (default: the last), stack, waiting triggers, combat, continuous
        effects and linked exiles included. Loaded and started, it is exactly that state.

        >>> from mtgrules import Game, catalog
        >>> from mtgrules.scenarios import parse_scenario
        >>> game = Game(["alice", "bob"])
        >>> bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
        >>> game.player("alice").mana_pool["R"] = 1
        >>> game.start()
        >>> sid = game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
        >>> text = game.to_scenario()
        >>> again = parse_scenario(text).new_game()
        >>> [(it.id, it.source_id, [str(t) for t in it.targets[0]]) for it in again.stack]
        [('S1', 'lightning-bolt', ['bob'])]

        ``modeline`` starts the text with the ``yaml-language-server`` line pointing at the
        shipped JSON Schema (True: its absolute path; a string: that path)."""
        from . import saving
        from .schema import schema_path

        text = saving.dump(self.scenario_data(step, title=title, title_fr=title_fr))
        if modeline:
            where = modeline if isinstance(modeline, str) else str(schema_path("scenario"))
            text = f"# yaml-language-server: $schema={where}\n" + text
        return text

    # --- looking at the game ---------------------------------------------------------------

    def obj(self, obj_id: str) -> GameObject:
        try:
            return self.state.objects[obj_id]
        except KeyError:
            raise RulesError(f"there is no object '{obj_id}'", rule="109.1",
                             message_fr=f"il n'y a pas d'objet « {obj_id} »") from None

    def view(self, obj_id: str) -> View:
        """The object's characteristics now, with every continuous effect applied (613)."""
        self.obj(obj_id)
        return compute(self.state, obj_id)

    def views(self) -> dict[str, View]:
        return compute_all(self.state)

    def zone(self, player: str | None, zone: str) -> list[str]:
        """Ids in a zone; libraries top first."""
        if zone not in ZONES:
            raise ValueError(f"unknown zone '{zone}'")
        if player is not None:
            self._player(player)  # a misspelt name is no empty zone
        if zone == "stack":
            return [it.id for it in reversed(self.state.stack)]
        ids = self.state.ids_in(player, zone)  # reading never creates a zone list
        return ids[::-1] if zone == "library" else ids

    @property
    def stack(self) -> list[StackItem]:
        """The stack, top first."""
        return list(reversed(self.state.stack))

    def player(self, name: str) -> Player:
        return self._player(name)

    def _heading(self, key: str, **params: Any) -> tuple[Heading, Heading]:
        """An action's heading in English and French (``player`` params are players' ids),
        written out only when someone reads it: one record, read in either language."""
        if "player" in params:
            params["player"] = _named_player(params["player"])
        heading = _new_heading(Heading, key, tuple(params.items()))
        return heading, heading

    def heading_names(self, obj_ids: Iterable[str], noun: Name) -> list[Name]:
        """The objects an action names in its heading: each one, or for many, how many and
        the most common names ("1,005 permanents (Grizzly Bears ×1,000, ...)")."""
        names = [self.name_of(i) for i in obj_ids]
        if len(names) <= HEADING_NAMES:
            return names
        from .text.numbers import number, times
        counts: dict[Name, int] = {}
        for n in names:
            counts[n] = counts.get(n, 0) + 1
        top = sorted(counts.items(), key=lambda kv: -kv[1])[:3]

        def text(lang: str) -> str:
            parts = [f"{n.in_(lang)} {times(k, lang)}" if k > 1 else n.in_(lang)
                     for n, k in top]
            rest = ", …" if len(counts) > len(top) else ""
            return f"{number(len(names), lang)} {noun.in_(lang)} ({', '.join(parts)}{rest})"
        return [Name(text("en"), text("fr"))]

    def name_of(self, obj_id: str) -> Name:
        if obj_id in self.state.players:
            return _named_player(obj_id)
        obj = self.state.objects.get(obj_id)
        if obj is None:
            item = self.state.item(obj_id)
            return Name(item.source_name, item.source_name_fr) if item else Name(obj_id, obj_id)
        if obj.face_down:  # 708.2: it has no name; what it is stays hidden (406.3, 708.5)
            return Name("a face-down permanent", "un permanent face cachée") \
                if obj.zone == "battlefield" else Name("a face-down card", "une carte face cachée")
        chars = obj.copiable_values()
        if not chars.name:  # a copy of a face-down permanent (707.2): a name of nothing
            return Name("an object with no name", "un objet sans nom")
        return chars.names

    def ref_name(self, ref: Ref) -> Name:
        if ref.kind == "stack":
            return Name(ref.id, ref.id)
        n = self.name_of(ref.id)
        return n if ref.kind == "player" else Name(f"{n.en} ({ref.id})", f"{n.fr} ({ref.id})")

    def __repr__(self) -> str:
        s = self.state
        return (f"<Game turn {s.turn} {s.step}, active {s.active}, "
                f"{len(s.stack)} on the stack, {plural('en', len(self.timeline), 'step')}>")

    def _repr_svg_(self) -> str:
        """In a notebook a game shows its board now (400.1), the stack included. The drawing
        code (a view, above the engine) is imported only here, when a notebook asks."""
        from .draw import board_view

        return board_view(self.state).svg()

    # --- internal helpers --------------------------------------------------------------------

    def _player(self, name: str) -> Player:
        try:
            return self.state.players[name]
        except KeyError:
            raise RulesError(f"there is no player '{name}' (players: "
                             f"{', '.join(self.state.players)})", rule="102.1",
                             message_fr=f"il n'y a pas de joueur « {name} » (joueurs : "
                                        f"{', '.join(self.state.players)})") from None

    def _require_not_over(self) -> None:
        """104.1: a game ends at once when a player wins or it is a draw; its board is kept to
        look at (and steps to go back to), but nothing more happens in it."""
        left = [p for p in self.state.player_order() if p not in self.state.lost]
        if left:
            name = player_name(left[0])
            raise RulesError(f"the game is over: {name} won it", rule="104.1",
                             message_fr=f"la partie est terminée : {name} l'a gagnée")
        raise RulesError("the game is over: it is a draw", rule="104.1",
                         message_fr="la partie est terminée : elle est nulle")

    def _require_in_game(self, player: str | None) -> None:
        """800.4a: a player who lost a game of three or more left it, and acts no more (not
        "doesn't have priority": they will never get it again)."""
        if player is not None and self.state.has_left(player):
            name = player_name(player)
            raise RulesError(f"{name} lost and left the game: a player who has left the game "
                             "takes no actions", rule="800.4a",
                             message_fr=f"{name} a perdu et a quitté la partie : un joueur qui "
                                        "a quitté la partie n'agit plus")

    def _new_id(self, wanted: str) -> str:
        if wanted not in self.state.objects and wanted not in self.state.players:
            return wanted
        n = 2
        while f"{wanted}-{n}" in self.state.objects:
            n += 1
        return f"{wanted}-{n}"

    def _timestamp(self) -> int:
        self.state.next_timestamp += 1
        return self.state.next_timestamp

    def _stack_id(self) -> str:
        sid = f"S{self.state.next_stack_id}"
        self.state.next_stack_id += 1
        return sid

    def fire_events(self, events: list[Event]) -> None:
        """Events that happened outside a zone change (a player gained life): the triggered
        abilities they trigger wait for the next time a player would receive priority (603.3).
        For the modules below triggers.py (damage.py), which can't import it."""
        fire(self, events)

    def log(self, key: str, *rules: str, **params: Any) -> None:
        """Add a log entry to the step being recorded."""
        entries = self._entries
        if entries is not None:
            entry: Any = _new_object(_ENTRY_TWIN)  # LogEntry(key, params, rules), made in place
            entry.key, entry.params = key, tuple(params.items())
            entry.rules = tuple(dict.fromkeys(rules)) if len(rules) > 1 else rules
            entry.__class__ = LogEntry
            entries.append(entry)

    def logged(self) -> int:
        """How many entries the step being recorded has so far (0 when none is recorded): a
        mark for :meth:`logged_since`."""
        return len(self._entries) if self._entries is not None else 0

    def logged_since(self, mark: int) -> tuple[LogEntry, ...]:
        """The entries logged since ``mark`` (:meth:`logged`): what a replacement's own
        instructions did instead of the event (614.11, 614.6)."""
        return tuple(self._entries[mark:]) if self._entries is not None else ()

    def note_replaced(self, effect: Any, before: Any, after: Any,
                      chain: int | None = None) -> int | None:
        """Record that a replacement or prevention effect (a ``replacement.Candidate``) turned
        the would-be event ``before`` into ``after`` (None: nothing happens), for the views
        (:class:`mtgrules.replaced.Replaced`, in :attr:`Step.replaced`). ``chain`` groups the
        effects applied one after another to one event (616.1): None for its first; returns
        the chain to pass with the next one."""
        if self._entries is None or self._scratch or after == before:
            return chain  # no step is being recorded, a recorded one is being rebuilt, or the
            # effect left the event as it was ("you may ... enter as a copy": no)
        replaced = self._replaced
        if chain is None:
            self._chains += 1
            chain = self._chains
            order = 1
        elif replaced and replaced[-1].chain == chain:  # the chain's last record: the usual
            order = replaced[-1].order + 1
        else:  # another event's records came in between (a replacement's own instructions)
            order = 1 + sum(r.chain == chain for r in replaced)
        replaced.append(record_replaced(self, effect, before, after, chain, order))
        return chain

    def ask(self, question: Question) -> Any:
        """Ask a question through the answerer; check and record the answer (or raise)."""
        if not question.options and question.number_range is None and question.min > 0:
            raise RulesError(f"no legal answer to '{question.prompt}'", rule=question.rule,
                             message_fr=f"aucune réponse légale à « {question.prompt_fr} »")
        answerer = self._scripted or self.answerer
        raw = answerer.answer(question)
        value = question.check(raw)
        default = isinstance(answerer, ScriptedAnswerer) and answerer.last_was_default \
            or isinstance(answerer, DefaultPolicy)
        self._answered.append(Answered(question.kind, question.player, question.prompt,
                                       question.prompt_fr,
                                       tuple([o.key for o in question.options]), raw, default,
                                       question.options))
        return value

    def answer_given(self, kind: str) -> bool:
        """The action being performed came with an answer, not taken yet, to a question of
        ``kind`` (a declaration of attackers given with it...)."""
        return self._scripted is not None and self._scripted.waiting(kind)

    def ask_yes_no(self, kind: str, player: str, prompt: str, prompt_fr: str,
                   can_say_yes: bool = True, rule: str = "") -> bool:
        options = [Option("yes", True, "yes", "oui")] if can_say_yes else []
        options.append(Option("no", False, "no", "non"))
        return self.ask(Question(kind, player, prompt, prompt_fr, options, rule=rule))

    # --- running actions -------------------------------------------------------------------

    def perform(self, action: str | Heading, action_fr: str | Heading, fn: Callable[[], Any],
                answers: Answers = None, *, line: int | None = None,
                call: GameAction | None = None) -> Any:
        """Run ``fn`` as one action, recorded as one step (``call``: the action, to replay
        it): all of it, or nothing (:meth:`transaction`)."""
        shared = answers if isinstance(answers, ScriptedAnswerer) else None
        saved = shared.checkpoint() if shared is not None else None
        # the transaction, written out: an action is the hot path. Between actions (most
        # often) the savepoint is made here: _savepoint's, with nothing to copy
        steps = len(self.timeline.steps)
        point: _Savepoint | None = (False, steps, False, None, 0, len(self._answered),
                                    len(self._replaced)) \
            if steps and self._entries is None and not self._scratch \
            and not self._changed_since_step else self._savepoint()
        try:
            return self._perform(action, action_fr, fn, answers, line, call)
        except BaseException:
            if point is not None:
                self._roll_back(point)
            if shared is not None and saved is not None:
                shared.rewind(saved)
            raise

    def _perform(self, action: str | Heading, action_fr: str | Heading, fn: Callable[[], Any],
                 answers: Answers, line: int | None, call: GameAction | None) -> Any:
        if not self.timeline.steps:
            self.start(self.state.active, self.state.step, self.state.turn)
        previous = self.timeline.steps[-1]
        self._entries, self._answered, self._replaced = [], [], []
        if isinstance(answers, ScriptedAnswerer):
            self._scripted = answers
        else:
            self._scripted = ScriptedAnswerer(answers or [], fallback=self.answerer) \
                if answers is not None else None
        own = answers is not None and not isinstance(answers, ScriptedAnswerer)
        try:
            result = fn()
            self.settle()
            if own and self._scripted is not None and self._scripted.unused():
                raise unasked_answers(self, self._scripted.unused())
        finally:
            entries, answered, replaced = self._entries, self._answered, self._replaced
            self._entries, self._scripted, self._replaced = None, None, []
        self.timeline.steps.append(self._record(previous, action, action_fr, entries, answered,
                                                replaced, line, call))
        return result

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """All or nothing: the one rollback. If the body raises, the game is put back exactly
        as it was when it began (its state, its recorded steps, and the log entries and answers
        of the action under way) and the exception goes on. Every action runs in one
        (:meth:`perform`); so do resolving several times and an effect's attempt to cast
        (608.2g).

        Between actions nothing is copied: the state to go back to is the last recorded
        step's (a keyframe, or rebuilt by replaying). Inside an action, or after set-up
        changes no step records, the state is copied first (:meth:`State.snapshot`)."""
        point = self._savepoint()
        try:
            yield
        except BaseException:
            if point is not None:
                self._roll_back(point)
            raise

    def _savepoint(self) -> _Savepoint | None:
        """Where :meth:`transaction` goes back to (None: a rebuilding game, never refused)."""
        if self._scratch:  # rebuilding a recorded state: replaying is never refused
            return None
        entries = self._entries
        inside = entries is not None
        steps, changed = len(self.timeline.steps), self._changed_since_step
        saved = self.state.snapshot() if inside or not steps or changed else None
        return (inside, steps, changed, saved, len(entries) if entries is not None else 0,
                len(self._answered), len(self._replaced))

    def _roll_back(self, point: _Savepoint) -> None:
        inside, steps, changed, saved, entries, answered, replaced = point
        del self.timeline.steps[steps:]
        self.state = saved if saved is not None else self.timeline.steps[-1].state.snapshot()
        self._changed_since_step = changed
        if inside and self._entries is not None:
            del self._entries[entries:]
            del self._answered[answered:]
            del self._replaced[replaced:]

    def _record(self, previous: Step, action: str | Heading, action_fr: str | Heading,
                entries: list[LogEntry], answered: list[Answered], replaced: list[Any],
                line: int | None, call: GameAction | None) -> Step:
        """The step just performed: its action, answers and log; a full snapshot only when a
        keyframe is due, or when the step can't be replayed (no recorded call)."""
        steps = previous.since_keyframe + 1
        work = previous.replay_work + self.KEYFRAME_WORK + (len(entries) + len(answered)) // 4
        keyframe = None
        # A set-up change since the last step (add() after start()) can't be replayed: keep it.
        if not self._scratch and (call is None or self._changed_since_step
                                  or self._keyframes and self._keyframe_due(steps, work)):
            keyframe, steps, work = self.state.keyframe(self._kept), 0, 0
        self._changed_since_step = False
        # Step(index, action, ..., replaced), made in place as its __init__ would (a step a
        # check records ~900 times: the class call cost as much again); every field is set
        # (tests/test_recording.py reads each one of a step recorded so)
        step = _new_object(Step)
        step.index, step._action, step._action_fr = len(self.timeline.steps), action, action_fr
        step.entries, step.answered, step.keyframe = entries, answered, keyframe
        step.script_line, step.call = line, call
        step.previous = None if self._scratch else previous
        step.since_keyframe, step.replay_work, step.replaced = steps, work, replaced
        step.setup = None
        return step

    def _keyframe_due(self, steps: int, work: int) -> bool:
        """Is it time for a full snapshot, ``steps`` steps after the last one? Automatically,
        when replaying those steps would cost more than copying the state: a copy costs about
        one unit per object and a sixteenth of one per entry of the stack and of the records;
        replaying a step costs :attr:`KEYFRAME_WORK` units and a quarter of one per log entry
        and answer. So recording costs a constant per step on average, rebuilding a state
        replays at most about one copy's worth of work, and a big step (a thousand creatures
        dying at once) is a keyframe itself."""
        if self.keyframe_every is not None:
            return steps >= self.keyframe_every
        s = self.state
        size = len(s.objects) + (len(s.stack) + len(s.triggered) + len(s.resolved)) // 16
        return work >= size

    def settle(self) -> None:
        """Before a player receives priority: state-based actions, then triggered abilities on
        the stack, repeated until neither happens (117.5, 704.3)."""

        checked = False  # looked since the last change a state-based action looks at
        for _ in range(SETTLE_LIMIT):
            # 506.4 (not a state-based action: before them); the views it looked at, if it
            # changed nothing, are the ones the state-based actions look at
            if not checked and check_state_based_actions(self, remove_noncombatants(self)):
                continue
            if not self.state.pending:
                return
            put_triggers_on_stack(self)
            # Putting triggered abilities on the stack (603.3) changes only the stack and
            # what waits to trigger (becoming a target may trigger: 115.1, 603.2), nothing a
            # state-based action looks at (704.5: permanents, life totals, tokens, draws),
            # nor who is a creature in combat (506.4): the looks that found nothing still
            # hold, so the next round skips them.
            checked = True
        # 104.4b: a loop of mandatory actions that never ends is a draw. The kit stops it and
        # refuses the action (the game is put back) rather than running, and growing, forever.
        raise RulesError(f"state-based actions and triggers repeat without end (more than "
                         f"{SETTLE_LIMIT} rounds): a mandatory loop", rule="104.4b",
                         message_fr="les actions basées sur un état et les capacités "
                                    "déclenchées se répètent sans fin (plus de "
                                    f"{SETTLE_LIMIT} tours) : une boucle obligatoire")

    # --- actions: public methods, each one a GameAction applied by the one dispatcher ----------

    def apply(self, action: GameAction, *, answers: Answers = None,
              line: int | None = None, keyframe: bool = True) -> Any:
        """Do ``action`` to the game: the one way an action is played, whoever asks (the
        methods below, the scenario runner, the widgets' action panel, :meth:`replay`). All of
        it happens, or none of it (:meth:`transaction`). A player action without a player is
        the priority player's. ``keyframe=False``: the steps it records keep no full state
        even when one is due, for a caller that knows nobody will read them soon (the
        scenario runner, runner.keyframes_read): such a step is rebuilt when read, as any step
        without one, by replaying (the game goes on from it as from any other).

        >>> from mtgrules import Game, catalog
        >>> game = Game(["alice", "bob"])
        >>> bears = game.add(catalog()["Grizzly Bears"], "battlefield", "bob")
        >>> game.apply(GameAction("destroy", objects=(bears,)))
        >>> game.timeline[-1].call
        GameAction('destroy', objects=('grizzly-bears',))
        """
        if self.state.game_over:
            self._require_not_over()
        if action.player is None and action.kind in PLAYER_ACTIONS:
            # recorded with its player: a replay doesn't depend on who had priority
            action = action.by(self.state.priority)
        elif self.state.lost and action.kind in PLAYER_ACTIONS:
            self._require_in_game(action.player)
        handler: Callable[[GameAction, Answers, int | None], Any] = \
            self._resolve_times if action.kind == "resolve" and action.times != 1 \
            else getattr(self, HANDLERS[action.kind])
        if not keyframe:
            self._keyframes = False
        held = hold()  # the collector skips the record while the action runs (collector.py)
        try:
            return handler(action, answers, line)
        finally:
            release(held)
            if not keyframe:
                self._keyframes = True

    def cast(self, player: str, card_id: str, *, answers: Answers = None,
             line: int | None = None) -> str:
        """Cast a spell from hand (601.2); returns its stack id."""
        return self.apply(GameAction("cast", player, (card_id,)), answers=answers, line=line)

    def activate(self, player: str, source_id: str, ability: int = 0, *,
                 answers: Answers = None, line: int | None = None) -> str | None:
        """Activate the ``ability``-th activated ability of a permanent (602.2)."""
        return self.apply(GameAction("activate", player, (source_id,), ability), answers=answers,
                          line=line)

    def play_land(self, player: str, card_id: str, *, answers: Answers = None,
                  line: int | None = None) -> None:
        """Play a land from hand, a special action without the stack (116.2a, 305.1)."""
        self.apply(GameAction("play_land", player, (card_id,)), answers=answers, line=line)

    def pass_priority(self, player: str | None = None, *, answers: Answers = None,
                      line: int | None = None) -> None:
        """The player with priority passes (117.3d); when all pass in succession the top of
        the stack resolves (405.5, 608) or the step ends (500.2)."""
        self.apply(GameAction("pass_priority", player), answers=answers, line=line)

    def resolve(self, times: int | str = 1, *, answers: Answers = None,
                line: int | None = None) -> str | None:
        """All players pass in succession: the top object of the stack resolves (405.5).
        ``times``: that many times (or ``"all"``: until the stack is empty), sharing the
        answers, all or nothing; each resolution is a step. Returns the last resolved id."""
        return self.apply(GameAction("resolve", times=times), answers=answers, line=line)

    def next_step(self, to: str | None = None, *, answers: Answers = None,
                  line: int | None = None) -> None:
        """All players pass in succession with an empty stack: the step ends and the next one
        begins, with its turn-based actions (500.2). With ``to``, steps follow one another
        until that one begins; each time the stack must stay empty."""
        self.apply(GameAction("next_step", to=to), answers=answers, line=line)

    def declare_attackers(self, attackers: Any = None, *, answers: Answers = None,
                          line: int | None = None) -> None:
        """Go on to the declare attackers step, where the active player declares ``attackers``
        (``{creature: player or planeswalker}``, or a list of creatures): 508.1."""
        self.apply(GameAction("declare_attackers", declaration=attackers), answers=answers,
                   line=line)

    def declare_blockers(self, blockers: Any = None, *, answers: Answers = None,
                         line: int | None = None) -> None:
        """Go on to the declare blockers step, where the defending player declares ``blockers``
        (``{blocker: attacker}``): 509.1."""
        self.apply(GameAction("declare_blockers", declaration=blockers), answers=answers,
                   line=line)

    def combat_damage(self, assignments: dict[str, Any] | None = None, *,
                      answers: Answers = None, line: int | None = None) -> None:
        """Go on to the (next) combat damage step; ``assignments`` says how a creature that
        must divide its damage divides it: ``{creature: {recipient: amount}}`` (510.1c-d)."""
        self.apply(GameAction("combat_damage", declaration=assignments), answers=answers,
                   line=line)

    def destroy(self, *obj_ids: str, answers: Answers = None, line: int | None = None) -> None:
        """Destroy permanents at the same time (701.8): each goes to its owner's graveyard."""
        self.apply(GameAction("destroy", objects=obj_ids), answers=answers, line=line)

    def exile(self, *obj_ids: str, answers: Answers = None, line: int | None = None) -> None:
        """Exile permanents at the same time (701.13a). A creature exiled leaves the battlefield
        without dying (700.4)."""
        self.apply(GameAction("exile", objects=obj_ids), answers=answers, line=line)

    def sacrifice(self, player: str, *obj_ids: str, answers: Answers = None,
                  line: int | None = None) -> None:
        """``player`` sacrifices permanents they control (701.21a)."""
        self.apply(GameAction("sacrifice", player, obj_ids), answers=answers, line=line)

    def put_into_graveyard(self, *obj_ids: str, answers: Answers = None,
                           line: int | None = None) -> None:
        """Put objects into their owners' graveyards from wherever they are (a "mill" or a
        discard, or from the battlefield without destroying)."""
        self.apply(GameAction("put_into_graveyard", objects=obj_ids), answers=answers, line=line)

    def put_onto_battlefield(self, *obj_ids: str, answers: Answers = None,
                             line: int | None = None) -> None:
        """Put cards onto the battlefield under their owners' control at the same time, as one
        event, the way an effect would (400.7, 603.6a). Something entering "as a copy" chooses
        among permanents already there, not those entering with it (614.12a, 707.5)."""
        self.apply(GameAction("put_onto_battlefield", objects=obj_ids), answers=answers,
                   line=line)

    def deal_damage(self, amount: int, *obj_ids: str, answers: Answers = None,
                    line: int | None = None) -> None:
        """Deal damage to creatures or players (120); lethal damage is a state-based action."""
        self.apply(GameAction("deal_damage", objects=obj_ids, amount=amount), answers=answers,
                   line=line)

    # --- what each kind of action does (the dispatch table, HANDLERS, is below the class) -----

    def _who(self, a: GameAction) -> str:
        assert a.player is not None, "apply gives a player action its player"
        return a.player

    def _named(self, obj_id: str) -> Name:
        return self.name_of(obj_id) if obj_id in self.state.objects else Name(obj_id, obj_id)

    def _do_cast(self, a: GameAction, answers: Answers, line: int | None) -> str:
        player, card_id = self._who(a), a.object
        return self.perform(*self._heading("act_cast", player=player, card=self._named(card_id)),
                            lambda: cast_spell(self, player, card_id), answers, line=line,
                            call=a)

    def _do_activate(self, a: GameAction, answers: Answers, line: int | None) -> str | None:
        player, source_id = self._who(a), a.object
        return self.perform(*self._heading("act_activate", player=player,
                                           card=self._named(source_id)),
                            lambda: activate_ability(self, player, source_id, a.ability),
                            answers, line=line, call=a)

    def _do_play_land(self, a: GameAction, answers: Answers, line: int | None) -> None:
        player, card_id = self._who(a), a.object
        self.perform(*self._heading("act_play", player=player, card=self._named(card_id)),
                     lambda: play_land(self, player, card_id), answers, line=line, call=a)

    def _do_pass(self, a: GameAction, answers: Answers, line: int | None) -> None:
        who = self._who(a)
        self.perform(*self._heading("act_pass", player=who), lambda: self._pass(who), answers,
                     line=line, call=a)

    def _do_resolve(self, a: GameAction, answers: Answers, line: int | None) -> str:
        if not self.state.stack:
            raise RulesError("the stack is empty: nothing to resolve", rule="405.5",
                             message_fr="la pile est vide : rien à résoudre")
        top = self.state.stack[-1]
        name = Name(top.source_name, top.source_name_fr)
        sid = self.perform(*self._heading("act_resolve", id=top.id, source=name),
                           self._resolve_top, answers, line=line, call=a)
        step = self.timeline.steps[-1]
        if step.entries and step.entries[0].key == "fizzles":
            # 608.2b: it doesn't resolve, as the step's first line says: so does its heading
            # (known only once its targets are checked again, so set as the step is recorded)
            step._action, step._action_fr = self._heading("act_not_resolve", id=top.id,
                                                          source=name)
        return sid

    def _resolve_times(self, a: GameAction, answers: Answers, line: int | None) -> str | None:
        """Resolve ``a.times`` times (or until the stack is empty), one step each, sharing the
        answers: all or nothing, like any action (an answer never asked for refuses it)."""
        if isinstance(a.times, bool) or not (a.times == "all" or isinstance(a.times, int)
                                             and a.times >= 0):
            raise ValueError(f"resolve how many times? a number or 'all', not {a.times!r}")
        shared = answers if isinstance(answers, ScriptedAnswerer) else \
            ScriptedAnswerer(answers or [], fallback=self.answerer)
        left, last = a.times, None
        one = GameAction("resolve")
        with self.transaction():
            while (left == "all" and self.state.stack) or (isinstance(left, int) and left > 0):
                last = self._do_resolve(one, shared, line)
                left = left - 1 if isinstance(left, int) else left
            if shared.unused():
                raise unasked_answers(self, shared.unused())
        return last

    def _do_next_step(self, a: GameAction, answers: Answers, line: int | None) -> None:
        if a.to is not None and a.to not in STEPS:
            raise ValueError(f"unknown step '{a.to}' (one of {', '.join(STEPS)})")
        en, fr = _on_to(a.to)
        self.perform(en, fr, lambda: self._steps_until(a.to), answers, line=line, call=a)

    def _do_combat(self, a: GameAction, answers: Answers, line: int | None) -> None:
        """Go on to a combat step with its declaration given as its question's answer
        (attackers, blockers; damage assignments are one answer per dividing creature)."""
        step = a.kind
        if step == "combat_damage":
            given: list[dict[str, Any]] = [{"assign_damage": {k: v}}
                                           for k, v in (a.declaration or {}).items()]
        else:
            kind = "attackers" if step == "declare_attackers" else "blockers"
            declared = a.declaration if a.declaration is not None else []
            # several defending players' blocks in one mapping: each one's, in turn (802.4a)
            given = [{kind: d} for d in (blocks_by_player(self, declared)
                                         if kind == "blockers" else [declared])]
        if isinstance(answers, ScriptedAnswerer):
            raise ValueError("a combat step's declaration takes its answers as a list")
        given += list(answers or [])
        en, fr = _on_to(step)
        # Recorded as the step it went on to: the answers, recorded too, carry the declaration.
        self.perform(en, fr, lambda: self._steps_until(step, strict=True), given, line=line,
                     call=GameAction("next_step", to=step))

    def _do_move(self, a: GameAction, answers: Answers, line: int | None) -> None:
        """Destroy (701.8a) or exile (701.13a) permanents at the same time."""
        self._require_objects(a)
        to, rule, verb = ("graveyard", "701.8a", "destroy") if a.kind == "destroy" \
            else ("exile", "701.13a", "exile")
        obj_ids = a.objects

        def move() -> None:
            for i in obj_ids:
                self._require_on_battlefield(i)
            views = compute_all(self.state, ("battlefield",)) if to == "graveyard" else {}
            ids = [i for i in obj_ids
                   if to != "graveyard" or not indestructible(self, i, views.get(i))]
            if ids:
                move_many(self, [(i, to) for i in ids], cause=verb, rule=rule)

        names = self.heading_names(obj_ids, PERMANENTS)
        self.perform(*self._heading(f"act_{verb}", objs=names), move, answers, line=line,
                     call=a)

    def _do_sacrifice(self, a: GameAction, answers: Answers, line: int | None) -> None:
        self._require_objects(a)
        player = self._who(a)
        names = self.heading_names(a.objects, PERMANENTS)
        self.perform(*self._heading("act_sacrifice", player=player, objs=names),
                     lambda: sacrifice(self, player, list(a.objects)), answers, line=line,
                     call=a)

    def _do_put_into_graveyard(self, a: GameAction, answers: Answers, line: int | None) -> None:
        self._require_objects(a)
        obj_ids = a.objects

        def put() -> None:
            for i in obj_ids:
                if self.obj(i).zone == "stack":
                    raise RulesError(f"{i} is a spell on the stack: to take it off the stack, "
                                     "counter it", rule="701.6a",
                                     message_fr=f"{i} est un sort sur la pile : pour l'en "
                                                "retirer, il faut le contrecarrer")
            move_many(self, [(i, "graveyard") for i in obj_ids], cause="put", rule="400.7")

        self.perform(*self._heading("act_put_graveyard",
                                    objs=self.heading_names(obj_ids, CARDS)),
                     put, answers, line=line, call=a)

    def _do_put_onto_battlefield(self, a: GameAction, answers: Answers, line: int | None
                                 ) -> None:
        self._require_objects(a)
        self.perform(*self._heading("act_put_battlefield",
                                    objs=self.heading_names(a.objects, CARDS)),
                     lambda: self._put_onto_battlefield(a.objects), answers, line=line, call=a)

    def _do_deal_damage(self, a: GameAction, answers: Answers, line: int | None) -> None:
        self._require_objects(a)
        amount, obj_ids = a.amount, a.objects
        self._damage_amount(amount, obj_ids)
        to = [self.ref_name(Ref("player", i) if i in self.state.players else Ref("object", i))
              for i in obj_ids]

        def deal() -> None:
            for ref in [self._damage_recipient(i) for i in obj_ids]:
                damage_to(self, None, ref, amount)

        self.perform(*self._heading("act_damage", n=amount, to=to), deal, answers, line=line,
                     call=a)

    # --- the rules behind the actions --------------------------------------------------------

    def _pass(self, who: str) -> None:
        s = self.state
        self._player(who)
        if who != s.priority:
            name, has = player_name(who), player_name(s.priority or "")
            raise RulesError(f"{name} doesn't have priority ({has} does)", rule="117.3d",
                             message_fr=f"{name} n'a pas la priorité ({has} l'a)")
        s.passes += 1
        order = s.player_order()
        if s.passes < len(order):
            s.priority = order[(order.index(who) + 1) % len(order)]
            self.log("passes", "117.3d", player=who)
            return
        self.log("all_pass", "117.4", player=who)
        if s.stack:
            self._resolve_top()
        else:
            self._next_step()

    def _steps_until(self, to: str | None, strict: bool = False) -> None:
        """Move on step by step until ``to`` begins (or one step)."""
        s = self.state
        if s.stack:
            raise RulesError("the stack is not empty: a step ends only when all players pass "
                             "with an empty stack", rule="500.2",
                             message_fr="la pile n'est pas vide : une étape ne se termine que "
                                        "quand tous les joueurs passent alors que la pile est "
                                        "vide")
        if strict and to in COMBAT_STEPS:
            self._check_combat_order(to)
        start_turn = s.turn
        while True:
            self._next_step(stop_in_cleanup=to == "cleanup")
            self.settle()
            if to is None or (s.step == to and s.turn == start_turn) or s.turn > start_turn:
                break
            if s.stack:
                here = Name(*STEP_NAMES[s.step])
                raise RulesError(f"something went on the stack in the {here.en}: it must resolve "
                                 f"before the game can go on to {Name(*STEP_NAMES[to]).en}",
                                 rule="500.2",
                                 message_fr=f"quelque chose a été mis sur la pile ({here.fr}) "
                                            ": il faut le résoudre avant de passer à l'étape "
                                            f"suivante ({Name(*STEP_NAMES[to]).fr})")
        if to is not None and s.step != to:
            raise RulesError(f"the {Name(*STEP_NAMES[to]).en} doesn't come before the turn ends "
                             "(no creature attacks: 508.8)" if to in COMBAT_STEPS else
                             f"the {Name(*STEP_NAMES[to]).en} doesn't come again this turn",
                             rule="508.8" if to in COMBAT_STEPS else "500.1",
                             message_fr=f"cette étape ne vient pas avant la fin du tour "
                                        f"({Name(*STEP_NAMES[to]).fr})")

    def _check_combat_order(self, to: str) -> None:
        """Declaring attackers comes before blockers, and blockers before damage (506.1)."""
        here = self.state.step
        combat = self.state.combat
        before = {"declare_attackers": ("main1", "beginning_of_combat"),
                  "declare_blockers": ("declare_attackers",),
                  "combat_damage": ("declare_attackers", "declare_blockers")}.get(to, ())
        second = here == "combat_damage" and to == "combat_damage" and combat is not None \
            and combat.two_damage_steps and combat.damage_step == 1
        if before and here not in before and not second:
            allowed = " or ".join(Name(*STEP_NAMES[b]).en for b in before)
            now, step = Name(*STEP_NAMES[here]), Name(*STEP_NAMES[to])
            raise RulesError(f"the {step.en} can't begin now: the game is in the {now.en}, "
                             f"and it follows the {allowed}", rule="506.1",
                             message_fr=f"cette étape ({step.fr}) ne peut pas commencer "
                                        f"maintenant : la partie en est à cette étape-ci : "
                                        f"{now.fr}")

    def _resolve_top(self) -> str:
        sid = resolve_top(self)
        s = self.state
        s.passes = 0
        # 117.3b; 800.4j: the next player in turn order if the active player left the game
        s.priority = s.active if not s.lost else s.player_order()[0]
        return sid

    def _next_step(self, stop_in_cleanup: bool = False) -> None:
        next_step(self, stop_in_cleanup)

    def _put_onto_battlefield(self, obj_ids: Iterable[str]) -> None:
        ids = list(obj_ids)  # each named once (_require_objects)
        for i in ids:
            obj = self.obj(i)
            if obj.zone in ("battlefield", "stack"):
                raise RulesError(f"{i} is in the {obj.zone}: only a card in another zone can be "
                                 "put onto the battlefield", rule="400.7",
                                 message_fr=f"{i} n'est pas dans une zone d'où le mettre sur le "
                                            "champ de bataille")
            types = obj.copiable_values().card_types
            if "instant" in types or "sorcery" in types:
                rule = "304.4" if "instant" in types else "307.4"
                raise RulesError(f"{i} is an instant or sorcery card: it can't enter the "
                                 "battlefield", rule=rule,
                                 message_fr=f"{i} est une carte d'éphémère ou de rituel : elle "
                                            "ne peut pas arriver sur le champ de bataille")
        move_many(self, [(i, "battlefield") for i in ids], cause="put", rule="110.2")

    def _damage_amount(self, amount: Any, obj_ids: tuple[str, ...]) -> None:
        """107.1b: no negative damage (and an amount is a whole number)."""
        _whole_number(amount, "damage is", "des blessures sont")

    def _damage_recipient(self, obj_id: str) -> Ref:
        """120.1: damage is dealt to players, creatures, planeswalkers and battles only, so to
        permanents on the battlefield, not to cards elsewhere."""
        if obj_id in self.state.players:
            return Ref("player", obj_id)
        obj = self.obj(obj_id)
        view = compute(self.state, obj_id)
        if obj.zone != "battlefield" or not any(view.is_(t) for t in
                                                ("creature", "planeswalker", "battle")):
            raise RulesError(f"{obj_id} can't be dealt damage: only players and creatures, "
                             "planeswalkers or battles on the battlefield can", rule="120.1",
                             message_fr=f"{obj_id} ne peut pas subir de blessures : seuls les "
                                        "joueurs, et les créatures, planeswalkers ou batailles "
                                        "sur le champ de bataille, le peuvent")
        return Ref("object", obj_id, obj.zcc)

    def _require_objects(self, a: GameAction) -> None:
        """An event with nothing to act on is a mistake in the call, not an empty step: refused
        before anything happens (a scenario file refuses it as it loads)."""
        if not a.objects:
            en, fr = NOTHING_GIVEN[a.kind]
            raise RulesError(f"{en} ({a.kind} was given none)",
                             message_fr=f"{fr} ({a.kind} n'en a reçu aucun)")
        if len(set(a.objects)) != len(a.objects):  # one event moves (or damages) an object
            # once; moved, it is a new object (400.7)
            twice = sorted(i for i, n in Counter(a.objects).items() if n > 1)
            raise RulesError(f"the same object is named twice: {', '.join(twice)}", rule="400.7",
                             message_fr=f"le même objet est nommé deux fois : {', '.join(twice)}")

    def _require_on_battlefield(self, obj_id: str) -> GameObject:
        obj = self.obj(obj_id)
        if obj.zone != "battlefield":
            raise RulesError(f"{obj_id} is not on the battlefield (it is in the {obj.zone})",
                             rule="110.1",
                             message_fr=f"{obj_id} n'est pas sur le champ de bataille")
        return obj


#: What each kind of action does: the one dispatch table (see :meth:`Game.apply`).
#: Each handler is named, so a subclass (or a test) may replace one.
HANDLERS: dict[str, str] = {
    "cast": "_do_cast",
    "activate": "_do_activate",
    "play_land": "_do_play_land",
    "pass_priority": "_do_pass",
    "resolve": "_do_resolve",
    "next_step": "_do_next_step",
    "declare_attackers": "_do_combat",
    "declare_blockers": "_do_combat",
    "combat_damage": "_do_combat",
    "destroy": "_do_move",
    "exile": "_do_move",
    "sacrifice": "_do_sacrifice",
    "put_into_graveyard": "_do_put_into_graveyard",
    "put_onto_battlefield": "_do_put_onto_battlefield",
    "deal_damage": "_do_deal_damage",
}
assert set(HANDLERS) == set(ACTION_KINDS), "every kind of action has its handler"


def _check_counter_kinds(counters: dict[str, int]) -> None:
    """A set-up's counters: a kind that reads as a typo of one the rules name ("+1/+l",
    "loyality") is refused, not taken as a new kind (122.1; mtgrules.counters). A scenario file
    also refuses a kind none of its cards declares: it knows its cards; a game doesn't."""
    from .counters import typo

    for kind in counters:
        refused = typo(str(kind))
        if refused:
            raise RulesError(refused[0], rule="122.1", message_fr=refused[1])


#: What an event acts on, said when it is given nothing (Game._require_objects).
NOTHING_GIVEN: dict[str, tuple[str, str]] = {
    "destroy": ("Nothing to destroy: name at least one permanent",
                "Rien à détruire : nommez au moins un permanent"),
    "exile": ("Nothing to exile: name at least one permanent",
              "Rien à exiler : nommez au moins un permanent"),
    "sacrifice": ("Nothing to sacrifice: name at least one permanent",
                  "Rien à sacrifier : nommez au moins un permanent"),
    "put_into_graveyard": ("Nothing to put into a graveyard: name at least one card",
                           "Rien à mettre au cimetière : nommez au moins une carte"),
    "put_onto_battlefield": ("Nothing to put onto the battlefield: name at least one card",
                             "Rien à mettre sur le champ de bataille : nommez au moins une "
                             "carte"),
    "deal_damage": ("Nothing to deal damage to: name at least one creature, planeswalker, "
                    "battle or player",
                    "Rien à blesser : nommez au moins une créature, un planeswalker, une "
                    "bataille ou un joueur"),
}


# The record sits below the facade: give it the way to rebuild a step (timeline.SCRATCH_GAME).
timeline.SCRATCH_GAME = Game.scratch
