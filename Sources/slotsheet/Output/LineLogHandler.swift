import Foundation
import Logging
import SlotSheetCore

/// One line per event on standard output, for cron mail and the journal:
/// `2026-12-01T02:00:01+01:00 INFO nightly: wrote utilization.xlsx: 84 rows`.
/// The time is the office's, with its offset, so a reader never has to guess the zone.
struct LineLogHandler: LogHandler {
    let label: String
    let clock: OfficeClock
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let time = clock.moment(Timestamp.iso(Date())).iso
        let text = "\(time) \(event.level.rawValue.uppercased()) \(label): \(event.message)\n"
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
