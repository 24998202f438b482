/// What one call hands to the interceptors of its request, beside the GraphQL part (apollo-ios's
/// `RequestContext`): a parameter of ``RocketClient/fetch(_:cachePolicy:context:)`` and the other
/// calls, carried as ``OutgoingRequest/context``.
///
/// An interceptor that knows a context type casts to it and ignores any other. For example, the
/// CLI's capture of raw responses for `--json`:
/// ```swift
/// final class ResponseCapture: RequestContext { ... }
/// struct CaptureInterceptor: RequestInterceptor {
///   func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
///     -> TransportResponse {
///     let response = try await chain.proceed(request)
///     (request.context as? ResponseCapture)?.record(response)
///     return response
///   }
/// }
/// ```
///
/// Implementation requirements: `Sendable`, since a request may cross tasks and threads.
public protocol RequestContext: Sendable {}
