/// One page of a cursor-paged list (such as a connection), in the terms ``CursorPager`` needs.
package struct CursorPage<Item: Sendable>: Sendable {
  /// The page's items, in server order.
  package var items: [Item]
  /// The cursor to ask for the next page with (`after:`).
  package var cursor: String
  /// Whether the server says more items follow.
  package var hasMore: Bool

  package init(items: [Item], cursor: String, hasMore: Bool) {
    self.items = items
    self.cursor = cursor
    self.hasMore = hasMore
  }
}
