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
import difflib
import os
from pathlib import Path
from typing import Any

import yaml

from ..abilities import CardDef
from ..cards import Catalog, catalog
from ..counters import problem
from ..data import plain
from ..game import Game
from ..objects import STEPS, slug
from ..placement import check_attachment, check_aura_attached, check_zone
from ..scenarios import Scenario, load_scenario, parse_scenario
from ..scenarios.loader import SETUP_ZONES

#: The options an object may have in a set-up, in the order they are written.
OBJECT_OPTIONS = ("id", "controller", "tapped", "counters", "damage", "entered_this_turn",
                  "attached_to", "token", "emblem", "face_down", "attacking")
#: Top-level fields written before ``players`` and ``setup``, and after them: the set-up comes
#: right after the titles, so the builder's YAML box opens on what the builder edits.
HEAD_FIELDS = ("id", "title", "title_fr", "seed")
TAIL_FIELDS = ("description", "description_fr", "cards", "script", "expect")


#: The zones the builder offers, in the order a person thinks of them.
BUILDER_ZONES = ("battlefield", "hand", "graveyard", "library", "exile", "command")
WORKDIR_ENV = "MTGRULES_WORKDIR"


def working_folder() -> Path:
    """Where the builder saves and loads situations: ``$MTGRULES_WORKDIR`` when set, else the
    folder the notebook runs in, unless that is the kit's own code or the repository's shipped
    notebooks (a save there would land in the repository): then ``~/mtgrules-situations``."""
    env = os.environ.get(WORKDIR_ENV)
    if env:
        return Path(env).expanduser()
    here = Path.cwd().resolve()
    package = Path(__file__).resolve().parents[1]
    shipped = package.parent / "notebooks"
    if here == shipped or here.is_relative_to(package):
        return Path.home() / "mtgrules-situations"
    return here


def resolve_path(path: str | Path) -> Path:
    """A file name typed in the builder, relative to :func:`working_folder`."""
    path = Path(path).expanduser()
    return path if path.is_absolute() else working_folder() / path


class _Dumper(yaml.SafeDumper):
    """Long or multi-line text as a folded block (``>``): read as written, no '' escapes."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if len(value) > 88 and value.strip() and value == value.lstrip() and \
            "\n" not in value.rstrip("\n") and not value.rstrip("\n").endswith(" "):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=">")
    if "\n" in value.rstrip("\n") and value == value.lstrip():
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", value)


_Dumper.add_representer(str, _text)


class SetupError(ValueError):
    """A set-up the builder can't make, said in English and French."""

    def __init__(self, message: str, message_fr: str):
        super().__init__(message)
        self.message_fr = message_fr


