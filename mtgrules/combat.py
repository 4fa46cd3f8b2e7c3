"""The combat phase (506-511): attackers, blockers, combat damage, and leaving combat.

The steps call these as they begin (turns.py): the beginning of combat step (507), the turn-based
actions of declaring attackers (508.1) and blockers (509.1), each a question offering only legal
answers, and assigning and dealing combat damage (510.1-510.2), once or, with first strike or
double strike, in two combat damage steps (510.4). The end of combat step (511) comes last, and
as it ends every creature is removed from combat (511.3).

Keywords act here through the rules that define them, never by name of a card: vigilance
(702.20b), haste (702.10b), defender (702.3b), flying and reach (702.9b, 702.17b), menace
(702.111b), first strike and double strike (702.7b, 702.4b), trample (702.19b-d), deathtouch
(702.2c). So do the requirements "attacks each combat if able", "blocks each combat if able"
and "must be blocked if able", obeyed as far as possible (508.1d, 509.1c).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import field
from itertools import combinations

from .characteristics import View, compute, compute_all, in_play
from .choices import IllegalAnswer, Option, Question
from .damage import DamageSource, deal_damage_at_once
from .events import Attacks, BecomesBlocked, Blocks, Event, StepBegins
from .frozen import by_identity, dataclass
from .objects import Combat, Ref
from .protection import described, protected_from
from .restrictions import refusal, restrictions
from .text import Name, french_name, player_name, plural
from .text.grammar import FrText, grammar_of
from .triggers import fire, may_trigger, views_in_play

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .game import Game

Reason = tuple[str, str, str]  # (message, message_fr, rule)


def combat_of(game: Game) -> Combat:
    """The combat under way, made at the first need (a game set up in a combat step)."""
    if game.state.combat is None:
        game.state.combat = Combat()
    return game.state.combat


def keywords(view: View) -> frozenset[str]:
    return view.chars.keywords()


def requirements(view: View) -> frozenset[str]:
    """The combat requirements an object has (508.1d, 509.1c): static abilities, its own or
    granted (an Equipment's "must be blocked if able")."""
    return by_identity(_REQUIREMENTS, view.chars.abilities, _requirements_of)


def _requirements_of(abilities: tuple[Any, ...]) -> frozenset[str]:
    return frozenset([str(required) for a in abilities
                      if a.kind == "static" and (required := a.static_get("requirement"))
                      is not None])


#: id(abilities) -> (abilities, their combat requirements) (:func:`frozen.by_identity`):
#: asked for each creature that may attack or block, of abilities most share with their card.
_REQUIREMENTS: dict[int, tuple[tuple[Any, ...], frozenset[str]]] = {}


def _label(game: Game, obj_id: str) -> Name:
    if obj_id in game.state.players:
        return Name(player_name(obj_id), player_name(obj_id), player=True)
    n = game.name_of(obj_id)
    return Name(f"{n.en} ({obj_id})", f"{n.fr} ({obj_id})")


# --- beginning and end of combat (507, 511) -------------------------------------------------


def begin_combat(game: Game) -> None:
    """507: the combat phase begins; "at the beginning of combat" abilities trigger."""
    game.state.combat = Combat()
    fire(game, [StepBegins(step="beginning_of_combat", player=game.state.active)])


def remove_noncombatants(game: Game) -> Mapping[str, View] | None:
    """506.4: an attacking or blocking creature that stops being a creature, and a planeswalker
    or battle being attacked that stops being one, is removed from combat. It happens at once;
    the kit looks before each time a player would receive priority (nothing in between reads
    combat). Costs nothing outside combat. Returns the battlefield's views it looked at when
    it removed nothing (still the views now: the state-based actions look at them next), else
    None: the layers' own (characteristics.in_play, read only), not a copy, so a check can
    tell them from those it found nothing in last time."""
    combat = game.state.combat
    if combat is None or not (combat.attackers or combat.blockers):
        return None
    views = in_play(game.state)["battlefield"]
    not_creatures = [i for i in (*combat.attackers, *combat.blockers)
                     if i in views and not views[i].is_("creature")]
    not_attackable = [d for d in combat.attackers.values() if d in views
                      and not (views[d].is_("planeswalker") or views[d].is_("battle"))]
    if not not_creatures and not not_attackable:
        return views  # (the usual answer: nobody to remove)
    removed = False
    for i in dict.fromkeys(not_creatures + not_attackable):
        fighting, attacked = combat.roles(i)
        creature, walker = i in not_creatures, i in not_attackable
        if fighting and attacked and creature != walker:  # 506.4d: it stays what it still is
            combat.remove(i, creature=creature, attacked=walker)
            game.log("no_longer_blocking" if creature else "no_longer_attacked", "506.4d",
                     obj=game.name_of(i), id=i)
            removed = True
        elif combat.remove(i):
            removed = True
            game.log("removed_from_combat", "506.4", obj=game.name_of(i), id=i)
    return None if removed else views


def end_of_combat_step(game: Game) -> None:
    """511.2: "at end of combat" abilities trigger as the end of combat step begins."""
    fire(game, [StepBegins(step="end_of_combat", player=game.state.active)])


def leave_combat(game: Game) -> None:
    """511.3: as the end of combat step ends, all creatures are removed from combat."""
    if game.state.combat is not None and (
        game.state.combat.attackers or game.state.combat.blockers
    ):
        game.log("combat_over", "511.3")
    game.state.combat = None


def skipped(game: Game, step: str) -> bool:
    """508.8: with no creature declared as an attacker, the declare blockers and combat damage
    steps are skipped."""
    if step not in ("declare_blockers", "combat_damage"):
        return False
    return not combat_of(game).any_attackers


# --- declaring attackers (508) -----------------------------------------------------------------


def defenders(game: Game, views: Mapping[str, View] | None = None) -> list[str]:
    """Who and what the active player may attack (506.2, 508.1b): each opponent, and the
    planeswalkers they control. ``views``: the battlefield's, when the caller has them."""
    state = game.state
    opponents = [p for p in state.player_order() if p != state.active]
    if views is None:
        views = compute_all(state, ("battlefield",))
    walkers = [
        v.id
        for v in views.values()
        if v.is_("planeswalker") and v.controller in opponents
    ]
    return opponents + walkers


def cant_attack(game: Game, v: View, cant: set[str]) -> str | None:
    """What keeps this permanent from attacking now (508.1a, 508.1c, 302.6, 702.3b, 702.10b),
    as a word :func:`attack_refusal` says in full, or None: a question writes its refusals'
    texts only when they are read (most never are). ``cant``: its restrictions
    (restrictions.restrictions, worked out once for the board)."""
    if not v.is_("creature"):
        return "not_a_creature"  # 506.3
    if v.controller != game.state.active:
        return "not_active"  # 508.1a
    if v.tapped:
        return "tapped"  # 508.1a
    if "attack" in cant:
        return "restricted"  # 508.1c
    if "defender" in keywords(v):
        return "defender"  # 702.3b
    obj = game.obj(v.id)
    since = obj.under_control_since_turn
    if since is not None and since >= game.state.turn and "haste" not in keywords(v):
        return "summoning_sick"  # 302.6, 702.10b
    return None


def attack_refusal(v: View, why: str) -> Reason:
    """The refusal of an attack by ``v`` that ``why`` (a word of :func:`cant_attack`) forbids,
    in English and French, with its rule."""
    name = v.chars.names
    if why == "not_a_creature":
        return (
            f"{name.en} is not a creature: only creatures attack",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, _NOT_A_CREATURE)} : seules les créatures "
            "attaquent",
            "506.3",
        )
    if why == "not_active":
        return (
            f"{name.en} is not controlled by the active player, who is the one attacking",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, _NOT_CONTROLLED)} par le joueur actif, qui est "
            "celui qui attaque",
            "508.1a",
        )
    if why == "tapped":
        return (
            f"{name.en} is tapped: an attacking creature must be untapped",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, _TAPPED)} : une créature attaquante doit "
            "être dégagée",
            "508.1a",
        )
    if why == "restricted":
        return refusal(name, "attack")
    if why == "defender":
        return (
            f"{name.en} has defender: it can't attack",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, 'a|ont')} le défenseur : "
            f"{_fr(name.fr, _CANT)} pas attaquer",
            "702.3b",
        )
    return (
        f"{name.en} has not been under its controller's control continuously since "
        "the turn began, and has no haste (summoning sickness)",
        f"{_fr(name.fr, 'Le')} {_fr(name.fr, _IS_NOT)} pas sous le contrôle de "
        f"{_fr(name.fr, 'son')} contrôleur depuis le début du tour et "
        f"{_fr(name.fr, _HAS_NOT)} pas la célérité (mal d'invocation)",
        "302.6",
    )


