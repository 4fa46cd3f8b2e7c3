"""The JSON Schema (Draft 2020-12) of scenario files and card definitions, and validation at load.

The schema is built from the vocabulary the engine defines (actions, checks, question kinds,
effects and their parameters, trigger events, target types, zones, steps), so the files, their
validation and the engine can't drift apart. The same schema ships as JSON beside this module
(``scenario.schema.json``, ``cards.schema.json``) for editors: a scenario file starting with::

    # yaml-language-server: $schema=../../schema/scenario.schema.json

is completed and checked as it is typed (see docs/scenarios.md). ``make schema`` writes the
files again; a test fails when they are out of date.

Errors are reported like every other load error, with the file, the line and the field, and
"did you mean" for a misspelled key or value::

    bad.yaml:14: unknown key 'cuont' in a 'triggered' check (did you mean: count?)
    (field 'script[2].check[0].triggered.cuont')
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..data import Node, did_you_mean, kind_of
from ..errors import ScenarioError
from .build import card_schema, scenario_schema

SCHEMA_FILES = {"scenario": "scenario.schema.json", "cards": "cards.schema.json"}


# jsonschema imports, when the package loads, every optional checker of the "format" keyword it can
# find; where Jupyter installed rfc3987_syntax, that one compiles its grammars (1.5-3 s). The kit's
# schemas use no "format" keyword, so that import is kept out while jsonschema loads: an entry of
# None in sys.modules makes that one import fail, and jsonschema skips the "iri" checker.
_UNUSED_FORMAT_CHECKERS = ("rfc3987_syntax",)


def _jsonschema() -> Any:
    """The ``jsonschema`` module, imported without format checkers the kit never uses."""
    if "jsonschema" in sys.modules:
        return sys.modules["jsonschema"]
    blocked = [name for name in _UNUSED_FORMAT_CHECKERS if name not in sys.modules]
    for name in blocked:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import jsonschema
    finally:
        for name in blocked:
            del sys.modules[name]
    return jsonschema


@lru_cache(maxsize=4)
def _validator(kind: str) -> Any:
    Draft202012Validator = _jsonschema().Draft202012Validator
    # The schemas are built from the vocabulary, so checking them against the meta-schema is the
    # test suite's job (test_schema.py), not every process's: it cost 0.25 s per start.
    schema = scenario_schema() if kind == "scenario" else card_schema()
    return Draft202012Validator(schema)


def schema_path(kind: str = "scenario") -> Any:
    """Where the shipped schema file is (for a ``yaml-language-server`` modeline)."""
    from pathlib import Path

    return Path(__file__).resolve().parent / SCHEMA_FILES[kind]


def shipped_schema(kind: str) -> dict[str, Any]:
    """The schema file shipped in the package (``scenario`` or ``cards``)."""
    text = (Path(__file__).parent / SCHEMA_FILES[kind]).read_text(encoding="utf-8")
    import json

    return json.loads(text)


def validate(node: Node, kind: str = "scenario") -> None:
    """Raise a :class:`ScenarioError` for the first problem in the file (in file order)."""
    errors = list(_validator(kind).iter_errors(node.value))
    if not errors:
        return
    leaves = [_leaf(e) for e in errors]
    first = min(leaves, key=lambda e: (_line(node, e.absolute_path) or 0, -len(e.absolute_path)))
    raise _to_error(node, first)


def _leaf(error: Any) -> Any:
    """The most telling error inside an anyOf/oneOf (jsonschema's own ranking)."""
    best_match = _jsonschema().exceptions.best_match
    while error.context and "errorMessage" not in error.schema:
        error = best_match(error.context)
    return error


def _line(root: Node, path: Iterable[Any]) -> int | None:
    node = root
    line = root.line
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
        line = node.line or line
    return line


def _field(path: Iterable[Any]) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out


def _to_error(root: Node, error: Any) -> ScenarioError:
    path = list(error.absolute_path)
    message = _message(error)
    if error.validator == "additionalProperties":
        extra = _unexpected(error)
        if extra is not None:
            path = [*path, extra]
    line = _line(root, path)
    if error.validator == "required":  # the field that is missing, on its mapping's line
        path = [*path, _missing(error)]
        return ScenarioError(message, file=root.file, line=line, field=_field(path))
    line = _line(root, path)
    return ScenarioError(message, file=root.file, line=line, field=_field(path) or None)


def _missing(error: Any) -> str:
    return next(k for k in error.validator_value if k not in error.instance)


def _unexpected(error: Any) -> str | None:
    allowed = set(error.schema.get("properties", {}))
    extra = [k for k in error.instance if k not in allowed]
    return extra[0] if extra else None


def _where(schema: dict[str, Any]) -> str:
    title = schema.get("title")
    return f" in {title}" if title else ""


_TYPE_WORDS = {"object": "a mapping", "array": "a list", "string": "text",
               "integer": "a whole number", "boolean": "true or false", "null": "null",
               "number": "a number"}


def _message(error: Any) -> str:
    v, schema, value = error.validator, error.schema, error.instance
    if v == "additionalProperties":
        key = _unexpected(error)
        known = sorted(schema.get("properties", {}))
        return (f"unknown key '{key}'{_where(schema)}{did_you_mean(str(key), known)} "
                f"(known keys: {', '.join(known)})")
    if v == "required":
        return f"missing key '{_missing(error)}'{_where(schema)}"
    if v == "enum":
        options = [str(o) for o in error.validator_value]
        shown = ", ".join(options) if len(options) <= 20 else ", ".join(options[:20]) + ", ..."
        hint = f"; {schema['x-hint']}" if "x-hint" in schema else ""  # build.HINT_KEY
        return f"'{value}' is not one of: {shown}{did_you_mean(value, options)}{hint}"
    if v == "const":
        return f"expected {error.validator_value!r}, got {value!r}"
    if v == "type":
        wanted = error.validator_value
        if wanted in ("integer", "boolean"):  # the value itself says most: 'lots', 3.5
            return f"expected {_TYPE_WORDS[wanted]}, got {value!r}"
        words = " or ".join(_TYPE_WORDS.get(str(w), str(w)) for w in
                            (wanted if isinstance(wanted, list) else [wanted]))
        return f"expected {words}, got {kind_of(value)}"
    if v == "minimum":
        return f"expected a number of at least {error.validator_value}, got {value}"
    words = schema.get("x-words", ())  # a reference's or an amount's words (build.WORDS_KEY)
    if v == "pattern":
        hint = schema.get("description", f"the form {error.validator_value}")
        return f"'{value}' is not {hint}{did_you_mean(value, words)}"
    if v in ("anyOf", "oneOf") and "errorMessage" in schema and words:
        # What was written, then the nearest word: as every other refused value says it.
        got = f"'{value}'" if isinstance(value, str) else \
            kind_of(value) if isinstance(value, (dict, list)) else repr(value)
        hint = did_you_mean(value, words) if isinstance(value, str) else ""
        return f"{schema['errorMessage']}; got {got}{hint}"
    if v in ("minProperties", "maxProperties", "minItems", "maxItems", "anyOf", "oneOf",
             "not"):
        return schema.get("errorMessage") or f"{error.message}{_where(schema)}"
    return error.message


__all__ = ["SCHEMA_FILES", "did_you_mean", "shipped_schema", "validate"]
