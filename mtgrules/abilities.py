"""The card vocabulary: abilities, costs, trigger events, targets and effects as data.

A card's abilities are read from its catalog entry (or a scenario's inline card) into
:class:`AbilityDef` objects. Keyword abilities are expanded here into the abilities the rules
define them as (702): prowess is a triggered ability (702.108a), equip an activated ability
(702.6a), cascade a cast trigger (702.85a), hideaway an enters trigger (702.75a).
"""

from __future__ import annotations

import functools
import re
from dataclasses import field

from .continuous import (
    BASIC_LAND_MANA,
    DURATIONS,
    MODIFICATION_KEYS,
    PT_VALUES,
    Modification,
    StaticEffect,
    land_types,
)
from .data import Node
from .filters import (
    EMPTY,
    Condition,
    Filter,
    Word,
    accepts,
    parse_condition,
    parse_filter,
    type_words,
)
from .frozen import by_identity, frozen, replace
from .mana import ManaCost
from .text import Name
from .text.grammar import GRAMMAR_CODES

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

ABILITY_KINDS = ("spell", "activated", "triggered", "static", "replacement")
TRIGGER_EVENTS = ("enters", "dies", "leaves_battlefield", "put_into_graveyard", "cast",
                  "activate", "sacrifice", "attacks", "blocks", "becomes_blocked",
                  "beginning_of_combat", "end_of_combat", "becomes_target", "gains_life",
                  "beginning_of_upkeep", "beginning_of_end_step", "draws")
#: Trigger events of combat (508.3a, 509.3a, 509.3c) and of steps beginning (503.1a, 507,
#: 511.2, 513.1): "at the beginning of your upkeep", "at end of combat".
COMBAT_EVENTS = ("attacks", "blocks", "becomes_blocked")
STEP_EVENTS = ("beginning_of_combat", "end_of_combat", "beginning_of_upkeep",
               "beginning_of_end_step")
#: The step whose beginning each step event is (500.1).
STEP_OF_EVENT = {"beginning_of_combat": "beginning_of_combat",
                 "end_of_combat": "end_of_combat", "beginning_of_upkeep": "upkeep",
                 "beginning_of_end_step": "end"}
#: Trigger events that look back in time (603.6c, 603.10a).
LEAVES_BATTLEFIELD_EVENTS = ("dies", "leaves_battlefield")
TARGET_TYPES = ("player", "creature", "permanent", "any", "stack_ability", "spell", "card")
@frozen
class EffectSpec:
    """One word of the effect vocabulary: its parameters (each with what it takes), the rule it
    follows, and what it does in English and French. The JSON Schema, the docs and the handler
    registry (instructions.HANDLERS) are all keyed by this table."""

    params: dict[str, str]
    rule: str
    text: str
    text_fr: str
    example: str = ""  # one ability (YAML) that uses the word: docs/card_language.md


KIKI_EXAMPLE = ('{kind: activated, text: "{T}: Create a token that\'s a copy of target '
                'nonlegendary creature you control, except it has haste. Sacrifice it at the '
                'beginning of the next end step.", cost: "{T}", targets: [{type: creature, '
                'filter: {controller: you, not_supertypes: [legendary]}}], effects: [{do: '
                'create_token, copy_of: target, except: {abilities: [{keyword: haste}]}}, {do: '
                'delayed_trigger, at: next_end_step, refers_to: created, effects: [{do: '
                'sacrifice, what: that_object}]}]}')
FLICKER_EXAMPLE = ('{kind: triggered, text: "When this creature enters, exile another target '
                   'permanent. Return that card to the battlefield under its owner\'s control at '
                   'the beginning of the next end step.", trigger: {event: enters, subject: '
                   'self}, targets: [{type: permanent, filter: {other: true}}], effects: [{do: '
                   'exile, what: target}, {do: delayed_trigger, at: next_end_step, refers_to: '
                   'moved, effects: [{do: put_onto_battlefield, what: that_object, under: '
                   'owner}]}]}')

#: When a delayed triggered ability triggers (603.7): ``{do: delayed_trigger, at: <word>}``.
#: Each is the beginning of a step (a trigger event of STEP_EVENTS) and whose step it must be,
#: or an event of the object the ability refers to (kind "object": it needs ``refers_to``).
DELAYED_AT: dict[str, Word] = {
    "next_end_step": Word("step", "513.2", "at the beginning of the next end step (created "
                          "during an end step, it waits for the next turn's: 513.2)",
                          "au début de la prochaine étape de fin (créée pendant une étape de "
                          "fin, elle attend celle du tour suivant : 513.2)", KIKI_EXAMPLE),
    "your_next_end_step": Word("step", "513.2", "at the beginning of your next end step",
                               "au début de votre prochaine étape de fin",
                               '{kind: spell, text: "Exile target creature you control. At the '
                               'beginning of your next end step, return that card to the '
                               'battlefield under your control.", targets: [{type: creature, '
                               'filter: {controller: you}}], effects: [{do: exile, what: '
                               'target}, {do: delayed_trigger, at: your_next_end_step, '
                               'refers_to: moved, effects: [{do: put_onto_battlefield, what: '
                               'that_object, under: you}]}]}'),
    "next_upkeep": Word("step", "503.1a", "at the beginning of the next upkeep (whoever's turn "
                        "it is)", "au début du prochain entretien (quel que soit le joueur "
                        "actif)",
                        '{kind: spell, text: "At the beginning of the next upkeep, draw a '
                        'card.", effects: [{do: delayed_trigger, at: next_upkeep, effects: '
                        '[{do: draw, amount: 1}]}]}'),
    "your_next_upkeep": Word("step", "503.1a", "at the beginning of your next upkeep",
                             "au début de votre prochain entretien",
                             '{kind: spell, text: "Draw a card at the beginning of your next '
                             'upkeep.", effects: [{do: delayed_trigger, at: your_next_upkeep, '
                             'effects: [{do: draw, amount: 1}]}]}'),
    "end_of_combat": Word("step", "511.2", "at end of combat: as the end of combat step begins",
                          "à la fin du combat : au début de l'étape de fin de combat",
                          '{kind: spell, text: "Target creature gets +2/+0 until end of turn. '
                          'At end of combat, destroy it.", targets: [{type: creature}], '
                          'effects: [{do: pump, what: target, power: 2, toughness: 0}, {do: '
                          'delayed_trigger, at: end_of_combat, refers_to: target, effects: '
                          '[{do: destroy, what: that_object}]}]}'),
    "that_object_dies": Word("object", "603.7c", "when that object dies (the object it "
                             "refers to, as it was then: 700.4; one that changed zones since is "
                             "a new object, 400.7)",
                             "quand cet objet meurt (l'objet auquel elle se réfère, tel qu'il "
                             "était alors : 700.4 ; un objet qui a changé de zone depuis est un "
                             "nouvel objet, 400.7)",
                             '{kind: spell, text: "Target creature gets +2/+0 until end of turn. '
                             'When that creature dies this turn, draw a card.", targets: [{type: '
                             'creature}], effects: [{do: pump, what: target, power: 2, '
                             'toughness: 0}, {do: delayed_trigger, at: that_object_dies, '
                             'refers_to: target, this_turn: true, effects: [{do: draw, amount: '
                             '1}]}]}'),
    "that_object_leaves": Word("object", "603.7c", "when that object leaves the battlefield "
                               "(the object it refers to, as it was then)",
                               "quand cet objet quitte le champ de bataille (l'objet auquel "
                               "elle se réfère, tel qu'il était alors)",
                               '{kind: spell, text: "Target creature gets +2/+0 until end of '
                               'turn. When it leaves the battlefield this turn, you lose 2 '
                               'life.", targets: [{type: creature}], effects: [{do: pump, what: '
                               'target, power: 2, toughness: 0}, {do: delayed_trigger, at: '
                               'that_object_leaves, refers_to: target, this_turn: true, '
                               'effects: [{do: lose_life, who: you, amount: 2}]}]}'),
}
#: Each ``at`` word's trigger event and whose step it is (you: the delayed ability's
#: controller's; any: anyone's; for an event of the object it refers to, anyone's).
DELAYED_EVENTS: dict[str, tuple[str, str]] = {
    "next_end_step": ("beginning_of_end_step", "any"),
    "your_next_end_step": ("beginning_of_end_step", "you"),
    "next_upkeep": ("beginning_of_upkeep", "any"),
    "your_next_upkeep": ("beginning_of_upkeep", "you"),
    "end_of_combat": ("end_of_combat", "any"),
    "that_object_dies": ("dies", "any"),
    "that_object_leaves": ("leaves_battlefield", "any"),
}
#: Object references a delayed triggered ability may refer to (``refers_to``).
DELAYED_REFERS = ("created", "moved", "self", "target", "event_object", "new_object",
                  "equipped_creature")


#: What a continuous effect does (continuous.Modification), as written in a card: the keys of
#: the ``continuous`` effect and of the ``continuous`` static ability, with their kinds.
MODIFICATION_PARAMS: dict[str, str] = {
    k: ("player_you" if k == "control" else w.kind) for k, w in MODIFICATION_KEYS.items()}

