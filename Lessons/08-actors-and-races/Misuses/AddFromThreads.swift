import ActorsAndRaces

// Threads that add points straight from synchronous code. With a scoreboard
// the compiler checks, nothing outside it may touch its points without
// waiting its turn, so the compiler rejects the call.

func addFromThreads(to board: Scoreboard) {
  onThreads(2, times: 1_000) {
    board.add(1, to: "Ana") // misuse
  }
}
