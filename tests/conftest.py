"""Test session settings shared by every test folder."""

from analytics.native import describe_build


def pytest_terminal_summary(terminalreporter) -> None:
    # CI runs the golden playthroughs on both builds: the last line says which one this was.
    terminalreporter.write_line(f"dicelab hot path: {describe_build()}")
