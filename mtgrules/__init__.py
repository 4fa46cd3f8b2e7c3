"""mtgrules: a compact Magic: The Gathering rules engine for teaching and exploring the rules.

>>> from mtgrules import Game, catalog
>>> game = Game(["alice", "bob"])
>>> artist = game.add(catalog()["Blood Artist"], "battlefield", "alice")
>>> bears = game.add(catalog()["Grizzly Bears"], "battlefield", "alice")
>>> game.destroy(bears)
>>> [item.source_name for item in game.stack]
['Blood Artist']

Scenario files (YAML) play a situation from data: see :func:`load_scenario` and docs/scenarios.md.
The core needs only the standard library and PyYAML; the tables, diagrams and widgets import
pandas, graphviz and ipywidgets only when used.
"""

from __future__ import annotations

from .collector import paused
from .deferred import import_dataclasses

# Type checkers take TYPE_CHECKING for true; at run time it is False, and a check never imports
# typing (13 M instructions, more than a hundredth of `mtgrules check`: issue 12). Each module
# says so and imports from typing under `if TYPE_CHECKING:` (with `from __future__ import
# annotations`, annotations are never evaluated). Without typing, dataclasses can't tell a
# ClassVar from a field: a class constant of a dataclass goes without annotation (a test says
# so, tests/test_deferred.py); a NamedTuple is made with collections.namedtuple (text.Name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# The engine's modules, their dataclasses' methods compiled once per interpreter (codecache),
# without the garbage collector scanning them again and again as they pile up (the standard
# modules they need, dataclasses and pickle, too; dataclasses without inspect: deferred).
with paused():
    import_dataclasses()
    from .codecache import compiled_once
with paused(), compiled_once():
    from . import rulings as _rulings
    from .abilities import AbilityDef, CardDef, Characteristics
    from .cards import Catalog, catalog
    from .characteristics import View
    from .choices import CallbackAnswerer, DefaultPolicy, Question, ScriptedAnswerer
    from .errors import RulesError, ScenarioError
    from .game import Game
    from .objects import GameObject, Ref, StackItem, State
    from .timeline import LogEntry, Step, Timeline


def _rulings_table(*args: Any, **kwargs: Any) -> Any:
    """``mtgrules.rulings(...)``: the table of :mod:`mtgrules.rulings.table`, imported when
    first asked for (it then stands in the package itself): a check never asks."""
    from .rulings.table import rulings

    return rulings(*args, **kwargs)


if _rulings.TABLE is None:
    _rulings.TABLE = _rulings_table

__version__ = "0.1.0"

__all__ = [
    "AbilityDef", "CallbackAnswerer", "CardDef", "Catalog", "Characteristics", "DefaultPolicy",
    "Game", "GameObject", "LogEntry", "Question", "Ref", "RulesError", "ScenarioError",
    "ScriptedAnswerer", "StackItem", "State", "Step", "Timeline", "View", "catalog",
    "glossary", "load_scenario", "rule", "rulings",
]


def __getattr__(name: str) -> Any:
    """Load the heavier parts on first use, so ``import mtgrules`` never imports pandas."""
    if name == "rulings":  # the subpackage; calling it gives the table: mtgrules.rulings(card=...)
        import importlib

        return importlib.import_module("mtgrules.rulings")
    if name == "glossary":
        from .rulings.table import glossary

        return glossary
    if name == "rule":  # the Comprehensive Rules' text: mtgrules.rule("603.2d")
        from .cr import rule

        return rule
    if name == "load_scenario":
        from .scenarios import load_scenario

        return load_scenario
    raise AttributeError(f"module 'mtgrules' has no attribute {name!r}")
