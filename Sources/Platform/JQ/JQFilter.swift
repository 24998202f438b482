import CJQ

/// A jq program (`.launches[0].id`), compiled once by libjq and run on JSON documents. libjq
/// bounds neither time nor memory, so each run is a child process within `JQLimits`: a runaway
/// filter is stopped and reported. The program is only read here, so runs may be concurrent.
public final class JQFilter: Sendable, Equatable {
  /// The expression as given.
  public let expression: String
  /// The shim's compiled program; never mutated in this process.
  private nonisolated(unsafe) let compiled: OpaquePointer

  /// Compiles `expression`.
  /// - Throws: `JQError.unavailable` without libjq, `.compile` with jq's messages in one line.
  public init(_ expression: String) throws(JQError) {
    if let problem = cjq_open_error() {
      throw .unavailable(String(cString: problem))
    }
    var message: UnsafeMutablePointer<CChar>?
    guard let compiled = cjq_compile(expression, &message) else {
      let text = message.map { String(cString: $0) } ?? ""
      cjq_free_text(message)
      throw .compile(Self.oneLine(text))
    }
    self.expression = expression
    self.compiled = compiled
  }

  deinit { cjq_filter_free(compiled) }

  public static func == (left: JQFilter, right: JQFilter) -> Bool { left.expression == right.expression }

  /// Runs the filter on one JSON document within `limits`: the results, and the error that ended
  /// the run early (the results before it stand, as jq prints them; none past the output limit).
  public func run(onJSONText document: String, limits: JQLimits = .standard) -> (
    results: [JQResult], failure: JQError?
  ) {
    let caps = cjq_limits(
      cpu_seconds: limits.cpuSeconds, memory_bytes: limits.memoryBytes, output_bytes: limits.outputBytes)
    var document = document
    var run = document.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { cjq_run(compiled, $0.baseAddress, $0.count, caps) }
    }
    defer { cjq_run_result_free(&run) }
    // Results cut at the limit would mislead more than help (a script would take them as all).
    if run.outcome == CJQ_OUTPUT_LIMIT { return ([], .outputLimit(bytes: limits.outputBytes)) }
    let records =
      run.output.map { Self.records(UnsafeRawBufferPointer(start: $0, count: run.output_length)) } ?? []
    var values: [JQResult] = []
    var errorText: String?
    for (kind, text) in records {
      switch kind {
      case UInt8(ascii: "s"): values.append(.string(text))
      case UInt8(ascii: "j"): values.append(.json(text))
      default: errorText = text
      }
    }
    switch run.outcome {
    case CJQ_FINISHED: return (values, nil)
    case CJQ_FAILED: return (values, .runtime(errorText ?? "jq reported an error"))
    case CJQ_CPU_LIMIT: return (values, .cpuLimit(seconds: limits.cpuSeconds))
    case CJQ_MEMORY_LIMIT: return (values, .memoryLimit(bytes: limits.memoryBytes))
    case CJQ_INTERRUPTED: return (values, .interrupted)
    default: return (values, .system(run.message.map { String(cString: $0) } ?? "the filter failed"))
    }
  }

  /// The shim's records (a kind byte, a 4-byte little-endian length, the bytes); one cut short is
  /// dropped.
  private static func records(_ bytes: UnsafeRawBufferPointer) -> [(UInt8, String)] {
    var records: [(UInt8, String)] = []
    var index = 0
    while index + 5 <= bytes.count {
      let length = (1...4).reduce(0) { $0 | Int(bytes[index + $1]) << (8 * ($1 - 1)) }
      let start = index + 5
      guard start + length <= bytes.count else { break }
      records.append((bytes[index], String(decoding: bytes[start..<start + length], as: UTF8.self)))
      index = start + length
    }
    return records
  }

  /// jq's compile messages as one line: each error's text and line, joined by `; `.
  static func oneLine(_ text: String) -> String {
    var errors: [String] = []
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingSpaces
      if trimmed.hasPrefix("jq: error: ") {
        errors.append(String(trimmed.dropFirst("jq: error: ".count)))
      } else if trimmed.hasPrefix("jq: ")
        && (trimmed.hasSuffix("compile error") || trimmed.hasSuffix("compile errors"))
      {
        continue
      } else if !trimmed.isEmpty {
        if errors.isEmpty { errors.append(trimmed) } else { errors[errors.count - 1] += " " + trimmed }
      }
    }
    return errors.isEmpty ? "the filter does not compile" : errors.joined(separator: "; ")
  }
}

extension Substring {
  /// Without the spaces around it.
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
  }
}