#: The effect vocabulary. Parameter kinds: ``object`` (self, target, target2...), ``objects`` (an
#: object reference or ``each`` with a ``filter``), ``target`` (a
#: target slot), ``player`` (you, each_player, each_opponent, target...), ``amount`` (a number,
#: X, sacrificed.power ...), ``int``, ``bool``, ``text``, ``mana``, ``words``, ``token`` (a
#: card face), ``copy_what``, ``condition``, ``copy_exceptions`` (707.9, see CopyExceptions).
EFFECT_VOCABULARY: dict[str, EffectSpec] = {
    "damage": EffectSpec({"to": "recipient", "amount": "amount", "divided": "bool",
                          "instead": "self_replacement"}, "120.3",
                         "deals damage", "inflige des blessures",
        example=('{kind: spell, text: "Deals 3 damage to any target.", targets: [{type: '
                 'any}], effects: [{do: damage, to: target, amount: 3}]}')),
    "lose_life": EffectSpec({"who": "player", "amount": "amount"}, "119.3", "loses life",
                            "perd des points de vie",
        example=('{kind: spell, text: "Target player loses 2 life.", targets: [{type: '
                 'player}], effects: [{do: lose_life, who: target, amount: 2}]}')),
    "gain_life": EffectSpec({"who": "player", "amount": "amount",
                             "instead": "self_replacement"}, "119.3", "gains life",
                            "gagne des points de vie",
        example=('{kind: spell, text: "You gain 4 life.", effects: [{do: gain_life, who: '
                 'you, amount: 4}]}')),
    "draw": EffectSpec({"who": "player", "amount": "amount", "instead": "self_replacement"},
                       "121.1", "draws cards",
                       "pioche des cartes",
        example=('{kind: spell, text: "Draw two cards.", effects: [{do: draw, who: you, '
                 'amount: 2}]}')),
    "mill": EffectSpec({"who": "player", "amount": "amount"}, "701.17a", "mills cards",
                       "meule des cartes",
        example=('{kind: spell, text: "Target player mills three cards.", targets: '
                 '[{type: player}], effects: [{do: mill, who: target, amount: 3}]}')),
    "destroy": EffectSpec({"what": "objects", "filter": "filter"}, "701.8a",
                          "destroys (the objects named, or each permanent the filter accepts)",
                          "détruit (les objets désignés, ou chaque permanent accepté par le "
                          "filtre)",
        example=('{kind: spell, text: "Destroy all creatures.", effects: [{do: destroy, '
                 'what: each, filter: {types: [creature]}}]}')),
    "exile": EffectSpec({"what": "objects", "filter": "filter"}, "701.13a", "exiles",
                        "exile",
        example=('{kind: spell, text: "Exile target creature.", targets: [{type: '
                 'creature}], effects: [{do: exile, what: target}]}')),
    "tap": EffectSpec({"what": "object"}, "701.26a", "taps", "engage",
        example=('{kind: spell, text: "Tap target creature.", targets: [{type: '
                 'creature}], effects: [{do: tap, what: target}]}')),
    "untap": EffectSpec({"what": "object"}, "701.26b", "untaps", "dégage",
        example=('{kind: activated, text: "{1}: Untap this permanent.", cost: "{1}", '
                 'effects: [{do: untap, what: self}]}')),
    "counter": EffectSpec({"what": "target"}, "701.6a", "counters a spell or ability",
                          "contrecarre un sort ou une capacité",
        example=('{kind: spell, text: "Counter target spell.", targets: [{type: spell}], '
                 'effects: [{do: counter, what: target}]}')),
    "sacrifice": EffectSpec({"what": "object"}, "701.21a", "sacrifices", "sacrifie",
        example=('{kind: triggered, text: "When this creature becomes the target of a '
                 'spell or ability, sacrifice it.", trigger: {event: becomes_target, '
                 'subject: self}, effects: [{do: sacrifice, what: self}]}')),
    "return_to_hand": EffectSpec({"what": "object"}, "400.3", "returns to its owner's hand",
                                 "renvoie dans la main de son propriétaire",
        example=("{kind: spell, text: \"Return target creature to its owner's hand.\", "
                 'targets: [{type: creature}], effects: [{do: return_to_hand, what: '
                 'target}]}')),
    "attach": EffectSpec({"what": "object", "to": "object"}, "701.3a", "attaches",
                         "attache",
        example=('{kind: activated, text: "{2}: Attach this to target creature you '
                 'control.", cost: "{2}", targets: [{type: creature, filter: {controller: '
                 'you}}], effects: [{do: attach, what: self, to: target}]}')),
    "pump": EffectSpec({"what": "object", "power": "int", "toughness": "int"}, "613.4c",
                       "gives +N/+N until end of turn", "donne +N/+N jusqu'à la fin du tour",
        example=('{kind: spell, text: "Target creature gets +3/+3 until end of turn.", '
                 'targets: [{type: creature}], effects: [{do: pump, what: target, power: '
                 '3, toughness: 3}]}')),
    "add_counters": EffectSpec({"what": "object", "counter": "text", "amount": "amount",
                                "divided": "bool", "instead": "self_replacement"}, "122.1",
                               "puts counters",
                               "met des marqueurs",
        example=('{kind: triggered, text: "Whenever you gain life, put a +1/+1 counter on '
                 'this creature.", trigger: {event: gains_life, player: you}, effects: '
                 '[{do: add_counters, what: self, counter: "+1/+1", amount: 1}]}')),
    "remove_counters": EffectSpec({"what": "object", "counter": "text", "amount": "amount",
                                   "all": "bool"}, "122.1",
                                  "removes counters (all of one kind, or every counter with "
                                  "counter: any and all: true)",
                                  "retire des marqueurs (tous ceux d'une sorte, ou tous les "
                                  "marqueurs avec counter: any et all: true)",
        example=('{kind: activated, text: "Sacrifice this creature: Remove all counters '
                 'from target permanent.", cost: {sacrifice: self}, targets: [{type: '
                 'permanent}], effects: [{do: remove_counters, what: target, counter: '
                 'any, all: true}]}')),
    "create_token": EffectSpec({"token": "token", "amount": "amount", "copy_of": "object",
                                "except": "copy_exceptions", "gains": "abilities",
                                "instead": "self_replacement"}, "111.1",
                               "creates tokens (written out, or copies of an object: 707.2, "
                               "707.9)",
                               "crée des jetons (décrits, ou copies d'un objet : 707.2, "
                               "707.9)",
        example=('{kind: spell, text: "Create a 1/1 white Soldier creature token.", '
                 'effects: [{do: create_token, token: {name: Soldier, colors: [white], '
                 'types: [creature], subtypes: [soldier], power: 1, toughness: 1}}]}')),
    "animate": EffectSpec({"what": "object", "types": "words", "subtypes": "words",
                           "power": "int", "toughness": "int"}, "613.1d",
                          "becomes a creature until end of turn",
                          "devient une créature jusqu'à la fin du tour",
        example=('{kind: activated, text: "{1}: This land becomes a 2/2 creature until '
                 'end of turn.", cost: "{1}", effects: [{do: animate, what: self, types: '
                 '[creature], power: 2, toughness: 2}]}')),
    "copy": EffectSpec({"what": "copy_what", "times": "amount", "new_targets": "bool"},
                       "707.10", "copies a spell or ability (a target, or the spell or "
                       "ability that triggered it)", "copie un sort ou une capacité (une cible, "
                       "ou le sort ou la capacité qui l'a déclenchée)",
        example=('{kind: activated, text: "{2}, {T}: Copy target triggered ability you '
                 'control.", cost: "{2}, {T}", targets: [{type: stack_ability, filter: '
                 '{controller: you, kinds: [triggered]}}], effects: [{do: copy, what: '
                 'target, new_targets: true}]}')),
    "cascade": EffectSpec({}, "702.85a", "cascades", "cascade",
        example=('{kind: triggered, text: "When you cast this spell, cascade.", trigger: '
                 '{event: cast, subject: self}, effects: [{do: cascade}]}')),
    "hideaway": EffectSpec({"look": "int", "link": "text"}, "702.75a",
                           "exiles a card face down, linked (hideaway)",
                           "exile une carte face cachée, liée (cachette)",
        example=('{kind: triggered, text: "When this land enters, look at the top four '
                 'cards of your library, exile one face down.", trigger: {event: enters, '
                 'subject: self}, link: hideaway, effects: [{do: hideaway, look: 4, link: '
                 'hideaway}]}')),
    "play_linked": EffectSpec({"link": "text", "without_paying": "bool", "if": "condition"},
                              "607.3", "may play the cards a linked ability exiled",
                              "peut jouer les cartes exilées par une capacité liée",
        example=('{kind: activated, text: "{2}, {T}: You may play the exiled card without '
                 'paying its mana cost if you control four or more legendary creatures.", '
                 'cost: "{2}, {T}", link: hideaway, effects: [{do: play_linked, link: '
                 'hideaway, without_paying: true, if: {you_control: {types: [creature], '
                 'supertypes: [legendary], at_least: 4}}}]}')),
    "add_mana": EffectSpec({"mana": "mana"}, "605.1a", "adds mana", "ajoute du mana",
        example=('{kind: activated, text: "{T}: Add {G}.", cost: "{T}", effects: [{do: '
                 'add_mana, mana: "{G}"}]}')),
    "continuous": EffectSpec({"what": "object_or_each", "filter": "filter",
                              "duration": "duration", **MODIFICATION_PARAMS}, "611.2",
                             "creates a continuous effect on the objects it names, fixed as it "
                             "resolves (611.2c): control, types, color, abilities, power and "
                             "toughness",
                             "crée un effet continu sur les objets désignés, fixés à la "
                             "résolution (611.2c) : contrôle, types, couleur, capacités, force "
                             "et endurance",
        example=('{kind: spell, text: "Target creature gets +3/+3 until end of turn.", '
                 'targets: [{type: creature}], effects: [{do: continuous, what: target, '
                 'duration: end_of_turn, power: 3, toughness: 3}]}')),
    "prevent_damage": EffectSpec({"to": "target", "amount": "amount", "combat": "bool"},
                                 "615.1a", "prevents damage this turn (all of it, or the "
                                 "next N)", "prévient des blessures ce tour-ci (toutes, ou "
                                 "les N prochaines)",
                                 example='{kind: spell, text: "Prevent all combat damage that '
                                         'would be dealt this turn.", effects: [{do: '
                                         'prevent_damage, combat: true}]}'),
    "delayed_trigger": EffectSpec({"at": "delayed_at", "refers_to": "object",
                                   "effects": "effects", "text": "text", "text_fr": "text",
                                   "this_turn": "bool"},
                                  "603.7", "creates a delayed triggered ability: at a later "
                                  "event (at), it triggers once and does its effects, which name "
                                  "the objects it refers to (refers_to) as that_object",
                                  "crée une capacité déclenchée retardée : à un événement "
                                  "ultérieur (at), elle se déclenche une fois et produit ses "
                                  "effets, qui désignent les objets auxquels elle se réfère "
                                  "(refers_to) par that_object",
        example=KIKI_EXAMPLE),
    "put_onto_battlefield": EffectSpec({"what": "object", "under": "owner_or_you",
                                        "counter": "text", "amount": "amount",
                                        "from_hand": "filter", "optional": "bool"}, "400.7",
                                       "puts objects onto the battlefield under their owner's "
                                       "control (or yours), as new objects, with counters if "
                                       "asked (614.1c); or a card its controller chooses from "
                                       "their hand (from_hand: a filter; optional: \"you may\")",
                                       "met des objets sur le champ de bataille sous le contrôle "
                                       "de leur propriétaire (ou le vôtre), comme de nouveaux "
                                       "objets, avec des marqueurs si demandé (614.1c) ; ou une "
                                       "carte que son contrôleur choisit dans sa main (from_hand "
                                       ": un filtre ; optional : « vous pouvez »)",
        example=('{kind: spell, text: "Exile target creature you control, then return that '
                 'card to the battlefield under your control.", targets: [{type: creature, '
                 'filter: {controller: you}}], effects: [{do: exile, what: target}, {do: '
                 'put_onto_battlefield, what: moved, under: you}]}')),
    "exile_all": EffectSpec({"from": "zone", "who": "player"}, "701.13a",
                            "exiles every card in a zone of players",
                            "exile toutes les cartes d'une zone de joueurs",
                            example='{kind: spell, text: "Exile all graveyards.", effects: '
                                    '[{do: exile_all, from: graveyard, who: each_player}]}'),
}
#: Object references (608.2c): what an effect's ``what``/``to`` names.
OBJECT_REFERENCES: dict[str, Word] = {
    "self": Word("object", "109.5", "the object the ability comes from (\"this creature\"; "
                 "in an ability that triggers on it moving from one zone to another, the new "
                 "object it became in a public zone, 400.7e)",
                 "l'objet d'où vient la capacité (« cette créature » ; dans une capacité qui se "
                 "déclenche quand il change de zone, le nouvel objet qu'il est devenu dans une "
                 "zone publique, 400.7e)",
                 "{kind: activated, text: \"{1}: This creature gets +1/+1 until end of turn.\", "
                 "cost: \"{1}\", effects: [{do: pump, what: self, power: 1, toughness: 1}]}"),
    "target": Word("object", "115.1", "the legal targets of the first target slot (target2, "
                   "target3... for the others)", "les cibles légales du premier emplacement "
                   "de cible (target2, target3... pour les suivants)",
                   "{kind: spell, text: Destroy target creature., targets: [{type: creature}], "
                   "effects: [{do: destroy, what: target}]}"),
    "event_object": Word("object", "603.2", "the object the trigger event was about "
                         "(\"it\", \"that creature\"), while it is still that object",
                         "l'objet de l'événement déclencheur (« il », « cette créature »), tant "
                         "qu'il reste le même objet",
                         "{kind: triggered, text: \"Whenever another creature enters, tap it.\", "
                         "trigger: {event: enters, subject: another, filter: {types: "
                         "[creature]}}, effects: [{do: tap, what: event_object}]}"),
    "equipped_creature": Word("object", "301.5a", "the creature the source Equipment is "
                              "attached to (\"equipped creature\")", "la créature à laquelle "
                              "l'Équipement source est attaché (« la créature équipée »)",
                              "{kind: activated, text: \"{1}: Equipped creature gets +1/+1 "
                              "until end of turn.\", cost: \"{1}\", effects: [{do: pump, "
                              "what: equipped_creature, power: 1, toughness: 1}]}"),
    "new_object": Word("object", "400.7e", "what the trigger event's object became in the "
                       "public zone it moved to (\"return it to its owner's hand\")",
                       "ce que l'objet de l'événement déclencheur est devenu dans la zone "
                       "publique où il est allé (« renvoyez-le dans la main de son "
                       "propriétaire »)",
                       "{kind: triggered, text: \"When this creature dies, exile it.\", "
                       "trigger: {event: dies, subject: self}, effects: [{do: exile, what: "
                       "new_object}]}"),
    "that_object": Word("object", "603.7c", "in a delayed triggered ability's effects: the "
                        "objects it refers to (\"it\", \"that card\"), each only while it is "
                        "still the object it was when the ability was created (400.7)",
                        "dans les effets d'une capacité déclenchée retardée : les objets "
                        "auxquels elle se réfère (« le », « cette carte »), chacun tant qu'il "
                        "reste l'objet qu'il était quand la capacité a été créée (400.7)",
                        FLICKER_EXAMPLE),
    "created": Word("object", "111.1", "the tokens created earlier in the same resolution "
                    "(\"that token\", \"it\")", "les jetons créés plus tôt pendant la même "
                    "résolution (« ce jeton », « le »)", KIKI_EXAMPLE),
    "moved": Word("object", "400.7j", "the objects an earlier part of the same effect moved "
                  "to a public zone, as the new objects they became there (\"that card\")",
                  "les objets qu'une partie précédente du même effet a déplacés vers une zone "
                  "publique, comme les nouveaux objets qu'ils y sont devenus (« cette carte »)",
                  FLICKER_EXAMPLE),
}
#: Player references (109.5, 603.2): what an effect's ``who``/``to`` names.
PLAYER_REFERENCES: dict[str, Word] = {
    "you": Word("player", "109.5", "the ability's controller", "le contrôleur de la capacité",
                "{kind: spell, text: You gain 3 life., effects: [{do: gain_life, who: you, "
                "amount: 3}]}"),
    "each_player": Word("player", "101.4", "every player, in turn order",
                        "chaque joueur, dans l'ordre du tour",
                        "{kind: spell, text: Each player draws a card., effects: [{do: draw, "
                        "who: each_player, amount: 1}]}"),
    "each_opponent": Word("player", "102.2", "each opponent of the ability's controller, not "
                          "targeted (115.10)", "chaque adversaire du contrôleur de la capacité, "
                          "sans le cibler (115.10)",
                          "{kind: triggered, text: \"When this creature enters, it deals 2 "
                          "damage to each opponent.\", trigger: {event: enters, subject: self}, "
                          "effects: [{do: damage, to: each_opponent, amount: 2}]}"),
    "enchanted_player": Word("player", "303.4b", "the player the source Aura is attached to "
                             "(\"enchanted player\")", "le joueur auquel l'Aura source est "
                             "attachée (« le joueur enchanté »)",
                             "{kind: triggered, text: \"At the beginning of enchanted player's "
                             "upkeep, that player loses 1 life.\", trigger: {event: "
                             "beginning_of_upkeep, player: enchanted_player}, effects: [{do: "
                             "lose_life, who: enchanted_player, amount: 1}]}"),
    "that_player": Word("player", "603.2", "the player of the trigger event (who cast the "
                        "spell, whose creature died, who gained life)", "le joueur de "
                        "l'événement déclencheur (qui a lancé le sort, dont la créature est "
                        "morte, qui a gagné des points de vie)",
                        "{kind: triggered, text: \"Whenever an opponent casts a spell, this "
                        "creature deals 1 damage to that player.\", trigger: {event: cast, "
                        "player: opponent}, effects: [{do: damage, to: that_player, "
                        "amount: 1}]}"),
    "target_controller": Word("player", "608.2h", "the controller of the object a reference "
                              "names (target_controller, target2_controller, self_controller, "
                              "event_object_controller), as it is or as it last existed",
                              "le contrôleur de l'objet nommé (target_controller...), tel qu'il "
                              "est ou tel qu'il existait en dernier",
                              "{kind: spell, text: Exile target creature. Its controller gains "
                              "life equal to its power., targets: [{type: creature}], effects: "
                              "[{do: exile, what: target}, {do: gain_life, who: "
                              "target_controller, amount: target.power}]}"),
}
#: Amounts (107.1): a number, X, or a value read from an object as it resolves.
AMOUNTS: dict[str, Word] = {
    "N": Word("int", "107.1", "a number", "un nombre",
              "{kind: spell, text: Draw two cards., effects: [{do: draw, amount: 2}]}"),
    "X": Word("X", "107.3", "the value of X chosen for the spell or ability",
              "la valeur de X choisie pour le sort ou la capacité",
              "{kind: spell, text: Target player gains X life., targets: [{type: player}], "
              "effects: [{do: gain_life, who: target, amount: X}]}"),
    "self.power": Word("object.power|toughness|mana_value", "608.2h", "the power (toughness, "
                       "mana value) of an object named by self, target, target2, event_object: "
                       "its current value as the ability resolves, or its last known "
                       "information if it has left (113.7a)", "la force (endurance, valeur de "
                       "mana) d'un objet nommé par self, target, event_object : sa valeur "
                       "actuelle à la résolution, ou sa dernière information connue s'il est "
                       "parti (113.7a)",
                       "{kind: triggered, text: \"When this creature dies, it deals damage "
                       "equal to its power to any target.\", trigger: {event: dies, subject: "
                       "self}, targets: [{type: any}], effects: [{do: damage, to: target, "
                       "amount: self.power}]}"),
    "target.power": Word("object.power|toughness|mana_value", "608.2h", "the value of a "
                         "target as it resolves, or as it last existed if it has left",
                         "la valeur d'une cible à la résolution, ou telle qu'elle existait "
                         "en dernier si elle est partie",
                         "{kind: spell, text: Target creature deals damage equal to its power "
                         "to each opponent., targets: [{type: creature}], effects: [{do: "
                         "damage, to: each_opponent, amount: target.power}]}"),
    "sacrificed.power": Word("sacrificed.power|toughness|mana_value", "707.10", "a value of "
                             "the permanent sacrificed to pay the cost, as it was sacrificed",
                             "une valeur du permanent sacrifié pour payer le coût, tel qu'il "
                             "était",
                             "{kind: activated, text: \"Sacrifice a creature: You gain life "
                             "equal to its toughness.\", cost: {sacrifice: {types: "
                             "[creature]}}, effects: [{do: gain_life, amount: "
                             "sacrificed.toughness}]}"),
    "if_kicked": Word("{if_kicked: N, else: M}", "118.8a", "one number if the optional "
                      "additional cost was paid, another if not", "un nombre si le coût "
                      "supplémentaire optionnel a été payé, un autre sinon",
                      "{kind: spell, text: \"Draw a card, or two if kicked.\", effects: "
                      "[{do: draw, amount: {if_kicked: 2, else: 1}}]}"),
}
#: Self-replacement effects (614.15): a part of a spell or ability's own effect that replaces
#: another part of it ("deals 2 damage ... If this spell was kicked, it deals 4 damage
#: instead"). Written on the effect it replaces; applied first among the replacement effects
#: that apply to that effect's event (616.1a). What it replaces is the event's amount.
SELF_REPLACEMENTS: dict[str, Word] = {
    "instead": Word("{if: condition, amount: amount}", "614.15",
                    "a self-replacement effect: if the condition holds as the effect happens, "
                    "its event has this amount instead; applied before any other replacement "
                    "effect (616.1a)",
                    "un effet d'auto-remplacement : si la condition est remplie au moment où "
                    "l'effet a lieu, son événement a ce nombre à la place ; appliqué avant tout "
                    "autre effet de remplacement (616.1a)",
                    "{kind: spell, text: \"Create a token that's a copy of target creature. If "
                    "this spell was kicked, create five of those tokens instead.\", targets: "
                    "[{type: creature}], effects: [{do: create_token, copy_of: target, "
                    "instead: {if: {kicked: true}, amount: 5}}]}"),
}

