"""`pnpgen preview FOLDER`: a folder of card images in the live preview, read again after every change in its folders."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from generator.core.errors import PnpError
from generator.preview.deck import LiveDeck
from generator.publish import DeckOptions
from generator.publish.imagedeck import ImageChoice, ImageDeck, image_deck


class ImagesLiveDeck(LiveDeck):
    """The live deck of an image folder: records and template made by `pnpgen images`' own code."""

    def __init__(self, choice: ImageChoice, opts: DeckOptions, read: Callable[[Path], bytes],
                 deck_findings: Any = None) -> None:
        super().__init__(choice.fronts, "", bleed=opts.bleed, deck_findings=deck_findings)
        self.choice, self.opts = choice, opts
        self.read = read                  # path -> bytes, read again when the file changes
        self.made: ImageDeck | None = None

    def folders(self) -> set[Path]:
        """Every file directly in these folders counts: a new or removed picture changes the deck."""
        return self.choice.folders()

    def _load(self) -> tuple[list[Any], Any, Any]:
        from generator.cards.build import check_template

        self.made = image_deck(self.choice, self.opts, self.read)
        self.image_loader = self.made.loader
        design = check_template(self.made.template, self.made.records, bleed=self.opts.bleed)
        return self.made.records, self.made.template, design

    def title(self, records: list[Any]) -> str:
        return self.made.stem if self.made is not None else super().title(records)

    def _find_inputs(self, tmpl: Any, images: set[Path]) -> set[Path]:
        from generator.paths import fonts_dir

        return {Path(p).resolve() for p in images} | {p.resolve() for p in fonts_dir().glob("*.ttf")}


def images_live_deck(choice: ImageChoice, opts: DeckOptions, read: Callable[[Path], bytes],
                     findings: Any) -> tuple[ImagesLiveDeck, Callable[[], dict[str, Any]]]:
    """The live deck and its print button (what `pnpgen images` writes with the same options; see
    preview.print_options)."""
    deck = ImagesLiveDeck(choice, opts, read, findings)
    written: set[Path] = set()

    def print_pdf() -> dict[str, Any]:
        from generator.preview.printing import print_options, printed
        from generator.publish.imagedeck import images_deck

        if deck.error or any(c.error for c in deck.cards) or deck.made is None:
            return {"error": "fix the errors first (they are shown in place of the cards)"}
        c = deck.choice
        try:
            paths = images_deck(c.fronts, c.backs, card=c.card, opts=print_options(opts, deck.made.stem, written),
                                read=deck.read)
        except PnpError as err:
            return {"error": str(err)}
        return printed(paths, written)

    return deck, print_pdf
