"""The live preview (`pnpgen preview`), without click: the live deck redrawn after every save (deck.py; an image
folder's, images.py), its one page (page.py) and its web server (server.py). `generator/cards/cli/preview.py`
is the command that starts it."""