#: The replacement vocabulary (614): what a ``kind: replacement`` ability says, in its
#: ``static`` mapping. Parameter kinds as for effects, plus ``filter`` (an object filter),
#: ``whose`` (you, opponent, any: seen from the ability's controller).
REPLACEMENT_VOCABULARY: dict[str, EffectSpec] = {
    "enters_with_counters": EffectSpec(
        {"counter": "text", "amount": "amount"}, "614.1c",
        "this permanent enters with counters on it",
        "ce permanent arrive avec des marqueurs sur lui",
        example='{kind: replacement, text: "This creature enters with X +1/+1 counters.", '
                'static: {enters_with_counters: {counter: "+1/+1", amount: X}}}'),
    "enter_as_copy": EffectSpec(
        {"optional": "bool", "choose": "filter", "except": "copy_exceptions"}, "707.5",
        "this permanent may enter as a copy of a permanent, with the copy effect's exceptions "
        "(707.9)",
        "ce permanent peut arriver en tant que copie d'un permanent, avec les exceptions de "
        "l'effet de copie (707.9)",
        example='{kind: replacement, text: "You may have this creature enter as a copy of any '
                'creature on the battlefield, except it\'s an Illusion in addition to its '
                'other types.", static: {enter_as_copy: {optional: true, choose: {types: '
                '[creature]}, except: {add_subtypes: [illusion]}}}}'),
    "enters_tapped": EffectSpec(
        {"filter": "filter"}, "614.1c",
        "this permanent (or, with a filter, each such permanent) enters tapped",
        "ce permanent (ou, avec un filtre, chaque tel permanent) arrive engagé",
        example='{kind: replacement, text: "Creatures your opponents control enter tapped.", '
                'static: {enters_tapped: {filter: {types: [creature], controller: '
                'opponent}}}}'),
    "exile_instead_of_graveyard": EffectSpec(
        {"filter": "filter", "owner": "whose", "dies": "bool"}, "614.1a",
        "if a card or token would be put into a graveyard (an opponent's, or only by dying), "
        "exile it instead",
        "si une carte ou un jeton devait être mis dans un cimetière (celui d'un adversaire, ou "
        "seulement en mourant), exilez-le à la place",
        example='{kind: replacement, text: "If a card would be put into an opponent\'s '
                'graveyard from anywhere, exile it instead.", static: '
                '{exile_instead_of_graveyard: {filter: {token: false}, owner: opponent}}}'),
    "multiply_life_gain": EffectSpec(
        {"who": "whose", "times": "int"}, "614.1a",
        "if a player would gain life, they gain that much times N instead",
        "si un joueur devait gagner des points de vie, il en gagne N fois autant à la place",
        example='{kind: replacement, text: "If you would gain life, you gain twice that much '
                'life instead.", static: {multiply_life_gain: {who: you, times: 2}}}'),
    "multiply_tokens": EffectSpec(
        {"who": "whose", "times": "int"}, "614.16",
        "if an effect would create tokens, it creates N times that many instead",
        "si un effet devait créer des jetons, il en crée N fois autant à la place",
        example='{kind: replacement, text: "If an effect would create one or more tokens '
                'under your control, it creates twice that many of those tokens instead.", '
                'static: {multiply_tokens: {who: you, times: 2}}}'),
    "modify_counters": EffectSpec(
        {"filter": "filter", "counter": "text", "times": "int", "plus": "int"}, "614.16",
        "if counters would be put on a permanent, that many times N (or plus N) instead",
        "si des marqueurs devaient être mis sur un permanent, N fois autant (ou N de plus) à "
        "la place",
        example='{kind: replacement, text: "If one or more +1/+1 counters would be put on a '
                'creature you control, that many plus one are put on it instead.", static: '
                '{modify_counters: {filter: {types: [creature], controller: you}, counter: '
                '"+1/+1", plus: 1}}}'),
    "replace_draw": EffectSpec(
        {"who": "whose", "except_first_in_draw_step": "bool", "effects": "effects"}, "614.11",
        "if a player (you, an opponent) would draw a card, that player skips that draw and the "
        "effects happen instead (even from an empty library, 121.6a)",
        "si un joueur (vous, un adversaire) devait piocher une carte, il ne la pioche pas et "
        "les effets ont lieu à la place (même avec une bibliothèque vide, 121.6a)",
        example='{kind: replacement, text: "If an opponent would draw a card except the first '
                'one they draw in each of their draw steps, instead that player skips that '
                'draw and you draw a card.", static: {replace_draw: {who: opponent, '
                'except_first_in_draw_step: true, effects: [{do: draw, who: you, amount: '
                '1}]}}}'),
    "multiply_damage": EffectSpec(
        {"times": "int", "combat": "bool"}, "614.1a",
        "if a source would deal damage, it deals N times that damage instead",
        "si une source devait infliger des blessures, elle en inflige N fois autant à la "
        "place",
        example='{kind: replacement, text: "If a source would deal damage, it deals double '
                'that damage instead.", static: {multiply_damage: {times: 2}}}'),
}
EFFECT_PARAMS: dict[str, dict[str, str]] = {n: e.params for n, e in EFFECT_VOCABULARY.items()}
EFFECTS: dict[str, frozenset[str]] = {name: frozenset(p) for name, p in EFFECT_PARAMS.items()}
STATIC_KINDS = ("grant", "additional_trigger", "no_legend_rule", "keyword",
                "alternative_cost", "additional_cost", "requirement", "restriction",
                "continuous")
#: Requirements of combat (508.1d, 509.1c): "attacks each combat if able", "blocks each combat
#: if able", "must be blocked if able".
REQUIREMENTS = ("attacks_if_able", "blocks_if_able", "must_be_blocked")
#: Restrictions (508.1c, 509.1b, 602.5): "[enchanted creature] can't attack / can't block / its
#: activated abilities can't be activated [unless they're mana abilities]". They are effects of
#: the permanent that has the ability, not abilities of the creature (restrictions.py).
RESTRICTIONS = ("attack", "block", "activate", "activate_except_mana")
RESTRICTION_AFFECTS = ("self", "equipped_creature", "enchanted_creature", "enchanted_permanent")
#: Keywords that are static abilities. Lifelink and deathtouch act through damage (702.15b,
#: 702.2b); the combat ones through the combat rules (combat.py), indestructible through
#: destruction (702.12b) and hexproof through targeting (702.11b).
PLAIN_KEYWORDS = ("flash", "haste", "first strike", "double strike", "vigilance", "lifelink",
                  "defender", "trample", "flying", "deathtouch", "reach", "menace",
                  "indestructible", "hexproof")
GRANT_TO = ("equipped_creature", "enchanted_creature", "enchanted_permanent",
            "creature_tokens_you_control")
#: What an Aura or Equipment's static ability affects: whatever the permanent is attached to
#: (301.5f, 303.4m), even if it isn't an Aura or Equipment.
ATTACHED_TO = ("equipped_creature", "enchanted_creature", "enchanted_permanent")
KEYWORDS = PLAIN_KEYWORDS + ("prowess", "equip", "cascade", "hideaway", "enchant", "protection")
#: The keywords a static ability may name alone (`static: {keyword: flying}`): those without a
#: cost, a number or a quality (702.1); it is then that keyword, as `{keyword: flying}` is.
BARE_KEYWORDS = PLAIN_KEYWORDS + ("prowess", "cascade")
#: What "Enchant [object]" may name (702.5a), each a target slot: the Aura spell's target
#: (303.4a) and what the Aura may be attached to (303.4c). Words, or a mapping
#: ``{type: permanent, filter: {...}}`` like a target.
ENCHANT_WORDS: dict[str, tuple[str, Filter, str, str, str]] = {
    # word: (target type, filter, English, French after « Enchanter : », French with article)
    "creature": ("creature", EMPTY, "creature", "créature", "une créature"),
    "permanent": ("permanent", EMPTY, "permanent", "permanent", "un permanent"),
    "land": ("permanent", Filter(types=("land",)), "land", "terrain", "un terrain"),
    "artifact": ("permanent", Filter(types=("artifact",)), "artifact", "artefact",
                 "un artefact"),
    "enchantment": ("permanent", Filter(types=("enchantment",)), "enchantment", "enchantement",
                    "un enchantement"),
    "planeswalker": ("permanent", Filter(types=("planeswalker",)), "planeswalker",
                     "planeswalker", "un planeswalker"),
    "creature_you_control": ("creature", Filter(controller="you"), "creature you control",
                             "créature que vous contrôlez", "une créature que vous contrôlez"),
    "player": ("player", EMPTY, "player", "joueur", "un joueur"),
    "opponent": ("player", Filter(controller="opponent"), "opponent", "adversaire",
                 "un adversaire"),
    "creature_an_opponent_controls": ("creature", Filter(controller="opponent"),
                                      "creature an opponent controls",
                                      "créature qu'un adversaire contrôle",
                                      "une créature qu'un adversaire contrôle"),
}


