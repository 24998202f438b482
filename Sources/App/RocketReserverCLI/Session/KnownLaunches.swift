/// What a session knows of launch ids, for Tab: the ids its answers showed, the ids its server
/// knows without a request (read once from a `KnownLaunchSource`), and the logged-in user's
/// booked trips.
///
/// Trips belong to one user: noting or asking for another user's starts afresh, so after a
/// `login` as someone else `cancel <Tab>` never offers the previous user's trips.
struct KnownLaunches: Sendable, Equatable {
  /// Ids the session's answers showed.
  private(set) var seen: Set<Int> = []
  /// Ids read from the source; nil until it was read.
  private(set) var sourceIDs: Set<Int>?
  /// Whose trips ``trips`` and ``changes`` are (the email logged in when they were noted).
  private(set) var tripsUser: String?
  /// The user's whole list of booked trips, once an answer gave it or the source was read.
  private(set) var trips: Set<Int>?
  /// Booked states answers gave before the whole list was known; applied over the list the
  /// source gives, which may be older than them.
  private(set) var changes: [Int: Bool] = [:]

  /// Mission names by launch id, as answers showed them or the source read them, for the
  /// descriptions beside ids in Tab lists.
  private(set) var missions: [Int: String] = [:]

  /// Every id shown or read, in numeric order.
  var launchIDs: [Int] { seen.union(sourceIDs ?? []).sorted() }

  /// Remembers launches' mission names (an answer's newer word replaces an older one).
  mutating func noteMissions(_ names: some Sequence<(Int, String)>) {
    for (id, name) in names { missions[id] = name }
  }

  /// Remembers ids an answer showed.
  mutating func noteSeen(_ ids: some Sequence<Int>) { seen.formUnion(ids) }

  /// Keeps the ids the source gave.
  mutating func noteSourceIDs(_ ids: some Sequence<Int>) { sourceIDs = Set(ids) }

  /// Remembers whether launch `id` is booked by `user`, as an answer said.
  mutating func noteBooking(_ id: Int, isBooked: Bool, user: String?) {
    seen.insert(id)
    switchUser(to: user)
    if trips == nil {
      changes[id] = isBooked
    } else if isBooked {
      trips?.insert(id)
    } else {
      trips?.remove(id)
    }
  }

  /// Remembers `user`'s whole list of trips.
  ///
  /// - Parameters:
  ///   - ids: the booked launches.
  ///   - user: whose they are.
  ///   - isFresh: true for a list the session was just answered (it includes every change so
  ///     far); false for one read from the source, over which the session's changes apply.
  mutating func noteTrips(_ ids: some Sequence<Int>, user: String?, isFresh: Bool) {
    seen.formUnion(ids)
    switchUser(to: user)
    var list = Set(ids)
    if !isFresh {
      for (id, isBooked) in changes {
        if isBooked { list.insert(id) } else { list.remove(id) }
      }
    }
    trips = list
    changes = [:]
  }

  /// `user`'s booked trips in numeric order, and whether that is the whole list (false: only
  /// those answers showed booked, the list itself has not been seen or read).
  func bookedIDs(user: String?) -> (ids: [Int], isWhole: Bool) {
    guard user == tripsUser else { return ([], false) }
    if let trips { return (trips.sorted(), true) }
    return (changes.filter(\.value).keys.sorted(), false)
  }

  private mutating func switchUser(to user: String?) {
    guard user != tripsUser else { return }
    tripsUser = user
    trips = nil
    changes = [:]
  }
}
