"""The language shared by the widgets, and every label they show, in English and French.

French labels use the official terms of mtgrules/rulings/glossary_en_fr.csv (pile, capacité
déclenchée, cible, se résoudre, champ de bataille, cimetière, ...). No ipywidgets here.

>>> lang = Language("en")
>>> seen = []
>>> lang.observe(seen.append)
>>> lang.value = "fr"
>>> seen, label("next", "fr")
(['fr'], 'Suivant ▶')
"""

from __future__ import annotations

from collections.abc import Callable

from ..text import PLAYER_PARAMS, player_name, typeset
from ..text.plural import Plural

LANGS = ("en", "fr")


LABELS: dict[str, tuple[str | Plural, str | Plural]] = {
    # stepper
    "step": ("Step", "Étape"),
    "previous": ("◀ Previous", "◀ Précédent"),
    "next": ("Next ▶", "Suivant ▶"),
    "undo": ("Undo last step", "Annuler la dernière étape"),
    "branch": ("What if? Branch here", "Et si ? Partir d'ici"),
    "compare": ("Compare outcomes", "Comparer les issues"),
    "save_scenario": ("Save as scenario", "Enregistrer comme scénario"),
    "saved_scenario": ("Step {n} saved as a scenario in {path}.",
                       "Étape {n} enregistrée comme scénario dans {path}."),
    "saved_what_if": ("The what-if branch, at step {n}, saved as a new scenario in {path}.",
                      "La branche « et si », à l'étape {n}, enregistrée comme nouveau "
                      "scénario dans {path}."),
    "view": ("Diagram", "Diagramme"),
    "view_stack": ("the stack", "la pile"),
    "view_triggers": ("triggered abilities", "capacités déclenchées"),
    "view_copies": ("copies", "copies"),
    "view_links": ("linked abilities", "capacités liées"),
    "view_board": ("the battlefield", "le champ de bataille"),
    "no_diagram": ("Diagrams are not available yet (mtgrules.draw.draw_step is missing): {err}",
                   "Les diagrammes ne sont pas encore disponibles (mtgrules.draw.draw_step "
                   "manque) : {err}"),
    "diagram_error": ("The diagram could not be drawn: {err}",
                      "Le diagramme n'a pas pu être dessiné : {err}"),
    "nothing_to_undo": ("Nothing to undo: only the set-up is left.",
                        "Rien à annuler : il ne reste que la mise en place."),
    "undone": ("Step {n} undone.", "Étape {n} annulée."),
    "branched_above": ("New branch from step {n}: play it with the actions above, then "
                       "compare.",
                       "Nouvelle branche depuis l'étape {n} : jouez-la avec les actions "
                       "ci-dessus, puis comparez."),
    "branched_below": ("New branch from step {n}: play it with the actions just below, then "
                       "compare.",
                       "Nouvelle branche depuis l'étape {n} : jouez-la avec les actions "
                       "juste en dessous, puis comparez."),
    "compared": ("The original game and the branch, side by side:",
                 "La partie d'origine et la branche, côte à côte :"),
    "position_of": ("step {n} of {last}", "étape {n} sur {last}"),
    "no_branch": ("Branch first, then compare.", "Créez d'abord une branche, puis comparez."),
    "original": ("Original", "Original"),
    "branch_title": ("Branch", "Branche"),
    # outcome
    "life": (Plural("{n} life", "{n} life"), Plural("{n} point de vie", "{n} points de vie")),
    "stack": ("stack", "pile"),
    "empty": ("empty", "vide"),
    "resolved": ("resolved, in order", "résolus, dans l'ordre"),
    "battlefield": ("battlefield", "champ de bataille"),
    "graveyard": ("graveyard", "cimetière"),
    "hand": ("hand", "main"),
    "library": ("library", "bibliothèque"),
    "exile": ("exile", "exil"),
    "command": ("command zone", "zone de commandement"),
    "steps": (Plural("{n} step", "{n} steps"), Plural("{n} étape", "{n} étapes")),
    # action panel
    "priority": ("{player} has priority.", "{player} a la priorité."),
    "action": ("Action", "Action"),
    "do": ("Do it", "Valider"),
    "cast": ("{player} casts {card}", "{player} lance {card:le}"),
    "play_land": ("{player} plays {card}", "{player} joue {card:le}"),
    "activate": ("{player} activates {card}: {ability}", "{player} active {card:le} : {ability}"),
    "pass": ("{player} passes", "{player} passe"),
    "resolve": ("All pass: the top of the stack resolves",
                "Tous passent : l'objet au sommet de la pile se résout"),
    "next_step": ("All pass with an empty stack: on to the next step",
                  "Tous passent, la pile vide : étape suivante"),
    "go_to_step": ("On to the {step}", "Passage à l'étape suivante : {step}"),
    "destroy": ("Event: destroy {card}", "Événement : détruire {card:le}"),
    "sacrifice": ("Event: {player} sacrifices {card}", "Événement : {player} sacrifie {card:le}"),
    "answer": ("Answer", "Répondre"),
    "cancel": ("Cancel", "Annuler"),
    "auto": ("Answer the next questions with the suggested answers",
             "Répondre aux questions suivantes avec les réponses proposées"),
    "together_hint": ("Or destroy several permanents at the same time (701.8):",
                      "Ou détruire plusieurs permanents en même temps (701.8) :"),
    "destroy_together": ("Destroy them together", "Les détruire ensemble"),
    "choose_together": ("Choose the permanents to destroy together first.",
                        "Choisissez d'abord les permanents à détruire ensemble."),
    "cancelled": ("Cancelled: nothing was done.", "Annulé : rien n'a été fait."),
    "question": ("{player}: {prompt}", "{player} : {prompt}"),
    "choose_between": ("choose {n}", "choisissez-en {n}"),
    "position": ("#{n}", "n° {n}"),
    "order_hint": ("first = bottom of the stack; select one and move it",
                   "la première tout en bas de la pile ; sélectionnez-en une et déplacez-la"),
    "move_up": ("▲ earlier", "▲ plus tôt"),
    "move_down": ("▼ later", "▼ plus tard"),
    "move_first": ("⤒ first", "⤒ en premier"),
    "move_last": ("⤓ last", "⤓ en dernier"),
    "one_by_one": ("one by one (no groups)", "une par une (sans groupes)"),
    "same_answer": ("Give the same answer to the identical questions that follow",
                    "Donner la même réponse aux questions identiques qui suivent"),
    "number": ("from {low} to {high}", "de {low} à {high}"),
    "done": ("Done: {action}", "Fait : {action}"),
    "asked": ("{action}: a question to answer below.", "{action} : une question à laquelle "
              "répondre ci-dessous."),
    "choose_action": ("Choose an action in the list first.",
                      "Choisissez d'abord une action dans la liste."),
    "instance": ("({n} of {of})", "({n} sur {of})"),
    "refused": ("Refused: {message}", "Refusé : {message}"),
    "bad_answer": ("Not a legal answer: {message}", "Réponse non valide : {message}"),
    "no_game": ("No game yet: build or load a situation, then press Play.",
                "Pas encore de partie : construisez ou chargez une situation, puis « Jouer »."),
    # builder
    "card": ("Card", "Carte"),
    "zone": ("Zone", "Zone"),
    "owner": ("Owner", "Propriétaire"),
    "controller": ("Controller", "Contrôleur"),
    "tapped": ("tapped", "engagé"),
    "entered_this_turn": ("entered this turn", "arrivé ce tour-ci"),
    "counters": ("Counters", "Marqueurs"),
    "counters_hint": ("e.g. +1/+1: 2", "ex. +1/+1 : 2"),
    "card_hint": ("a card name, e.g. Blood Artist", "un nom de carte, ex. Artiste de sang"),
    "attached_to": ("Attached to", "Attaché à"),
    "nothing": ("(nothing)", "(rien)"),
    "add": ("Add", "Ajouter"),
    "remove": ("Remove", "Retirer"),
    "objects": ("Objects", "Objets"),
    "scenario": ("Scenario", "Scénario"),
    "load_shipped": ("Load scenario", "Charger le scénario"),
    "yaml": ("Scenario YAML", "YAML du scénario"),
    "to_yaml": ("Write YAML ↓", "Écrire le YAML ↓"),
    "from_yaml": ("Read YAML ↑", "Lire le YAML ↑"),
    "path": ("File", "Fichier"),
    "save_file": ("Save file", "Enregistrer"),
    "load_file": ("Load file", "Ouvrir"),
    "play": ("Play ▶", "Jouer ▶"),
    "play_script": ("Play its script", "Jouer son script"),
    "saved": ("Saved to {path}.", "Enregistré dans {path}."),
    "folder": ("Files are saved in and loaded from {path}", "Les fichiers sont enregistrés et "
               "ouverts dans {path}"),
    "loaded": ("Loaded {what}.", "Chargement terminé : {what}."),
    "added": ("Added {name} (id: {id}).", "Ajout : {name} (identifiant : {id})."),
    "removed": ("Removed {name}.", "Retrait : {name}."),
    "choose_object": ("Choose an object in the list first.",
                      "Choisissez d'abord un objet dans la liste."),
    "error": ("Error: {message}", "Erreur : {message}"),
    "playing": ("Playing {id} from its set-up: choose an action below.",
                "Partie {id} depuis sa mise en place : choisissez une action ci-dessous."),
    "verdict_pass": (Plural("Script played: its expectation holds.",
                            "Script played: all {total} expectations hold.", count="total"),
                     Plural("Script joué : son attente est vérifiée.",
                            "Script joué : ses {total} attentes sont vérifiées.",
                            count="total")),
    "verdict_fail": (Plural("Script played: {n} of {total} expectation holds.",
                            "Script played: {n} of {total} expectations hold.", count="total"),
                     Plural("Script joué : {n} attente vérifiée sur {total}.",
                            "Script joué : {n} attentes vérifiées sur {total}.", count="n")),
    "verdict_check": ("Line {line}: {sentence} What the game shows: {found}",
                      "Ligne {line} : {sentence} Ce que montre la partie : {found}"),
    "active": ("Active player", "Joueur actif"),
    # quiz
    "quiz_question": ("Question {n} of {total}", "Question {n} sur {total}"),
    "check": ("Check my answer", "Vérifier ma réponse"),
    "right": ("Right!", "Exact !"),
    "wrong": ("Not quite: the engine says {answer}.",
              "Pas tout à fait : le moteur répond {answer}."),
    "ruling": ("Ruling", "Clarification"),
    "rules": ("Comprehensive Rules", "Règles complètes"),
    "from_scenario": ("From the scenario", "D'après le scénario"),
    "no_questions": ("No quiz question could be made.", "Aucune question n'a pu être créée."),
    "language": ("Language", "Langue"),
}


