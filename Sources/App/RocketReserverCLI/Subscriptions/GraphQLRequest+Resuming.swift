import GraphQL
import GraphQLWire

extension GraphQLRequest {
  /// The request asking to resume after event `id` (`extensions.resumeAfter`); unchanged for nil.
  func resuming(after id: String?) -> GraphQLRequest {
    guard let id else { return self }
    var request = self
    var extensions = request.extensions ?? [:]
    extensions[SubscriptionResult.resumeAfterExtension] = .string(id)
    request.extensions = extensions
    return request
  }
}
