import Foundation

/// Where the web front listens: a host (an IPv4 or IPv6 address, or a name such as `localhost`)
/// and a port, written `127.0.0.1:8080`, `[::1]:8080` or `localhost:8080`. Port 0 asks the system for
/// any free port (the server logs the one it got; tests use it).
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public init?(_ text: String) {
        let host: Substring, port: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            port = text[text.index(close, offsetBy: 2)...]
            guard IPAddress(String(host))?.isIPv6 == true else { return nil }
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            port = text[text.index(after: colon)...]
            guard IPAddress(String(host)) != nil || ListenAddress.isHostName(host) else { return nil }
        }
        guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber), port.count <= 5,
              let number = Int(port), (0...65_535).contains(number) else { return nil }
        self.host = String(host)
        self.port = number
    }

    /// Letters, digits and hyphens in dot-separated labels of at most 63 characters (RFC 1123).
    private static func isHostName(_ name: Substring) -> Bool {
        guard !name.isEmpty, name.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
    }

    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// An IPv4 or IPv6 address, as bytes.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    public init?(_ text: String) {
        guard !text.isEmpty, text.count <= 45, text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 }) else { return nil }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    public var isIPv6: Bool { bytes.count == 16 }

    public var description: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var copy = bytes
        _ = copy.withUnsafeMutableBytes { inet_ntop(isIPv6 ? AF_INET6 : AF_INET, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// An address or a network of addresses (`10.0.0.0/8`, `fd00::/8`); a bare address is a network
/// of one. The web front believes forwarded client addresses only from these.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2, let address = IPAddress(String(parts[0])) else { return nil }
        let bits = address.bytes.count * 8
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].count <= 3, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }),
                  let length = Int(parts[1]), length <= bits else { return nil }
            prefixLength = length
        } else {
            prefixLength = bits
        }
        self.address = address
    }

    /// Whether `other` is inside this network.
    public func contains(_ other: IPAddress) -> Bool {
        guard other.bytes.count == address.bytes.count else { return false }
        var remaining = prefixLength
        for (mine, theirs) in zip(address.bytes, other.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard mine & mask == theirs & mask else { return false }
            remaining -= 8
        }
        return true
    }

    public var description: String {
        prefixLength == address.bytes.count * 8 ? address.description : "\(address)/\(prefixLength)"
    }
}
