import GraphQLWire

/// A problem at a place in a named text, in the `FILE:LINE:COL: error: MESSAGE` form that
/// compilers, SwiftPM, Xcode and editors recognise and link to the source.
///
/// The one type behind the code generator's diagnostics (`CodegenDiagnostic` is this type) and
/// the command line's local checks of ad-hoc documents, so both print the same shape.
/// `excerpt(of:)` adds the source line and a caret under the column, as a compiler does for a
/// human at a terminal.
public struct SourceDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the text is called: a file path as given to the generator (usually relative to the
  /// package, such as `Operations/Login.graphql`), or `query` for a document typed at the prompt.
  public var path: String
  /// Where the problem is; nil for a problem with the whole text.
  public var location: SourceLocation?
  public var message: String

  /// - Parameters:
  ///   - path: the text's name in the first line.
  ///   - location: the 1-based line and column, if the problem has one.
  public init(path: String, location: SourceLocation?, message: String) {
    self.path = path
    self.location = location
    self.message = message
  }

  /// A diagnostic at the first location of a GraphQL error (none if it has no location).
  public init(_ error: GraphQLError, path: String) {
    self.init(path: path, location: error.locations.first, message: error.message)
  }

  /// `PATH:LINE:COL: error: MESSAGE`, or `PATH: error: MESSAGE` without a location.
  public var description: String {
    if let location {
      return "\(path):\(location.line):\(location.column): error: \(message)"
    }
    return "\(path): error: \(message)"
  }

  /// The description, then the source line it points into and a caret under its column.
  ///
  /// Columns count UTF-16 code units (as `Source.location(ofOffset:)` reports them); the caret
  /// line copies the tabs of the source line so it stays aligned in a terminal.
  ///
  /// - Returns: one line without a location or when the line does not exist, else three lines.
  public func excerpt(of text: String) -> String {
    excerpt(of: text, heading: description)
  }

  /// `heading`, then the source line and caret as ``excerpt(of:)`` shows them: for a text that
  /// is part of a larger one (a document in a script), whose first line names the place in the
  /// larger text.
  ///
  /// - Parameters:
  ///   - heading: the first line, in place of ``description``.
  public func excerpt(of text: String, heading: String) -> String {
    guard let location, let line = Self.line(location.line, of: text) else { return heading }
    var caret = ""
    var units = 0
    for character in line.unicodeScalars {
      if units >= location.column - 1 { break }
      caret.append(character == "\t" ? "\t" : " ")
      units += character.utf16.count
    }
    return "\(heading)\n\(line)\n\(caret)^"
  }

  /// The 1-based line `number` of `text` (lines end at `\n`, `\r\n` or `\r`, as GraphQL's do).
  static func line(_ number: Int, of text: String) -> String? {
    guard number >= 1 else { return nil }
    var current = 1
    var line = ""
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      if scalar == "\n" && previousWasCR {
        previousWasCR = false
        continue
      }
      previousWasCR = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        if current == number { return line }
        current += 1
        line = ""
      } else if current == number {
        line.unicodeScalars.append(scalar)
      }
    }
    return current == number ? line : nil
  }
}
