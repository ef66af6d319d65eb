"""Wording checks of CODEX card texts: timings in the rulebook's phase names, keywords that exist,
and summons that say what happens when the summoned creature is already in play.

Pure text rules (no files): validate.py runs them on every card, so `pnpgen dungeon validate`
refuses a card that says "next turn" (which turn?), names a keyword the annex does not define, or
summons a one-card creature without saying what happens when it is already on the table.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

# The moments the rulebook names (its phases, setup, the end of a chapter, a creature's or a
# player's own turn), per language. A timing word in a card text must be part of one of them.
TIMINGS: dict[str, tuple[str, ...]] = {
    "fr": ("fin de la prochaine phase des Créatures", "fin de la prochaine phase des Joueurs",
           "fin de cette phase des Joueurs", "fin de la phase des Créatures", "phase des Créatures",
           "phase des Joueurs", "début de mon tour", "de chaque tour", "ce tour-ci", "Mise en place",
           "Quand le Chapitre se termine", "fin du Chapitre", "une fois par Chapitre", "pendant ce Chapitre",
           "prochaine attaque"),
    "en": ("end of the next Creature phase", "end of the next player phase", "end of this player phase",
           "End of the Creature phase", "Creature phase", "player phase", "start of my turn", "each turn",
           "this turn", "Setup", "When the Chapter ends", "end of the Chapter", "once per Chapter",
           "during this Chapter", "next attack"),
}
# Words that announce a timing; each must sit inside one of the phrases above.
TIMING_WORDS: dict[str, str] = {"fr": r"\b(?:tours?|phases?|prochaine?s?)\b", "en": r"\b(?:turns?|phases?|next)\b"}
# How a summon says what happens when no copy of the creature is left to bring in.
ALREADY: dict[str, tuple[str, ...]] = {
    "fr": ("déjà en jeu", "n’est en jeu", "s’il en reste", "autant d’Encres que possible"),
    "en": ("already in play", "is in play", "if one is left", "as many Inks as I can"),
}
# Game terms in capitals that look like keywords: each must be a keyword of the annex in that language.
KEYWORD_LIKE: dict[str, tuple[str, ...]] = {"fr": ("Tacle", "Charge", "Plante", "Tackle", "Plant"),
                                            "en": ("Tackle", "Charge", "Plant", "Tacle", "Plante")}
_MARKUP = re.compile(r"<[^>]+>")


def plain(text: str) -> str:
    """A card text without its markup (icons, green values, bold)."""
    return _MARKUP.sub(" ", text)


def timing_problems(text: str, lang: str) -> list[str]:
    """Timing words outside the rulebook's phase names ('next turn', 'enemy phase', ...)."""
    rest = plain(text)
    phrases, words = _timing_patterns(lang)
    for phrase in phrases:
        rest = phrase.sub(" ", rest)
    return [f"timing {word!r} is not one of the rulebook's phases (e.g. {TIMINGS[lang][4]!r})"
            for word in words.findall(rest)]


@cache
def _timing_patterns(lang: str) -> tuple[tuple[re.Pattern[str], ...], re.Pattern[str]]:
    """The language's timing phrases (longest first, as cut out in turn) and its timing words, compiled once."""
    phrases = tuple(re.compile(re.escape(phrase), re.IGNORECASE)
                    for phrase in sorted(TIMINGS[lang], key=len, reverse=True))
    return phrases, re.compile(TIMING_WORDS[lang], re.IGNORECASE)


def keyword_problems(text: str, lang: str, keyword_names: Iterable[str]) -> list[str]:
    """Keyword-like terms that are not keywords of the annex in this language (e.g. 'Tackle' in French)."""
    known = set(keyword_names)
    words = set(re.findall(r"\b[A-Z][a-z]+\b", plain(text)))
    return [f"keyword {word!r} is not defined in {lang} (known: {', '.join(sorted(known))})"
            for word in KEYWORD_LIKE[lang] if word in words and word not in known]


def summon_problems(texts: dict[str, str], lang: str, summoned_names: list[str]) -> list[str]:
    """A summon must name the creature and say what happens when it is already in play."""
    joined = " ".join(plain(t) for t in texts.values())
    problems = [f"summons {name!r} but no {lang} text names it" for name in summoned_names
                if _stem(name) not in joined]
    if summoned_names and not any(phrase in joined for phrase in ALREADY[lang]):
        problems.append(f"summons {', '.join(summoned_names)} without saying what happens when it is already "
                        f"in play ({lang}: e.g. {ALREADY[lang][0]!r})")
    return problems


def _stem(name: str) -> str:
    """'Encre' also matches 'Encres'; 'Feu Follet' is looked for whole."""
    return name.rstrip("s")
