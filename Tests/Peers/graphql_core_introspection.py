"""graphql-core 3.3's full introspection query and its answer for an SDL schema.

Reads {"sdl": TEXT} on stdin; prints [{"query": TEXT, "data": ANSWER}]: the text of
get_introspection_query with every option on (descriptions, specifiedByURL, isRepeatable, the
schema's description, input value and directive deprecation, isOneOf) and what graphql-core
answers to it on build_schema(TEXT).
"""

import json
import sys

from graphql import build_schema, get_introspection_query, graphql_sync


def main() -> None:
    request = json.load(sys.stdin)
    schema = build_schema(request["sdl"])
    query = get_introspection_query(
        descriptions=True,
        specified_by_url=True,
        directive_is_repeatable=True,
        schema_description=True,
        input_value_deprecation=True,
        experimental_directive_deprecation=True,
        one_of=True,
    )
    result = graphql_sync(schema, query)
    if result.errors:
        raise SystemExit("introspection failed: " + "; ".join(str(e) for e in result.errors))
    json.dump([{"query": query, "data": result.data}], sys.stdout)


main()
