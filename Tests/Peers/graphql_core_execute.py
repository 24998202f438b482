"""graphql-core 3.3's `execute` on the engine tests' execution fixture, for the differential tests.

Reads {"sdl", "cases": [{"query", "variables"?, "operationName"?}]} on stdin and prints one JSON
array: per case, graphql-core's `formatted` result. The root value and resolvers mirror
Tests/GraphQLTests/Execution/ExecutionFixture.swift (keep the two in step).
"""

import asyncio
import json
import sys

from graphql import build_schema, execute, parse


def obj(depth):
    return {
        "a": f"a{depth}",
        "b": obj(depth - 1) if depth > 0 else None,
        "nn": None if depth == 1 else "nn",
        "list": [obj(depth - 1)] if depth > 0 else [],
    }


ROOT = {
    "hello": "world",
    "nonNullHello": None,
    "badColor": "PURPLE",
    "obj": obj(2),
    "objs": [obj(0), None, obj(1)],
    "nonNullItems": ["a", None, "c"],
    "nonNullList": None,
    "search": [
        {"__typename": "Dog", "name": "Rex", "barks": True},
        {"__typename": "Obj", "a": "x"},
        {"__typename": "Cat", "name": "Tom", "meows": False},
    ],
    "notList": 5,
}


def fail(message):
    def resolve(*_args, **_kwargs):
        raise Exception(message)

    return resolve


def pet(_root, _info, kind=None):
    if kind == "cat":
        return {"__typename": "Cat", "name": "Tom", "meows": True}
    if kind == "bad":
        return {"__typename": "Nope", "name": "x"}
    if kind == "obj":
        return {"__typename": "Obj"}
    return {"__typename": "Dog", "name": "Rex", "barks": True}


async def slow(*_args):
    await asyncio.sleep(0)
    return "done"


RESOLVERS = {
    "number": lambda _root, _info, **args: args.get("x"),
    "echo": lambda _root, _info, **args: json.dumps(args, separators=(",", ":")),
    "color": lambda _root, _info, c=None: c if c is not None else "GREEN",
    "failing": fail("boom"),
    "failingNonNull": fail("boom!"),
    "pet": pet,
    "slow": slow,
}


def build(sdl):
    schema = build_schema(sdl)
    for name, resolve in RESOLVERS.items():
        schema.query_type.fields[name].resolve = resolve
    for type_ in schema.type_map.values():
        # Enum values are their names, as on the Swift side.
        values = getattr(type_, "values", None)
        if not type_.name.startswith("__") and isinstance(values, dict):
            for value_name, value in values.items():
                value.value = value_name
    return schema


def run(schema, case):
    result = execute(
        schema,
        parse(case["query"]),
        ROOT,
        variable_values=case.get("variables"),
        operation_name=case.get("operationName"),
    )
    if asyncio.iscoroutine(result):
        result = asyncio.run(result)
    return result.formatted


def main():
    request = json.load(sys.stdin)
    schema = build(request["sdl"])
    json.dump([run(schema, case) for case in request["cases"]], sys.stdout)


main()
