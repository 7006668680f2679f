"""The error a bot meets when it changed the game while deciding (engine/loop.py's checks).

Plain Python in every build: mypyc compiles no subclass of Exception defined elsewhere.
"""

from analytics.errors import UserError


class ReadOnlyError(UserError):
    """A bot changed the game while deciding: one line naming the bot and the decision."""
