"""The print kit's domain errors: messages meant for a person."""


class UsageError(Exception):
    """The user asked for something we cannot do (unknown game, bad count); CLI exit 2."""


class OutputError(Exception):
    """A PDF could not be written (disk full, device gone); CLI exit 1."""
