"""Tables read from logs (associations, not effects): components, seats, the demo summary."""
