/// One SQL statement's text, written once with `?` placeholders and spelled for a database's
/// ``SQLPlaceholderStyle``, so the same statement serves every database.
///
/// For example, `SQLStatement("SELECT id FROM t WHERE a = ? AND b = ?", for: .dollarNumbered)`
/// holds `SELECT id FROM t WHERE a = $1 AND b = $2`. A `?` inside a quoted string or identifier
/// is left alone.
public struct SQLStatement: Sendable, Hashable {
  /// The text the database receives.
  public let text: String

  /// Spells `sql` for `style`.
  ///
  /// - Parameters:
  ///   - sql: one statement, with `?` for each parameter.
  ///   - style: the placeholders of the database that will run it.
  public init(_ sql: String, for style: SQLPlaceholderStyle) {
    switch style {
    case .questionMark: text = sql
    case .dollarNumbered: text = Self.numberingPlaceholders(sql)
    }
  }

  /// `sql` with its n-th `?` outside quotes replaced by `$n`.
  private static func numberingPlaceholders(_ sql: String) -> String {
    var result = ""
    var number = 0
    var quote: Character?
    for character in sql {
      if let open = quote {
        if character == open { quote = nil }
        result.append(character)
      } else if character == "'" || character == "\"" {
        quote = character
        result.append(character)
      } else if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }
}