def label(key: str, lang: str = "en", **params: object) -> str:
    """The label ``key`` in ``lang``, with ``params`` filled in (a plural label takes the form
    its count asks for: « 1 étape », « 2 étapes »). A player is shown by name, as the log
    shows them, never by id:

    >>> label("priority", "fr", player="alice")
    'Alice a la priorité.'
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' (use 'en' or 'fr')")
    en, fr = LABELS[key]
    text = fr if lang == "fr" else en
    if isinstance(text, Plural):
        text = text.select(lang, int(params[text.count]))  # type: ignore[call-overload]
    params = {k: player_name(v) if k in PLAYER_PARAMS and isinstance(v, str) else v
              for k, v in params.items()}
    return typeset(text.format(**params) if params else text, lang)


def localise(value: object, lang: str) -> object:
    """A message parameter in ``lang``: a name in both languages, an action (its text), or an
    error of the rules (its message and rule)."""
    if hasattr(value, "in_"):
        return value.in_(lang)  # type: ignore[attr-defined]
    if hasattr(value, "text_fr") and callable(getattr(value, "text", None)):
        return value.text(lang)  # type: ignore[attr-defined]
    if isinstance(value, BaseException):
        rule = getattr(value, "rule", None)
        if lang == "fr" and hasattr(value, "message_fr"):
            return value.message_fr + (f" (CR {rule})" if rule else "")  # type: ignore
        return str(value)
    return value


class Message:
    """Something a widget says, kept as a label key and its parameters so that it is shown
    again in the other language when the language changes.

    >>> Message("undone", {"n": 3}).text("fr")
    'Étape 3 annulée.'
    """

    def __init__(self, key: str, params: dict[str, object] | None = None) -> None:
        if key not in LABELS:
            raise KeyError(f"no label '{key}'")
        self.key = key
        self.params = dict(params or {})

    def text(self, lang: str = "en") -> str:
        return label(self.key, lang, **{k: localise(v, lang) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {self.params!r})"


class Language:
    """The current language ('en' or 'fr'), shared by several views; observers are called with
    the new value when it changes."""

    def __init__(self, value: str = "en") -> None:
        if value not in LANGS:
            raise ValueError(f"unknown language '{value}' (use 'en' or 'fr')")
        self._value = value
        self._observers: list[Callable[[str], None]] = []

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, new: str) -> None:
        if new not in LANGS:
            raise ValueError(f"unknown language '{new}' (use 'en' or 'fr')")
        if new == self._value:
            return
        self._value = new
        for fn in list(self._observers):
            fn(new)

    def observe(self, fn: Callable[[str], None]) -> None:
        self._observers.append(fn)

    def __repr__(self) -> str:
        return f"Language({self._value!r})"


def as_language(lang: Language | str | None) -> Language:
    """A :class:`Language` from a shared one, a code, or None (English)."""
    if isinstance(lang, Language):
        return lang
    return Language(lang or "en")
