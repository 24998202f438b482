/// What Tab completion knows beyond the words on the line (the program's session, its
/// commands), handed to each ``ValueType``'s candidates; the program defines it.
package protocol CompletionContext: Sendable {}
