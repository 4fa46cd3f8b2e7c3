"""Reading the kit's YAML files with line numbers, so a bad file names its file, line and field.

Cards and scenarios are both read through :class:`Node`, a thin view over the parsed YAML that
knows where each value came from.
"""

from __future__ import annotations

import builtins
import functools
import os
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from .errors import ScenarioError

TYPE_CHECKING = False  # (see mtgrules/__init__.py)
if TYPE_CHECKING:
    from typing import Any

    import yaml

#: The largest scenario or card file read, in bytes. The biggest shipped file is a few KB: a file
#: a thousand times larger is a mistake (or an attack), not a situation to teach.
MAX_FILE_BYTES = 1_000_000

_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


class _LineMarks:
    """Keeps each mapping's and sequence's line numbers (1-based), and refuses aliases: a value
    written once is used once, so a file can't expand (billion laughs) into more than it says."""

    # kept by yaml's BaseConstructor, which this class is mixed into
    constructed_objects: dict[Any, Any]
    recursive_objects: dict[Any, Any]

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node in self.constructed_objects or node in self.recursive_objects:
            raise ScenarioError("YAML aliases (*name) are not allowed: write the value out "
                                f"(the anchor is at line {node.start_mark.line + 1})",
                                line=node.start_mark.line + 1, field="alias")
        return super().construct_object(node, deep=deep)  # type: ignore[misc]


@functools.cache
def _loaders() -> tuple[Any, Any]:
    """(the C loader or None, the pure-Python loader), both keeping line marks.

    Built on first use: importing PyYAML compiles its regular expressions (about 20 ms), which
    a process that reads every file from the cache of parsed files never needs (issue 12)."""
    import yaml

    class _LineLoader(_LineMarks, yaml.SafeLoader):
        """The pure-Python loader: slow, but its errors say exactly where and what."""

    # libyaml's parser (PyYAML's C extension) with the same constructors: its nodes keep their
    # line marks too, and it reads a file about ten times faster. None when PyYAML was built
    # without it; then the pure-Python loader reads everything.
    fast: Any = None
    if hasattr(yaml, "CSafeLoader"):
        class _CLineLoader(_LineMarks, yaml.CSafeLoader):  # type: ignore[misc]
            """The fast loader, for files that are well formed."""
        fast = _CLineLoader
    for loader in (_LineLoader, fast):
        if loader is not None:
            loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
                                   _construct_mapping)
            loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG,
                                   _construct_sequence)
            loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SCALAR_TAG,
                                   _construct_str)
    return fast, _LineLoader


def _construct_str(loader: Any, node: yaml.ScalarNode) -> str:
    """A text, as one object wherever a file says it ("kind", "alice", "battlefield"...): the
    cache of parsed files pickles an object once, so the kit's texts are unpickled once each,
    not once per place (a third of the texts a check unpickles, issue 12)."""
    return sys.intern(loader.construct_scalar(node))


def _construct_mapping(loader: Any, node: yaml.MappingNode) -> dict:
    loader.flatten_mapping(node)
    result = _LineDict()
    result.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise ScenarioError(f"duplicate key '{key}'", line=key_node.start_mark.line + 1,
                                field=str(key))
        result[key] = loader.construct_object(value_node, deep=True)
        result.lines[key] = key_node.start_mark.line + 1
    return result


def _construct_sequence(loader: Any, node: yaml.SequenceNode) -> list:
    result = _LineList(loader.construct_object(child, deep=True) for child in node.value)
    result.line = node.start_mark.line + 1
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


class _LineDict(dict):
    line: int = 0

    def __init__(self, *args: Any):
        super().__init__(*args)
        self.lines: dict[Any, int] = {}


class _LineList(list):
    line: int = 0
    lines: list[int] = []


