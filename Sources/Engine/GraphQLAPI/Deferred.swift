import GraphQLWire

/// A fragment the operation marks `@defer`, as a generated type exposes it: nil until its
/// fields arrive, and its ``State`` through the projected value (Apollo iOS 2's `Deferred`).
///
/// For `launch { id ... @defer(label: "booking") { isBooked } }` the generated `Launch` has
/// `@Deferred public var booking: Booking?`: `launch.booking?.isBooked` reads the fields once
/// they are there, `launch.$booking` says `.pending` or `.fulfilled(booking)`.
///
/// A server that does not defer sends the fields with the rest: the fragment is fulfilled at
/// once. In the last stage of an answer, a fragment still pending is one the server could not
/// deliver; the result's errors say why.
@propertyWrapper
public struct Deferred<Fragment: SelectionSetData & Hashable>: Hashable, Sendable {
  /// Whether the fragment has arrived.
  public enum State: Hashable, Sendable {
    /// Its fields have not arrived (yet).
    case pending
    /// Its fields arrived, decoded.
    case fulfilled(Fragment)
  }

  /// Whether the fragment has arrived, and its value when it has.
  public let state: State

  /// A fragment in `state` (for tests and mocks).
  public init(state: State) {
    self.state = state
  }

  /// Decodes the fragment from the object it is spread in: fulfilled when every field it
  /// selects is there, pending when one is missing.
  ///
  /// - Parameters:
  ///   - object: the response object the fragment's fields are merged into.
  ///   - path: where `object` is in the response.
  ///   - errors: the response's errors, for the fragment's fields.
  /// - Throws: ``ResponseDecodingError`` for a field present with the wrong type.
  public init(object: JSONObject, path: [PathComponent], errors: ResponseErrors = .none) throws {
    do {
      state = .fulfilled(try Fragment(object: object, path: path, errors: errors))
    } catch let error as ResponseDecodingError where error.reason == ResponseDecodingError.missingField {
      state = .pending
    }
  }

  /// The fragment once it has arrived, nil while it is pending.
  public var wrappedValue: Fragment? {
    if case .fulfilled(let fragment) = state { fragment } else { nil }
  }

  /// `$name`: whether the fragment has arrived.
  public var projectedValue: State { state }
}
