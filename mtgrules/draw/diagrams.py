"""Diagrams of one moment of a game: the stack, triggers, copies, linked abilities, the board.

Each view is a function of a game state (a :class:`~mtgrules.objects.State`, a timeline
:class:`~mtgrules.timeline.Step`, or a :class:`~mtgrules.game.Game` for its current state) and a
language, and returns a :class:`Diagram`: DOT source that renders to SVG and shows itself in
Jupyter. Views read states; they never change a game.

- ``stack``: the stack, top first (405); each object's kind, source, controller, targets, X, mode,
  division, and a dashed edge from each copy to its original (707.10).
- ``triggers``: each event and the trigger instances it caused; additional instances point back
  to the effects that added them (603.2d).
- ``copies``: permanents and what they copy, with the copiable values they got (707.2, 707.3).
- ``links``: linked abilities and the cards they exiled (607.2a, 607.3).
- ``board``: each player's life, mana and zones (400.1).

Every piece of text a person typed (card names, ids) is escaped: labels are plain DOT strings,
never HTML-like labels, so ``<script>`` comes out as text in the SVG.

>>> from mtgrules.scenarios import scenario_by_id
>>> game = scenario_by_id("core-target-gone").run(upto=1).game
>>> diagram = draw_step(game, 1, view="stack")
>>> diagram
<Diagram stack step 1 (en): 2 nodes, 1 edges>
>>> "Lightning Bolt (bolt)" in diagram.source
True
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..abilities import AbilityDef, Characteristics
from ..mana import format_pool
from ..objects import (
    OWNED_ZONES,
    DelayedTrigger,
    GameObject,
    Link,
    LinkedCard,
    Ref,
    Shield,
    StackItem,
    State,
    TriggerRecord,
)
from ..text import MessageName, Name, french_name, player_name, typeset
from ..text import render as render_message
from ..text.messages import STEP_NAMES
from ..text.plural import Plural
from ..text.safe import printable
from ..text.typeline import counter_name, keyword_name, type_line
from . import scale
from .render import RendererUnavailable, render_svg

if TYPE_CHECKING:
    from ..game import Game
    from ..replaced import Replaced
    from ..timeline import Step

__all__ = ["VIEWS", "Diagram", "board_view", "copies_view", "draw_step", "links_view",
           "stack_view", "triggers_view"]

LANGS = ("en", "fr")

# Labels in both languages; the French follows the official terms (la pile, capacité activée...).
W: dict[str, Name] = {
    "not_listed": Name("not listed", "non décrite"),
    "spell": Name("spell", "sort"),
    "activated": Name("activated ability", "capacité activée"),
    "triggered": Name("triggered ability", "capacité déclenchée"),
    "copy_spell": Name("copy of a spell", "copie d'un sort"),
    "copy_activated": Name("copy of an activated ability", "copie d'une capacité activée"),
    "copy_triggered": Name("copy of a triggered ability", "copie d'une capacité déclenchée"),
    "source": Name("source", "source"),
    "controller": Name("controller", "contrôleur"),
    "target": Name("target", "cible"),
    "copy_of": Name("copy of (707.10)", "copie de (707.10)"),
    "mode": Name("mode", "mode"),
    "division": Name("division", "répartition"),
    "instance": Name("instance {n} of {of}", "occurrence {n} sur {of}"),
    "stack": Name("The stack, top first (405)", "La pile, le haut en premier (405)"),
    "empty_stack": Name("the stack is empty", "la pile est vide"),
    "top": Name("top", "haut"),
    "left_stack": Name("no longer on the stack", "n'est plus sur la pile"),
    "left_zone": Name("left that zone: a new object (400.7)",
                      "a quitté cette zone : un nouvel objet (400.7)"),
    "triggers_title": Name("Trigger events and the instances they caused (603.2, 603.2d)",
                           "Événements déclencheurs et les occurrences qu'ils causent "
                           "(603.2, 603.2d)"),
    "nothing_triggered": Name("nothing has triggered", "rien ne s'est déclenché"),
    "nothing_this_step": Name("nothing triggered during this step",
                              "rien ne s'est déclenché pendant cette étape"),
    "triggers": Name("triggers", "déclenche"),
    "added_by": Name("one more time (603.2d)", "une fois de plus (603.2d)"),
    "additional": Name("additional instance (603.2d)", "occurrence supplémentaire (603.2d)"),
    "step": Name("step {n}", "étape {n}"),
    "copies_title": Name("Copies and their copiable values (707.2, 707.3)",
                         "Copies et leurs valeurs copiables (707.2, 707.3)"),
    "no_copies": Name("no copies", "aucune copie"),
    "copiable": Name("copiable values:", "valeurs copiables :"),
    "exceptions": Name("except (707.9):", "à ces exceptions près (707.9) :"),
    "printed": Name("printed", "imprimé"),
    "copies": Name("copies (707.3)", "copie (707.3)"),
    "token": Name("token (111.3)", "jeton (111.3)"),
    "links_title": Name("Linked abilities and the cards they exiled (607)",
                        "Capacités liées et les cartes qu'elles ont exilées (607)"),
    "no_links": Name("no linked ability has exiled anything",
                     "aucune capacité liée n'a rien exilé"),
    "exiles": Name("exiled (607.2a)", "a exilé (607.2a)"),
    "may_play": Name("may play (607.3)", "peut jouer (607.3)"),
    "has": Name("has", "a"),
    "linked_like": Name("linked too (607.3, 707.10b)", "liée aussi (607.3, 707.10b)"),
    "face_down": Name("face down", "face cachée"),
    "not_in_exile": Name("no longer in exile: not linked (400.7)",
                         "n'est plus en exil : plus liée (400.7)"),
    "board_title": Name("The board: turn {turn}, {step}", "La partie : tour {turn}, {step}"),
    "life": Name("life", "points de vie"),
    "mana": Name("mana pool", "réserve de mana"),
    "active": Name("active player", "joueur actif"),
    "priority": Name("has priority", "a la priorité"),
    "tapped": Name("tapped", "engagé"),
    "damage": Name("damage", "blessures"),
    "attached_to": Name("attached to", "attaché à"),
    "enchants": Name("enchants (303.4b)", "enchante (303.4b)"),
    "equips": Name("equips (301.5a)", "équipe (301.5a)"),
    "attacks": Name("attacks", "attaque"),
    "blocks": Name("blocks", "bloque"),
    "attacking": Name("attacking", "attaquant"),
    "blocking": Name("blocking", "bloqueur"),
    "layers": Name("continuous effects (613):", "effets continus (613) :"),
    "delayed": Name("delayed triggered abilities waiting (603.7):",
                    "capacités déclenchées retardées en attente (603.7) :"),
    "refers_to": Name("refers to:", "se réfère à :"),
    "delayed_ability": Name("delayed triggered ability (603.7)",
                            "capacité déclenchée retardée (603.7)"),
    "replaced_title": Name("Replaced during this step (614.6, 616.1)",
                           "Remplacé pendant cette étape (614.6, 616.1)"),
    "prevented_title": Name("Prevented during this step (615.6)",
                            "Prévenu pendant cette étape (615.6)"),
    "would": Name("would have been:", "aurait été :"),
    "instead": Name("instead, by {effect} ({rule}):", "à la place, par {effect:le} ({rule}) :"),
    "prevented_by": Name("prevented by {effect} ({rule}):",
                         "prévenu par {effect:le} ({rule}) :"),
    # a part prevented: the line under it is what is still dealt, not what was prevented
    "part_prevented_by": Name("part prevented by {effect} ({rule}); still dealt:",
                              "en partie prévenu par {effect:le} ({rule}) ; encore infligé :"),
    "nothing_happens": Name("nothing: all of it is prevented (615.6)",
                            "rien : tout est prévenu (615.6)"),
    "nothing_instead": Name("nothing (614.6)", "rien (614.6)"),
    "replaces": Name("replaces (614)", "remplace (614)"),
    "prevents": Name("prevents (615)", "prévient (615)"),
    "happened": Name("instead (614.6)", "à la place (614.6)"),
    "nothing_dealt": Name("prevented (615.6)", "prévenu (615.6)"),
    "shield_title": Name("Prevention shield (615.7)", "Bouclier de prévention (615.7)"),
    "shields": Name("shields (615.7)", "sert de bouclier (615.7)"),
}

ZONE_WORDS: dict[str, Name] = {
    "library": Name("library", "bibliothèque"),
    "hand": Name("hand", "main"),
    "battlefield": Name("battlefield", "champ de bataille"),
    "graveyard": Name("graveyard", "cimetière"),
    "stack": Name("stack", "la pile"),
    "exile": Name("exile", "exil"),
    "command": Name("command zone", "zone de commandement"),
    "outside": Name("outside the game", "hors de la partie"),
}


# Counted labels: one form per plural category (« 0 carte », "0 cards"), see mtgrules.text.plural.
COUNTED: dict[str, tuple[Plural, Plural]] = {
    "cards": (Plural(one="{n} card", other="{n} cards"),
              Plural(one="{n} carte", other="{n} cartes")),
    "on_stack": (Plural(one="{n} object on the stack", other="{n} objects on the stack"),
                 Plural(one="{n} objet sur la pile", other="{n} objets sur la pile")),
}


def _count(key: str, lang: str, n: int) -> str:
    return COUNTED[key][lang == "fr"].select(lang, n).format(n=n)


def _w(key: str, lang: str, **params: Any) -> str:
    text = W[key].in_(lang)
    return text.format(**params) if params else text


def _kv(key: str, value: str, lang: str) -> str:
    """``key: value``, with French spacing before the colon."""
    return f"{_w(key, lang)}{' : ' if lang == 'fr' else ': '}{value}"


def _keyword_text(ability: AbilityDef, lang: str) -> str:
    assert ability.keyword is not None
    if lang == "fr" and ability.text_fr:
        return ability.text_fr.split(" (")[0]
    return ability.keyword.capitalize()


# --- the diagram object ---------------------------------------------------------------------


class Diagram:
    """DOT source for one view of one moment, with its SVG rendered on demand (and cached).

    Displays itself in Jupyter through ``_repr_svg_``; its ``repr`` is deterministic.
    """

    def __init__(self, source: str, view: str, lang: str = "en", *, step: int | None = None,
                 nodes: int = 0, edges: int = 0) -> None:
        self._source = source
        self.view = view
        self.lang = lang
        self.step = step
        self.nodes = nodes
        self.edges = edges
        self._svg: dict[str, str] = {}

    @property
    def source(self) -> str:
        """The DOT source."""
        return self._source

    def svg(self, renderer: str | None = None) -> str:
        """The SVG document, rendered with ``dot`` or WebAssembly Graphviz (see render_svg)."""
        key = renderer or ""
        if key not in self._svg:
            self._svg[key] = render_svg(self._source, renderer=renderer)
        return self._svg[key]

    def save(self, path: str) -> None:
        """Write the SVG to ``path``."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg())

    def _repr_svg_(self) -> str | None:
        try:
            return self.svg()
        except RendererUnavailable:
            return None  # Jupyter then shows the repr

    def __repr__(self) -> str:
        where = f" step {self.step}" if self.step is not None else ""
        return (f"<Diagram {self.view}{where} ({self.lang}): {self.nodes} nodes, "
                f"{self.edges} edges>")


