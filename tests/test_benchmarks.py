"""benchmarks/scale.py's measured situations still play to their end (nothing here is timed:
the benchmark measures, these only check that what it measures is what it says). A rule
added to the engine can stop one of them half-way: 104.1 once ended the Gogo situation after
Bob's twentieth life point, and the benchmark printed an error instead of its figure."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCALE = Path(__file__).resolve().parents[1] / "benchmarks" / "scale.py"


@pytest.fixture(scope="module")
def scale() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmark_scale", SCALE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_board_is_destroyed_and_every_trigger_resolves(scale: ModuleType) -> None:
    result = scale.board(10)  # 13 creatures die (10 bears, 3 artists): 5 triggers each
    assert result["triggers"] == 5 * 13 and result["resolved"] == 65 and result["finished"]


def test_gogo_makes_every_copy_and_every_one_resolves(scale: ModuleType) -> None:
    result = scale.gogo(30)  # more copies than a player's starting life
    assert result["copies"] == 30 and "error" not in result


def test_every_view_of_the_destroyed_board_is_drawn_in_both_languages(scale: ModuleType
                                                                       ) -> None:
    from mtgrules.draw import VIEWS

    drawn = scale.diagrams(3)
    assert set(drawn) == {f"{view} {lang}" for view in VIEWS for lang in ("en", "fr")}
    assert all(size > 0 for _, size in drawn.values())
