"""Hostile text (issue 11): names holding markup, quotes, DOT syntax, control characters and very
long strings go through every HTML and SVG the kit produces. Every SVG must parse as XML and no
markup from a name may be live (no element or attribute a name brought in)."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

pytest.importorskip("graphviz")

from mtgrules import Game, catalog  # noqa: E402
from mtgrules.draw import VIEWS, draw_step  # noqa: E402
from mtgrules.scenarios import load_scenario, shipped_scenarios  # noqa: E402
from mtgrules.text.safe import escape_html, printable  # noqa: E402

MARKUP = '<img src=x onerror=alert(1)><script>alert("x")</script>'
HOSTILE = [
    MARKUP,
    '"quoted" & \'single\' &amp; </td></tr></table>',
    'a" -> b [label="pwn"]; } digraph { \\N \\G \\L <<b>x</b>>',
    "ctl\x00\x01\x07\x08\x0b\x0c\x1b[31m\x7f\x85\ufffe end",
    "L" * 2000,
]
FORBIDDEN_TAGS = {"img", "script", "iframe", "object", "embed", "b"}


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.handlers: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.handlers += [k for k, _ in attrs if k.startswith("on")]


def assert_inert_html(text: str, allowed_b: bool = False) -> None:
    """No element or event handler in ``text`` came from a name."""
    parser = _Tags()
    parser.feed(text)
    forbidden = FORBIDDEN_TAGS - ({"b"} if allowed_b else set())
    assert not forbidden & set(parser.tags), parser.tags
    assert not parser.handlers


def assert_valid_svg(svg: str) -> None:
    root = ET.fromstring(svg)  # raises on a control character or broken markup
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        assert tag not in FORBIDDEN_TAGS, tag
        assert not [k for k in el.attrib if k.rsplit("}", 1)[-1].startswith("on")]


# --- the helpers themselves -------------------------------------------------------------------

@pytest.mark.parametrize("text", HOSTILE)
def test_escape_html_leaves_no_live_markup_and_no_control_character(text):
    out = escape_html(text)
    assert_inert_html(out)
    assert printable(out) == out
    ET.fromstring(f"<p>{out}</p>")  # fits in XML too


# --- hostile player and card names through a played game ------------------------------------

def hostile_game(player: str, card_name: str) -> Game:
    """A game whose players and cards carry hostile names: a creature, a trigger, a spell with
    a target, an Equipment, a token, a copy and cards in every zone."""
    cards = catalog()

    def renamed(name: str):
        card = cards[name]
        faces = tuple(dataclasses.replace(f, name=f"{card_name} {f.name}",
                                          name_fr=f"{card_name} {f.name_fr}")
                      for f in card.faces)
        return dataclasses.replace(card, faces=faces)

    game = Game([player, "bob"])
    game.player(player).mana_pool.update({"R": 3, "U": 3, "C": 3})
    bolt = game.add(renamed("Lightning Bolt"), "hand", player, id=card_name[:40] + "-bolt")
    game.add(renamed("Grizzly Bears"), "battlefield", player)
    game.add(renamed("Grizzly Bears"), "battlefield", player, token=True)
    game.add(renamed("Grizzly Bears"), "graveyard", player)
    game.add(renamed("Grizzly Bears"), "library", player)
    game.add(renamed("Grizzly Bears"), "exile", "bob")
    game.add(renamed("Blood Artist"), "battlefield", "bob")
    game.start()
    game.cast(player, bolt, answers=[{"targets": ["bob"]}])
    game.destroy(game.zone(None, "battlefield")[0])
    return game


@pytest.fixture(scope="module", params=range(len(HOSTILE)), ids=lambda i: f"name{i}")
def game(request):
    text = HOSTILE[request.param]
    return hostile_game(text, text)


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_diagram_of_a_hostile_game_is_valid_svg_with_nothing_live(game, view, lang):
    for index in range(len(game.timeline)):
        assert_valid_svg(draw_step(game, index, view=view, lang=lang).svg())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_stepper_html_of_a_hostile_game_has_nothing_live(game, lang):
    from mtgrules.widgets.stepper import compare_html, draw_html, outcome_html, step_html
    for step in game.timeline.steps:
        assert_inert_html(step_html(step, lang), allowed_b=True)
        assert_inert_html(draw_html(game, step, "board", lang), allowed_b=True)
    assert_inert_html(outcome_html(game, lang, title=MARKUP), allowed_b=True)
    assert_inert_html(compare_html(game, game.branch(0), lang, titles=(MARKUP, MARKUP)),
                      allowed_b=True)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_action_panel_messages_of_a_hostile_game_have_nothing_live(game, lang):
    from mtgrules.widgets.actions import ActionModel, legal_actions
    model = ActionModel(game.branch(), lang)
    model.auto = True
    for action in legal_actions(model.game)[:6]:
        model.perform(action)
        assert_inert_html(model.message_html())


def test_widget_error_messages_have_nothing_live():
    from mtgrules import RulesError
    from mtgrules.widgets.views import _error_html
    err = RulesError(MARKUP, rule="117.3d", message_fr=MARKUP)
    for lang in ("en", "fr"):
        assert_inert_html(_error_html(lang, err))


def test_every_shipped_scenario_with_hostile_card_names_draws_valid_svg(monkeypatch):
    """Every card of every shipped scenario renamed with markup and control characters: the
    last step in every view still parses, and nothing from a name is live."""
    import mtgrules.game as game_module
    prefix = HOSTILE[0] + HOSTILE[3]
    slug = game_module.slug
    monkeypatch.setattr(game_module, "slug", lambda name: slug(name.removeprefix(prefix)))
    drawn = 0
    for path in shipped_scenarios():
        scenario = load_scenario(path)
        scenario.cards = _Renamed(scenario.cards, prefix)
        result = scenario.run()
        for view in VIEWS:
            assert_valid_svg(draw_step(result.game, -1, view=view, lang="fr").svg())
            drawn += 1
    assert drawn >= 40 * len(VIEWS)


class _Renamed:
    """A catalog whose every card's faces carry ``prefix`` before their names."""

    def __init__(self, cards, prefix: str):
        self.cards, self.prefix = cards, prefix

    def __getitem__(self, name):
        card = self.cards[name]
        faces = tuple(dataclasses.replace(f, name=self.prefix + f.name,
                                          name_fr=self.prefix + f.name_fr) for f in card.faces)
        return dataclasses.replace(card, faces=faces)

    def __contains__(self, name):
        return name in self.cards

    def __iter__(self):
        return iter(self.cards)


