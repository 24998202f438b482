#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the process's terminal.
public enum Terminal {
  /// Whether `descriptor` is a terminal.
  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The width of the terminal on `descriptor`, or 80 when it is not a terminal.
  public static func columns(of descriptor: Int32) -> Int {
    size(of: descriptor).flatMap { $0.ws_col > 0 ? Int($0.ws_col) : nil } ?? 80
  }

  /// The size of one cell in pixels of the terminal on `descriptor`, when the terminal reports
  /// its pixel size (xterm, kitty, foot, WezTerm do; many do not).
  public static func cellSize(of descriptor: Int32) -> (width: Int, height: Int)? {
    guard let size = size(of: descriptor), size.ws_col > 0, size.ws_row > 0, size.ws_xpixel >= size.ws_col,
      size.ws_ypixel >= size.ws_row
    else { return nil }
    return (Int(size.ws_xpixel / size.ws_col), Int(size.ws_ypixel / size.ws_row))
  }

  /// The height of the terminal on `descriptor`, or 24 when it is not a terminal.
  public static func rows(of descriptor: Int32) -> Int {
    size(of: descriptor).flatMap { $0.ws_row > 0 ? Int($0.ws_row) : nil } ?? 24
  }

  /// The window size of the terminal on `descriptor`, when it is one.
  private static func size(of descriptor: Int32) -> winsize? {
    var size = winsize()
    return ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 ? size : nil
  }
}
