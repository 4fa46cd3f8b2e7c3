"""The log's messages in English and French. French follows the official terms
(mtgrules/rulings/glossary_en_fr.csv): la pile, capacité déclenchée, se déclenche une fois de
plus, valeur de mana, blessures, champ de bataille, cimetière, exil."""

from __future__ import annotations

MESSAGES: dict[str, tuple[str, str]] = {
    "passes": ("{player} passes priority.", "{player} passe la priorité."),
    "all_pass": ("All players have passed in succession.",
                 "Tous les joueurs ont passé la priorité successivement."),
    "cast": ("{player} casts {card} ({id}); targets: {targets}; mana value {mv}.",
             "{player} lance {card} ({id}) ; cibles : {targets} ; valeur de mana {mv}."),
    "cast_x": ("{player} casts {card} ({id}) with X={x}; targets: {targets}; mana value {mv}.",
               "{player} lance {card} ({id}) avec X={x} ; cibles : {targets} ; valeur de mana "
               "{mv}."),
    "activated": ("{player} activates an ability of {source} ({id}); targets: {targets}.",
                  "{player} active une capacité : {source} ({id}) ; cibles : {targets}."),
    "activated_x": ("{player} activates an ability of {source} ({id}) with X={x}; targets: "
                    "{targets}.",
                    "{player} active une capacité : {source} ({id}) avec X={x} ; cibles : "
                    "{targets}."),
    "paid_mana": ("{player} pays {cost}.", "{player} paie {cost}."),
    "triggers": ("{source}'s {ability} triggers ({event}).",
                 "{source} : la {ability} se déclenche ({event})."),
    "triggers_more": ("{source}'s {ability} triggers {count} times ({event}): one more time for "
                      "each of {added_by}.",
                      "{source} : la {ability} se déclenche {count} fois ({event}) : "
                      "une fois de plus pour chacun de ces effets : {added_by}."),
    "ordered_triggers": ("{player} puts their triggered abilities on the stack in this order "
                         "(first = bottom): {order}.",
                         "{player} met ses capacités déclenchées sur la pile dans cet ordre "
                         "(la première tout en bas) : {order}."),
    "trigger_on_stack": ("{source}'s triggered ability goes on the stack as {id}; targets: "
                         "{targets}.",
                         "{source} : la capacité déclenchée est mise sur la pile ({id}) ; "
                         "cibles : {targets}."),
    "trigger_removed": ("{source}'s triggered ability has no legal target and is removed from "
                        "the stack.",
                        "{source} : la capacité déclenchée n'a pas de cible légale et est "
                        "retirée de la pile."),
    "resolves": ("{id} ({source}, {kind}) resolves.", "{id} ({source}, {kind}) se résout."),
    "fizzles": ("{id} ({source}) doesn't resolve: all its targets are illegal.",
                "{id} ({source}) ne se résout pas : toutes ses cibles sont illégales."),
    "declined": ("{id} ({source}): its controller chooses not to.",
                 "{id} ({source}) : son contrôleur choisit de ne pas le faire."),
    "paid_optional": ("{player} pays {cost} for {id}.", "{player} paie {cost} pour {id}."),
    "not_paid": ("{player} doesn't pay {cost} for {id}.",
                 "{player} ne paie pas {cost} pour {id}."),
    "damage": ("{source} deals {n} damage to {to}.", "{source} inflige {n} blessures à {to}."),
    "gains_life": ("{player} gains {n} life.", "{player} gagne {n} point(s) de vie."),
    "loses_life": ("{player} loses {n} life.", "{player} perd {n} point(s) de vie."),
    "draws": ("{player} draws a card.", "{player} pioche une carte."),
    "tapped": ("{obj} ({id}) becomes tapped.", "{obj} ({id}) est engagé."),
    "untapped": ("{obj} ({id}) becomes untapped.", "{obj} ({id}) est dégagé."),
    "countered": ("{id} ({source}) is countered.", "{id} ({source}) est contrecarré."),
    "attached": ("{obj} becomes attached to {to} ({to_id}).",
                 "{obj} est attaché à {to} ({to_id})."),
    "attach_failed": ("{id}: nothing is attached.", "{id} : rien n'est attaché."),
    "pumped": ("{obj} ({id}) gets {p}/{t} until end of turn.",
               "{obj} ({id}) gagne {p}/{t} jusqu'à la fin du tour."),
    "animated": ("{obj} ({id}) becomes a {pt} creature until end of turn.",
                 "{obj} ({id}) devient une créature {pt} jusqu'à la fin du tour."),
    "counters_added": ("{n} {counter} counter(s) on {obj} ({id}).",
                       "{n} marqueur(s) {counter} sur {obj} ({id})."),
    "token_created": ("{player} creates a {obj} token ({id}).",
                      "{player} crée un jeton {obj} ({id})."),
    "mana_added": ("{player} adds {mana}.", "{player} ajoute {mana}."),
    "linked_exile": ("{id} is exiled by a linked ability ({n} card(s) linked so far).",
                     "{id} est exilé par une capacité liée ({n} carte(s) liée(s) jusqu'ici)."),
    "condition_false": ("{id}: the condition isn't met, so nothing happens.",
                        "{id} : la condition n'est pas remplie, rien ne se passe."),
    "cant_be_copied": ("{id} ({source}) can't be copied.",
                       "{id} ({source}) ne peut pas être copiée."),
    "copy_created": ("A copy of {original} goes on the stack as {id}, with the same source "
                     "({source}); targets: {targets}; X={x}.",
                     "Une copie de {original} est mise sur la pile ({id}), avec la même source "
                     "({source}) ; cibles : {targets} ; X={x}."),
    "new_target": ("{id}: new target {new} instead of {old}.",
                   "{id} : nouvelle cible {new} à la place de {old}."),
    "cascade_reveal": ("Cascade exiles {card} ({id}) {face}: mana value {mv} (needs less than "
                       "{limit}).",
                       "La cascade exile {card} ({id}) {face} : valeur de mana {mv} "
                       "(il faut moins de {limit})."),
    "cant_cast": ("{id} can't be cast ({why}), so it isn't.",
                  "{id} ne peut pas être lancé ({why}) : il ne l'est donc pas."),
    "cant_play": ("{id} can't be played ({why}), so it isn't.",
                  "{id} ne peut pas être joué ({why}) : il ne l'est donc pas."),
    "cascade_declined": ("{id} is not cast.", "{id} n'est pas lancé."),
    "cascade_bottom": ("{n} exiled card(s) go to the bottom of the library in a random order.",
                       "{n} carte(s) exilée(s) vont au-dessous de la bibliothèque dans un ordre "
                       "aléatoire."),
    "sba": ("State-based action: {obj} ({id}) is put into the graveyard: {why}.",
            "Action basée sur un état : {obj} ({id}) est mis au cimetière : {why}."),
    "loses": ("{player} has 0 or less life and loses the game.",
              "{player} a 0 point de vie ou moins et perd la partie."),
    "token_ceases": ("The token {id} ceases to exist.", "Le jeton {id} cesse d'exister."),
    "unattached": ("{obj} ({id}) becomes unattached.", "{obj} ({id}) n'est plus attaché."),
    "step": ("Turn {turn} ({player}): {step}.", "Tour {turn} ({player}) : {step}."),
    "cleanup": ("Cleanup: damage wears off and 'until end of turn' effects end.",
                "Nettoyage : les blessures disparaissent et les effets « jusqu'à la fin du "
                "tour » prennent fin."),
    "dies": ("{obj} ({id}) dies.", "{obj} ({id}) meurt."),
    "moved": ("{obj} ({id}) moves from {from_zone} to {to_zone}.",
              "{obj} ({id}) passe {from_zone} {to_zone}."),
    "to_bottom": ("{obj} ({id}) goes from {from_zone} to the bottom of its owner's library.",
                  "{obj} ({id}) passe {from_zone} au-dessous de la bibliothèque de son "
                  "propriétaire."),
    "exiled_face_down": ("{id} is exiled face down.", "{id} est exilé face cachée."),
    "sacrificed": ("{player} sacrifices {obj} ({id}).", "{player} sacrifie {obj} ({id})."),
    "enters_as_copy": ("{obj} ({id}) enters as a copy of {copied} ({copied_id}).",
                       "{obj} ({id}) arrive en tant que copie de {copied} ({copied_id})."),
    "enters_with_loyalty": ("{obj} enters with {n} loyalty counters.",
                            "{obj} arrive avec {n} marqueurs « loyauté »."),
    "enters_with_counters": ("{obj} enters with {n} {counter} counter(s).",
                             "{obj} arrive avec {n} marqueur(s) {counter}."),
    "ev_dies": ("{obj} died", "{obj} est mort"),
    "ev_enters": ("{obj} entered", "{obj} est arrivé"),
    "ev_leaves": ("{obj} left the battlefield", "{obj} a quitté le champ de bataille"),
    "ev_moved_graveyard": ("{obj} was put into a graveyard", "{obj} a été mis dans un cimetière"),
    "ev_moved": ("{obj} changed zones", "{obj} a changé de zone"),
}

