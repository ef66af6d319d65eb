"""Checks of a CODEX deck: counts per kind, unique ids, references between cards, keywords, texts."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from generator.games.dungeon.rules.deck import (
    COLOURS,
    COUNTS,
    DISTANCES,
    KINDS,
    LANGS,
    REQUIRED_TEXT,
    SECRET_NUMBERS,
    SOURCES,
    TEXT_FIELDS,
    VALUE_FIELDS,
    ZONE_ROLES,
    Card,
    Keyword,
    Problem,
    by_id,
    count_kinds,
    markup_problems,
    parse_keywords,
)
from generator.games.dungeon.rules.wording import keyword_problems, summon_problems, timing_problems

Check = Callable[[Card, "DeckIndex"], Iterable[str]]


class DeckIndex:
    """What the per-card checks look up: cards by id, secrets by number, keywords by name."""

    def __init__(self, cards: list[Card], keywords: list[Keyword]) -> None:
        self.cards = by_id(cards)
        self.secrets = {c.values.get("number"): c for c in cards if c.kind == "secret"}
        self.keywords = {k.names["fr"]: k for k in keywords}
        self.keyword_names = {lang: [k.names[lang] for k in keywords] for lang in LANGS}


def _is_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def parse_range(text: str) -> tuple[int, int] | None:
    """'0' -> (0, 0); '1-2' or '1 – 2' -> (1, 2); None when malformed."""
    match = re.fullmatch(r"\s*(\d)\s*(?:[-–]\s*(\d)\s*)?", str(text))
    if not match:
        return None
    low = int(match.group(1))
    high = int(match.group(2)) if match.group(2) is not None else low
    return (low, high) if low <= high else None


def parse_refs(value: object) -> list[str]:
    """A comma-separated list of ids (or a YAML list) as a list of ids."""
    if isinstance(value, list):
        return [str(v).strip() for v in value]
    return [p.strip() for p in str(value or "").split(",") if p.strip()]


def check_texts(card: Card, index: DeckIndex) -> Iterable[str]:
    for lang in LANGS:
        texts = card.texts.get(lang, {})
        for name in REQUIRED_TEXT[card.kind]:
            if not texts.get(name, "").strip():
                yield f"missing {name}{'' if lang == 'fr' else '_' + lang} ({lang} text)"
        for name, value in texts.items():
            if name not in TEXT_FIELDS[card.kind]:
                yield f"unknown text field {name!r} for a {card.kind}"
            for problem in markup_problems(value):
                yield f"{name} ({lang}): {problem}"
    fr, en = card.texts.get("fr", {}), card.texts.get("en", {})
    for name in sorted(set(fr) ^ set(en)):
        if (fr.get(name) or en.get(name)):
            yield f"{name}: French and English must both be given (one is missing)"


def check_source(card: Card, index: DeckIndex) -> Iterable[str]:
    for key in card.values:
        if key not in VALUE_FIELDS[card.kind]:
            yield f"unknown field {key!r} for a {card.kind}"
    if card.source not in SOURCES:
        yield f"source must be one of {', '.join(SOURCES)}, not {card.source!r}"
    if not _is_int(card.qty, 1, 9):
        yield f"qty must be a whole number from 1 to 9, not {card.qty!r}"


def check_creature(card: Card, index: DeckIndex) -> Iterable[str]:
    v = card.values
    if not _is_int(v.get("pv"), 1, 40):
        yield f"pv must be a whole number from 1 to 40, not {v.get('pv')!r}"
    if not _is_int(v.get("riposte"), 0, 6):
        yield f"riposte must be a whole number from 0 to 6, not {v.get('riposte')!r}"
    if v.get("distance") not in DISTANCES:
        yield f"distance must be melee or ranged, not {v.get('distance')!r}"
    names = [name for name, _ in parse_keywords(str(v.get("keywords") or ""))]
    yield from _keyword_problems(str(v.get("keywords") or ""), index)
    green = [k for k in ("pv_green", "riposte_green") if k in v]
    has_green_text = any("<g>" in t for lang in LANGS for t in card.texts.get(lang, {}).values())
    if "Plante" in names and not (green or has_green_text):
        yield "Plante needs green values (pv_green, riposte_green or <g>n</g> in a text)"
    if "Plante" not in names and (green or has_green_text):
        yield "green values are only for a creature with Plante"
    for key in green:
        if not _is_int(v[key], 0, 40):
            yield f"{key} must be a whole number, not {v[key]!r}"


def _keyword_problems(text: str, index: DeckIndex) -> Iterable[str]:
    for name, value in parse_keywords(text):
        keyword = index.keywords.get(name)
        if keyword is None:
            yield f"unknown keyword {name!r} (known: {', '.join(index.keywords)})"
        elif keyword.takes_value and value is None:
            yield f"keyword {name} needs a value (e.g. {name} 1)"
        elif not keyword.takes_value and value is not None:
            yield f"keyword {name} takes no value"


def check_object(card: Card, index: DeckIndex) -> Iterable[str]:
    v = card.values
    weapon = [k for k in ("precision", "damage", "range") if k in v]
    if weapon and len(weapon) != 3:
        yield "a weapon needs precision, damage and range together"
        return
    if weapon:
        if not _is_int(v["precision"], 1, 6):
            yield f"precision must be 1 to 6 (printed 3+), not {v['precision']!r}"
        if not _is_int(v["damage"], 1, 9):
            yield f"damage must be 1 to 9, not {v['damage']!r}"
        if parse_range(v["range"]) is None:
            yield f"range must be '0' or 'X-Y' with X <= Y, not {v['range']!r}"


def check_secret(card: Card, index: DeckIndex) -> Iterable[str]:
    if card.values.get("number") not in SECRET_NUMBERS:
        yield f"number must be 1 to 9, not {card.values.get('number')!r}"
    if card.values.get("abilities"):
        for lang in LANGS:
            for name in ("cond1", "effect1", "cond2", "effect2", "effect3"):
                if not card.text(name, lang).strip():
                    yield f"a Boss's abilities need {name} ({lang})"


def check_boss(card: Card, index: DeckIndex) -> Iterable[str]:
    yield from check_creature(card, index)
    secret = index.secrets.get(card.values.get("secret"))
    if secret is None:
        yield f"secret {card.values.get('secret')!r}: no Secret card has that number"
    elif not secret.values.get("abilities"):
        yield f"secret {secret.values['number']} ({secret.name()}) holds no Boss abilities"
    rewards = parse_refs(card.values.get("rewards"))
    if not rewards:
        yield "a Boss needs at least one reward object (rewards)"
    for ref in rewards:
        if getattr(index.cards.get(ref), "kind", None) != "object":
            yield f"reward {ref!r}: no Objet card has that id"


def check_character(card: Card, index: DeckIndex) -> Iterable[str]:
    if card.values.get("colour") not in COLOURS:
        yield f"colour must be one of {', '.join(COLOURS)}, not {card.values.get('colour')!r}"
    start = card.values.get("start")
    if getattr(index.cards.get(start) if isinstance(start, str) else None, "kind", None) != "object":
        yield f"start {start!r}: no Objet card has that id"


def check_zone(card: Card, index: DeckIndex) -> Iterable[str]:
    role = card.values.get("role")
    if role is not None and role not in ZONE_ROLES:
        yield f"role must be one of {', '.join(ZONE_ROLES)}, not {role!r}"


def check_links(card: Card, index: DeckIndex) -> Iterable[str]:
    for ref in parse_refs(card.values.get("summons")):
        if getattr(index.cards.get(ref), "kind", None) != "special":
            yield f"summons {ref!r}: no Créature spéciale has that id"
    reads = card.values.get("reads")
    if reads is not None and reads not in index.secrets:
        yield f"reads {reads!r}: no Secret card has that number"


def check_wording(card: Card, index: DeckIndex) -> Iterable[str]:
    """Timings in the rulebook's phase names, keywords that exist, summons that cover 'already in play'."""
    summoned = [index.cards[ref] for ref in parse_refs(card.values.get("summons")) if ref in index.cards]
    for lang in LANGS:
        texts = {k: v for k, v in card.texts.get(lang, {}).items() if k != "name"}
        for name, text in texts.items():
            for problem in (*timing_problems(text, lang), *keyword_problems(text, lang, index.keyword_names[lang])):
                yield f"{name} ({lang}): {problem}"
        yield from summon_problems(texts, lang, [c.name(lang) for c in summoned])