def attackers_question(game: Game, views: Mapping[str, View] | None = None) -> Question:
    """508.1a-b: which creatures attack, and whom each attacks. Option keys read
    ``attacker>defender``; a creature named alone attacks the only defender there is.
    ``views``: the battlefield's, when the caller has them."""
    state = game.state
    if views is None:
        views = compute_all(state, ("battlefield",))
    targets = defenders(game, views)
    options: list[Option] = []
    unable: list[tuple[View, str]] = []  # each creature that can't attack, and why
    able: list[str] = []
    cant = restrictions(views)
    labels = {d: _label(game, d) for d in targets}  # (named in each creature's options)
    for v in views.values():
        if v.controller != state.active or not v.is_("creature"):
            continue
        why = cant_attack(game, v, cant.get(v.id, set()))
        if why is not None:
            unable.append((v, why))
            continue
        a = _label(game, v.id)
        for d in targets:
            b = labels[d]
            options.append(Option(f"{v.id}>{d}", (v.id, d), f"{a.en} → {b.en}",
                                  f"{a.fr} → {b.fr}"))
        able.append(v.id)
    must = [i for i in able if "attacks_if_able" in requirements(views[i])]

    def refusals() -> dict[str, Reason]:
        # written when an answer is refused or nobody can attack: texts with French grammar
        # for every creature that can't attack, which most declarations never read
        out: dict[str, Reason] = {}
        for v, why in unable:
            problem = attack_refusal(v, why)
            out.update((f"{v.id}>{d}", problem) for d in targets)
            out[v.id] = problem
        return out

    def parse(answer: Any) -> Any:
        return _pairs(answer, targets)

    def validate(chosen: list[tuple[str, str]]) -> None:
        _once_each(chosen, "attacks", "attaque", "508.1b")
        missing = [i for i in must if i not in {a for a, _ in chosen}]
        if missing:
            names = _names(game, missing)
            fr = french_name(names.fr) if len(missing) == 1 else FrText(names.fr)
            raise IllegalAnswer(
                f"{names.en} attacks each combat if able, and can: leaving it out obeys fewer "
                "requirements than possible",
                rule="508.1d",
                message_fr=f"{fr:Le} {fr:attaque|attaquent} à chaque combat si possible, et "
                f"{fr:le|la|les|les} peut : {fr:le|la|les|les} laisser de côté respecte moins "
                "d'obligations que possible",
            )

    return Question(
        "attackers",
        state.active,
        "Declare attackers: which creatures attack, and whom?",
        "Déclarez les attaquants : quelles créatures attaquent, et qui ?",
        options,
        min=0,
        max=max(1, len(able)),
        rule="508.1a",
        refusals=refusals,
        parse=parse,
        validate=validate,
        default=[f"{i}>{targets[0]}" for i in must] if targets else [],
    )


