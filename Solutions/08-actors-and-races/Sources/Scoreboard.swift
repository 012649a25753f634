// You are making a scoreboard the compiler can check. As written, the class
// promises it is safe to share (`@unchecked Sendable`) while every round adds
// to its dictionary from several tasks at once: the promise hides a data
// race. Task 4 in the README says what done looks like.

/// Keeps each player's points.
// An actor is Sendable with no promise: the compiler lets only the actor's
// own code touch `points`, one call at a time, and makes every caller outside
// it `await` its turn.
public actor Scoreboard {
  private var points: [String: Int] = [:]

  /// Makes a scoreboard with no points.
  public init() {}

  /// Adds `amount` to `player`'s points.
  public func add(_ amount: Int, to player: String) {
    points[player, default: 0] += amount
  }

  /// The points of `player`.
  public func points(of player: String) -> Int {
    points[player] ?? 0
  }
}

/// Adds every player's points for one round, each player from a task of its own.
public func recordRound(_ round: [String: Int], on board: Scoreboard) async {
  await withTaskGroup(of: Void.self) { group in
    for (player, amount) in round {
      group.addTask {
        // From outside the actor, a call waits its turn.
        await board.add(amount, to: player)
      }
    }
  }
}
