"""The examples in the package's docstrings are tests too: they must run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mtgrules

MODULES = sorted(m.name for m in pkgutil.walk_packages(mtgrules.__path__, "mtgrules.")
                 if m.name != "mtgrules.__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str):
    try:
        module = importlib.import_module(name)
    except ImportError as err:  # an optional extra (pandas, graphviz, ipywidgets) is missing
        pytest.skip(f"{name} needs {err.name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
