import Glibc

/// Reads the current user's entry from the system user database (`/etc/passwd`, NSS).
enum UserDatabase {
  static func homeDirectory() -> String? {
    var entry = passwd()
    var result: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 4096)
    let status = getpwuid_r(geteuid(), &entry, &buffer, buffer.count, &result)
    guard status == 0, result != nil, let directory = entry.pw_dir else { return nil }
    let home = String(cString: directory)
    return home.isEmpty ? nil : home
  }
}
