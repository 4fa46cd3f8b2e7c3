"""Interactive tools for the notebooks: plain models, and thin ipywidgets views over them.

Models (standard library and the engine only, testable without a kernel):
:class:`StepperModel` (walk a timeline, undo, branch), :class:`ActionModel` (legal actions, the
engine's questions), :class:`BuilderModel` (a situation as scenario YAML), :class:`QuizModel`
(judge questions checked by the engine), :class:`Language` (the shared en/fr switch).

Views (import ipywidgets on first use): :class:`Stepper`, :class:`ActionPanel`,
:class:`SituationBuilder`, :class:`Quiz`, :class:`LanguageSwitch`, and :class:`Sandbox` (builder,
actions and stepper together)::

    from mtgrules.widgets import Sandbox
    Sandbox("core-blood-artist-dies-together")
"""

from __future__ import annotations

from typing import Any

from .actions import Action, ActionModel, NeedAnswer, legal_actions, question_spec
from .builder import BuilderModel
from .i18n import Language, label
from .quiz import QuizModel, QuizQuestion
from .stepper import StepperModel, branch, compare_html, outcome_html

_VIEWS = ("ActionPanel", "LanguageSwitch", "Quiz", "Sandbox", "SituationBuilder", "Stepper")

__all__ = ["Action", "ActionModel", "BuilderModel", "Language", "NeedAnswer", "QuizModel",
           "QuizQuestion", "StepperModel", "branch", "compare_html", "label", "legal_actions",
           "outcome_html", "question_spec", *_VIEWS]


def __getattr__(name: str) -> Any:
    """The views, imported (with ipywidgets) only when asked for."""
    if name in _VIEWS:
        from . import views

        return getattr(views, name)
    raise AttributeError(f"module 'mtgrules.widgets' has no attribute {name!r}")
