"""A scenario's check told as a sentence, in English or French, for a check without a note.

A blog post (mtgrules.export) lists what the rules say as the scenario's checks in words. A check
with a note is told by its note; one without is told from its data, the way its note would say
it: ``life: {alice: 20, bob: 19}`` reads "Alice has 20 life and Bob has 19 life." and « Alice a
20 points de vie et Bob a 19 points de vie. ». Names are the game's (objects with their id, as
the log writes them; players by name); French names take their article and agree.

>>> from mtgrules.scenarios import scenario_by_id
>>> result = scenario_by_id("auras-01-pacifism").run()
>>> life = next(c for c in result.checks if c.check.kind == "life")
>>> check_sentence(life, result.game, "en")
'Alice has 20 life and Bob has 19 life (after step 4).'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..filters import COLORS
from ..rulings import rule_matches
from ..text import FrText, Plural, french_name, player_name, plural, typeset
from ..text.messages import MESSAGES, STEP_NAMES, ZONE_NAMES
from ..text.typeline import (
    CARD_TYPES_FR,
    COLORS_FR,
    SUBTYPES_FR,
    SUPERTYPES_FR,
    counter_name,
    keyword_with_article,
)
from .checks import CONTROLLED_ZONES, _param_is, french
from .references import STACK_ID

if TYPE_CHECKING:
    from ..game import Game
    from ..timeline import Answered
    from .runner import CheckResult

__all__ = ["ANSWER_WORDS", "answer_words", "check_sentence", "found_sentence",
           "french_card_name"]

#: A named thing of a sentence: its English, and its French with its grammar.
Named = tuple[str, FrText]

_COUNTED: dict[str, tuple[Plural, Plural]] = {
    "object": (Plural(one="{n} object", other="{n} objects"),
               Plural(one="{n} objet", other="{n} objets")),
    "delayed": (Plural(one="{n} delayed triggered ability",
                       other="{n} delayed triggered abilities"),
                Plural(one="{n} capacité déclenchée retardée",
                       other="{n} capacités déclenchées retardées")),
    "time": (Plural(one="once", other="{n} times"), Plural(one="{n} fois", other="{n} fois")),
    "counter": (Plural(one="{n} {kind} counter", other="{n} {kind} counters"),
                Plural(one="{n} marqueur {kind}", other="{n} marqueurs {kind}")),
}

#: Each question kind (mtgrules.choices.QUESTION_KINDS) as "the question about ...".
QUESTIONS: dict[str, tuple[str, str]] = {
    "targets": ("targets", "les cibles"),
    "mode": ("the mode", "le mode"),
    "x": ("the value of X", "la valeur de X"),
    "divide": ("how to divide", "la répartition"),
    "order_triggers": ("the order of the triggered abilities",
                       "l'ordre des capacités déclenchées"),
    "may": ("whether to do what an ability may do", "ce qu'une capacité permet de faire"),
    "pay": ("whether to pay", "le paiement"),
    "new_targets": ("new targets for a copy", "les nouvelles cibles d'une copie"),
    "enter_as_copy": ("what to enter as a copy of", "ce dont le permanent arrive en copie"),
    "cascade_cast": ("casting the card cascade exiled", "le lancement de la carte exilée par la "
                     "cascade"),
    "face": ("which face to cast", "la face à lancer"),
    "sacrifice": ("what to sacrifice", "ce qu'il faut sacrifier"),
    "legend_rule": ("which legendary permanent to keep", "le permanent légendaire à garder"),
    "hideaway": ("which card to exile with hideaway", "la carte à exiler avec la cachette"),
    "play": ("playing the exiled card", "le fait de jouer la carte exilée"),
    "alternative_cost": ("an alternative cost", "un coût alternatif"),
    "additional_cost": ("an additional cost", "un coût supplémentaire"),
    "attackers": ("attackers", "les attaquants"),
    "blockers": ("blockers", "les bloqueurs"),
    "assign_damage": ("how to assign combat damage", "l'assignation des blessures de combat"),
    "enchant": ("what the Aura enchants", "ce qu'enchante l'aura"),
    "replacement": ("which replacement effect applies first",
                    "l'effet de remplacement qui s'applique d'abord"),
    "shield_order": ("how a prevention shield meets its sources",
                     "l'ordre dans lequel un bouclier de prévention rencontre ses sources"),
    "color": ("a color", "une couleur"),
    "put_from_hand": ("what to put from the hand", "ce qu'il faut mettre depuis la main"),
    "delayed_event": ("which event a delayed triggered ability triggers on",
                      "l'événement sur lequel une capacité déclenchée retardée se déclenche"),
}

_STACK_KINDS = {"spell": ("a spell", "un sort"),
                "triggered": ("a triggered ability", "une capacité déclenchée"),
                "activated": ("an activated ability", "une capacité activée")}
_ABILITY_KINDS = {"triggered": ("a triggered ability", "une capacité déclenchée"),
                  "activated": ("an activated ability", "une capacité activée"),
                  "static": ("a static ability", "une capacité statique"),
                  "spell": ("a spell ability", "une capacité de sort"),
                  "replacement": ("a replacement effect", "un effet de remplacement")}
_ORDINALS = {1: ("first", "première"), 2: ("second", "seconde")}


def check_sentence(c: CheckResult, game: Game, lang: str = "en") -> str:
    """What ``c`` checks, as one sentence in ``lang``, and the step it follows."""
    tell = _TELLERS.get(c.check.kind)
    words = _Words(game, lang, c)
    body = tell(words, c.expected) if tell else f"{c.check.kind}: {c.expected}"
    step = words.step
    if not step:
        when = "au départ" if lang == "fr" else "at the start"
    elif words.during:
        when = f"pendant l'étape {step}" if lang == "fr" else f"during step {step}"
    else:
        when = f"après l'étape {step}" if lang == "fr" else f"after step {step}"
    return typeset(f"{_capital(body.rstrip('.'))} ({when}).", lang)


def found_sentence(c: CheckResult, game: Game, lang: str = "en") -> str:
    """What the game showed where the check ``c`` looked, told as the check is told: for a
    failed ``life: {alice: 23, bob: 20}``, "Alice has 22 life and Bob has 18 life."."""
    words = _Words(game, lang, c)
    find = _FINDERS.get(c.check.kind)
    body = find(words, c.expected, c.actual) if find else ""
    if not body.strip():  # nothing to tell from the data: the check's own message
        body = french(c.message) if words.fr else c.message
    return typeset(f"{_capital(body.rstrip('.'))}.", lang)


def _capital(sentence: str) -> str:
    """A sentence starts with a capital, as a log line does (render): "An object with no name
    (shade) is 2/2", whatever the name it starts with."""
    return sentence[:1].upper() + sentence[1:]


