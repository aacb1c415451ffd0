import Foundation
import InteropSupport

/// Debian's nginx as the load balancer in front of several `slotsheet serve` instances, run
/// unprivileged from a configuration written into a folder of its own (its pid file, logs and
/// temporary paths there), listening on a free loopback port. Round robin, no sticky sessions; the
/// settings are docs/admin-guide.md's "Several instances behind nginx".
final class NginxBalancer: @unchecked Sendable {
    /// Debian's nginx (`/usr/sbin` is not on every user's PATH).
    static var program: URL? {
        if let found = Interop.program(named: "nginx") { return found }
        return FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") ? URL(fileURLWithPath: "/usr/sbin/nginx") : nil
    }

    let folder: URL
    let port: Int
    private let process = Process()

    var url: String { "http://127.0.0.1:\(port)" }

    /// The access log: one line a request, `status upstream_addr upstream_status request`, where a
    /// request nginx passed to a second instance lists both (`127.0.0.1:1, 127.0.0.1:2`).
    var accessLog: URL { folder.appending(path: "access.log") }

    /// Starts nginx in front of `upstreams` (loopback ports) and waits, at most 30 s, until it answers.
    init(upstreams: [Int]) throws {
        guard let program = Self.program else { throw Interop.Failure(description: "nginx is not installed (bash scripts/install-deps.sh --test)") }
        folder = FileManager.default.temporaryDirectory.appending(path: "slotsheet-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appending(path: "temp"), withIntermediateDirectories: true)
        port = try Self.freePort()
        try Self.configuration(folder: folder, port: port, upstreams: upstreams)
            .write(to: folder.appending(path: "nginx.conf"), atomically: true, encoding: .utf8)
        process.executableURL = program
        process.arguments = ["-p", folder.path, "-c", folder.appending(path: "nginx.conf").path, "-e", folder.appending(path: "error.log").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while !Self.answers(port) {
            guard process.isRunning, Date() < deadline else {
                stop()
                throw Interop.Failure(description: "nginx did not start: \(errorLog)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// The configuration: only what an unprivileged nginx needs besides docs/admin-guide.md's settings.
    static func configuration(folder: URL, port: Int, upstreams: [Int]) -> String {
        let temp = folder.appending(path: "temp").path
        return """
            daemon off;
            worker_processes 1;
            pid \(folder.appending(path: "nginx.pid").path);
            error_log \(folder.appending(path: "error.log").path) notice;
            events { worker_connections 512; }
            http {
                log_format balanced '$status "$upstream_addr" "$upstream_status" "$request"';
                access_log \(folder.appending(path: "access.log").path) balanced;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                upstream slotsheet {
            \(upstreams.map { "        server 127.0.0.1:\($0) max_fails=1 fail_timeout=2s;" }.joined(separator: "\n"))
                }
                server {
                    listen 127.0.0.1:\(port);
                    client_max_body_size 26m;
                    location / {
                        proxy_pass http://slotsheet;
                        proxy_set_header Host $host;
                        proxy_set_header X-Forwarded-Proto $scheme;
                        proxy_set_header X-Forwarded-For $remote_addr;
                        proxy_request_buffering off;
                        proxy_connect_timeout 2s;
                        proxy_read_timeout 300s;
                        proxy_next_upstream error timeout http_502 http_503 http_504;
                        proxy_next_upstream_tries 3;
                    }
                }
            }

            """
    }

    /// What nginx wrote to its error log so far.
    var errorLog: String { (try? String(contentsOf: folder.appending(path: "error.log"), encoding: .utf8)) ?? "" }

    /// The access log's lines so far.
    var requests: [String] {
        ((try? String(contentsOf: accessLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Stops nginx (SIGQUIT: it finishes the requests it holds) and removes its folder.
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGQUIT)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A loopback port nobody listens on now (the kernel's pick for port 0).
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Interop.Failure(description: "no socket for a free port") }
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let found = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard found else { throw Interop.Failure(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts a connection on the loopback port.
    static func answers(_ port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
