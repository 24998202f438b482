/// The `Subscription` fields. No transport here can stream events yet, so a subscription that
/// reaches execution gets a clear error instead of a one-shot value.
enum SubscriptionResolvers {
  static let resolvers: [String: Resolver] = [
    "tripsBooked": .sync { _ in throw APIError.subscriptionsUnsupported }
  ]
}
