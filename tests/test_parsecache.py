"""The cache of parsed files (issue 12): the same scenario comes back from it as parsed, a
changed file is parsed again, and without a usable cache everything still works."""

from __future__ import annotations

import pytest

from mtgrules import parsecache
from mtgrules.cards import catalog
from mtgrules.check import _load_cached, _shared, check_rulings, load_shipped, run_shipped
from mtgrules.scenarios import load_scenario, shipped_scenarios


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(parsecache, "_STORE", parsecache._Store())
    return tmp_path


def test_a_cached_scenario_is_the_parsed_one_with_the_shared_catalog(store):
    path = shipped_scenarios()[0]
    first = _load_cached(path)
    parsecache._STORE.save()
    parsecache._STORE = parsecache._Store()  # a new process, as it were
    again = _load_cached(path)
    assert again.cards is catalog()
    assert again.script == first.script and again.expect == first.expect
    assert again.run().passed == load_scenario(path).run().passed
    assert list(store.glob("scenarios-*.pickle"))


def test_a_changed_file_is_parsed_again(store, tmp_path):
    source = shipped_scenarios()[0].read_text(encoding="utf-8")
    path = tmp_path / "mine.yaml"
    path.write_text(source, encoding="utf-8")
    title = _load_cached(path).title
    path.write_text(source.replace(f"title: {title}", "title: Another title", 1),
                    encoding="utf-8")
    assert _load_cached(path).title == "Another title"


def test_a_broken_cache_file_is_ignored(store):
    parsecache._STORE.load()
    parsecache._STORE.file.write_bytes(b"not a pickle")
    parsecache._STORE = parsecache._Store()
    assert _load_cached(shipped_scenarios()[0]).id == shipped_scenarios()[0].stem


def test_without_a_cache_the_check_plays_every_scenario(monkeypatch):
    monkeypatch.setenv("MTGRULES_CACHE_DIR", "off")
    monkeypatch.setattr(parsecache, "_STORE", parsecache._Store())
    results = run_shipped()
    assert len(results) == len(shipped_scenarios()) and parsecache._STORE.file is None
    assert all(row["passed"] is not False for row in check_rulings(results))


def test_the_cache_holds_parsed_files_never_results(store):
    _load_cached(shipped_scenarios()[0])
    load_shipped()
    for key, blob in parsecache._STORE.entries.items():
        assert key.startswith(("scenario:", "catalog", "rulings:", "cldr-plural:",
                               "cldr-plural-table:", "cr-rule:", "cr-subtypes:", "noms-fr:"))
        if key.endswith(":together"):  # the files as read, and all they parse to
            assert all(isinstance(data, bytes) for _, data in blob[0])
            blob = blob[1]
        value = parsecache._loads(blob, _ByName(_shared()))  # the catalog and its cards
        assert "ScenarioResult" not in type(value).__name__
        assert not any("ScenarioResult" in type(v).__name__
                       for v in (value if isinstance(value, list) else ()))


class _ByName(dict):
    def __missing__(self, name: str) -> str:
        return name


def test_a_scenario_entry_holds_the_catalog_by_name(store):
    """A scenario with cards of its own keeps the catalog's cards as names, not copies."""
    path = next(p for p in shipped_scenarios() if "cards:" in p.read_text(encoding="utf-8"))
    first = _load_cached(path)
    parsecache._STORE.save()
    parsecache._STORE = parsecache._Store()  # a new process, as it were
    parsecache._STORE.load()
    assert any(k.startswith("scenario:") for k in parsecache._STORE.entries)
    again = _load_cached(path)
    assert again.cards["Grizzly Bears"] is catalog()["Grizzly Bears"]
    assert set(again.cards) == set(first.cards)


