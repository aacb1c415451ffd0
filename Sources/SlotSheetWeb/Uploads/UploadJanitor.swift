import Foundation
import ServiceLifecycle
import SlotSheetCore

/// Keeps the uploads honest while the server runs: every `WebSettings.janitorInterval` (a minute
/// unless set), uploads not applied within the expiry (refused ones within
/// `WebSettings.refusedUploadExpiryHours`) become `expired`, and their bytes go with the state
/// change; files of this instance's private folder older than `WebSettings.leftoverAge` (an hour
/// unless set; left by a crash mid-request) are removed. Uploads still `reading` need nothing:
/// the reading queue is the database's (`UploadReaders`).
struct UploadJanitor: Service {
    let services: WebServices

    func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await expire()
            removeLeftoverFiles()
            try? await cancelWhenGracefulShutdown { [interval = services.settings.janitorInterval] in try await Task.sleep(for: interval) }
        }
    }

    /// Moves every upload past its expiry to `expired` (its bytes removed in the same transaction).
    func expire() async {
        let now = services.clock.timestamp()
        let refusedBefore = Timestamp.iso(services.clock.now.addingTimeInterval(-Double(WebSettings.refusedUploadExpiryHours * 3600)))
        do {
            let stale = try await services.database.read { session in
                try session.uploads(in: .ready).filter { $0.expiresAt <= now }
                    + session.uploads(in: .refused).filter { $0.expiresAt <= now || $0.createdAt <= refusedBefore }
            }
            for upload in stale {
                guard let id = upload.id else { continue }
                let moved = try await services.database.write { try $0.moveUpload(id, from: [.ready, .refused], to: .expired, batchID: nil) }
                if moved {
                    services.readers.forget(id)
                    services.logger.info("upload \(id): expired; its bytes removed")
                }
            }
        } catch {
            services.logger.error("uploads: expiry failed: \(error)")
        }
    }

    private func removeLeftoverFiles() {
        let folder = services.uploads.path
        // A private file this old belongs to no request any more (uploads and downloads are
        // bounded by the connection timeouts), whichever instance shares the folder.
        let before = Date().addingTimeInterval(-TimeInterval(services.settings.leftoverAge.components.seconds))
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix("scratch-") || name.hasSuffix(".upload") {
            let path = folder + "/" + name
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  modified < before else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
