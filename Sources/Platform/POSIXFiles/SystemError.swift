import Glibc

/// The text the C library gives for an `errno` value, e.g. "Permission denied".
package func systemErrorMessage(_ code: Int32) -> String {
  String(cString: strerror(code))
}

/// Octal text for the permission bits of a mode, e.g. "0644".
package func octalMode(_ mode: mode_t) -> String {
  let digits = String(mode & 0o7777, radix: 8)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
