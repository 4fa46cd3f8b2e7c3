"""A cache of parsed data files (the card catalog, the shipped scenarios), so ``mtgrules check``
does not read, parse and validate every file again in every process (issue 12: the command as
a whole within ten times a bare interpreter start).

What is cached is what a file parses to (cards, a :class:`~mtgrules.scenarios.Scenario`),
never a result: every scenario is still played by the engine each time. An entry is found by
the file's content (its BLAKE2 hash) and by the code that parsed it: the size and modification
time of every file of the ``mtgrules`` package, and the versions of Python and PyYAML. Change
a scenario, a card, the loader or the schema, and the entry is simply not found. Files read
together (the catalog's, the shipped scenarios) are also kept in one entry, found when every
file's name and bytes are equal to those it keeps (:func:`cached_together`).

The cache lives in ``$MTGRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/mtgrules``, else
``~/.cache/mtgrules``; ``MTGRULES_CACHE_DIR=off`` turns it off. A cache that can't be read or
written is ignored: the files are parsed as if it weren't there.
"""

from __future__ import annotations

import atexit
import dataclasses
import importlib.util
import io
import os
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from pathlib import Path

try:  # the C pickler itself: the pickle module adds a copy in Python that nothing here uses
    import _pickle as pickle  # (4 M instructions of every start, a fifth of a bare start)
except ImportError:  # another Python than CPython
    import pickle  # type: ignore[no-redef]
try:  # the BLAKE2 built into Python, as hashlib gives it: importing hashlib loads OpenSSL
    from _blake2 import blake2b  # (3 ms of every start, for hashes it doesn't make faster)
except ImportError:  # another Python than CPython
    from hashlib import blake2b

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

_PACKAGE = Path(__file__).resolve().parent
#: As ``pickle.HIGHEST_PROTOCOL`` says (a negative protocol is the highest one).
HIGHEST_PROTOCOL = -1


def digest(data: bytes) -> str:
    """The hash the cache keys its entries by (160 bits of BLAKE2b)."""
    return blake2b(data, digest_size=20).hexdigest()


def cache_dir() -> Path | None:
    where = os.environ.get("MTGRULES_CACHE_DIR")
    if where == "off":
        return None
    if where:
        return Path(where)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mtgrules"


#: What a parse depends on besides the file: the package's code and data, and PyYAML.
_CODE_SUFFIXES = (".py", ".yaml", ".json", ".csv")
#: Folders of the package that hold nothing a parse depends on (tutorials, site templates),
#: and the shipped scenarios (``scenarios/data``): each is found by its own content, and no
#: scenario is parsed differently because another changed (they were two thirds of the files
#: looked at in every process).
_NOT_CODE = frozenset({"__pycache__", "tutorials", "site_template", "lab_settings", "data"})


def _code_files(folder: str) -> Iterator[os.DirEntry[str]]:
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name not in _NOT_CODE:
                    yield from _code_files(entry.path)
            elif entry.name.endswith(_CODE_SUFFIXES):
                yield entry


def _code_key() -> str:
    """The version of the code that parses: every file of the package (its size and time of
    change) and PyYAML's. Read with ``os.scandir`` and without importing PyYAML, as it runs in
    every process that uses the cache (pathlib's ``rglob`` cost 8 ms here)."""
    parts = [sys.version]
    spec = importlib.util.find_spec("yaml")
    if spec is not None and spec.origin:
        st = os.stat(spec.origin)
        parts.append(f"yaml|{spec.origin}|{st.st_mtime_ns}|{st.st_size}")
    root = str(_PACKAGE)
    for entry in sorted(_code_files(root), key=lambda e: e.path):
        st = entry.stat()
        parts.append(f"{entry.path[len(root):]}|{st.st_mtime_ns}|{st.st_size}")
    return digest("\n".join(parts).encode())[:20]


