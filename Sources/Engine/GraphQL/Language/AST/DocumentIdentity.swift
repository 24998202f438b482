/// The identity of one `Document`'s content, as caches key it: a new object per parsed or edited
/// document, shared by its unedited copies. Holding it keeps its `ObjectIdentifier` from being
/// reused by another document while a cache entry refers to it.
///
/// A document parsed from text or bytes uses the `Source` the parser made for it, which no other
/// document can be parsed from: one allocation fewer per parse than an object of its own.
struct DocumentIdentity: Sendable {
  private let object: any AnyObject & Sendable

  /// A new identity, shared with nothing.
  init() { object = Token() }

  /// The identity of the one document parsed from `source`, which the parser made itself.
  init(owning source: Source) { object = source }

  /// What caches key the document by.
  var id: ObjectIdentifier { ObjectIdentifier(object) }

  private final class Token: Sendable {}
}
