/// The most members a `String`-keyed table may have to be searched key by key rather than by
/// hash (see `Dictionary.scanningSmall`). Computed, so that a hot lookup reads a constant rather
/// than checking a global's lazy initialization.
var stringKeyScanLimit: Int { 8 }

extension Dictionary where Key == String {
  /// `self[key]`, found by comparing keys in storage order when there are at most
  /// `stringKeyScanLimit` members: for the few fields of a type or members of a catalog record,
  /// comparing short keys (two words each for small strings) costs less than hashing `key` with
  /// the dictionary's seed, which was a sixth of executing LaunchList. `==` is the equivalence the
  /// dictionary hashes by, so the result is the subscript's.
  @inline(__always)
  func scanningSmall(_ key: String) -> Value? {
    guard count <= stringKeyScanLimit else { return self[key] }
    let keys = self.keys
    var index = keys.startIndex
    while index != keys.endIndex {
      if keys[index] == key { return values[index] }
      keys.formIndex(after: &index)
    }
    return nil
  }
}
