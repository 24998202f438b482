/// Why a jq filter could not be compiled or did not finish, worded for the user.
public enum JQError: Error, Equatable, CustomStringConvertible {
  /// libjq cannot be loaded (dlopen's text).
  case unavailable(String)
  /// The expression does not compile: jq's own messages, one line.
  case compile(String)
  /// The filter raised an error (`error`, a type error, `halt_error`): jq's message.
  case runtime(String)
  /// The run used its CPU seconds.
  case cpuLimit(seconds: UInt32)
  /// The run needed more memory than its limit.
  case memoryLimit(bytes: Int)
  /// The results passed their limit.
  case outputLimit(bytes: Int)
  /// A signal (Ctrl-C) ended the run.
  case interrupted
  /// The run could not be started, or ended in a way the shim does not know.
  case system(String)

  public var description: String {
    switch self {
    case .unavailable(let reason): "jq is not available (install libjq1): \(reason)"
    case .compile(let message), .runtime(let message), .system(let message): message
    case .cpuLimit(let seconds): "the filter used its \(seconds) s of CPU time and was stopped"
    case .memoryLimit(let bytes): "the filter needed more than \(bytes >> 20) MiB of memory and was stopped"
    case .outputLimit(let bytes): "the filter's results passed \(bytes >> 20) MiB and it was stopped"
    case .interrupted: "the filter was interrupted"
    }
  }
}
