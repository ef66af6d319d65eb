"""The laser search, checker, rater, grader, puzzle generator and assistant give exactly the results
recorded before the engine was refactored (data/recorded.json, written by recorded.py)."""

from __future__ import annotations

import json

import pytest
from tests.laser.recorded import RECORD, digest, rules_cases, search_cases

RECORDED = json.loads(RECORD.read_text(encoding="utf-8"))


def test_every_case_is_recorded():
    names = [name for name, _ in [*search_cases(), *rules_cases()]]
    assert len(names) == len(set(names)) == len(RECORDED)
    assert set(names) == set(RECORDED)


@pytest.mark.parametrize(("name", "run"), list(search_cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_search_leaves_unchanged(name, run):
    assert digest(run()) == RECORDED[name]


@pytest.mark.parametrize(("name", "run"), list(rules_cases()), ids=lambda v: v if isinstance(v, str) else "")
def test_rules_results_unchanged(name, run):
    assert digest(run()) == RECORDED[name]
