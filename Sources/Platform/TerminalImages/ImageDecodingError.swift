/// Why an image was not decoded, in words for the user.
public enum ImageDecodingError: Error, Equatable, Sendable {
  /// Neither PNG nor JPEG.
  case notAnImage
  /// The header's size is past the limits; nothing was decoded.
  case tooLarge(String)
  /// The decoder stopped on malformed data.
  case corrupt(String)
  /// libpng or libjpeg cannot be opened.
  case libraryMissing(String)
  /// The pixels could not be allocated.
  case outOfMemory

  /// One line saying what is wrong with the image.
  public var message: String {
    switch self {
    case .notAnImage: "not a PNG or JPEG image"
    case .tooLarge(let size): "image too large (\(size))"
    case .corrupt(let detail): detail.isEmpty ? "damaged image" : "damaged image: \(detail)"
    case .libraryMissing(let detail): "cannot load an image library: \(detail)"
    case .outOfMemory: "not enough memory for the image"
    }
  }
}