@frozen
class Quality:
    """What a protection is from (702.16a): a filter over the source (its color, card type...),
    or everything (702.16j). ``choose``: the qualities the controller of a resolving effect
    chooses from ("protection from the color of your choice", 608.2d); until chosen it protects
    from nothing. ``text`` and ``text_fr`` complete "Protection from ..." and « Protection
    contre ... »."""

    word: str
    filter: Filter = EMPTY
    text: str = ""
    text_fr: str = ""
    everything: bool = False
    choose: tuple[str, ...] = ()

    def matches(self, source: Any, at: Any) -> bool:
        """Does ``source`` (a view of the object, as it is or last existed; None when there is
        no object) have this quality, seen from the protected one's controller (``at``)?"""
        if self.choose:
            return False
        if self.everything:
            return True
        return source is not None and accepts(self.filter, source, at)


_ALL_COLORS = ("W", "U", "B", "R", "G")
#: The qualities protection may name by a word (702.16a, 702.16j): a color, all colors, a card
#: type (a permanent of that type, or a source elsewhere of that type), everything; and the
#: color of the choice of a resolving effect's controller. A mapping is read as a filter.
PROTECTION_QUALITIES: dict[str, Quality] = {
    **{w: Quality(w, Filter(colors=(sym,)), w, fr)
       for w, sym, fr in (("white", "W", "le blanc"), ("blue", "U", "le bleu"),
                          ("black", "B", "le noir"), ("red", "R", "le rouge"),
                          ("green", "G", "le vert"))},
    "all_colors": Quality("all_colors", Filter(colors=_ALL_COLORS), "all colors",
                          "toutes les couleurs"),
    "everything": Quality("everything", EMPTY, "everything", "tout", everything=True),
    **{plural: Quality(plural, Filter(types=(t,)), plural, fr)
       for t, plural, fr in (("artifact", "artifacts", "les artefacts"),
                             ("creature", "creatures", "les créatures"),
                             ("enchantment", "enchantments", "les enchantements"),
                             ("instant", "instants", "les éphémères"),
                             ("sorcery", "sorceries", "les rituels"),
                             ("planeswalker", "planeswalkers", "les planeswalkers"),
                             ("land", "lands", "les terrains"))},
    # 702.16k: each object an opponent controls (a card not on the battlefield: its owner)
    "opponents": Quality("opponents", Filter(controller="opponent"), "each of your opponents",
                         "chacun de vos adversaires"),
    "chosen_color": Quality("chosen_color", EMPTY, "the color of your choice",
                            "la couleur de votre choix",
                            choose=("white", "blue", "black", "red", "green")),
}


@frozen
class TargetSpec:
    """One target slot (115.1): what may be chosen, and how many (min..max)."""

    type: str
    filter: Filter = EMPTY
    min: int = 1
    max: int = 1

    def get(self, key: str, default: Any = None) -> Any:
        return self.filter.get(key, default)


@frozen
class TriggerSpec:
    """A trigger event (603.1), with who or what it watches."""

    event: str
    subject: str = "any"  # self | another | any
    filter: Filter = EMPTY
    player: str = "any"  # for cast/activate/sacrifice: you | opponent | any
    from_zone: str = "battlefield"  # for put_into_graveyard: battlefield | anywhere
    by: str = "any"  # for becomes_target: spell | ability | any

    def get(self, key: str, default: Any = None) -> Any:
        return self.filter.get(key, default)

    @property
    def looks_back(self) -> bool:
        """Leaves-the-battlefield abilities look back in time (603.6c, 603.10a)."""
        if self.event in LEAVES_BATTLEFIELD_EVENTS:
            return True
        return self.event == "put_into_graveyard" and self.from_zone == "battlefield"


@frozen
class Unless:
    """118.12a: "[do something] unless [who] pays [cost]": ``who`` is a player reference
    (target_controller: "its controller")."""

    pay: ManaCost
    who: str = "target_controller"


@frozen
class Cost:
    """An activation cost (602.1a) or an optional "you may pay" cost (118.12)."""

    mana: ManaCost | None = None
    tap: bool = False
    sacrifice: Filter | None = None  # what may be sacrificed
    sacrifice_self: bool = False  # "Sacrifice this creature"
    loyalty: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.loyalty is not None:
            parts.append(f"{self.loyalty:+d}")
        if self.mana and self.mana.symbols:
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.sacrifice is not None:
            parts.append("Sacrifice " + _describe_filter(self.sacrifice))
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        return ", ".join(parts)


@frozen
class Mode:
    """One mode of a modal ability (700.2), or the only "mode" of a non-modal one."""

    text: str = ""
    text_fr: str = ""
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    #: What each of ``effects`` parses to where its handler would parse it as it resolves
    #: (:data:`PARSED_AT_LOAD`: a continuous effect, a token's characteristics), None for the
    #: others; () for none. Read with the card, so it is kept in the cache of parsed files
    #: rather than worked out in every check; derived from ``effects``, so never compared.
    parsed: tuple[Any, ...] = field(default=(), compare=False, hash=False, repr=False)


@frozen
class AbilityDef:
    """An ability as data. ``kind`` is spell, activated, triggered, static or replacement."""

    kind: str
    text: str = ""
    text_fr: str = ""
    keyword: str | None = None
    cost: Cost | None = None
    trigger: TriggerSpec | None = None
    modes: tuple[Mode, ...] = (Mode(),)
    modal: bool = False
    divide: Any = None  # amount divided among the first target slot (601.2d)
    x_min: int = 0
    optional: bool = False  # "you may" (603.5)
    pay: ManaCost | None = None  # "you may pay ... If you do" (118.12)
    condition: Condition | None = None  # an intervening "if" clause (603.4)
    unless: Unless | None = None  # "... unless [a player] pays ..." (118.12a)
    copiable: bool = True  # "this ability can't be copied"
    timing: str | None = None  # "sorcery": activate only as a sorcery
    link: str | None = None  # linked abilities (607)
    mana_ability: bool = False  # 605
    static: tuple[tuple[str, Any], ...] = ()
    delayed: bool = False  # a delayed triggered ability, created by an effect (603.7)

    @property
    def has_x(self) -> bool:
        return bool(self.cost and self.cost.mana and self.cost.mana.x_count)

    def static_get(self, key: str, default: Any = None) -> Any:
        # as dict(self.static).get would (the last pair of a key), without making the dict:
        # asked thousands of times in a game, of a few pairs (most often one)
        static = self.static
        if len(static) == 1:
            k, value = static[0]
            return value if k == key else default
        for k, value in reversed(static):
            if k == key:
                return value
        return default

    @property
    def label(self) -> str:
        """A short name: the keyword, or the kind ('triggered ability')."""
        if self.keyword:
            return self.keyword.capitalize()
        return "delayed triggered ability" if self.delayed else f"{self.kind} ability"


