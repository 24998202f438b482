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
