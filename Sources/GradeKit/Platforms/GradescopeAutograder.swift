import Foundation
import GradeCatalog
import GradeProcesses

/// The folder `grade export gradescope` writes, which zipped is a Gradescope autograder.
///
/// Gradescope unzips it into `/autograder/source` and runs `setup.sh` once, to build
/// the image; then, per submission, in a fresh container, it copies `run_autograder`
/// to `/autograder/` and runs it with the submission in `/autograder/submission`.
/// `setup.sh` installs the Swift toolchain this workbook is graded with, builds the
/// grader, and grades the starter once so every lesson and variant is built into the
/// image; `run_autograder` calls `grade autograde`, which grades the submission
/// as `grade class` grades a learner and writes `/autograder/results/results.json`.
public enum GradescopeAutograder {
  /// The toolchain Gradescope's image installs: the one the workbook is written for.
  static let swiftVersion = "6.3.1"

  /// The instructor's points file, as the export copies it into the workbook.
  static let pointsFile = ".grade-points.json"

  /// Where, beside the workbook copy, grading keeps its workspaces and builds.
  static func stateFolder(for workbook: Workbook) -> StateFolder {
    StateFolder(root: workbook.root.deletingLastPathComponent().appending(path: "grade-state"))
  }

  /// Writes the autograder into `destination`, which must be new or empty: the workbook's tracked
  /// files (solutions too: Gradescope never shows the autograder to students) and the two scripts.
  public static func write(_ workbook: Workbook, lessons: [Lesson], to destination: URL, spawner: Spawner) throws(GradeError) -> Int {
    let manager = FileManager.default
    if let existing = try? manager.contentsOfDirectory(atPath: destination.path), !existing.isEmpty {
      throw .usage("\(destination.path) is not empty; choose a new folder so nothing in it is overwritten")
    }
    let copied = try TrackedFiles.copy(from: workbook.root, to: destination.appending(path: "workbook"), spawner: spawner)
    let names = lessons.count == workbook.catalog.lessons.count ? "" : " " + lessons.map { String($0.number) }.joined(separator: " ")
    do {
      for (name, text) in [("setup.sh", setup), ("run_autograder", runAutograder(lessons: names)), ("README.md", readme)] {
        let file = destination.appending(path: name)
        try Data(text.utf8).write(to: file)
        if name != "README.md" { try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path) }
      }
    } catch {
      throw .infrastructure("cannot write the autograder into \(destination.path): \(error.localizedDescription)")
    }
    return copied
  }

  /// Where Gradescope reads the results under `root`.
  public static func resultsFile(in root: URL) -> URL { root.appending(path: "results/results.json") }

  /// Grades the submission under `root` into `root/results/results.json`, which says why when there
  /// is no submission folder; returns whether there was one.
  public static func grade(root: URL, lessons: [Lesson], grader: Grader, points: Points) throws(GradeError) -> Bool {
    let results = resultsFile(in: root)
    let submission = root.appending(path: "submission")
    let started = ContinuousClock.now
    let text: String
    let handedIn = ClassGrader.isRealFolder(submission)
    if handedIn {
      // The student's files, wherever the upload put them, copied into lesson folders of their own.
      let staged = FileManager.default.temporaryDirectory.appending(path: "gradescope-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: staged) }
      var (source, located) = (submission, GradescopeSubmission(submission, lessons: lessons))
      var notes: [String] = []
      // A zip Gradescope left as it is (uploaded beside other files, or in a submitted repository) is
      // unpacked when nothing else was handed in, and only then.
      let zips = SubmissionZip.find(in: submission)
      if located.placed.allSatisfy({ $0.found == nil }), !zips.isEmpty {
        if zips.count > 1 {
          notes.append("The upload holds \(zips.count) zip files (\(zips.map { "`\($0.name)`" }.joined(separator: ", "))) and none of the lessons' files beside them: upload one zip of your workbook folder, or the files themselves.")
        } else {
          let unpacked = staged.appending(path: "unpacked")
          let wanted = Set(lessons.flatMap(\.ownedFiles).map { String($0.split(separator: "/").last ?? "") })
          switch zips[0].unpack(into: unpacked, wanted: wanted, spawner: Spawner()) {
          case .success(let files):
            (source, located) = (unpacked, GradescopeSubmission(unpacked, lessons: lessons))
            notes.append("Unpacked `\(zips[0].name)`: \(files.count) of its files are ones a lesson's tasks name.")
          case .failure(let refused):
            notes.append("`\(zips[0].name)` was not unpacked: it \(refused.reason). Upload your workbook folder zipped on its own, or the files themselves.")
          }
        }
      }
      do {
        try FileManager.default.createDirectory(at: staged.appending(path: "lessons"), withIntermediateDirectories: true)
        try located.stage(from: source, into: staged.appending(path: "lessons"), lessons: lessons)
      } catch {
        throw .infrastructure("cannot copy the submission's files into \(staged.path): \(error.localizedDescription)")
      }
      let entries = ClassGrader(grader: grader, progress: { _ in }).grade(staged.appending(path: "lessons"), learner: "submission", lessons: lessons)
      let graded = entries.compactMap { entry in lessons.first { $0.number == entry.lesson }.map { ($0, entry.result) } }
      text = GradescopeResults.encode(
        graded, points: points, seconds: seconds(since: started), found: located.report(lessons), notes: notes)
    } else {
      text = GradescopeResults.failure("there is no submission folder at \(submission.path)")
    }
    do {
      try FileManager.default.createDirectory(at: results.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: results, options: .atomic)
    } catch {
      throw .infrastructure("cannot write \(results.path): \(error.localizedDescription)")
    }
    return handedIn
  }

  /// `run_autograder`: the root and the grader can be set from outside, so a test can run it on a folder laid out as Gradescope lays it out.
  static func runAutograder(lessons: String) -> String {
    """
    #!/usr/bin/env bash
    # Written by swift run grade export gradescope. Gradescope runs it once per submission.
    # AUTOGRADER_ROOT (default /autograder) holds submission/, results/ and source/workbook/;
    # arguments go to grade autograde, such as --timeout 120.
    set -uo pipefail
    root="${AUTOGRADER_ROOT:-/autograder}"
    workbook="$root/source/workbook"
    grade="${GRADE:-$workbook/.build/release/grade}"
    cd "$workbook" || exit 2
    exec "$grade" autograde "$root"\(lessons) --color never "$@"

    """
  }

  /// `setup.sh`: the toolchain, checked against swift.org's signing keys, then the grader and every lesson built once.
  static let setup = """
    #!/usr/bin/env bash
    # Written by swift run grade export gradescope. Gradescope runs it once, as root, to build the image.
    set -euo pipefail
    here="$(cd "$(dirname "$0")" && pwd)"
    version=\(swiftVersion)

    # Swift's Linux dependencies, as swift.org lists them for each Ubuntu release.
    . /etc/os-release
    case "$VERSION_ID" in
      22.04) gcc=11; extra="libncurses5" ;;
      24.04) gcc=13; extra="libncurses-dev" ;;
      *) echo "setup.sh knows Ubuntu 22.04 and 24.04; this image is $VERSION_ID. Choose one of those in Gradescope's autograder settings." >&2; exit 1 ;;
    esac
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends binutils ca-certificates curl git gnupg2 libc6-dev libcurl4-openssl-dev \\
      libedit2 "libgcc-$gcc-dev" libpython3-dev libsqlite3-0 "libstdc++-$gcc-dev" libxml2-dev libz3-dev pkg-config \\
      tzdata unzip zlib1g-dev $extra

    platform="ubuntu$VERSION_ID"
    name="swift-$version-RELEASE-$platform"
    url="https://download.swift.org/swift-$version-release/${platform//./}/swift-$version-RELEASE/$name.tar.gz"
    curl -fsSL "$url" -o /tmp/swift.tar.gz
    curl -fsSL "$url.sig" -o /tmp/swift.tar.gz.sig
    curl -fsSL https://swift.org/keys/all-keys.asc | gpg --batch --import -
    gpg --batch --verify /tmp/swift.tar.gz.sig /tmp/swift.tar.gz
    mkdir -p /opt/swift
    tar -xzf /tmp/swift.tar.gz -C /opt/swift --strip-components=1
    rm /tmp/swift.tar.gz /tmp/swift.tar.gz.sig
    # Run as root, grading runs students' tests as the user nobody, which must read the toolchain's
    # libraries (the Swift runtime, Foundation, Testing); tar keeps the archive's modes, some not readable by others.
    chmod -R o+rX /opt/swift/usr/lib
    ln -sf /opt/swift/usr/bin/* /usr/local/bin/

    # The grader, then the starter graded once as a submission: every lesson and every
    # correct and buggy version is built into the image, so each student's grading reuses them.
    cd "$here/workbook"
    swift build -c release --product grade
    warm="$(mktemp -d)"
    mkdir -p "$warm/submission" "$warm/results" "$warm/source"
    cp -R Lessons "$warm/submission/"
    ln -s "$here/workbook" "$warm/source/workbook"
    AUTOGRADER_ROOT="$warm" "$here/run_autograder" > /dev/null
    rm -rf "$warm"

    """

  /// What the folder says to the instructor who opens it.
  static let readme = """
    # A Gradescope autograder

    Written by `swift run grade export gradescope`. To use it:

    1. Zip this folder's contents (not the folder): `cd` here, then `zip -r ../autograder.zip .`
    2. In Gradescope, create a Programming Assignment, choose Ubuntu 22.04 or 24.04 as
       the base image, and upload `autograder.zip`. Building the image takes a while:
       `setup.sh` installs Swift \(swiftVersion) and builds every lesson once.
    3. In the assignment's Autograder Settings, raise Gradescope's defaults (768 MB of
       memory, a 10-minute timeout, half a virtual CPU): grading compiles each student's files
       with `swiftc` in the container, which 768 MB leaves little room for, and at half a
       CPU a lesson takes minutes.
       Choose at least 4 GB of memory and 2 CPUs, and a timeout of 10 minutes per lesson
       graded (40 at most, Gradescope's limit: grade one lesson per assignment if you
       need more).
    4. Students upload their workbook folder zipped (Gradescope unpacks a zip uploaded on
       its own), their `Lessons/NN-…` folders, or just the files a lesson's tasks name,
       dragged in; or submit from GitHub. A zip Gradescope leaves as it is (uploaded beside
       other files, or in the repository) is unpacked when none of the lessons' files lie
       outside it, taking only those files; a zip with links or paths that climb out is
       refused. Each task is a test with its points; the feedback is what `swift run
       grade` shows them, and when a file is missing results.json says what was found
       where.

    `workbook/` holds the solutions: Gradescope never shows an autograder to students.
    Only the files a student owns are graded; canonical tests and sources come from here.

    """
}
