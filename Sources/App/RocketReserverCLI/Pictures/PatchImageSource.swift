import FoundationEssentials
import GraphQLWire
import POSIXFiles
import RocketClient
import TerminalImages

/// Mission patches by URL: from the disk cache (`<cache>/patches/`), else fetched and, once
/// they decode, kept there.
///
/// A fetch is a plain GET within `maxBytes` and `maxTimeout` (or a shorter `--timeout`), no
/// redirect followed, and no header of the session's (the token goes to the GraphQL server only).
/// An image is decoded only when its header's size is within `limits` (no decompression bombs).
struct PatchImageSource: Sendable {
  /// The largest image file accepted.
  static let maxBytes = 4 << 20
  /// The longest a fetch may take, connecting included.
  static let maxTimeout = Duration.seconds(10)
  /// The largest image decoded: 4,096 pixels a side, 16.7 million in all (64 MiB of RGBA).
  static let limits = ImageLimits(maxSide: 4096, maxPixels: 4096 * 4096)

  /// The folder of cached images; nil: nothing is cached (no home directory).
  let directory: String?
  /// `--cacert`, `--insecure`, as for the GraphQL server.
  let tls: TLSOptions
  let timeout: Duration

  init(directories: ApplicationDirectories?, requests: RequestOptions) {
    directory = directories.map { $0.cache + "/patches" }
    tls = requests.tls
    timeout = min(requests.timeout, Self.maxTimeout)
  }

  /// The decoded image at `url`.
  func image(at url: URL) async throws(PatchImageError) -> DecodedImage {
    if let cached = cachedBytes(for: url), let image = try? DecodedImage.decode(cached, limits: Self.limits) {
      return image
    }
    guard let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
      throw .unsupportedURL
    }
    let client = HTTPClient(timeout: timeout, maxBodySize: Self.maxBytes, tls: tls)
    let response: HTTPResponse
    do {
      response = try await client.fetch(HTTPRequest(method: .get, url: url))
    } catch {
      throw .transport(error)
    }
    guard response.status == 200 else { throw .status(response.status) }
    let bytes = [UInt8](response.body)
    let image: DecodedImage
    do {
      image = try DecodedImage.decode(bytes, limits: Self.limits)
    } catch {
      throw .image(error)
    }
    store(bytes, for: url)
    return image
  }

  /// The cache file of `url`: named by its SHA-256, so any URL makes a plain file name.
  private func path(for url: URL) -> String? {
    directory.map { $0 + "/" + SHA256.hexDigest(url.absoluteString) }
  }

  private func cachedBytes(for url: URL) -> [UInt8]? {
    guard let path = path(for: url), let data = FileManager.default.contents(atPath: path),
      data.count <= Self.maxBytes
    else { return nil }
    return [UInt8](data)
  }

  /// Keeps `bytes` for `url`; a cache that cannot be written only costs a fetch next time.
  private func store(_ bytes: [UInt8], for url: URL) {
    guard let directory, let path = path(for: url), (try? PrivateDirectory.ensure(directory)) != nil else {
      return
    }
    try? Data(bytes).write(to: URL(filePath: path), options: .atomic)
  }
}
