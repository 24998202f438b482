extension Selection {
  /// The selections of a set with deferred fragments, as a normalized cache needs them: the
  /// set's own `selections` with each deferred fragment's merged in by response key, the
  /// fragment's fields conditional (at every depth), since an answer may end without them when
  /// the deferred part failed.
  ///
  /// - Parameters:
  ///   - selections: the selections that arrive with the enclosing object.
  ///   - deferred: the `__selections` of each deferred fragment spread in the set.
  public static func merging(_ selections: [Selection], deferred: [[Selection]]) -> [Selection] {
    deferred.reduce(selections) { merged, fragment in merge(merged, fragment.map(\.conditional)) }
  }

  private static func merge(_ base: [Selection], _ more: [Selection]) -> [Selection] {
    var result = base
    for selection in more {
      guard case .field(let field) = selection,
        let index = result.firstIndex(where: {
          if case .field(let existing) = $0 { existing.responseKey == field.responseKey } else { false }
        }),
        case .field(var existing) = result[index]
      else {
        result.append(selection)
        continue
      }
      existing.selections = merge(existing.selections, field.selections)
      result[index] = .field(existing)
    }
    return result
  }

  /// The selection with every field in it marked conditional.
  private var conditional: Selection {
    switch self {
    case .field(var field):
      field.isConditional = true
      field.selections = field.selections.map(\.conditional)
      return .field(field)
    case .typeCase(let possibleTypes, let selections):
      return .typeCase(possibleTypes: possibleTypes, selections: selections.map(\.conditional))
    }
  }
}