def named(game: Game, ref: str, lang: str) -> FrText:
    """A player, an object (name and id) or a stack object, in ``lang`` (as written: an id
    that names none of them)."""
    if ref in game.state.players:
        return FrText(player_name(ref))
    if ref in game.state.objects or game.state.item(ref) is not None:
        n = game.name_of(ref)
        return french_name(f"{n.fr} ({ref})") if lang == "fr" else FrText(f"{n.en} ({ref})")
    for step in game.timeline.steps:  # a stack object that has left the stack: its source,
        for e in step.entries:         # as the log named it when it was cast, activated...
            source = e.get("source") or e.get("card") if e.get("id") == ref else None
            if source is not None:
                name = source.in_(lang) if hasattr(source, "in_") else str(source)
                return FrText(f"{ref} ({name})")
    return FrText(ref)


def _step_before(game: Game, line: int | None) -> int:
    """The step a check at ``line`` of the script follows (0: the set-up)."""
    if line is None:
        return len(game.timeline.steps) - 1
    before = [s.index for s in game.timeline.steps
              if s.script_line is not None and s.script_line < line]
    return max(before, default=0)


class _Words:
    """Names and lists in one language, for one check."""

    def __init__(self, game: Game, lang: str, c: CheckResult) -> None:
        self.game, self.lang, self.fr, self.c = game, lang, lang == "fr", c
        self.step = _step_before(game, c.check.line)
        self.during = False  # the check looks at what happened during its step only

    def say(self, en: str, fr: str) -> str:
        return fr if self.fr else en

    def named(self, ref: Any) -> FrText:
        """A player, an object (name and id) or a stack object, in this language."""
        return named(self.game, str(ref), self.lang)

    def listed(self, refs: Sequence[Any], sep_and: bool = True) -> str:
        names = [self.named(r) for r in refs]
        return self.joined([format(n, "le") if self.fr else str(n) for n in names], sep_and)

    def joined(self, items: Sequence[str], sep_and: bool = True) -> str:
        last = (" et " if self.fr else " and ") if sep_and else (" ou " if self.fr else " or ")
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + last + items[-1]

    def counted(self, n: int, key: str, **params: str) -> str:
        return _COUNTED[key][self.fr].select(self.lang, n).format(n=n, **params)

    def asked(self, kind: str) -> list[Answered]:
        """The questions of ``kind`` the check looked at: those of the step it follows, or of
        the game up to it."""
        steps = self.game.timeline.steps[:self.step + 1]
        return [a for s in (steps[-1:] if self.during else steps) for a in s.answered
                if a.kind == kind]

    def when(self, expected: dict, default: str = "last") -> str:
        """Where a check of the log, the triggers or the questions looks: the whole game, or
        the step it follows (then the sentence ends "during step N")."""
        if expected.get("in", default) == "last":
            self.during = True
            return ""
        return self.say(" during the game", " pendant la partie")


# --- one teller per kind of check -------------------------------------------------------------

def _life(w: _Words, expected: dict) -> str:
    parts = [w.say(f"{player_name(p)} has {plural('en', n, 'life')}",
                   f"{player_name(p)} a {plural('fr', n, 'life')}")
             for p, n in expected.items()]
    return w.joined(parts)


def _stack_size(w: _Words, n: int) -> str:
    if n == 0:
        return w.say("The stack is empty", "La pile est vide")
    return w.say(f"There {'is' if n == 1 else 'are'} {w.counted(n, 'object')} on the stack",
                 f"Il y a {w.counted(n, 'object')} sur la pile")


