"""What each word of the card language's word lists means, with an example ability: trigger
events (abilities.TRIGGER_EVENTS), target types (TARGET_TYPES), static kinds (STATIC_KINDS) and
keywords (KEYWORDS). Effects carry their example in their spec (abilities.EffectSpec), filter
keys and conditions in filters.py, references and amounts in abilities.py.

A word added to one of those lists needs its entry here, with a rule, English and French text
and an example that loads: tests/test_card_language.py checks it, and docs/card_language.md
(``make schema``) is written from these tables.
"""

from __future__ import annotations

from .filters import Word

_GAIN = "effects: [{do: gain_life, amount: 1}]"

#: Trigger events (603.1, 603.2): ``trigger: {event: <word>}``.
TRIGGER_WORDS: dict[str, Word] = {
    "enters": Word("subject, filter", "603.6a", "an object enters the battlefield (what "
                   "entered, as it entered)", "un objet arrive sur le champ de bataille",
                   "{kind: triggered, text: \"Whenever another creature enters, you gain 1 "
                   "life.\", trigger: {event: enters, subject: another, filter: {types: "
                   "[creature]}}, " + _GAIN + "}"),
    "dies": Word("subject, filter", "700.4", "a creature is put into a graveyard from the "
                 "battlefield (looks back in time, 603.10a)", "une créature est mise dans un "
                 "cimetière depuis le champ de bataille (regarde en arrière, 603.10a)",
                 "{kind: triggered, text: \"Whenever this creature or another creature dies, "
                 "you gain 1 life.\", trigger: {event: dies, filter: {types: [creature]}}, "
                 + _GAIN + "}"),
    "leaves_battlefield": Word("subject, filter", "603.6c", "a permanent leaves the "
                               "battlefield (looks back in time, 603.10a)", "un permanent "
                               "quitte le champ de bataille (regarde en arrière, 603.10a)",
                               "{kind: triggered, text: \"When this permanent leaves the "
                               "battlefield, you gain 1 life.\", trigger: {event: "
                               "leaves_battlefield, subject: self}, " + _GAIN + "}"),
    "put_into_graveyard": Word("subject, filter, from: battlefield | anywhere", "603.6a",
                               "a permanent is put into a graveyard from the battlefield, or "
                               "a card from anywhere (a token is not a card, 108.2b)", "un "
                               "permanent est mis dans un cimetière depuis le champ de bataille, "
                               "ou une carte depuis n'importe où (un jeton n'est pas une carte, "
                               "108.2b)",
                               "{kind: triggered, text: \"Whenever a card is put into a "
                               "graveyard from anywhere, you gain 1 life.\", trigger: {event: "
                               "put_into_graveyard, from: anywhere}, " + _GAIN + "}"),
    "cast": Word("player, subject, filter (the spell)", "601.2i", "a player casts a spell",
                 "un joueur lance un sort",
                 "{kind: triggered, text: \"Whenever you cast an instant or sorcery spell, this "
                 "creature deals 2 damage to each opponent.\", trigger: {event: cast, player: "
                 "you, filter: {types: [instant, sorcery]}}, effects: [{do: damage, to: "
                 "each_opponent, amount: 2}]}"),
    "activate": Word("player, filter (the source; mana_ability, kinds: the ability)", "602.2i",
                     "a player activates an ability", "un joueur active une capacité",
                     "{kind: triggered, text: \"Whenever an opponent activates an ability "
                     "that isn't a mana ability, this creature deals 2 damage to that "
                     "player.\", trigger: {event: activate, player: opponent, filter: "
                     "{mana_ability: false}}, effects: [{do: damage, to: that_player, amount: "
                     "2}]}"),
    "sacrifice": Word("player, filter", "701.21a", "a player sacrifices a permanent",
                      "un joueur sacrifie un permanent",
                      "{kind: triggered, text: \"Whenever you sacrifice a permanent, you gain "
                      "1 life.\", trigger: {event: sacrifice, player: you}, " + _GAIN + "}"),
    "attacks": Word("subject, filter", "508.3a", "a creature is declared as an attacker",
                    "une créature est désignée comme attaquante",
                    "{kind: triggered, text: \"Whenever this creature attacks, you gain 1 "
                    "life.\", trigger: {event: attacks, subject: self}, " + _GAIN + "}"),
    "blocks": Word("subject, filter", "509.3a", "a creature is declared as a blocker",
                   "une créature est désignée comme bloqueuse",
                   "{kind: triggered, text: \"Whenever this creature blocks, you gain 1 "
                   "life.\", trigger: {event: blocks, subject: self}, " + _GAIN + "}"),
    "becomes_blocked": Word("subject, filter", "509.3c", "an attacking creature becomes "
                            "blocked", "une créature attaquante devient bloquée",
                            "{kind: triggered, text: \"Whenever this creature becomes "
                            "blocked, you gain 1 life.\", trigger: {event: becomes_blocked, "
                            "subject: self}, " + _GAIN + "}"),
    "beginning_of_combat": Word("player (whose turn)", "507.1", "the beginning of combat "
                                "step begins", "l'étape de début du combat commence",
                                "{kind: triggered, text: \"At the beginning of combat on your "
                                "turn, you gain 1 life.\", trigger: {event: "
                                "beginning_of_combat, player: you}, " + _GAIN + "}"),
    "beginning_of_upkeep": Word("player (whose turn)", "503.1", "the upkeep step begins",
                                "l'étape d'entretien commence",
                                "{kind: triggered, text: \"At the beginning of your upkeep, you "
                                "gain 1 life.\", trigger: {event: beginning_of_upkeep, player: "
                                "you}, " + _GAIN + "}"),
    "end_of_combat": Word("player (whose turn)", "511.1", "the end of combat step begins",
                          "l'étape de fin du combat commence",
                          "{kind: triggered, text: \"At end of combat on your turn, you gain "
                          "1 life.\", trigger: {event: end_of_combat, player: you}, "
                          + _GAIN + "}"),
    "beginning_of_end_step": Word("player (whose turn)", "513.1", "the end step begins",
                                  "l'étape de fin commence",
                                  "{kind: triggered, text: \"At the beginning of your end "
                                  "step, you gain 1 life.\", trigger: {event: "
                                  "beginning_of_end_step, player: you}, " + _GAIN + "}"),
    "becomes_target": Word("subject, filter (the target), player (who controls the spell or "
                           "ability), by: spell | ability | any", "603.2",
                           "an object becomes the target of a spell or ability (once per "
                           "spell or ability)", "un objet devient la cible d'un sort ou d'une "
                           "capacité (une fois par sort ou capacité)",
                           "{kind: triggered, text: \"When this creature becomes the target "
                           "of a spell or ability, sacrifice it.\", trigger: {event: "
                           "becomes_target, subject: self}, effects: [{do: sacrifice, what: "
                           "self}]}"),
    "gains_life": Word("player (who gained)", "119.9", "a player gains life (not 0 life)",
                       "un joueur gagne des points de vie (pas 0)",
                       "{kind: triggered, text: \"Whenever you gain life, put a +1/+1 counter "
                       "on this creature.\", trigger: {event: gains_life, player: you}, "
                       "effects: [{do: add_counters, what: self, counter: \"+1/+1\", amount: "
                       "1}]}"),
    "draws": Word("player (who drew)", "121.1", "a player draws a card (once per card, "
                  "121.2; a draw that was replaced never happened, 614.6)",
                  "un joueur pioche une carte (une fois par carte, 121.2 ; une pioche "
                  "remplacée n'a jamais eu lieu, 614.6)",
                  "{kind: triggered, text: \"Whenever an opponent draws a card, this "
                  "enchantment deals 1 damage to that player.\", trigger: {event: draws, "
                  "player: opponent}, effects: [{do: damage, to: that_player, amount: 1}]}"),
}

