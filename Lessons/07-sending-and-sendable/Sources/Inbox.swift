// You share one inbox between every task that delivers mail. Swift 5 mode
// builds this file; Swift 6 mode refuses `deliverAll(_:to:)`, because every
// child task captures the same inbox, a class that anyone can mutate. It
// accepts `post(_:to:)`, which hands on a letter its caller may still hold:
// task 1 asks you to make the signature say the letter changes hands.
// Change the design, not the diagnostic: no `@unchecked Sendable`, no
// `nonisolated(unsafe)`.

/// An inbox that keeps the letters delivered to it, in the order they arrive.
// TODO: Make the inbox safe to share between tasks.
public final class Inbox {
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
        inbox.deliver(Letter(body: body))
      }
    }
  }
}

/// Posts a letter you wrote to `inbox`: once posted, it is the inbox's.
// TODO: Take the letter with `sending`, so the caller gives it up.
public func post(_ letter: Letter, to inbox: Inbox) async {
  inbox.deliver(letter)
}
