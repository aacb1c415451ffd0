import Foundation

/// An e-mail address with an optional display name, as it goes in a header and in the envelope.
public struct MailAddress: Hashable, Sendable, CustomStringConvertible {
    public var address: String
    public var name: String?

    /// nil unless `address` is one plain `local@domain` address: no spaces, controls, quotes,
    /// brackets or separators a header or the SMTP envelope would read as something else.
    public init?(_ address: String, name: String? = nil) {
        let forbidden = Set("<>()[],;:\"\\ ")
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              address.utf8.count <= 254,
              address.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && !forbidden.contains(Character($0)) })
        else { return nil }
        self.address = address
        self.name = name.map(MailHeader.singleLine).flatMap { $0.isEmpty ? nil : $0 }
    }

    public var description: String { address }

    /// The header form: `=?UTF-8?B?...?= <a@b.nl>` with a name, the bare address without.
    var headerValue: String {
        guard let name else { return address }
        return "\(MailHeader.phrase(name)) <\(address)>"
    }
}

/// One message as a notice sends it: a plain text in UTF-8 and, optionally, an iCalendar part
/// (`text/calendar; method=...`) beside it as an alternative, so a mail program shows the text and
/// a phone's calendar takes the event.
public struct MailMessage: Sendable {
    public var from: MailAddress
    public var to: MailAddress
    public var replyTo: MailAddress?
    public var subject: String
    /// Without the angle brackets: `notice-42@example.org`.
    public var messageID: String
    /// The Date header: the same for every resend of one message.
    public var date: Date
    public var text: String
    public var calendar: CalendarPart?

    public init(from: MailAddress, to: MailAddress, replyTo: MailAddress?, subject: String, messageID: String, date: Date, text: String,
                calendar: CalendarPart?) {
        self.from = from
        self.to = to
        self.replyTo = replyTo
        self.subject = subject
        self.messageID = messageID
        self.date = date
        self.text = text
        self.calendar = calendar
    }

    /// An iCalendar object and the iTIP method it carries (`REQUEST`, `CANCEL`).
    public struct CalendarPart: Sendable {
        public var method: String
        public var text: String

        public init(method: String, text: String) {
            self.method = method
            self.text = text
        }
    }

    /// The header lines libcurl sends before the MIME body, each on one line.
    var headerLines: [String] {
        var lines = [
            "Date: \(MailHeader.date(date))",
            "From: \(from.headerValue)",
            "To: \(to.headerValue)",
        ]
        if let replyTo { lines.append("Reply-To: \(replyTo.headerValue)") }
        lines.append("Subject: \(MailHeader.encodedWords(subject))")
        lines.append("Message-ID: <\(MailHeader.singleLine(messageID))>")
        return lines
    }
}

/// Header values as RFC 5322 and RFC 2047 want them.
enum MailHeader {
    /// Line breaks and other controls become spaces: a value never adds a header line.
    static func singleLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
            .trimmingCharacters(in: .whitespaces)
    }

    /// The text as it is when it is printable ASCII, else as RFC 2047 encoded words
    /// (`=?UTF-8?B?...?=`), each at most 75 characters and never splitting a character.
    static func encodedWords(_ text: String, always: Bool = false) -> String {
        let line = singleLine(text)
        if !always && line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) && !line.contains("=?") { return line }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in line {
            let bytes = Array(String(character).utf8)
            // 45 bytes become 60 characters of base64: with `=?UTF-8?B?` and `?=`, 72.
            if chunk.count + bytes.count > 45 {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: " ")
    }

    /// A display name: as it is when it is letters, digits, spaces and RFC 5322's other atom
    /// characters; else encoded words, so a comma or a quote in a name never splits the address.
    static func phrase(_ text: String) -> String {
        let atom = Set("!#$%&'*+-/=?^_`{|}~ ")
        let line = singleLine(text)
        let plain = line.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || atom.contains(Character($0))) }
        return plain ? line : encodedWords(line, always: true)
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?\(Data(bytes).base64EncodedString())?="
    }

    /// RFC 5322's date: `Fri, 27 Nov 2026 02:30:00 +0000`.
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
