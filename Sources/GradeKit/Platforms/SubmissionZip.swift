import Foundation
import GradeBuild
import GradeProcesses

/// A zip left inside a Gradescope submission (uploaded beside other files, or committed to the
/// repository a student submitted), unpacked as hostile input.
///
/// Only what a lesson's tasks could need comes out: regular files whose names a lesson's task
/// names, no larger than a source file may be (`OwnedFile.sizeLimit`), under paths made of the
/// characters `allowedInPath` lists and of no `.` or `..` part. Each file is read with
/// `unzip -p`, which writes its bytes to the grader, never to the disk, so no link, device or
/// path the zip holds is ever made; the grader writes each file itself, under the folder it
/// unpacks into. A zip too large, with too many entries or too many of the lessons' files, or
/// whose listing does not add up, is refused with the reason.
struct SubmissionZip {
  /// The largest zip unpacked, in bytes.
  static let maximumZipBytes = 64 << 20
  /// The most entries a zip unpacked may list.
  static let maximumEntries = 20_000
  /// The most files taken from a zip, and the most bytes in all: a lesson's files, many times over.
  static let maximumFilesTaken = 200
  static let maximumBytesTaken = 16 << 20
  /// The characters a path in the zip may hold, besides letters and digits.
  static let allowedInPath: Set<Character> = ["/", ".", "_", "-", " ", "+", "(", ")"]

  /// One entry of the zip's listing.
  struct Entry: Equatable {
    /// Its path in the zip.
    var path: String
    /// Whether it is a regular file (not a folder, link or device).
    var isFile: Bool
    /// Its size, as the zip declares it.
    var bytes: Int
  }

  /// The zip, relative to the submission folder, as messages name it.
  var name: String
  /// The zip itself.
  var url: URL

  /// The zips at the top of `submission` or one folder down: regular files only, never links.
  static func find(in submission: URL) -> [SubmissionZip] {
    let manager = FileManager.default
    func isRegular(_ url: URL) -> Bool {
      var info = stat()
      return lstat(url.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
    let top = ((try? manager.contentsOfDirectory(atPath: submission.path)) ?? []).filter { !$0.hasPrefix(".") && $0 != "__MACOSX" }.sorted()
    var found: [String] = top.filter { $0.lowercased().hasSuffix(".zip") && isRegular(submission.appending(path: $0)) }
    for folder in top where ClassGrader.isRealFolder(submission.appending(path: folder)) {
      let inside = ((try? manager.contentsOfDirectory(atPath: submission.appending(path: folder).path)) ?? []).sorted()
      found += inside.filter { $0.lowercased().hasSuffix(".zip") && isRegular(submission.appending(path: "\(folder)/\($0)")) }.map { "\(folder)/\($0)" }
    }
    return found.map { SubmissionZip(name: $0, url: submission.appending(path: $0)) }
  }

  /// The zip's entries, or why it is refused.
  func entries(spawner: Spawner) -> Result<[Entry], Refused> {
    var info = stat()
    guard lstat(url.path, &info) == 0, Int(info.st_size) <= Self.maximumZipBytes else {
      return .failure(Refused("is larger than \(Self.maximumZipBytes >> 20) MiB"))
    }
    let deadline = ContinuousClock.now + .seconds(60)
    guard let names = try? spawner.run(["unzip", "-Z1", url.path], until: deadline, streams: .separate),
      let long = try? spawner.run(["unzip", "-Z", "-l", url.path], until: deadline, streams: .separate),
      names.succeeded, long.succeeded, !names.outputWasTruncated, !long.outputWasTruncated
    else { return .failure(Refused("is not a zip file unzip can read, or lists more than it may")) }
    let paths = names.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    // The long listing: two header lines, a line per entry in the same order, then a total.
    let lines = long.output.split(separator: "\n").map(String.init)
    guard paths.count <= Self.maximumEntries, lines.count == paths.count + 3 else {
      return .failure(Refused("lists \(paths.count) entries in a way that does not add up, or more than \(Self.maximumEntries)"))
    }
    var entries: [Entry] = []
    for (path, line) in zip(paths, lines.dropFirst(2)) {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard line.hasSuffix(" " + path), fields.count >= 4, let bytes = Int(fields[3]), let kind = fields[0].first else {
        return .failure(Refused("lists an entry in a way that does not add up"))
      }
      entries.append(Entry(path: path, isFile: kind == "-", bytes: bytes))
    }
    return .success(entries)
  }

  /// Writes into `destination` every regular file of the zip whose name is one of `wanted`, at its
  /// path in the zip; returns the paths written, or why the zip is refused.
  func unpack(into destination: URL, wanted: Set<String>, spawner: Spawner) -> Result<[String], Refused> {
    let listed: [Entry]
    switch entries(spawner: spawner) {
    case .success(let entries): listed = entries
    case .failure(let refused): return .failure(refused)
    }
    var written: [String] = []
    var bytes = 0
    for entry in listed where entry.isFile && wanted.contains(String(entry.path.split(separator: "/").last ?? "")) {
      guard Self.isSafe(entry.path) else { return .failure(Refused("holds a file at \(String(reflecting: entry.path)), a path that is not taken")) }
      guard entry.bytes <= OwnedFile.sizeLimit else { continue }
      bytes += entry.bytes
      guard written.count < Self.maximumFilesTaken, bytes <= Self.maximumBytesTaken else {
        return .failure(Refused("holds more of the lessons' files than a workbook has (over \(Self.maximumFilesTaken) files or \(Self.maximumBytesTaken >> 20) MiB)"))
      }
      // The bytes come to the grader; unzip writes nothing. One byte over the limit shows a size the zip lied about.
      let reader = Spawner(outputLimit: OwnedFile.sizeLimit + 1)
      guard let read = try? reader.run(["unzip", "-p", url.path, entry.path], until: .now + .seconds(60), streams: .separate),
        read.succeeded, read.outputBytes.count == entry.bytes
      else { return .failure(Refused("holds \(entry.path), which does not unpack to the size the zip declares")) }
      let target = destination.appending(path: entry.path)
      do {
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try read.outputBytes.write(to: target, options: .withoutOverwriting)
      } catch {
        return .failure(Refused("holds \(entry.path), which cannot be written: \(error.localizedDescription)"))
      }
      written.append(entry.path)
    }
    return .success(written)
  }

  /// Whether `path` is a relative path of allowed characters, none of its parts empty, `.`,
  /// `..` or starting with `-` (which unzip would read as an option).
  static func isSafe(_ path: String) -> Bool {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    return !path.isEmpty && path.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || allowedInPath.contains($0) }
      && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." && !$0.hasPrefix("-") }
  }

  /// Why a zip is not unpacked.
  struct Refused: Error, Equatable {
    /// What is wrong with it, to follow the zip's name.
    var reason: String

    init(_ reason: String) { self.reason = reason }
  }
}
