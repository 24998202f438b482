extension Dictionary where Key == String {
  /// The most members a dictionary may have to be searched key by key rather than by hash.
  static var keyScanLimit: Int { 8 }

  /// `self[key]`, found by comparing keys in storage order when there are at most `keyScanLimit`
  /// members: for the few fields of a type or members of a catalog record, comparing short keys
  /// (two words each for small strings) costs less than hashing `key` with the dictionary's seed,
  /// which was a sixth of executing LaunchList and a fifteenth of validating it. `==` is the
  /// equivalence the dictionary hashes by, so the result is the subscript's.
  @inline(__always)
  func scanningSmall(_ key: String) -> Value? {
    guard count <= Self.keyScanLimit else { return self[key] }
    let keys = self.keys
    var index = keys.startIndex
    while index != keys.endIndex {
      if keys[index] == key { return values[index] }
      keys.formIndex(after: &index)
    }
    return nil
  }
}