def _stack_item(w: _Words, want: Any) -> str:
    """One object of the stack as a check describes it."""
    if isinstance(want, str):
        return format(w.named(want), "le") if w.fr else str(w.named(want))
    ref = want.get("id") or want.get("source")
    head = (format(w.named(ref), "le") if w.fr else str(w.named(ref))) if ref else \
        (str(want["name"]) if "name" in want else "")
    if "name" in want and ref and not str(w.named(ref)).startswith(f"{want['name']} ("):
        head += w.say(f" named {want['name']}", f" nommé {want['name']}")
    details = []
    if "kind" in want:
        details.append(_STACK_KINDS.get(want["kind"], (want["kind"],) * 2)[w.fr])
    if want.get("copy") is True or want.get("copy_of"):
        copy_of = want.get("copy_of")
        details.append(w.say(f"a copy of {w.named(copy_of)}" if copy_of else "a copy",
                             f"une copie {w.named(copy_of):de}" if copy_of else "une copie"))
    elif want.get("copy") is False:
        details.append(w.say("not a copy", "pas une copie"))
    if "controller" in want:
        details.append(w.say(f"controlled by {player_name(want['controller'])}",
                             f"sous le contrôle {FrText(player_name(want['controller'])):de}"))
    if "targets" in want:
        details.append(w.say(f"targeting {w.listed(want['targets'])}",
                             f"qui cible {w.listed(want['targets'])}") if want["targets"]
                       else w.say("with no target", "sans cible"))
    if "x" in want:
        details.append(w.say(f"with X = {want['x']}", f"avec X = {want['x']}"))
    if "mode" in want:
        details.append(w.say(f"with mode {want['mode']}", f"avec le mode {want['mode']}"))
    if "division" in want:
        split = ", ".join(str(n) for n in want["division"] or [])
        details.append(w.say(f"divided {split}", f"avec la répartition {split}"))
    if "keyword" in want:
        details.append(w.say(f"from {want['keyword']}",
                             f"de {keyword_with_article(str(want['keyword']))}"))
    if "instance" in want and want["instance"]:
        n, of = want["instance"]
        details.append(w.say(f"instance {n} of {of}", f"occurrence {n} sur {of}"))
    return ", ".join([head, *details]) if head else ", ".join(details)


def _stack(w: _Words, expected: list) -> str:
    if not expected:
        return _stack_size(w, 0)
    items = "; ".join(_stack_item(w, want) for want in expected)
    return w.say(f"The stack holds {w.counted(len(expected), 'object')}, from the top: {items}",
                 f"La pile contient {w.counted(len(expected), 'object')}, du haut vers le bas : "
                 f"{items}")


def _stack_object(w: _Words, expected: dict) -> str:
    want = dict(expected)
    sid = want.pop("id")
    if sid == "top":
        where = w.say("The object on top of the stack is ", "L'objet au sommet de la pile est ")
    else:
        where = w.say(f"On the stack, {sid} is ", f"Sur la pile, {sid} est ")
    if "source" not in want and "name" not in want:
        want["id"] = sid if sid != "top" else None
        if want["id"] is None:
            del want["id"]
    return where + _stack_item(w, want)


def _triggered(w: _Words, expected: dict) -> str:
    source = w.named(expected["source"])
    count = expected.get("count")
    what = w.say(f"its {expected['keyword']} ability", f"sa capacité {expected['keyword']}") \
        if "keyword" in expected else ""
    for_obj = ""
    if "event_object" in expected:
        obj = w.named(expected["event_object"])
        for_obj = w.say(f" for {obj}", f" pour {obj:le}")
    if count == 0:
        text = w.say(f"No ability of {source} triggered", f"Aucune capacité {source:de} ne s'est "
                     "déclenchée")
    else:
        times = f" {w.counted(count, 'time')}" if count is not None else ""
        text = w.say(f"{source} triggered{times}", f"{source:Le} s'est déclenché{times}") \
            if not what else w.say(f"{source}: {what} triggered{times}",
                                   f"{source:Le} : {what} s'est déclenchée{times}")
        if not what:
            text = w.say(f"An ability of {source} triggered{times}",
                         f"Une capacité {source:de} s'est déclenchée{times}")
    text += for_obj + w.when(expected, default="any")
    if expected.get("added_by"):
        by = w.listed(expected["added_by"])
        text += w.say(f", with additional instances because of {by} (603.2d)",
                      f", avec des déclenchements supplémentaires à cause de {by} (603.2d)")
    return text


def _resolved_order(w: _Words, expected: list) -> str:
    if not expected:
        return w.say("Nothing has resolved", "Rien ne s'est résolu")
    order = w.say(", then ", ", puis ").join(str(w.named(s)) for s in expected)
    return w.say(f"In order, these resolved: {order}", f"Dans l'ordre, se sont résolus : {order}")


def _zone_name(w: _Words, expected: dict) -> tuple[str, str]:
    """The zone as a subject: "Alice's graveyard" / « le cimetière d'Alice »; and with its
    article capitalised in French."""
    zone, player = expected["zone"], expected.get("player")
    en = ZONE_NAMES.get(zone, (zone,) * 4)[0]
    fr = ZONE_NAMES.get(zone, (zone,) * 4)[3].split(" ", 1)[-1]
    if zone == "graveyard":
        fr = "le cimetière"
    if zone == "exile":
        fr = "l'exil"
    if player and zone in ("library", "hand", "graveyard"):  # the others are shared (400.1)
        en = f"{player_name(player)}'s {en.removeprefix('the ')}"
        fr = f"{fr} {FrText(player_name(player)):de}"
    elif player:  # what the player controls or owns there (checks.zone_ids)
        who = player_name(player)
        controls = zone in CONTROLLED_ZONES
        en = f"{en} (what {who} {'controls' if controls else 'owns'})"
        fr = f"{fr} (ce que {'contrôle' if controls else 'possède'} {who})"
    return (fr[:1].upper() + fr[1:], fr) if w.fr else (en[:1].upper() + en[1:], en)


