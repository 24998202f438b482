#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the process's terminal.
public enum Terminal {
  /// Whether `descriptor` is a terminal.
  public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

  /// The width of the terminal on `descriptor`, or 80 when it is not a terminal.
  public static func columns(of descriptor: Int32) -> Int {
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// The size of one cell in pixels of the terminal on `descriptor`, when the terminal reports
  /// its pixel size (xterm, kitty, foot, WezTerm do; many do not).
  public static func cellSize(of descriptor: Int32) -> (width: Int, height: Int)? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
      size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row
    else { return nil }
    return (Int(size.ws_xpixel / size.ws_col), Int(size.ws_ypixel / size.ws_row))
  }

  /// The height of the terminal on `descriptor`, or 24 when it is not a terminal.
  public static func rows(of descriptor: Int32) -> Int {
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 && size.ws_row > 0 {
      return Int(size.ws_row)
    }
    return 24
  }
}
