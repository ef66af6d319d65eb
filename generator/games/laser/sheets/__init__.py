"""Laser circuits: the printed sheets (board plan, game sheet, check picture, labels) as pages, no backend."""
