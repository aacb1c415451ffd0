import Foundation
import SMTPMail

extension Settings {
    /// `[mail]`: the mail server the tenants' notices go through (docs/notices.md), and the
    /// sender's lease and pauses. The password is not here: only `SLOTSHEET_MAIL_PASSWORD` in the
    /// environment (the package's 0600 environment file) holds it.
    public struct Mail: Sendable, Equatable {
        /// Empty: no mail server configured, and `notices send` says so.
        public var host = ""
        public var port = 587
        public var security = SMTPSecurity.starttls
        /// Empty: no AUTH.
        public var user = ""
        public var fromAddress = ""
        public var replyTo = ""
        /// A private CA's certificate (PEM); empty: the system's CAs.
        public var caFile = ""
        /// Empty: the domain of `from`.
        public var domainSetting = ""
        /// Seconds a sender holds a notice it is sending; longer than the longest SMTP
        /// transaction (`SMTPClient`: 30 s to connect, 120 s for the message).
        public var leaseSeconds = 300
        /// The first pause after a temporary failure; it doubles with each attempt...
        public var retrySeconds = 300
        /// ...up to this.
        public var retryMaxSeconds = 4 * 3600
        /// A notice still not delivered this long after it was queued has failed.
        public var giveUpSeconds = 24 * 3600

        /// The environment variable that holds the account's password.
        public static let passwordVariable = "SLOTSHEET_MAIL_PASSWORD"

        /// The From address (and the calendar event's organizer).
        public var from: String { fromAddress.isEmpty ? "slotsheet@localhost.localdomain" : fromAddress }

        /// The domain of Message-IDs and calendar UIDs: `mail.domain`, else the From address's.
        public var domain: String {
            if !domainSetting.isEmpty { return domainSetting }
            return from.split(separator: "@").last.map(String.init) ?? "localhost.localdomain"
        }

        /// The server to deliver through, with the password from `environment`; nil when no host is set.
        public func server(environment: [String: String] = ProcessInfo.processInfo.environment) -> SMTPServer? {
            guard !host.isEmpty else { return nil }
            let password = environment[Mail.passwordVariable].flatMap { $0.isEmpty ? nil : $0 }
            return SMTPServer(host: host, port: port, security: security, user: user.isEmpty ? nil : user, password: password,
                              caFile: caFile.isEmpty ? nil : caFile)
        }

        /// Sets one `[mail]` setting from a checked-kind value; false when the value is not valid.
        mutating func apply(_ key: SettingKey, _ value: SettingsValue) -> Bool {
            switch (key, value) {
            case let (.mailHost, .string(text)), let (.mailDomain, .string(text)):
                guard Mail.isHostName(text) || (key == .mailDomain && text.isEmpty) else { return false }
                if key == .mailHost { host = text } else { domainSetting = text }
            case let (.mailPort, .integer(number)):
                guard SettingKey.ports.contains(number) else { return false }
                port = number
            case let (.mailSecurity, .string(text)):
                guard let known = SMTPSecurity(rawValue: text.lowercased()) else { return false }
                security = known
            case let (.mailUser, .string(text)):
                guard Mail.isSingleLine(text) else { return false }
                user = text
            case let (.mailFrom, .string(text)), let (.mailReplyTo, .string(text)):
                guard text.isEmpty || MailAddress(text) != nil else { return false }
                if key == .mailFrom { fromAddress = text } else { replyTo = text }
            case let (.mailCAFile, .string(text)):
                guard Mail.isSingleLine(text) else { return false }
                caFile = text
            case let (.mailLeaseSeconds, .integer(seconds)), let (.mailRetrySeconds, .integer(seconds)),
                 let (.mailRetryMaxSeconds, .integer(seconds)), let (.mailGiveUpSeconds, .integer(seconds)):
                guard SettingKey.mailSeconds.contains(seconds) else { return false }
                switch key {
                case .mailLeaseSeconds: leaseSeconds = seconds
                case .mailRetrySeconds: retrySeconds = seconds
                case .mailRetryMaxSeconds: retryMaxSeconds = seconds
                default: giveUpSeconds = seconds
                }
            default:
                return false
            }
            return true
        }

        /// The value of one `[mail]` setting as the file would write it.
        func display(_ key: SettingKey) -> String {
            let quoted = { (text: String) in "\"\(text)\"" }
            switch key {
            case .mailHost: return quoted(host)
            case .mailPort: return String(port)
            case .mailSecurity: return quoted(security.rawValue)
            case .mailUser: return quoted(user)
            case .mailFrom: return quoted(fromAddress)
            case .mailReplyTo: return quoted(replyTo)
            case .mailCAFile: return quoted(caFile)
            case .mailDomain: return quoted(domainSetting)
            case .mailLeaseSeconds: return String(leaseSeconds)
            case .mailRetrySeconds: return String(retrySeconds)
            case .mailRetryMaxSeconds: return String(retryMaxSeconds)
            default: return String(giveUpSeconds)
            }
        }

        private static func isSingleLine(_ text: String) -> Bool {
            text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }
        }

        /// Letters, digits, dots, hyphens and colons (an IPv6 address): what a host or a domain is.
        private static func isHostName(_ text: String) -> Bool {
            !text.isEmpty && text.utf8.count <= 253
                && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-.:".unicodeScalars.contains($0) }
        }
    }
}

extension SettingsValue {
    /// The value as a message quotes it.
    var shownInMessage: String {
        switch self {
        case let .string(text): return text
        case let .integer(number): return String(number)
        case let .boolean(flag): return String(flag)
        case let .stringList(items): return items.joined(separator: ", ")
        }
    }
}
