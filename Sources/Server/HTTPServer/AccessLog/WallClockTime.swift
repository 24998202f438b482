import Glibc

/// A wall-clock instant (UTC), cheap to take and to print in ISO 8601 without Foundation.
public struct WallClockTime: Hashable, Sendable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public var secondsSinceEpoch: Int
  /// Nanoseconds within the second.
  public var nanoseconds: Int

  /// The instant `nanoseconds` (0 ..< 1e9) into the second `secondsSinceEpoch`.
  public init(secondsSinceEpoch: Int, nanoseconds: Int) {
    self.secondsSinceEpoch = secondsSinceEpoch
    self.nanoseconds = nanoseconds
  }

  /// The current time from the system's real-time clock.
  public static func now() -> WallClockTime {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return WallClockTime(secondsSinceEpoch: spec.tv_sec, nanoseconds: spec.tv_nsec)
  }

  /// The instant as ISO 8601 UTC with milliseconds, such as `2026-11-30T01:23:45.678Z`.
  public var iso8601: String {
    var bytes: [UInt8] = []
    appendISO8601(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `iso8601` appended to `bytes` as UTF-8.
  func appendISO8601(to bytes: inout [UInt8]) {
    var seconds = time_t(secondsSinceEpoch)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    bytes.appendDecimal(Int(parts.tm_year) + 1900, width: 4)
    bytes.append(UInt8(ascii: "-"))
    bytes.appendDecimal(Int(parts.tm_mon) + 1, width: 2)
    bytes.append(UInt8(ascii: "-"))
    bytes.appendDecimal(Int(parts.tm_mday), width: 2)
    bytes.append(UInt8(ascii: "T"))
    bytes.appendDecimal(Int(parts.tm_hour), width: 2)
    bytes.append(UInt8(ascii: ":"))
    bytes.appendDecimal(Int(parts.tm_min), width: 2)
    bytes.append(UInt8(ascii: ":"))
    bytes.appendDecimal(Int(parts.tm_sec), width: 2)
    bytes.append(UInt8(ascii: "."))
    bytes.appendDecimal(nanoseconds / 1_000_000, width: 3)
    bytes.append(UInt8(ascii: "Z"))
  }
}
