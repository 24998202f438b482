"""Subscribes to tripsBooked with Python's gql (4.4, from .build/python-peers) and prints one
JSON line per result: {"tripsBooked": n, "eventId": "id"}.

Usage: gql_subscribe.py URL TRANSPORT COUNT [RESUME_AFTER]
TRANSPORT: multipart (gql's aiohttp transport), graphql-transport-ws or graphql-ws (its
websockets transport, offering that one subprotocol). RESUME_AFTER goes in the request's
extensions as resumeAfter (docs/resumable-subscriptions.md). Exits after COUNT results.
"""

import asyncio
import json
import sys

from gql import Client, GraphQLRequest
from gql.transport.aiohttp import AIOHTTPTransport
from gql.transport.websockets import WebsocketsTransport


async def main(url, kind, count, resume_after):
    if kind == "multipart":
        transport = AIOHTTPTransport(url=url)
    else:
        transport = WebsocketsTransport(url=url.replace("http://", "ws://"), subprotocols=[kind])
    extensions = {"resumeAfter": resume_after} if resume_after else None
    request = GraphQLRequest("subscription { tripsBooked }", extensions=extensions)
    async with Client(transport=transport) as session:
        seen = 0
        async for result in session.subscribe(request, get_execution_result=True):
            event_id = (result.extensions or {}).get("eventId")
            print(json.dumps({"tripsBooked": result.data["tripsBooked"], "eventId": event_id}), flush=True)
            seen += 1
            if seen >= count:
                return


asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] if len(sys.argv) > 4 else None))
