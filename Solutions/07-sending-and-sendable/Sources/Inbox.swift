// You share one inbox between every task that delivers mail. Swift 5 mode
// builds this file; Swift 6 mode refuses `deliverAll(_:to:)`, because every
// child task captures the same inbox, a class that anyone can mutate. It
// accepts `post(_:to:)`, which hands on a letter its caller may still hold:
// task 1 asks you to make the signature say the letter changes hands.
// Change the design, not the diagnostic: no `@unchecked Sendable`, no
// `nonisolated(unsafe)`.

/// An inbox that keeps the letters delivered to it, in the order they arrive.
// An actor is Sendable: the compiler guards `letters` by running one call at
// a time, so every child task may capture the same inbox. A call into it
// from outside also sends its non-Sendable arguments, so `deliver(_:)`
// needs no `sending`: the caller gives the letter up either way.
public actor Inbox {
  /// The letters delivered so far, oldest first.
  private var letters: [Letter] = []

  /// Makes an empty inbox.
  public init() {}

  /// Keeps `letter`, after the letters already delivered.
  public func deliver(_ letter: Letter) {
    letters.append(letter)
  }

  /// How many letters have arrived.
  public var count: Int {
    letters.count
  }

  /// The bodies of the letters, oldest first.
  public func bodies() -> [String] {
    letters.map { $0.body }
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

/// Posts a letter you wrote to `inbox`: once posted, it is the inbox's.
// `sending` says the caller gives the letter up. This function belongs to no
// actor, so without it the letter would still be the caller's, and handing
// it to the inbox would be refused; with it, the compiler rejects any use of
// the letter after the call, so nobody edits a letter the inbox now holds.
public func post(_ letter: sending Letter, to inbox: Inbox) async {
  await inbox.deliver(letter)
}
