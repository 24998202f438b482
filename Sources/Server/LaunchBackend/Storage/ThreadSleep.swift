#if canImport(Glibc)
  import Glibc
#endif

/// Blocks the calling thread for `duration` (below a second), for the storage threads' short
/// waits; a signal does not cut it short.
func sleepCurrentThread(for duration: Duration) {
  var request = timespec(tv_sec: 0, tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
}
