#if canImport(Glibc)
  import Glibc
#endif

/// Why a `PseudoTerminal` step failed; the description carries the transcript for diagnosis.
public enum PseudoTerminalError: Error, CustomStringConvertible {
  /// A system call failed with `errno`.
  case systemCall(String, Int32)
  /// `expected` did not appear (or the child did not exit) in time.
  case timedOut(expected: String, transcript: String)

  public var description: String {
    switch self {
    case .systemCall(let call, let code):
      return "\(call) failed: \(String(cString: strerror(code)))"
    case .timedOut(let expected, let transcript):
      return "timed out waiting for \(String(reflecting: expected)); transcript:\n"
        + String(reflecting: transcript)
    }
  }
}