def _declare(game: Game, question: Question, nothing: str, rule: str
             ) -> list[tuple[str, str]] | None:
    """The declaration answering ``question`` (attackers, blockers). When no creature can be
    declared, declaring none is the only choice (508.1a, 509.1a): nobody is asked, and the
    log says so and why each creature can't (None: declared that way). A declaration given
    with the action is still checked (one naming a creature that can't is refused)."""
    if question.options or game.answer_given(question.kind):
        return game.ask(question)
    game.log(nothing, rule, player=question.player)
    refusals = question.refusals() if callable(question.refusals) else question.refusals
    reasons = dict.fromkeys(refusals.values())  # each once, in the board's order
    for en, fr, why in reasons:
        game.log("cant_declare_why", why, why=Name(en, fr))
    return None


def declare_attackers(game: Game) -> None:
    """508.1: the active player declares attackers; they become tapped unless they have
    vigilance (508.1f, 702.20b); "whenever ... attacks" abilities trigger (508.1m, 508.3a)."""
    combat = combat_of(game)
    if game.state.lost and game.state.has_left(game.state.active):
        # 800.4j: the turn of a player who left goes on without an active player: no one
        # declares attackers (and with none, 508.8 skips blocking and damage)
        game.log("no_active_player", "800.4j", player=game.state.active)
        return
    # the same views for the question and the declaration: asking changes nothing (the
    # layers' own, read only)
    views = in_play(game.state)["battlefield"]
    chosen = _declare(game, attackers_question(game, views), "no_attackers_possible", "508.1a")
    for attacker, defender in chosen or ():
        v = views[attacker]
        if "vigilance" not in keywords(v):
            game.obj(attacker).tapped = True
        combat.attackers[attacker] = defender
        game.log(
            "attacks",
            "508.1k",
            *(("702.20b",) if "vigilance" in keywords(v) else ("508.1f",)),
            obj=_label(game, attacker),
            id=attacker,
            defender=_label(game, defender),
        )
    combat.any_attackers = combat.any_attackers or bool(chosen)
    if chosen is not None and not chosen:
        game.log("no_attackers", "508.8", player=game.state.active)
    if chosen:  # the views after the declaration: the events' and the triggers' (508.3a)
        after = views_in_play(game.state)  # (read only: may_trigger's index is kept with it)
        if may_trigger(game, after):  # (else no event is needed: nothing would trigger)
            fire(game, [Attacks(object=attacker, lki=after[attacker], player=game.state.active,
                                defender=defender) for attacker, defender in chosen],
                 views=after)


# --- declaring blockers (509) ------------------------------------------------------------------


def defending_player(game: Game, defender: str) -> str | None:
    """The player an attack is against: the player attacked, or the planeswalker's controller
    (508.5)."""
    if defender in game.state.players:
        return defender
    obj = game.state.objects.get(defender)
    return compute(game.state, obj.id).controller if obj is not None else None


def cant_block(blocker: View, attacker: View, cant: set[str]) -> str | None:
    """What keeps ``blocker`` from blocking ``attacker`` (509.1a, 509.1b, 702.9b, 702.16f), as
    a word :func:`block_refusal` says in full, or None: a question writes its refusals' texts
    only when they are read (most never are). ``cant``: the blocker's restrictions
    (restrictions.restrictions, worked out once for the board)."""
    if not blocker.is_("creature"):
        return "not_a_creature"  # 506.3
    if blocker.tapped:
        return "tapped"  # 509.1a
    if "block" in cant:
        return "restricted"  # 509.1b
    if "flying" in keywords(attacker) and not keywords(blocker) & {"flying", "reach"}:
        return "flying"  # 702.9b
    if protected_from(attacker, blocker) is not None:
        return "protection"  # 702.16f
    return None


