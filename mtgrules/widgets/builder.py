"""Building a situation from the catalog, saved as scenario YAML: the model behind the builder.

What the builder writes is the scenario format a person would type (docs/scenarios.md), so a
saved situation loads in the builder, in :func:`mtgrules.load_scenario` and on the command line,
and loads back into the builder identically.

>>> b = BuilderModel()
>>> b.add("Blood Artist", "battlefield", "alice")
'blood-artist'
>>> b.add("Grizzly Bears", "battlefield", "alice", tapped=True)
'grizzly-bears'
>>> BuilderModel.from_yaml(b.to_yaml()).to_yaml() == b.to_yaml()
True
>>> b.new_game().zone(None, "battlefield")
['blood-artist', 'grizzly-bears']
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

from ..cards import Catalog, catalog
from ..data import plain
from ..game import Game
from ..objects import STEPS, slug
from ..scenarios import Scenario, load_scenario, parse_scenario
from ..scenarios.loader import SETUP_ZONES

#: The options an object may have in a set-up, in the order they are written.
OBJECT_OPTIONS = ("id", "controller", "tapped", "counters", "damage", "entered_this_turn",
                  "attached_to", "token", "emblem", "face_down", "attacking")
#: Top-level fields written before ``players`` and ``setup``, and after them.
HEAD_FIELDS = ("id", "title", "title_fr", "description", "description_fr", "seed", "cards")
TAIL_FIELDS = ("script", "expect")


def parse_counters(text: str) -> dict[str, int]:
    """``"+1/+1: 2, charge: 1"`` → ``{'+1/+1': 2, 'charge': 1}`` (empty text: no counters)."""
    out: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, number = part.rpartition(":")
        if not sep or not name.strip():
            raise ValueError(f"counters are written 'kind: number', got {part!r}")
        try:
            out[name.strip()] = int(number)
        except ValueError:
            raise ValueError(f"the number of {name.strip()!r} counters must be a whole number, "
                             f"got {number.strip()!r}") from None
    return out


def format_counters(counters: dict[str, int]) -> str:
    return ", ".join(f"{k}: {n}" for k, n in counters.items())


class BuilderModel:
    """Players, turn, and the objects of a set-up; plus, untouched, whatever else a loaded
    scenario had (title, description, inline cards, script, expectations)."""

    def __init__(self, players: list[str] | tuple[str, ...] = ("alice", "bob"),
                 cards: Catalog | None = None):
        self.players: dict[str, dict[str, Any]] = {p: {} for p in players}
        self.turn: dict[str, Any] = {"turn": 1, "active": next(iter(self.players)),
                                     "step": "main1"}
        self._objects: list[dict[str, Any]] = []
        self.extra: dict[str, Any] = {}
        self.cards = cards or catalog()

    def __repr__(self) -> str:
        return f"<BuilderModel {len(self._objects)} objects, players {list(self.players)}>"

    # --- objects -----------------------------------------------------------------------------

    @property
    def objects(self) -> list[dict[str, Any]]:
        """The objects, in the order the YAML lists them (by owner, then zone)."""
        return copy.deepcopy(self._objects)

    def ids(self) -> list[str]:
        return [o["id"] for o in self._objects]

    def add(self, card: str, zone: str = "battlefield", owner: str | None = None, *,
            id: str | None = None, **options: Any) -> str:
        """Add a card (English or French name) to a zone; returns the object's id."""
        owner = owner or next(iter(self.players))
        if owner not in self.players:
            raise ValueError(f"there is no player '{owner}' (players: {', '.join(self.players)})")
        if zone not in SETUP_ZONES:
            raise ValueError(f"can't set up an object in zone '{zone}' "
                             f"(use one of {', '.join(SETUP_ZONES)})")
        try:
            name = self.cards[card].name
        except KeyError:
            raise ValueError(f"unknown card '{card}'") from None
        unknown = set(options) - set(OBJECT_OPTIONS)
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)} (known: "
                             f"{', '.join(OBJECT_OPTIONS)})")
        oid = id or self._new_id(slug(name))
        if oid in self.ids() or oid in self.players:
            raise ValueError(f"the id '{oid}' is already used")
        target = options.get("attached_to")
        if target and target not in self.ids():
            raise ValueError(f"'{target}' is not the id of an object here")
        obj: dict[str, Any] = {"card": name, "zone": zone, "owner": owner, "id": oid}
        for key in OBJECT_OPTIONS[1:]:
            value = options.get(key)
            if key == "controller" and value == owner:
                value = None
            if value not in (None, False, {}, 0, ""):
                obj[key] = dict(value) if isinstance(value, dict) else value
        self._objects.append(obj)
        self._sort()
        return oid

    def remove(self, obj_id: str) -> None:
        before = len(self._objects)
        self._objects = [o for o in self._objects if o["id"] != obj_id]
        if len(self._objects) == before:
            raise ValueError(f"there is no object '{obj_id}'")
        for o in self._objects:
            if o.get("attached_to") == obj_id:
                del o["attached_to"]

    def set_player(self, name: str, *, life: int | None = None, mana: str | None = None) -> None:
        spec = self.players.setdefault(name, {})
        if life is not None:
            spec["life"] = int(life)
        if mana is not None:
            if mana:
                spec["mana"] = mana
            else:
                spec.pop("mana", None)

    def set_turn(self, *, active: str | None = None, step: str | None = None,
                 turn: int | None = None) -> None:
        if active is not None:
            if active not in self.players:
                raise ValueError(f"there is no player '{active}'")
            self.turn["active"] = active
        if step is not None:
            if step not in STEPS:
                raise ValueError(f"unknown step '{step}' (one of {', '.join(STEPS)})")
            self.turn["step"] = step
        if turn is not None:
            self.turn["turn"] = int(turn)

    def _new_id(self, wanted: str) -> str:
        used = set(self.ids()) | set(self.players)
        if wanted not in used:
            return wanted
        n = 2
        while f"{wanted}-{n}" in used:
            n += 1
        return f"{wanted}-{n}"

    def _sort(self) -> None:
        order = list(self.players)
        self._objects.sort(key=lambda o: (order.index(o["owner"]), SETUP_ZONES.index(o["zone"])))

    # --- to and from data --------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The scenario as plain data, in the order the YAML shows it."""
        data: dict[str, Any] = {k: copy.deepcopy(self.extra[k]) for k in HEAD_FIELDS
                                if k in self.extra}
        data["players"] = {p: dict(spec) for p, spec in self.players.items()}
        setup: dict[str, Any] = {"turn": self.turn["turn"], "active": self.turn["active"],
                                 "step": self.turn["step"]}
        for p in self.players:
            zones: dict[str, list] = {}
            for o in self._objects:
                if o["owner"] == p:
                    entry = {"card": o["card"]}
                    entry.update({k: copy.deepcopy(o[k]) for k in OBJECT_OPTIONS if k in o})
                    zones.setdefault(o["zone"], []).append(entry)
            if zones:
                setup[p] = {z: zones[z] for z in SETUP_ZONES if z in zones}
        data["setup"] = setup
        data.update({k: copy.deepcopy(self.extra[k]) for k in TAIL_FIELDS if k in self.extra})
        return data

    def to_yaml(self) -> str:
        """Scenario YAML text (objects one per line, in flow style)."""
        return yaml.safe_dump(self.to_data(), sort_keys=False, allow_unicode=True,
                              default_flow_style=None, width=100)

    def to_scenario(self, scenario_id: str | None = None) -> Scenario:
        """Read what the builder writes, through the scenario loader (which validates it)."""
        return parse_scenario(self.to_yaml(), scenario_id=scenario_id or self.extra.get(
            "id", "built-situation"))

    def new_game(self) -> Game:
        """The game at the start of the situation (step 0: the set-up)."""
        return self.to_scenario().new_game()

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.to_yaml(), encoding="utf-8")
        return path

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> BuilderModel:
        b = cls(list(scenario.players), cards=scenario.cards)
        for name, spec in scenario.players.items():
            b.players[name] = {k: plain(spec[k]) for k in ("life", "mana") if k in spec}
        b.turn = dict(scenario.turn)
        data = scenario.data if isinstance(scenario.data, dict) else {}
        b.extra = {k: plain(data[k]) for k in (*HEAD_FIELDS, *TAIL_FIELDS) if k in data}
        for so in scenario.setup_objects:
            opts = plain(dict(so.options))
            b._objects.append({"card": so.card, "zone": so.zone, "owner": so.owner,
                               "id": opts.pop("id", None) or "", **opts})
        for o in b._objects:  # objects the file left without an id get the engine's id
            if not o["id"]:
                o["id"] = b._new_id(slug(b.cards[o["card"]].name))
        for o in b._objects:
            o.update({k: o.pop(k) for k in OBJECT_OPTIONS if k in o})
        b._sort()
        return b

    @classmethod
    def from_yaml(cls, text: str, scenario_id: str = "scenario") -> BuilderModel:
        return cls.from_scenario(parse_scenario(text, scenario_id=scenario_id))

    @classmethod
    def load(cls, path: str | Path) -> BuilderModel:
        return cls.from_scenario(load_scenario(path))
