"""The session's one error type, shared by the session and its air flow."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules or the moment do not allow; the message says why and what is allowed."""