# --- building DOT -----------------------------------------------------------------------------


def _esc(text: object) -> str:
    """User text as DOT label text: backslashes kept literal, newlines flattened."""
    return str(text).replace("\\", "\\\\").replace("\r", " ").replace("\n", " ")


def _label(*lines: str) -> str:
    """Join already-escaped lines with DOT line breaks."""
    return "\\n".join(line for line in lines if line)


class _Builder:
    """A graphviz Digraph plus readable, safe node names and counts of what was drawn."""

    def __init__(self, title: str, **graph_attr: str) -> None:
        import graphviz  # the lab extra: imported only when drawing

        self._gv = graphviz
        attrs = {"fontname": "Helvetica", "fontsize": "12", "labelloc": "t",
                 "label": self.text(_label(*map(_esc, title.split("\n")))), **graph_attr}
        self.graph = graphviz.Digraph("mtgrules", graph_attr=attrs,
                                      node_attr={"fontname": "Helvetica", "fontsize": "11",
                                                 "shape": "box", "style": "rounded"},
                                      edge_attr={"fontname": "Helvetica", "fontsize": "9"})
        self._names: dict[tuple[str, str], str] = {}
        self._used: set[str] = set()
        self.nodes = 0
        self.edges = 0

    def text(self, label: str) -> Any:
        """Mark a label as plain text: never an HTML-like label, whatever it contains; a
        character XML can't hold (a control character in a name) is shown as U+FFFD, or the
        SVG would not parse."""
        return self._gv.nohtml(printable(label))

    def name(self, kind: str, obj_id: str) -> str:
        """A node name made of safe characters, stable for the same (kind, id)."""
        key = (kind, obj_id)
        if key not in self._names:
            base = f"{kind}_{re.sub(r'[^A-Za-z0-9_]', '_', obj_id)}"
            name, n = base, 2
            while name in self._used:
                name, n = f"{base}_{n}", n + 1
            self._names[key] = name
            self._used.add(name)
        return self._names[key]

    def has(self, kind: str, obj_id: str) -> bool:
        return (kind, obj_id) in self._names

    def node(self, kind: str, obj_id: str, label: str, graph: Any = None, **attrs: str) -> str:
        name = self.name(kind, obj_id)
        (graph or self.graph).node(name, self.text(label), **attrs)
        self.nodes += 1
        return name

    def edge(self, tail: str, head: str, label: str = "", *, visible: bool = True,
             label_at: str = "label", **attrs: str) -> None:
        """An edge. ``label_at="xlabel"`` puts the label beside a flat edge (between nodes of one
        rank): dot 2.43 crashes laying out labelled flat edges in a cluster. ``"taillabel"`` puts
        it by the tail: Graphviz centres every loop's label on its node, so loops between two
        fields of one record would pile their labels up."""
        if label:
            attrs[label_at] = self.text(label)
        if not visible:
            attrs["style"] = "invis"
        self.graph.edge(tail, head, **attrs)
        self.edges += visible

    def diagram(self, view: str, lang: str, step: int | None) -> Diagram:
        return Diagram(self.graph.source, view, lang, step=step, nodes=self.nodes,
                       edges=self.edges)


# --- reading states ---------------------------------------------------------------------------


def _state_of(source: State | Step | Game) -> State:
    if isinstance(source, State):
        return source
    state = getattr(source, "state", None)
    if isinstance(state, State):
        return state
    raise TypeError(f"expected a State, a timeline Step or a Game, got {type(source).__name__}")


def _zone(state: State, player: str | None, zone: str) -> list[str]:
    """Ids in a zone, read without creating the zone's list (State.zone would: views only read)."""
    key = ((player or "") if zone in OWNED_ZONES else "", zone)
    return list(state.zones.get(key, ()))


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language '{lang}' (use 'en' or 'fr')")


def _name(obj: GameObject, lang: str) -> str:
    chars = obj.copiable_values()
    return (chars.name_fr or chars.name) if lang == "fr" else chars.name


def _obj_text(state: State, obj_id: str, lang: str) -> str:
    """``Name (id)`` as plain text; a face-down card says so."""
    obj = state.objects.get(obj_id)
    if obj is None:
        return obj_id
    name = _name(obj, lang)
    if obj.face_down:  # a teaching diagram shows what the card is, and that it is hidden
        name = _kv("face_down", name, lang)
    return f"{name} ({obj_id})"


