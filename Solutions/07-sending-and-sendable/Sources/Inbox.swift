// You share one inbox between every task that delivers mail. Swift 5 mode
// builds this file; Swift 6 mode refuses `deliverAll(_:to:)`, because every
// child task captures the same inbox, a class that anyone can mutate.
// Change the design, not the diagnostic: no `@unchecked Sendable`, no
// `nonisolated(unsafe)`.

/// An inbox that keeps the letters delivered to it, in the order they arrive.
// An actor is Sendable: the compiler guards `letters` by running one call at
// a time, so every child task may capture the same inbox.
public actor Inbox {
  /// The letters delivered so far, oldest first.
  private var letters: [Letter] = []

  /// Makes an empty inbox.
  public init() {}

  /// Keeps `letter`, after the letters already delivered.
  // `sending` says the caller gives the letter up: the compiler rejects any
  // use of it after the call, so nobody edits a letter the inbox now holds.
  public func deliver(_ letter: sending Letter) {
    letters.append(letter)
  }

  /// How many letters have arrived.
  public var count: Int {
    letters.count
  }

  /// The bodies of the letters, oldest first.
  public func bodies() -> [String] {
    letters.map(\.body)
  }
}

/// Delivers one letter per body in `bodies` to `inbox`, each from its own child task.
public func deliverAll(_ bodies: [String], to inbox: Inbox) async {
  await withTaskGroup(of: Void.self) { group in
    for body in bodies {
      group.addTask {
        // Each child makes its own letter, in a region nothing else can
        // reach, so sending it into the actor is safe.
        await inbox.deliver(Letter(body: body))
      }
    }
  }
}
