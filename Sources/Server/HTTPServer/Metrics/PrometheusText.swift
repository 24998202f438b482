/// The Prometheus text exposition format 0.0.4: `# HELP` and `# TYPE`, then one line per sample.
package struct PrometheusText {
  /// The `Content-Type` of a scrape's answer.
  package static let contentType: StaticString = "text/plain; version=0.0.4; charset=utf-8"

  /// What was written so far.
  package private(set) var bytes: [UInt8] = []

  package init() {
    bytes.reserveCapacity(16 << 10)
  }

  /// The `HELP` and `TYPE` lines that open a family.
  package mutating func header(name: String, help: String, type: MetricType) {
    append("# HELP ")
    append(name)
    bytes.append(UInt8(ascii: " "))
    for byte in help.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): append("\\\\")
      case UInt8(ascii: "\n"): append("\\n")
      default: bytes.append(byte)
      }
    }
    append("\n# TYPE ")
    append(name)
    bytes.append(UInt8(ascii: " "))
    append(type.rawValue)
    bytes.append(UInt8(ascii: "\n"))
  }

  /// One sample line; `labels` are (name, value) pairs, values escaped as the format asks.
  package mutating func sample(_ name: String, labels: [(String, String)] = [], value: Double) {
    append(name)
    if !labels.isEmpty {
      bytes.append(UInt8(ascii: "{"))
      for (index, label) in labels.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        append(label.0)
        append("=\"")
        for byte in label.1.utf8 {
          switch byte {
          case UInt8(ascii: "\\"): append("\\\\")
          case UInt8(ascii: "\""): append("\\\"")
          case UInt8(ascii: "\n"): append("\\n")
          default: bytes.append(byte)
          }
        }
        bytes.append(UInt8(ascii: "\""))
      }
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: " "))
    append(Self.format(value))
    bytes.append(UInt8(ascii: "\n"))
  }

  /// A sample value as the format spells it: integers without a fraction, `+Inf`, `-Inf`, `NaN`.
  package static func format(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
    if value == value.rounded(), abs(value) < 9e15 { return String(Int(value)) }
    return String(value)
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }
}