def load_yaml(text: str, file: str | None = None) -> Any:
    """Parse YAML text keeping line numbers; a syntax error becomes a ScenarioError.

    The C parser reads it when it can; if it finds anything wrong, the pure-Python one reads
    the file again, so every error is reported the same way, with its line."""
    import yaml

    if not text.isascii():  # canonically equivalent text is the same text: "é" written as one
        # character or as e and a combining accent (as macOS writes file names) names one card
        import unicodedata
        text = unicodedata.normalize("NFC", text)
    c_loader, py_loader = _loaders()
    if c_loader is not None:
        fast = None
        try:
            fast = c_loader(text)
            return fast.get_single_data()
        except Exception:  # noqa: BLE001, S110 - read again below, to name the problem
            pass
        finally:
            if fast is not None:
                fast.dispose()
    loader = None
    try:
        loader = py_loader(text)  # its reader refuses control characters at once
        return loader.get_single_data()
    except RecursionError:
        line = getattr(loader, "line", None)  # where the parser was (the pure-Python one)
        raise ScenarioError("lists or mappings are nested too deeply to read",
                            file=file, line=line + 1 if line is not None else None) from None
    except ScenarioError as err:
        raise ScenarioError(err.message, file=file, line=err.line, field=err.field) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        what = f"U+{err.character:04X}" if isinstance(err.character, int) else err.reason
        raise ScenarioError(f"the file holds a character YAML does not allow ({what})",
                            file=file, line=line) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(err, "problem", None) or str(err)
        raise ScenarioError(f"invalid YAML: {problem}", file=file, line=line) from None
    finally:
        if loader is not None:
            loader.dispose()


#: How a file is opened to be read as a file opened "rb" reads it (no newline translation on
#: Windows): worked out once (``getattr`` of a name ``os`` lacks makes an error each time).
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_BINARY", 0)
#: What :func:`file_bytes` asks for at each read: more than any shipped file holds, so a file
#: is read at once (the second read only finds its end), without asking its size first.
_READ_SIZE = 1 << 16


def file_bytes(path: str | Path) -> bytes | None:
    """The file's bytes, or None when it can't be read or is larger than :data:`MAX_FILE_BYTES`
    (the shipped scenarios, the catalog's files: read in every check).
    Read with ``os``, in chunks until its end as ``readall()`` reads, without asking the
    file's size first: for the shipped files, a file object cost 3 times as much, and
    ``os.fstat`` before reading 1.6 times."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        chunks = []
        size = 0
        while chunk := os.read(fd, _READ_SIZE):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_FILE_BYTES:
                return None
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def read_text(path: str | Path) -> str:
    """A file's text: UTF-8 only and at most :data:`MAX_FILE_BYTES`, anything else refused by
    name (a Latin-1 or UTF-16 file says so instead of failing somewhere in a decoder)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError(f"the file is too large ({size:,} bytes; the limit is "
                                f"{MAX_FILE_BYTES:,})", file=str(path))
        data = path.read_bytes()
    except OSError as err:
        raise ScenarioError(f"can't read the file: {err.strerror}", file=str(path)) from None
    return decode(data, file=str(path))


