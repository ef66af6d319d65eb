"""CODEX cards through the card engine: each card as a template record (per language), then built.

Every kind has its template, templates/dungeon/<kind>.yaml (its own face and back), and every
record carries the fields its template uses, computed here from the card data: localised labels,
"3-" ripostes, "3+" precision, "1 – 2" ranges, green Plante values, the Boss's Secret reference.
"""

from __future__ import annotations

from pathlib import Path

from generator.content.records import Record
from generator.content.templates import load_template
from generator.games.dungeon.deck import KINDS, Card, Deck, parse_keywords
from generator.games.dungeon.validate import _refs, parse_range

COLOURS_HEX = {"red": "#c0392b", "yellow": "#e1a913", "green": "#2e8540", "blue": "#2c62a8"}


def template_name(kind: str) -> str:
    """The built-in template of a kind."""
    return f"dungeon/{kind}"


def _creature_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    v = card.values
    green_pv = f" <g>{v['pv_green']}</g>" if "pv_green" in v else ""
    green_rip = f" <g>{v['riposte_green']}-</g>" if "riposte_green" in v else ""
    keywords = {k.names["fr"]: k for k in deck.keywords}
    words = [keywords[name].names[lang] + (f" {value}" if value is not None else "")
             for name, value in parse_keywords(str(v.get("keywords") or "")) if name in keywords]
    passive = ". ".join(f"<b>{w}</b>" for w in words) + ("." if words else "")
    extra = card.text("passive", lang)
    return {"pv_text": f"{v['pv']}{green_pv}", "riposte_text": f"{v['riposte']}-{green_rip}",
            "distance": v["distance"], "passives": " ".join(p for p in (passive, extra) if p),
            "cond1": card.text("cond1", lang), "effect1": card.text("effect1", lang),
            "effect2": card.text("effect2", lang), "default_label": labels["default"]}


def _boss_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    fields = _creature_fields(card, deck, labels, lang)
    secret = next(s for s in deck.of_kind("secret") if s.values.get("number") == card.values["secret"])
    rewards = ", ".join(deck.get(ref).name(lang) for ref in _refs(card.values.get("rewards")))
    fields.update(secret_ref=f"{secret.values['number']} - {secret.name(lang)}",
                  rewards_text=f"<b>{labels['rewards']} :</b> {rewards}" if lang == "fr"
                  else f"<b>{labels['rewards']}:</b> {rewards}")
    return fields


def _object_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    v = card.values
    weapon = "precision" in v
    low, high = parse_range(v["range"]) if weapon else (0, 0)
    return {"weapon": "yes" if weapon else "", "precision_text": f"{v['precision']}+" if weapon else "",
            "damage_text": str(v.get("damage", "")), "range_text": (str(low) if low == high else f"{low} – {high}")
            if weapon else "", "precision_label": labels["precision"], "damage_label": labels["damage"],
            "range_label": labels["range"], **_effects(card, lang)}


def _effects(card: Card, lang: str) -> dict:
    return {f"effect{i}": card.text(f"effect{i}", lang) for i in (1, 2, 3)}


def _secret_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    abilities = bool(card.values.get("abilities"))
    fields = {"number": str(card.values["number"]), "abilities": "yes" if abilities else "",
              "plain": "" if abilities else "yes", "default_label": labels["default"],
              "cond1": card.text("cond1", lang), "cond2": card.text("cond2", lang), **_effects(card, lang)}
    return fields


def _character_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    colour = card.values["colour"]
    return {"colour": COLOURS_HEX[colour], "die_label": f"{labels['die']} {labels['colours'][colour]}",
            "start_label": labels["start"], "start_name": deck.get(card.values["start"]).name(lang),
            "ability": card.text("ability", lang)}


def _zone_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    return {"types": card.text("types", lang), "role": card.values.get("role", ""), **_effects(card, lang)}


def _ration_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    return {"effect1": card.text("effect1", lang)}


FIELDS = {"character": _character_fields, "ration": _ration_fields, "object": _object_fields,
          "secret": _secret_fields, "creature": _creature_fields, "special": _creature_fields,
          "boss": _boss_fields, "zone": _zone_fields}


def card_fields(card: Card, deck: Deck, labels: dict, lang: str) -> dict:
    """Every field the card's template uses, in one language."""
    kind_labels = labels[lang]["kinds"]
    return {"id": card.id, "kind": card.kind, "source": card.source, "name": card.name(lang),
            "kind_label": kind_labels[card.kind], "game": "CODEX",
            **FIELDS[card.kind](card, deck, labels[lang], lang)}


def deck_records(deck: Deck, labels: dict, lang: str, kinds: tuple[str, ...] = KINDS) -> dict[str, list[Record]]:
    """Records per kind, in printing order, a card with qty n repeated n times (one shared field dict)."""
    out: dict[str, list[Record]] = {}
    for kind in kinds:
        records = []
        for card in deck.of_kind(kind):
            fields = card_fields(card, deck, labels, lang)
            records += [Record(fields, Path(card.file or ""), card.line, copy) for copy in range(1, card.qty + 1)]
        out[kind] = records
    return out


def build_deck(deck: Deck, labels: dict, lang: str = "fr", kinds: tuple[str, ...] = KINDS,
               bleed: float | None = None) -> list:
    """The printable cards (imposition Cards, each with its kind's back) of the chosen kinds."""
    from generator.sheets.cards import build_cards

    cards = []
    for kind, records in deck_records(deck, labels, lang, kinds).items():
        cards += build_cards(records, load_template(template_name(kind)), bleed=bleed)
    return cards


def deck_card_size(kind: str = "creature") -> tuple[float, float]:
    """The card size of the templates (they all share it)."""
    from generator.sheets.cards import card_size_of

    return card_size_of(load_template(template_name(kind)))