class _Entries:
    """The entries of one cache file (files named ``pattern``): read at first use, written
    back once at exit."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.file: Path | None = None
        self.entries: dict[str, Any] = {}
        self.dirty = False

    def read(self, file: Path) -> None:
        self.file = file
        try:
            with file.open("rb") as f:
                self.entries = pickle.load(f)  # noqa: S301 - our own file, in the user's cache
        except (OSError, pickle.PickleError, EOFError, AttributeError, ImportError):
            self.entries = {}

    def save(self) -> None:
        if not self.dirty or self.file is None:
            return
        try:
            self.file.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.file.with_suffix(f".{os.getpid()}.tmp")
            with tmp.open("wb") as f:
                pickle.dump(self.entries, f, protocol=HIGHEST_PROTOCOL)
            os.replace(tmp, self.file)
            self.dirty = False
        except OSError:
            return  # no cache this time: nothing is lost but time
        prune(self.file.parent, self.pattern)


class _Store(_Entries):
    """The entries of one code key, in two files: the files read together (the catalog's,
    the shipped scenarios: :func:`cached_together`) and any other file in the first, read in
    every process that uses the cache; each of those files on its own, which only a file that
    changed needs, in the second, read only then (when both were one file, reading its half
    of the bytes was 0.8 M instructions of every check)."""

    def __init__(self) -> None:
        super().__init__("scenarios-*.pickle")
        self.loaded = False
        self._apart: _Entries | None = None

    def load(self) -> None:
        self.loaded = True
        where = cache_dir()
        if where is None:
            return
        self.read(where / f"scenarios-{_code_key()}.pickle")
        atexit.register(self.save)

    def apart(self) -> _Entries:
        """The entries of the files read together, each on its own (read when first asked)."""
        if self._apart is None:
            assert self.file is not None
            self._apart = _Entries("apart-scenarios-*.pickle")
            self._apart.read(self.file.with_name(f"apart-{self.file.name}"))
        return self._apart

    def save(self) -> None:
        if self._apart is not None:
            self._apart.save()
        super().save()


#: Cache files kept: one per version of the code, so several checkouts or virtual
#: environments sharing one cache folder don't parse everything again in turn; older ones
#: (every edit of the package makes a new version) are removed.
KEEP_FILES = 8


def prune(folder: Path, pattern: str = "scenarios-*.pickle") -> None:
    """Remove all but the :data:`KEEP_FILES` most recently written cache files."""
    try:
        files = sorted(folder.glob(pattern), key=lambda p: p.stat().st_mtime, reverse=True)
        for old in files[KEEP_FILES:]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # another process pruned first


_STORE = _Store()


def save() -> None:
    """Write the new entries now (a process that ends without running ``atexit``)."""
    _STORE.save()


def file_version(path: str | os.PathLike[str]) -> str:
    """A file's name, size and time of change: what to key a big file's entry by without
    reading it (as Python does for its bytecode)."""
    st = os.stat(path)
    return f"{os.fspath(path)}|{st.st_size}|{st.st_mtime_ns}"


def cached(kind: str, text: str | bytes, parse: Callable[[], T],
           shared: Mapping[str, object] | None = None, *, apart: bool = False) -> T:
    """What ``parse()`` makes of ``text`` (a file of ``kind``, or its bytes as read: no need
    to decode a file found in the cache), from the cache when this text was parsed before by
    this code.

    ``shared`` names objects that are not the file's own (the catalog and its cards, for a
    scenario): they are kept in the entry by name and given back as the very same objects,
    so an entry holds only what the file says, and a scenario that adds a card to the catalog
    does not carry a copy of every catalog card. ``apart``: an entry of a file read with
    others (:func:`cached_together`), kept in a file of its own (see :class:`_Store`)."""
    if not _STORE.loaded:
        _STORE.load()
    if _STORE.file is None:
        return parse()
    key = f"{kind}:{digest(text.encode() if isinstance(text, str) else text)}"
    store: _Entries = _STORE.apart() if apart else _STORE
    found = store.entries.get(key)
    if found is not None:
        try:
            return _loads(found, shared or {})
        except (pickle.PickleError, EOFError, AttributeError, ImportError, TypeError,
                KeyError):
            pass
    value = parse()
    try:
        store.entries[key] = _dumps(value, shared or {})
        store.dirty = True
    except (pickle.PickleError, TypeError, AttributeError):
        pass
    return value


def cached_together(kind: str, files: Sequence[tuple[str, bytes]],
                    parse: Callable[[str, bytes], T],
                    shared: Mapping[str, object] | None = None) -> list[T]:
    """What ``parse(name, data)`` makes of each file (its name and its bytes as read), as
    :func:`cached` gives it file by file (``kind`` and the name, then the bytes, are each
    one's text), and kept together too: when every file is as it was, name and bytes
    compared one by one (as exact as the hashes, and no file is hashed), all come back from
    one entry, in which what they share (classes, card names, words) is unpickled once, not
    once per file. When one changed, the others still come from their own entries."""
    if not _STORE.loaded:
        _STORE.load()
    if _STORE.file is None:
        return [parse(name, data) for name, data in files]
    key, files = f"{kind}:together", tuple(files)
    found = _STORE.entries.get(key)
    try:
        if found is not None and found[0] == files:
            return _loads(found[1], shared or {})  # type: ignore[no-any-return]
    except (pickle.PickleError, EOFError, AttributeError, ImportError, TypeError, KeyError,
            IndexError):
        pass  # an entry that can't be read: each file is found (or parsed) again
    values = [cached(kind, f"{name}\n".encode() + data, partial(parse, name, data), shared,
                     apart=True) for name, data in files]
    try:
        _STORE.entries[key] = (files, _dumps(values, shared or {}))
        _STORE.dirty = True
    except (pickle.PickleError, TypeError, AttributeError):
        pass
    return values


def _dumps(value: object, shared: Mapping[str, object]) -> bytes:
    out = io.BytesIO()
    _Pickler(out, {id(obj): name for name, obj in shared.items()}).dump(value)
    return out.getvalue()


def _loads(data: bytes, shared: Mapping[str, object]) -> Any:
    unpickler = pickle.Unpickler(io.BytesIO(data))  # our own file, in the user's cache
    unpickler.persistent_load = shared.__getitem__  # type: ignore[method-assign,assignment]
    return unpickler.load()


class _Pickler(pickle.Pickler):
    """Shared objects by name; frozen dataclasses with slots (cards and their abilities) as
    their class and values, made again by their constructor or :func:`_frozen`."""

    def __init__(self, file: io.BytesIO, names: dict[int, str]):
        super().__init__(file, protocol=HIGHEST_PROTOCOL)
        self.names = names

    def persistent_id(self, obj: Any) -> str | None:
        return self.names.get(id(obj))

    def reducer_override(self, obj: Any) -> Any:
        how = _frozen_fields(type(obj))
        if how is None:
            return NotImplemented
        names, by_constructor = how
        values = tuple([getattr(obj, name) for name in names])
        return (type(obj), values) if by_constructor else (_frozen, (type(obj), values))


#: By class: the fields of a frozen dataclass with slots, and whether its constructor makes
#: it again from their values alone (else None: not such a class).
_FROZEN: dict[type, tuple[tuple[str, ...], bool] | None] = {}


def _frozen_fields(cls: type) -> tuple[tuple[str, ...], bool] | None:
    """The fields of a frozen dataclass with slots, and whether the constructor written for
    it (the ``__init__`` of ``dataclasses``, or the ``__new__`` of :func:`mtgrules.frozen.
    frozen`) takes exactly those, in that order, and does nothing else (no ``__post_init__``):
    then unpickling calls it, a third quicker than :func:`_frozen` (the catalog's cards and
    the scenarios' own hold thousands of these objects). Else None. ``dataclasses`` pickles
    such an object with a ``__setstate__`` that looks its fields up for every object."""
    if cls not in _FROZEN:
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen or "__slots__" not in vars(cls):
            _FROZEN[cls] = None
        else:
            names = tuple(f.name for f in dataclasses.fields(cls))
            made = vars(cls)
            code = getattr(made.get("__init__"), "__code__", None) \
                or getattr(made.get("__new__"), "__code__", None)
            by_constructor = code is not None and code.co_filename == "<string>" \
                and code.co_varnames[1:code.co_argcount] == names \
                and not code.co_kwonlyargcount and not hasattr(cls, "__post_init__")
            _FROZEN[cls] = names, by_constructor
    return _FROZEN[cls]


def _frozen(cls: type, values: tuple[Any, ...]) -> Any:
    """A frozen dataclass's object with these values, as its ``__setstate__`` makes it."""
    obj: Any = object.__new__(cls)
    how = _frozen_fields(cls)
    assert how is not None
    for name, value in zip(how[0], values, strict=True):
        object.__setattr__(obj, name, value)
    return obj