CHECKS: dict[str, tuple[Check, ...]] = {
    "character": (check_character,), "ration": (), "object": (check_object,),
    "secret": (check_secret,), "creature": (check_creature,), "special": (check_creature,),
    "boss": (check_boss,), "zone": (check_zone,),
}


def _card_problems(card: Card, index: DeckIndex) -> list[Problem]:
    if card.kind not in KINDS:
        return [Problem(f"unknown kind {card.kind!r}", card.file, card.line, card.id)]
    checks = (check_source, check_texts, *CHECKS[card.kind], check_links, check_wording)
    return [Problem(msg, card.file, card.line, card.id) for check in checks for msg in check(card, index)]


def _deck_problems(cards: list[Card]) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, Card] = {}
    for card in cards:
        if card.id in seen:
            first = seen[card.id]
            problems.append(Problem(f"id used twice (first at {first.file}:{first.line})",
                                    card.file, card.line, card.id))
        seen[card.id] = card
    for kind, count in count_kinds(cards).items():
        if kind in COUNTS and count != COUNTS[kind]:
            problems.append(Problem(f"{count} cards of kind {kind}, the rulebook has {COUNTS[kind]}",
                                    key=kind))
    problems += _unique_values(cards, "character", "colour", "colour")
    problems += _unique_values(cards, "secret", "number", "Secret number")
    problems += _roles(cards)
    problems += _reachable(cards)
    return problems


