#!/usr/bin/env python3
"""A GraphQL server answering @defer/@stream incrementally, as Apollo Server frames it.

Driven by the client's incremental tests (Tests/RocketClientTests/IncrementalPeerTests.swift,
Tests/RocketReserverCLITests/IncrementalQueryTests.swift). Needs graphql-core 3.3 (pinned into
.build/python-peers by `make test-deps`). Listens on 127.0.0.1, an ephemeral port, and prints
the port on one line once it accepts.

POST /graphql (or GET, with automatic persisted queries) runs the request with graphql-core's experimental_execute_incrementally. An
answer with deferred or streamed parts goes out as `multipart/mixed` in the format `Accept`
asks for first:
  - `incrementalSpec=v0.2`: graphql-core's payloads as they are;
  - `deferSpec=20220824`: the same payloads translated (entries name their `path` and `label`,
    stream items the index of their first item; no `pending`/`completed`);
framed as Apollo Server writes it: `content-type: multipart/mixed; boundary="-"; <spec>`, each
part `\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n<json>`, the end
`\r\n-----\r\n`. Any other answer is one `application/json` body. Introspection works, so the
CLI's `query` can check documents against the schema first.

`held` (and `Launch.isBooked`, shaped for the CLI's `LaunchDetails`) resolves only when a line
arrives on standard input (one line releases one of them), so a
test can show that the first payload leaves before the deferred part is done. Each request's
`Accept` is printed on standard error.
"""
import asyncio, copy, json, sys, threading, urllib.parse

from graphql import (
    GraphQLDeferDirective, GraphQLSchema, GraphQLStreamDirective, build_schema, parse,
    specified_directives, validate,
)
from graphql.execution import experimental_execute_incrementally
from graphql.execution.types import ExecutionResult, ExperimentalIncrementalExecutionResults

SDL = """
type Query {
  greeting: String!
  held: String
  failing: String!
  launch(id: ID): Launch
  names: [String!]
}
type Launch { id: ID!, site: String, mission: Mission, rocket: Rocket, isBooked: Boolean! }
type Mission { name: String, patch: String, missionPatch(size: PatchSize): String }
type Rocket { id: ID!, name: String, type: String }
enum PatchSize { SMALL LARGE }
"""

releases = None  # asyncio.Semaphore, created in the loop


async def held(*_):
    await releases.acquire()
    return "released"


async def booked(*_):
    """`isBooked`, which needs the database in `serve`: held like `held`."""
    await releases.acquire()
    return False


def failing(*_):
    raise Exception("failing cannot be resolved")


ROOT = {
    "greeting": "hello",
    "held": held,
    "failing": failing,
    "launch": {
        "id": "1", "site": "Kwajalein Atoll",
        "mission": {"name": "FalconSat", "patch": "p.png", "missionPatch": lambda *_, **__: "p.png"},
        "rocket": {"id": "falcon1", "name": "Falcon 1", "type": "Merlin A"},
        "isBooked": booked,
    },
    "names": ["a", "b", "c"],
}

base = build_schema(SDL)
SCHEMA = GraphQLSchema(
    query=base.query_type, types=list(base.type_map.values()),
    directives=[*specified_directives, GraphQLDeferDirective, GraphQLStreamDirective])


class DeferSpecTranslator:
    """graphql-core's v0.2 payloads as deferSpec=20220824 payloads."""

    def __init__(self):
        self.pending = {}
        self.data = None

    def at(self, path):
        value = self.data
        for step in path:
            if value is None:
                return None
            value = value[step]
        return value

    def translate(self, payload):
        for record in payload.get("pending", []):
            self.pending[record["id"]] = record
        out = {}
        if "data" in payload:
            self.data = copy.deepcopy(payload["data"])
            out["data"] = payload["data"]
        if "errors" in payload:
            out["errors"] = payload["errors"]
        entries = []
        for entry in payload.get("incremental", []):
            record = self.pending[entry["id"]]
            path = record["path"] + entry.get("subPath", [])
            if "items" in entry:
                target = self.at(record["path"])
                start = len(target) if target is not None else 0
                if target is not None:
                    target.extend(entry["items"])
                new = {"items": entry["items"], "path": path + [start]}
            else:
                target = self.at(path)
                if isinstance(target, dict):
                    target.update(entry["data"])
                new = {"data": entry["data"], "path": path}
            if "label" in record:
                new["label"] = record["label"]
            if "errors" in entry:
                new["errors"] = entry["errors"]
            entries.append(new)
        for record in payload.get("completed", []):
            if "errors" in record:
                known = self.pending[record["id"]]
                failed = {"data": None, "path": known["path"], "errors": record["errors"]}
                if "label" in known:
                    failed["label"] = known["label"]
                entries.append(failed)
        if entries:
            out["incremental"] = entries
        out["hasNext"] = payload["hasNext"]
        return out