def _obj_label(state: State, obj_id: str, lang: str) -> str:
    """:func:`_obj_text`, escaped for a DOT string."""
    return _esc(_obj_text(state, obj_id, lang))


def _effect_text(state: State | None, text: str, lang: str) -> str:
    """An effect recorded as ``Name (id)`` in English (e.g. what added a trigger instance,
    603.2d), named in ``lang`` when its object is known."""
    obj_id = text.rpartition(" (")[2].rstrip(")")
    if state is None or lang == "en" or obj_id not in state.objects:
        return text
    return f"{_name(state.objects[obj_id], lang)} ({obj_id})"


def _chars_lines(chars: Characteristics, lang: str) -> list[str]:
    """Name, types and P/T of copiable values, escaped."""
    name = (chars.name_fr or chars.name) if lang == "fr" else chars.name
    types = type_line(chars.supertypes, chars.card_types, chars.subtypes, lang)
    lines = [_esc(name), _esc(types)]
    if chars.power is not None:
        lines.append(f"{chars.power}/{chars.toughness}")
    return lines


# --- stack (405, 707.10) ----------------------------------------------------------------------


def _kind_word(item: StackItem, lang: str) -> str:
    return _w(f"copy_{item.kind}" if item.is_copy else item.kind, lang)


def _item_source(item: StackItem, lang: str) -> str:
    name = item.source_name_fr if lang == "fr" else item.source_name
    return f"{name} ({item.source_id})"


def _item_text(item: StackItem, lang: str, top: bool, state: State | None = None) -> list[str]:
    """What a stack object is and every decision made for it (601.2, 707.10), as plain text lines
    (the caller escapes them for a DOT string or an HTML-like label)."""
    head = f"{item.id} · {_kind_word(item, lang)}" + (f" ({_w('top', lang)})" if top else "")
    lines = [head]
    if item.kind == "spell":
        lines.append(_item_source(item, lang))
    else:
        lines.append(_kv("source", _item_source(item, lang), lang))
        if item.ability is not None and item.ability.keyword:
            lines.append(_keyword_text(item.ability, lang))
    lines.append(_kv("controller", player_name(item.controller), lang))
    return lines + _decision_lines(item, lang, state)


def _item_lines(item: StackItem, lang: str, top: bool, state: State | None = None
                ) -> list[str]:
    """:func:`_item_text`, escaped for a DOT string."""
    return [_esc(line) for line in _item_text(item, lang, top, state)]


def _decision_lines(item: StackItem, lang: str, state: State | None) -> list[str]:
    lines = []
    if item.x or (item.ability is not None and item.ability.has_x):
        lines.append(f"X={item.x}")
    if item.mode is not None:
        lines.append(_kv("mode", _mode_text(item.ability, item.mode, lang), lang))
    if item.division:
        lines.append(_kv("division", " / ".join(str(n) for n in item.division), lang))
    if item.instance is not None and item.instance[1] > 1:
        n, of = item.instance
        lines.append(_w("instance", lang, n=n, of=of))
        lines += [f"+1: {_effect_text(state, a, lang)} (603.2d)" for a in item.added_by]
    return lines


def _mode_text(ability: AbilityDef | None, mode: int, lang: str) -> str:
    if ability is not None and 0 <= mode < len(ability.modes):
        m = ability.modes[mode]
        text = m.text_fr if lang == "fr" and m.text_fr else m.text
        if text:
            return f"{mode + 1}. {text}"
    return str(mode + 1)


def _target_node(b: _Builder, state: State, ref: Ref, lang: str) -> str:
    """A node for what a target refers to: a player, an object, or a stack object that has left
    the stack (one still on it is a row of the stack's table, see :func:`stack_view`)."""
    if ref.kind == "player":
        if not b.has("player", ref.id):
            b.node("player", ref.id, _esc(player_name(ref.id)), shape="ellipse", style="solid")
        return b.name("player", ref.id)
    if ref.kind == "stack":
        if not b.has("stack", ref.id):
            b.node("stack", ref.id, _label(_esc(ref.id), _w("left_stack", lang)),
                   style="dashed")
        return b.name("stack", ref.id)
    key = f"{ref.id}#{ref.zcc}"
    if not b.has("object", key):
        obj = state.objects.get(ref.id)
        lines = [_obj_label(state, ref.id, lang)]
        if obj is not None and obj.zone != "battlefield":
            lines.append(ZONE_WORDS.get(obj.zone, Name(obj.zone, obj.zone)).in_(lang))
        stale = obj is None or obj.zcc != ref.zcc
        if stale:
            lines.append(_w("left_zone", lang))
        b.node("object", key, _label(*lines), style="dashed" if stale else "solid")
    return b.name("object", key)


STACK_NODE = "stack"
"""The name of the stack's node in the stack view: one record, a field (port ``i0``, ``i1``...) per
stack object, top first."""

_RECORD_SPECIAL = str.maketrans({c: "\\" + c for c in "{}|<>"})


def _record_text(lines: list[str]) -> str:
    """Plain text lines as one record field: DOT-escaped, record syntax characters escaped, each
    line left-aligned (\\l)."""
    return "".join(_esc(line).translate(_RECORD_SPECIAL) + "\\l" for line in lines)


def _stack_record(state: State, items: list[StackItem], lang: str) -> str:
    """The stack as one record, top field first. A record's fields keep their order whatever edges
    leave them, where separate nodes get moved by Graphviz to shorten edges (405.2). (Records
    rather than an HTML-like table: the WebAssembly Graphviz is built without HTML labels.)"""
    fields = [_record_text([ZONE_WORDS["stack"].in_(lang)])]
    if not items:
        fields.append(_record_text([_w("empty_stack", lang)]))
    for i, item in enumerate(items):
        fields.append(f"<i{i}> " + _record_text(_item_text(item, lang, i == 0, state)))
    return "|".join(fields)


def stack_view(source: State | Step | Game, lang: str = "en", *, step: int | None = None,
               title: str | None = None, replaced: Sequence[Replaced] = ()) -> Diagram:
    """The stack as a column, top first (405.2), with targets, X, modes, divisions (601.2) and a
    dashed edge from each copy to its original (707.10). ``replaced``: the events replaced
    during the step (614.6), each a note beside the stack.

    The column is one record node whose fields are the stack objects, so its order is the
    stack's whatever other edges exist; edges between two objects on the stack leave and enter
    on the left, edges to targets leave on the right.
    """
    _check_lang(lang)
    state = _state_of(source)
    b = _Builder(title or _w("stack", lang), rankdir="LR", nodesep="0.3")
    items = list(reversed(state.stack))
    if len(items) > scale.MAX_ROWS:
        return _big_stack(b, state, items, lang, step)
    b.graph.node(STACK_NODE, b.text(_stack_record(state, items, lang)), shape="Mrecord",
                 style="filled", fillcolor="#eef4ff")
    b.nodes += len(items) or 1
    rows = {item.id: f"{STACK_NODE}:i{i}" for i, item in enumerate(items)}
    for i, item in enumerate(items):
        _stack_edges(b, state, item, f"{STACK_NODE}:i{i}", rows, lang)
    _replacement_notes(b, replaced, lang)
    return b.diagram("stack", lang, step)


