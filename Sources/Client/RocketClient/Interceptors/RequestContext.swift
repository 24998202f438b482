/// What one call hands to the interceptors of its request beside the GraphQL part (apollo-ios's
/// `RequestContext`), carried as ``OutgoingRequest/context``: an interceptor casts it to the
/// context type it knows (the CLI's capture of raw responses for `--json`) and ignores others.
public protocol RequestContext: Sendable {}
