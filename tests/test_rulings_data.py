"""The packaged rulings are the official ones: same English, dates, sources, count and order as
the seed files, each with a French translation and real Comprehensive Rules numbers.

The seed files, the rulings → rules map and the CR text live in ../shared (next to the repo);
the tests that need them skip with a message when it is absent. The rest runs anywhere.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest

from mtgrules.rulings import (
    TAGS,
    TOPICS,
    UnknownRulingError,
    french_date,
    is_rule_number,
    load_card_names,
    load_rulings,
    parse_french_date,
    rule_matches,
    ruling,
    ruling_ids,
    rulings_note,
)

SHARED = Path(__file__).parents[2] / "shared"
SEED_FILES = {  # seed file → the topics of its rulings, in order, and how many of each
    "000_d4315134880e61f9.txt": [("gogo", 14)],
    "002_db7c98cd972f5d05.txt": [("masamune", 9)],
    "003_68593abe5c225f0f.txt": [("cascade", 9), ("protege", 7)],
}
SEED_LINE = re.compile(r"^(?P<date>.+?) · source : (?P<source>\S+)$")

needs_shared = pytest.mark.skipif(
    not (SHARED / "seeds").is_dir(),
    reason=f"no shared reference folder at {SHARED}: seed comparisons need ../shared/seeds",
)


def parse_seed(path: Path) -> tuple[list[tuple[datetime.date, str, str]], list[str]]:
    """A seed file is a header line, then pairs of lines: "06 juin 2025 · source : wotc" and the
    ruling's English text. Lines outside such a pair (the Masamune's "CMC 3") are card data."""
    lines = path.read_text(encoding="utf-8").splitlines()[1:]
    found, other, i = [], [], 0
    while i < len(lines):
        match = SEED_LINE.match(lines[i])
        if match and i + 1 < len(lines):
            found.append((parse_french_date(match["date"]), match["source"], lines[i + 1]))
            i += 2
        else:
            other.append(lines[i])
            i += 1
    return found, other


def seed_rulings() -> list[tuple[str, datetime.date, str, str]]:
    """(topic, date, source, English) for every seed ruling, in file order."""
    out = []
    for name, groups in SEED_FILES.items():
        found, _ = parse_seed(SHARED / "seeds" / name)
        topics = [topic for topic, count in groups for _ in range(count)]
        assert len(found) == len(topics), f"{name}: {len(found)} rulings, expected {len(topics)}"
        out += [(topic, *item) for topic, item in zip(topics, found, strict=True)]
    return out


def cr_map() -> list[tuple[str, str, list[str]]]:
    """(id, first words, rules) from the table of ../shared/reference/rulings_cr_map.md."""
    text = (SHARED / "reference" / "rulings_cr_map.md").read_text(encoding="utf-8")
    cell = r"\|([^|]*)"
    row = re.compile(rf"^\| ((?:gogo|masamune|cascade|protege)-\d\d) \|[^|]*{cell}{cell}\|", re.M)
    return [(m[1], m[2].strip(), [r.strip() for r in m[3].split(";")]) for m in row.finditer(text)]


# --- against the seed files -------------------------------------------------------------------

@needs_shared
def test_there_are_39_rulings_14_9_and_9_plus_7():
    counts = {topic: sum(r.topic == topic for r in load_rulings()) for topic in TOPICS}
    assert counts == {"gogo": 14, "masamune": 9, "cascade": 9, "protege": 7}
    assert len(seed_rulings()) == len(load_rulings()) == 39


@needs_shared
def test_english_text_date_and_source_match_the_seeds_exactly_and_in_order():
    for packaged, (topic, date, source, en) in zip(load_rulings(), seed_rulings(), strict=True):
        where = packaged.id
        assert (packaged.topic, packaged.date, packaged.source) == (topic, date, source), where
        assert packaged.en == en, f"{packaged.id}: English differs from the seed"


@needs_shared
def test_the_masamune_cmc_line_is_card_data_not_a_ruling():
    _, other = parse_seed(SHARED / "seeds" / "002_db7c98cd972f5d05.txt")
    assert other == ["CMC 3"]
    assert not any("CMC" in r.en for r in load_rulings())


@needs_shared
def test_ids_and_rules_match_the_map_and_its_first_words_start_each_ruling():
    rows = cr_map()
    assert [r.id for r in load_rulings()] == [row[0] for row in rows]
    for r, (rid, first_words, rules) in zip(load_rulings(), rows, strict=True):
        assert list(r.rules) == rules, rid
        # The map quotes with ' where the seed has ", and elides with …: check each fragment.
        text = r.en.replace('"', "'")
        fragments = [f.strip(" '\"") for f in first_words.strip('"').split("…")]
        fragments = [f.replace('"', "'") for f in fragments if f]
        assert text.startswith(fragments[0]), rid
        position = 0
        for fragment in fragments:
            position = text.find(fragment, position)
            assert position >= 0, f"{rid}: {fragment!r} not in the ruling"


@needs_shared
def test_every_cited_rule_exists_in_the_comprehensive_rules():
    cr = (SHARED / "reference" / "MagicCompRules.txt").read_text(encoding="utf-8")
    numbers = set(re.findall(r"^(\d{3}\.\d+[a-z]?)[. ]", cr, re.M))
    cited = {n for r in load_rulings() for n in r.rules}
    assert cited - numbers == set()


# --- the package data on its own ----------------------------------------------------------------

def test_ids_are_unique_and_numbered_in_order_within_each_topic():
    ids = ruling_ids()
    assert len(set(ids)) == len(ids) == 39
    for topic in TOPICS:
        mine = [i for i in ids if i.startswith(topic + "-")]
        assert mine == [f"{topic}-{n:02d}" for n in range(1, len(mine) + 1)]


def test_every_ruling_has_english_and_french_text_and_the_right_card():
    names = load_card_names()
    for r in load_rulings():
        assert r.en.strip() and r.fr.strip(), r.id
        assert r.fr != r.en, r.id
        assert r.card == TOPICS[r.topic], r.id
        assert r.card_fr == names[r.card], r.id
        assert r.source == "wotc"


def test_cascade_rulings_are_sakashimas_proteges():
    cascade = [r for r in load_rulings() if r.topic == "cascade"]
    assert {r.card for r in cascade} == {"Sakashima's Protege"}
    assert all("cascade" in r.tags for r in cascade)


def test_rule_numbers_are_well_formed_strings_and_tags_are_known():
    for r in load_rulings():
        assert r.rules and all(isinstance(n, str) and is_rule_number(n) for n in r.rules), r.id
        assert r.tags and set(r.tags) <= set(TAGS), r.id


def test_rule_number_format():
    for good in ("603", "603.2", "603.2d", "707.10b", "702.108a"):
        assert is_rule_number(good)
    for bad in ("60", "603.", "603.2dd", "603.2D", "1234.5", "CR 603.2d", 603.2):
        assert not is_rule_number(bad)


def test_rule_matching_follows_the_numbering_tree():
    assert rule_matches("603.2d", "603")
    assert rule_matches("707.10b", "707.10")
    assert rule_matches("707.10", "707.10")
    assert not rule_matches("707.10", "707.1")   # 707.10 is not under 707.1
    assert not rule_matches("707.10b", "707.10c")
    with pytest.raises(ValueError, match="not a CR rule number"):
        rule_matches("702.85a", "70")


def test_french_uses_french_typography_consistently():
    for r in load_rulings():
        assert '"' not in r.fr, f"{r.id}: use « » in French"
        for plain in ("« ", " »", " :", " ;"):
            assert plain not in r.fr, f"{r.id}: {plain!r} needs a non-breaking space"


def test_the_note_says_english_is_the_source_of_truth_in_both_languages():
    note = rulings_note()
    assert "source of truth" in note["en"] and "unofficial" in note["en"]
    assert "font foi" in note["fr"] and "non officielle" in note["fr"]


def test_repr_is_deterministic():
    assert repr(ruling("gogo-01")) == "<Ruling gogo-01 Gogo, Master of Mimicry>"
    assert repr(ruling("masamune-09")) == "<Ruling masamune-09 The Masamune>"


def test_an_unknown_id_is_named_in_the_error():
    with pytest.raises(UnknownRulingError, match="gogo-99"):
        ruling("gogo-99")
    with pytest.raises(ValueError):
        ruling("nope")
    with pytest.raises(KeyError):
        ruling("nope")


def test_the_rulings_are_cached_and_immutable():
    assert load_rulings() is load_rulings()
    with pytest.raises(AttributeError):
        ruling("gogo-01").fr = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("iso", "french"),
    [
        ("2025-06-06", "6 juin 2025"),
        ("2021-06-18", "18 juin 2021"),
        ("2020-11-10", "10 novembre 2020"),
        ("2025-06-01", "1er juin 2025"),
        ("2024-02-01", "1er février 2024"),
        ("2023-08-15", "15 août 2023"),
        ("2022-12-31", "31 décembre 2022"),
    ],
)
def test_french_date(iso, french):
    assert french_date(iso) == french
    assert french_date(datetime.date.fromisoformat(iso)) == french
    assert parse_french_date(french) == datetime.date.fromisoformat(iso)


def test_seed_style_dates_with_a_leading_zero_parse():
    assert parse_french_date("06 juin 2025") == datetime.date(2025, 6, 6)
    with pytest.raises(ValueError):
        parse_french_date("June 6, 2025")


def test_each_ruling_gives_its_date_in_french():
    assert ruling("gogo-01").date_fr == "6 juin 2025"
    assert ruling("protege-07").date_fr == "10 novembre 2020"