def _big_stack(b: _Builder, state: State, items: list[StackItem], lang: str,
               step: int | None) -> Diagram:
    """A stack too long to draw object by object: runs of identical neighbours are one row
    each ("S5015 … S4013 · ×1,003"), at most :data:`scale.MAX_ROWS` rows, then "… and N more".
    The order stays the stack's: only neighbours are merged (405.2)."""
    runs = scale.stack_runs(items)
    shown, hidden = scale.capped(runs)
    fields = [_record_text([ZONE_WORDS["stack"].in_(lang)])]
    rows: dict[str, str] = {}
    for i, run in enumerate(shown):
        text = _item_text(scale.run_item(run), lang, i == 0, state)
        if len(run) > 1:
            text[0] = f"{scale.run_head(run, lang)} · {_kind_word(run[0], lang)}"
        fields.append(f"<i{i}> " + _record_text(text))
        rows.update((it.id, f"{STACK_NODE}:i{i}") for it in run)
    if hidden:
        rest = [it for run in hidden for it in run]
        fields.append("<more> " + _record_text(
            [scale.more(len(rest), lang), f"{rest[0].id} … {rest[-1].id}"]))
        rows.update((it.id, f"{STACK_NODE}:more") for it in rest)
    b.graph.node(STACK_NODE, b.text("|".join(fields)), shape="Mrecord", style="filled",
                 fillcolor="#eef4ff")
    b.nodes += len(fields) - 1
    for i, run in enumerate(shown):
        _stack_edges(b, state, run[0], f"{STACK_NODE}:i{i}", rows, lang)
    return b.diagram("stack", lang, step)


# An edge between two objects on the stack is a loop on the stack's record, on its left side.
_LOOP: dict[str, Any] = {"label_at": "taillabel", "labelangle": "0", "labeldistance": "4",
                         "labelfontsize": "9"}


def _stack_edges(b: _Builder, state: State, item: StackItem, me: str, rows: dict[str, str],
                 lang: str) -> None:
    many = len(item.targets) > 1
    for slot, refs in enumerate(item.targets):
        for pos, ref in enumerate(refs):
            label = _w("target", lang) + (f" {slot + 1}" if many else "")
            if slot == 0 and item.division and pos < len(item.division):
                label += f" ({item.division[pos]})"
            if ref.kind == "stack" and ref.id in rows:
                b.edge(f"{me}:w", f"{rows[ref.id]}:w", label, color="#1f5fbf", **_LOOP)
            else:
                b.edge(f"{me}:e", _target_node(b, state, ref, lang), label, color="#1f5fbf")
    if item.copy_of:
        label = _w("copy_of", lang)
        if item.copy_of in rows:
            b.edge(f"{me}:w", f"{rows[item.copy_of]}:w", label, style="dashed", color="#8a6d00",
                   **_LOOP)
        else:
            original = _target_node(b, state, Ref("stack", item.copy_of), lang)
            b.edge(f"{me}:e", original, label, style="dashed", color="#8a6d00")


# --- triggers (603.2, 603.2d) -----------------------------------------------------------------


def _event_descriptions(game: Game | None) -> dict[tuple[int, int], Name]:
    """The log's description of each trigger, by (step, n-th trigger in that step)."""
    if game is None:
        return {}
    found: dict[tuple[int, int], Name] = {}
    for step in game.timeline.steps:
        entries = [e for e in step.entries
                   if e.key in ("triggers", "triggers_more", "delayed_triggers")]
        for n, entry in enumerate(entries):
            event = entry.get("event")
            if isinstance(event, MessageName):  # (a trigger's event, written out now)
                event = event.name
            if isinstance(event, Name):
                found[(step.index, n)] = event
    return found


def _group_triggers(records: list[TriggerRecord]
                    ) -> dict[tuple[int, str, str], list[tuple[int, TriggerRecord]]]:
    """Records grouped by event (step, event type, event object), each with its ordinal in its
    step (the n-th time something triggered in that step)."""
    groups: dict[tuple[int, str, str], list[tuple[int, TriggerRecord]]] = {}
    ordinal: dict[int, int] = {}
    for rec in records:
        step = rec.step
        if rec.instance == 1:
            ordinal[step] = ordinal.get(step, -1) + 1
        key = (step, rec.event, rec.event_object or "")
        groups.setdefault(key, []).append((ordinal.get(step, 0), rec))
    return groups


def _event_label(state: State, key: tuple[int, str, str], description: Name | None,
                 lang: str, *, with_id: bool = True) -> str:
    """What happened, the object it happened to (its id tells two identical cards apart; a
    summary of many events leaves it out, to count the events that read alike) and when."""
    step, event, obj_id = key
    if description is not None:
        # the log's text names the object's id ("Grizzly Bears (b0) died"); one older or
        # written otherwise may not
        told, tag = description.in_(lang), f" ({obj_id})"
        if obj_id and not with_id:
            told = told.replace(tag, "")
        elif obj_id and tag not in told:
            told += tag
        what = _esc(told)
    else:
        what = _esc(event) + (f": {_obj_label(state, obj_id, lang)}" if obj_id else "")
    return _label(what, _w("step", lang, n=step))


def _instance_label(state: State, rec: TriggerRecord, lang: str) -> str:
    obj = state.objects.get(rec.source)
    name = _name(obj, lang) if obj is not None else rec.source_name
    name = f"{_esc(name)} ({_esc(rec.source)})"
    keyword = rec.keyword or ""
    lines = [name, _esc(keyword_name(keyword, lang)) if keyword else ""]
    if rec.delayed:
        lines.append(_w("delayed_ability", lang))
    n, of = rec.instance, rec.of
    if of > 1:
        lines.append(_w("instance", lang, n=n, of=of))
    if n > 1:
        lines.append(_w("additional", lang))
    return _label(*lines)


def triggers_view(source: State | Step | Game, lang: str = "en", *, step: int | None = None,
                  history: bool = False, game: Game | None = None,
                  title: str | None = None) -> Diagram:
    """Each trigger event and every instance it caused (603.2); an additional instance (603.2d)
    gets an edge from the effect that added it (The Masamune, Teysa Karlov...).

    ``State.triggered`` holds the whole game's records up to this state. Given a ``step``, only
    what triggered during that step is drawn, unless ``history`` asks for the earlier steps too
    (that step's events are then drawn bold). ``game`` lends the log's wording of each event.
    """
    _check_lang(lang)
    state = _state_of(source)
    records = [r for r in state.triggered
               if step is None or history or r.step == step]
    b = _Builder(title or _w("triggers_title", lang), rankdir="LR")
    if not records:
        empty = "nothing_this_step" if step is not None and not history else "nothing_triggered"
        b.node("note", "none", _w(empty, lang), style="dashed")
    if state.delayed:  # created, not yet triggered (603.7a)
        _delayed_node(b, state, lang)
    descriptions = _event_descriptions(game)
    groups = _group_triggers(records)
    if len(groups) > scale.MAX_ROWS:
        _triggers_summary(b, state, groups, descriptions, step, lang)
        return b.diagram("triggers", lang, step)
    for key, members in groups.items():
        ev_id = f"{key[0]}|{key[1]}|{key[2]}"
        bold = {"penwidth": "2"} if history and step is not None and key[0] == step else {}
        event = b.node("event", ev_id, _event_label(state, key, descriptions.get(
            (key[0], members[0][0])), lang), shape="note", style="solid", **bold)
        for ordinal, rec in members:
            _draw_instance(b, state, event, (key[0], ordinal), rec, lang)
    return b.diagram("triggers", lang, step)


