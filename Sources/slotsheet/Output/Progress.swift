import Foundation

/// A progress bar on standard error, drawn only when it is a terminal: never in logs, cron mail
/// or pipes, where it would be noise.
/// Used by one thread at a time: the one reading the file.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private var lastPercent = -1

    /// `minimumTotal`: below this many units the work is quick and no bar is shown.
    init(label: String, minimumTotal: Int = 1000) {
        self.label = label
        self.minimumTotal = minimumTotal
        enabled = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    private let minimumTotal: Int

    func update(done: Int, total: Int) {
        guard enabled, total >= minimumTotal else { return }
        let percent = min(100, done * 100 / max(total, 1))
        guard percent != lastPercent else { return }
        lastPercent = percent
        let width = 30
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(percent)%".utf8))
    }

    /// Clears the bar's line, if one was drawn.
    func finish() {
        guard enabled, lastPercent >= 0 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
