import GraphQLAPI

extension RocketClient {
  /// Logs in: performs the login mutation (generic, so this module needs no generated code),
  /// reads the token from its data with `token`, and saves it for ``endpointKey``.
  ///
  /// - Throws: ``RocketClientError/invalidEmail(_:)`` when the server rejects the email (null, or
  ///   `BAD_USER_INPUT`); `.invalidResponse` for a token with a control character (nothing is
  ///   saved); `.credentials` when the token cannot be saved.
  @discardableResult
  public func logIn<Mutation: GraphQLMutation>(
    _ mutation: Mutation, email: String, context: (any RequestContext)? = nil,
    token: (Mutation.Data) -> String?
  ) async throws(RocketClientError) -> Credential {
    // Never written to the cache: the answer carries the token.
    let result = try await send(mutation, context: context, storesResult: false)
    guard let data = result.data else {
      if result.errors.contains(where: { $0.code == "BAD_USER_INPUT" }) {
        throw RocketClientError.invalidEmail(email)
      }
      throw RocketClientError.server(errors: result.errors)
    }
    guard let value = token(data), !value.isEmpty else {
      throw RocketClientError.invalidEmail(email)
    }
    if let control = value.unicodeScalars.first(where: Self.isControl) {
      // It could not be sent back in an Authorization field: saved, it would fail every later
      // command until the next login.
      throw RocketClientError.invalidResponse(
        endpoint: endpointKey,
        reason: "the login token holds a control character (U+\(Self.hex(control))), which no request"
          + " can carry; nothing was saved")
    }
    let credential = Credential(endpoint: endpointKey, email: email, token: value)
    if let credentials { try RocketClientError.fromStore { try credentials.save(credential) } }
    return credential
  }

  /// Whether `scalar` is a C0 or C1 control character or DEL, which an HTTP field value cannot hold.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `scalar`'s code point as four or more upper-case hex digits (`000A`).
  static func hex(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Forgets the token saved for ``endpointKey`` and the cache of that user; true when there was one.
  @discardableResult
  public func logOut() async throws(RocketClientError) -> Bool {
    guard let credentials else { return false }
    if let cache, let email = (try? credentials.credential(for: endpointKey))??.email {
      await cache.drop(CachePartition(endpoint: endpointKey, user: email))
    }
    return try RocketClientError.fromStore { try credentials.remove(endpoint: endpointKey) }
  }

  /// The credential saved for ``endpointKey``, to show "logged in as ...".
  public func currentCredential() throws(RocketClientError) -> Credential? {
    guard let credentials else { return nil }
    return try RocketClientError.fromStore { try credentials.credential(for: endpointKey) }
  }
}
