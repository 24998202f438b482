/// What kind of value a command word holds: how it is parsed, how errors describe it, and what
/// Tab proposes for it.
///
/// A declaration names its value type once; parsing, the usage error and completion all follow
/// from it, so `launch abc`, `launch <Tab>` and `help launch` cannot disagree. `Context` is what
/// the program hands completion (its session, its commands).
package struct ValueType<Value: Sendable, Context>: Sendable {
  /// The value in words for errors, such as `a launch id (a number such as 42)`.
  package let description: String
  /// The word as a value, or nil when it is not one.
  package let parse: @Sendable (String) -> Value?
  /// Tab candidates for a word of this type, given the words already typed on the line.
  package let candidates: @Sendable (_ typed: [String], _ context: Context) -> [String]
  /// The error line for a word that does not parse, when the type knows better than "takes
  /// DESCRIPTION"; nil otherwise.
  package let problem: @Sendable (String) -> String?
  /// For a path: which entries the shells' own file completion offers; nil for other values.
  package var fileSystem: FileSystemCompletion?
  /// A value as the user would type it, for the default that help shows (`4000`, `7d`, `text`).
  package let format: @Sendable (Value) -> String

  /// A value type: the parameters are the properties.
  package init(
    _ description: String,
    candidates: @escaping @Sendable ([String], Context) -> [String] = { _, _ in [] },
    problem: @escaping @Sendable (String) -> String? = { _ in nil },
    fileSystem: FileSystemCompletion? = nil,
    format: @escaping @Sendable (Value) -> String = { "\($0)" },
    parse: @escaping @Sendable (String) -> Value?
  ) {
    self.description = description
    self.parse = parse
    self.candidates = candidates
    self.problem = problem
    self.fileSystem = fileSystem
    self.format = format
  }

  /// A type whose parser explains its refusals: the `UsageError`'s message is the error line.
  package static func checked(
    _ description: String, _ parse: @escaping @Sendable (String) throws(UsageError) -> Value
  ) -> ValueType {
    ValueType(
      description,
      problem: { text in
        do throws(UsageError) {
          _ = try parse(text)
          return nil
        } catch {
          return error.message
        }
      }
    ) { try? parse($0) }
  }

  /// What the parser, help and completion need of the type, which is all but the value.
  package var erased: AnyValueType<Context> {
    let parse = self.parse
    return AnyValueType(
      description: description, accepts: { parse($0) != nil }, candidates: candidates, problem: problem,
      fileSystem: fileSystem)
  }
}

/// What the shells' own completion offers for a path value.
package enum FileSystemCompletion: String, Sendable {
  /// Files and directories (a directory leads to its files).
  case files
  /// Directories only.
  case directories
}

/// A ``ValueType`` without its value, as declarations hold it: the parser checks words with it,
/// and the value is read where it is typed (``OptionBinding``, ``Positional``).
package struct AnyValueType<Context>: Sendable {
  package let description: String
  package let accepts: @Sendable (String) -> Bool
  package let candidates: @Sendable ([String], Context) -> [String]
  package let problem: @Sendable (String) -> String?
  package var fileSystem: FileSystemCompletion? = nil
}

extension ValueType where Value == String {
  /// Any non-empty text.
  package static var text: ValueType {
    ValueType("a non-empty text", problem: { $0.isEmpty ? "the value is empty: give some text" : nil }) {
      $0.isEmpty ? nil : $0
    }
  }

  /// An email address (checked by `login` itself, which explains what is wrong with it).
  package static var email: ValueType { ValueType("an email address") { $0 } }

  /// A path in the file system (a file's); the shells complete file names.
  package static var path: ValueType { ValueType("a path", fileSystem: .files) { $0.isEmpty ? nil : $0 } }

  /// A directory's path; the shells complete directory names.
  package static var directory: ValueType {
    ValueType("a directory", fileSystem: .directories) { $0.isEmpty ? nil : $0 }
  }

  /// Any word at all, even an empty one (another command's, which that command parses).
  package static var anyWord: ValueType { ValueType("a word") { $0 } }
}

extension ValueType where Value == Int {
  /// A whole number above zero.
  package static var positiveInteger: ValueType {
    ValueType("a positive whole number") { word in
      guard let number = Int(word), number > 0 else { return nil }
      return number
    }
  }

  /// A whole number in `range`.
  package static func integer(in range: ClosedRange<Int>) -> ValueType {
    ValueType("a number from \(range.lowerBound) to \(range.upperBound)") { word in
      guard let number = Int(word), range.contains(number) else { return nil }
      return number
    }
  }
}

extension ValueType {
  /// One of the cases of a string-backed enumeration (`table|json|tsv|csv|ids`), which Tab
  /// offers; `noun` names a case in the error (`'bogus' is not an action: the only one is 'clear'`).
  package static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
    _ type: Choice.Type, noun: String = "choice"
  ) -> ValueType<Choice, Context> where Choice.RawValue == String {
    let names = Choice.allCases.map(\.rawValue)
    let article = "aeiou".contains(noun.first ?? "x") ? "an" : "a"
    let list =
      names.count == 1
      ? "the only one is '\(names[0])'" : "use one of \(names.joined(separator: ", "))"
    return ValueType<Choice, Context>(
      "one of \(names.joined(separator: ", "))", candidates: { _, _ in names },
      problem: { "\(TerminalText.quoted($0)) is not \(article) \(noun): \(list)" }, format: { $0.rawValue }
    ) {
      Choice(rawValue: $0.lowercased())
    }
  }
}

extension ValueType where Value == Duration {
  /// A time in decimal seconds above zero (or from zero, where 0 means "not at all": `serve
  /// --drain 0`) and at most `limit` (`5`, `0.25`), to the millisecond.
  package static func seconds(upTo limit: Int, orZero: Bool = false) -> ValueType {
    ValueType(
      "seconds from 0 to \(limit), such as \(orZero ? "0, " : "")5 or 0.25",
      format: { duration in
        let milliseconds = Int(duration / .milliseconds(1))
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
      }
    ) { word in
      guard let seconds = Double(word), seconds > 0 || (orZero && seconds == 0), seconds <= Double(limit)
      else { return nil }
      return .milliseconds(Int((seconds * 1000).rounded(.up)))
    }
  }

  /// A length of time as a whole number with a unit, `90s`, `30m`, `12h` or `7d` (plain
  /// seconds without one); `0` means no bound, which ``Duration/zero`` stands for.
  package static var age: ValueType {
    ValueType(
      "a time such as 90s, 30m, 12h or 7d, or 0 for no bound",
      format: { age in
        let seconds = age.components.seconds
        let unit = ageUnits.filter { seconds % $0.1 == 0 }.max { $0.1 < $1.1 } ?? ("s", 1)
        return seconds == 0 ? "0" : "\(seconds / unit.1)\(unit.0)"
      }
    ) { word in
      let units = Dictionary(uniqueKeysWithValues: ageUnits)
      var digits = Substring(word)
      var unit: Int64 = 1
      if let last = word.last, let factor = units[last] {
        unit = factor
        digits = digits.dropLast()
      }
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int64(digits), count >= 0,
        count <= 100 * 365 * 86_400 / unit
      else { return nil }
      return .seconds(count * unit)
    }
  }
}

/// The units of ``ValueType/age``, with their length in seconds.
private let ageUnits: [(Character, Int64)] = [("s", 1), ("m", 60), ("h", 3_600), ("d", 86_400)]