def spec_of(accept):
    for item in accept.split(","):
        item = item.strip().lower().replace(" ", "")
        if item.startswith("multipart/mixed"):
            if "incrementalspec=v0.2" in item:
                return "incrementalSpec=v0.2"
            if "deferspec=20220824" in item:
                return "deferSpec=20220824"
    return None


async def respond(reader, writer):
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode().split("\r\n")
        headers = {}
        for line in lines[1:]:
            if ":" in line:
                name, value = line.split(":", 1)
                headers[name.strip().lower()] = value.strip()
        body = await reader.readexactly(int(headers.get("content-length", "0")))
        accept = headers.get("accept", "")
        print(lines[0], accept, file=sys.stderr, flush=True)
        request = read_request(lines[0], body)
        query = request.get("query")
        persisted = (request.get("extensions") or {}).get("persistedQuery")
        if persisted:
            if query:
                queries[persisted["sha256Hash"]] = query
            else:
                query = queries.get(persisted["sha256Hash"])
        if not query:
            await plain(writer, {"errors": [
                {"message": "PersistedQueryNotFound", "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]})
            return
        document = parse(query)
        errors = validate(SCHEMA, document)
        if errors:
            await plain(writer, {"errors": [error.formatted for error in errors]})
            return
        result = experimental_execute_incrementally(
            SCHEMA, document, ROOT, variable_values=request.get("variables"),
            operation_name=request.get("operationName"))
        if asyncio.iscoroutine(result) or asyncio.isfuture(result):
            result = await result
        spec = spec_of(accept)
        if isinstance(result, ExecutionResult) or spec is None:
            if isinstance(result, ExperimentalIncrementalExecutionResults):
                await plain(writer, {"errors": [{"message": "this answer needs multipart/mixed in Accept"}]})
            else:
                await plain(writer, result.formatted)
            return
        writer.write(
            b"HTTP/1.1 200 OK\r\nconnection: close\r\ntransfer-encoding: chunked\r\n"
            + f'content-type: multipart/mixed; boundary="-"; {spec}\r\n\r\n'.encode())
        translator = DeferSpecTranslator() if spec.startswith("deferSpec") else None

        async def part(payload):
            if translator is not None:
                payload = translator.translate(payload)
            text = b"\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n" + json.dumps(payload).encode()
            await chunk(writer, text)

        await part(result.initial_result.formatted)
        async for payload in result.subsequent_results:
            await part(payload.formatted)
        await chunk(writer, b"\r\n-----\r\n")
        await chunk(writer, b"")
    except (asyncio.IncompleteReadError, ConnectionError):
        pass
    finally:
        writer.close()


queries = {}  # automatic persisted queries: hash -> text


def read_request(request_line, body):
    """The GraphQL request of a POST's JSON body or a GET's URL query."""
    method, target, _ = request_line.split(" ", 2)
    if method == "POST":
        return json.loads(body)
    parameters = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(target).query))
    request = {"query": parameters.get("query"), "operationName": parameters.get("operationName")}
    for name in ("variables", "extensions"):
        if name in parameters:
            request[name] = json.loads(parameters[name])
    return request


async def chunk(writer, data):
    writer.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
    await writer.drain()


async def plain(writer, payload):
    body = json.dumps(payload).encode()
    writer.write(
        b"HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-type: application/json\r\n"
        + f"content-length: {len(body)}\r\n\r\n".encode() + body)
    await writer.drain()


async def main():
    global releases
    releases = asyncio.Semaphore(0)
    loop = asyncio.get_running_loop()

    def read_releases():
        for _ in sys.stdin:
            loop.call_soon_threadsafe(releases.release)

    threading.Thread(target=read_releases, daemon=True).start()
    server = await asyncio.start_server(respond, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    asyncio.run(main())
