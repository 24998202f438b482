#!/usr/bin/env python3
"""A server of the RocketReserver API on graphql-core 3.3 whose `Launch.rocket` resolver fails
for some launches, as a server whose rocket data is broken does. It does not know `onError`
(graphql-core has no such parameter) and, as graphql-js 16 servers do, it has no `@defer`.

Driven by Tests/RocketReserverCLITests/FailedFieldTests.swift. Needs graphql-core 3.3 (pinned
into .build/python-peers by `make test-deps`). Serves Operations/schema.graphqls over the
launches of Fixtures/launches.json on 127.0.0.1, an ephemeral port, and prints the port on one
line once it accepts. Each request's JSON body is written to standard error on one line.

  failing_rocket_graphql_server.py FAILING_IDS [strict]

  FAILING_IDS  launch ids, separated by commas, whose `rocket` raises an error; its message
               carries an escape sequence, as a hostile or broken server's text can.
  strict       a POST body with a key GraphQL over HTTP does not define (`onError` among them)
               is answered 400 {"errors":[{"message":"Unknown request parameter \"onError\"."}]},
               as servers that check their input strictly do.

POST /graphql runs the request; GET is answered 405.
"""
import base64, http.server, json, pathlib, sys

from graphql import GraphQLSchema, build_schema, graphql_sync

ROOT = pathlib.Path(__file__).resolve().parents[2]
KNOWN_KEYS = {"query", "operationName", "variables", "extensions"}


def load_launches():
    launches = []
    for record in json.loads((ROOT / "Fixtures" / "launches.json").read_text()):
        links = record.get("links") or {}
        rocket = record.get("rocket") or {}
        launches.append({
            "id": str(record["flight_number"]),
            "site": (record.get("launch_site") or {}).get("site_name"),
            "mission": {
                "name": record.get("mission_name"),
                "large": links.get("mission_patch"), "small": links.get("mission_patch_small"),
            },
            "rocket": {"id": rocket.get("rocket_id"), "name": rocket.get("rocket_name"),
                       "type": rocket.get("rocket_type")},
        })
    launches.sort(key=lambda launch: -int(launch["id"]))
    return launches


def make_schema(failing):
    built = build_schema((ROOT / "Operations" / "schema.graphqls").read_text())
    # No @defer or @stream: documents that use them are refused, as by graphql-js 16.
    schema = GraphQLSchema(
        query=built.query_type, mutation=built.mutation_type, subscription=built.subscription_type,
        types=list(built.type_map.values()),
        directives=[d for d in built.directives if d.name not in ("defer", "stream")])
    launches = load_launches()
    by_id = {launch["id"]: launch for launch in launches}

    def cursor(launch):
        return base64.urlsafe_b64encode(f"launch:{launch['id']}".encode()).decode().rstrip("=")

    def resolve_launches(_, info, pageSize=20, after=None):
        start = 0
        if after is not None:
            ids = [cursor(launch) for launch in launches]
            start = ids.index(after) + 1 if after in ids else len(launches)
        page = launches[start:start + max(1, min(pageSize, 100))]
        last = page[-1] if page else None
        return {"cursor": cursor(last) if last else (after or ""),
                "hasMore": last is not None and launches[-1] is not last, "launches": page}

    def resolve_rocket(launch, info):
        if launch["id"] in failing:
            raise Exception(f"rocket of launch {launch['id']}: unreadable record \x1b]0;owned\x07\x1b[2J")
        return launch["rocket"]

    query = schema.query_type.fields
    query["launches"].resolve = resolve_launches
    query["launch"].resolve = lambda _, info, id: by_id.get(id)
    query["me"].resolve = lambda *_: None
    query["totalTripsBooked"].resolve = lambda *_: 0
    launch = schema.type_map["Launch"].fields
    launch["rocket"].resolve = resolve_rocket
    launch["mission"].resolve = lambda launch, info: launch["mission"]
    launch["isBooked"].resolve = lambda *_: False
    schema.type_map["Mission"].fields["missionPatch"].resolve = (
        lambda mission, info, size=None: mission["small"] if size == "SMALL" else mission["large"])
    return schema


def handler(schema, strict):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *arguments):
            pass

        def reply(self, status, answer):
            body = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            self.send_response(405)
            self.send_header("Allow", "POST")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            print(raw.decode(errors="replace"), file=sys.stderr, flush=True)
            try:
                request = json.loads(raw or b"null")
            except ValueError:
                request = None
            if not isinstance(request, dict) or not isinstance(request.get("query"), str):
                return self.reply(400, {"errors": [{"message": "Must provide query string."}]})
            unknown = sorted(set(request) - KNOWN_KEYS)
            if strict and unknown:
                return self.reply(400, {"errors": [{"message": f'Unknown request parameter "{unknown[0]}".'}]})
            result = graphql_sync(
                schema, request["query"], variable_values=request.get("variables"),
                operation_name=request.get("operationName"))
            answer = {}
            if result.errors:
                answer["errors"] = [error.formatted for error in result.errors]
            if result.data is not None or not result.errors or any(e.path for e in result.errors):
                answer["data"] = result.data
            self.reply(200 if "data" in answer else 400, answer)

    return Handler


if __name__ == "__main__":
    failing = set(filter(None, sys.argv[1].split(",")))
    strict = sys.argv[2:3] == ["strict"]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler(make_schema(failing), strict))
    print(server.server_address[1], flush=True)
    server.serve_forever()
