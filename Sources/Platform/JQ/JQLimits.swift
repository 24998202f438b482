/// What one run of a jq filter may cost; past any of them the run is stopped and reported.
public struct JQLimits: Sendable, Equatable {
  /// CPU seconds of the run (whole seconds: the kernel's `RLIMIT_CPU`).
  public var cpuSeconds: UInt32
  /// Bytes of memory the run may take beyond what the program had when it started it.
  public var memoryBytes: Int
  /// Bytes of results, all together.
  public var outputBytes: Int

  /// Limits of each kind.
  public init(cpuSeconds: UInt32, memoryBytes: Int, outputBytes: Int) {
    self.cpuSeconds = cpuSeconds
    self.memoryBytes = memoryBytes
    self.outputBytes = outputBytes
  }

  /// 3 CPU seconds, 256 MiB, 32 MiB of results: far more than a filter of a command's document
  /// needs (a page of launches is a few kilobytes), far less than would hurt the machine.
  public static let standard = JQLimits(cpuSeconds: 3, memoryBytes: 256 << 20, outputBytes: 32 << 20)
}
