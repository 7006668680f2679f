"""The `dicelab` command line: one module per command group, each command one library call."""