def _triggers_summary(b: _Builder, state: State,
                      groups: dict[tuple[int, str, str], list[tuple[int, TriggerRecord]]],
                      descriptions: dict[tuple[int, int], Name], step: int | None,
                      lang: str) -> None:
    """Too many events to draw one by one: the events of a step that read alike are one node
    ("Grizzly Bears dies ×1,000"), and their instances one node per source and kind (first
    or additional, 603.2d), with how many; at most :data:`scale.MAX_ROWS` event nodes."""
    alike: dict[tuple[int, str], list[list[tuple[int, TriggerRecord]]]] = {}
    for key, members in groups.items():
        text = _event_label(state, key, descriptions.get((key[0], members[0][0])), lang,
                            with_id=False)
        alike.setdefault((key[0], text), []).append(members)
    shown, hidden = scale.capped(list(alike.items()))
    for n, ((at, text), events) in enumerate(shown):
        head = text.split("\\n")[0]
        label = _label(f"{head} {scale.times(len(events), lang)}" if len(events) > 1 else head,
                       _w("step", lang, n=at))
        bold = {"penwidth": "2"} if step is not None and at == step else {}
        event = b.node("event", f"{at}|{n}", label, shape="note", style="solid", **bold)
        instances: dict[tuple[str, bool], list[TriggerRecord]] = {}
        for members in events:
            for _, rec in members:
                instances.setdefault((rec.source, rec.instance > 1), []).append(rec)
        for (source, extra), recs in instances.items():
            lines = [_instance_label(state, dataclasses.replace(recs[0], of=1, instance=1),
                                     lang),
                     scale.times(len(recs), lang)]
            if extra:
                lines.append(_w("additional", lang))
            me = b.node("instance", f"{at}|{n}|{source}|{extra}", _label(*lines),
                        style="rounded,filled", fillcolor="#fff0e0" if extra else "#eef4ff")
            b.edge(event, me, _w("triggers", lang))
            for adder in dict.fromkeys(a for r in recs for a in r.added_by):
                if extra:
                    if not b.has("adder", adder):
                        b.node("adder", adder, _esc(adder), shape="hexagon", style="solid")
                    b.edge(b.name("adder", adder), me, _w("added_by", lang), style="dashed",
                           color="#b35900")
    if hidden:
        b.node("note", "more", scale.more(sum(len(e) for _, e in hidden), lang),
               style="dashed")


def _draw_instance(b: _Builder, state: State, event: str, where: tuple[int, int],
                   rec: TriggerRecord, lang: str) -> None:
    n = rec.instance
    inst_id = f"{where[0]}|{where[1]}|{rec.source}|{n}"
    extra = n > 1
    me = b.node("instance", inst_id, _instance_label(state, rec, lang),
                style="rounded,filled", fillcolor="#fff0e0" if extra else "#eef4ff")
    b.edge(event, me, _w("triggers", lang))
    added = list(rec.added_by)
    if extra and added:
        adder = str(added[(n - 2) % len(added)])
        if not b.has("adder", adder):
            b.node("adder", adder, _esc(_effect_text(state, adder, lang)), shape="hexagon",
                   style="solid")
        b.edge(b.name("adder", adder), me, _w("added_by", lang), style="dashed",
               color="#b35900")


# --- copies (707.2, 707.3) --------------------------------------------------------------------


def _printed(obj: GameObject) -> Characteristics | None:
    if obj.card is not None:
        return obj.card.characteristics()
    return obj.token_values


def _copy_node(b: _Builder, state: State, obj: GameObject, lang: str) -> str:
    if b.has("object", obj.id):
        return b.name("object", obj.id)
    printed = _printed(obj)
    title = f"{_esc(_printed_name(printed, lang))} ({_esc(obj.id)})"
    lines = [title]
    if obj.is_token:
        lines.append(_w("token", lang))
    if obj.zone != "battlefield":
        lines.append(ZONE_WORDS.get(obj.zone, Name(obj.zone, obj.zone)).in_(lang))
    if obj.copy_values is not None or obj.is_token:
        lines.append(_w("copiable", lang))
        lines += _chars_lines(obj.copiable_values(), lang)
    elif printed is not None:
        lines += _chars_lines(printed, lang)[1:]
    if obj.copy_except is not None:  # 707.9: already part of the copiable values above
        described = obj.copy_except.describe()
        lines.append(_w("exceptions", lang))
        lines += [_esc(part) for part in textwrap.wrap(
            described.fr if lang == "fr" else described.en, 34, break_long_words=False)]
    fill = "#fff8dc" if obj.copy_values is not None or obj.copy_of else "#eef4ff"
    return b.node("object", obj.id, _label(*lines), style="rounded,filled", fillcolor=fill)


def _printed_name(chars: Characteristics | None, lang: str) -> str:
    if chars is None:
        return "?"
    return (chars.name_fr or chars.name) if lang == "fr" else chars.name


def copies_view(source: State | Step | Game, lang: str = "en", *, step: int | None = None,
                title: str | None = None) -> Diagram:
    """Permanents that are copies, what each copies, and the copiable values it got (707.2); a
    copy of a copy gets the values the copied object copied (707.3). Tokens show the values
    their creating effect set (111.3)."""
    _check_lang(lang)
    state = _state_of(source)
    b = _Builder(title or _w("copies_title", lang), rankdir="LR")
    shown = [state.objects[i] for i in _zone(state, None, "battlefield")
             if state.objects[i].copy_of is not None or state.objects[i].is_token]
    if not shown:
        b.node("note", "none", _w("no_copies", lang), style="dashed")
    for obj in shown:
        _copy_chain(b, state, obj, lang)
    return b.diagram("copies", lang, step)


def _copy_chain(b: _Builder, state: State, obj: GameObject, lang: str) -> None:
    """Draw ``obj`` and what it copies, following copy_of back to an original."""
    seen: set[str] = set()
    while obj.id not in seen:
        seen.add(obj.id)
        known = b.has("object", obj.id)
        me = _copy_node(b, state, obj, lang)
        original = state.objects.get(obj.copy_of) if obj.copy_of else None
        if original is None or known:
            return
        b.edge(me, _copy_node(b, state, original, lang), _w("copies", lang), style="dashed",
               color="#8a6d00")
        obj = original


# --- linked abilities (607) -------------------------------------------------------------------


def _effect_names(ability: AbilityDef) -> set[str]:
    return {name for mode in ability.modes for name, _ in mode.effects}


def _ability_text(ability: AbilityDef, lang: str) -> str:
    text = ability.text_fr if lang == "fr" and ability.text_fr else ability.text
    return _label(*(_esc(line) for line in textwrap.wrap(text or ability.label, 34)))


def links_view(source: State | Step | Game, lang: str = "en", *, step: int | None = None,
               title: str | None = None) -> Diagram:
    """Linked abilities (607.2a) and the cards each exiled: the ability that exiles (e.g. a
    hideaway trigger, and its copies, which are linked too: 607.3, 707.10b) and the ability that
    may play what they all exiled."""
    _check_lang(lang)
    state = _state_of(source)
    b = _Builder(title or _w("links_title", lang), rankdir="LR")
    if not state.linked:
        b.node("note", "none", _w("no_links", lang), style="dashed")
    for key, entries in state.linked.items():
        _draw_link(b, state, key, entries, lang)
    return b.diagram("links", lang, step)


def _draw_link(b: _Builder, state: State, link: Link, entries: list[LinkedCard],
               lang: str) -> None:
    source_id, zcc, label, key = link.source, link.zcc, link.label, str(link)
    obj = state.objects.get(source_id)
    lines = [_obj_label(state, source_id, lang), f"{_esc(keyword_name(label, lang))} (607.2a)"]
    if obj is not None and obj.zcc != zcc:
        lines.append(_w("left_zone", lang))
    src = b.node("source", key, _label(*lines), style="rounded,filled", fillcolor="#eef4ff")
    abilities = [a for a in (obj.copiable_values().abilities if obj else ()) if a.link == label]
    exilers: list[str] = []
    players: list[str] = []
    for n, ability in enumerate(abilities):
        node = b.node("ability", f"{key}|{n}", _ability_text(ability, lang), shape="box",
                      style="solid")
        b.edge(src, node, _w("has", lang))
        (players if "play_linked" in _effect_names(ability) else exilers).append(node)
    for entry in entries:
        card = _exiled_node(b, state, entry, lang)
        for node in exilers or [src]:
            b.edge(node, card, _w("exiles", lang), color="#7a1f1f")
        for node in players:
            b.edge(node, card, _w("may_play", lang), style="dashed", color="#1f5fbf")
    _linked_stack_items(b, state, source_id, zcc, label, exilers, lang)


def _exiled_node(b: _Builder, state: State, card: LinkedCard, lang: str) -> str:
    entry = str(card)
    if b.has("exiled", entry):
        return b.name("exiled", entry)
    obj = state.objects.get(card.id)
    lines = [_obj_label(state, card.id, lang)]
    if obj is None or obj.zone != "exile" or obj.zcc != card.zcc:
        lines.append(_w("not_in_exile", lang))
    return b.node("exiled", entry, _label(*lines), style="rounded,filled", fillcolor="#f4e8ff")