def parse_counters(text: str, cards: Catalog | None = None) -> dict[str, int]:
    """``"+1/+1: 2, charge: 1"`` → ``{'+1/+1': 2, 'charge': 1}`` (empty text: no counters).
    Each kind is one the rules name or a card of ``cards`` (the kit's catalog) declares
    (mtgrules.counters): "+1/+l" is refused with "did you mean", in English and French."""
    out: dict[str, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, sep, number = part.rpartition(":")
        if not sep or not name.strip():
            raise SetupError(f"counters are written 'kind: number', got {part!r}",
                             f"les marqueurs s'écrivent « type: nombre », reçu {part!r}")
        refused = problem(name.strip(), (cards or catalog()).counter_kinds())
        if refused:  # "+1/+l" is a typo, not a new kind of counter (122.1)
            raise SetupError(*refused)
        try:
            out[name.strip()] = int(number)
        except ValueError:
            raise SetupError(f"the number of {name.strip()!r} counters must be a whole number, "
                             f"got {number.strip()!r}",
                             f"le nombre de marqueurs {name.strip()!r} doit être un nombre "
                             f"entier, reçu {number.strip()!r}") from None
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
        #: players whose library the set-up lists even when it is empty (``library: []``:
        #: drawing from it loses, 704.5b)
        self.listed_libraries: set[str] = set()
        self.extra: dict[str, Any] = {}
        #: what the situation is called in messages: its id, else the scenario it came from
        self.source = ""
        self.cards = cards or catalog()

    @property
    def name(self) -> str:
        return str(self.extra.get("id") or self.source or "situation")

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
            raise SetupError(f"there is no player '{owner}' (players: {', '.join(self.players)})",
                             f"il n'y a pas de joueur « {owner} » (joueurs : "
                             f"{', '.join(self.players)})")
        if zone not in SETUP_ZONES:
            raise ValueError(f"can't set up an object in zone '{zone}' "
                             f"(use one of {', '.join(SETUP_ZONES)})")
        chars = self.card(card).characteristics()
        name = chars.name
        check_zone(chars, zone)
        unknown = set(options) - set(OBJECT_OPTIONS)
        if unknown:
            raise ValueError(f"unknown option(s) {sorted(unknown)} (known: "
                             f"{', '.join(OBJECT_OPTIONS)})")
        oid = id or self._new_id(slug(name))
        if oid in self.ids() or oid in self.players:
            raise SetupError(f"the id '{oid}' is already used",
                             f"l'identifiant « {oid} » est déjà pris")
        target = options.get("attached_to")
        check_aura_attached(chars, zone, target)  # 704.5m: an Aura enchants something
        if target:
            host = next((o for o in self._objects if o["id"] == target), None)
            if host is None:
                raise SetupError(f"'{target}' is not the id of an object here",
                                 f"« {target} » n'est l'identifiant d'aucun objet ici")
            # 303.4c, 702.5a: what the enchant ability allows, "you control" included
            check_attachment(chars, zone, self.cards[host["card"]].characteristics(),
                             host["zone"], controller=options.get("controller") or owner,
                             host_controller=host.get("controller") or host["owner"])
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

    def enchantable(self, card: str, controller: str | None = None) -> list[str] | None:
        """What an Aura named ``card``, controlled by ``controller``, could enchant on the
        battlefield here (303.4c, 702.5a); None when the card isn't a known Aura."""
        try:
            chars = self.card(card).characteristics()
        except ValueError:
            return None
        if "aura" not in chars.subtypes:
            return None
        controller = controller or next(iter(self.players))
        found = []
        for o in self._objects:
            try:
                check_attachment(chars, "battlefield", self.cards[o["card"]].characteristics(),
                                 o["zone"], controller=controller,
                                 host_controller=o.get("controller") or o["owner"])
            except ValueError:
                continue
            found.append(o["id"])
        return found

    def card(self, name: str) -> CardDef:
        """The card a person typed: its English or French name, in any case. An unknown name
        is refused with what was typed and the nearest names, never replaced by another card."""
        typed = name.strip()
        if not typed:
            raise SetupError("type the name of a card first",
                             "tapez d'abord le nom d'une carte")
        if typed in self.cards:
            return self.cards[typed]
        names = {n: n for n in self.cards}
        names.update({c.characteristics().name_fr: n for n, c in self.cards.items()
                      if c.characteristics().name_fr})
        folded = {k.casefold(): v for k, v in names.items()}
        if typed.casefold() in folded:
            return self.cards[folded[typed.casefold()]]
        close = difflib.get_close_matches(typed.casefold(), list(folded), n=3, cutoff=0.6)
        hint = f" (did you mean: {', '.join(dict.fromkeys(folded[c] for c in close))}?)" \
            if close else ""
        hint_fr = hint.replace("did you mean:", "vouliez-vous dire :").replace("?)", " ?)")
        raise SetupError(f"unknown card '{typed}': it is not in the catalog{hint}",
                         f"carte inconnue « {typed} » : elle n'est pas dans le catalogue"
                         f"{hint_fr}")

    def remove(self, obj_id: str) -> None:
        before = len(self._objects)
        self._objects = [o for o in self._objects if o["id"] != obj_id]
        if len(self._objects) == before:
            raise SetupError(f"there is no object '{obj_id}'",
                             f"il n'y a pas d'objet « {obj_id} »")
        auras = [o["id"] for o in self._objects if o.get("attached_to") == obj_id
                 and "aura" in self.cards[o["card"]].characteristics().subtypes]
        for o in self._objects:
            if o.get("attached_to") == obj_id:
                del o["attached_to"]
        for aura in auras:  # 704.5m: an Aura attached to nothing doesn't stay
            self.remove(aura)

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
            if p in self.listed_libraries:
                zones.setdefault("library", [])
            if zones:
                setup[p] = {z: zones[z] for z in SETUP_ZONES if z in zones}
        data["setup"] = setup
        data.update({k: copy.deepcopy(self.extra[k]) for k in TAIL_FIELDS if k in self.extra})
        return data

    def to_yaml(self) -> str:
        """Scenario YAML text (objects one per line, in flow style)."""
        return yaml.dump(self.to_data(), Dumper=_Dumper, sort_keys=False, allow_unicode=True,
                         default_flow_style=None, width=92)

    def to_scenario(self, scenario_id: str | None = None) -> Scenario:
        """Read what the builder writes, through the scenario loader (which validates it)."""
        return parse_scenario(self.to_yaml(), scenario_id=scenario_id or self.extra.get(
            "id", "built-situation"))

    def new_game(self) -> Game:
        """The game at the start of the situation (step 0: the set-up)."""
        return self.to_scenario().new_game()

    def save(self, path: str | Path) -> Path:
        """Write the scenario YAML; a relative path is in :func:`working_folder`."""
        path = resolve_path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.to_yaml(), encoding="utf-8")
        return path

    @classmethod
    def from_scenario(cls, scenario: Scenario) -> BuilderModel:
        b = cls(list(scenario.players), cards=scenario.cards)
        for name, spec in scenario.players.items():
            b.players[name] = {k: plain(spec[k]) for k in ("life", "mana") if k in spec}
            if spec.get("library_listed"):
                b.listed_libraries.add(name)
        b.turn = dict(scenario.turn)
        b.source = scenario.id
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
        return cls.from_scenario(load_scenario(resolve_path(path)))