def test_a_check_from_the_cache_needs_no_parser(tmp_path):
    """With every file in the cache, ``mtgrules check`` plays the scenarios without importing
    PyYAML, jsonschema, Babel, the scenario loader or the schema (the start-up cost issue 12 is
    about); a cold run does import them."""
    import subprocess
    import sys

    probe = ("import contextlib, io, sys\n"
             "from mtgrules.cli import main\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             "    code = main(['check', '--json'])\n"
             "print(code, sorted(m for m in ('yaml', 'jsonschema', 'babel', 'mtgrules.schema',"
             " 'mtgrules.scenarios.loader', 'mtgrules.saving') if m in sys.modules))\n"
             "print(sorted(m for m in ('pickle', 'datetime', 'inspect', 'copy', 'typing')"
             " if m in sys.modules))\n")
    env = {**__import__("os").environ, "MTGRULES_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                           env=env, check=True).stdout.split("\n", 1) for _ in range(2)]
    assert runs[0][0] == "0 ['babel', 'jsonschema', 'mtgrules.saving', " \
                         "'mtgrules.scenarios.loader', 'mtgrules.schema', 'yaml']"  # cold: parsed
    # (warm: no saving.py either, which only a saved moment's set-up needs)
    # warm: nor the standard modules only parsing needs (pickle's Python half: the C pickler
    # reads the cache; datetime: the rulings' dates, ruling_cards; inspect and copy:
    # mtgrules.deferred; typing: mtgrules/__init__.py)
    assert runs[1] == ["0 []", "[]\n"]


def test_a_text_a_file_says_in_several_places_is_read_as_one_object():
    """One object per text, so that the cache pickles (and a check unpickles) each text once,
    not once per place the files say it; equal as ever."""
    from mtgrules.data import load_yaml

    first, second = load_yaml("- {kind: cast, by: alice}\n- {kind: cast, by: alice}\n")
    assert first == second == {"kind": "cast", "by": "alice"}
    assert [*first][0] is [*second][0] and first["kind"] is second["kind"]


def test_old_cache_files_are_removed(store):
    """Every edit of the package is a new version of the code, with a new file: only the most
    recent ones are kept."""
    import os

    for i in range(parsecache.KEEP_FILES + 3):
        old = store / f"scenarios-old{i}.pickle"
        old.write_bytes(b"")
        os.utime(old, (1000 + i, 1000 + i))
    _load_cached(shipped_scenarios()[0])
    parsecache._STORE.save()
    kept = sorted(p.name for p in store.glob("scenarios-*.pickle"))
    assert len(kept) == parsecache.KEEP_FILES and parsecache._STORE.file.name in kept
    assert "scenarios-old0.pickle" not in kept


def test_a_cached_scenario_reads_its_file_data_on_first_use(store):
    """The data as read (which only the scenario builder reads again) comes back from the cache
    equal, line numbers included, though it is unpickled only when first read."""
    path = next(p for p in shipped_scenarios() if "cards:" in p.read_text(encoding="utf-8"))
    first = _load_cached(path)
    parsecache._STORE.save()
    parsecache._STORE = parsecache._Store()  # a new process, as it were
    again = _load_cached(path)
    assert "data" not in vars(again)  # not unpickled yet
    assert again.data == first.data and again.data["setup"].line == first.data["setup"].line
    assert again.data["setup"].lines == first.data["setup"].lines
    assert vars(again)["data"] is again.data  # unpickled once, then kept


def test_a_cached_scenario_reads_its_line_marked_set_up_on_first_use(store):
    """The set-up as read and each set-up object's place in the file (which only a saved
    moment's set-up, an error's message and saving read) come back from the cache as they
    were, though playing the scenario unpickles none of them."""
    path = next(p for p in shipped_scenarios()
                if "attached_to:" in p.read_text(encoding="utf-8"))
    first = _load_cached(path)
    parsecache._STORE.save()
    parsecache._STORE = parsecache._Store()  # a new process, as it were
    again = _load_cached(path)
    assert again.run().passed
    assert "setup" not in vars(again) and "data" not in vars(again)
    assert not any("node" in vars(so) for so in again.setup_objects)
    assert again.saved_moment is first.saved_moment is False
    assert again.setup.value == first.setup.value and again.setup.line == first.setup.line
    for so, was in zip(again.setup_objects, first.setup_objects, strict=True):
        assert (so.card, so.zone, so.owner, so.options) == \
            (was.card, was.zone, was.owner, was.options)
        assert (so.node.file, so.node.line, so.node.field, so.node.value) == \
            (was.node.file, was.node.line, was.node.field, was.node.value)


def test_an_unpickled_saved_moment_builds_from_its_set_up():
    """A saved moment's set-up (a stack, here) is read from its lines when the game is built,
    also from a scenario that comes back from a pickle (its lines packed apart)."""
    import pickle

    from mtgrules import Game
    from mtgrules.scenarios import parse_scenario

    game = Game(["alice", "bob"])
    bolt = game.add(catalog()["Lightning Bolt"], "hand", "alice")
    game.player("alice").mana_pool["R"] = 1
    game.start()
    game.cast("alice", bolt, answers=[{"targets": ["bob"]}])
    scenario = parse_scenario(game.to_scenario())
    assert scenario.saved_moment
    again = pickle.loads(pickle.dumps(scenario))
    assert [(it.id, it.source_id) for it in again.new_game().stack] == [("S1", "lightning-bolt")]


def test_a_catalog_with_a_scenarios_cards_pickles_as_the_catalog_and_those_cards(store):
    """Not every card of the kit again: the kit's catalog by name, and the scenario's cards;
    French names are still found."""
    import pickle

    path = next(p for p in shipped_scenarios() if "cards:" in p.read_text(encoding="utf-8"))
    extended = load_scenario(path).cards
    blob = parsecache._dumps(extended, {"catalog": catalog()})
    own = [name for name in extended if name not in catalog()]
    assert own and b"Grizzly Bears" not in blob
    again = parsecache._loads(blob, {"catalog": catalog()})
    assert list(again) == list(extended) and again[own[0]] == extended[own[0]]
    french = catalog()["Grizzly Bears"].characteristics().name_fr
    assert again[french] is catalog()["Grizzly Bears"]
    assert pickle.loads(pickle.dumps(catalog()))["Grizzly Bears"] == catalog()["Grizzly Bears"]


def test_the_plural_table_is_babels_rule(store):
    """Whole numbers' plural categories come from a table kept in the cache; it says what
    Babel's CLDR rule says, for every number in it, and other numbers still ask Babel."""
    from babel import Locale

    from mtgrules.text.plural import TABLED, _table, plural_category

    _table.cache_clear()
    for lang in ("en", "fr"):
        rule = Locale.parse(lang).plural_form
        assert [plural_category(lang, n) for n in range(TABLED)] == \
            [rule(n) for n in range(TABLED)]
        for n in (TABLED, 10**6, 1.5, 0.5, -1):
            assert plural_category(lang, n) == rule(abs(n))
    assert plural_category("fr", 10**6) == "many"
    assert any(k.startswith("cldr-plural-table:") for k in parsecache._STORE.entries)


def test_the_code_key_covers_the_code_and_its_data_not_the_scenarios():
    """What a parse depends on is looked at (modules, schemas, catalogs, rulings); the shipped
    scenarios are not: each entry is found by its own file's content."""
    root = str(parsecache._PACKAGE)
    files = {e.path[len(root) + 1:].replace("\\", "/")
             for e in parsecache._code_files(root)}
    assert {"scenarios/loader.py", "cards/catalog.yaml", "rulings/rulings.yaml",
            "schema/scenario.schema.json"} <= files
    assert not any(f.startswith("scenarios/data/") for f in files)


def test_a_file_too_large_or_missing_is_refused_by_the_loader(store, tmp_path, monkeypatch):
    """Not read whole to find its entry: the loader refuses it by name, as without a cache."""
    from mtgrules import data
    from mtgrules.errors import ScenarioError

    big = tmp_path / "big.yaml"
    big.write_text("title: x\n" * 20, encoding="utf-8")
    monkeypatch.setattr(data, "MAX_FILE_BYTES", 100)  # (data.file_bytes reads it too)
    with pytest.raises(ScenarioError, match="too large"):
        _load_cached(big)
    with pytest.raises(ScenarioError, match="can't read the file"):
        _load_cached(tmp_path / "missing.yaml")


def _parse_counted(parsed: list[str]):
    def parse(name: str, data: bytes) -> dict[str, str]:
        parsed.append(name)
        return {"name": name, "text": data.decode()}
    return parse


def test_files_kept_together_come_back_from_one_entry_while_none_changed(store):
    """Every file as it was, name and bytes: all come back from the one entry, none parsed;
    one changed (a byte, or its name): only that one is parsed again, and what comes back is
    what parsing each file makes."""
    files = [(f"f{i}.yaml", f"text {i}".encode()) for i in range(3)]
    parsed: list[str] = []
    first = parsecache.cached_together("test", files, _parse_counted(parsed))
    parsecache._STORE.save()
    parsecache._STORE = parsecache._Store()  # a new process, as it were
    again = parsecache.cached_together("test", files, _parse_counted(parsed))
    assert again == first and parsed == ["f0.yaml", "f1.yaml", "f2.yaml"]
    changed = [files[0], ("f1.yaml", b"text 1!"), files[2]]
    assert parsecache.cached_together("test", changed, _parse_counted(parsed))[1] == \
        {"name": "f1.yaml", "text": "text 1!"}
    renamed = [files[0], files[1], ("g2.yaml", b"text 2")]
    assert parsecache.cached_together("test", renamed, _parse_counted(parsed))[2] == \
        {"name": "g2.yaml", "text": "text 2"}
    assert parsed == ["f0.yaml", "f1.yaml", "f2.yaml", "f1.yaml", "g2.yaml"]
    assert parsecache.cached_together("test", files, _parse_counted(parsed)) == first


def test_shipped_scenarios_come_back_together_as_parsed(store):
    """The check's scenarios from the entry that keeps them together are the parsed ones,
    with the kit's catalog shared, and play the same."""
    first = load_shipped()
    parsecache._STORE.save()
    parsecache._STORE = parsecache._Store()  # a new process, as it were
    again = load_shipped()
    assert "scenario:together" in parsecache._STORE.entries
    # each file's own entry is in the other file, which a check with no file changed never
    # reads (its bytes were half of what every check read)
    assert parsecache._STORE._apart is None and list(store.glob("apart-scenarios-*.pickle"))
    assert not [k for k in parsecache._STORE.entries if not k.endswith(":together")
                and k.startswith(("scenario:", "catalog:"))]
    assert [s.id for s in again] == [p.stem for p in shipped_scenarios()]
    for was, now in zip(first, again, strict=True):
        assert (now.script, now.expect, now.file) == (was.script, was.expect, was.file)
        assert now.cards is catalog() or now.cards._made_from[0] is catalog()
    assert [r.passed for r in map(type(again[0]).run, again[:5])] == \
        [r.passed for r in map(type(first[0]).run, first[:5])]


def test_an_entry_kept_together_that_cant_be_read_is_made_again(store):
    files = [("f0.yaml", b"text 0")]
    parsed: list[str] = []
    parsecache.cached_together("test", files, _parse_counted(parsed))
    for broken in ((files[0],), (tuple(files), b"not a pickle"), b"garbage"):
        parsecache._STORE.entries["test:together"] = broken
        assert parsecache.cached_together("test", files, _parse_counted(parsed)) == \
            [{"name": "f0.yaml", "text": "text 0"}]
    assert parsed == ["f0.yaml"]  # the file's own entry still serves
