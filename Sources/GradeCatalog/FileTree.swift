import Foundation

/// The files of a workbook as paths and contents, read from disk or written in a test.
public struct FileTree: Sendable {
  /// Contents by path relative to the workbook root.
  public var files: [String: Data]

  /// Creates a tree from contents by path.
  public init(files: [String: Data]) {
    self.files = files
  }

  /// Reads every file under the given top-level folders of `root`, skipping build folders.
  public init(root: URL, folders: [String]) {
    var files: [String: Data] = [:]
    for folder in folders {
      guard let walker = FileManager.default.enumerator(atPath: root.appending(path: folder).path) else { continue }
      for case let relative as String in walker where !relative.hasPrefix(".build") {
        let path = "\(folder)/\(relative)"
        if let data = FileManager.default.contents(atPath: root.appending(path: path).path) {
          files[path] = data
        }
      }
    }
    self.files = files
  }

  /// Whether a file exists.
  public func contains(_ path: String) -> Bool { files[path] != nil }

  /// A file's text, if it exists.
  public func text(_ path: String) -> String? { files[path].map { String(decoding: $0, as: UTF8.self) } }

  /// The names of the files directly in `folder`.
  public func names(in folder: String) -> [String] {
    let prefix = folder + "/"
    return files.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains("/") }
      .map { String($0.dropFirst(prefix.count)) }.sorted()
  }

  /// The names of the folders directly in `folder`.
  public func folders(in folder: String) -> [String] {
    let prefix = folder + "/"
    return Set(files.keys.filter { $0.hasPrefix(prefix) }.compactMap { path -> String? in
      let rest = path.dropFirst(prefix.count)
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      return String(rest[..<slash])
    }).sorted()
  }
}
