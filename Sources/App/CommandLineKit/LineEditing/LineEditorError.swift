#if canImport(Glibc)
  import Glibc
#endif

/// Why the line editor or the interrupt handling could not be set up.
public enum LineEditorError: Error, Equatable, CustomStringConvertible {
  /// `el_init` or `history_init` returned NULL.
  case initialisationFailed(String)
  /// libedit, opened on first use, cannot be opened; the loader's reason.
  case libraryMissing(String)
  /// A system call failed with `errno`.
  case systemCall(String, Int32)

  public var description: String {
    switch self {
    case .initialisationFailed(let what):
      return "cannot start the line editor: \(what) failed"
    case .libraryMissing(let reason):
      return "cannot start the line editor: cannot load libedit: \(reason)"
    case .systemCall(let call, let code):
      return "cannot start the line editor: \(call): \(String(cString: strerror(code)))"
    }
  }
}