_DESTROY = "effects: [{do: destroy, what: target}]"

#: Target types (115.1): ``targets: [{type: <word>}]``.
TARGET_WORDS: dict[str, Word] = {
    "player": Word("filter: controller", "115.1", "a player", "un joueur",
                   "{kind: spell, text: \"Target player draws a card.\", targets: [{type: "
                   "player}], effects: [{do: draw, who: target, amount: 1}]}"),
    "creature": Word("filter", "115.1", "a creature on the battlefield",
                     "une créature sur le champ de bataille",
                     "{kind: spell, text: \"Destroy target creature.\", targets: [{type: "
                     "creature}], " + _DESTROY + "}"),
    "permanent": Word("filter", "115.1", "a permanent", "un permanent",
                      "{kind: spell, text: \"Destroy target artifact.\", targets: [{type: "
                      "permanent, filter: {types: [artifact]}}], " + _DESTROY + "}"),
    "any": Word("filter", "115.4", "any target: a creature, a player, a planeswalker or a "
                "battle", "n'importe quelle cible : une créature, un joueur, un planeswalker "
                "ou une bataille",
                "{kind: spell, text: \"Deals 3 damage to any target.\", targets: [{type: "
                "any}], effects: [{do: damage, to: target, amount: 3}]}"),
    "stack_ability": Word("filter: kinds, controller, copiable", "115.1", "an activated or "
                          "triggered ability on the stack", "une capacité activée ou "
                          "déclenchée sur la pile",
                          "{kind: spell, text: \"Counter target activated or triggered "
                          "ability.\", targets: [{type: stack_ability}], effects: [{do: "
                          "counter, what: target}]}"),
    "spell": Word("filter", "115.1", "a spell on the stack", "un sort sur la pile",
                  "{kind: spell, text: \"Counter target creature spell.\", targets: [{type: "
                  "spell, filter: {types: [creature]}}], effects: [{do: counter, what: "
                  "target}]}"),
    "card": Word("filter", "115.1", "a card in a zone other than the battlefield",
                 "une carte dans une zone autre que le champ de bataille",
                 "{kind: spell, text: \"Exile target card.\", targets: [{type: card}], "
                 "effects: [{do: exile, what: target}]}"),
}

