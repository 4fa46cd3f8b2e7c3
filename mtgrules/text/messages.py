"""The log's messages in English and French. French follows the official terms
(mtgrules/rulings/glossary_en_fr.csv): la pile, capacité déclenchée, se déclenche une fois de
plus, valeur de mana, blessures, champ de bataille, cimetière, exil."""

from __future__ import annotations

from .plural import Plural

MESSAGES: dict[str, tuple[str | Plural, str | Plural]] = {
    "passes": ("{player} passes priority.", "{player} passe la priorité."),
    "all_pass": ("All players have passed in succession.",
                 "Tous les joueurs ont passé la priorité successivement."),
    "cast": ("{player} casts {card} ({id}); targets: {targets}; mana value {mv}.",
             "{player} lance {card:le} ({id}) ; cibles : {targets} ; valeur de mana {mv}."),
    "cast_x": ("{player} casts {card} ({id}) with X={x}; targets: {targets}; mana value {mv}.",
               "{player} lance {card:le} ({id}) avec X={x} ; cibles : {targets} ; valeur de "
               "mana {mv}."),
    "activated": ("{player} activates an ability of {source} ({id}); targets: {targets}.",
                  "{player} active une capacité {source:de} ({id}) ; cibles : {targets}."),
    "activated_x": ("{player} activates an ability of {source} ({id}) with X={x}; targets: "
                    "{targets}.",
                    "{player} active une capacité {source:de} ({id}) avec X={x} ; cibles : "
                    "{targets}."),
    "paid_mana": ("{player} pays {cost}.", "{player} paie {cost}."),
    "paid_zero": ("{player} pays {{0}}: a cost of {{0}} takes no mana; acknowledging the "
                  "payment is enough.",
                  "{player} paie {{0}} : un coût de {{0}} ne demande aucun mana ; il suffit de "
                  "reconnaître le payer."),
    "triggers": ("{source} ({id}): its {ability} triggers ({event}).",
                 "{source:Le} ({id}) : {source:sa} {ability} se déclenche ({event})."),
    "triggers_more": ("{source} ({id}): its {ability} triggers {count} times ({event}): one more "
                      "time for each of {added_by}.",
                      "{source:Le} ({id}) : {source:sa} {ability} se déclenche {count} fois "
                      "({event}) : une fois de plus pour chacun de ces effets : {added_by}."),
    "ordered_triggers": ("{player} puts their triggered abilities on the stack in this order "
                         "(first = bottom): {order}.",
                         "{player} met ses capacités déclenchées sur la pile dans cet ordre "
                         "(la première tout en bas) : {order}."),
    "trigger_on_stack": ("{source} ({source_id}): its {ability} goes on the stack as {id}; "
                         "targets: {targets}.",
                         "{source:Le} ({source_id}) : {source:sa} {ability} est mise sur la pile "
                         "({id}) ; cibles : {targets}."),
    "trigger_removed": ("{source} ({source_id}): its triggered ability has no legal target and "
                        "is removed from the stack.",
                        "{source:Le} ({source_id}) : {source:sa} capacité déclenchée n'a pas de "
                        "cible légale et est retirée de la pile."),
    "resolves": ("{id} ({source}, {kind}) resolves.", "{id} ({source}, {kind}) se résout."),
    "fizzles": ("{id} ({source}) doesn't resolve: all its targets are illegal.",
                "{id} ({source}) ne se résout pas : toutes ses cibles sont illégales."),
    "declined": ("{id} ({source}): its controller chooses not to.",
                 "{id} ({source}) : son contrôleur choisit de ne pas le faire."),
    "paid_optional": ("{player} pays {cost} for {id}.", "{player} paie {cost} pour {id}."),
    "not_paid": ("{player} doesn't pay {cost} for {id}.",
                 "{player} ne paie pas {cost} pour {id}."),
    "damage": ("{source} ({id}) deals {n} damage to {to}.",
               Plural(one="{source:Le} ({id}) {source:inflige|infligent} {n} blessure {to:à}.",
                      other="{source:Le} ({id}) {source:inflige|infligent} {n} blessures "
                            "{to:à}.")),
    "loyalty_damage": ("Damage dealt to a planeswalker removes that many loyalty counters: "
                       "{n} removed from {obj} ({id}), {left} left.",
                       Plural(one="Les blessures infligées à un planeswalker lui retirent autant "
                                  "de marqueurs « loyauté » : {n} retiré {obj:de} ({id}), il en "
                                  "reste {left}.",
                              other="Les blessures infligées à un planeswalker lui retirent "
                                    "autant de marqueurs « loyauté » : {n} retirés {obj:de} "
                                    "({id}), il en reste {left}.")),
    "leaves_game": ("{player} has lost and leaves the game; the others play on.",
                    "{player} a perdu et quitte la partie ; les autres joueurs continuent."),
    "left_with_owner": ("{obj} ({id}) leaves the game with its owner.",
                        "{obj:Le} ({id}) {obj:quitte|quittent} la partie avec {obj:son} "
                        "propriétaire."),
    "control_ends_left": ("The effect that gave {player} control of {obj} ({id}) ends.",
                          "L'effet qui donnait à {player} le contrôle {obj:de} ({id}) prend "
                          "fin."),
    "others_left": (Plural(one="{n} other object {player} owns (in a hand, library, graveyard "
                               "or exile) leaves the game too.",
                           other="{n} other objects {player} owns (in a hand, library, "
                                 "graveyard or exile) leave the game too."),
                    Plural(one="{n} autre objet dont {player} est propriétaire (dans une main, "
                               "une bibliothèque, un cimetière ou en exil) quitte aussi la "
                               "partie.",
                           other="{n} autres objets dont {player} est propriétaire (dans une "
                                 "main, une bibliothèque, un cimetière ou en exil) quittent "
                                 "aussi la partie.")),
    "no_damage_to_left": ("{source} ({id}) assigns no combat damage to {player}, who left the "
                          "game.",
                          "{source:Le} ({id}) {source:n'assigne|n'assignent} aucune blessure de "
                          "combat à {player}, qui a quitté la partie."),
    "ceases_left": ("{id} ({source}) ceases to exist: its controller left the game.",
                    "{id} ({source}) cesse d'exister : son contrôleur a quitté la partie."),
    "cleanup_priority": ("State-based actions were performed or abilities triggered in the "
                         "cleanup step: the active player gets priority, and another cleanup "
                         "step will follow.",
                         "Des actions basées sur un état ont été effectuées ou des capacités se "
                         "sont déclenchées pendant l'étape de nettoyage : le joueur actif reçoit "
                         "la priorité, et une autre étape de nettoyage suivra."),
    "cleanup_again": ("Another cleanup step begins (players received priority in this one).",
                      "Une autre étape de nettoyage commence (les joueurs ont reçu la priorité "
                      "pendant celle-ci)."),
    "gains_life": ("{player} gains {n} life.",
                   Plural(one="{player} gagne {n} point de vie.",
                          other="{player} gagne {n} points de vie.")),
    "loses_life": ("{player} loses {n} life.",
                   Plural(one="{player} perd {n} point de vie.",
                          other="{player} perd {n} points de vie.")),
    "draws": ("{player} draws a card.", "{player} pioche une carte."),
    "draw_from_empty_library": ("{player} tries to draw a card from an empty library.",
                                "{player} tente de piocher une carte dans une bibliothèque "
                                "vide."),
    "draws_unlisted": ("{player} draws a card (the scenario doesn't list their library: no card "
                       "is shown).",
                       "{player} pioche une carte (le scénario ne décrit pas sa bibliothèque : "
                       "aucune carte n'est montrée)."),
    "loses_empty_library": ("{player} tried to draw from an empty library and loses the game.",
                            "{player} a tenté de piocher dans une bibliothèque vide et perd la "
                            "partie."),
    "tapped": ("{obj} ({id}) becomes tapped.",
               "{obj:Le} ({id}) {obj:est engagé|est engagée|sont engagés|sont engagées}."),
    "untapped": ("{obj} ({id}) becomes untapped.",
                 "{obj:Le} ({id}) {obj:est dégagé|est dégagée|sont dégagés|sont dégagées}."),
    "countered": ("{id} ({source}) is countered.", "{id} ({source}) est contrecarré."),
    "attached": ("{obj} ({id}) becomes attached to {to} ({to_id}).",
                 "{obj:Le} ({id}) {obj:est attaché|est attachée|sont attachés|sont attachées} "
                 "{to:à} ({to_id})."),
    "aura_no_host": ("{obj} ({id}) can't enter the battlefield: there is nothing it could "
                     "enchant, so it goes to its owner's graveyard instead.",
                     "{obj:Le} ({id}) ne {obj:peut|peuvent} pas arriver sur le champ de "
                     "bataille : il n'y a rien {obj:qu'il puisse|qu'elle puisse|qu'ils puissent|"
                     "qu'elles puissent} enchanter, {obj:il va|elle va|ils vont|elles vont} donc "
                     "dans le cimetière de {obj:son|son|leur|leur} propriétaire à la place."),
    "aura_stays": ("{obj} ({id}) stays in {zone}: there is nothing it could enchant.",
                   "{obj:Le} ({id}) {obj:reste|restent} {zone} : il n'y a rien "
                   "{obj:qu'il puisse|qu'elle puisse|qu'ils puissent|qu'elles puissent} "
                   "enchanter."),
    "attach_failed": ("{id}: nothing is attached.", "{id} : rien n'est attaché."),
    "pumped": ("{obj} ({id}) gets {p}/{t} until end of turn.",
               "{obj:Le} ({id}) {obj:gagne|gagnent} {p}/{t} jusqu'à la fin du tour."),
    "counters_annihilate": (
        Plural(one="{obj} ({id}) loses one +1/+1 counter and one -1/-1 counter.",
               other="{obj} ({id}) loses {n} +1/+1 counters and {n} -1/-1 counters."),
        Plural(one="{obj:Le} ({id}) {obj:perd|perdent} un marqueur +1/+1 et un marqueur -1/-1.",
               other="{obj:Le} ({id}) {obj:perd|perdent} {n} marqueurs +1/+1 et {n} marqueurs "
                      "-1/-1.")),
    # {until}: " until end of turn", or nothing for an effect with no end (611.2a)
    "continuous_effect": ("{obj} ({id}): {what}{until}.",
                          "{obj:Le} ({id}) : {what}{until}."),
    "animated": ("{obj} ({id}) becomes a {pt} creature until end of turn.",
                 "{obj:Le} ({id}) {obj:devient|deviennent} une créature {pt} jusqu'à la fin du "
                 "tour."),
    "counters_removed": (Plural(one="{n} {counter} counter removed from {obj} ({id}).",
                                other="{n} {counter} counters removed from {obj} ({id})."),
                         Plural(one="{n} marqueur {counter} retiré {obj:de} ({id}).",
                                other="{n} marqueurs {counter} retirés {obj:de} ({id}).")),
    "trigger_condition_false": ("{source} ({id}): its condition is false, so its ability doesn't "
                                "trigger ({event}).",
                                "{source:le} ({id}) : {source:sa} condition est fausse, "
                                "{source:sa} capacité ne se déclenche pas ({event})."),
    "condition_false_on_resolution": ("{id}: its condition is no longer true; it is removed "
                                      "from the stack and does nothing.",
                                      "{id} : sa condition n'est plus vraie ; elle est retirée "
                                      "de la pile et ne fait rien."),
    "paid_unless": ("{player} pays {cost}: {id} does nothing.",
                    "{player} paie {cost} : {id} ne fait rien."),
    "not_paid_unless": ("{player} doesn't pay {cost}.", "{player} ne paie pas {cost}."),
    "counters_added": (Plural(one="{n} {counter} counter is put on {obj} ({id}).",
                              other="{n} {counter} counters are put on {obj} ({id})."),
                       Plural(one="{n} marqueur {counter} est mis sur {obj:le} ({id}).",
                              other="{n} marqueurs {counter} sont mis sur {obj:le} ({id}).")),
    "token_created": ("{player} creates {a} {obj} token ({id}) on the battlefield.",
                      "{player} crée un jeton {obj} ({id}) sur le champ de bataille."),
    "token_copy_created": ("{player} creates a token ({id}) that's a copy of {copied} "
                           "({copied_id}).",
                           "{player} crée un jeton ({id}) qui est une copie {copied:de} "
                           "({copied_id})."),
    "token_copy_created_except": ("{player} creates a token ({id}) that's a copy of {copied} "
                                  "({copied_id}), except: {exceptions}.",
                                  "{player} crée un jeton ({id}) qui est une copie {copied:de} "
                                  "({copied_id}), à ces exceptions près : {exceptions}."),
    "mana_added": ("{player} adds {mana} ({source}).", "{player} ajoute {mana} ({source})."),
    "mode_chosen": ("{id}: mode {n} chosen, \"{text}\".", "{id} : mode {n} choisi, « {text} »."),
    "mode_copied": ("{id} has the same mode as the original: mode {n}, \"{text}\".",
                    "{id} a le même mode que l'originale : mode {n}, « {text} »."),
    "loyalty_paid": ("{obj} ({id}) pays its loyalty cost {n}: {left} loyalty left.",
                     "{obj:Le} ({id}) {obj:paie|paient} {obj:son} coût de loyauté {n} : il reste "
                     "{left} de loyauté."),
    "linked_exile": (Plural(one="{obj} ({id}) is exiled by a linked ability ({n} card linked so "
                                "far).",
                            other="{obj} ({id}) is exiled by a linked ability ({n} cards linked "
                                  "so far)."),
                     Plural(one="{obj:Le} ({id}) {obj:est exilé|est exilée|sont exilés|"
                                "sont exilées} par une capacité liée ({n} carte liée jusqu'ici).",
                            other="{obj:Le} ({id}) {obj:est exilé|est exilée|sont exilés|"
                                  "sont exilées} par une capacité liée ({n} cartes liées "
                                  "jusqu'ici).")),
    "condition_false": ("{id}: the condition isn't met, so nothing happens.",
                        "{id} : la condition n'est pas remplie, rien ne se passe."),
    "cant_be_copied": ("{id} ({source}) can't be copied.",
                       "{id} ({source}) ne peut pas être copiée."),
    "copy_created": ("A copy of {original} goes on the stack as {id}, with the same source "
                     "({source}); targets: {targets}.",
                     "Une copie de {original} est mise sur la pile ({id}), avec la même source "
                     "({source}) ; cibles : {targets}."),
    "copy_created_x": ("A copy of {original} goes on the stack as {id}, with the same source "
                       "({source}); targets: {targets}; X={x}.",
                       "Une copie de {original} est mise sur la pile ({id}), avec la même "
                       "source ({source}) ; cibles : {targets} ; X={x}."),
    "new_target": ("{id}: new target {new} instead of {old}.",
                   "{id} cible désormais {new:le} à la place {old:de}."),
    "cascade_reveal": ("Cascade exiles {card} ({id}) {face}: {kind}, mana value {mv} (it needs "
                       "a nonland card of mana value less than {limit}).",
                       "La cascade exile {card:le} ({id}) {face} : {kind}, valeur de mana {mv} "
                       "(il faut une carte non-terrain de valeur de mana inférieure à "
                       "{limit})."),
    "cant_cast": ("{card} ({id}) can't be cast ({why}), so it isn't.",
                  "{card:Le} ({id}) {card:ne peut|ne peut|ne peuvent|ne peuvent} pas être "
                  "{card:lancé|lancée|lancés|lancées} ({why}) : "
                  "{card:il|elle|ils|elles} {card:n'est|n'est|ne sont|ne sont} donc pas "
                  "{card:lancé|lancée|lancés|lancées}."),
    "cant_play": ("{card} ({id}) can't be played ({why}), so it isn't.",
                  "{card:Le} ({id}) {card:ne peut|ne peut|ne peuvent|ne peuvent} pas être "
                  "{card:joué|jouée|joués|jouées} ({why}) : "
                  "{card:il|elle|ils|elles} {card:n'est|n'est|ne sont|ne sont} donc pas "
                  "{card:joué|jouée|joués|jouées}."),
    "cascade_declined": ("{card} ({id}) is not cast.",
                         "{card:Le} ({id}) {card:n'est|n'est|ne sont|ne sont} pas "
                         "{card:lancé|lancée|lancés|lancées}."),
    "cascade_bottom": (Plural(one="{n} exiled card goes to the bottom of the library in a random "
                                  "order.",
                              other="{n} exiled cards go to the bottom of the library in a random "
                                    "order."),
                       Plural(one="{n} carte exilée va au-dessous de la bibliothèque dans un "
                                  "ordre aléatoire.",
                              other="{n} cartes exilées vont au-dessous de la bibliothèque dans "
                                    "un ordre aléatoire.")),
    "sba": ("State-based action: {obj} ({id}) is put into the graveyard: {why}.",
            "Action basée sur un état : {obj:le} ({id}) "
            "{obj:est mis|est mise|sont mis|sont mises} au cimetière : {why}."),
    # 613.8: why a continuous effect applied out of timestamp order (the board says it short)
    "dependency_gone": (
        "The effect of {effect} depends on that of {other} (613.8a): that of {other} applied "
        "first, although its timestamp is later, and that of {effect} then no longer exists.",
        "L'effet {effect:de} dépend de celui {other:de} (613.8a) : celui {other:de} s'est "
        "appliqué d'abord, bien que plus récent, et celui {effect:de} n'existe alors plus."),
    "dependency_existence": (
        "The effect of {effect} applied after that of {other}, out of timestamp order: applying "
        "that of {other} would change whether it exists, so it depends on it (613.8a-b).",
        "L'effet {effect:de} s'est appliqué après celui {other:de}, hors de l'ordre "
        "d'horodatage : appliquer celui {other:de} changerait l'existence du premier, qui en "
        "dépend donc (613.8a-b)."),
    "dependency_applies_to": (
        "The effect of {effect} applied after that of {other}, out of timestamp order: applying "
        "that of {other} would change what it applies to, so it depends on it (613.8a-b).",
        "L'effet {effect:de} s'est appliqué après celui {other:de}, hors de l'ordre "
        "d'horodatage : appliquer celui {other:de} changerait ce à quoi s'applique le premier, "
        "qui en dépend donc (613.8a-b)."),
    "dependency_does": (
        "The effect of {effect} applied after that of {other}, out of timestamp order: applying "
        "that of {other} would change what it does, so it depends on it (613.8a-b).",
        "L'effet {effect:de} s'est appliqué après celui {other:de}, hors de l'ordre "
        "d'horodatage : appliquer celui {other:de} changerait ce que fait le premier, qui en "
        "dépend donc (613.8a-b)."),
    "dependency_loop": (
        "The effects of {effect} and {other} depend on each other: a dependency loop, applied "
        "in timestamp order (613.8b).",
        "Les effets {effect:de} et {other:de} dépendent l'un de l'autre : une boucle de "
        "dépendance, appliquée dans l'ordre d'horodatage (613.8b)."),
    "dependency_gone_short": (
        "{other} first: the effect of {effect} depends on it, then no longer exists (613.8a)",
        "{other:Le} d'abord : l'effet {effect:de} en dépend, puis n'existe plus (613.8a)"),
    "dependency_existence_short": (
        "{other} first: the effect of {effect} depends on it to exist (613.8a)",
        "{other:Le} d'abord : l'effet {effect:de} en dépend pour exister (613.8a)"),
    "dependency_applies_to_short": (
        "{other} first: the effect of {effect} depends on it for what it applies to (613.8a)",
        "{other:Le} d'abord : l'effet {effect:de} en dépend pour ce à quoi il s'applique "
        "(613.8a)"),
    "dependency_does_short": (
        "{other} first: the effect of {effect} depends on it for what it does (613.8a)",
        "{other:Le} d'abord : l'effet {effect:de} en dépend pour ce qu'il fait (613.8a)"),
    "dependency_loop_short": (
        "{effect} and {other} depend on each other: a loop, timestamp order (613.8b)",
        "{effect:Le} et {other:le} dépendent l'un de l'autre : une boucle, ordre d'horodatage "
        "(613.8b)"),
    "wins": ("{player} wins the game: every opponent has lost.",
             "{player} gagne la partie : tous ses adversaires ont perdu."),
    "game_draw": ("The game is a draw: all the players still in it lost at the same time.",
                  "La partie est nulle : tous les joueurs encore dans la partie ont perdu en "
                  "même temps."),
    "loses": ("{player} has 0 or less life and loses the game.",
              "{player} a 0 point de vie ou moins et perd la partie."),
    "token_ceases": ("The token {obj} ({id}) ceases to exist.",
                     "Le jeton {obj} ({id}) cesse d'exister."),
    "reference_lost": ("{obj} ({id}) has changed zones since it was referred to: it is a new "
                       "object, which the instruction no longer refers to; nothing happens to "
                       "it.",
                       "{obj:Le} ({id}) {obj:a|a|ont|ont} changé de zone depuis qu'on s'y est "
                       "référé : c'est un nouvel objet, auquel l'instruction ne se réfère plus ; "
                       "rien ne lui arrive."),
    "reference_gone": ("The token {obj} ({id}) has ceased to exist: the instruction finds "
                       "nothing, and nothing happens.",
                       "Le jeton {obj} ({id}) a cessé d'exister : l'instruction ne trouve rien, "
                       "et rien ne se passe."),
    "token_stays": ("The token {id} has left the battlefield: it can't move again.",
                    "Le jeton {id} a quitté le champ de bataille : il ne peut plus changer de "
                    "zone."),
    "host_came_back": ("{obj} ({id}) is attached to nothing now: {host} ({host_id}) left the "
                       "battlefield, and came back as a new object.",
                       "{obj:Le} ({id}) {obj:n'est plus attaché|n'est plus attachée|"
                       "ne sont plus attachés|ne sont plus attachées} à rien : {host:le} "
                       "({host_id}) {host:a|ont} quitté le champ de bataille, et y "
                       "{host:est revenu|est revenue|sont revenus|sont revenues} comme un "
                       "nouvel objet."),
    "unattached": ("{obj} ({id}) becomes unattached.",
                   "{obj:Le} ({id}) {obj:n'est plus attaché|n'est plus attachée|"
                   "ne sont plus attachés|ne sont plus attachées}."),
    "step": ("Turn {turn} ({player}): {step}.", "Tour {turn} ({player}) : {step}."),
    "discards": ("{player} discards {obj} ({id}): more than seven cards in hand.",
                 "{player} se défausse {obj:de} ({id}) : plus de sept cartes en main."),
    "cleanup": ("Cleanup: damage wears off and 'until end of turn' effects end.",
                "Nettoyage : les blessures disparaissent et les effets « jusqu'à la fin du "
                "tour » prennent fin."),
    "replaced_exile": ("Replacement ({source}): {obj} ({id}) is exiled instead of being put "
                       "into a graveyard.",
                       "Remplacement ({source}) : {obj:le} ({id}) "
                       "{obj:est exilé|est exilée|sont exilés|sont exilées} au lieu d'être "
                       "{obj:mis|mise|mis|mises} dans un cimetière."),
    "enters_tapped": ("{obj} ({id}) enters tapped ({source}).",
                      "{obj:Le} ({id}) {obj:arrive engagé|arrive engagée|arrivent engagés|"
                      "arrivent engagées} ({source})."),
    "replaced_counters": (Plural(one="Replacement ({source}): {n} {counter} counter on {obj} "
                                     "({id}) instead of {was}.",
                                 other="Replacement ({source}): {n} {counter} counters on "
                                       "{obj} ({id}) instead of {was}."),
                          Plural(one="Remplacement ({source}) : {n} marqueur {counter} sur "
                                     "{obj:le} ({id}) au lieu de {was}.",
                                 other="Remplacement ({source}) : {n} marqueurs {counter} sur "
                                       "{obj:le} ({id}) au lieu de {was}.")),
    "replaced_tokens": (Plural(one="Replacement ({source}): {n} {obj} token is created instead "
                                   "of {was}.",
                               other="Replacement ({source}): {n} {obj} tokens are created "
                                     "instead of {was}."),
                        Plural(one="Remplacement ({source}) : {n} jeton {obj} est créé au lieu "
                                   "de {was}.",
                               other="Remplacement ({source}) : {n} jetons {obj} sont créés "
                                     "au lieu de {was}.")),
    "replaced_life": ("Replacement ({source}): {player} gains {n} life instead of {was}.",
                      Plural(one="Remplacement ({source}) : {player} gagne {n} point de vie "
                                 "au lieu de {was}.",
                             other="Remplacement ({source}) : {player} gagne {n} points de "
                                   "vie au lieu de {was}.")),
    "replaced_damage": ("Replacement ({source}): {n} damage to {to} instead of {was}.",
                        Plural(one="Remplacement ({source}) : {n} blessure {to:à} au lieu de "
                                   "{was}.",
                               other="Remplacement ({source}) : {n} blessures {to:à} au lieu "
                                     "de {was}.")),
    "prevented": ("Prevention ({source}): {n} damage {by} would deal to {to} is prevented.",
                  Plural(one="Prévention ({source}) : {n} blessure qui serait infligée "
                             "{to:à} par {by:le} est prévenue.",
                         other="Prévention ({source}) : {n} blessures qui seraient infligées "
                               "{to:à} par {by:le} sont prévenues.")),
    # 614.11, 614.6: a complete sentence; the lines after it tell what its effect did
    "replaced_draw": ("Replacement ({source}, {id}): {player} skips that draw (it never "
                      "happens) and the effect of {source} applies instead.",
                      "Remplacement ({source:le}, {id}) : {player} ne pioche pas cette carte "
                      "(cette pioche n'a jamais lieu) et l'effet {source:de} s'applique à la "
                      "place."),
    "self_replaced": ("Self-replacement ({source}): {change}.",
                      "Auto-remplacement ({source:le}) : {change}."),
    "ev_instead_damage": ("{n} damage to {to} instead of {was}",
                          Plural(one="{n} blessure {to:à} au lieu de {was}",
                                 other="{n} blessures {to:à} au lieu de {was}")),
    "ev_instead_draw": (Plural(one="{player} draws {n} card instead of {was}",
                               other="{player} draws {n} cards instead of {was}"),
                        Plural(one="{player} pioche {n} carte au lieu de {was}",
                               other="{player} pioche {n} cartes au lieu de {was}")),
    "ev_instead_life": ("{player} gains {n} life instead of {was}",
                        Plural(one="{player} gagne {n} point de vie au lieu de {was}",
                               other="{player} gagne {n} points de vie au lieu de {was}")),
    "ev_instead_tokens": (Plural(one="{n} {obj} token instead of {was}",
                                 other="{n} {obj} tokens instead of {was}"),
                          Plural(one="{n} jeton {obj} au lieu de {was}",
                                 other="{n} jetons {obj} au lieu de {was}")),
    "ev_instead_counters": (Plural(one="{n} {counter} counter on {obj} instead of {was}",
                                   other="{n} {counter} counters on {obj} instead of {was}"),
                            Plural(one="{n} marqueur {counter} sur {obj:le} au lieu de {was}",
                                   other="{n} marqueurs {counter} sur {obj:le} au lieu de "
                                         "{was}")),
    "protection_prevents": ("{obj} ({id}) has {ability}: {n} damage from {by} is prevented.",
                            Plural(one="{obj:Le} ({id}) {obj:a|a|ont|ont} {ability} : {n} blessure "
                                       "qui {obj:lui|lui|leur|leur} serait infligée par "
                                       "{by:le} est prévenue.",
                                   other="{obj:Le} ({id}) {obj:a|a|ont|ont} {ability} : {n} "
                                         "blessures "
                                         "qui {obj:lui|lui|leur|leur} seraient infligées par "
                                         "{by:le} sont prévenues.")),
    "color_chosen": ("{id}: {player} chooses {color}.", "{id} : {player} choisit {color}."),
    "shield_order": ("{player} has the prevention effect on {to} meet the damage in this order "
                     "(the first is prevented first): {sources}.",
                     "{player} fait rencontrer les blessures à l'effet de prévention qui protège "
                     "{to:le} dans cet ordre (les premières sont prévenues d'abord) : {sources}."),
    "shield_split": ("{player} has the prevention effect on {to} prevent {shares}.",
                     "{player} choisit que l'effet de prévention qui protège {to:le} prévienne "
                     "{shares}."),
    "replacement_order": ("{player} applies {source} ({id}) first to this event: {event}.",
                          "{player} applique d'abord {source:le} ({id}) à cet événement : "
                          "{event}."),
    "shield_all_combat": ("{source} ({id}): all combat damage that would be dealt this turn "
                          "will be prevented.",
                          "{source:Le} ({id}) : toutes les blessures de combat qui devraient "
                          "être infligées ce tour-ci seront prévenues."),
    "shield_all": ("{source} ({id}): all damage that would be dealt this turn will be "
                   "prevented.",
                   "{source:Le} ({id}) : toutes les blessures qui devraient être infligées ce "
                   "tour-ci seront prévenues."),
    "mana_lost": ("{player} loses unspent mana ({mana}): a mana pool empties as each step and "
                  "phase ends.",
                  "{player} perd du mana inutilisé ({mana}) : la réserve de mana se vide à la fin "
                  "de chaque étape et de chaque phase."),
    "shield_all_combat_to": ("{source} ({id}): all combat damage that would be dealt to {to} "
                             "this turn will be prevented.",
                             "{source:Le} ({id}) : toutes les blessures de combat qui devraient "
                             "être infligées {to:à} ce tour-ci seront prévenues."),
    "shield_all_to": ("{source} ({id}): all damage that would be dealt to {to} this turn will "
                      "be prevented.",
                      "{source:Le} ({id}) : toutes les blessures qui devraient être infligées "
                      "{to:à} ce tour-ci seront prévenues."),
    "copy_last_known": ("{source} ({id}) has left the stack: it is copied as it last existed "
                        "there, with every decision made for it.",
                        "{source:Le} ({id}) {source:a|ont} quitté la pile : la copie est faite "
                        "d'après {source:ses} dernières informations connues sur la pile, avec "
                        "tous les choix faits pour l'original."),
    "delayed_created": ("{source} creates a delayed triggered ability ({id}): {text}.",
                        "{source:Le} {source:crée|créent} une capacité déclenchée retardée "
                        "({id}) : {text}."),
    "delayed_created_refers": ("{source} creates a delayed triggered ability ({id}): {text}. "
                               "What it refers to, as it is now: {objs}.",
                               "{source:Le} {source:crée|créent} une capacité déclenchée retardée "
                               "({id}) : {text}. Ce à quoi elle se réfère, tel que c'est "
                               "maintenant : {objs}."),
    "delayed_triggers": ("The delayed triggered ability {id} of {source} triggers ({event}): "
                         "{text}. It won't trigger again.",
                         "La capacité déclenchée retardée {id} {source:de} se déclenche "
                         "({event}) : {text}. Elle ne se déclenchera plus."),
    "delayed_ends": ("The delayed triggered ability {id} of {source} ends with the turn without "
                     "having triggered ({text}): it lasted only this turn.",
                     "La capacité déclenchée retardée {id} {source:de} prend fin avec le tour "
                     "sans s'être déclenchée ({text}) : elle ne durait que ce tour-ci."),
    "shield_next": ("{source} ({id}): the next {n} damage that would be dealt to {to} this "
                    "turn will be prevented.",
                    Plural(one="{source:Le} ({id}) : la prochaine blessure qui devrait être "
                               "infligée {to:à} ce tour-ci sera prévenue.",
                           other="{source:Le} ({id}) : les {n} prochaines blessures qui "
                                 "devraient être infligées {to:à} ce tour-ci seront "
                                 "prévenues.")),
    "dies": ("{obj} ({id}) dies.", "{obj:Le} ({id}) {obj:meurt|meurent}."),
    "moved": ("{obj} ({id}) moves from {from_zone} to {to_zone}.",
              "{obj:Le} ({id}) {obj:passe|passent} {from_zone} {to_zone}."),
    "to_bottom": ("{obj} ({id}) goes from {from_zone} to the bottom of its owner's library.",
                  "{obj:Le} ({id}) {obj:passe|passent} {from_zone} au-dessous de la bibliothèque "
                  "de {obj:son} propriétaire."),
    "exiled_face_down": ("{obj} ({id}) is exiled face down.",
                         "{obj:Le} ({id}) {obj:est exilé|est exilée|sont exilés|sont exilées} "
                         "face cachée."),
    "sacrificed": ("{player} sacrifices {obj} ({id}).", "{player} sacrifie {obj:le} ({id})."),
    "enters_as_copy": ("{obj} ({id}) enters as a copy of {copied} ({copied_id}).",
                       "{obj:Le} ({id}) {obj:arrive|arrivent} en tant que copie {copied:de} "
                       "({copied_id})."),
    "enters_as_copy_except": ("{obj} ({id}) enters as a copy of {copied} ({copied_id}), "
                              "except: {exceptions}.",
                              "{obj:Le} ({id}) {obj:arrive|arrivent} en tant que copie "
                              "{copied:de} ({copied_id}), à ces exceptions près : "
                              "{exceptions}."),
    "enters_with_loyalty": (Plural(one="{obj} enters with {n} loyalty counter.",
                                   other="{obj} enters with {n} loyalty counters."),
                            Plural(one="{obj:Le} {obj:arrive|arrivent} avec {n} marqueur "
                                       "« loyauté ».",
                                   other="{obj:Le} {obj:arrive|arrivent} avec {n} marqueurs "
                                         "« loyauté ».")),
    "enters_with_counters": (Plural(one="{obj} enters with {n} {counter} counter.",
                                    other="{obj} enters with {n} {counter} counters."),
                             Plural(one="{obj:Le} {obj:arrive|arrivent} avec {n} marqueur "
                                        "{counter}.",
                                    other="{obj:Le} {obj:arrive|arrivent} avec {n} marqueurs "
                                          "{counter}.")),
    "attacks": ("{obj} attacks {defender}.",
                "{obj:Le} {obj:attaque|attaquent} {defender:le}."),
    "no_attackers": ("{player} declares no attackers.", "{player} ne déclare aucun attaquant."),
    "no_active_player": ("{player} has left the game: the turn goes on without an active "
                         "player, and no creature attacks.",
                         "{player} a quitté la partie : le tour continue sans joueur actif, et "
                         "aucune créature n'attaque."),
    "blocks": ("{obj} blocks {attacker}.", "{obj:Le} {obj:bloque|bloquent} {attacker:le}."),
    "no_blockers": ("{player} declares no blockers.", "{player} ne déclare aucun bloqueur."),
    # 508.1a, 509.1a: no creature can be declared, so nobody is asked; then why each can't
    "no_attackers_possible": ("{player} declares no attackers: no creature under their "
                              "control can attack.",
                              "{player} ne déclare aucun attaquant : aucune créature sous son "
                              "contrôle ne peut attaquer."),
    "no_blockers_possible": ("{player} declares no blockers: no creature under their control "
                             "can block.",
                             "{player} ne déclare aucun bloqueur : aucune créature sous son "
                             "contrôle ne peut bloquer."),
    "cant_declare_why": ("{why}.", "{why}."),
    "unblocked": ("{obj} is unblocked.",
                  "{obj:Le} {obj:n'est pas bloqué|n'est pas bloquée|ne sont pas bloqués|"
                  "ne sont pas bloquées}."),
    "first_strike_step": (Plural(one="First strike: only {objs} deals combat damage in this "
                                     "step.",
                                 other="First strike: only {objs} deal combat damage in this "
                                       "step."),
                          Plural(one="Initiative : dans cette étape, seule cette créature "
                                     "inflige des blessures de combat : {objs:le}.",
                                 other="Initiative : dans cette étape, seules ces créatures "
                                       "infligent des blessures de combat : {objs:le}.")),
    "double_strike_step": (Plural(one="Double strike: only {objs} deals combat damage in "
                                      "this step.",
                                  other="Double strike: only {objs} deal combat damage in this "
                                        "step."),
                           Plural(one="Double initiative : dans cette étape, seule cette "
                                      "créature inflige des blessures de combat : {objs:le}.",
                                  other="Double initiative : dans cette étape, seules ces "
                                        "créatures infligent des blessures de combat : "
                                        "{objs:le}.")),
    "strikes_step": (Plural(one="First strike and double strike: only {objs} deals combat "
                                "damage in this step.",
                            other="First strike and double strike: only {objs} deal combat "
                                  "damage in this step."),
                     Plural(one="Initiative et double initiative : dans cette étape, seule "
                                "cette créature inflige des blessures de combat : {objs:le}.",
                            other="Initiative et double initiative : dans cette étape, seules "
                                  "ces créatures infligent des blessures de combat : "
                                  "{objs:le}.")),
    "combat_damage": ("{source} ({id}) deals {n} combat damage to {to}.",
                      Plural(one="{source:Le} ({id}) {source:inflige|infligent} {n} blessure "
                                 "de combat {to:à}.",
                             other="{source:Le} ({id}) {source:inflige|infligent} {n} "
                                   "blessures de combat {to:à}.")),
    "no_combat_damage": ("No combat damage is dealt.",
                         "Aucune blessure de combat n'est infligée."),
    "removed_from_combat": ("{obj} ({id}) is removed from combat.",
                            "{obj:Le} ({id}) {obj:est retiré|est retirée|sont retirés|"
                            "sont retirées} du combat."),
    "no_longer_blocking": ("{obj} ({id}) stops being a creature: it is no longer a blocking "
                           "creature, but it is still a planeswalker being attacked.",
                           "{obj:Le} ({id}) {obj:cesse|cessent} d'être une créature : "
                           "{obj:il ne bloque plus|elle ne bloque plus|ils ne bloquent plus|"
                           "elles ne bloquent plus}, mais {obj:reste|restent} un planeswalker "
                           "attaqué."),
    "no_longer_attacked": ("{obj} ({id}) stops being a planeswalker: it is no longer being "
                           "attacked (its attackers attack nothing now), but it is still a "
                           "blocking creature.",
                           "{obj:Le} ({id}) {obj:cesse|cessent} d'être un planeswalker : "
                           "{obj:il n'est plus attaqué|elle n'est plus attaquée|ils ne sont plus "
                           "attaqués|elles ne sont plus attaquées} ({obj:ses} attaquants "
                           "n'attaquent plus rien), mais {obj:bloque|bloquent} toujours."),
    "combat_over": ("Combat ends: every creature is removed from combat.",
                    "Le combat se termine : toutes les créatures sont retirées du combat."),
    "indestructible": ("{obj} ({id}) has indestructible: it isn't destroyed.",
                       "{obj:Le} ({id}) {obj:a|ont} l'indestructible : "
                       "{obj:il n'est pas détruit|elle n'est pas détruite|ils ne sont pas "
                       "détruits|elles ne sont pas détruites}."),
    "indestructible_lethal": ("{obj} ({id}) has lethal damage, but has indestructible: it "
                              "isn't destroyed.",
                              "{obj:Le} ({id}) {obj:a|ont} des blessures mortelles, mais "
                              "{obj:a|ont} l'indestructible : {obj:il n'est pas détruit|elle "
                              "n'est pas détruite|ils ne sont pas détruits|elles ne sont pas "
                              "détruites}."),
    "indestructible_deathtouch": ("{obj} ({id}) was dealt damage by a source with deathtouch, "
                                  "but has indestructible: it isn't destroyed.",
                                  "{obj:Le} ({id}) {obj:a subi|ont subi} des blessures "
                                  "infligées par une source avec le contact mortel, mais "
                                  "{obj:a|ont} l'indestructible : {obj:il n'est pas détruit|"
                                  "elle n'est pas détruite|ils ne sont pas détruits|elles ne "
                                  "sont pas détruites}."),
    # An event about to happen, as a replacement effect sees it (616.1: the order question).
    "ev_would_move": ("{obj} ({id}) {zone}", "{obj:le} ({id}) {zone}"),
    "ev_would_enter": ("{obj} ({id}) entering the battlefield",
                       "{obj:le} ({id}) arrivant sur le champ de bataille"),
    "ev_would_damage": ("{n} damage to {to}",
                        Plural(one="{n} blessure {to:à}", other="{n} blessures {to:à}")),
    "ev_would_gain_life": ("{player} gaining {n} life",
                           Plural(one="{player} gagnant {n} point de vie",
                                  other="{player} gagnant {n} points de vie")),
    "ev_would_put_counters": (Plural(one="{n} {counter} counter put on {obj}",
                                     other="{n} {counter} counters put on {obj}"),
                              Plural(one="{n} marqueur {counter} mis sur {obj:le}",
                                     other="{n} marqueurs {counter} mis sur {obj:le}")),
    "ev_would_create_tokens": (Plural(one="{n} {obj} token created",
                                      other="{n} {obj} tokens created"),
                               Plural(one="{n} jeton {obj} créé", other="{n} jetons {obj} créés")),
    "ev_would_draw": (Plural(one="{player} drawing {n} card", other="{player} drawing {n} cards"),
                      Plural(one="{player} piochant {n} carte",
                             other="{player} piochant {n} cartes")),
    # An event as it happened or would have, beside what replaced it (614.6; the diagrams).
    "ev_rp_goes": ("{obj} ({id}) goes from {from_zone} to {to_zone}",
                   "{obj:le} ({id}) {obj:va|vont} {from_zone} {to_zone}"),
    "ev_rp_enters": ("{obj} ({id}) enters the battlefield",
                     "{obj:le} ({id}) {obj:arrive|arrivent} sur le champ de bataille"),
    "ev_rp_enters_as_copy": ("as a copy of {copied} ({copied_id})",
                             "en tant que copie {copied:de} ({copied_id})"),
    "ev_rp_enters_tapped": ("{obj} ({id}) enters the battlefield tapped",
                            "{obj:le} ({id}) {obj:arrive engagé|arrive engagée|arrivent engagés|"
                            "arrivent engagées} sur le champ de bataille"),
    "ev_rp_enters_with": (Plural(one="with {n} {counter} counter",
                                 other="with {n} {counter} counters"),
                          Plural(one="avec {n} marqueur {counter}",
                                 other="avec {n} marqueurs {counter}")),
    "ev_rp_deals": ("{by} deals {n} damage to {to}",
                    Plural(one="{by:le} {by:inflige|infligent} {n} blessure {to:à}",
                           other="{by:le} {by:inflige|infligent} {n} blessures {to:à}")),
    "ev_rp_gains": ("{player} gains {n} life",
                    Plural(one="{player} gagne {n} point de vie",
                           other="{player} gagne {n} points de vie")),
    "ev_rp_counters_put": (Plural(one="{n} {counter} counter is put on {obj} ({id})",
                                  other="{n} {counter} counters are put on {obj} ({id})"),
                           Plural(one="{n} marqueur {counter} est mis sur {obj:le} ({id})",
                                  other="{n} marqueurs {counter} sont mis sur {obj:le} ({id})")),
    "ev_rp_tokens_made": (Plural(one="{n} {obj} token is created",
                                 other="{n} {obj} tokens are created"),
                          Plural(one="{n} jeton {obj} est créé",
                                 other="{n} jetons {obj} sont créés")),
    "ev_rp_draws": (Plural(one="{player} draws {n} card", other="{player} draws {n} cards"),
                    Plural(one="{player} pioche {n} carte", other="{player} pioche {n} cartes")),
    "ev_attacks": ("{obj} ({id}) attacked", "{obj:le} ({id}) {obj:a attaqué|ont attaqué}"),
    "ev_blocks": ("{obj} ({id}) blocked", "{obj:le} ({id}) {obj:a bloqué|ont bloqué}"),
    "ev_becomes_blocked": ("{obj} ({id}) became blocked",
                           "{obj:le} ({id}) {obj:est devenu bloqué|est devenue bloquée|"
                           "sont devenus bloqués|sont devenues bloquées}"),
    "ev_beginning_of_combat": ("beginning of combat on {player}'s turn",
                               "début du combat ; joueur actif : {player}"),
    "ev_beginning_of_upkeep": ("beginning of {player}'s upkeep",
                               "début de l'entretien ; joueur actif : {player}"),
    "ev_end_of_combat": ("end of combat on {player}'s turn",
                         "fin du combat ; joueur actif : {player}"),
    "ev_beginning_of_end_step": ("beginning of the end step on {player}'s turn",
                                 "début de l'étape de fin ; joueur actif : {player}"),
    "ev_dies": ("{obj} ({id}) died",
                "{obj:le} ({id}) {obj:est mort|est morte|sont morts|sont mortes}"),
    "ev_enters": ("{obj} ({id}) entered",
                  "{obj:le} ({id}) {obj:est arrivé|est arrivée|sont arrivés|sont arrivées}"),
    "ev_leaves": ("{obj} ({id}) left the battlefield",
                  "{obj:le} ({id}) {obj:a quitté|ont quitté} le champ de bataille"),
    "ev_moved_graveyard": ("{obj} ({id}) was put into a graveyard",
                           "{obj:le} ({id}) {obj:a été mis|a été mise|ont été mis|"
                           "ont été mises} dans un cimetière"),
    "ev_cast": ("{player} cast {card} ({id})", "{player} a lancé {card:le} ({id})"),
    "ev_activated": ("{player} activated an ability of {source} ({id})",
                     "{player} a activé une capacité {source:de} ({id})"),
    "ev_sacrificed": ("{player} sacrificed {obj} ({id})", "{player} a sacrifié {obj:le} ({id})"),
    "ev_moved": ("{obj} ({id}) changed zones",
                 "{obj:le} ({id}) {obj:a changé|ont changé} de zone"),
    "ev_becomes_target": ("{obj} ({id}) became the target of a spell or ability",
                          "{obj:le} ({id}) {obj:est devenu|est devenue|sont devenus|"
                          "sont devenues} la cible d'un sort ou d'une capacité"),
    "ev_gains_life": ("{player} gained life", "{player} a gagné des points de vie"),
    "ev_draws": ("{player} drew a card", "{player} a pioché une carte"),
}

