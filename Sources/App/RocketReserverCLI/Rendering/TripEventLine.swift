import Glibc

/// The line `watch` prints for one `tripsBooked` event: `14:03:27  +2 trips booked` in local time
/// when the server said when it was committed (with the date for another day), else the words.
enum TripEventLine {
  /// The line for `delta` committed at `seconds` (nil: not known); `now` says which day is today.
  static func text(delta: Int, at seconds: Int?, now: Int = Int(time(nil))) -> String {
    guard let seconds else { return words(delta) }
    let when = local(seconds)
    let today = local(now)
    let sameDay =
      when.tm_year == today.tm_year && when.tm_mon == today.tm_mon && when.tm_mday == today.tm_mday
    return (sameDay ? "" : date(when) + " ") + clock(when) + "  " + words(delta)
  }

  /// `HH:MM:SS` in local time of `seconds` since the epoch (`every`'s runs say it too).
  static func clockTime(at seconds: Int) -> String { clock(local(seconds)) }

  /// `+2 trips booked`, `+1 trip booked`, `-1 trip cancelled`.
  static func words(_ delta: Int) -> String {
    let count = abs(delta)
    let noun = count == 1 ? "trip" : "trips"
    return delta < 0 ? "-\(count) \(noun) cancelled" : "+\(count) \(noun) booked"
  }

  /// The seconds since the epoch an RFC 3339 time in UTC names (`2026-12-07T15:04:05Z`, as
  /// `extensions.eventTime` has it; no fractions, no offset but `Z` and `+00:00`), or nil.
  static func seconds(rfc3339 text: String) -> Int? {
    let scalars = Array(text.utf8)
    guard scalars.count >= 20, scalars[4] == UInt8(ascii: "-"), scalars[7] == UInt8(ascii: "-"),
      scalars[10] == UInt8(ascii: "T") || scalars[10] == UInt8(ascii: "t"), scalars[13] == UInt8(ascii: ":"),
      scalars[16] == UInt8(ascii: ":")
    else { return nil }
    let zone = String(decoding: scalars[19...], as: UTF8.self)
    guard zone == "Z" || zone == "z" || zone == "+00:00" else { return nil }
    func number(_ range: Range<Int>) -> Int32? {
      Int32(String(decoding: scalars[range], as: UTF8.self))
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var parts = tm()
    parts.tm_year = year - 1900
    parts.tm_mon = month - 1
    parts.tm_mday = day
    parts.tm_hour = hour
    parts.tm_min = minute
    parts.tm_sec = second
    let value = timegm(&parts)
    return value < 0 ? nil : Int(value)
  }

  private static func local(_ seconds: Int) -> tm {
    var value = time_t(seconds)
    var parts = tm()
    localtime_r(&value, &parts)
    return parts
  }

  private static func two(_ number: Int32) -> String { number < 10 ? "0\(number)" : "\(number)" }

  private static func clock(_ parts: tm) -> String {
    "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
  }

  private static func date(_ parts: tm) -> String {
    "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
  }
}