def block_refusal(blocker: View, attacker: View, why: str) -> Reason:
    """The refusal of ``blocker`` blocking ``attacker`` that ``why`` (a word of
    :func:`cant_block`) forbids, in English and French, with its rule."""
    name, other = blocker.chars.names, attacker.chars.names
    if why == "not_a_creature":
        return (
            f"{name.en} is not a creature: only creatures block",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, _NOT_A_CREATURE)} : seules les créatures "
            "bloquent",
            "506.3",
        )
    if why == "tapped":
        return (
            f"{name.en} is tapped: a blocking creature must be untapped",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, _TAPPED)} : une créature bloqueuse doit "
            "être dégagée",
            "509.1a",
        )
    if why == "restricted":
        return refusal(name, "block")
    if why == "flying":
        return (
            f"{name.en} can't block {other.en}: a creature with flying can't be blocked "
            "except by creatures with flying or reach",
            f"{_fr(name.fr, 'Le')} {_fr(name.fr, 'ne peut|ne peuvent')} pas bloquer "
            f"{_fr(other.fr, 'le')} : une créature "
            "avec le vol ne peut "
            "être bloquée que par des créatures avec le vol ou la portée",
            "702.9b",
        )
    protection = protected_from(attacker, blocker)
    assert protection is not None  # (why == "protection": views don't change)
    ability = described(protection)
    return (
        f"{name.en} can't block {other.en}: {other.en} has {ability.en}",
        f"{_fr(name.fr, 'Le')} {_fr(name.fr, 'ne peut|ne peuvent')} pas bloquer "
        f"{_fr(other.fr, 'le')} : {_fr(other.fr, 'le')} {_fr(other.fr, 'a|ont')} "
        f"{ability.fr}",
        "702.16f",
    )


@dataclass(frozen=True)
class _Board:
    """What a declaration of blockers is checked against, for one defending player."""

    player: str
    attackers: dict[str, View]  # attacking that player or their planeswalkers
    blockers: dict[str, View]  # creatures that player controls
    pairs: dict[str, list[str]]  # blocker -> attackers it may block
    cant: dict[str, set[str]] = field(default_factory=dict)  # blocker -> its restrictions
    #: (blocker, attacker) -> why it can't block that attacker, a word of :func:`cant_block`
    #: (None: it can)
    problems: dict[tuple[str, str], str | None] = field(default_factory=dict)
    #: each attacker's and blocker's combat requirements (:func:`requirements`), read once:
    #: trying the declarations asks them again and again
    required: dict[str, frozenset[str]] = field(default_factory=dict)

    def menace(self, attacker: str) -> bool:
        return "menace" in keywords(self.attackers[attacker])


def _board(game: Game, player: str) -> _Board:
    combat = combat_of(game)
    views = in_play(game.state)["battlefield"]  # (the layers' own, read only)
    attackers = {
        a: views[a]
        for a, d in combat.attackers.items()
        if a in views and defending_player(game, d) == player
    }
    blockers = {v.id: v for v in views.values() if v.controller == player and v.is_("creature")}
    cant = restrictions(views)
    problems = {(b, a): cant_block(bv, av, cant.get(b, set()))
                for b, bv in blockers.items() for a, av in attackers.items()}
    pairs = {b: [a for a in attackers if problems[b, a] is None] for b in blockers}
    required = {i: requirements(v) for i, v in (*attackers.items(), *blockers.items())}
    return _Board(player, attackers, blockers, pairs, {b: cant.get(b, set()) for b in blockers},
                  problems, required)


def block_violations(board: _Board, blocks: dict[str, str]) -> Reason | None:
    """A restriction the blocks disobey (509.1b): a menace creature blocked by one creature."""
    count: dict[str, int] = {}
    for a in blocks.values():
        count[a] = count.get(a, 0) + 1
    for a, n in count.items():
        if n == 1 and board.menace(a):
            name = board.attackers[a].chars.names
            return (
                f"{name.en} has menace: it can't be blocked except by two or more creatures",
                f"{_fr(name.fr, 'Le')} {_fr(name.fr, 'a|ont')} la menace : "
                f"{_fr(name.fr, _CANT)} être {_fr(name.fr, _BLOCKED)} que par au moins "
                "deux créatures",
                "702.111b",
            )
    return None


def obeyed(board: _Board, blocks: dict[str, str]) -> int:
    """How many requirements the blocks obey (509.1c): each "must be blocked if able" attacker
    blocked, each "blocks each combat if able" creature blocking."""
    blocked, required = set(blocks.values()), board.required
    n = 0  # (loops: every declaration tried asks)
    for a in board.attackers:
        if "must_be_blocked" in required[a] and a in blocked:
            n += 1
    for b in board.blockers:
        if "blocks_if_able" in required[b] and b in blocks:
            n += 1
    return n


def _unobeyed(board: _Board, blocks: dict[str, str]) -> list[str]:
    blocked, required = set(blocks.values()), board.required
    return [a for a in board.attackers if "must_be_blocked" in required[a] and a not in blocked
            ] + [b for b in board.blockers
                 if "blocks_if_able" in required[b] and b not in blocks and board.pairs[b]]


