import NIOConcurrencyHelpers
import SlotSheetCore

/// The previews an instance keeps in memory, bounded in bytes (`web.preview_cache_mb`, by each
/// preview's `estimatedBytes`), the least recently used leaving first. Only a cache: every
/// preview is stored in the database (`StoredPreview`), where any instance reads it when it is
/// not here. A preview larger than the whole budget is not kept at all.
final class PreviewCache: Sendable {
    private struct Entry {
        let id: RowID
        let preview: UploadPreview
        let bytes: Int
    }

    let limitBytes: Int
    private let entries = NIOLockedValueBox<[Entry]>([])

    init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// The kept preview of `id`, now the most recently used.
    func preview(of id: RowID) -> UploadPreview? {
        entries.withLockedValue { list in
            guard let index = list.firstIndex(where: { $0.id == id }) else { return nil }
            let entry = list.remove(at: index)
            list.append(entry)
            return entry.preview
        }
    }

    /// Keeps `preview` as `id`'s, leaving out the least recently used until the budget holds.
    func keep(_ preview: UploadPreview, for id: RowID) {
        let preview = preview.withoutSnapshot()
        let bytes = preview.estimatedBytes
        entries.withLockedValue { list in
            list.removeAll { $0.id == id }
            guard bytes <= limitBytes else { return }
            list.append(Entry(id: id, preview: preview, bytes: bytes))
            var total = list.reduce(0) { $0 + $1.bytes }
            while total > limitBytes, let oldest = list.first {
                total -= oldest.bytes
                list.removeFirst()
            }
        }
    }

    func forget(_ id: RowID) {
        entries.withLockedValue { $0.removeAll { $0.id == id } }
    }

    /// The estimated bytes kept now.
    var bytesKept: Int { entries.withLockedValue { $0.reduce(0) { $0 + $1.bytes } } }
}
