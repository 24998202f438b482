/// Whether a document typed line by line needs more lines: a `{`, `[` or `(` is still open, or a
/// block string (`"""`) has not been closed.
///
/// A shell joins lines while this is true (showing a continuation prompt), and sends the document
/// once every bracket is closed. Brackets inside strings, block strings and comments do not
/// count; a closing bracket without an opening one does not make the text finished early (the
/// parser reports it), it just counts as nothing open. A plain string cannot span lines in
/// GraphQL, so an unterminated one makes the text finished: more lines cannot fix it, and the
/// parser reports it with its position.
///
/// - Parameter text: the lines typed so far, joined with `\n`.
/// - Returns: true while more input is needed.
public func isUnfinishedDocument(_ text: String) -> Bool {
  unclosedDelimiter(in: text) != nil
}

/// What keeps a document typed line by line from being finished (see ``isUnfinishedDocument(_:)``).
public struct UnclosedDelimiter: Equatable, Sendable {
  /// `{`, `[`, `(` or `"""`.
  public var delimiter: String
  /// Its byte offset in the UTF-8 text (``Source/location(ofOffset:)`` gives its line and column).
  public var offset: Int
}

/// The innermost bracket still open, or the block string not closed, in `text`; nil when the
/// text is finished. The rules are those of ``isUnfinishedDocument(_:)``.
///
/// A script that ends inside a document names this place in its error, as a compiler's "to match
/// this opening '{'" note does.
///
/// - Parameter text: the lines so far, joined with `\n`.
public func unclosedDelimiter(in text: String) -> UnclosedDelimiter? {
  let bytes = Array(text.utf8)
  var open: [Int] = []
  var index = 0
  func at(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
  while index < bytes.count {
    switch bytes[index] {
    case UInt8(ascii: "#"):
      while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
    case UInt8(ascii: "\"") where at(index + 1) == 0x22 && at(index + 2) == 0x22:
      let start = index
      index += 3
      var closed = false
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "\\") && at(index + 1) == 0x22 && at(index + 2) == 0x22
          && at(index + 3) == 0x22
        {
          index += 4  // \""" is an escaped delimiter, part of the text
        } else if bytes[index] == 0x22 && at(index + 1) == 0x22 && at(index + 2) == 0x22 {
          index += 2
          closed = true
          break
        } else {
          index += 1
        }
      }
      if !closed { return UnclosedDelimiter(delimiter: "\"\"\"", offset: start) }
    case UInt8(ascii: "\""):
      index += 1
      while index < bytes.count && bytes[index] != 0x22 && bytes[index] != 0x0A && bytes[index] != 0x0D {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      // More lines cannot close it: the document is as finished as it gets, the parser reports it.
      if index >= bytes.count || bytes[index] != 0x22 { return nil }
    case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
      open.append(index)
    case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
      _ = open.popLast()
    default:
      break
    }
    index += 1
  }
  return open.last.map { UnclosedDelimiter(delimiter: String(UnicodeScalar(bytes[$0])), offset: $0) }
}

/// Whether a line typed at the shell's prompt starts a GraphQL document rather than a command:
/// it begins with `{` or with the keyword `query`, `mutation`, `subscription` or `fragment`
/// (followed by a space, `{`, `(`, `@` or the end of the line, so `queryx` is not one). A word
/// after the keyword that no document can have there (a quote or an option, as in the command
/// `query '{ me { email } }'` or `query -f FILE`) makes it a command line.
///
/// - Parameter line: the line as typed.
public func startsGraphQLDocument(_ line: String) -> Bool {
  let trimmed = line.drop { $0 == " " || $0 == "\t" }
  if trimmed.first == "{" { return true }
  for keyword in ["query", "mutation", "subscription", "fragment"] where trimmed.hasPrefix(keyword) {
    let rest = trimmed.dropFirst(keyword.count)
    guard let next = rest.first else { return true }
    guard next == " " || next == "\t" || next == "{" || next == "(" || next == "@" else { return false }
    let word = rest.drop { $0 == " " || $0 == "\t" }
    return !(word.first == "'" || word.first == "\"" || word.first == "-")
  }
  return false
}
