import Foundation

extension DriverPlan {
  /// The jobs the Swift driver runs for a whole-module compile (`-wmo`), recorded once
  /// (`swiftc -###`) for every compile of the same command, so that each compile after it
  /// runs them without the driver: the driver took 0.09 s of the 0.45 s that lesson 5's tests
  /// took to compile (0.36 s without it), most of it its own start.
  ///
  /// The driver is asked with the compile's folders (`Folder`) in place, and a temporary
  /// folder of the plan's own for its scratch files; the plan keeps each folder's placeholder
  /// instead, so that it stands for a compile in any folders. A folder named by characters
  /// other than the plain ones a path needs, a job that names the scratch folder outside the
  /// driver's own folder in it, or words the plan cannot read back exactly, and there is no
  /// plan: the driver runs, as it always can.
  struct WholeModule: Codable, Equatable {
    /// Each job's words, its program first, the folders as placeholders.
    var jobs: [[String]]
    /// The files the driver writes into its temporary folder before any job runs (the
    /// frontend's map of supplementary outputs), by name, the folders as placeholders.
    var files: [String: String]

    /// A folder a compile names, and the placeholder that stands for it in a plan.
    struct Folder: Equatable {
      /// What stands for the folder in the plan.
      var placeholder: String
      /// The folder's path in this compile.
      var path: String
    }

    /// What stands for the folder the driver keeps its temporary files in: the jobs'
    /// intermediate objects and lists, and the frontend's map of supplementary outputs.
    static let scratch = "@GRADE-DRIVER-SCRATCH@"

    /// The characters a folder of a plan may be named by: a path of these needs no quoting in
    /// the driver's words or escaping in its JSON, so a placeholder's replacement is exact.
    static func isPlain(_ path: String) -> Bool {
      !path.isEmpty && path.unicodeScalars.allSatisfy { scalar in
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || "/._-".unicodeScalars.contains(scalar)
      }
    }

    /// The plan in the driver's printed `jobs`, asked with `folders` in place and its scratch
    /// folder made in `scratchParent`, whose files `files` holds; `nil` when it cannot be read
    /// back exactly, or names the folder `workingFolder` the driver ran in: the plan stands for
    /// the same command run in any folder.
    init?(
      jobs printed: String, folders: [Folder], scratchParent: String, workingFolder: String,
      files scratchFiles: (String) -> [String: String]?
    ) {
      guard folders.allSatisfy({ Self.isPlain($0.path) }), Self.isPlain(scratchParent) else { return nil }
      let lines = printed.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
      let read = lines.map(Self.words)
      guard !read.isEmpty, !read.contains(where: { $0 == nil }) else { return nil }
      let words = read.compactMap { $0 }
      // The driver's own folder in the scratch parent: one, named alike in every job.
      let prefix = scratchParent + "/"
      let named = Set(words.joined().compactMap { word -> String? in
        guard let range = word.range(of: prefix) else { return nil }
        return prefix + word[range.upperBound...].prefix { $0 != "/" }
      })
      guard named.count <= 1 else { return nil }
      let scratch = named.first.map { [Folder(placeholder: Self.scratch, path: $0)] } ?? []
      // The longest path first, so that a folder inside another keeps its own placeholder.
      let all = (folders + scratch).sorted { $0.path.count > $1.path.count }
      func template(_ text: String) -> String {
        all.reduce(text) { Self.replacing(path: $1.path, in: $0, with: $1.placeholder) }
      }
      jobs = words.map { $0.map(template) }
      guard !jobs.joined().contains(where: { $0.contains(scratchParent) || Self.names(workingFolder, in: $0) }) else { return nil }
      var files: [String: String] = [:]
      if let folder = named.first {
        guard let found = scratchFiles(folder) else { return nil }
        // The driver escapes a slash in JSON; the frontend reads a plain one as well.
        files = found.mapValues { template($0.replacingOccurrences(of: "\\/", with: "/")) }
        guard !files.values.contains(where: { Self.names(workingFolder, in: $0) }) else { return nil }
      }
      self.files = files
      // Every scratch file a job names is one the driver wrote before the jobs ran, or one a job
      // writes (`-o`) for itself or a later job: a file the driver would write only when it runs
      // the jobs (a response file for a long command) is not in the plan, so there is no plan.
      var written = Set(files.keys.map { "\(Self.scratch)/\($0)" })
      for job in jobs {
        written.formUnion(zip(job, job.dropFirst()).filter { $0.0 == "-o" }.map(\.1))
        let named = job.filter { $0.contains(Self.scratch) }.map { $0.hasPrefix("@" + Self.scratch) ? String($0.dropFirst()) : $0 }
        guard named.allSatisfy(written.contains) else { return nil }
      }
      // Read back with the same folders, the plan must give the driver's words exactly.
      guard resolved(all).jobs == words else { return nil }
    }

    /// The jobs and files with every placeholder replaced by its folder in `folders`.
    func resolved(_ folders: [Folder]) -> (jobs: [[String]], files: [String: String]) {
      func resolve(_ text: String) -> String {
        folders.reduce(text) { $0.replacingOccurrences(of: $1.placeholder, with: $1.path) }
      }
      return (jobs.map { $0.map(resolve) }, files.mapValues(resolve))
    }

    /// `text` with every mention of the folder `path` replaced by `placeholder`: the path
    /// alone or followed by a slash, never the start of a longer name (`/a/build` in `/a/builds`).
    static func replacing(path: String, in text: String, with placeholder: String) -> String {
      var result = ""
      var rest = text[...]
      while let range = rest.range(of: path) {
        let next = rest[range.upperBound...].first
        let whole = next.map { !isPlain(String($0)) || $0 == "/" } ?? true
        result += rest[..<range.lowerBound] + (whole ? placeholder : path)
        rest = rest[range.upperBound...]
      }
      return result + rest
    }

    /// Whether `text` names the folder `path`, alone or as the start of a path in it.
    static func names(_ path: String, in text: String) -> Bool {
      replacing(path: path, in: text, with: "\u{0}") != text
    }

    /// The words of one line the driver printed, read by the rules it quotes by: a word with
    /// characters a shell would read otherwise is in single quotes, a single quote in it
    /// written `'\''`. `nil` for anything else, a double quote among it.
    static func words(_ line: String) -> [String]? {
      var words: [String] = []
      var word = ""
      var inWord = false
      var quoted = false
      var escaped = false
      for character in line {
        if escaped {
          word.append(character)
          escaped = false
        } else if quoted {
          if character == "'" { quoted = false } else { word.append(character) }
        } else if character == " " {
          if inWord { words.append(word) }
          word = ""
          inWord = false
          continue
        } else if character == "'" {
          quoted = true
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          return nil
        } else {
          word.append(character)
        }
        inWord = true
      }
      guard !quoted, !escaped else { return nil }
      if inWord { words.append(word) }
      return words
    }
  }
}
