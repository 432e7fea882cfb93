"""``play`` does not drop out when the access token expires mid-game: the client's engine
connection renews the token through the lobby's refresh token and makes the same call again
(a move keeps its action id, so it is never made twice). Against a real engine process."""

from __future__ import annotations

import grpc

from inferno_auth import Role, issue_token
from inferno_cli.engine_api import Engine
from inferno_proto import engine_pb2, engine_pb2_grpc
from tests.support.engine_process import EngineProcess

KEY = "cli-renewal-test-key-0123456789abcdef012345"


def test_an_expired_token_is_renewed_and_the_call_made_again(redis_url, redis_prefix) -> None:
    engine = EngineProcess(redis_url, redis_prefix, KEY)
    try:
        with grpc.insecure_channel(engine.address) as channel:
            service = (("authorization", f"Bearer {issue_token(KEY, 'lobby', Role.SERVICE)}"),)
            request = engine_pb2.CreateTableRequest(table_id="t", game="oh_hell")
            for name in ("ana", "bob", "cyd"):
                request.seats.add(player_id=name, name=name)
            engine_pb2_grpc.EngineStub(channel).CreateTable(request, metadata=service)
        renewals: list[str] = []

        def renew() -> str:
            renewals.append("renewed")
            return issue_token(KEY, "ana", Role.PLAYER)

        # Expired a minute ago (well past the engine's few seconds of leeway).
        expired = issue_token(KEY, "ana", Role.PLAYER, ttl_seconds=-60)
        client = Engine(engine.address, expired, renew=renew)
        try:
            view = client.view("t")
            assert view.your_seat == 0 and renewals == ["renewed"]
            assert client.view("t").your_seat == 0 and renewals == ["renewed"]  # once
            # Without a way to renew, the expiry is an error that says so.
            stale = Engine(engine.address, expired)
            try:
                stale.view("t")
                raise AssertionError("an expired token was accepted")
            except Exception as err:  # ClientError
                assert "expired" in str(err).lower() or "sign in" in str(err).lower(), err
            finally:
                stale.close()
        finally:
            client.close()
    finally:
        engine.stop()