WORDS: dict[str, tuple[str, str]] = {
    "none": ("none", "aucune"),
    "yes": ("yes", "oui"),
    "no": ("no", "non"),
}

#: Zone names as they read after "from" and "to": English (from, to), French (from, to).
ZONE_NAMES: dict[str, tuple[str, str, str, str]] = {
    "library": ("the library", "the library", "de la bibliothèque", "dans la bibliothèque"),
    "hand": ("the hand", "the hand", "de la main", "dans la main"),
    "battlefield": ("the battlefield", "the battlefield", "du champ de bataille",
                    "sur le champ de bataille"),
    "graveyard": ("the graveyard", "the graveyard", "du cimetière", "au cimetière"),
    "stack": ("the stack", "the stack", "de la pile", "sur la pile"),
    "exile": ("exile", "exile", "de l'exil", "en exil"),
    "command": ("the command zone", "the command zone", "de la zone de commandement",
                "dans la zone de commandement"),
    "outside": ("outside the game", "outside the game", "de l'extérieur de la partie",
                "hors de la partie"),
}

#: Steps and phases (500.1), as the log names them.
STEP_NAMES: dict[str, tuple[str, str]] = {
    "untap": ("untap step", "étape de dégagement"),
    "upkeep": ("upkeep step", "étape d'entretien"),
    "draw": ("draw step", "étape de pioche"),
    "main1": ("precombat main phase", "première phase principale"),
    "combat": ("combat phase", "phase de combat"),
    "main2": ("postcombat main phase", "seconde phase principale"),
    "end": ("end step", "étape de fin"),
    "cleanup": ("cleanup step", "étape de nettoyage"),
}