def _linked_stack_items(b: _Builder, state: State, source_id: str, zcc: int, label: str,
                        exilers: list[str], lang: str) -> None:
    """Stack objects from a linked ability of that source, copies included (707.10b)."""
    items = [it for it in reversed(state.stack) if it.source_id == source_id
             and it.source_zcc == zcc and it.ability is not None and it.ability.link == label]
    for item in items:
        node = b.node("stack", item.id, _label(*_item_lines(item, lang, False, state)),
                      style="rounded,filled",
                      fillcolor="#fff8dc" if item.is_copy else "#eef4ff")
        target = next((e for e in exilers), None)
        if target is not None and item.ability is not None and \
                "play_linked" not in _effect_names(item.ability):
            b.edge(node, target, _w("linked_like", lang), style="dotted")
    for item in items:
        if item.copy_of and b.has("stack", item.copy_of):
            b.edge(b.name("stack", item.id), b.name("stack", item.copy_of), _w("copy_of", lang),
                   style="dashed", color="#8a6d00", label_at="xlabel")


# --- board (400.1) ----------------------------------------------------------------------------

# The board fits a notebook (about 900 px): the players one above the other, each one's zones in
# one record, and beside it the battlefield in rows of at most this many permanents.
BOARD_COLUMNS = 2
_PERMANENT_WRAP = 22  # characters per line of a permanent's name


def _step_name(step: str, lang: str) -> str:
    """The step or phase (500.1) as the log names it: main1 is the precombat main phase."""
    names = STEP_NAMES.get(step)
    return names[lang == "fr"] if names else step


def _permanent_label(state: State, obj: GameObject, lang: str, view: Any = None) -> str:
    from ..characteristics import compute

    view = view or compute(state, obj.id)
    # an id is never cut: a long token id ("grizzly-bears-token-2") stays readable
    lines = textwrap.wrap(_obj_text(state, obj.id, lang), _PERMANENT_WRAP,
                          break_on_hyphens=False, break_long_words=False) or [obj.id]
    if view.power is not None:
        lines.append(f"{view.power}/{view.toughness}")
    lines += _effect_lines(state, view, lang)
    if obj.tapped:
        lines.append(_w("tapped", lang))
    lines += [f"{counter_name(kind, lang)} ×{n}" for kind, n in sorted(obj.counters.items()) if n]
    if obj.damage:
        lines.append(_kv("damage", str(obj.damage), lang))
    if obj.is_token:
        lines.append(_w("token", lang))
    if state.combat is not None and obj.id in state.combat.attackers:
        lines.append(_w("attacking", lang))
    if state.combat is not None and obj.id in state.combat.blockers:
        lines.append(_w("blocking", lang))
    return _label(*map(_esc, lines))


def _effect_lines(state: State, view: Any, lang: str) -> list[str]:
    """Which continuous effects apply to it and in which layers (613.1), source by source in
    the order they first applied: "<its source>: 6, 7b"; then why an effect about it applied
    out of timestamp order (613.8), if one did."""
    if not view.layered and not view.dependencies:
        return []
    layers: dict[str, list[str]] = {}
    for layer, source in view.layered:
        if layer not in layers.setdefault(source, []):
            layers[source].append(layer)
    lines = [_w("layers", lang)]
    for source, found in layers.items():
        obj = state.objects.get(source)
        name = _name(obj, lang) if obj is not None else source
        lines += textwrap.wrap(_kv_text(name, ", ".join(found), lang), _PERMANENT_WRAP,
                               initial_indent="  ", subsequent_indent="    ",
                               break_on_hyphens=False)
    for sentence in dependency_sentences(state, view, lang, short=True):
        lines += textwrap.wrap(sentence, _PERMANENT_WRAP, initial_indent="  ",
                               subsequent_indent="    ", break_on_hyphens=False)
    return lines


def dependency_sentences(state: State, view: Any, lang: str = "en", *,
                         short: bool = False) -> list[str]:
    """Why an effect about this object applied out of timestamp order (613.8): which effect it
    waited for and how it depends on it, or the loop it is in, one sentence each, from what
    the layers recorded (``View.dependencies``); ``short`` for the board."""
    out = []
    for _layer, source, other, how in dict.fromkeys(view.dependencies):
        names = {k: _names(state, i) for k, i in (("effect", source), ("other", other))}
        out.append(render_message(f"dependency_{how}" + ("_short" if short else ""), names,
                                  lang))
    return out


def _names(state: State, obj_id: str) -> Any:
    obj = state.objects.get(obj_id)
    return obj.copiable_values().names if obj is not None else obj_id


def _zone_ids(state: State, player: str, zone: str) -> list[str]:
    if zone in ("library", "hand", "graveyard"):
        return list(_zone(state, player, zone))
    owner_key = "controller" if zone == "battlefield" else "owner"
    return [i for i in _zone(state, None, zone) if getattr(state.objects[i], owner_key) == player]


def _player_lines(state: State, player: str, lang: str) -> list[str]:
    p = state.players[player]
    lines = [player_name(player), _kv("life", str(p.life), lang)]
    pool = format_pool(p.mana_pool)
    if pool:
        lines.append(_kv("mana", pool, lang))
    if state.active == player:
        lines.append(_w("active", lang))
    if state.priority == player:
        lines.append(_w("priority", lang))
    from ..protection import player_protections
    for ability in player_protections(state, player):  # a player's abilities (702.16)
        text = ability.text if lang == "en" else (ability.text_fr or ability.text)
        lines.append(text[:1].lower() + text[1:])
    return lines