#: The headings of the actions, as each step of the timeline is titled.
ACTIONS: dict[str, tuple[str | Plural, str | Plural]] = {
    "act_cast": ("{player} casts {card}", "{player} lance {card:le}"),
    "act_activate": ("{player} activates an ability of {card}",
                     "{player} active une capacité {card:de}"),
    "act_play": ("{player} plays {card}", "{player} joue {card:le}"),
    "act_pass": ("{player} passes", "{player} passe"),
    "act_resolve": ("All players pass: {id} ({source}) resolves",
                    "Tous les joueurs passent : {id} ({source}) se résout"),
    "act_not_resolve": ("All players pass: {id} ({source}) doesn't resolve",
                        "Tous les joueurs passent : {id} ({source}) ne se résout pas"),
    "act_destroy": ("Destroy {objs}", "Détruire {objs:le}"),
    "act_exile": ("Exile {objs}", "Exiler {objs:le}"),
    "act_sacrifice": ("{player} sacrifices {objs}", "{player} sacrifie {objs:le}"),
    "act_put_graveyard": ("Put into a graveyard: {objs}", "Mettre dans un cimetière : {objs:le}"),
    "act_put_battlefield": ("Put onto the battlefield: {objs}",
                            "Mettre sur le champ de bataille : {objs:le}"),
    "act_next_step": ("All players pass: on to the next step",
                      "Tous les joueurs passent : passage à l'étape suivante"),
    "act_on_to": ("On to the {step}", "Passage à l'étape suivante : {step}"),
    "act_damage": ("{n} damage to {to}", Plural(one="{n} blessure {to:à}",
                                                other="{n} blessures {to:à}")),
}
MESSAGES.update(ACTIONS)