def _unique_values(cards: list[Card], kind: str, key: str, label: str) -> list[Problem]:
    seen: dict[object, Card] = {}
    problems = []
    for card in (c for c in cards if c.kind == kind):
        value = card.values.get(key)
        if value in seen:
            problems.append(Problem(f"{label} {value!r} also on {seen[value].id}", card.file, card.line, card.id))
        seen[value] = card
    return problems


def _roles(cards: list[Card]) -> list[Problem]:
    problems = []
    for role in ZONE_ROLES:
        found = [c for c in cards if c.kind == "zone" and c.values.get("role") == role]
        if len(found) != 1:
            problems.append(Problem(f"{len(found)} zones with role {role}, there must be exactly 1", key="zone"))
    return problems


def _reachable(cards: list[Card]) -> list[Problem]:
    """Every special creature is summoned by some card; every plain Secret is read by one."""
    summoned = {ref for c in cards for ref in parse_refs(c.values.get("summons"))}
    read = {c.values.get("reads") for c in cards} | {c.values.get("secret") for c in cards if c.kind == "boss"}
    problems = [Problem("no card summons this special creature", c.file, c.line, c.id)
                for c in cards if c.kind == "special" and c.id not in summoned]
    problems += [Problem(f"no card reads Secret {c.values.get('number')}", c.file, c.line, c.id)
                 for c in cards if c.kind == "secret" and c.values.get("number") not in read]
    return problems


def validate_deck(cards: list[Card], keywords: list[Keyword]) -> list[Problem]:
    """Every problem of the deck, card problems in data order, then the deck-wide ones."""
    index = DeckIndex(cards, keywords)
    problems = [p for card in cards for p in _card_problems(card, index)]
    return problems + _deck_problems(cards)