def _zone_lines(state: State, ids: list[str], zone: str, lang: str) -> list[str]:
    head = _kv_text(ZONE_WORDS[zone].in_(lang), _count("cards", lang, len(ids)), lang)
    if len(ids) > scale.MAX_ROWS // 4:  # a long list: each name once, with its number
        names = scale.counted_names(ids, lambda i: _name(state.objects[i], lang), lang,
                                    scale.MAX_ROWS // 4)
        return [head, *(f"  {name}" for name in names)]
    return [head, *(line for i in ids for line in textwrap.wrap(
        _obj_text(state, i, lang), _PERMANENT_WRAP + 4, initial_indent="  ",
        subsequent_indent="    ", break_on_hyphens=False, break_long_words=False))]


def _kv_text(key: str, value: str, lang: str) -> str:
    return f"{key}{' : ' if lang == 'fr' else ': '}{value}"


def _player_record(state: State, player: str, lang: str) -> str:
    """One record for a player: who they are, then each zone but the battlefield (400.1)."""
    fields = [_player_lines(state, player, lang)]
    for zone in ("hand", "graveyard", "exile", "command"):
        ids = _zone_ids(state, player, zone)
        if ids or zone in ("hand", "graveyard"):
            fields.append(_zone_lines(state, ids, zone, lang))
    count = len(_zone(state, player, "library"))
    # a library the set-up doesn't list is not modelled, not empty: its draws don't lose (121.4)
    listed = count or player in state.libraries_listed
    fields.append([_kv_text(ZONE_WORDS["library"].in_(lang), _count("cards", lang, count)
                            if listed else _w("not_listed", lang), lang)])
    return "|".join(_record_text(_wrapped(lines)) for lines in fields)


def _wrapped(lines: list[str], width: int = _PERMANENT_WRAP + 8) -> list[str]:
    """Long lines cut for a narrow record (a long mana pool, a long name)."""
    return [part for line in lines for part in textwrap.wrap(
        line, width, subsequent_indent="  ", break_on_hyphens=False) or [line]]


def board_view(source: State | Step | Game, lang: str = "en", *, step: int | None = None,
               title: str | None = None, replaced: Sequence[Replaced] = ()) -> Diagram:
    """Each player's zones at a glance (400.1): life, mana pool, the battlefield with tapped
    permanents, counters and attachments (301.5), hand, graveyard, exile, command zone, and how
    many cards are in the library. Players are drawn one above the other and the battlefield
    wraps into rows of at most ``BOARD_COLUMNS`` permanents, so the board fits a notebook.

    Under the players: the prevention shields in force (615.7), and ``replaced``, the events
    replaced or prevented during the step (614.6, 615.6), each with the effects that applied
    in order (616.1), an arrow from each effect's source and one to what it happened to."""
    _check_lang(lang)
    state = _state_of(source)
    default = _w("board_title", lang, turn=state.turn, step=_step_name(state.step, lang))
    if state.stack:
        default += " — " + _count("on_stack", lang, len(state.stack))
    b = _Builder(title or default, rankdir="TB", compound="true", nodesep="0.15",
                 ranksep="0.25", newrank="true")
    # Players one above the other, in turn order: an invisible edge from the lowest row of a
    # player's board to the next player's record puts every rank of the next one below (ranks
    # are rows, and arrows that don't constrain ranks, like combat's, can't reorder them).
    below: str | None = None
    for player in state.player_order():
        head, last = _player_cluster(b, state, player, lang)
        if below is not None:
            b.edge(below, head, visible=False, weight="0")  # ranks only: no pull sideways
        below = last
    below = _shield_nodes(b, state, lang, below)
    below = _replacement_notes(b, replaced, lang, below)
    for obj_id in _zone(state, None, "battlefield"):
        host = state.objects[obj_id].attached_to
        kind = "player" if host in state.players else "perm"  # an Aura may enchant a player
        if host and b.has(kind, host) and b.has("perm", obj_id):
            b.edge(b.name("perm", obj_id), b.name(kind, host),
                   _w(_attachment_word(state.objects[obj_id]), lang),
                   style="dashed", constraint="false")
    _combat_edges(b, state, lang)
    if state.delayed:
        me = _delayed_node(b, state, lang)
        if below is not None:
            b.edge(below, me, visible=False, weight="0")
    return b.diagram("board", lang, step)


def _delayed_text(state: State, d: DelayedTrigger, lang: str) -> str:
    """"Kiki-Jiki (kiki): Sacrifice it at the beginning of the next end step" and what it
    refers to, each as the object it was (603.7c): gone from that zone, it is marked so."""
    name = d.source_name if lang == "en" else d.source_name_fr
    text = (d.ability.text if lang == "en" else d.ability.text_fr).rstrip(".")
    line = f"{name} ({d.source_id}): {text}" if lang == "en" \
        else f"{name} ({d.source_id}) : {text}"
    if d.objects:
        refs = []
        for r in d.objects:
            obj = state.objects.get(r.id)
            still = obj is not None and obj.zcc == r.zcc and obj.zone != "gone"  # 111.7
            refs.append(_obj_text(state, r.id, lang) + ("" if still else " ✗"))
        line += f" — {_w('refers_to', lang)} {', '.join(refs)}"
    return line


def _delayed_node(b: _Builder, state: State, lang: str) -> str:
    """The delayed triggered abilities waiting for their event (603.7), one line each."""
    lines = [_w("delayed", lang)] + [f"• {_delayed_text(state, d, lang)}"
                                     for d in state.delayed]
    return b.node("delayed", "waiting", _label(*[_esc(x) for x in _wrapped(lines, 60)]),
                  shape="note", style="dashed")


def _attachment_word(obj: GameObject) -> str:
    """An Aura enchants (303.4b), an Equipment equips (301.5a); anything else is attached."""
    subtypes = obj.copiable_values().subtypes
    return "enchants" if "aura" in subtypes else "equips" if "equipment" in subtypes \
        else "attached_to"


def _permanents(state: State, field: list[str], lang: str, views: dict[str, Any]
                ) -> list[tuple[str, str, int]]:
    """(id, label, how many) per node: each permanent, or on a crowded battlefield, one node
    per group of permanents that look the same (an attached one or a host is drawn apart)."""
    labels = [(i, _permanent_label(state, state.objects[i], lang, views.get(i))) for i in field]
    if len(field) <= scale.MAX_ROWS:
        return [(i, label, 1) for i, label in labels]
    hosts = {state.objects[i].attached_to for i in field}
    groups: dict[str, list[tuple[str, str]]] = {}
    for i, label in labels:
        alone = i in hosts or state.objects[i].attached_to is not None
        # The id follows the name, after a space or a line break (long names wrap).
        key = label if alone else re.sub(rf"(?: |\\n)\({re.escape(_esc(i))}\)", "", label,
                                         count=1)
        groups.setdefault(key, []).append((i, label))
    out = [(members[0][0], members[0][1] if len(members) == 1 else key, len(members))
           for key, members in groups.items()]
    shown, hidden = scale.capped(out)
    if hidden:
        rest = sum(n for _, _, n in hidden)
        shown.append((hidden[0][0], scale.more(rest, lang), 1))
    return shown


def _combat_edges(b: _Builder, state: State, lang: str) -> None:
    """Who attacks whom (508.1b) and who blocks what (509.1g): red and blue arrows that don't
    move the layout (constraint=false), so the board keeps its shape in combat."""
    combat = state.combat
    if combat is None:
        return
    for attacker, defender in combat.attackers.items():
        kind = "player" if defender in state.players else "perm"
        if b.has("perm", attacker) and defender and b.has(kind, defender):
            b.edge(b.name("perm", attacker), b.name(kind, defender), _w("attacks", lang),
                   color="#b42318", fontcolor="#b42318", penwidth="2", constraint="false")
    for blocker, attacked in combat.blockers.items():
        for attacker in attacked:
            if b.has("perm", blocker) and b.has("perm", attacker):
                b.edge(b.name("perm", blocker), b.name("perm", attacker), _w("blocks", lang),
                       color="#1d4ed8", fontcolor="#1d4ed8", penwidth="2", constraint="false")


def _player_cluster(b: _Builder, state: State, player: str, lang: str) -> tuple[str, str]:
    """A player's record (zones as a column) beside their battlefield, in rows of at most
    ``BOARD_COLUMNS`` permanents. Returns the record's node and a node of the lowest row."""
    with b.graph.subgraph(name=f"cluster_{b.name('player', player)}") as c:
        c.attr(label="", style="rounded")  # the record names the player
        head = b.node("player", player, "{" + _player_record(state, player, lang) + "}",
                      graph=c, shape="Mrecord", style="solid")
        from ..characteristics import compute_all
        views = compute_all(state, ("battlefield",))  # once: one compute() each would be N²
        # under its controller after control-changing effects (613.1b)
        field = [i for i in _zone(state, None, "battlefield") if views[i].controller == player]
        if not field:
            return head, head
        drawn = []
        with c.subgraph(name=f"cluster_{b.name('field', player)}") as f:
            f.attr(label=b.text(ZONE_WORDS["battlefield"].in_(lang)), style="dashed")
            for obj_id, label, n in _permanents(state, field, lang, views):
                drawn.append(b.node("perm", obj_id,
                                    label if n == 1 else _label(label, scale.times(n, lang)),
                                    graph=f, style="rounded,filled",
                                    fillcolor="#dddddd" if state.objects[obj_id].tapped
                                    else "#eef4ff"))
        with c.subgraph() as row:  # the first row: the record and the first permanents
            row.attr(rank="same")
            for node in [head, *drawn[:BOARD_COLUMNS]]:
                row.node(node)
        for upper, lower in zip(drawn, drawn[BOARD_COLUMNS:], strict=False):
            b.edge(upper, lower, visible=False)  # the next row, under this one
        return head, drawn[-1]


# --- replaced events and prevention shields (614, 615) ---------------------------------------

_NOTE_WRAP = 44  # characters per line of a replacement note
#: At most this many replaced events are drawn as notes, then "… and N more" (the log has all).
MAX_NOTES = 6


def _left(lines: list[str]) -> str:
    """Plain text lines, escaped, each left-aligned (a note reads like a paragraph)."""
    return "".join(_esc(line) + "\\l" for line in lines)


def _wrap(text: str, indent: str = "", lang: str = "en") -> list[str]:
    """A note's text cut into lines; French typography first (a narrow no-break space before
    « : », so no line starts with a colon)."""
    return textwrap.wrap(typeset(text, lang), _NOTE_WRAP, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False) or [indent]


def replacement_chains(replaced: Sequence[Replaced]) -> list[list[Replaced]]:
    """The step's replaced events, each with the effects applied to it in order (616.1)."""
    chains: dict[int, list[Replaced]] = {}
    for record in replaced:
        chains.setdefault(record.chain, []).append(record)
    return list(chains.values())


def _chain_lines(chain: list[Replaced], lang: str) -> list[str]:
    """What would have happened, then each effect and what happened instead (614.6), or that
    nothing did (615.6)."""
    title = "prevented_title" if all(r.prevention for r in chain) else "replaced_title"
    lines = [*_wrap(_w(title, lang), lang=lang), *_wrap(_w("would", lang), lang=lang),
             *_wrap(chain[0].before.in_(lang), "  ", lang)]
    for n, record in enumerate(chain, 1):
        key = "instead" if not record.prevention else \
            "prevented_by" if record.after is None else "part_prevented_by"
        number = f"{n}. " if len(chain) > 1 else ""
        effect = french_name(record.name.fr) if lang == "fr" else record.name.en
        lines += _wrap(number + _w(key, lang, effect=effect, rule=record.rule), lang=lang)
        after = record.after.in_(lang) if record.after is not None \
            else _w("nothing_happens" if record.prevention else "nothing_instead", lang)
        lines += _wrap(after, "  ", lang)
    return lines


def _replacement_notes(b: _Builder, replaced: Sequence[Replaced], lang: str,
                       below: str | None = None) -> str | None:
    """A note per replaced event of the step; on the board, an arrow from each effect's
    source to it and from it to what it happened to instead. Nothing replaced: no note.
    Returns the lowest node drawn (``below`` if none)."""
    shown, hidden = scale.capped(replacement_chains(replaced), MAX_NOTES)
    for n, chain in enumerate(shown):
        note = b.node("replaced", str(n), _left(_chain_lines(chain, lang)), shape="note",
                      style="filled", fillcolor="#fff4c2", color="#a15c00")
        if below is not None:  # under the players, one note under the other
            b.edge(below, note, visible=False, weight="0")
            below = note
        for order, record in enumerate(chain, 1):
            source = _drawn(b, record.source)
            if source is not None:
                word = _w("prevents" if record.prevention else "replaces", lang)
                b.edge(source, note, f"{order}. {word}" if len(chain) > 1 else word,
                       style="dashed", color="#a15c00", constraint="false")
        affected = chain[0].affected
        target = _drawn(b, affected.id) if affected is not None else None
        if target is not None:
            nothing = chain[-1].after is None
            b.edge(note, target, _w("nothing_dealt" if nothing else "happened", lang),
                   color="#a15c00", fontcolor="#a15c00", constraint="false")
    if hidden:
        note = b.node("replaced", "more", _esc(scale.more(len(hidden), lang)), shape="note",
                      style="dashed")
        if below is not None:
            b.edge(below, note, visible=False, weight="0")
        below = note
    return below


def _drawn(b: _Builder, obj_id: str) -> str | None:
    """The node drawing a permanent, a player or a shield, if the view drew one."""
    for kind in ("perm", "player", "shield"):
        if b.has(kind, obj_id):
            return b.name(kind, obj_id)
    return None


def _shield_text(state: State, shield: Shield, lang: str) -> str:
    """What the shield prevents now, as the log said when it was made, with what is left of
    "the next N damage" (615.7)."""
    combat = bool(dict(shield.params).get("combat"))
    params: dict[str, Any] = {"source": shield.source_name, "id": shield.id}
    if shield.word != "prevent_damage" or (shield.to is None and shield.remaining is not None):
        return shield.text.in_(lang)
    if shield.to is None:
        return render_message("shield_all_combat" if combat else "shield_all", params, lang)
    to = shield.to
    if to.kind == "player":
        who = Name(to.id, to.id, player=True)
    else:
        obj = state.objects.get(to.id)
        names = obj.copiable_values().names if obj is not None else Name(to.id, to.id)
        who = Name(f"{names.en} ({to.id})", f"{names.fr} ({to.id})")
    if shield.remaining is None:  # all damage to it (615.1a)
        return render_message("shield_all_combat_to" if combat else "shield_all_to",
                              {**params, "to": who}, lang)
    return render_message("shield_next", {**params, "n": shield.remaining, "to": who}, lang)


def _shield_label(state: State, shield: Shield, lang: str) -> str:
    return _left([*_wrap(_w("shield_title", lang), lang=lang),
                  *_wrap(_shield_text(state, shield, lang), lang=lang)])


def _shield_nodes(b: _Builder, state: State, lang: str, below: str | None) -> str | None:
    """The prevention shields in force (615.7: "prevent the next N damage" counts down), each
    with an arrow to the player or permanent it shields. Returns the lowest node drawn."""
    for shield in state.shields:
        node = b.node("shield", shield.id, _shield_label(state, shield, lang), shape="box",
                      style="rounded,filled", fillcolor="#e3f4e3", color="#2f7a2f")
        if below is not None:
            b.edge(below, node, visible=False, weight="0")
        below = node
        shielded = _drawn(b, shield.to.id) if shield.to is not None else None
        if shielded is not None and shield.to is not None and (
                shield.to.kind == "player" or state.objects[shield.to.id].zcc == shield.to.zcc):
            b.edge(node, shielded, _w("shields", lang), color="#2f7a2f", fontcolor="#2f7a2f",
                   constraint="false")
    return below


# --- one step of a game -----------------------------------------------------------------------

ViewFn = Callable[..., Diagram]

VIEWS: dict[str, ViewFn] = {
    "stack": stack_view,
    "triggers": triggers_view,
    "copies": copies_view,
    "links": links_view,
    "board": board_view,
}


def draw_step(game: Game, step: int = -1, view: str = "stack", lang: str = "en", *,
              history: bool = False) -> Diagram:
    """Draw ``view`` of the state after step ``step`` of the game's timeline (negative counts
    from the end). The game is only read. The triggers view shows what triggered during that
    step; ``history=True`` adds the earlier steps' events.

    Views: stack (405, 707.10), triggers (603.2d), copies (707), links (607), board (400.1).
    """
    if view not in VIEWS:
        raise ValueError(f"unknown view '{view}' (one of {', '.join(VIEWS)})")
    _check_lang(lang)
    steps = game.timeline.steps
    if not steps:
        raise ValueError("the game has no timeline yet: call game.start() first")
    index = game.timeline.position(step)
    record = steps[index]
    if record.state is None:
        raise ValueError(f"step {index} has no recorded state")
    action = record.action_fr if lang == "fr" else record.action
    head = f"{_w('step', lang, n=index)}{' : ' if lang == 'fr' else ': '}{action}"
    title = f"{head}\n{_default_title(view, record.state, lang)}"
    extra: dict[str, Any] = {"game": game, "history": history} if view == "triggers" else {}
    if view in ("stack", "board"):
        extra["replaced"] = record.replaced
    return VIEWS[view](record.state, lang, step=index, title=title, **extra)


def _default_title(view: str, state: State, lang: str) -> str:
    keys = {"stack": "stack", "triggers": "triggers_title", "copies": "copies_title",
            "links": "links_title"}
    if view == "board":
        return _w("board_title", lang, turn=state.turn, step=_step_name(state.step, lang))
    return _w(keys[view], lang)
