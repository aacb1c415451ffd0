import Foundation
import ServiceLifecycle
import SlotSheetCore

/// Keeps the upload folder honest while the server runs: at start it queues the uploads still
/// `reading` (the server stopped while reading them) and removes scratch files left by a crash;
/// then, every minute, uploads not applied within the expiry (refused ones within
/// `WebSettings.refusedUploadExpiryHours`) become `expired` and their files are removed (after the
/// state change has committed).
struct UploadJanitor: Service {
    let services: WebServices
    static let interval: Duration = .seconds(60)

    func run() async throws {
        await resumeReading()
        removeScratchFiles()
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            await expire()
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: Self.interval) }
        }
    }

    func resumeReading() async {
        do {
            for upload in try await services.database.read({ try $0.uploads(in: .reading) }) {
                guard let id = upload.id else { continue }
                services.readers.enqueue(.init(uploadID: id, storedName: upload.storedName, clientName: upload.fileName,
                                               userName: upload.userName ?? "-"))
            }
        } catch {
            services.logger.error("uploads: cannot list the uploads being read: \(error)")
        }
    }

    /// Moves every upload past its expiry to `expired` and removes its file.
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
                    services.uploads.remove(upload.storedName)
                    services.readers.forget(id)
                    services.logger.info("upload \(id): expired; file removed")
                }
            }
        } catch {
            services.logger.error("uploads: expiry failed: \(error)")
        }
    }

    private func removeScratchFiles() {
        let folder = services.uploads.path
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix("scratch-") {
            try? FileManager.default.removeItem(atPath: folder + "/" + name)
        }
    }
}
