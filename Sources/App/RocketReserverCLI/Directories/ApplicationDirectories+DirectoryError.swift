extension ApplicationDirectories {
  /// Why the application directories cannot be located.
  enum DirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `HOME` is unset or relative and the user database has no home directory for this user.
    case noHomeDirectory

    var description: String {
      switch self {
      case .noHomeDirectory:
        "cannot find your home directory: set HOME or the XDG_*_HOME variables to absolute paths"
      }
    }
  }
}
