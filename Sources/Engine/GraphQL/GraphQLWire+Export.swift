// The engine's API speaks the wire types (its results are `JSON` and `GraphQLError`s, its input a
// `GraphQLRequest`), so code that uses the engine sees them without a second import. The opposite
// does not hold: the client and generated code import `GraphQLWire` alone, never the engine.
@_exported import GraphQLWire