def best_blocks(board: _Board) -> tuple[int, dict[str, str]]:
    """The most requirements any legal declaration obeys, and the smallest declaration that
    does (509.1c). Only creatures a requirement concerns are tried: the others can stay back."""
    required = board.required
    wanted = {a for a in board.attackers if "must_be_blocked" in required[a]}
    relevant = [
        b
        for b in board.blockers
        if board.pairs[b] and ("blocks_if_able" in required[b] or set(board.pairs[b]) & wanted)
    ]
    best: tuple[int, int, dict[str, str]] = (0, 0, {})
    for blocks in _assignments(relevant, board.pairs):
        if block_violations(board, blocks) is None:
            score = (obeyed(board, blocks), -len(blocks))
            if score > best[:2]:
                best = (score[0], score[1], blocks)
    return best[0], best[2]


def _assignments(blockers: list[str], pairs: dict[str, list[str]]) -> Iterator[dict[str, str]]:
    """Every way the given creatures may block or not (each blocks at most one attacker)."""
    if not blockers:
        yield {}
        return
    first, rest = blockers[0], blockers[1:]
    for tail in _assignments(rest, pairs):
        yield tail
        for a in pairs[first]:
            yield {first: a, **tail}


def blockers_question(game: Game, player: str) -> Question:
    """509.1a-c: which creatures block, and which attacker each blocks. Option keys read
    ``blocker>attacker``; a creature named alone blocks the only attacker there is."""
    board = _board(game, player)
    options: list[Option] = []
    unable: list[tuple[str, str, str]] = []  # (blocker, attacker, why it can't block it)
    labels = {a: _label(game, a) for a in board.attackers}  # (named in each blocker's options)
    for b in board.blockers:
        x = None
        for a in board.attackers:
            key = f"{b}>{a}"
            why = board.problems[b, a]  # worked out once, for the pairs too
            if why is not None:
                unable.append((b, a, why))
                continue
            x, y = x or _label(game, b), labels[a]
            options.append(Option(key, (b, a), f"{x.en} blocks {y.en}", f"{x.fr} bloque {y.fr}"))
    most, default = best_blocks(board)

    def refusals() -> dict[str, Reason]:
        # written when an answer is refused or nobody can block (texts most never read)
        return {f"{b}>{a}": block_refusal(board.blockers[b], board.attackers[a], why)
                for b, a, why in unable}

    def parse(answer: Any) -> Any:
        keys = _pairs(answer, list(board.attackers))
        for key in keys:
            _not_this_players(game, board, str(key))
        return keys

    def validate(chosen: list[tuple[str, str]]) -> None:
        _once_each(chosen, "blocks", "bloque", "509.1a")
        blocks = dict(chosen)
        problem = block_violations(board, blocks)
        if problem:
            raise IllegalAnswer(problem[0], rule=problem[2], message_fr=problem[1])
        if obeyed(board, blocks) < most:
            left = _names(game, _unobeyed(board, blocks))
            raise IllegalAnswer(
                f'requirements not obeyed: {left.en} ("must be blocked if able" or "blocks '
                f'each combat if able"); this declaration obeys {obeyed(board, blocks)} '
                f"of them when {plural('en', most, 'can_be_obeyed')}",
                rule="509.1c",
                message_fr=f"obligations non respectées : {left.fr} (« doit être bloquée si "
                f"possible » ou « bloque à chaque combat si possible ») ; cette "
                f"déclaration en respecte {obeyed(board, blocks)} alors que "
                f"{plural('fr', most, 'can_be_obeyed')}",
            )

    return Question(
        "blockers",
        player,
        "Declare blockers: which creatures block, and what?",
        "Déclarez les bloqueurs : quelles créatures bloquent, et quoi ?",
        options,
        min=0,
        max=max(1, len(board.blockers)),
        rule="509.1a",
        refusals=refusals,
        parse=parse,
        validate=validate,
        default=[f"{b}>{a}" for b, a in default.items()],
    )


def _not_this_players(game: Game, board: _Board, key: str) -> None:
    """509.1a (802.4a with several defending players): a block naming a creature another
    player controls, or a creature attacking another player, is refused saying so (each
    defending player declares in turn: the first's declaration can't hold the others'). Other
    keys pass, to be checked as options."""
    blocker, _, attacker = key.partition(">")
    combat = combat_of(game)
    rule = "509.1a"  # the rule of every game; 802.4a says it again for several defenders
    who = player_name(board.player)
    if blocker not in board.blockers:
        view = compute_all(game.state, ("battlefield",)).get(blocker)
        if view is None or not view.is_("creature") or view.controller == board.player:
            return
        x, owner = _label(game, blocker), player_name(view.controller)
        several = len({defending_player(game, d) for d in combat.attackers.values()}) > 1
        turn = (", and each defending player declares in turn",
                ", et chaque joueur défenseur déclare les siens à son tour") if several \
            else ("", "")
        raise IllegalAnswer(
            f"{x.en} is controlled by {owner}: {who} declares blockers with creatures {who} "
            f"controls{turn[0]}", rule=rule,
            message_fr=f"{_fr(x.fr, 'Le')} {_fr(x.fr, _CONTROLLED)} par {owner} : {who} "
                       f"déclare ses bloqueurs parmi ses propres créatures{turn[1]}")
    if attacker in combat.attackers and attacker not in board.attackers:
        x = _label(game, attacker)
        other = player_name(defending_player(game, combat.attackers[attacker]) or "")
        raise IllegalAnswer(
            f"{x.en} is attacking {other}: {who}'s creatures block only creatures attacking "
            f"{who} or what {who} controls or protects", rule=rule,
            message_fr=f"{_fr(x.fr, 'Le')} {_fr(x.fr, 'attaque|attaquent')} {other} : les "
                       f"créatures de {who} ne bloquent que des créatures qui attaquent {who} ou "
                       f"ce que {who} contrôle ou protège")


