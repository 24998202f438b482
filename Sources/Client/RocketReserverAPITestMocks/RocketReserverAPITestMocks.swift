// The test mocks of Operations/schema.graphqls (`Mock<Launch>`, ...), generated at build time by
// CodegenPlugin because Operations/graphql-codegen.json names this target in output.testMocks.
// Tests import this module alone: it re-exports the generated operations and the mock runtime.
@_exported import GraphQLTestSupport
@_exported import RocketReserverAPI