@pytest.mark.parametrize("text", HOSTILE)
def test_quiz_html_from_a_hostile_scenario_note_has_nothing_live(text):
    """A quiz question's situation, question and choices come from data files."""
    from dataclasses import replace

    from mtgrules.teach import prediction
    from mtgrules.widgets.quiz import QuizModel, QuizQuestion, explanation_html

    real = prediction("gogo-12")
    hostile = replace(real, situation_en=text, situation_fr=text, question_en=text,
                      question_fr=text,
                      choices=tuple(replace(c, en=text, fr=text) for c in real.choices))
    for lang in ("en", "fr"):
        assert_inert_html(explanation_html(hostile, lang), allowed_b=True)
    model = QuizModel(rulings=["gogo-12"])
    model.questions = [QuizQuestion(hostile)]
    assert_inert_html(model.prompt_html(), allowed_b=True)
    model.answer("b")
    assert_inert_html(model.feedback_html(), allowed_b=True)


_TERMINAL_HOSTILE = {
    "answer": ('  alice: {mana: "{R}"}\n  bob: {}\nsetup:\n  alice:\n'
               '    hand: [{card: Lightning Bolt, id: bolt}]\n  bob:\n'
               '    battlefield: [{card: Grizzly Bears, id: bears}]\nscript:\n  - cast: bolt\n'
               '    answers: [{targets: ["be\\e[31mars\\u202e"]}]\n'),
    "card": ('  alice: {}\n  bob: {}\nsetup:\n  alice:\n'
             '    hand: [{card: "Lightning\\e[2J Bolt\\u202e", id: bolt}]\n'),
}


@pytest.mark.parametrize("where", list(_TERMINAL_HOSTILE))
def test_terminal_errors_show_control_characters_escaped_never_raw(where, tmp_path, capsys):
    """An escape sequence or a right-to-left override in a typed value was echoed raw by
    ``mtgrules run``: it recoloured or cleared the terminal, or turned the line around. The
    error now shows it as Python writes it (\\x1b, \\u202e)."""
    from mtgrules.cli import main

    path = tmp_path / f"{where}.yaml"
    path.write_text(f"title: hostile {where}\nplayers:\n{_TERMINAL_HOSTILE[where]}",
                    encoding="utf-8")
    assert main(["run", str(path)]) == 2
    said = capsys.readouterr()
    assert "\x1b" not in said.err + said.out and "\u202e" not in said.err + said.out
    assert "\\x1b[" in said.err and "\\u202e" in said.err, said.err
    assert said.err.startswith("invalid scenario: ")


def test_for_terminal_keeps_text_and_french_typography():
    from mtgrules.text.safe import for_terminal

    text = "Étape 2\u202f: Alice lance la Foudre\n\t« ok »"
    assert for_terminal(text) == text
    assert for_terminal("a\x00b\x7fc\x9bd\u200be\ufeff") == "a\\x00b\\x7fc\\x9bd\\u200be\\ufeff"
