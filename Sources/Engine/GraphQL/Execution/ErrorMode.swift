import GraphQLWire

/// How one execution handles field errors: the request's `ErrorBehavior`, checked.
enum ErrorMode {
  /// A non-null position passes its error to its parent (spec 6.4.4 as published).
  case propagate
  /// Every position that fails is `null`, its error recorded; nothing propagates.
  case null
  /// The first error stops the execution: `data` is `null` and that error the only one.
  case halt

  /// The mode of a known behavior; nil for a value the proposal does not define.
  init?(_ behavior: ErrorBehavior?) {
    switch behavior {
    case nil, .propagate?: self = .propagate
    case .null?: self = .null
    case .halt?: self = .halt
    default: return nil
    }
  }

  /// The request error for an `onError` value the proposal does not define (graphql-js's wording).
  static func unsupported() -> GraphQLError {
    GraphQLError("Unsupported `onError` value; supported values are `NULL`, `PROPAGATE` and `HALT`.")
  }
}
