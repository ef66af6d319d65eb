"""parse_keywords reads 'Name n, Name' lists; a list it cannot read is a one-line RulesError."""

import pytest

from generator.core.errors import RulesError
from generator.games.dungeon.rules.deck import parse_keywords


def test_names_and_values_are_read():
    assert parse_keywords("Charge 1, Tacle") == [("Charge", 1), ("Tacle", None)]
    assert parse_keywords("Vol de nuit 2") == [("Vol de nuit", 2)]


def test_an_unreadable_keyword_is_a_rules_error_not_a_crash():
    with pytest.raises(RulesError, match="'Charge  1' cannot be read"):
        parse_keywords("Charge  1")
