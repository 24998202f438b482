/// The identity of one `Document`'s content, as caches key it: a new object per parsed or edited
/// document, shared by its unedited copies. Holding it keeps its `ObjectIdentifier` from being
/// reused by another document while a cache entry refers to it.
final class DocumentIdentity: Sendable {}
