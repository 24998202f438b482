// The operations of ErrorAware.graphql (in Tests/ErrorAwareOperations/Operations), generated at
// build time by the CodegenPlugin for `onError: NULL`, for ErrorAwareOperationTests.
@_exported import GraphQLAPI
