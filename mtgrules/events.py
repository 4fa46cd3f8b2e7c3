"""Events: what happened in the game, as triggered abilities see it (603.2, 700.1).

Each kind of event is a frozen dataclass (an :class:`Event` subclass) with the facts a trigger
condition or an ability's text may read: who did it (``player``), which object it is about
(``object``, an id) and that object as the event saw it (``lki``, a
:class:`~mtgrules.characteristics.View`: last known information for an object that left,
603.10a). An event never changes once it happened: triggered abilities keep it.

Adding a kind of event (see also docs/architecture.md, "Events"):

1. a subclass here, ``@frozen(kw_only=True)`` (mtgrules/frozen.py), with ``KIND`` (the
   word a trigger condition uses, e.g. ``"gains_life"``) and its own fields;
2. create it where it happens and pass it to ``triggers.fire(game, [event])`` (zone changes go
   through ``zones.move_many``, which looks back in time, 603.10a);
3. add the word to ``abilities.TRIGGER_EVENTS``, teach ``triggers.matches`` what matches it,
   and ``make schema``;
4. its text in the log is the message ``ev_<KIND>`` of ``text/messages.py`` (English and
   French) with ``obj`` and ``player``, unless the class overrides :meth:`Event.message`.
"""

from __future__ import annotations

from .frozen import frozen
from .text import Name

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    from .characteristics import View


@frozen(kw_only=True)
class Event:
    """Something that happened (603.2): a kind (``KIND``), who did it and what it is about."""

    KIND = ""

    player: str = ""
    object: str | None = None
    lki: View | None = None

    @property
    def kind(self) -> str:
        """The word trigger conditions use for this event (``dies`` and ``enters`` are zone
        changes: see :class:`ZoneChange`)."""
        return self.KIND

    def message(self) -> tuple[str, dict[str, Any]]:
        """The log message key and its parameters that tell this event ("Grizzly Bears
        (bears) died"): the object's id too, so two events alike but for their object (two
        Saproling tokens dying) are told apart."""
        obj = self.lki.chars.names if self.lki is not None else Name("", "")
        return f"ev_{self.kind}", {"obj": obj, "id": self.object, "player": self.player}


@frozen(kw_only=True)
class ZoneChange(Event):
    """An object moved from one zone to another (400.7, 603.6): ``lki`` is it just before,
    ``new`` the new object where it arrived (set for the battlefield and the command zone,
    computed once every simultaneous move is done)."""

    KIND = "zone_change"

    from_zone: str
    to: str
    cause: str = ""
    new: View | None = None

    @property
    def dies(self) -> bool:
        """700.4: a creature put into a graveyard from the battlefield."""
        return self.from_zone == "battlefield" and self.to == "graveyard" \
            and self.lki is not None and self.lki.is_("creature")

    def message(self) -> tuple[str, dict[str, Any]]:
        # what entered, as it entered (a copy, a face): not the card it was in the hand
        lki = self.new or self.lki
        assert lki is not None
        n = Name(lki.chars.name or "a card", lki.chars.name_fr or lki.chars.name or "une carte")
        if self.dies:
            key = "ev_dies"
        elif self.to == "battlefield":
            key = "ev_enters"
        elif self.from_zone == "battlefield":
            key = "ev_leaves"
        else:
            key = "ev_moved_graveyard" if self.to == "graveyard" else "ev_moved"
        return key, {"obj": n, "id": self.object}


@frozen(kw_only=True)
class Cast(Event):
    """A player cast a spell (601.2i): ``spell`` is it on the stack, ``item`` its stack id."""

    KIND = "cast"

    spell: View
    item: str

    def message(self) -> tuple[str, dict[str, Any]]:
        return "ev_cast", {"card": self.spell.chars.names, "id": self.item, "player": self.player}


@frozen(kw_only=True)
class Activate(Event):
    """A player activated an ability (602.2i): ``item`` is the ability on the stack, ``lki``
    its source."""

    KIND = "activate"

    item: str
    source_name: Name
    mana_ability: bool = False

    def message(self) -> tuple[str, dict[str, Any]]:
        return "ev_activated", {"source": self.source_name, "id": self.object,
                                "player": self.player}


@frozen(kw_only=True)
class Sacrifice(Event):
    """A player sacrificed a permanent (701.21a); its zone change is a separate event."""

    KIND = "sacrifice"

    def message(self) -> tuple[str, dict[str, Any]]:
        return "ev_sacrificed", {"obj": self.lki.chars.names if self.lki else Name("", ""),
                                 "id": self.object, "player": self.player}


@frozen(kw_only=True)
class Attacks(Event):
    """A creature was declared as an attacker (508.3a), attacking ``defender``."""

    KIND = "attacks"

    defender: str = ""


@frozen(kw_only=True)
class Blocks(Event):
    """A creature was declared as a blocker (509.3a)."""

    KIND = "blocks"


@frozen(kw_only=True)
class BecomesBlocked(Event):
    """An attacking creature became blocked (509.1h, 509.3c)."""

    KIND = "becomes_blocked"


@frozen(kw_only=True)
class StepBegins(Event):
    """A step began ("at the beginning of combat on your turn", 507, 511.2): its kind is the
    step's trigger word, ``player`` the active player."""

    step: str

    @property
    def kind(self) -> str:
        return self.step


@frozen(kw_only=True)
class BecomesTarget(Event):
    """An object became the target of a spell or ability (115.1, 603.2): ``object`` is the
    target, ``player`` the controller of the spell or ability, ``item`` its stack id and
    ``by`` what it is ("spell" or "ability"). It happens once per spell or ability, however
    many of its targets the object is."""

    KIND = "becomes_target"
    item: str
    by: str = "spell"


@frozen(kw_only=True)
class Draws(Event):
    """A player drew a card (121.1): one event per card (121.2). A draw that was replaced
    never happened (614.6) and is no event."""

    KIND = "draws"


@frozen(kw_only=True)
class GainsLife(Event):
    """A player gained life (119.3, 119.9: gaining 0 life is no event): ``amount``, after
    any replacement."""

    KIND = "gains_life"
    amount: int = 0
