// The operations of LaunchBoard.graphql, generated at build time by RocketReserver's
// CodegenPlugin. Code that uses them imports this module alone.
@_exported import GraphQLAPI
