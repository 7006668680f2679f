"""The error a policy meets when it tries to change the game while it decides (engine/guard.py).

Plain Python in every build: mypyc compiles no subclass of TypeError.
"""


class ReadOnlyError(TypeError):
    """A policy tried to change the game while deciding."""
