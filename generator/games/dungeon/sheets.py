"""CODEX cards through the card engine: each card as a template record (per language), then built.

Every kind has its template, templates/dungeon/<kind>.yaml (its own face and back), and every
record carries the fields its template uses, computed here from the card data: localised labels,
"3-" ripostes, "3+" precision, "1 – 2" ranges, green Plante values, the Boss's Secret reference.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from generator.cards.records import Record
from generator.cards.templates import load_template
from generator.core.placeholders import fill
from generator.games.dungeon import GAME
from generator.games.dungeon.rules.deck import KINDS, Card, Deck, parse_keywords
from generator.games.dungeon.rules.validate import parse_range, parse_refs
from generator.scene.model import Line, Page, Rect, Stroke, Text

if TYPE_CHECKING:   # pragma: no cover
    from generator.games.dungeon.rules.campaign import Campaign, Hero
    from generator.games.dungeon.rules.chapter import Setup
    from generator.scene.imposition import Card as PrintedCard

Labels = dict[str, Any]     # the labels file: {language: its words} (YAML data)
Words = dict[str, Any]      # one language's words: texts, and tables of them (kinds, colours, steps...)
Fields = dict[str, Any]     # a card template's record fields

COLOURS_HEX = {"red": "#c0392b", "yellow": "#e1a913", "green": "#2e8540", "blue": "#2c62a8"}


def colon(lang: str) -> str:
    """A colon as the language writes it: French puts a narrow no-break space before it."""
    return "\u202f:" if lang == "fr" else ":"


def template_name(kind: str) -> str:
    """The built-in template of a kind (the deck's group of that kind, in GAME)."""
    return GAME.deck("cards").group(kind).template


def _creature_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    v = card.values
    green_pv = f" <g>{v['pv_green']}</g>" if "pv_green" in v else ""
    green_rip = f" <g>{v['riposte_green']}-</g>" if "riposte_green" in v else ""
    words = keyword_words(card, deck, lang)
    passive = ". ".join(f"<b>{w}</b>" for w in words) + ("." if words else "")
    extra = card.text("passive", lang)
    return {"pv_text": f"{v['pv']}{green_pv}", "riposte_text": f"{v['riposte']}-{green_rip}",
            "distance": v["distance"], "passives": " ".join(p for p in (passive, extra) if p),
            "cond1": card.text("cond1", lang), "effect1": card.text("effect1", lang),
            "effect2": card.text("effect2", lang), "default_label": labels["default"]}


def _boss_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    fields = _creature_fields(card, deck, labels, lang)
    secret = next(s for s in deck.of_kind("secret") if s.values.get("number") == card.values["secret"])
    rewards = ", ".join(deck.get(ref).name(lang) for ref in parse_refs(card.values.get("rewards")))
    fields.update(secret_ref=f"{secret.values['number']} - {secret.name(lang)}",
                  rewards_text=f"<b>{labels['rewards']}{colon(lang)}</b> {rewards}")
    return fields


def _object_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    v = card.values
    weapon = "precision" in v
    span = parse_range(v["range"]) if weapon else (0, 0)
    assert span is not None, v["range"]      # the deck is validated: a weapon's range parses
    low, high = span
    return {"weapon": "yes" if weapon else "", "tool": "" if weapon else "yes", "precision_text": f"{v['precision']}+" if weapon else "",
            "damage_text": str(v.get("damage", "")), "range_text": (str(low) if low == high else f"{low} – {high}")
            if weapon else "", "precision_label": labels["precision"], "damage_label": labels["damage"],
            "range_label": labels["range"], **_effects(card, lang)}


def _effects(card: Card, lang: str) -> Fields:
    return {f"effect{i}": card.text(f"effect{i}", lang) for i in (1, 2, 3)}


def _secret_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    abilities = bool(card.values.get("abilities"))
    fields = {"number": str(card.values["number"]), "abilities": "yes" if abilities else "",
              "plain": "" if abilities else "yes", "default_label": labels["default"],
              "cond1": card.text("cond1", lang), "cond2": card.text("cond2", lang), **_effects(card, lang)}
    return fields


def _character_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    colour = card.values["colour"]
    return {"colour": COLOURS_HEX[colour], "die_label": die_label(labels, colour),
            "start_label": labels["start"], "start_name": deck.get(card.values["start"]).name(lang),
            "ability": card.text("ability", lang)}


def die_label(words: Words, colour: str) -> str:
    """'Dé rouge' / 'Red die': the player's die of a colour."""
    text = fill(words["die_of"], {"colour": words["colours"][colour]})
    return text[:1].upper() + text[1:]


def _zone_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    return {"types": card.text("types", lang), "role": card.values.get("role", ""), **_effects(card, lang)}


def _ration_fields(card: Card, deck: Deck, labels: Words, lang: str) -> Fields:
    return {"effect1": card.text("effect1", lang)}


FIELDS: dict[str, Callable[[Card, Deck, Words, str], Fields]] = {
    "character": _character_fields, "ration": _ration_fields, "object": _object_fields,
    "secret": _secret_fields, "creature": _creature_fields, "special": _creature_fields,
    "boss": _boss_fields, "zone": _zone_fields}


def card_fields(card: Card, deck: Deck, labels: Labels, lang: str) -> Fields:
    """Every field the card's template uses, in one language."""
    kind_labels = labels[lang]["kinds"]
    return {"id": card.id, "kind": card.kind, "source": card.source, "name": card.name(lang),
            "kind_label": kind_labels[card.kind], "game": "CODEX",
            **FIELDS[card.kind](card, deck, labels[lang], lang)}


def deck_records(deck: Deck, labels: Labels, lang: str, kinds: tuple[str, ...] = KINDS) -> dict[str, list[Record]]:
    """Records per kind, in printing order, a card with qty n repeated n times (one shared field dict)."""
    out: dict[str, list[Record]] = {}
    for kind in kinds:
        records: list[Record] = []
        for card in deck.of_kind(kind):
            fields = card_fields(card, deck, labels, lang)
            records += [Record(fields, Path(card.file or ""), card.line, copy) for copy in range(1, card.qty + 1)]
        out[kind] = records
    return out


def build_deck(deck: Deck, labels: Labels, lang: str = GAME.default_language, kinds: tuple[str, ...] = KINDS,
               bleed: float | None = None) -> list[PrintedCard]:
    """The printable cards (imposition Cards, each with its kind's back) of the chosen kinds."""
    from generator.cards.build import build_cards

    cards: list[PrintedCard] = []
    for kind, records in deck_records(deck, labels, lang, kinds).items():
        cards += build_cards(records, load_template(template_name(kind)), bleed=bleed)
    return cards


def deck_card_size(kind: str = "creature") -> tuple[float, float]:
    """The card size of the templates (they all share it)."""
    from generator.cards.build import card_size_of

    return card_size_of(load_template(template_name(kind)))


# --- chapter setup sheet ------------------------------------------------------------------------

INK = "#222222"
KIND_COLOURS = {"zone": "#3d4f63", "creature": "#6e2f1c", "boss": "#1f1f1f"}


def chapter_lines(setup: Setup, campaign: Campaign, deck: Deck, labels: Labels, lang: str) -> list[str]:
    """The chapter's setup as plain text lines (printed by the command, and the sheet's content)."""
    words = labels[lang]
    head = fill(words["sheet_title"], {"act": setup.act, "chapter": setup.chapter})
    kind = words["boss_chapter"] if setup.boss else words["first_chapter"]
    lines = [f"{head} ({kind})", f"  {setup.format()}", ""]
    lines.append("  " + " → ".join(deck.get(z).name(lang) for z in setup.zones))
    for zone, creature in zip(setup.dealt_zones, setup.creatures, strict=False):
        lines.append(f"    {deck.get(zone).name(lang)}{colon(lang)} {deck.get(creature).name(lang)}")
    if setup.boss:
        lines.append(f"    {deck.get(setup.zones[-1]).name(lang)}{colon(lang)} {deck.get(setup.boss).name(lang)}")
    lines += ["", f"{words['heroes']}{colon(lang)}"]
    for hero in campaign.heroes:
        lines.append("  " + _hero_line(hero, deck, words, lang))
    if campaign.players == 1:
        lines.append("  " + words["solo"])
    lines += ["", *(f"{n}. {step}" for n, step in enumerate(chapter_steps(setup, deck, words, lang), 1))]
    lines += ["", f"{words['piles']}{colon(lang)} " + _pile_counts(campaign, words)]
    return lines


def _hero_line(hero: Hero, deck: Deck, words: Words, lang: str) -> str:
    card = deck.get(hero.id)
    objects = ", ".join(deck.get(o).name(lang) for o in hero.objects) or "—"
    rations = ", ".join(deck.get(r).name(lang) for r in hero.rations)
    return (f"{card.name(lang)} ({die_label(words, card.values['colour'])}) · {words['objects']}{colon(lang)} {objects} · "
            f"{words['rations']} ({len(hero.rations)}){colon(lang)} {rations}")


def chapter_steps(setup: Setup, deck: Deck, words: Words, lang: str) -> list[str]:
    """The setup in the rulebook's order (Zones, dice, Créatures, the Boss, then appearance effects), then play."""
    steps = list(words["steps"])
    if setup.boss:
        boss = deck.get(setup.boss)
        rewards = ", ".join(deck.get(r).name(lang) for r in parse_refs(boss.values.get("rewards")))
        steps.append(fill(words["boss_step"], {"number": boss.values["secret"], "rewards": rewards}))
    return [*steps, words["effects_step"], *words["play_steps"]]


def _pile_counts(campaign: Campaign, words: Words) -> str:
    return " · ".join(f"{words['pile_names'][name]} {len(cards)}" for name, cards in campaign.piles.items())


def chapter_pages(setup: Setup, campaign: Campaign, deck: Deck, labels: Labels, lang: str = GAME.default_language, paper: str = "a4",
                  source: str = "", campaign_file: str = "") -> list[Page]:
    """The setup sheet of a dealt chapter: one landscape page with footer (and, small, the command
    that deals the next chapter from `campaign_file` when one is given)."""
    from generator.scene.imposition import add_footers, content_box, sheet_pages

    page = sheet_pages(1, paper, landscape=True)[0]
    x, y, w, h = content_box(paper, landscape=True)
    words = labels[lang]
    head = fill(words["sheet_title"], {"act": setup.act, "chapter": setup.chapter})
    kind = words["boss_chapter"] if setup.boss else words["first_chapter"]
    page.add(Text(x, y, w, 9, f"{head} · {kind}", font="serif-bold", size=18, color=INK, align="left", valign="middle", wrap=False))
    # the setup's text form (ids, French slugs) stays in the campaign file, off the players' page
    row_h = _draw_row(page, setup, campaign, deck, words, lang, (x, y + 16, w))
    _draw_text_block(page, setup, campaign, deck, words, lang, (x, y + 18 + row_h, w, h - 24 - row_h))
    if campaign_file:
        page.add(Text(x, y + h - 5, w, 4, fill(words["command_hint"], {"file": campaign_file}), font="sans", size=6.5,
                      color="#777777", align="left", valign="middle", wrap=False, shrink=True, min_size=5))
    return add_footers([page], title=head, source=source, lang=lang)


def _draw_row(page: Page, setup: Setup, campaign: Campaign, deck: Deck, words: Words, lang: str,
              box: tuple[float, float, float]) -> float:
    x0, y0, w = box
    n = len(setup.zones)
    gap = 4.0
    col = min(44.0, (w - gap * (n - 1)) / n)
    left = x0 + (w - (col * n + gap * (n - 1))) / 2
    above = {z: c for z, c in zip(setup.dealt_zones, setup.creatures, strict=False)}
    if setup.boss:
        above[setup.zones[-1]] = setup.boss
    for i, zone in enumerate(setup.zones):
        cx = left + i * (col + gap)
        if zone in above:
            _card_box(page, deck.get(above[zone]), deck, cx, y0, col, 30, lang, words)
        _card_box(page, deck.get(zone), deck, cx, y0 + 34, col, 30, lang, words)
        if i < n - 1:
            page.add(Line(cx + col, y0 + 49, cx + col + gap, y0 + 49, stroke=Stroke(INK, 0.5)))
    _draw_dice(page, campaign, deck, left, y0 + 66, col, words, lang)
    return 66 + 7 * len(campaign.heroes)


def _card_box(page: Page, card: Card, deck: Deck, x: float, y: float, w: float, h: float, lang: str,
              words: Words) -> None:
    colour = KIND_COLOURS.get(card.kind, INK)
    page.add(Rect(x, y, w, h, fill="#fbf6ea", stroke=Stroke(colour, 0.5), radius=1.5),
             Rect(x, y, w, 6, fill=colour, stroke=None, radius=1.5),
             Text(x + 1, y + 0.5, w - 2, 5, words["kinds"][card.kind], font="sans-bold", size=7, color="#ffffff", align="center",
                  valign="middle", wrap=False))
    page.add(Text(x + 1.5, y + 7, w - 3, 10, card.name(lang), font="serif-bold", size=10, color=INK, align="center", valign="middle",
                  wrap=True, shrink=True, min_size=6))
    detail = _card_detail(card, deck, lang)
    if detail:
        page.add(Text(x + 1.5, y + 18, w - 3, h - 19.5, detail, font="sans", size=7, color="#444444", align="center", valign="top",
                      wrap=True, shrink=True, min_size=5))


def _card_detail(card: Card, deck: Deck, lang: str) -> str:
    if card.kind == "zone":
        return card.text("types", lang)
    v = card.values
    hp = "HP" if lang == "en" else "PV"        # the rulebook's Points de Vie; hit points in English
    stats = f"{hp} {v['pv']} · Riposte {v['riposte']}-"
    if card.kind == "boss":
        stats += f" · Secret {v['secret']}"
    words = keyword_words(card, deck, lang)
    return stats + (f"\n{', '.join(words)}" if words else "")


def keyword_words(card: Card, deck: Deck, lang: str) -> list[str]:
    """The card's passive keywords as printed in a language ('Charge 1', 'Tackle')."""
    keywords = {k.names["fr"]: k for k in deck.keywords}
    return [keywords[name].names[lang] + (f" {value}" if value is not None else "")
            for name, value in parse_keywords(str(card.values.get("keywords") or "")) if name in keywords]


def _draw_dice(page: Page, campaign: Campaign, deck: Deck, x: float, y: float, w: float, words: Words, lang: str) -> None:
    for i, hero in enumerate(campaign.heroes):
        card = deck.get(hero.id)
        colour = COLOURS_HEX[card.values["colour"]]
        page.add(Rect(x, y + i * 7, 5.5, 5.5, fill=colour, stroke=Stroke(INK, 0.3), radius=1),
                 Text(x + 7, y + i * 7, 80, 5.5, f"{card.name(lang)} ({die_label(words, card.values['colour'])})",
                      font="sans-bold", size=8, color=INK, align="left", valign="middle", wrap=False))


def _draw_text_block(page: Page, setup: Setup, campaign: Campaign, deck: Deck, words: Words, lang: str,
                     box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    heroes = [f"{words['heroes']}{colon(lang)}"] + ["• " + _hero_line(hr, deck, words, lang) for hr in campaign.heroes]
    if campaign.players == 1:
        heroes.append(words["solo"])
    steps = [f"{n}. {s}" for n, s in enumerate(chapter_steps(setup, deck, words, lang), 1)]
    piles = f"{words['piles']}{colon(lang)} {_pile_counts(campaign, words)}"
    page.add(Text(x, y, w / 2 - 3, h, "\n".join([*heroes, "", piles]), font="sans", size=8.5, color=INK, align="left", valign="top",
                  wrap=True, shrink=True, min_size=5.5),
             Text(x + w / 2 + 3, y, w / 2 - 3, h, "\n".join(steps), font="sans", size=8.5, color=INK, align="left", valign="top",
                  wrap=True, shrink=True, min_size=5.5))
