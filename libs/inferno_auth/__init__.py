"""Bearer tokens: the lobby signs them, the engine (and every other service) verifies them.

See :mod:`inferno_auth.tokens`.
"""

from .tokens import Claims, Role, TokenError, issue_token, verify_token

__all__ = ["Claims", "Role", "TokenError", "issue_token", "verify_token"]
