import CEditLine

#if canImport(Glibc)
  import Glibc
#endif

/// The EL_GETCFN reader: waits on stdin and the signal pipe together (handling terminal signals
/// here, `TerminalSignals`) and decodes UTF-8 with `mbrtowc`.
/// - Returns: 1 with a character in `character`, 0 at end of input, or -1 with `errno` EINTR
///   after Ctrl-C (`el_gets` then returns NULL with a count of -1).
package func interruptibleGetCharacter(
  _ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?
) -> Int32 {
  guard let character else { return -1 }
  var state = mbstate_t()
  var pendingBytes = 0
  let maximum = Int(cel_mb_cur_max())
  var descriptors = [
    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
    pollfd(fd: ProcessSignals.descriptor, events: Int16(POLLIN), revents: 0),
  ]
  while true {
    if ProcessSignals.isPending {
      errno = EINTR
      return -1
    }
    descriptors[0].revents = 0
    descriptors[1].revents = 0
    let ready = poll(&descriptors, descriptors[1].fd >= 0 ? 2 : 1, -1)
    if ready < 0 {
      if errno == EINTR { continue }
      return -1
    }
    if descriptors[1].revents != 0 {
      // A drag of the window's corner sends a burst of SIGWINCH: redraw once for the burst.
      var handled = Set<Int32>()
      for signal in ProcessSignals.takeArrived() where signal != SIGINT {
        guard signal != SIGWINCH || handled.insert(signal).inserted else { continue }
        if let editLine { TerminalSignals.handle(signal, editLine: editLine) }
      }
      if ProcessSignals.isPending {
        errno = EINTR
        return -1
      }
      continue
    }
    guard descriptors[0].revents != 0 else { continue }
    var byte: CChar = 0
    let count = read(STDIN_FILENO, &byte, 1)
    if count == 0 { return 0 }
    if count < 0 {
      if errno == EINTR || errno == EAGAIN { continue }
      return -1
    }
    pendingBytes += 1
    var decoded: wchar_t = 0
    // mbrtowc keeps the bytes of an incomplete character in `state`: feed one byte at a time.
    let used = mbrtowc(&decoded, &byte, 1, &state)
    // size_t results arrive as Int: -2 means "incomplete", -1 "invalid".
    if used == -2 && pendingBytes < maximum { continue }
    pendingBytes = 0
    if used < 0 {
      // Drop an invalid sequence rather than feed libedit garbage.
      state = mbstate_t()
      continue
    }
    character.pointee = decoded
    return 1
  }
}