def _describe_filter(f: Filter) -> str:
    words = list(f.get("supertypes", [])) + list(f.get("types", ["permanent"]))
    return "a " + " ".join(str(w) for w in words)


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Turn a frozen mapping (tuple of pairs) back into a dict, and a frozen list back into a
    list, recursively where obvious: a token definition is read again as card data."""
    if not isinstance(value, tuple):
        return value
    # (a loop rather than all(...), and no call for what is not a tuple: the parameters of
    # each instruction are thawed as a check first follows it, hundreds of them)
    for p in value:
        if not (isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], str)):
            return [thaw(v) if isinstance(v, tuple) else v for v in value]
    return {k: thaw(v) if isinstance(v, tuple) else v for k, v in value} if value else []


# --- parsing ---------------------------------------------------------------------------------

def parse_targets(node: Node | None) -> tuple[TargetSpec, ...]:
    if node is None:
        return ()
    specs = []
    for item in node.list(allow_single=True):
        item.mapping({"type", "filter", "min", "max", "count"}, required=("type",))
        count = item.get("count")
        low = high = count.int(0) if count else 1
        low = item["min"].int(0) if item.get("min") else low
        high = item["max"].int(1) if item.get("max") else max(high, low)
        specs.append(TargetSpec(item["type"].choice(TARGET_TYPES), parse_filter(item.get("filter")),
                                low, high))
    return tuple(specs)


def parse_cost(node: Node | None) -> Cost | None:
    if node is None:
        return None
    if not node.is_map():
        return _cost_from_text(node)
    node.mapping({"mana", "tap", "sacrifice", "loyalty"})
    mana = node.get("mana")
    sac = node.get("sacrifice")
    return Cost(
        mana=_mana(mana) if mana else None,
        tap=node["tap"].bool() if node.get("tap") else False,
        sacrifice=parse_filter(sac) if sac and sac.value != "self" else None,
        sacrifice_self=bool(sac and sac.value == "self"),
        loyalty=node["loyalty"].int() if node.get("loyalty") else None,
    )


def _cost_from_text(node: Node) -> Cost:
    """Read the shorthand ``"{X}{X}, {T}"``."""
    mana_parts, tap = [], False
    for part in node.str().split(","):
        part = part.strip()
        if part.upper() == "{T}":
            tap = True
        elif part:
            mana_parts.append(part)
    mana = _mana(Node("".join(mana_parts), node.file, node.line, node.field))
    return Cost(mana=mana, tap=tap)


def _mana(node: Node) -> ManaCost:
    try:
        cost = ManaCost.parse(node.str())
    except ValueError as err:
        raise node.error(str(err)) from None
    assert cost is not None
    return cost


def parse_effects(node: Node | None, targets: tuple[TargetSpec, ...] | None = None) -> tuple:
    """Read effects; with ``targets`` (the ability's target slots), a reference to a target the
    ability doesn't have (``target2`` with one slot) is refused, and so is an effect on objects
    naming a slot whose target may be a player."""
    if node is None:
        return ()
    effects = []
    for item in node.list(allow_single=True):
        if targets is not None and item.is_map():
            _check_target_refs(item, len(targets))
        item.mapping()
        if "do" not in item.value:
            raise item.error("an effect needs 'do' (one of: " + ", ".join(EFFECTS) + ")")
        name = item["do"].choice(tuple(EFFECTS))
        item.mapping(EFFECTS[name] | {"do"})
        if targets:
            _check_object_targets(item, name, targets)
        if item.get("counter") is not None:
            check_counter_kind(item["counter"])
        params = {k: v for k, v in item.plain().items() if k != "do"}
        for key, kind in EFFECT_PARAMS[name].items():
            if kind == "condition" and item.get(key) is not None:
                params[key] = parse_condition(item[key])
        if item.get("instead") is not None:
            params["instead"] = parse_self_replacement(item["instead"])
        if name == "create_token":
            params = _token_params(item, params)
        if name == "continuous":
            parse_continuous_effect(item)  # validate now
        elif EFFECT_PARAMS[name].get("what") == "objects":
            _check_each(item)
        if name == "delayed_trigger":
            params = {"ability": parse_delayed_ability(item),
                      **{k: params[k] for k in ("refers_to", "this_turn") if k in params}}
        if name == "put_onto_battlefield":
            _check_put_onto_battlefield(item, params)
        effects.append((name, _freeze(params)))
    return tuple(effects)


def check_counter_kind(node: Node) -> None:
    """A kind of counter a card names declares it (122.1), unless it reads as a typo of a kind
    the rules name ("+1/+l", "loyality"): mtgrules.counters."""
    from .counters import typo

    problem = typo(node.str())
    if problem:
        raise node.error(problem[0])


def parse_self_replacement(node: Node) -> tuple:
    """614.15: ``instead: {if: <condition>, amount: <amount>}`` on an effect: its event's
    amount instead, when the condition holds."""
    node.mapping({"if", "amount"}, required=("if", "amount"))
    return _freeze({"if": parse_condition(node["if"]), "amount": node["amount"].plain()})


def _check_each(item: Node) -> None:
    """An effect on ``each`` object names them with a filter, and only then ("destroy all
    creatures": each creature on the battlefield as it resolves, 608.2c)."""
    if (item.get("what") is not None and item["what"].value == "each") != \
            (item.get("filter") is not None):
        raise item.error("an effect on 'each' object names them with 'filter', and only then")
    parse_filter(item.get("filter"))


def _check_put_onto_battlefield(item: Node, params: dict) -> None:
    """``what`` (objects named) or ``from_hand`` (a card chosen from the hand), not both."""
    if item.get("under") is not None:
        item["under"].choice(("owner", "you"))
    if "from_hand" in params:
        if "what" in params:
            raise item.error("put_onto_battlefield takes 'what' (the objects it names) or "
                             "'from_hand' (a card its controller chooses), not both")
        params["from_hand"] = parse_filter(item["from_hand"])
    elif "optional" in params:
        raise item["optional"].error("'optional' goes with 'from_hand' (\"you may put a card "
                                     "from your hand\")")


def parse_delayed_ability(item: Node) -> AbilityDef:
    """The delayed triggered ability a ``delayed_trigger`` effect creates (603.7): its trigger
    event (``at``), and its effects, read now so a mistake is found when the file is read.
    It has no targets of its own: its effects name the objects it refers to as
    ``that_object`` (603.7c)."""
    if item.get("at") is None or item.get("effects") is None:
        raise item.error("a delayed triggered ability needs 'at' (when it triggers: "
                         + ", ".join(DELAYED_AT) + ") and 'effects' (603.7)")
    at = item["at"].choice(tuple(DELAYED_AT))
    refers = item.get("refers_to")
    if refers is not None:
        refers.choice(DELAYED_REFERS + tuple(f"target{n}" for n in range(2, 10)))
    elif DELAYED_AT[at].kind == "object":
        raise item.error(f"'{at}' waits for an event of the object the delayed triggered "
                         "ability refers to: give it 'refers_to' (603.7c)")
    this_turn = item.get("this_turn") is not None and item["this_turn"].bool()
    effects = parse_effects(item["effects"], ())
    if refers is None and any(_names_that_object(params) for _, params in effects):
        raise item["effects"].error("'that_object' names what the delayed triggered ability "
                                    "refers to: give it 'refers_to' (603.7c)")
    event, whose = DELAYED_EVENTS[at]
    when = DELAYED_AT[at]
    text = item["text"].str() if item.get("text") else when.text.split(" (")[0] \
        + (" this turn" if this_turn else "")
    text_fr = item["text_fr"].str() if item.get("text_fr") else when.text_fr.split(" (")[0] \
        + (" ce tour-ci" if this_turn else "")
    return AbilityDef(kind="triggered", text=text, text_fr=text_fr,
                      trigger=TriggerSpec(event, player=whose),
                      modes=(Mode(effects=effects, parsed=parsed_at_load(effects)),),
                      delayed=True)


def _names_that_object(params: tuple) -> bool:
    return any(v == "that_object" for _, v in params)


def _token_params(item: Node, params: dict) -> dict:
    """create_token: a written-out token (111.3) or a copy of an object (707.2), the copy with
    its exceptions read now (707.9), so a mistake is found when the file is read."""
    if ("token" in params) == ("copy_of" in params):
        raise item.error("create_token takes either 'token' (the token written out, 111.3) or "
                         "'copy_of' (a token that's a copy, 707.2), not both or neither")
    if "token" in params:
        if "except" in params:
            raise item["except"].error("'except' changes a copy (707.9): it needs 'copy_of'")
        parse_characteristics(item["token"], token=True)  # validate now
        return params
    item["copy_of"].choice(("self", "target", "equipped_creature", "event_object",
                            *(f"target{n}" for n in range(2, 10))))
    if item.get("except") is not None:
        params["except"] = parse_copy_exceptions(item["except"])
    return params


def _check_target_refs(item: Node, slots: int) -> None:
    for key, value in item.value.items():
        n = _target_number(value) if isinstance(value, str) else None
        if n is not None and n > slots:
            have = f"{slots} target" + ("s" if slots != 1 else "")
            raise item[key].error(f"'{value}' names target number {n}, but the ability "
                                  f"has {have} (115.1)")


#: The kinds of effect parameters that name objects (a permanent, a card, a spell), never a
#: player.
_OBJECT_PARAMS = ("object", "objects", "object_or_each")
#: The object parameters that name the first target when a card leaves them out (the
#: handlers' defaults, effects.py).
_TARGET_BY_DEFAULT = frozenset({
    ("destroy", "what"), ("exile", "what"), ("tap", "what"), ("untap", "what"),
    ("return_to_hand", "what"), ("add_counters", "what"), ("remove_counters", "what"),
    ("attach", "to")})


def _check_object_targets(item: Node, name: str, targets: tuple[TargetSpec, ...]) -> None:
    """An effect on objects ("tap", "destroy", "put counters on") naming a target slot whose
    target is or may be a player would do nothing to a player, silently: refused, naming the
    slot (115.1, 115.4: "any target" may be a player)."""
    for key, kind in EFFECT_PARAMS[name].items():
        if kind == "recipient":
            _check_recipient(item, key, targets)
        if kind not in _OBJECT_PARAMS:
            continue
        value = item.value.get(key, "target" if (name, key) in _TARGET_BY_DEFAULT else None)
        n = _target_number(value) if isinstance(value, str) else None
        if n is None or value not in ("target", f"target{n}"):
            continue
        spec = targets[n - 1]
        if spec.type not in ("player", "any"):
            continue
        which = "a player" if spec.type == "player" else "any target, so it may be a player (115.4)"
        why = (" (counters on a player, such as poison counters, 122.1f and 704.5c, are not in "
               "the kit)") if name in ("add_counters", "remove_counters") else ""
        raise (item[key] if key in item.value else item).error(
            f"'{name}' acts on objects, but '{value}' names target {n}, which is {which}: "
            f"it would do nothing to a player{why} (115.1)")


def _check_recipient(item: Node, key: str, targets: tuple[TargetSpec, ...]) -> None:
    """120.1: damage is dealt to battles, creatures, planeswalkers and players: a recipient
    naming a slot that holds a card in a graveyard, a spell or an ability is refused (the
    log would say damage was dealt to it)."""
    value = item.value.get(key, "target")
    n = _target_number(value) if isinstance(value, str) else None
    if n is None or value not in ("target", f"target{n}"):
        return
    if targets[n - 1].type in ("card", "spell", "stack_ability"):
        raise (item[key] if key in item.value else item).error(
            f"'{value}' names target {n}, a {targets[n - 1].type.replace('_', ' ')}: damage "
            "is dealt only to battles, creatures, planeswalkers and players (120.1)")


def _target_number(value: str) -> int | None:
    """Which target slot ``value`` names: ``target`` (1), ``target2`` ... ``target9``, alone,
    with ``_controller`` or with ``.<word>`` (``target2.power``); None if it names none. (Read
    with string methods: a regular expression is compiled by every process that reads a
    card, and a check reads the tokens it creates.)"""
    if not value.startswith("target"):
        return None
    rest, n = value[6:], 1
    if rest[:1] in ("2", "3", "4", "5", "6", "7", "8", "9"):
        rest, n = rest[1:], int(rest[0])
    if rest in ("", "_controller") or (
            rest[:1] == "." and len(rest) > 1 and all(c.isalnum() or c == "_" for c in rest[1:])):
        return n
    return None


#: Whose event a trigger watches: the ability's controller, an opponent, anyone, or the
#: player the source Aura enchants ("at the beginning of enchanted player's upkeep", 303.4b).
TRIGGER_PLAYERS = ("you", "opponent", "any", "enchanted_player")


def parse_trigger(node: Node) -> TriggerSpec:
    node.mapping({"event", "subject", "filter", "player", "from", "by"}, required=("event",))
    return TriggerSpec(
        event=node["event"].choice(TRIGGER_EVENTS),
        subject=node["subject"].choice(("self", "another", "any")) if node.get("subject")
        else "any",
        filter=parse_filter(node.get("filter")),
        player=node["player"].choice(TRIGGER_PLAYERS) if node.get("player") else "any",
        from_zone=node["from"].choice(("battlefield", "anywhere")) if node.get("from")
        else "battlefield",
        by=node["by"].choice(("spell", "ability", "any")) if node.get("by") else "any",
    )


_ABILITY_KEYS = frozenset({"kind", "text", "text_fr", "keyword", "cost", "trigger", "targets",
                           "effects", "modes", "divide", "x_min", "optional", "pay", "copiable",
                           "timing", "link", "static", "n", "enchant", "if", "unless", "from"})


def parse_ability(node: Node) -> AbilityDef:
    """Read one ability entry of a card."""
    node.mapping(_ABILITY_KEYS)
    if node.get("keyword") and not node.get("kind"):
        return parse_keyword(node)
    if not node.get("kind"):
        raise node.error("an ability needs 'kind' (" + ", ".join(ABILITY_KINDS) +
                         ") or 'keyword'")
    kind = node["kind"].choice(ABILITY_KINDS)
    text = node["text"].str() if node.get("text") else ""
    modes = _parse_modes(node)
    cost = parse_cost(node.get("cost"))
    trigger = parse_trigger(node["trigger"]) if node.get("trigger") else None
    if kind == "triggered" and trigger is None:
        raise node.error("a triggered ability needs 'trigger' (603.1)", field=node.field)
    if kind == "activated" and cost is None:
        raise node.error("an activated ability needs 'cost' (602.1)", field=node.field)
    effects = [e for m in modes for e in m.effects]
    static = _parse_static(node) if kind in ("static", "replacement") else ()
    if kind == "static" and static[0][0] == "keyword":  # the keyword itself (702.1)
        return keyword_ability(str(static[0][1]), text or None,
                               node["text_fr"].str() if node.get("text_fr") else None)
    return AbilityDef(
        kind=kind, text=text, text_fr=node["text_fr"].str() if node.get("text_fr") else text,
        keyword=None, cost=cost, trigger=trigger, modes=modes,
        modal=node.get("modes") is not None,
        divide=_divide(node["divide"]) if node.get("divide") else None,
        x_min=node["x_min"].int(0) if node.get("x_min") else 0,
        optional=node["optional"].bool() if node.get("optional") else False,
        pay=_mana(node["pay"]) if node.get("pay") else None,
        condition=parse_condition(node["if"]) if node.get("if") else None,
        unless=_parse_unless(node["unless"]) if node.get("unless") else None,
        copiable=node["copiable"].bool() if node.get("copiable") else True,
        timing=node["timing"].choice(("sorcery",)) if node.get("timing") else None,
        link=node["link"].str() if node.get("link") else None,
        mana_ability=kind == "activated" and bool(effects) and all(
            e[0] == "add_mana" for e in effects) and not modes[0].targets,
        static=static,
    )


def _parse_unless(node: Node) -> Unless:
    """118.12a: "[do something] unless [a player] pays [cost]"."""
    node.mapping({"pay", "who"}, required=("pay",))
    who = node["who"].str() if node.get("who") else "target_controller"
    if not re.fullmatch(r"you|that_player|(self|event_object|target[2-9]?)_controller", who):
        raise node["who"].error(f"'{who}' is not one player: you, that_player, "
                                "target_controller, ...")
    return Unless(_mana(node["pay"]), who)


def _parse_modes(node: Node) -> tuple[Mode, ...]:
    if node.get("modes"):
        if node.get("effects") or node.get("targets"):
            raise node.error("a modal ability puts its targets and effects inside each mode")
        modes = []
        for m in node["modes"].list():
            m.mapping({"text", "text_fr", "targets", "effects"}, required=("effects",))
            text = m["text"].str() if m.get("text") else ""
            targets = parse_targets(m.get("targets"))
            effects = parse_effects(m["effects"], targets)
            modes.append(Mode(text, m["text_fr"].str() if m.get("text_fr") else text,
                              targets, effects, parsed_at_load(effects)))
        return tuple(modes)
    targets = parse_targets(node.get("targets"))
    effects = parse_effects(node.get("effects"), targets)
    return (Mode(targets=targets, effects=effects, parsed=parsed_at_load(effects)),)


def _parse_static(node: Node) -> tuple:
    if not node.get("static"):
        raise node.error("a static or replacement ability needs 'static'")
    st = node["static"].mapping()
    replacement = node["kind"].value == "replacement"
    allowed = tuple(REPLACEMENT_VOCABULARY) if replacement else STATIC_KINDS
    kinds = [k for k in st.value if k in allowed]
    if len(kinds) != 1 or len(st.value) != 1:
        what = "a replacement ability's" if replacement else "a static ability's"
        raise st.error(f"{what} 'static' names exactly one of: " + ", ".join(allowed))
    kind = kinds[0]
    body = st[kind]
    if replacement:
        return ((kind, _parse_replacement(kind, body)),)
    if kind == "grant":
        body.mapping({"to", "abilities", "while"}, required=("to", "abilities"))
        body["to"].choice(GRANT_TO)
        granted = tuple(parse_ability(a) for a in body["abilities"].list())
        extra = (("while", body["while"].str()),) if body.get("while") else ()
        return (("grant", (("to", body["to"].str()), ("abilities", granted)) + extra),)
    if kind == "additional_trigger":
        body.mapping({"cause", "applies_to"}, required=("cause", "applies_to"))
        cause = body["cause"].mapping({"event", "types"}, required=("event",))
        cause["event"].choice(("dies", "enters"))
        for a in body["applies_to"].list(allow_single=True):
            a.choice(("self", "emblems_you_own", "permanents_you_control"))
    if kind == "requirement":
        body.choice(REQUIREMENTS)
    if kind == "keyword":
        body.choice(BARE_KEYWORDS)
    if kind == "restriction":
        body.mapping({"affects", "cant"}, required=("affects", "cant"))
        body["affects"].choice(RESTRICTION_AFFECTS)
        cant = tuple(c.choice(RESTRICTIONS) for c in body["cant"].list(allow_single=True))
        return (("restriction", (("affects", body["affects"].str()), ("cant", cant))),)
    if kind in ("alternative_cost", "additional_cost"):
        body.mapping({"mana", "sacrifice", "optional"})
        if body.get("mana"):
            _mana(body["mana"])
        if body.get("sacrifice"):
            return ((kind, _freeze({**body.plain(), "sacrifice": parse_filter(
                body["sacrifice"])})),)
    if kind == "continuous":
        return (("continuous", parse_static_effect(body)),)
    return ((kind, _freeze(body.plain())),)



WHOSE = ("you", "opponent", "any")


def _parse_replacement(word: str, body: Node) -> tuple:
    """Read a replacement word's parameters (REPLACEMENT_VOCABULARY); filters are read as
    filters, ``whose`` as you/opponent/any."""
    if body.value is None:
        return ()
    params = REPLACEMENT_VOCABULARY[word].params
    body.mapping(set(params))
    out: list[tuple[str, Any]] = []
    for key, value in body.value.items():
        kind = params[key]
        if kind == "filter":
            out.append((key, parse_filter(body[key])))
            continue
        if kind == "copy_exceptions":
            out.append((key, parse_copy_exceptions(body[key])))
            continue
        if kind == "effects":  # what happens instead, as a spell's effects are written
            out.append((key, parse_effects(body[key])))
            continue
        if kind == "whose":
            body[key].choice(WHOSE)
        elif key == "counter":
            check_counter_kind(body[key])
        elif kind == "int":
            body[key].int(1)
        elif kind == "bool":
            body[key].bool()
        out.append((key, _freeze(body[key].plain() if isinstance(value, (dict, list))
                                 else value)))
    return tuple(out)


AFFECTS = ("self",) + ATTACHED_TO


def parse_static_effect(node: Node) -> StaticEffect:
    """A static ability's continuous effect (611.3): ``affects`` (self, equipped_creature, or a
    filter such as ``{types: creature, controller: you}``), ``while: attacking``, and what it
    does (MODIFICATION_PARAMS)."""
    node.mapping(frozenset(MODIFICATION_PARAMS) | {"affects", "while"}, required=("affects",))
    affects_node = node["affects"]
    affects: Any = parse_filter(affects_node) if affects_node.is_map() \
        else affects_node.choice(AFFECTS)
    modification = parse_modification(node)
    if modification.defines and affects != "self":
        raise node.error("a characteristic-defining ability defines its own object's "
                         "characteristics: it needs 'affects: self' (604.3)")
    condition = node["while"].choice(("attacking",)) if node.get("while") else None
    return StaticEffect(affects, modification, condition)


def continuous_parts(p: dict) -> tuple[str, Filter, str, Modification]:
    """What the parameters of a ``continuous`` instruction, as its handler takes them, parse
    to (:func:`parse_continuous_effect`)."""
    return parse_continuous_effect(Node(p))


def token_characteristics(p: dict) -> Characteristics:
    """The characteristics of the token a ``create_token`` instruction written out makes
    (111.3), from its parameters as its handler takes them."""
    return parse_characteristics(Node(p["token"]), token=True)


#: The instructions whose handler parses its parameters as it resolves, and how: they are
#: parsed once more as the card is read (:func:`parsed_at_load`, ``Mode.parsed``), from the
#: parameters the handler would take, so that what resolving reads is the same.
PARSED_AT_LOAD: dict[str, Callable[[dict], Any]] = {
    "continuous": continuous_parts, "create_token": token_characteristics}


def parsed_at_load(effects: tuple) -> tuple[Any, ...]:
    """``Mode.parsed`` for these effects: what :data:`PARSED_AT_LOAD` makes of the parameters
    of each such instruction as its handler takes them (thawed, its self-replacement taken
    out: instructions.run_effect), None for the others (and a token that copies); () if none."""
    found: list[Any] = []
    for name, params in effects:
        parse = PARSED_AT_LOAD.get(name)
        p = thaw(params) if parse is not None else None
        if parse is None or type(p) is not dict or (name == "create_token" and "token" not in p):
            found.append(None)
            continue
        p.pop("instead", None)
        try:
            found.append(parse(p))
        except Exception:  # noqa: BLE001 - (then its handler parses it, and says what is wrong)
            found.append(None)
    return tuple(found) if any(value is not None for value in found) else ()


#: The target slots an effect names: ``target``, ``target2`` ... ``target9`` (a tuple, not a
#: regular expression: compiling one is part of every check that follows such an effect).
TARGET_WORDS = ("target", *(f"target{n}" for n in range(2, 10)))


def parse_continuous_effect(node: Node) -> tuple[str, Filter, str, Modification]:
    """The ``continuous`` effect of a resolving spell or ability (611.2): ``what`` it affects
    (self, target, target2..., or ``each`` with a ``filter``), for how long (``duration``:
    end_of_turn, the default, or indefinite) and what it does. Returns (what, filter,
    duration, modification)."""
    what = node["what"].str() if node.get("what") else "target"
    if what not in ("each", "self", "moved", "created", "that_object", "you", *TARGET_WORDS):
        raise node["what"].error("'what' is self, target, target2..., moved, created, "
                                 f"that_object, each or you, got '{what}'")
    if (what == "each") != (node.get("filter") is not None):
        raise node.error("a continuous effect on 'each' object names them with 'filter', and "
                         "only then (611.2c)")
    flt = parse_filter(node.get("filter"))
    duration = node["duration"].choice(DURATIONS) if node.get("duration") else "end_of_turn"
    modification = parse_modification(node)
    if modification.defines:
        raise node.error("only a static ability can be characteristic-defining (604.3)")
    if what == "you" and (modification.layers != ("6",) or modification.loses
                          or modification.loses_all_abilities):
        raise node.error("a player has no characteristics: an effect on 'you' only gives "
                         "abilities ('gains', e.g. protection: 702.16)")
    return what, flt, duration, modification


def parse_modification(node: Node) -> Modification:
    """What a continuous effect does, by layer (613.1): the MODIFICATION_PARAMS keys of
    ``node``. Refused if it changes nothing."""
    def typed(key: str, kind: str) -> tuple[str, ...]:
        return type_words(node[key], kind) if node.get(key) else ()
    def number(key: str) -> int:
        return node[key].int() if node.get(key) is not None else 0
    colors = tuple(sorted({_color(c) for c in node["colors"].list(allow_single=True)})) \
        if node.get("colors") else None
    gains = tuple(_gained(a) for a in node["gains"].list(allow_single=True)) \
        if node.get("gains") else ()
    loses = tuple(w.choice(KEYWORDS) for w in node["loses"].list(allow_single=True)) \
        if node.get("loses") else ()
    modification = Modification(
        control=node["control"].choice(("you",)) if node.get("control") else None,
        types=typed("types", "types"), subtypes=typed("subtypes", "subtypes"),
        creature_types=typed("creature_types", "subtypes") or None, land_types=_land_types(node),
        colors=colors, gains=gains,
        loses_all_abilities=node["loses_all_abilities"].bool()
        if node.get("loses_all_abilities") else False,
        loses=loses,
        defines=node["characteristic_defining"].bool()
        if node.get("characteristic_defining") else False,
        base_power=_pt_value(node["base_power"]) if node.get("base_power") is not None
        else None,
        base_toughness=_pt_value(node["base_toughness"])
        if node.get("base_toughness") is not None else None,
        power=number("power"), toughness=number("toughness"),
        switch=node["switch"].bool() if node.get("switch") else False,
    )
    if not modification.layers:
        raise node.error("a continuous effect must change something: "
                         + ", ".join(MODIFICATION_PARAMS))
    return modification


def _land_types(node: Node) -> tuple[str, ...] | None:
    """305.7: the land types an effect sets, each one of the land types of 205.3i."""
    if node.get("land_types") is None:
        return None
    known = tuple(sorted(land_types()))
    return tuple(w.choice(known) for w in node["land_types"].list(allow_single=True))


def _pt_value(node: Node) -> int | str:
    if isinstance(node.value, str):
        return node.choice(PT_VALUES)
    return node.int()


def _gained(node: Node) -> AbilityDef:
    """An ability an effect gives: a keyword by its name (``haste``) or a whole ability."""
    if isinstance(node.value, str):
        return keyword_ability(node.choice(PLAIN_KEYWORDS + ("prowess",)))
    return parse_ability(node)


def keyword_ability(name: str, text: str | None = None, text_fr: str | None = None
                    ) -> AbilityDef:
    """A keyword without a cost or a number, as the ability the rules define (702)."""
    maker = _KEYWORD_ABILITIES.get(name)
    if maker:
        return maker(text, text_fr)
    return AbilityDef(kind="static", keyword=name, text=text or name.capitalize(),
                      text_fr=text_fr or _PLAIN_FR.get(name, name),
                      static=(("keyword", name),))


def parse_keyword(node: Node) -> AbilityDef:
    """Expand a keyword into the ability the rules define (702)."""
    name = node["keyword"].choice(KEYWORDS)
    text = node["text"].str() if node.get("text") else None
    text_fr = node["text_fr"].str() if node.get("text_fr") else None
    if name == "equip":
        return equip_ability(_mana(node["cost"]) if node.get("cost") else ManaCost(()), text,
                             text_fr)
    if name == "enchant":
        if not node.get("enchant"):
            raise node.error("'keyword: enchant' needs 'enchant' (what the Aura may enchant: "
                             + ", ".join(ENCHANT_WORDS) + ", or {type, filter}) (702.5a)")
        return enchant_ability(node["enchant"], text, text_fr)
    if name == "hideaway":
        return hideaway_ability(node["n"].int(1) if node.get("n") else 4, text, text_fr)
    if name == "protection":
        if node.get("from") is None:
            raise node.error("'keyword: protection' needs 'from' (the quality: "
                             + ", ".join(PROTECTION_QUALITIES) + ", or a filter) (702.16a)")
        return protection_ability(parse_quality(node["from"], text), text, text_fr)
    return keyword_ability(name, text, text_fr)


def parse_quality(node: Node, text: str | None = None) -> Quality:
    """The quality of "Protection from [quality]" (702.16a): a word of PROTECTION_QUALITIES or
    a filter (``{subtypes: [goblin]}``: then the ability's ``text`` says it)."""
    if node.is_map():
        if not text:
            raise node.error("protection from a filter needs the ability's 'text' (and "
                             "'text_fr'): \"Protection from Goblins\" (702.16a)")
        return Quality("filter", parse_filter(node))
    return PROTECTION_QUALITIES[node.choice(tuple(PROTECTION_QUALITIES))]


def protection_ability(quality: Quality, text: str | None = None, text_fr: str | None = None
                       ) -> AbilityDef:
    """702.16a: "Protection from [quality]", a static ability; what it does (DEBT: damage
    prevented, can't be enchanted or equipped, blocked, targeted) is in protection.py."""
    return AbilityDef(kind="static", keyword="protection",
                      text=text or f"Protection from {quality.text}",
                      text_fr=text_fr or f"Protection contre {quality.text_fr}",
                      static=(("protection", quality),))


def protections(chars: Characteristics) -> tuple[tuple[AbilityDef, Quality], ...]:
    """Every protection ability of an object, with its quality (702.16g: each is separate)."""
    return by_identity(_PROTECTIONS, chars.abilities, _protections_of)


def _protections_of(abilities: tuple[AbilityDef, ...]
                    ) -> tuple[tuple[AbilityDef, Quality], ...]:
    return tuple((a, quality) for a in abilities
                 if a.kind == "static" and (quality := a.static_get("protection")) is not None)


#: id(abilities) -> (abilities, their protections) (:func:`frozen.by_identity`): looked for
#: at each target chosen, each block and each damage dealt, among abilities most objects
#: share with their card.
_PROTECTIONS: dict[int, tuple[tuple[AbilityDef, ...], tuple[tuple[AbilityDef, Quality], ...]]] \
    = {}


_PLAIN_FR = {"flash": "Flash", "haste": "Célérité", "first strike": "Initiative",
             "double strike": "Double initiative", "vigilance": "Vigilance",
             "lifelink": "Lien de vie", "defender": "Défenseur", "trample": "Piétinement",
             "flying": "Vol", "deathtouch": "Contact mortel", "reach": "Portée",
             "menace": "Menace", "indestructible": "Indestructible",
             "hexproof": "Défense talismanique"}


def prowess_ability(text: str | None = None, text_fr: str | None = None) -> AbilityDef:
    """702.108a: whenever you cast a noncreature spell, this creature gets +1/+1 until end of
    turn."""
    return AbilityDef(
        kind="triggered", keyword="prowess", text=text or "Prowess",
        text_fr=text_fr or "Prouesse",
        trigger=TriggerSpec("cast", player="you", filter=Filter(not_types=("creature",))),
        modes=(Mode(effects=(("pump", (("what", "self"), ("power", 1), ("toughness", 1))),)),),
    )


def cascade_ability(text: str | None = None, text_fr: str | None = None) -> AbilityDef:
    """702.85a: when you cast this spell, exile until a nonland card with lesser mana value."""
    return AbilityDef(
        kind="triggered", keyword="cascade", text=text or "Cascade",
        text_fr=text_fr or "Cascade", trigger=TriggerSpec("cast", subject="self"),
        modes=(Mode(effects=(("cascade", ()),)),),
    )


def equip_ability(cost: ManaCost, text: str | None = None, text_fr: str | None = None
                  ) -> AbilityDef:
    """702.6a: [cost]: attach to target creature you control; activate only as a sorcery."""
    return AbilityDef(
        kind="activated", keyword="equip", text=text or f"Equip {cost}",
        text_fr=text_fr or f"Équipement {cost}", cost=Cost(mana=cost), timing="sorcery",
        modes=(Mode(targets=(TargetSpec("creature", Filter(controller="you")),),
                    effects=(("attach", (("what", "self"), ("to", "target"))),)),),
    )


def hideaway_ability(n: int, text: str | None = None, text_fr: str | None = None) -> AbilityDef:
    """702.75a: when this enters, look at the top N, exile one face down, the rest to the bottom."""
    return AbilityDef(
        kind="triggered", keyword="hideaway", text=text or f"Hideaway {n}",
        text_fr=text_fr or f"Cachette {n}", trigger=TriggerSpec("enters", subject="self"),
        link="hideaway",
        modes=(Mode(effects=(("hideaway", (("look", n), ("link", "hideaway"))),)),),
    )


def enchant_ability(node: Node, text: str | None = None, text_fr: str | None = None
                    ) -> AbilityDef:
    """702.5a: "Enchant [object]" restricts what an Aura spell can target and what the Aura can
    enchant. Kept as a target slot (``static: (("enchant", TargetSpec),)``)."""
    if node.is_map():
        spec = parse_targets(node)[0]
        if spec.type not in ("creature", "permanent"):
            raise node["type"].error("an Aura enchants a creature or a permanent here (702.5a)")
        en = fr = ""
    else:
        word = node.choice(tuple(ENCHANT_WORDS))
        kind, flt, en, fr, _ = ENCHANT_WORDS[word]
        spec = TargetSpec(kind, flt)
    return AbilityDef(kind="static", keyword="enchant",
                      text=text or (f"Enchant {en}" if en else "Enchant"),
                      text_fr=text_fr or (f"Enchanter : {fr}" if fr else "Enchanter"),
                      static=(("enchant", spec),))


def enchant_restrictions(chars: Characteristics) -> tuple[TargetSpec, ...]:
    """Every "Enchant [object]" of an object (702.5c: all of them apply)."""
    return tuple(a.static_get("enchant") for a in chars.abilities
                 if a.kind == "static" and a.static_get("enchant") is not None)


def is_aura(chars: Characteristics) -> bool:
    return "aura" in chars.subtypes


def aura_spell_ability(chars: Characteristics) -> AbilityDef | None:
    """303.4a, 115.1b: an Aura spell requires a target, defined by its enchant ability; the
    permanent it becomes targets nothing. None for anything that isn't an Aura with enchant."""
    specs = enchant_restrictions(chars) if is_aura(chars) else ()
    if not specs:
        return None
    return AbilityDef(kind="spell", text=chars.text, text_fr=chars.text_fr,
                      modes=(Mode(targets=(specs[0],)),))


def spell_ability_of(chars: Characteristics) -> AbilityDef | None:
    """What a spell with these characteristics does or targets on the stack: its spell ability
    (113.3a), or an Aura spell's target from its enchant ability (303.4a)."""
    for a in chars.abilities:
        if a.kind == "spell":
            return a
    return aura_spell_ability(chars)


_KEYWORD_ABILITIES = {"prowess": prowess_ability, "cascade": cascade_ability}


# --- characteristics (shared by cards, faces and tokens) --------------------------------------

@functools.cache  # a Name is immutable: one per card name, not one each time a name is told
def _names(en: str, fr: str) -> Name:
    return Name(en, fr)


@frozen
class Characteristics:
    """The copiable values of an object (707.2): what is printed, or what a copy effect set.

    Status (tapped), counters, attachments and non-copy effects are not here: they live on the
    object and in continuous effects, so copying reads only this.
    """

    name: str
    name_fr: str = ""
    mana_cost: ManaCost | None = None
    colors: frozenset[str] = frozenset()
    card_types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    abilities: tuple[AbilityDef, ...] = ()
    text: str = ""
    text_fr: str = ""
    #: how the French name takes an article and agrees, for a card or token the catalog's
    #: noms_fr.csv doesn't list (text.grammar.GRAMMAR_CODES: 'la', "l' f", 'les'...)
    grammar_fr: str = ""

    @property
    def names(self) -> Name:
        """The name in English and French (the English one where no French is known)."""
        return _names(self.name, self.name_fr or self.name)

    def mana_value(self, x: int = 0) -> int:
        """202.3: the total of the mana cost; X counts as ``x`` (0 except on the stack)."""
        return self.mana_cost.mana_value(x) if self.mana_cost else 0

    def has_type(self, card_type: str) -> bool:
        return card_type in self.card_types

    @property
    def type_line(self) -> str:
        left = " ".join(s.capitalize() for s in (*self.supertypes, *self.card_types))
        right = " ".join(s.capitalize() for s in self.subtypes)
        return f"{left} — {right}" if right else left

    def keywords(self) -> frozenset[str]:
        """The keywords of its abilities (worked out once per tuple of abilities: asked for
        each attacker, blocker, target and damage, of abilities most objects share with their
        card)."""
        return by_identity(_KEYWORDS, self.abilities, _keywords_of)


def _keywords_of(abilities: tuple[AbilityDef, ...]) -> frozenset[str]:
    return frozenset([a.keyword for a in abilities if a.keyword])


#: id(abilities) -> (abilities, the keywords among them) (:func:`frozen.by_identity`): see
#: :meth:`Characteristics.keywords`.
_KEYWORDS: dict[int, tuple[tuple[AbilityDef, ...], frozenset[str]]] = {}


@frozen
class EntersWith:
    """An exception that is an additional effect, not a characteristic (707.9e): the copy
    enters with counters, if what it would be without this exception has one of
    ``if_types`` (707.9f). Counters are never copied (707.2)."""

    counter: str
    amount: int = 1
    if_types: tuple[str, ...] = ()


@frozen
class CopyExceptions:
    """The exceptions of a copy effect (707.9): "except it's 1/1", "except it's an Illusion in
    addition to its other types", "except it isn't legendary", "except it has haste".

    They modify the copied values, and the result is the copy's copiable values (707.9a,
    707.9b): whatever copies the copy later gets them too (707.3). ``enters_with`` is the one
    kind that is an additional effect instead (707.9e), done as the copy enters.
    """

    power: int | None = None
    toughness: int | None = None
    colors: frozenset[str] | None = None
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    add_supertypes: tuple[str, ...] = ()
    remove_supertypes: tuple[str, ...] = ()
    abilities: tuple[AbilityDef, ...] = ()
    enters_with: tuple[EntersWith, ...] = ()

    def apply(self, copied: Characteristics) -> Characteristics:
        """707.9a-b: the copied values as this copy effect modifies them. 707.9d: when it gives
        power or toughness a value, the original's characteristic-defining ability that
        defines them is not copied (it would set them again in layer 7a)."""
        supertypes = tuple(s for s in dict.fromkeys(copied.supertypes + self.add_supertypes)
                           if s not in self.remove_supertypes)
        abilities = copied.abilities
        if self.power is not None or self.toughness is not None:
            abilities = tuple(a for a in abilities if not _defines_power_or_toughness(a))
        return replace(
            copied,
            power=copied.power if self.power is None else self.power,
            toughness=copied.toughness if self.toughness is None else self.toughness,
            colors=copied.colors if self.colors is None else self.colors,
            card_types=tuple(dict.fromkeys(copied.card_types + self.add_types)),
            subtypes=tuple(dict.fromkeys(copied.subtypes + self.add_subtypes)),
            supertypes=supertypes,
            abilities=abilities + self.abilities,
        )

    def describe(self) -> Name:
        """The exceptions in short, in English and French: "1/1, also Illusion, not legendary,
        has haste" (for the log and the copies diagram)."""
        from .text.typeline import COLORS_FR, SUBTYPES_FR, SUPERTYPES_FR, type_line
        en: list[str] = []
        fr: list[str] = []
        if self.power is not None or self.toughness is not None:
            pt = f"{self.power if self.power is not None else '*'}/" \
                 f"{self.toughness if self.toughness is not None else '*'}"
            en.append(pt)
            fr.append(pt)
        if self.colors is not None:  # as words, in the order of the color wheel (105.1)
            words = [word for word, symbol in COLOR_NAMES.items() if symbol in self.colors]
            en.append(" and ".join(words) or "colorless")
            fr.append(" et ".join(COLORS_FR[w][0] for w in words) or "incolore")
        added = (self.add_supertypes, self.add_types, self.add_subtypes)
        if any(added):
            # Running text writes card types and supertypes in lower case, subtypes with a
            # capital (205.2, 205.3: "a legendary artifact Spirit").
            en.append("also " + " ".join([*self.add_supertypes, *self.add_types,
                                          *(_capital(w) for w in self.add_subtypes)]))
            # French running text writes subtypes with a capital (« c'est une Illusion »).
            fr.append("aussi " + " ".join(
                [type_line((), self.add_types, (), "fr").lower(),
                 *(SUPERTYPES_FR.get(w, w) for w in self.add_supertypes),
                 *(_capital(SUBTYPES_FR.get(w, w)) for w in self.add_subtypes)]).strip())
        for s in self.remove_supertypes:
            en.append(f"not {s}")
            fr.append(f"non {SUPERTYPES_FR.get(s, s)}")
        for a in self.abilities:
            en.append(f"has {a.keyword}" if a.keyword else f"has \u201c{a.text}\u201d")
            fr.append(f"a {_keyword_fr(a)}" if a.keyword else f"a « {a.text_fr or a.text} »")
        for e in self.enters_with:
            en.append(_additional_counter(e, "en"))
            fr.append(_additional_counter(e, "fr"))
        return Name(", ".join(en), ", ".join(fr))

    def counters_for(self, copy: Characteristics) -> list[tuple[str, int]]:
        """707.9e-f: the counters the copy enters with, given what it is (the copy with the
        other exceptions applied)."""
        return [(e.counter, e.amount) for e in self.enters_with
                if not e.if_types or any(copy.has_type(t) for t in e.if_types)]


#: "si c'est une créature" (707.9f), for the French description of an exception.
_CARD_TYPE_FR_ARTICLE = {"creature": "c'est une créature", "planeswalker": "c'est un planeswalker",
                         "artifact": "c'est un artefact", "enchantment": "c'est un enchantement",
                         "land": "c'est un terrain"}


def _keyword_fr(ability: AbilityDef) -> str:
    """« la célérité », « le vol »: a keyword with its article, from the ability's French."""
    word = (ability.text_fr or ability.keyword or "").split(" (")[0].lower()
    if word in _FR_MASCULINE:
        return "le " + word
    article = "l'" if word[:1] in "aeiouéèêh" else ("la " if word.endswith(("é", "e"))
                                                   else "le ")
    return article + word


_FR_MASCULINE = ("lien de vie",)


def _defines_power_or_toughness(ability: AbilityDef) -> bool:
    """A characteristic-defining ability that defines power or toughness (604.3, 707.9d)."""
    effect = ability.static_get("continuous") if ability.kind == "static" else None
    modification = getattr(effect, "modification", None)
    return bool(modification is not None and modification.defines
                and (modification.base_power is not None
                     or modification.base_toughness is not None))


def _capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def _additional_counter(e: EntersWith, lang: str) -> str:
    """"an additional +1/+1 counter if it's a creature" (707.9e, 707.9f)."""
    from .text.typeline import counter_name
    if lang == "en":
        what = f"an additional {e.counter} counter" if e.amount == 1 \
            else f"{e.amount} additional {e.counter} counters"
        cond = " or ".join(("an " if t[0] in "aeiou" else "a ") + t for t in e.if_types)
        return f"enters with {what}" + (f" if it's {cond}" if cond else "")
    name = e.counter if "/" in e.counter else f"« {counter_name(e.counter, 'fr')} »"
    what = f"un marqueur {name} supplémentaire" if e.amount == 1 \
        else f"{e.amount} marqueurs {name} supplémentaires"
    cond = " ou ".join(_CARD_TYPE_FR_ARTICLE.get(t, t) for t in e.if_types)
    return f"arrive avec {what}" + (f" si {cond}" if cond else "")


_TOKEN_COPY = "{kind: spell, text: \"Create a token that's a copy of target creature, except "
_COPY_TARGET = ("targets: [{type: creature}], effects: [{do: create_token, copy_of: target, "
                "except: ")

#: Copy exceptions (707.9): ``except: {<word>: ...}`` in ``enter_as_copy`` and in
#: ``create_token`` with ``copy_of``. All but ``enters_with`` become copiable values (707.9b).
COPY_EXCEPTION_KEYS: dict[str, Word] = {
    "power": Word("number", "707.9b", "the copy's power is this number (\"except it's 7/7\")",
                  "la force de la copie est ce nombre (« à ceci près qu'elle est 7/7 »)",
                  _TOKEN_COPY + "it's 1/1.\", " + _COPY_TARGET + "{power: 1, toughness: 1}}]}"),
    "toughness": Word("number", "707.9b", "the copy's toughness is this number",
                      "l'endurance de la copie est ce nombre",
                      _TOKEN_COPY + "it's 1/1.\", " + _COPY_TARGET
                      + "{power: 1, toughness: 1}}]}"),
    "colors": Word("colors", "707.9b", "the copy's colors are these (\"except it's red\")",
                   "les couleurs de la copie sont celles-ci (« à ceci près qu'elle est rouge »)",
                   _TOKEN_COPY + "it's red.\", " + _COPY_TARGET + "{colors: [red]}}]}"),
    "add_types": Word("card types", "707.9b", "card types the copy has in addition to its "
                      "other types", "types de carte que la copie a en plus de ses autres types",
                      "{kind: replacement, text: \"You may have this enchantment enter as a copy "
                      "of an artifact, except it's an enchantment in addition to its other "
                      "types.\", static: {enter_as_copy: {choose: {types: [artifact]}, except: "
                      "{add_types: [enchantment]}}}}"),
    "add_subtypes": Word("subtypes", "707.9b", "subtypes the copy has in addition to its "
                         "other types (\"it's an Illusion in addition\")", "sous-types que la "
                         "copie a en plus de ses autres types (« c'est une Illusion en plus »)",
                         _TOKEN_COPY + "it's a Spirit in addition to its other types.\", "
                         + _COPY_TARGET + "{add_subtypes: [spirit]}}]}"),
    "add_supertypes": Word("supertypes", "707.9b", "supertypes the copy has in addition "
                           "(\"it's legendary\")", "supertypes que la copie a en plus "
                           "(« elle est légendaire »)", _TOKEN_COPY + "it's legendary.\", "
                           + _COPY_TARGET + "{add_supertypes: [legendary]}}]}"),
    "remove_supertypes": Word("supertypes", "707.9b", "supertypes the copy doesn't have "
                              "(\"it isn't legendary\")", "supertypes que la copie n'a pas "
                              "(« elle n'est pas légendaire »)", _TOKEN_COPY + "it isn't "
                              "legendary.\", " + _COPY_TARGET
                              + "{remove_supertypes: [legendary]}}]}"),
    "abilities": Word("abilities", "707.9a", "abilities the copy gains, part of its copiable "
                      "values (\"except it has haste\")", "capacités que la copie acquiert, "
                      "qui font partie de ses valeurs copiables (« à ceci près qu'elle a la "
                      "célérité »)", _TOKEN_COPY + "it has haste.\", " + _COPY_TARGET
                      + "{abilities: [{keyword: haste}]}}]}"),
    "enters_with": Word("counter, amount, if_types", "707.9e", "an additional effect, not a "
                        "copiable value: the copy enters with counters, if it is then one of "
                        "if_types (707.9f)", "un effet supplémentaire, pas une valeur "
                        "copiable : la copie arrive avec des marqueurs, si elle est alors de "
                        "l'un des types if_types (707.9f)",
                        "{kind: replacement, text: \"You may have this creature enter as a copy "
                        "of a creature you control, except it enters with an additional +1/+1 "
                        "counter.\", static: {enter_as_copy: {choose: {types: [creature], "
                        "controller: you}, except: {enters_with: [{counter: +1/+1, amount: 1, "
                        "if_types: [creature]}]}}}}"),
}
_EXCEPTION_KEYS = frozenset(COPY_EXCEPTION_KEYS)

#: What a ``copy`` effect copies (707.10): ``what: <word>``.
COPY_WHAT: dict[str, Word] = {
    "target": Word("stack object", "707.10", "the targeted spell or ability",
                   "le sort ou la capacité ciblé",
                   "{kind: spell, text: \"Copy target instant or sorcery spell. You may choose "
                   "new targets for the copy.\", targets: [{type: spell, filter: {types: "
                   "[instant, sorcery]}}], effects: [{do: copy, what: target, new_targets: "
                   "true}]}"),
    "event_spell": Word("stack object", "707.10", "the spell whose casting triggered the "
                        "ability (\"copy that spell\"); if it has left the stack (countered), "
                        "as it last existed there (608.2h)",
                        "le sort dont le lancement a déclenché la capacité (« copiez ce "
                        "sort ») ; s'il a quitté la pile (contrecarré), tel qu'il existait en "
                        "dernier sur la pile (608.2h)",
                        "{kind: triggered, text: \"Whenever you cast an instant or sorcery "
                        "spell, copy that spell. You may choose new targets for the copy.\", "
                        "trigger: {event: cast, player: you, filter: {types: [instant, "
                        "sorcery]}}, effects: [{do: copy, what: event_spell, new_targets: "
                        "true}]}"),
    "event_ability": Word("stack object", "707.10", "the ability whose activation triggered "
                          "the ability (\"copy that ability\"); if it has left the stack, as "
                          "it last existed there (608.2h)", "la capacité dont l'activation "
                          "a déclenché la capacité (« copiez cette capacité ») ; si elle a "
                          "quitté la pile, telle qu'elle existait en dernier (608.2h)",
                          "{kind: triggered, text: \"Whenever you activate an ability that "
                          "isn't a mana ability, copy that ability.\", trigger: {event: "
                          "activate, player: you, filter: {mana_ability: false}}, effects: "
                          "[{do: copy, what: event_ability}]}"),
}


def parse_copy_exceptions(node: Node) -> CopyExceptions:
    """Read a copy effect's ``except:`` (707.9)."""
    node.mapping(_EXCEPTION_KEYS)
    if not node.value:
        raise node.error("'except' names at least one exception (707.9): "
                         + ", ".join(sorted(_EXCEPTION_KEYS)))

    def typed(key: str, kind: str) -> tuple[str, ...]:
        n = node.get(key)
        return type_words(n, kind) if n else ()

    def number(key: str) -> int | None:
        n = node.get(key)
        return n.int(0) if n is not None else None

    colors = node.get("colors")
    return CopyExceptions(
        power=number("power"), toughness=number("toughness"),
        colors=frozenset(_color(c) for c in colors.list(allow_single=True))
        if colors is not None else None,
        add_types=typed("add_types", "types"), add_subtypes=typed("add_subtypes", "subtypes"),
        add_supertypes=typed("add_supertypes", "supertypes"),
        remove_supertypes=typed("remove_supertypes", "supertypes"),
        abilities=tuple(parse_ability(a) for a in node["abilities"].list())
        if node.get("abilities") else (),
        enters_with=tuple(_enters_with(e) for e in node["enters_with"].list(allow_single=True))
        if node.get("enters_with") else (),
    )


def _enters_with(node: Node) -> EntersWith:
    node.mapping({"counter", "amount", "if_types"}, required=("counter",))
    amount = node["amount"].int(1) if node.get("amount") is not None else 1
    if_types = tuple(w.str().lower() for w in node["if_types"].list(allow_single=True)) \
        if node.get("if_types") else ()
    return EntersWith(node["counter"].str(), amount, if_types)


def _divide(node: Node) -> int | str:
    """601.2d: the amount divided among the targets, a number or X."""
    if node.value == "X":
        return "X"
    if isinstance(node.value, bool) or not isinstance(node.value, int):
        raise node.error(f"divide takes a number or X, got {node.value!r}")
    return node.int(1)


_CHAR_KEYS = frozenset({"name", "name_fr", "mana_cost", "colors", "types", "subtypes",
                        "supertypes", "power", "toughness", "loyalty", "abilities", "text",
                        "text_fr", "grammar_fr"})
COLOR_NAMES = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _name(node: Node) -> str:
    """A card's or token's name, as the kit finds it: text, not blank (the files and the log
    name cards by it), without spaces before or after it that no reader would see ("Moss
    Brute " would be another card than "Moss Brute")."""
    name = node.str()
    if not name.strip():
        raise node.error("a name can't be empty: cards are named by it in files and the log")
    if name != name.strip():
        raise node.error(f"a name doesn't start or end with a space: {name!r} (did you mean: "
                         f"{name.strip()!r}?)")
    return name


def parse_characteristics(node: Node, token: bool = False, extra: frozenset[str] = frozenset()
                          ) -> Characteristics:
    """Read a face, a card or a token definition (the creating effect's values for a token)."""
    node.mapping(_CHAR_KEYS | extra, required=("name",))
    name = _name(node["name"])
    mana_cost = _mana(node["mana_cost"]) if node.get("mana_cost") else None
    if node.get("colors"):
        colors = frozenset(_color(c) for c in node["colors"].list(allow_single=True))
    else:
        colors = mana_cost.colors() if mana_cost else frozenset()
    def type_words_of(key: str) -> tuple[str, ...]:
        n = node.get(key)
        return type_words(n, key) if n else ()
    abilities = tuple(parse_ability(a) for a in node["abilities"].list()) \
        if node.get("abilities") else ()
    _spell_abilities_on_spells(node, abilities, type_words_of("types"))
    text = node["text"].str() if node.get("text") else ""
    return Characteristics(
        name=name, name_fr=_name(node["name_fr"]) if node.get("name_fr") else name,
        mana_cost=mana_cost, colors=colors, card_types=type_words_of("types"),
        subtypes=type_words_of("subtypes"), supertypes=type_words_of("supertypes"),
        power=node["power"].int() if node.get("power") is not None else None,
        toughness=node["toughness"].int() if node.get("toughness") is not None else None,
        loyalty=node["loyalty"].int(0) if node.get("loyalty") is not None else None,
        abilities=abilities, text=text,
        text_fr=node["text_fr"].str() if node.get("text_fr") else text,
        grammar_fr=node["grammar_fr"].choice(GRAMMAR_CODES) if node.get("grammar_fr") else "",
    )


def _spell_abilities_on_spells(node: Node, abilities: tuple[AbilityDef, ...],
                               card_types: tuple[str, ...]) -> None:
    """113.3a: a spell ability is followed as an instant or sorcery spell resolves; on any
    other card it would never be (a permanent spell resolves by entering, 608.3): refused."""
    if "instant" in card_types or "sorcery" in card_types:
        return
    for i, ability in enumerate(abilities):
        if ability.kind == "spell":
            raise node["abilities"][i].error(
                "a spell ability is followed only as an instant or sorcery resolves (113.3a): "
                "a permanent's abilities are static, triggered or activated (what it does as "
                "it enters: a triggered ability, trigger: {event: enters, subject: self})")


def _color(node: Node) -> str:
    text = node.str().lower()
    if text in COLOR_NAMES:
        return COLOR_NAMES[text]
    if text.upper() in COLOR_NAMES.values():
        return text.upper()
    raise node.error(f"unknown color '{text}'")


@frozen
class CardDef:
    """A card in the catalog: one face, or several (split 709, modal double-faced 712,
    adventurer 715). ``layout`` is normal, split, mdfc or adventure."""

    faces: tuple[Characteristics, ...]
    layout: str = "normal"
    verified_fr: bool = True
    note: str = ""
    extra: dict = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        return self.characteristics().name

    def characteristics(self) -> Characteristics:
        """Off the stack: the front face, or both halves combined for a split card (709.4)."""
        if self.layout != "split":
            return self.faces[0]
        a, b = self.faces[0], self.faces[1]
        return Characteristics(
            name=f"{a.name} // {b.name}", name_fr=f"{a.name_fr} // {b.name_fr}",
            mana_cost=(a.mana_cost or ManaCost()) + b.mana_cost, colors=a.colors | b.colors,
            card_types=tuple(dict.fromkeys(a.card_types + b.card_types)),
            subtypes=tuple(dict.fromkeys(a.subtypes + b.subtypes)),
            abilities=a.abilities + b.abilities, text=f"{a.text} // {b.text}",
            text_fr=f"{a.text_fr} // {b.text_fr}",
        )

    def castable_faces(self) -> list[int]:
        """Which faces may be cast as a spell (709.3, 712.11, 715.3)."""
        if self.layout == "normal":
            return [0]
        return [i for i, f in enumerate(self.faces) if "land" not in f.card_types]


@functools.cache
def intrinsic_mana_ability(land_type: str) -> AbilityDef:
    """305.6: a land with a basic land type has the intrinsic ability "{T}: Add [mana]", even
    if its text box doesn't say so. One object per type, made once: the ability a card's file
    would give as ``{kind: activated, cost: "{T}", effects: [{do: add_mana, mana: ...}]}``,
    made directly, as prowess's and cascade's are (reading it through the parser was about a third
    of a million instructions per type in every check; tests/test_dependencies.py compares
    it with the parser's)."""
    mana = BASIC_LAND_MANA[land_type]
    return AbilityDef(kind="activated", text=f"{{T}}: Add {mana}.",
                      text_fr=f"{{T}} : Ajoutez {mana}.", cost=Cost(mana=ManaCost(()), tap=True),
                      modes=(Mode(effects=(("add_mana", (("mana", mana),)),)),),
                      mana_ability=True)
