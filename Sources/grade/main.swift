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
  write: { print($0) },
  writeError: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
exit(app.run(Array(CommandLine.arguments.dropFirst())))
