import CommandLineKit
import RocketClient

#if canImport(Glibc)
  import Glibc
#endif

/// `$XDG_CONFIG_HOME/rocket-reserver/config`: defaults for the program's options, as
/// `key = value` lines, with named profiles (`[profile NAME]`) chosen by `--profile NAME` or
/// `ROCKET_RESERVER_PROFILE`. Command-line options win over the environment, which wins over
/// the file; a profile's keys win over the file's top-level ones.
///
/// ```
/// format = table
/// header = X-Team: rockets
/// [profile local]
/// endpoint = http://127.0.0.1:4000/graphql
/// timeout = 5
/// ```
/// Every value is checked when the file is read; a mistake names the file and line (status 78).
struct ConfigFile {
  /// A broken file or an unknown profile, in one line naming the file.
  struct Problem: Error {
    let message: String
  }

  /// The values the chosen profile (or the top level) sets.
  var endpoint: String?
  var timeout: String?
  var headers: [HTTPHeaders.Field] = []
  var format: OutputFormat?
  var cachePolicy: CachePolicy?
  var pager: String?
  /// `images = off`: no mission patches drawn.
  var images: Bool?

  /// The keys a file may set.
  static let keys = ["endpoint", "timeout", "header", "format", "cache", "pager", "images"]

  /// Reads `path` for `profile`; an absent file is empty (unless a profile is asked for).
  static func load(path: String, profile: String?) throws(Problem) -> ConfigFile {
    guard let lines = try readLines(path) else {
      if let profile { throw Problem(message: "no profile '\(profile)': \(path) does not exist") }
      return ConfigFile()
    }
    return try parse(lines, path: path, profile: profile)
  }

  /// The names of the profiles `path` declares, in file order, for Tab.
  static func profileNames(path: String) -> [String] {
    guard let lines = try? readLines(path) else { return [] }
    return lines.map { $0.trimmingBlanks() }.filter { $0.hasPrefix("[profile ") && $0.hasSuffix("]") }
      .map { String($0.dropFirst(9).dropLast()).trimmingBlanks() }
  }

  /// The lines of `path`, or nil when it does not exist.
  private static func readLines(_ path: String) throws(Problem) -> [String]? {
    guard let file = fopen(path, "r") else {
      if errno == ENOENT { return nil }
      throw Problem(message: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(buffer) }
    while getline(&buffer, &capacity, file) >= 0, let buffer { lines.append(String(cString: buffer)) }
    return lines
  }

  /// The configuration `lines` give for `profile`.
  static func parse(_ lines: [String], path: String, profile: String?) throws(Problem) -> ConfigFile {
    var top = ConfigFile()
    var chosen = ConfigFile()
    var section: String?
    var sawProfile = false
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingBlanks()
      let place = "\(path):\(index + 1)"
      if line.isEmpty || line.hasPrefix("#") { continue }
      if line.hasPrefix("[") {
        guard line.hasSuffix("]"), line.hasPrefix("[profile ") else {
          throw Problem(message: "\(place): a section is [profile NAME]")
        }
        section = String(line.dropFirst(9).dropLast()).trimmingBlanks()
        if section == profile { sawProfile = true }
        continue
      }
      guard let equals = line.firstIndex(of: "=") else {
        throw Problem(message: "\(place): expected 'key = value'")
      }
      let key = String(line[..<equals]).trimmingBlanks()
      let value = String(line[line.index(after: equals)...]).trimmingBlanks()
      if section == nil {
        try top.set(key, value, place: place)
      } else if section == profile {
        try chosen.set(key, value, place: place)
      } else {
        // Another profile's lines are still checked, so a mistake shows before it is used.
        var ignored = ConfigFile()
        try ignored.set(key, value, place: place)
      }
    }
    if let profile, !sawProfile { throw Problem(message: "no profile '\(profile)' in \(path)") }
    return top.overlaid(by: chosen)
  }

  private mutating func set(_ key: String, _ value: String, place: String) throws(Problem) {
    switch key {
    case "endpoint":
      guard EndpointURL.parse(value) != nil else {
        throw Problem(message: "\(place): " + EndpointURL.problem(value, source: "endpoint"))
      }
      endpoint = value
    case "timeout":
      do throws(UsageError) {
        _ = try GlobalOptions.parseTimeout(value, source: "timeout")
      } catch {
        throw Problem(message: "\(place): \(error.message)")
      }
      timeout = value
    case "header":
      do throws(UsageError) {
        headers.append(try GlobalOptions.parseHeader(value))
      } catch {
        throw Problem(message: "\(place): \(error.message)")
      }
    case "format":
      guard let value = OutputFormat(rawValue: value) else {
        throw Problem(
          message: "\(place): \(TerminalText.quoted(value)) is not a format: use table, json, tsv, csv or ids"
        )
      }
      format = value
    case "cache":
      guard let value = CachePolicy(rawValue: value) else {
        throw Problem(message: "\(place): \(TerminalText.quoted(value)) is not a cache policy")
      }
      cachePolicy = value
    case "pager":
      pager = value
    case "images":
      guard ["on", "off"].contains(value) else {
        throw Problem(message: "\(place): images is on or off, not \(TerminalText.quoted(value))")
      }
      images = value == "on"
    default:
      throw Problem(
        message:
          "\(place): unknown key \(TerminalText.quoted(key)) (keys: \(Self.keys.joined(separator: ", ")))")
    }
  }

  /// These values with `other`'s on top.
  private func overlaid(by other: ConfigFile) -> ConfigFile {
    var result = self
    result.endpoint = other.endpoint ?? endpoint
    result.timeout = other.timeout ?? timeout
    result.format = other.format ?? format
    result.cachePolicy = other.cachePolicy ?? cachePolicy
    result.pager = other.pager ?? pager
    result.images = other.images ?? images
    let overridden = Set(other.headers.map { $0.name.lowercased() })
    result.headers = headers.filter { !overridden.contains($0.name.lowercased()) } + other.headers
    return result
  }

  /// Lays the file's values under `options` and `environment` (which win).
  func apply(to options: inout GlobalOptions, environment: inout [String: String]) {
    if options.endpoint == nil, environment["ROCKET_RESERVER_ENDPOINT", default: ""].isEmpty, let endpoint {
      environment["ROCKET_RESERVER_ENDPOINT"] = endpoint
    }
    if options.timeout == nil, environment["ROCKET_RESERVER_TIMEOUT", default: ""].isEmpty, let timeout {
      environment["ROCKET_RESERVER_TIMEOUT"] = timeout
    }
    if environment["PAGER"] == nil, let pager { environment["PAGER"] = pager }
    options.defaultFormat = format
    if images == false { options.noImages = true }
    if options.cachePolicy == nil { options.cachePolicy = cachePolicy }
    let given = Set(options.headers.map { $0.name.lowercased() })
    var merged = HTTPHeaders()
    for field in headers where !given.contains(field.name.lowercased()) {
      merged.add(field.name, field.value)
    }
    for field in options.headers { merged.add(field.name, field.value) }
    options.headers = merged
  }
}

extension String {
  fileprivate func trimmingBlanks() -> String {
    var text = self[...]
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
      text = text.dropLast()
    }
    return String(text)
  }
}