def _zone(w: _Words, expected: dict) -> str:
    subject, _ = _zone_name(w, expected)
    parts = []
    if "equals" in expected:
        if not expected["equals"]:
            parts.append(w.say("is empty", "est vide"))
        else:
            parts.append(w.say(f"holds exactly {w.listed(expected['equals'])}",
                               f"contient exactement {w.listed(expected['equals'])}"))
    if expected.get("contains"):
        parts.append(w.say(f"holds {w.listed(expected['contains'])}",
                           f"contient {w.listed(expected['contains'])}"))
    if expected.get("not_contains"):
        parts.append(w.say(f"does not hold {w.listed(expected['not_contains'], False)}",
                           f"ne contient pas {w.listed(expected['not_contains'], False)}"))
    if "count" in expected:
        parts.append(w.say(f"holds {w.counted(expected['count'], 'object')}",
                           f"contient {w.counted(expected['count'], 'object')}"))
    return f"{subject} {w.joined(parts)}"


def _asked(w: _Words, expected: dict) -> str:
    kind = expected["kind"]
    about = QUESTIONS.get(kind, (kind, kind))[w.fr]
    when = w.when(expected)
    if expected.get("count") == 0:
        return w.say(f"No question about {about} was asked{when}",
                     f"Aucune question sur {about} n'a été posée{when}")
    parts = []
    if expected.get("offered"):
        parts.append(w.say(f"offered {_options(w, kind, expected['offered'])}",
                           f"a proposé {_options(w, kind, expected['offered'])}"))
    if expected.get("not_offered"):
        parts.append(w.say(f"did not offer {_options(w, kind, expected['not_offered'], False)}",
                           f"n'a pas proposé {_options(w, kind, expected['not_offered'], False)}"))
    if "count" in expected:
        parts.append(w.say(f"was asked {w.counted(expected['count'], 'time')}",
                           f"a été posée {w.counted(expected['count'], 'time')}"))
    if not parts:
        parts.append(w.say("was asked", "a été posée"))
    return w.say(f"The question about {about}{when} ", f"La question sur {about}{when} ") \
        + w.joined(parts)


def _options(w: _Words, kind: str, keys: Sequence[str], sep_and: bool = True) -> str:
    """Answers as a reader knows them: "Grizzly Bears (bears) blocking Goblin (goblin)"."""
    out = []
    for key in keys:
        if ">" in str(key):
            a, b = str(key).split(">", 1)
            verb = {"attackers": ("attacking", "qui attaque|qui attaquent"),
                    "blockers": ("blocking", "qui bloque|qui bloquent")}.get(kind)
            first, second = w.named(a), w.named(b)
            if verb is None:
                out.append(f"{first} → {second}" if not w.fr else f"{first:le} → {second:le}")
            elif w.fr:
                out.append(f"{first:le} {format(first, verb[1])} {second:le}")
            else:
                out.append(f"{first} {verb[0]} {second}")
        elif str(key) in w.game.state.players or str(key) in w.game.state.objects:
            n = w.named(key)
            out.append(format(n, "le") if w.fr else str(n))
        else:  # as the question showed it ("ne pas le lancer", "sans payer son coût de mana")
            out.append(answer_words(w.game, key, w.lang, w.asked(kind)))
    if len(out) > 1 and any(", " in o for o in out):  # "3 → Wall (wall), 1 → Bob; and ..."
        last = w.say("; and " if sep_and else "; or ", " ; et " if sep_and else " ; ou ")
        return "; ".join(out[:-1]) + last + out[-1]
    return w.joined(out, sep_and)


def _linked(w: _Words, expected: dict) -> str:
    source = w.named(expected["source"])
    cards = expected.get("cards")
    count = expected.get("count", len(cards) if cards is not None else None)
    if count == 0:
        return w.say(f"The linked ability of {source} has exiled no card (607)",
                     f"La capacité liée {source:de} n'a exilé aucune carte (607)")
    what = w.listed(cards) if cards else plural(w.lang, count or 0, "card")
    return w.say(f"The linked ability of {source} has exiled {what} (607)",
                 f"La capacité liée {source:de} a exilé {what} (607)")


def _delayed(w: _Words, expected: dict) -> str:
    of_en = f" of {w.named(expected['source'])}" if "source" in expected else ""
    of_fr = f" {w.named(expected['source']):de}" if "source" in expected else ""
    count = expected.get("count")
    refers = expected.get("refers_to")
    if count == 0:
        return w.say(f"No delayed triggered ability{of_en} is waiting",
                     f"Aucune capacité déclenchée retardée{of_fr} n'est en attente")
    n = w.counted(count, "delayed") if count is not None else \
        w.say("delayed triggered abilities", "des capacités déclenchées retardées")
    text = w.say(f"There {'is' if count == 1 else 'are'} {n}{of_en} waiting",
                 f"Il y a {n}{of_fr} en attente")
    if refers is not None:
        text += w.say(f", referring to {w.listed(refers)} (603.7c)" if refers else
                      ", referring to nothing",
                      f", qui se rapporte{'nt' if count != 1 else ''} {_fr_to(w, refers)} (603.7c)"
                      if refers else ", qui ne se rapporte à rien")
    return text