def decode(data: bytes, file: str | None = None) -> str:
    """UTF-8 bytes as text; any other encoding is refused, named where it can be recognised."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            raise ScenarioError(f"the file is encoded in {name}: save it as UTF-8 (without a "
                                "byte-order mark)", file=file, line=1)
    try:
        text = data.decode("utf-8-sig")  # a UTF-8 byte-order mark is harmless: dropped
        if "\x00" in text:
            raise UnicodeDecodeError("utf-8", data, data.index(b"\x00"),
                                     data.index(b"\x00") + 1, "NUL byte")
        return text
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        guess = "UTF-16" if b"\x00" in data else "Latin-1 or Windows-1252"
        raise ScenarioError(f"the file is not UTF-8 (byte 0x{data[err.start]:02x}; it looks "
                            f"like {guess}): save it as UTF-8", file=file, line=line) from None


def load_yaml_file(path: str | Path) -> Any:
    return load_yaml(read_text(path), file=str(path))


class Node:
    """A value read from a file, with the file, line and field path it came from."""

    __slots__ = ("value", "file", "line", "field")

    def __init__(self, value: Any, file: str | None = None, line: int | None = None,
                 field: str = ""):
        self.value = value
        self.file = file
        self.line = line if line is not None else getattr(value, "line", None)
        self.field = field

    def __reduce__(self) -> tuple[Any, ...]:
        return Node, (self.value, self.file, self.line, self.field)  # quicker than its slots

    def error(self, message: str, field: str | None = None, line: int | None = None
              ) -> ScenarioError:
        return ScenarioError(message, file=self.file, line=line or self.line,
                             field=field if field is not None else (self.field or None))

    def _child_field(self, key: Any) -> str:
        if isinstance(key, int):
            return f"{self.field}[{key}]"
        return f"{self.field}.{key}" if self.field else str(key)

    def __getitem__(self, key: Any) -> Node:
        value = self.value[key]
        lines = getattr(self.value, "lines", None)
        line = None
        if isinstance(lines, dict):
            line = lines.get(key)
        elif isinstance(lines, list) and isinstance(key, int) and key < len(lines):
            line = lines[key]
        own = getattr(value, "line", None)
        return Node(value, self.file, own or line or self.line, self._child_field(key))

    def get(self, key: str, default: Any = None) -> Node | None:
        if self.is_map() and key in self.value:
            return self[key]
        return None if default is None else Node(default, self.file, self.line,
                                                 self._child_field(key))

    def is_map(self) -> bool:
        return isinstance(self.value, dict)

    def is_list(self) -> bool:
        return isinstance(self.value, list)

    def mapping(self, allowed: set[str] | frozenset[str] | None = None,
                required: tuple[str, ...] = ()) -> Node:
        """Check this is a mapping with only ``allowed`` keys and all ``required`` ones."""
        if not self.is_map():
            raise self.error(f"expected a mapping, got {kind_of(self.value)}")
        if allowed is not None:
            for key in self.value:
                if key not in allowed:
                    known = ", ".join(sorted(allowed))
                    raise self.error(f"unknown key '{key}' (known keys: {known})",
                                     field=self._child_field(key), line=self.value.lines.get(key))
        for key in required:
            if key not in self.value:
                raise self.error(f"missing key '{key}'", field=self._child_field(key))
        return self

    def items(self) -> Iterator[tuple[Any, Node]]:
        for key in self.mapping().value:
            yield key, self[key]

    def list(self, allow_single: bool = False) -> list[Node]:
        if not self.is_list():
            if allow_single:
                return [self]
            raise self.error(f"expected a list, got {kind_of(self.value)}")
        return [self[i] for i in range(len(self.value))]

    def str(self) -> str:
        if isinstance(self.value, bool) or not isinstance(self.value, (str, int, float)):
            raise self.error(f"expected text, got {kind_of(self.value)}")
        return str(self.value)

    def int(self, minimum: int | None = None) -> int:
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            raise self.error(f"expected a whole number, got {self.value!r}")
        if minimum is not None and self.value < minimum:
            raise self.error(f"expected a number of at least {minimum}, got {self.value}")
        return self.value

    def bool(self) -> bool:
        if not isinstance(self.value, bool):
            raise self.error(f"expected true or false, got {self.value!r}")
        return self.value

    # (``str`` here is the method above: the built-in type is spelled builtins.str)
    def choice(self, options: tuple[builtins.str, ...] | frozenset[builtins.str]
               ) -> builtins.str:
        text = self.str()
        if text not in options:
            raise self.error(f"'{text}' is not one of: {', '.join(sorted(options))}"
                             f"{did_you_mean(text, options)}")
        return text

    def plain(self) -> Any:
        """The value as plain dicts and lists (no line bookkeeping)."""
        return plain(self.value)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`` (did you mean: count?)`` when a known word is close to ``word``, else ''.

    >>> did_you_mean("cuont", ["count", "kind"]), did_you_mean("zzz", ["count"])
    (' (did you mean: count?)', '')
    """
    import difflib

    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=3, cutoff=0.6)
    return f" (did you mean: {', '.join(close)}?)" if close else ""


def kind_of(value: Any) -> str:
    """What a YAML value is, in a file author's words."""
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    return f"{type(value).__name__} {value!r}"


def plain(value: Any) -> Any:
    """Plain dicts and lists from what the loader made (its line-numbered ones don't dump)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value
