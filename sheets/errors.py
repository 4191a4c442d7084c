"""The print kit's one domain error: a message meant for a person."""


class UsageError(Exception):
    """The user asked for something we cannot do (unknown game, bad count); CLI exit 2."""