def _fr_to(w: _Words, refs: Sequence[Any]) -> str:
    return w.joined([format(w.named(r), "à") for r in refs])


def _log(w: _Words, expected: dict) -> str:
    """The entry the check finds, quoted as the log wrote it (in this language); one it
    expects never to find, as its message with what the check names filled in."""
    params = {k: v for k, v in expected.items() if k not in ("key", "in", "count")}
    when = w.when(expected)
    steps = w.game.timeline.steps[:w.step + 1]
    if expected.get("in", "last") == "last":
        steps = steps[-1:]
    found = [e for s in steps for e in s.entries if e.key == expected["key"]
             and all(_param_is(e.get(k), v) for k, v in params.items())]
    count = expected.get("count")
    if count == 0 or not found:
        line = _partial_message(w, expected["key"], params)
        return w.say(f"The log never says{when}: “{line}”" if count == 0 else
                     f"The log says{when}: “{line}”",
                     f"Le journal ne dit jamais{when} : « {line} »" if count == 0 else
                     f"Le journal dit{when} : « {line} »")
    line = found[0].text(w.lang).rstrip(".")
    times = f" {w.counted(count, 'time')}" if count and count > 1 else ""
    return w.say(f"The log says{when}{times}: “{line}”",
                 f"Le journal dit{when}{times} : « {line} »")


