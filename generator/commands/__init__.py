"""The sub-commands of `pnpgen`: one module per command (or command group), found by generator.cli."""
