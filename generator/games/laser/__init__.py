"""Laser circuits: rules, component data, sheets and the `pnpgen laser` commands."""
