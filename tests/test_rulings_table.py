"""The rulings table a head judge filters in a notebook, and its styled bilingual view."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

pandas = pytest.importorskip("pandas")

import mtgrules.rulings  # noqa: E402
from mtgrules.rulings import table  # noqa: E402
from mtgrules.rulings.table import COLUMNS, VERDICTS, glossary, rulings, styled  # noqa: E402

REPO = Path(__file__).parents[1]


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    path = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
    env = {**os.environ, "PYTHONPATH": path}
    command = [sys.executable, "-c", code]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=REPO)


@pytest.fixture
def fake_check(monkeypatch):
    """Stand in for mtgrules.check.check_rulings (the lead's scenario checker): gogo-12 is
    reproduced, masamune-02 is not, every other ruling has no scenario."""
    results = [
        {"ruling": "gogo-12", "card": "Gogo, Master of Mimicry",
         "scenarios": ["gogo-copy-resolves-first"], "passed": True},
        {"ruling": "masamune-02", "card": "The Masamune",
         "scenarios": ["two-masamune", "two-masamune-emblem"], "passed": False},
        {"ruling": "cascade-03", "card": "Sakashima's Protege", "scenarios": [], "passed": None},
    ]
    try:
        module = importlib.import_module("mtgrules.check")
    except ModuleNotFoundError as error:
        if error.name != "mtgrules.check":
            raise
        module = types.ModuleType("mtgrules.check")
        monkeypatch.setitem(sys.modules, "mtgrules.check", module)
    monkeypatch.setattr(module, "check_rulings", lambda: results, raising=False)
    monkeypatch.setattr(table, "_CHECKED", None)  # nothing checked yet in this process
    return results


def ids(df) -> list[str]:
    return list(df["id"])


def test_one_row_per_ruling_with_the_documented_columns():
    df = rulings(verify=False)
    assert len(df) == 39
    assert tuple(df.columns) == COLUMNS
    first = df.iloc[0]
    assert first["id"] == "gogo-01" and first["date_fr"] == "6 juin 2025"
    assert first["card_fr"] == "Gogo, maître de l'imitation"
    assert first["rules"] == ["707.10b", "113.7"] and isinstance(first["tags"], list)


def test_without_verification_there_are_no_verdicts_and_no_scenarios():
    df = rulings(verify=False)
    assert df["verified"].isna().all()
    assert all(s == [] for s in df["scenarios"])


def test_filter_by_card_in_english_or_french_any_case():
    assert len(rulings(card="The Masamune", verify=False)) == 9
    assert len(rulings(card="masamune", verify=False)) == 9
    assert len(rulings(card="Protégé de Sakashima", verify=False)) == 16  # cascade 9 + copy 7
    assert len(rulings(card="gogo", verify=False)) == 14
    assert rulings(card="Lightning Bolt", verify=False).empty


def test_filter_by_topic_and_tag():
    assert ids(rulings(topic="cascade", verify=False)) == [f"cascade-{n:02d}" for n in range(1, 10)]
    assert ids(rulings(tag="planeswalkers", verify=False)) == ["protege-05"]
    assert ids(rulings(tag="modes", verify=False)) == ["gogo-14", "masamune-03"]
    assert ids(rulings(tag="x", topic="cascade", verify=False)) == ["cascade-09"]


def test_unknown_tags_and_topics_are_named():
    with pytest.raises(ValueError, match="unknown tag 'lookback'"):
        rulings(tag="lookback", verify=False)
    with pytest.raises(ValueError, match="unknown topic 'teysa'"):
        rulings(topic="teysa", verify=False)


def test_filter_by_rule_follows_the_numbering_tree():
    subrule = ids(rulings(rule="707.10b", verify=False))
    assert subrule == ["gogo-01", "gogo-04"]
    rule = ids(rulings(rule="707.10", verify=False))
    assert set(subrule) < set(rule) and "gogo-08" in rule  # 707.10 and its subrules b, c
    section = ids(rulings(rule="603", verify=False))
    assert all(f"masamune-{n:02d}" in section for n in range(1, 10))
    assert "cascade-01" in section and "protege-06" in section
    assert "gogo-01" not in ids(rulings(rule="707.1", verify=False))  # 707.10b is not under 707.1
    with pytest.raises(ValueError, match="not a CR rule number"):
        rulings(rule="seven-oh-seven", verify=False)


def test_verified_and_scenarios_come_from_the_scenario_checker(fake_check):
    df = rulings().set_index("id")
    assert df.loc["gogo-12", "verified"] is True
    assert df.loc["gogo-12", "scenarios"] == ["gogo-copy-resolves-first"]
    assert df.loc["masamune-02", "verified"] is False
    assert df.loc["masamune-02", "scenarios"] == ["two-masamune", "two-masamune-emblem"]
    assert df.loc["cascade-03", "verified"] is None and df.loc["cascade-03", "scenarios"] == []
    assert df.loc["protege-07", "verified"] is None  # not in the checker's answer at all
    html = styled(rulings()).to_html()
    for verdict in VERDICTS.values():
        assert verdict in html


def test_verify_false_never_calls_the_checker(monkeypatch, fake_check):
    module = sys.modules["mtgrules.check"]
    monkeypatch.setattr(module, "check_rulings", lambda: pytest.fail("check_rulings was called"))
    assert rulings(verify=False)["verified"].isna().all()


def test_the_check_runs_once_per_process_unless_asked_to_refresh(monkeypatch, fake_check):
    module = sys.modules["mtgrules.check"]
    calls = []
    monkeypatch.setattr(module, "check_rulings", lambda: calls.append(1) or fake_check)
    first = rulings()
    assert rulings(topic="gogo").loc[lambda d: d.id == "gogo-12", "verified"].item() is True
    assert len(calls) == 1 and first.equals(rulings())
    rulings(refresh=True)
    assert len(calls) == 2


def test_verification_without_the_checker_says_what_is_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "mtgrules.check", None)
    monkeypatch.setattr(table, "_CHECKED", None)
    with pytest.raises(ModuleNotFoundError, match="verify=False"):
        rulings()


def test_styled_view_shows_both_languages_side_by_side_with_bilingual_headers():
    html = styled(rulings(topic="gogo", verify=False)).to_html()
    for text in ("English", "Français", "Card / Carte", "Rules / Règles", "Scenario / Scénario"):
        assert text in html
    assert "The copy will resolve before the original ability does." in html
    assert "La copie se résout avant la capacité originale." in html
    assert VERDICTS[None] in html
    assert html.index("English") < html.index("Français")


def test_styled_view_can_put_french_first_or_show_one_language():
    html = styled(rulings(topic="cascade", verify=False), lang_order=("fr", "en")).to_html()
    assert html.index("Français") < html.index("English")
    only_fr = styled(rulings(topic="cascade", verify=False), lang_order=("fr",)).to_html()
    assert "Français" in only_fr and ">English<" not in only_fr
    with pytest.raises(ValueError, match="lang_order"):
        styled(lang_order=("en", "de"))


def test_styled_view_is_deterministic():
    df = rulings(topic="protege", verify=False)
    assert styled(df).to_html() == styled(df).to_html()


def test_the_glossary_table_flags_unverified_french():
    df = glossary()
    assert list(df.columns) == ["en", "fr", "note", "source", "verified"]
    unverified = set(df.loc[~df["verified"], "en"])
    # A French judge confirmed these three (../shared/reference/french_review.md).
    assert not {"alternative cost", "split card", "modal double-faced card"} & unverified
    french = df.set_index("en").loc["triggers an additional time", "fr"]
    assert french == "se déclenche une fois de plus"


def test_the_rulings_package_is_callable_as_the_table():
    df = mtgrules.rulings(topic="masamune", verify=False)
    assert len(df) == 9
    assert mtgrules.rulings.load_rulings()[0].id == "gogo-01"


@pytest.mark.parametrize(
    "code",
    [
        "import mtgrules",
        "import mtgrules.rulings as r; r.load_rulings(); r.load_glossary()",
        "import mtgrules.rulings.terminology as t; t.check_rulings_terms()",
    ],
)
def test_the_core_never_imports_pandas(code):
    check = "import sys\nassert 'pandas' not in sys.modules, 'pandas was imported'"
    result = run_python(f"{code}\n{check}")
    assert result.returncode == 0, result.stderr


def test_the_verified_column_agrees_with_mtgrules_check_json():
    """The table's verdicts are computed now, by the same checker the command line runs."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    out = subprocess.run([sys.executable, "-m", "mtgrules", "check", "--json"],
                         capture_output=True, text=True, cwd=Path(__file__).parents[1],
                         timeout=300)
    rows = {r["ruling"]: r for r in json.loads(out.stdout)}
    table = rulings()
    assert len(table) == 39
    for _, row in table.iterrows():
        assert row["verified"] == rows[row["id"]]["passed"], row["id"]
        assert list(row["scenarios"]) == rows[row["id"]]["scenarios"], row["id"]
