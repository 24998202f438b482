// The typed operations of Operations/*.graphql, generated at build time by CodegenPlugin.
// Code that uses them imports this module alone: it re-exports the runtime they need.
@_exported import GraphQLAPI
