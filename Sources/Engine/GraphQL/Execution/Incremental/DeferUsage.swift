/// One `@defer` met while collecting fields (graphql-js 17's `DeferUsage`): its label and the
/// `@defer` it is nested in. Compared by identity: the same directive collected under another
/// parent selection is another usage.
final class DeferUsage {
  let label: String?
  let parent: DeferUsage?
  /// The directive's source offset, which tells visited fragment spreads apart (graphql-js keys
  /// them by the directive node).
  let directiveOffset: Int?

  init(label: String?, parent: DeferUsage?, directiveOffset: Int?) {
    self.label = label
    self.parent = parent
    self.directiveOffset = directiveOffset
  }

  /// Whether `ancestor` encloses this usage.
  func isDescendant(of ancestor: DeferUsage) -> Bool {
    var current = parent
    while let usage = current {
      if usage === ancestor { return true }
      current = usage.parent
    }
    return false
  }
}

/// A set of defer usages, by identity, in insertion order (graphql-js's `DeferUsageSet`).
struct DeferUsageSet {
  private(set) var usages: [DeferUsage] = []

  var isEmpty: Bool { usages.isEmpty }

  func contains(_ usage: DeferUsage) -> Bool { usages.contains { $0 === usage } }

  mutating func insert(_ usage: DeferUsage) {
    if !contains(usage) { usages.append(usage) }
  }

  /// Same members, whatever their order.
  func sameMembers(as other: DeferUsageSet) -> Bool {
    usages.count == other.usages.count && usages.allSatisfy(other.contains)
  }

  /// graphql-js 17's `getFilteredDeferUsageSet`: the usages of a field's nodes, empty when one
  /// node is not deferred, and without usages nested in another member (the outer one delivers
  /// the field).
  init(filtering usages: [DeferUsage?]) {
    for usage in usages {
      guard let usage else {
        self.usages = []
        return
      }
      insert(usage)
    }
    self.usages = self.usages.filter { usage in !self.usages.contains { usage.isDescendant(of: $0) } }
  }

  init() {}
}
