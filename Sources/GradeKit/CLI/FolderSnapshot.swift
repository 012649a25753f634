import Foundation

/// The size and modification time of every file in a folder, to notice a save.
///
/// Polling snapshots works on every file system, network ones included,
/// where change notifications often do not arrive.
public struct FolderSnapshot: Equatable, Sendable {
  /// Size and modification time by path relative to the folder.
  public var files: [String: [Double]]

  /// Takes a snapshot of every file under `folder`.
  public init(of folder: URL) {
    var files: [String: [Double]] = [:]
    let manager = FileManager.default
    if let walker = manager.enumerator(atPath: folder.path) {
      for case let relative as String in walker {
        guard let attributes = try? manager.attributesOfItem(atPath: folder.appending(path: relative).path),
          attributes[.type] as? FileAttributeType == .typeRegular
        else { continue }
        let size = (attributes[.size] as? NSNumber)?.doubleValue ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        files[relative] = [size, modified]
      }
    }
    self.files = files
  }
}
