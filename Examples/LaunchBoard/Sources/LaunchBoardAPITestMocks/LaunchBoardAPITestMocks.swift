// The test mocks of the schema (`Mock<Launch>`, ...), generated at build time by RocketReserver's
// CodegenPlugin. Tests import this module alone.
@_exported import GraphQLTestSupport
@_exported import LaunchBoardAPI