def blocks_by_player(game: Game, declaration: Any) -> list[Any]:
    """509.1, 802.4a: each defending player declares blockers in turn. A script may write the
    blocks of several of them in one mapping (``{wall: ox, carol-wall: ox2}``): split into
    each one's declaration, in the order they declare, each creature's controller's (one who
    names none of theirs declares none). A mapping of one player's creatures, or one naming
    something else, is the first one's as given (its question then says what is wrong)."""
    combat = game.state.combat
    if not isinstance(declaration, dict) or len(declaration) < 2 or combat is None:
        return [declaration]
    attacked = {defending_player(game, d) for d in combat.attackers.values()}
    if len(attacked) < 2:  # one defending player (asked first: the views cost a look)
        return [declaration]
    views = compute_all(game.state, ("battlefield",))
    whose = {b: views[b].controller for b in declaration if b in views}
    order = [p for p in game.state.player_order() if p in attacked]
    if len(whose) < len(declaration) or len(set(whose.values())) < 2 \
            or not set(whose.values()) <= set(order):
        return [declaration]
    return [{b: a for b, a in declaration.items() if whose[b] == p} for p in order]


def declare_blockers(game: Game) -> None:
    """509.1: each defending player declares blockers; attackers with blockers become blocked
    (509.1h); "whenever ... blocks" and "becomes blocked" abilities trigger (509.1i, 509.3)."""
    combat = combat_of(game)
    attacked = {defending_player(game, d) for d in combat.attackers.values()}
    events: list[Event] = []
    for player in game.state.player_order():
        if player not in attacked:
            continue
        chosen = _declare(game, blockers_question(game, player), "no_blockers_possible",
                          "509.1a")
        for blocker, attacker in chosen or ():
            combat.blockers[blocker] = [attacker]
            game.log(
                "blocks",
                "509.1g",
                obj=_label(game, blocker),
                id=blocker,
                attacker=_label(game, attacker),
            )
        if chosen is not None and not chosen:
            game.log("no_blockers", "509.1a", player=player)
    # the events' views and the triggers' (509.3); read only: may_trigger's index is kept
    views = views_in_play(game.state)
    watching = may_trigger(game, views)  # (else no event is needed: nothing would trigger)
    for attacker in combat.attackers:
        if combat.blockers_of(attacker):
            combat.blocked.append(attacker)
            if watching:
                events.append(BecomesBlocked(object=attacker, lki=views[attacker],
                                             player=views[attacker].controller))
        else:
            game.log("unblocked", "509.1h", obj=_label(game, attacker), id=attacker)
    if watching and (events or combat.blockers):
        # (which blockers it has is nothing the layers read: the same views)
        fire(game, [Blocks(object=b, lki=views[b], player=views[b].controller)
                    for b in combat.blockers] + events, views=views)


# --- combat damage (510) -----------------------------------------------------------------------


def combat_damage_step(game: Game) -> None:
    """510.1-510.2: the first combat damage step, or the second one after first strike
    (510.4); returns once the damage is dealt, before state-based actions."""
    combat = combat_of(game)
    views = in_play(game.state)["battlefield"]  # (the layers' own, read only)
    fighting = [i for i in list(combat.attackers) + list(combat.blockers) if i in views]
    strikers = [i for i in fighting if keywords(views[i]) & {"first strike", "double strike"}]
    if combat.damage_step == 0:
        combat.two_damage_steps = bool(strikers)
        combat.first_strikers = strikers
        combat.damage_step = 1
        dealers = strikers if strikers else fighting
        if strikers:
            game.log(*_strikes_step(views, strikers), objs=[_label(game, i) for i in strikers],
                     n=len(strikers))
    else:
        combat.damage_step = 2
        dealers = [
            i
            for i in fighting
            if i not in combat.first_strikers or "double strike" in keywords(views[i])
        ]
    # assigning asks questions and changes nothing the layers read: the same views deal it
    deal_combat_damage(game, assign(game, combat, dealers, views), views)


