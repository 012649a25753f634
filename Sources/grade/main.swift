import Foundation
import GradeKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// A thin front end: everything else lives in GradeKit, where it is tested.
let app = App(
  currentFolder: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
  environment: ProcessInfo.processInfo.environment,
  outputIsTerminal: isatty(STDOUT_FILENO) != 0,
  // Unbuffered, so feedback shown while later lessons are graded reaches a pipe at once too.
  write: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
  writeError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
  // Interactive prompts (grade present) read a terminal only, so a pipe or CI never waits.
  readLine: { isatty(STDIN_FILENO) != 0 ? Swift.readLine() : nil },
  // grade present pages each step to the screen it is shown on.
  terminalSize: {
    var size = winsize()
    guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  })
exit(app.run(Array(CommandLine.arguments.dropFirst())))
