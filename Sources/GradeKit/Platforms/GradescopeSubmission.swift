import Foundation
import GradeCatalog

/// Where a student's files are in a Gradescope submission, however they uploaded them.
///
/// Gradescope puts what a student uploads in `/autograder/submission/` as it came:
/// files dragged in lie there flat (`ScoreValidator.swift`), an uploaded zip is unzipped
/// in place (a zip of the workbook folder gives `workbook/Lessons/01-…/…`), and a GitHub
/// submission is the repository. So each file a lesson's tasks name is looked for, in order:
/// under `Lessons/<lesson folder>/` or `<lesson folder>/` at the top or one folder down,
/// then by its name alone, at the top or one folder down (a name two graded lessons share
/// is taken that way only for a lesson whose other files were uploaded flat beside it).
/// What is found is copied into a lesson folder of its own, which is graded as `grade class`
/// grades a student's; what is missing is said, with where it was looked for.
struct GradescopeSubmission {
  /// One file a lesson's tasks name, and where it was found.
  struct Placed: Equatable {
    /// The lesson.
    var lesson: Int
    /// The file, relative to the lesson's folder.
    var file: String
    /// Where it was found, relative to the submission folder, or `nil`.
    var found: String?
    /// Why a file that is there cannot be taken, such as a symbolic link.
    var refused: String?
  }

  /// Every file of every lesson, found or not.
  var placed: [Placed]

  /// Looks for the files `lessons` name in `submission`.
  init(_ submission: URL, lessons: [Lesson]) {
    let manager = FileManager.default
    // The top, and every folder one down but macOS's zip clutter.
    let subfolders = ((try? manager.contentsOfDirectory(atPath: submission.path)) ?? []).sorted()
      .filter { !$0.hasPrefix(".") && $0 != "__MACOSX" && Self.kind(submission.appending(path: $0)) == S_IFDIR }
    let tops = [""] + subfolders.map { $0 + "/" }
    // How many graded lessons name each file name, for uploads of files alone.
    var owners: [String: Int] = [:]
    for lesson in lessons { for name in Set(lesson.ownedFiles.map(Self.name)) { owners[name, default: 0] += 1 } }

    var placed: [Placed] = []
    for lesson in lessons {
      var flat: [(file: String, at: String?, refusedAt: String?)] = []
      for file in lesson.ownedFiles {
        let inFolders = tops.flatMap { top in ["\(top)Lessons/\(lesson.folder)/\(file)", "\(top)\(lesson.folder)/\(file)"] }
        if let at = inFolders.first(where: { Self.kind($0, in: submission) == S_IFREG }) {
          placed.append(Self.place(lesson, file, at: at, in: submission))
        } else {
          // Something there that cannot be taken (a link) is reported only when no usable copy is found elsewhere.
          flat.append((
            file, tops.map { $0 + Self.name(file) }.first { Self.kind($0, in: submission) != nil },
            inFolders.first { Self.kind($0, in: submission) != nil }))
        }
      }
      // A file name another graded lesson shares counts only beside a file of this lesson's own name, in the same folder.
      let ownFolders = Set(flat.compactMap { entry in entry.at.flatMap { owners[Self.name(entry.file)] == 1 ? Self.folder(of: $0) : nil } })
      for (file, at, refusedAt) in flat {
        let usable = at.flatMap { owners[Self.name(file)] == 1 || ownFolders.contains(Self.folder(of: $0)) ? $0 : nil }
        let chosen = usable.flatMap { Self.kind($0, in: submission) == S_IFREG ? $0 : nil } ?? refusedAt ?? usable
        placed.append(chosen.map { Self.place(lesson, file, at: $0, in: submission) } ?? Placed(lesson: lesson.number, file: file))
      }
    }
    self.placed = placed
  }

  /// Copies every file found into `destination/<lesson folder>/`, only for lessons with a file found,
  /// so a lesson with none is graded as not handed in.
  func stage(from submission: URL, into destination: URL, lessons: [Lesson]) throws {
    let manager = FileManager.default
    for entry in placed {
      guard let found = entry.found, entry.refused == nil, let lesson = lessons.first(where: { $0.number == entry.lesson }) else { continue }
      let target = destination.appending(path: "\(lesson.folder)/\(entry.file)")
      try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: submission.appending(path: found), to: target)
    }
    for lesson in lessons where placed.contains(where: { $0.lesson == lesson.number && $0.found != nil }) {
      try manager.createDirectory(at: destination.appending(path: lesson.folder), withIntermediateDirectories: true)
    }
  }

  /// What was found where, for each lesson missing a file (nothing when every file was found), by lesson number.
  func report(_ lessons: [Lesson]) -> [Int: String] {
    Dictionary(uniqueKeysWithValues: lessons.compactMap { lesson -> (Int, String)? in
      let entries = placed.filter { $0.lesson == lesson.number }
      let missing = entries.filter { $0.found == nil || $0.refused != nil }
      guard !missing.isEmpty else { return nil }
      let found = entries.filter { $0.found != nil && $0.refused == nil }
      var text = "Lesson \(lesson.number): "
      text += found.isEmpty ? "none of its files was found" : "found " + found.map { "`\($0.file)` at `\($0.found!)`" }.joined(separator: ", ")
      text += "; not graded: " + missing.map { entry in
        entry.refused.map { "`\(entry.file)` (at `\(entry.found!)`, which \($0))" } ?? "`\(entry.file)`"
      }.joined(separator: ", ")
      text += ". Files are looked for in `Lessons/\(lesson.folder)/` or `\(lesson.folder)/`, at the top of the upload or one folder down, "
        + "or alone by their names (drag the files themselves in, or upload the workbook folder zipped)."
      return (lesson.number, text)
    })
  }

  /// A found file, refused when it is not a regular file.
  private static func place(_ lesson: Lesson, _ file: String, at path: String, in submission: URL) -> Placed {
    let type = kind(path, in: submission)
    let refused = type == S_IFLNK ? "is a symbolic link" : type == S_IFREG ? nil : "is not a regular file"
    return Placed(lesson: lesson.number, file: file, found: path, refused: refused)
  }

  /// The file type of `url` itself (a link is a link), or `nil` when there is nothing there.
  private static func kind(_ url: URL) -> mode_t? {
    var info = stat()
    return lstat(url.path, &info) == 0 ? info.st_mode & S_IFMT : nil
  }

  /// The file type of `relative` under `submission`, every step checked: a folder on the way that
  /// is a link makes the whole path a link (it could lead to the autograder's own solutions).
  private static func kind(_ relative: String, in submission: URL) -> mode_t? {
    var current = submission
    let parts = relative.split(separator: "/")
    for (index, part) in parts.enumerated() {
      current = current.appending(path: String(part))
      guard let type = kind(current) else { return nil }
      if index < parts.count - 1 && type != S_IFDIR { return type == S_IFLNK ? S_IFLNK : nil }
      if index == parts.count - 1 { return type }
    }
    return nil
  }

  private static func name(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

  private static func folder(of path: String) -> String { path.split(separator: "/").dropLast().joined(separator: "/") }
}