def assign(
    game: Game, combat: Combat, dealers: list[str], views: Mapping[str, View]
) -> list[tuple[str, str, int]]:
    """510.1: the active player assigns the attackers' damage, then the defending players the
    blockers' (510.1); returns (source, recipient, amount) for each assignment."""
    out: list[tuple[str, str, int]] = []
    assigned: dict[str, int] = {}  # damage assigned so far this step, for trample (702.19b)
    for dealer in [d for d in dealers if d in combat.attackers] + [
        d for d in dealers if d in combat.blockers and d not in combat.attackers
    ]:
        v = views[dealer]
        power = v.power or 0
        if power <= 0:
            continue  # 510.1a
        for recipient, n in _one_assignment(game, combat, v, power, views, assigned).items():
            if n > 0:
                out.append((dealer, recipient, n))
                assigned[recipient] = assigned.get(recipient, 0) + n
    return out


def _one_assignment(
    game: Game,
    combat: Combat,
    v: View,
    power: int,
    views: Mapping[str, View],
    assigned: dict[str, int],
) -> dict[str, int]:
    if v.id in combat.attackers:
        defender = combat.attackers[v.id]
        if defender and defender not in game.state.players and defender not in views:
            defender = ""  # 506.4c: its planeswalker left; it attacks nothing
        if v.id not in combat.blocked:
            return {defender: power} if defender else {}  # 510.1b
        blockers = [b for b in combat.blockers_of(v.id) if b in views]
        trample = "trample" in keywords(v)
        if not blockers:
            # 510.1c; 702.19d: a trampler with no blocker left assigns to whom it attacks
            return {defender: power} if trample and defender else {}
        if len(blockers) == 1 and not trample:
            return {blockers[0]: power}  # 510.1c
        return _ask_division(game, v, power, blockers, defender if trample else "", views, assigned)
    attacked = [a for a in combat.blockers.get(v.id, []) if a in views]
    if len(attacked) <= 1:
        return {attacked[0]: power} if attacked else {}  # 510.1d
    return _ask_division(game, v, power, attacked, "", views, assigned)


def lethal(target: View, source: View, assigned: int) -> int:
    """Lethal damage still needed (702.19b): toughness less the damage already marked and the
    damage other creatures assign to it this step; any nonzero amount from a source with
    deathtouch is lethal (702.2c)."""
    need = max(0, (target.toughness or 0) - target.damage - assigned)
    return min(need, 1) if "deathtouch" in keywords(source) else need


def _splits(total: int, n: int) -> Iterator[tuple[int, ...]]:
    """Every way to divide ``total`` among ``n`` recipients (0 allowed), as tuples."""
    for bars in combinations(range(total + n - 1), n - 1):
        edges = (-1, *bars, total + n - 1)
        yield tuple(edges[i + 1] - edges[i] - 1 for i in range(n))


def _ask_division(
    game: Game,
    v: View,
    power: int,
    creatures: list[str],
    defender: str,
    views: Mapping[str, View],
    assigned: dict[str, int],
) -> dict[str, int]:
    """510.1c-d, 702.19b: a creature's combat damage divided as its controller chooses among
    the creatures it fights, and, with trample, the player or planeswalker it attacks once each
    blocker is assigned lethal damage."""
    recipients = creatures + ([defender] if defender else [])
    labels = [_label(game, r) for r in recipients]  # (the same in every split)
    need = [lethal(views[c], v, assigned.get(c, 0)) for c in creatures]
    options, refusals = [], {}
    default = _greedy(power, need, bool(defender))
    too_soon = None  # why trample can't reach the defender yet: said the same for each split
    for split in sorted(_splits(power, len(recipients)), key=lambda s: s != default):
        key = _split_key(recipients, split)
        if defender and split[-1] > 0 and any(s < n for s, n in zip(split, need, strict=False)):
            refusals[key] = too_soon = too_soon or (
                f"{v.chars.name} can assign damage to {labels[-1].en}"
                " only once each creature blocking it is assigned lethal damage",
                f"{_fr(v.chars.names.fr, 'Le')} {_fr(v.chars.names.fr, 'ne peut|ne peuvent')} "
                f"assigner de blessures {_fr(labels[-1].fr, 'à')} qu'une fois "
                "des blessures mortelles assignées à chaque créature qui "
                f"{_fr(v.chars.names.fr, 'le|la|les|les')} bloque",
                "702.19b",
            )
            continue
        en = ", ".join(f"{n} → {label.en}" for label, n in zip(labels, split, strict=True))
        fr = ", ".join(f"{n} → {label.fr}" for label, n in zip(labels, split, strict=True))
        options.append(Option(key, dict(zip(recipients, split, strict=True)), en, fr))
    name = _label(game, v.id)

    def parse(answer: Any) -> Any:
        if isinstance(answer, dict) and set(answer) == {v.id}:
            answer = answer[v.id]  # {source: {recipient: n}}
        if isinstance(answer, dict):
            unknown = [k for k in answer if k not in recipients]
            if unknown:  # named as the log names them (an id that is neither, as written)
                bad, may = _names(game, unknown), _names(game, recipients)
                raise IllegalAnswer(
                    f"{name.en} can't assign combat damage to {bad.en} (it may assign to: "
                    f"{may.en})",
                    rule="510.1c",
                    message_fr=f"{name.fr} ne peut pas assigner de blessures de combat "
                    f"{_fr(bad.fr, 'à')} (possible : {may.fr})",
                )
            return _split_key(recipients, tuple(int(answer.get(r, 0)) for r in recipients))
        return answer

    return game.ask(
        Question(
            "assign_damage",
            v.controller,
            f"Assign the {power} combat damage of {name.en}",
            f"Assignez les {power} blessures de combat {_fr(name.fr, 'de')}",
            options,
            rule="510.1c",
            refusals=refusals,
            parse=parse,
            context={"source": v.id, "recipients": recipients},
        )
    )


