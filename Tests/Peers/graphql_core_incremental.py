"""graphql-core 3.3's incremental execution and validation, for the engine's differential tests.

Reads {"mode": "execute"|"validate", "sdl", "root", "cases": [{"query", "variables"?}],
"builtInDirectives"?} on stdin (with builtInDirectives, graphql-core's @defer and @stream are
added to the schema built from the SDL)
and prints one JSON array: per case, the list of payloads (execute; `formatted`, as graphql-core
serializes them) or the list of errors (validate). Fields named `fail` or `failNN` raise
Exception("boom") on every type, as the Swift side's resolvers do.
"""

import asyncio
import json
import sys

from graphql import build_schema, parse, validate
from graphql.execution import experimental_execute_incrementally


def boom(*_args, **_kwargs):
    raise Exception("boom")


def build(sdl):
    schema = build_schema(sdl)
    for type_ in schema.type_map.values():
        fields = getattr(type_, "fields", None)
        if type_.name.startswith("__") or not isinstance(fields, dict):
            continue
        for name, field in fields.items():
            if name in ("fail", "failNN") and hasattr(field, "resolve"):
                field.resolve = boom
    return schema


async def execute(schema, root, case):
    result = experimental_execute_incrementally(
        schema, parse(case["query"]), root, variable_values=case.get("variables")
    )
    if asyncio.iscoroutine(result) or hasattr(result, "__await__"):
        result = await result
    if not hasattr(result, "initial_result"):
        return [result.formatted]
    payloads = [result.initial_result.formatted]
    async for payload in result.subsequent_results:
        payloads.append(payload.formatted)
    return payloads


def with_incremental_directives(schema):
    """The schema with graphql-core's own @defer and @stream (graphql-js 17's definitions)."""
    from graphql import (
        GraphQLDeferDirective,
        GraphQLSchema,
        GraphQLStreamDirective,
        specified_directives,
    )

    return GraphQLSchema(
        query=schema.query_type,
        mutation=schema.mutation_type,
        subscription=schema.subscription_type,
        types=list(schema.type_map.values()),
        directives=[*specified_directives, GraphQLDeferDirective, GraphQLStreamDirective],
    )


def main():
    request = json.load(sys.stdin)
    schema = build(request["sdl"])
    if request.get("builtInDirectives"):
        schema = with_incremental_directives(schema)
    output = []
    for case in request["cases"]:
        if request["mode"] == "validate":
            output.append([error.formatted for error in validate(schema, parse(case["query"]))])
        else:
            output.append(asyncio.run(execute(schema, request.get("root"), case)))
    json.dump(output, sys.stdout)


main()
