import Foundation

extension FileHandle {
  /// The first line that comes through this handle, with its newline: what a program such as
  /// `serve` prints when it is ready. Read a byte at a time, so nothing after the line is taken
  /// from the pipe; blocks until the newline, or returns what came before the end of the input
  /// (without a newline, so a caller can tell a cut-off line).
  public func readFirstLine() -> Data {
    var line = Data()
    while true {
      let byte = readData(ofLength: 1)
      line.append(byte)
      if byte.isEmpty || byte == Data("\n".utf8) { return line }
    }
  }
}
