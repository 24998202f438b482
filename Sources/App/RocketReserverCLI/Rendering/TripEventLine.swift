#if canImport(Glibc)
  import Glibc
#endif

/// The line `watch` prints for one `tripsBooked` event: `14:03:27  +2 trips booked`,
/// `14:05:10  -1 trip cancelled` (local time).
enum TripEventLine {
  /// The line for `delta` at the time `seconds` (since the epoch; default now), without newline.
  static func text(delta: Int, at seconds: Int = Int(time(nil))) -> String {
    clock(seconds) + "  " + words(delta)
  }

  /// `+2 trips booked`, `+1 trip booked`, `-1 trip cancelled`.
  static func words(_ delta: Int) -> String {
    let count = abs(delta)
    let noun = count == 1 ? "trip" : "trips"
    return delta < 0 ? "-\(count) \(noun) cancelled" : "+\(count) \(noun) booked"
  }

  /// `HH:MM:SS` in the local time zone.
  static func clock(_ seconds: Int) -> String {
    var value = time_t(seconds)
    var parts = tm()
    localtime_r(&value, &parts)
    func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }
    return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }
}