#: Counted phrases for :func:`mtgrules.text.plural`: gettext's ngettext, one entry per phrase.
PHRASES: dict[str, tuple[Plural, Plural]] = {
    "answer": (Plural(one="{n} answer", other="{n} answers"),
               Plural(one="{n} réponse", other="{n} réponses")),
    "card": (Plural(one="{n} card", other="{n} cards"),
             Plural(one="{n} carte", other="{n} cartes")),
    "life": (Plural(one="{n} life", other="{n} life"),
             Plural(one="{n} point de vie", other="{n} points de vie")),
    "damage": (Plural(one="{n} damage", other="{n} damage"),
               Plural(one="{n} blessure", other="{n} blessures")),
    "step": (Plural(one="{n} step", other="{n} steps"),
             Plural(one="{n} étape", other="{n} étapes")),
    "entry": (Plural(one="{n} entry", other="{n} entries"),
              Plural(one="{n} entrée", other="{n} entrées")),
    "question": (Plural(one="{n} question", other="{n} questions"),
                 Plural(one="{n} question", other="{n} questions")),
    "ruling": (Plural(one="{n} ruling", other="{n} rulings"),
               Plural(one="{n} clarification", other="{n} clarifications")),
    "activated_ability": (Plural(one="{n} activated ability", other="{n} activated abilities"),
                          Plural(one="{n} capacité activée", other="{n} capacités activées")),
    "counter": (Plural(one="{n} counter", other="{n} counters"),
                Plural(one="{n} marqueur", other="{n} marqueurs")),
    "can_be_obeyed": (Plural(one="{n} can be obeyed", other="{n} can be obeyed"),
                      Plural(one="{n} peut l'être", other="{n} peuvent l'être")),
    "exiled_cards_go": (Plural(one="{n} exiled card goes", other="{n} exiled cards go"),
                        Plural(one="{n} carte exilée va", other="{n} cartes exilées vont")),
    "times": (Plural(one="once", other="{n} times"),
              Plural(one="{n} fois", other="{n} fois")),
    "right_answers": (Plural(one="{n} right answer out of {total}",
                             other="{n} right answers out of {total}"),
                      Plural(one="{n} bonne réponse sur {total}",
                             other="{n} bonnes réponses sur {total}")),
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
    "beginning_of_combat": ("beginning of combat step", "étape de début de combat"),
    "declare_attackers": ("declare attackers step", "étape de déclaration des attaquants"),
    "declare_blockers": ("declare blockers step", "étape de déclaration des bloqueurs"),
    "combat_damage": ("combat damage step", "étape des blessures de combat"),
    "second_combat_damage": ("second combat damage step",
                             "seconde étape des blessures de combat"),
    "end_of_combat": ("end of combat step", "étape de fin de combat"),
    "main2": ("postcombat main phase", "seconde phase principale"),
    "end": ("end step", "étape de fin"),
    "cleanup": ("cleanup step", "étape de nettoyage"),
}
