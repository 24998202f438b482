/// The value as `U` when its dynamic type is exactly `U`, else nil.
///
/// Called with an `any Sendable`, Swift opens the existential, so `T` is the value's dynamic type and
/// the check is one comparison of type metadata. The runtime's general cast (`as?`), which also
/// looks through optionals, class hierarchies, bridging and protocol conformances, costs several
/// hundred instructions, and the executor makes one per field value it completes; it stays the
/// fallback for everything this does not match.
@inline(__always)
func exactCast<T, U>(_ value: T, to type: U.Type) -> U? {
  guard T.self == U.self else { return nil }
  // Safe: `T` and `U` are the same type, so this is a plain copy.
  return unsafeBitCast(value, to: U.self)
}

/// Whether `value`'s dynamic type is a class. Called with an `any Sendable`, Swift opens the
/// existential, so this looks at the metadata's kind only, with no protocol conformance lookup.
/// A class instance is never `nil`, a dictionary or a `JSON` value, so the executor's null and
/// member checks need not try the runtime's general casts (which, failing for every typed object
/// parent, were a third of `serve`'s instructions per LaunchList request).
@inline(__always)
func isClassInstance<T>(_ value: T) -> Bool {
  T.self is AnyObject.Type
}
