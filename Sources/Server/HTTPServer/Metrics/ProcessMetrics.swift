import Glibc

/// The standard process families every Prometheus client exports, read from `/proc` when scraped.
package enum ProcessMetrics {
  /// Registers the process families in `registry`.
  package static func register(in registry: MetricsRegistry) {
    let ticks = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
    let pageSize = Double(max(1, sysconf(Int32(_SC_PAGESIZE))))
    registry.register(
      GaugeFamily(
        name: "process_cpu_seconds_total", help: "Total user and system CPU time spent in seconds.",
        type: .counter
      ) {
        let fields = statFields()
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
          return 0
        }
        return (user + system) / ticks
      })
    registry.register(
      GaugeFamily(name: "process_resident_memory_bytes", help: "Resident memory size in bytes.") {
        let fields = readFile("/proc/self/statm").split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * pageSize
      })
    registry.register(
      GaugeFamily(name: "process_virtual_memory_bytes", help: "Virtual memory size in bytes.") {
        let fields = statFields()
        guard fields.count > 20, let bytes = Double(fields[20]) else { return 0 }
        return bytes
      })
    registry.register(
      GaugeFamily(name: "process_open_fds", help: "Number of open file descriptors.") {
        Double(openDescriptors())
      })
    registry.register(
      GaugeFamily(name: "process_max_fds", help: "Maximum number of open file descriptors.") {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        return Double(limit.rlim_cur)
      })
    let startTime = startTimeSeconds(ticks: ticks)
    registry.register(
      GaugeFamily(
        name: "process_start_time_seconds", help: "Start time of the process since unix epoch in seconds."
      ) { startTime })
  }

  /// The fields of `/proc/self/stat` after the command name (the state is the first).
  private static func statFields() -> [Substring] {
    let stat = readFile("/proc/self/stat")
    // The command name is in parentheses and may hold spaces: fields start after the last `)`.
    guard let end = stat.lastIndex(of: ")") else { return [] }
    return stat[stat.index(after: end)...].split(separator: " ")
  }

  /// The boot time (`btime` of `/proc/stat`) plus the start ticks (field 22 of `/proc/self/stat`).
  private static func startTimeSeconds(ticks: Double) -> Double {
    let fields = statFields()
    guard fields.count > 19, let started = Double(fields[19]) else { return 0 }
    for line in readFile("/proc/stat").split(separator: "\n") where line.hasPrefix("btime ") {
      if let boot = Double(line.dropFirst("btime ".count)) { return boot + started / ticks }
    }
    return 0
  }

  /// Entries of `/proc/self/fd` (the descriptor reading it is open too, and left out).
  private static func openDescriptors() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return 0 }
    defer { closedir(directory) }
    var count = 0
    while let entry = readdir(directory) {
      let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in name.first == UInt8(ascii: ".") }
      if !isDot { count += 1 }
    }
    return max(0, count - 1)
  }

  /// A small file's text (a `/proc` file's size reads as 0, so it is read until its end).
  private static func readFile(_ path: String) -> String {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return "" }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
