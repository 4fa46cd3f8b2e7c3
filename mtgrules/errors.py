"""The error types of the kit. All subclass :class:`ValueError`.

A :class:`RulesError` is an illegal action or answer: the game refuses it, names the rule, and is
left exactly as it was. A :class:`ScenarioError` is a bad scenario or card file: it names the file,
the line and the field. A :class:`StepError` asks for a step the timeline doesn't have, a
:class:`QuestionError` for a question the quiz doesn't have.
"""

from __future__ import annotations


class RulesError(ValueError):
    """An action or answer the Comprehensive Rules don't allow.

    >>> err = RulesError("X can't be 0", rule="107.3")
    >>> str(err)
    "X can't be 0 (CR 107.3)"
    """

    def __init__(self, message: str, rule: str | None = None, message_fr: str | None = None):
        self.message = message
        self.message_fr = message_fr or message
        self.rule = rule
        super().__init__(f"{message} (CR {rule})" if rule else message)


class ScenarioError(ValueError):
    """A scenario or card file that can't be loaded: says where (file, line, field) and what."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None,
                 field: str | None = None):
        self.message = message
        self.file = file
        self.line = line
        self.field = field
        where = ":".join(str(p) for p in (file, line) if p is not None)
        prefix = f"{where}: " if where else ""
        in_field = f" (field '{field}')" if field else ""
        super().__init__(f"{prefix}{message}{in_field}")


class StepError(ValueError, IndexError):
    """A step the game's timeline doesn't have (``branch(99)``): says which steps there are,
    in English (``message``) and French (``message_fr``); ``str()`` is in ``lang``, the
    language of the stepper that was asked. It is also an :class:`IndexError`, as a list's
    position past its end is.

    >>> raise StepError(99, 4)
    Traceback (most recent call last):
    mtgrules.errors.StepError: no step 99 (the timeline has steps 0 to 3)
    >>> StepError(99, 4, lang="fr").message_fr
    "il n'y a pas d'étape 99 (les étapes de la partie vont de 0 à 3)"
    """

    def __init__(self, index: object, steps: int, lang: str = "en"):
        self.index, self.steps = index, steps
        self.message = f"no step {index!r} (the timeline has steps 0 to {steps - 1})"
        self.message_fr = (f"il n'y a pas d'étape {index!r} (les étapes de la partie vont de 0 "
                           f"à {steps - 1})")
        super().__init__(self.message_fr if lang == "fr" else self.message)


class QuestionError(ValueError, IndexError):
    """A question the quiz doesn't have (``QuizModel.go(99)``): says which questions there
    are, in English and French, as :class:`StepError` does. It is also an
    :class:`IndexError`.

    >>> raise QuestionError(99, 39, "all")
    Traceback (most recent call last):
    mtgrules.errors.QuestionError: no question 99 (the quiz on all topics has questions 0 to 38)
    >>> QuestionError(99, 39, "all", lang="fr").message_fr
    "il n'y a pas de question 99 (les questions du quiz sur tous les thèmes vont de 0 à 38)"
    """

    def __init__(self, index: object, questions: int, topic: str, lang: str = "en"):
        self.index, self.questions, self.topic = index, questions, topic
        on = "all topics" if topic == "all" else f"the topic '{topic}'"
        has = f"questions 0 to {questions - 1}" if questions else "no question"
        self.message = f"no question {index!r} (the quiz on {on} has {has})"
        sur = "tous les thèmes" if topic == "all" else f"le thème '{topic}'"
        self.message_fr = f"il n'y a pas de question {index!r} " + (
            f"(les questions du quiz sur {sur} vont de 0 à {questions - 1})" if questions
            else f"(le quiz sur {sur} n'a aucune question)")
        super().__init__(self.message_fr if lang == "fr" else self.message)

