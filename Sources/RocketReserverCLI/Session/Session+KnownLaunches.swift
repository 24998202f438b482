import RocketClient

/// The launch ids and trips Tab offers: what the session's answers showed, and in a fresh shell
/// what the cache or the embedded backend knows (`KnownLaunchSource`, read at the first Tab that
/// needs it, never over the network).
extension Session {
  /// Remembers ids shown to the user, for Tab completion.
  func noteLaunchIDs(_ ids: some Sequence<String>) {
    let numbers = ids.compactMap { Int($0) }
    known.withLock { $0.noteSeen(numbers) }
  }

  /// Remembers the booked state of launches an answer gave the logged-in user (`book`,
  /// `cancel`, `launch`, a list page).
  func noteBookings(_ launches: some Sequence<(id: String, isBooked: Bool)>) {
    let user = loggedInEmail
    let states = launches.compactMap { launch in Int(launch.id).map { ($0, launch.isBooked) } }
    known.withLock { known in
      for (id, isBooked) in states { known.noteBooking(id, isBooked: isBooked, user: user) }
    }
  }

  /// Remembers the logged-in user's whole list of trips, as an answer just gave it.
  func noteTrips(_ ids: some Sequence<String>) {
    let user = loggedInEmail
    let numbers = ids.compactMap { Int($0) }
    known.withLock { $0.noteTrips(numbers, user: user, isFresh: true) }
  }

  /// The launch ids for Tab, in numeric order: those shown so far and those the source knows.
  var launchIDsForCompletion: [String] {
    if known.withLock({ $0.sourceIDs == nil }) {
      let ids = knownSource.launchIDs(user: loggedInEmail)
      known.withLock { $0.noteSourceIDs(ids) }
    }
    return known.withLock { $0.launchIDs }.map(String.init)
  }

  /// The logged-in user's booked trips for Tab, in numeric order. Until an answer gave the whole
  /// list, the source is read for it (and the session's own bookings and cancellations applied
  /// over it); when it cannot tell, the trips answers showed booked.
  var bookedLaunchIDs: [String] {
    let credential = try? client.currentCredential()
    let user = credential?.email
    let booked = known.withLock { $0.bookedIDs(user: user) }
    guard !booked.isWhole, user != nil, let trips = knownSource.tripIDs(credential: credential) else {
      return booked.ids.map(String.init)
    }
    return known.withLock { known in
      known.noteTrips(trips, user: user, isFresh: false)
      return known.bookedIDs(user: user).ids
    }.map(String.init)
  }
}