#: Static kinds (604, 614): ``static: {<word>: ...}``.
STATIC_WORDS: dict[str, Word] = {
    "grant": Word("to, abilities, while", "613.1f", "gives abilities to what the permanent "
                  "is attached to, or to creature tokens you control", "donne des capacités "
                  "à ce à quoi le permanent est attaché, ou aux jetons de créature que vous "
                  "contrôlez",
                  "{kind: static, text: \"Equipped creature has flying.\", static: {grant: "
                  "{to: equipped_creature, abilities: [{keyword: flying}]}}}"),
    "additional_trigger": Word("cause, applies_to", "603.2d", "makes triggered abilities "
                               "trigger an additional time", "fait se déclencher des "
                               "capacités une fois de plus",
                               "{kind: static, text: \"If an artifact or creature entering "
                               "causes a triggered ability of a permanent you control to "
                               "trigger, that ability triggers an additional time.\", static: "
                               "{additional_trigger: {cause: {event: enters, types: [artifact, "
                               "creature]}, applies_to: [permanents_you_control]}}}"),
    "no_legend_rule": Word("true", "704.5j", "the legend rule doesn't apply",
                           "la règle de légende ne s'applique pas",
                           "{kind: static, text: \"The legend rule doesn't apply.\", static: "
                           "{no_legend_rule: true}}"),
    "keyword": Word("a keyword without a cost, number or quality", "702.1", "the object has "
                    "this keyword ability, as `{keyword: flying}` gives it (equip, enchant, "
                    "hideaway and protection are written that way, with their parameter)",
                    "l'objet a cette capacité mot-clé, comme la donne `{keyword: flying}` "
                    "(Équipement, Enchanter, Cachette et Protection s'écrivent ainsi, avec "
                    "leur paramètre)",
                    "{kind: static, text: Flying, static: {keyword: flying}}"),
    "alternative_cost": Word("mana, sacrifice", "118.9", "a cost paid rather than the mana "
                             "cost", "un coût payé à la place du coût de mana",
                             "{kind: static, text: \"You may pay {1} rather than pay this "
                             "spell's mana cost.\", static: {alternative_cost: {mana: "
                             "\"{1}\"}}}"),
    "additional_cost": Word("mana, sacrifice, optional", "118.8", "a cost paid in addition "
                            "(kicker when optional)", "un coût payé en plus (kicker s'il est "
                            "optionnel)",
                            "{kind: static, text: \"Kicker {4}\", static: {additional_cost: "
                            "{mana: \"{4}\", optional: true}}}"),
    "requirement": Word("attacks_if_able | blocks_if_able | must_be_blocked", "508.1d",
                        "a combat requirement", "une obligation de combat",
                        "{kind: static, text: \"This creature attacks each combat if "
                        "able.\", static: {requirement: attacks_if_able}}"),
    "restriction": Word("affects, cant", "508.1c", "what the affected creature can't do "
                        "(attack, block, activate)", "ce que la créature affectée ne peut pas "
                        "faire (attaquer, bloquer, activer)",
                        "{kind: static, text: \"Enchanted creature can't attack or block.\", "
                        "static: {restriction: {affects: enchanted_creature, cant: [attack, "
                        "block]}}}"),
    "continuous": Word("affects, while, and what it does (see Continuous effects)", "611.3",
                       "a continuous effect that applies to whatever it affects at each "
                       "moment: anthems, \"enchanted creature gets\", \"loses all "
                       "abilities\"", "un effet continu qui s'applique à ce qu'il affecte à "
                       "chaque instant : renforts, « la créature enchantée gagne », « perd "
                       "toutes ses capacités »",
                       "{kind: static, text: \"Creatures you control get +1/+1.\", static: "
                       "{continuous: {affects: {types: [creature], controller: you}, power: 1, "
                       "toughness: 1}}}"),
}