def _greedy(power: int, need: list[int], trample: bool) -> tuple[int, ...]:
    """Lethal damage to each creature in turn, then the rest to the player with trample (or to
    the first creature): the default policy's answer."""
    left, out = power, []
    for n in need:
        out.append(min(left, n))
        left -= out[-1]
    if trample:
        return (*out, left)
    out[0] += left
    return tuple(out)


def _split_key(recipients: list[str], split: tuple[int, ...]) -> str:
    return "+".join([f"{r}:{n}" for r, n in zip(recipients, split, strict=True)])


def _strikes_step(views: Mapping[str, View], strikers: list[str]) -> tuple[str, ...]:
    """The first combat damage step's line names the keywords that put its creatures there
    (510.4): first strike (702.7b), double strike (702.4b), or both."""
    kinds = {k for i in strikers for k in keywords(views[i]) & {"first strike", "double strike"}}
    if kinds == {"double strike"}:
        return "double_strike_step", "510.4", "702.4b"
    if kinds == {"first strike"}:
        return "first_strike_step", "510.4", "702.7b"
    return "strikes_step", "510.4", "702.7b", "702.4b"


def deal_combat_damage(game: Game, assignments: list[tuple[str, str, int]],
                       views: Mapping[str, View] | None = None) -> None:
    """510.2: all assigned combat damage is dealt at the same time, each creature's with its
    own deathtouch and lifelink (702.2b, 702.15b). ``views``: the battlefield's, when the
    caller has them."""
    if views is None:
        views = compute_all(game.state, ("battlefield",))
    hits = []
    for source, recipient, n in assignments:
        v = views[source]
        if game.state.lost and game.state.has_left(recipient):  # 800.4e: not assigned
            game.log("no_damage_to_left", "800.4e", source=v.chars.names, id=source,
                     player=recipient)
            continue
        ref = (
            Ref("player", recipient)
            if recipient in game.state.players
            else Ref("object", recipient, game.obj(recipient).zcc)
        )
        hits.append((DamageSource(v.chars.names, frozenset(keywords(v)), v.controller,
                                  combat=True, view=v), ref, n))
    deal_damage_at_once(game, hits)
    if not assignments:
        game.log("no_combat_damage", "510.1")


# --- helpers -----------------------------------------------------------------------------------


def _pairs(answer: Any, others: list[str]) -> Any:
    """``{a: b}``, ``[a, ...]`` or ``"a>b"`` as option keys ``a>b``; a creature named alone
    goes with the only other side there is."""
    if answer is None or answer == "none":
        return []
    if isinstance(answer, dict):
        return [f"{k}>{v}" for k, v in answer.items()]
    items = answer if isinstance(answer, (list, tuple)) else [answer]
    return [f"{i}>{others[0]}" if ">" not in str(i) and len(others) == 1 else str(i) for i in items]


def _once_each(chosen: list[tuple[str, str]], verb: str, verb_fr: str, rule: str) -> None:
    seen: set[str] = set()
    for first, _ in chosen:
        if first in seen:
            raise IllegalAnswer(
                f"{first} {verb} only one at a time: it is named twice",
                rule=rule,
                message_fr=f"{first} {verb_fr} une seule fois : il est nommé deux fois",
            )
        seen.add(first)


_TAPPED = "est engagé|est engagée|sont engagés|sont engagées"
_NOT_A_CREATURE = "n'est pas une créature|n'est pas une créature|ne sont pas des créatures|" \
    "ne sont pas des créatures"
_NOT_CONTROLLED = "n'est pas contrôlé|n'est pas contrôlée|ne sont pas contrôlés|" \
    "ne sont pas contrôlées"
_CANT = "il ne peut|elle ne peut|ils ne peuvent|elles ne peuvent"
_CONTROLLED = "est contrôlé|est contrôlée|sont contrôlés|sont contrôlées"
_BLOCKED = "bloqué|bloquée|bloqués|bloquées"
_IS_NOT, _HAS_NOT = "n'est|ne sont", "n'a|n'ont"


def _fr(name: str, spec: str) -> str:
    """A French name with its article or preposition (« la Foudre », « aux Grizzlis »)."""
    return format(FrText(name, grammar_of(name.split(" (")[0])), spec)


def _names(game: Game, ids: list[Any]) -> Name:
    """Players and objects as the log names them; anything else (a misspelt id) as written."""
    state = game.state
    names = [_label(game, i) if i in state.players or i in state.objects else Name(str(i), str(i))
             for i in ids]
    return Name(", ".join(n.en for n in names), ", ".join(n.fr for n in names))
