import FoundationEssentials
import Glibc
import POSIXFiles

extension FileCredentialStore {
  /// The largest file accepted; real files are a few hundred bytes per endpoint.
  static let maximumFileSize = 1 << 20

  /// Opens, checks and decodes the file; nil when it does not exist.
  ///
  /// `O_NOFOLLOW` refuses a symbolic link at the path, and the checks run on the descriptor
  /// (`fstat`), so the file cannot be swapped between checking and reading. `O_NONBLOCK` keeps a
  /// FIFO planted at the path from hanging the open; it does not affect regular files.
  func readFile() throws -> CredentialFile? {
    let raw = retryingOnInterrupt { open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
    guard raw >= 0 else {
      let code = errno
      switch code {
      case ENOENT: return nil
      case ELOOP: throw StoreError.symbolicLink(path: path)
      default: throw StoreError.systemCall(operation: "open", path: path, code: code)
      }
    }
    let file = FileDescriptor(raw)
    let info: stat
    switch file.status() {
    case .success(let value): info = value
    case .failure(let failure):
      throw StoreError.systemCall(operation: "inspect", path: path, code: failure.code)
    }
    try checkSafety(of: info)
    let data = try readAll(file)
    return try CredentialFile.decode(data, path: path)
  }

  /// Refuses anything but a regular file of the current user that only the user can access.
  private func checkSafety(of info: stat) throws {
    guard info.st_mode & S_IFMT == S_IFREG else { throw StoreError.notARegularFile(path: path) }
    guard info.st_uid == geteuid() else {
      throw StoreError.ownedByAnotherUser(path: path, owner: info.st_uid)
    }
    guard info.st_mode & 0o077 == 0 else {
      throw StoreError.insecurePermissions(path: path, mode: info.st_mode)
    }
    guard info.st_size <= Self.maximumFileSize else {
      throw StoreError.tooLarge(path: path, size: Int(info.st_size))
    }
  }

  /// Reads to end of file, at most ``maximumFileSize`` bytes.
  private func readAll(_ file: FileDescriptor) throws -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        read(file.raw, buffer.baseAddress, buffer.count)
      }
      if count == 0 { return data }
      if count < 0 {
        if errno == EINTR { continue }
        throw StoreError.systemCall(operation: "read", path: path, code: errno)
      }
      data.append(contentsOf: chunk[0..<count])
      if data.count > Self.maximumFileSize {
        throw StoreError.tooLarge(path: path, size: data.count)
      }
    }
  }
}