class _Blank(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> FrText:
        return FrText("…")


def _partial_message(w: _Words, key: str, params: dict[str, Any]) -> str:
    """The log message ``key`` with what the check names filled in, "…" for the rest."""
    entry = MESSAGES.get(key)
    if entry is None:
        return key
    template = entry[w.fr]
    if isinstance(template, Plural):
        template = template.select(w.lang, int(params.get(template.count, 2)))
    values = _Blank({k: w.named(v) if k in ("id", "player") else FrText(str(v))
                     for k, v in params.items()})
    try:
        return template.format_map(values).rstrip(".")
    except (ValueError, KeyError, IndexError):
        return key


def _combat(w: _Words, expected: dict) -> str:
    parts = []
    if "step" in expected:
        en, fr = STEP_NAMES.get(expected["step"], (expected["step"],) * 2)
        parts.append(w.say(f"it is the {en}", f"c'est l'{fr}" if fr[0] in "éea" else
                           f"c'est la {fr}"))
    if "attacking" in expected:
        attacking = expected["attacking"]
        parts += [w.say(f"{w.named(a)} is attacking {w.named(p)}",
                        f"{w.named(a):le} {w.named(a):attaque|attaquent} {w.named(p):le}")
                  if p else  # 506.4c: what it attacked was removed from combat
                  w.say(f"{w.named(a)} is an attacking creature that attacks no player, "
                        "planeswalker or battle",
                        f"{w.named(a):le} est une créature attaquante qui n'attaque aucun "
                        "joueur, aucun planeswalker ni aucune bataille")
                  for a, p in attacking.items()] or [w.say("no creature is attacking",
                                                           "aucune créature n'attaque")]
    if "blocking" in expected:
        blocking = expected["blocking"]
        for b, a in blocking.items():
            blocked = a if isinstance(a, list) else [a]
            if not blocked:  # a blocker whose attackers were removed from combat (506.4)
                parts.append(w.say(f"{w.named(b)} is blocking no creature",
                                   f"{w.named(b):le} ne {w.named(b):bloque|bloquent} aucune "
                                   "créature"))
                continue
            parts.append(w.say(f"{w.named(b)} is blocking {w.listed(blocked)}",
                               f"{w.named(b):le} {w.named(b):bloque|bloquent} "
                               f"{w.listed(blocked)}"))
        if not blocking:
            parts.append(w.say("no creature is blocking", "aucune créature ne bloque"))
    if "blocked" in expected:
        blocked = expected["blocked"]
        if not blocked:
            parts.append(w.say("no attacker is blocked", "aucun attaquant n'est bloqué"))
        for a in blocked:
            n = w.named(a)
            parts.append(w.say(f"{n} is blocked",
                               f"{n:le} {n:est bloqué|est bloquée|sont bloqués|sont bloquées}"))
    if "damage_step" in expected:
        n = expected["damage_step"]
        if n in _ORDINALS:
            parts.append(w.say(f"this is the {_ORDINALS[n][0]} combat damage step",
                               f"c'est la {_ORDINALS[n][1]} étape des blessures de combat"))
        else:
            parts.append(w.say("no combat damage has been dealt yet",
                               "aucune blessure de combat n'a encore été infligée"))
    text = w.joined(parts)
    return text[:1].upper() + text[1:]


def _error(w: _Words, expected: dict) -> str:
    c = w.c
    if not c.passed:  # what the file expects; what the game did is the found sentence's
        return _expected_refusal(w, expected)
    message = (c.refusal[1] or c.refusal[0]) if w.fr else c.refusal[0]
    if message.startswith(("The ", "Le ", "La ", "Les ", "L'")):  # after a colon: lower case
        message = message[:1].lower() + message[1:]
    actual = c.actual if isinstance(c.actual, dict) else {}
    rule = actual.get("rule") or expected.get("rule")
    cite = w.say(f" (rule {rule})", f" (règle {rule})") if rule else ""
    if message:
        return w.say(f"The next action is refused{cite}: {message.rstrip('.')}; the game is "
                     "left as it was",
                     f"L'action suivante est refusée{cite} : {message.rstrip('.')} ; la partie "
                     "reste telle qu'elle était")
    return w.say(f"The next action is refused{cite}", f"L'action suivante est refusée{cite}")


def _expected_refusal(w: _Words, expected: dict) -> str:
    """An expected refusal as the file writes it: the rule it cites, the words it contains."""
    rule, words = expected.get("rule"), expected.get("contains")
    cite = w.say(f" citing rule {rule}", f" en citant la règle {rule}") if rule else ""
    said = w.say(f", saying “{words}”", f", en disant « {words} »") if words else ""
    return w.say(f"The next action is refused{cite}{said}; the game is left as it was",
                 f"L'action suivante est refusée{cite}{said} ; la partie reste telle qu'elle "
                 "était")


def _object(w: _Words, expected: dict) -> str:
    want = dict(expected)
    n = w.named(want.pop("id"))
    facts = [_fact(w, n, key, value) for key, value in want.items()]
    if "power" in want and "toughness" in want:  # "is 2/2" reads better than two clauses
        facts = [f for k, f in zip(want, facts, strict=True) if k not in ("power", "toughness")]
        facts.insert(0, w.say(f"is {want['power']}/{want['toughness']}",
                              f"{n:est|sont} {n:un|une|des|des} {want['power']}/"
                              f"{want['toughness']}"))
    return (f"{n:Le} " if w.fr else f"{n} ") + w.joined(facts)


#: A color's mana symbol (105.1, as a check may write it: ``colors: [W]``) to its word.
_COLOR_WORDS = {symbol: word for word, symbol in COLORS.items()}


def _fact(w: _Words, n: FrText, key: str, value: Any) -> str:
    """One fact of an object check (:data:`mtgrules.scenarios.checks.OBJECT_FACTS`) as a verb
    phrase agreeing with the object ``n``."""
    is_fr = f"{n:est|sont}"
    if key == "zone":
        forms = ZONE_NAMES.get(value, (value,) * 4)
        en_prep = "on" if value in ("battlefield", "stack") else "in"
        return w.say(f"is {en_prep} {forms[1]}" if value != "exile" else "is in exile",
                     f"{is_fr} {forms[3]}")
    if key == "name":
        return w.say(f"is named {value}",
                     f"{n:s'appelle|s'appellent} {french_card_name(w.game, value)}")
    if key in ("controller", "owner"):
        who = player_name(str(value))
        return w.say(f"is {'controlled' if key == 'controller' else 'owned'} by {who}",
                     f"{is_fr} sous le contrôle {FrText(who):de}" if key == "controller" else
                     f"{n:appartient|appartiennent} à {who}")
    if key in ("power", "toughness", "mana_value", "loyalty"):
        en, fr = {"power": ("power", "une force"), "toughness": ("toughness", "une endurance"),
                  "mana_value": ("mana value", "une valeur de mana"),
                  "loyalty": ("loyalty", "une loyauté")}[key]
        return w.say(f"has {en} {value}", f"{n:a|ont} {fr} de {value}")
    if key == "tapped":
        return w.say("is tapped" if value else "is untapped",
                     f"{is_fr} {n:engagé|engagée|engagés|engagées}" if value else
                     f"{is_fr} {n:dégagé|dégagée|dégagés|dégagées}")
    if key == "token":
        return w.say("is a token" if value else "is not a token",
                     f"{is_fr} {n:un jeton|des jetons}" if value else
                     f"{n:n'est pas un jeton|ne sont pas des jetons}")
    if key == "face_down":
        return w.say("is face down" if value else "is face up",
                     f"{is_fr} face cachée" if value else f"{is_fr} face visible")
    if key == "entered_this_turn":
        return w.say("entered this turn" if value else "did not enter this turn",
                     f"{is_fr} {n:arrivé|arrivée|arrivés|arrivées} ce tour-ci" if value else
                     f"{n:n'est pas|ne sont pas} {n:arrivé|arrivée|arrivés|arrivées} ce tour-ci")
    return _listed_fact(w, n, key, value)


def _listed_fact(w: _Words, n: FrText, key: str, value: Any) -> str:
    """A fact whose value is a list, a mapping or a reference."""
    if key in ("attached_to", "copy_of"):
        if value is None:
            return w.say("is not attached to anything" if key == "attached_to" else
                         "is not a copy",
                         f"{n:n'est|ne sont} {n:attaché|attachée|attachés|attachées} à rien"
                         if key == "attached_to" else
                         f"{n:n'est pas une copie|ne sont pas des copies}")
        other = w.named(value)
        return w.say(f"is attached to {other}" if key == "attached_to" else f"is a copy of {other}",
                     f"{n:est attaché|est attachée|sont attachés|sont attachées} {other:à}"
                     if key == "attached_to" else f"{n:est une copie|sont des copies} {other:de}")
    if key == "counters":
        if not value:
            return w.say("has no counters", f"{n:n'a|n'ont} aucun marqueur")
        each = [_counters(w, kind, count) for kind, count in value.items()]
        return w.say(f"has {w.joined(each)}", f"{n:a|ont} {w.joined(each)}")
    if key == "damage":
        return w.say(f"has {plural('en', value, 'damage')} marked on it" if value else
                     "has no damage marked on it",
                     f"{n:a|ont} {plural('fr', value, 'damage')}" if value else
                     f"{n:n'a|n'ont} aucune blessure")
    if key == "keywords":
        if not value:
            return w.say("has no keyword abilities", f"{n:n'a|n'ont} aucune capacité mot-clé")
        return w.say(f"has {w.joined(list(value))}",
                     f"{n:a|ont} {w.joined([keyword_with_article(k) for k in value])}")
    if key == "abilities":
        if not value:
            return w.say("has no abilities", f"{n:n'a|n'ont} aucune capacité")
        kinds = [_ABILITY_KINDS.get(k, (k, k))[w.fr] for k in value]
        return w.say(f"has {w.joined(kinds)}", f"{n:a|ont} {w.joined(kinds)}")
    if key == "colors":
        if not value:
            return w.say("is colorless", f"{n:est|sont} {n:incolore|incolores}")
        names = [_COLOR_WORDS.get(c, c) for c in value]  # [W] and [white] both read "white"
        colors_fr = [format(n, "|".join(COLORS_FR[c])) if c in COLORS_FR else c for c in names]
        return w.say(f"is {w.joined(names)}", f"{n:est|sont} {w.joined(colors_fr)}")
    if key == "mana":
        if not value:
            return w.say("has no mana ability", f"{n:n'a|n'ont} aucune capacité de mana")
        made = w.joined([str(m) for m in value])
        return w.say(f"has mana abilities that add {made}" if len(value) > 1 else
                     f"has a mana ability that adds {made}",
                     f"{n:a|ont} des capacités de mana qui ajoutent {made}" if len(value) > 1
                     else f"{n:a|ont} une capacité de mana qui ajoute {made}")
    if key in ("types", "subtypes", "supertypes"):
        table = {"types": CARD_TYPES_FR, "subtypes": SUBTYPES_FR, "supertypes": SUPERTYPES_FR}
        en = {"types": "card types", "subtypes": "subtypes", "supertypes": "supertypes"}[key]
        fr, none_fr = {"types": ("types de carte", "aucun type de carte"),
                       "subtypes": ("sous-types", "aucun sous-type"),
                       "supertypes": ("supertypes", "aucun supertype")}[key]
        if not value:
            return w.say(f"has no {en}", f"{n:n'a|n'ont} {none_fr}")
        named = [table[key].get(t, t) for t in value] if w.fr else list(value)
        if key == "subtypes" and not w.fr:  # 205.3: English writes "Bear"; French keeps its
            named = [t[:1].upper() + t[1:] for t in named]  # type lines' « ours »
        words = w.joined(named)
        if len(value) == 1:  # "the subtype Aura", « pour sous-type aura »
            en, fr = en.removesuffix("s"), fr.replace("types", "type")
        return w.say(f"has the {en} {words}", f"{n:a|ont} pour {fr} {words}")
    return w.say(f"has {key} {value}", f"{n:a|ont} {key} {value}")


def _counters(w: _Words, kind: str, count: int) -> str:
    """"2 +1/+1 counters", « 2 marqueurs +1/+1 », « 1 marqueur « charge » » (122)."""
    if w.fr and kind[:1] not in "+-":  # counter names are quoted in French (the glossary)
        kind = f"« {counter_name(kind, 'fr')} »"
    return w.counted(count, "counter", kind=kind)


#: Answers that are words, not names: as a reader says them (the answer keys are English).
ANSWER_WORDS: dict[str, tuple[str, str]] = {
    "yes": ("yes", "oui"), "no": ("no", "non"), "true": ("yes", "oui"),
    "false": ("no", "non"), "none": ("none", "aucun"),
    "keep": ("keep the target", "garder la cible"),
    "without paying": ("without paying its mana cost", "sans payer son coût de mana"),
    **{color: (color, forms[0]) for color, forms in COLORS_FR.items()},  # 105.1: "blanc"
}


#: An answer that shares out an amount ("wall:3+bob:1": 3 damage to the wall, 1 to Bob).
_SHARES = re.compile(r"[^:+\s]+:\d+(?:\+[^:+\s]+:\d+)+")


def answer_words(game: Game, value: Any, lang: str, asked: Sequence[Answered] = ()) -> str:
    """One answer (or an option) as a reader knows what it names: a player by name ("Alice",
    not "alice"), an object by its name and id ("Dawn Wall (wall)"), else as the questions
    ``asked`` showed it ("T1" is "Blood Artist (artist) 1/2"), a word ("oui"), or a card
    named in English by its French name."""
    if isinstance(value, bool):
        value = "yes" if value else "no"
    if isinstance(value, str) and (value in game.state.players or value in game.state.objects
                                   or re.match(STACK_ID, value)):
        said = str(named(game, value, lang))  # "S1 (Bloodbraid Elf)", as the log names it
        if said != value:
            return said
    for a in asked:  # the label it was shown with, unless that only repeats it
        label = a.label(str(value), lang)
        if label is not None and label != str(value):
            return label
    if isinstance(value, str) and _SHARES.fullmatch(value):  # "wall:3+bob:1", as asked
        shares = [part.rsplit(":", 1) for part in value.split("+")]
        return ", ".join(f"{n} → {answer_words(game, to, lang)}" for to, n in shares)
    if isinstance(value, str) and value.lower() in ANSWER_WORDS:
        return ANSWER_WORDS[value.lower()][lang == "fr"]
    if isinstance(value, str) and lang == "fr":  # a card named in English
        return french_card_name(game, value)
    return str(value)


def french_card_name(game: Game, english: str) -> str:
    """A card (or a face of one) a check or an answer names in English, by its French name
    when an object of the game bears it, or an ability's text by its French text (an
    alternative cost is named by its text); else as written."""
    for obj_id in game.state.objects:
        names = game.name_of(obj_id)
        if names.en == english:
            return names.fr
    for obj in game.state.objects.values():
        card = obj.card
        for face in card.faces if card is not None else ():
            if face.name == english and face.name_fr:
                return face.name_fr
        for ability in obj.copiable_values().abilities:
            if ability.text == english and ability.text_fr:
                return ability.text_fr
    return english


# --- what the game showed instead, told by the same tellers ------------------------------------

def _found_zone(w: _Words, expected: dict, actual: list) -> str:
    return _zone(w, {"zone": expected["zone"], "player": expected.get("player"),
                     "equals": actual})


def _found_object(w: _Words, expected: dict, actual: dict | None) -> str:
    if actual is None:
        return w.say(f"There is no object {expected['id']}",
                     f"Il n'y a aucun objet {expected['id']}")
    return _object(w, {"id": expected["id"], **actual}) if actual else ""


def _found_triggered(w: _Words, expected: dict, actual: dict) -> str:
    asked = {k: v for k, v in expected.items() if k not in ("count", "added_by")}
    return _triggered(w, {**asked, **actual})


def _found_delayed(w: _Words, expected: dict, actual: dict) -> str:
    found = {k: v for k, v in actual.items() if k in expected or k == "count"}
    return _delayed(w, {**expected, **found})


def _found_asked(w: _Words, expected: dict, actual: dict | list) -> str:
    options, times = (actual["options"], actual["times"]) if isinstance(actual, dict) else ([], 0)
    return _asked(w, {"kind": expected["kind"], "in": expected.get("in", "last"),
                      "offered": options, "count": times})


def _found_stack(w: _Words, expected: list, actual: list) -> str:
    """The stack as found: each object told with the details its expectation asked about (a
    stack of another size: each object by its id)."""
    items: list[Any] = []
    for n, got in enumerate(actual):
        want = expected[n] if n < len(expected) else None
        if isinstance(got, str):  # "S1:Lightning Bolt"
            items.append(got.split(":", 1)[0])
        elif isinstance(want, dict):
            items.append({"id": got["id"], **{k: got[k] for k in want if k in got and
                                              k not in ("id", "source")}})
        else:
            items.append(got["id"])
    return _stack(w, items)


def _found_stack_object(w: _Words, expected: dict, actual: dict | None) -> str:
    sid = expected["id"]
    if actual is None:
        return _stack_size(w, 0) if sid == "top" else \
            w.say(f"{sid} is not on the stack", f"{sid} n'est pas sur la pile")
    return _stack_object(w, {"id": sid, **{k: actual[k] for k in expected
                                           if k in actual and k != "id"}})


def _found_error(w: _Words, expected: dict, actual: Any) -> str:
    if not isinstance(actual, dict):
        return w.say("The action was allowed", "L'action a été permise")
    if not actual.get("unchanged", True):
        return w.say("The action was refused, but the game changed",
                     "L'action a été refusée, mais la partie a changé")
    rule, wanted = actual.get("rule"), expected.get("rule")
    cite = w.say(f" (rule {rule})", f" (règle {rule})") if rule else \
        w.say(" without citing a rule", " sans citer de règle")
    if wanted and not (rule and rule_matches(str(rule), str(wanted))):  # not the one asked for
        cite += w.say(f", not rule {wanted}", f", pas la règle {wanted}")
    message = (w.c.refusal[1] or w.c.refusal[0]) if w.fr else w.c.refusal[0]
    return w.say(f"The action was refused{cite}: {message}",
                 f"L'action a été refusée{cite} : {message}")


_FINDERS: dict[str, Callable[[_Words, Any, Any], str]] = {
    "life": lambda w, expected, actual: _life(w, actual),
    "stack_size": lambda w, expected, actual: _stack_size(w, actual),
    "resolved_order": lambda w, expected, actual: _resolved_order(w, actual),
    "combat": lambda w, expected, actual: _combat(w, actual),
    "linked": lambda w, expected, actual: _linked(w, {"source": expected["source"],
                                                      "cards": actual}),
    "log": lambda w, expected, actual: _log(w, {**expected, "count": len(actual)}),
    "zone": _found_zone, "object": _found_object, "triggered": _found_triggered,
    "delayed": _found_delayed, "asked": _found_asked, "stack": _found_stack,
    "stack_object": _found_stack_object, "error": _found_error,
}


_TELLERS: dict[str, Callable[[_Words, Any], str]] = {
    "life": _life, "stack_size": _stack_size, "stack": _stack, "stack_object": _stack_object,
    "triggered": _triggered, "resolved_order": _resolved_order, "zone": _zone,
    "asked": _asked, "linked": _linked, "delayed": _delayed, "log": _log, "combat": _combat,
    "error": _error, "object": _object,
}