def _keyword(word: str, rule: str, fr: str, example: str | None = None) -> Word:
    return Word("", rule, f"the keyword {word}", f"le mot-clé {fr}",
                example or f"{{keyword: {word}}}")


#: Keyword abilities (702): ``{keyword: <word>}``.
KEYWORD_WORDS: dict[str, Word] = {
    "flash": _keyword("flash", "702.8a", "flash"),
    "haste": _keyword("haste", "702.10a", "célérité"),
    "first strike": _keyword("first strike", "702.7a", "initiative"),
    "double strike": _keyword("double strike", "702.4a", "double initiative"),
    "vigilance": _keyword("vigilance", "702.20a", "vigilance"),
    "lifelink": _keyword("lifelink", "702.15a", "lien de vie"),
    "defender": _keyword("defender", "702.3a", "défenseur"),
    "trample": _keyword("trample", "702.19a", "piétinement"),
    "flying": _keyword("flying", "702.9a", "vol"),
    "deathtouch": _keyword("deathtouch", "702.2a", "contact mortel"),
    "reach": _keyword("reach", "702.17a", "portée"),
    "menace": _keyword("menace", "702.111a", "menace"),
    "indestructible": _keyword("indestructible", "702.12a", "indestructible"),
    "hexproof": _keyword("hexproof", "702.11a", "défense talismanique"),
    "prowess": _keyword("prowess", "702.108a", "prouesse"),
    "equip": _keyword("equip", "702.6a", "équipement", "{keyword: equip, cost: \"{2}\"}"),
    "cascade": _keyword("cascade", "702.85a", "cascade"),
    "hideaway": _keyword("hideaway", "702.75a", "cachette", "{keyword: hideaway, n: 4}"),
    "enchant": _keyword("enchant", "702.5a", "enchanter", "{keyword: enchant, enchant: "
                        "creature}"),
    "protection": _keyword("protection", "702.16a", "protection", "{keyword: protection, "
                           "from: red}"),
}
