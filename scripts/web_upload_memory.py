#!/usr/bin/env python3
"""An oversized upload is refused while it is still arriving, and the server's memory stays flat.

    web_upload_memory.py BASE_URL SERVER_PID LIMIT_MB     (SLOTSHEET_WALK_OFFICE / _PASSWORD)

Signs in, then streams a multipart upload of 8 times the limit in 1 MB chunks (chunked transfer,
no Content-Length, so the server cannot refuse from the headers alone) and watches for the answer
after each chunk. Passes when the answer is 413 and came before a third of the body was sent, and
the server's peak resident memory (VmHWM) grew by less than the limit itself.
"""
import http.cookiejar, os, re, select, socket, sys, urllib.parse, urllib.request

base, pid, limit_mb = sys.argv[1].rstrip("/"), int(sys.argv[2]), int(sys.argv[3])
office = os.environ.get("SLOTSHEET_WALK_OFFICE", "olga")
password = os.environ["SLOTSHEET_WALK_PASSWORD"]


def peak_kb():
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmHWM:\s+(\d+) kB", f.read()).group(1))


jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
opener.open(base + "/sign-in").read()
csrf = next(c.value for c in jar if c.name == "slotsheet_csrf")
opener.open(base + "/sign-in", urllib.parse.urlencode({"csrf": csrf, "name": office, "password": password}).encode()).read()
csrf = next(c.value for c in jar if c.name == "slotsheet_csrf")
cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
if "slotsheet_session" not in cookies:
    raise SystemExit("memory: sign-in failed")

before = peak_kb()
url = urllib.parse.urlparse(base)
sock = socket.create_connection((url.hostname, url.port))
boundary = "memory-test-boundary"
head = (f"POST /upload HTTP/1.1\r\nHost: {url.netloc}\r\nCookie: {cookies}\r\n"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nTransfer-Encoding: chunked\r\n\r\n")
sock.sendall(head.encode())


def send_chunk(data):
    sock.sendall(f"{len(data):x}\r\n".encode() + data + b"\r\n")


send_chunk((f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{csrf}\r\n"
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"huge.csv\"\r\n\r\n").encode())
chunk = b"A" * 1_048_576
total = 8 * limit_mb
sent = 0
answer = b""
try:
    while sent < total:
        send_chunk(chunk)
        sent += 1
        readable, _, _ = select.select([sock], [], [], 0)
        if readable:
            break
except (BrokenPipeError, ConnectionResetError):
    pass
sock.settimeout(30)
try:
    while b"\r\n\r\n" not in answer:
        data = sock.recv(65536)
        if not data:
            break
        answer += data
except (ConnectionResetError, socket.timeout):
    pass
sock.close()
status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/1.1 ") else "none"
after = peak_kb()
grown_mb = (after - before) / 1024
print(f"memory: answer {status} after {sent} MB of {total} MB sent; server peak memory {before // 1024} MB -> {after // 1024} MB "
      f"(+{grown_mb:.1f} MB)")
if status != "413":
    raise SystemExit(f"memory: expected 413, got {status}")
if sent > total / 3:
    raise SystemExit(f"memory: the refusal came only after {sent} MB")
if grown_mb >= limit_mb:
    raise SystemExit(f"memory: the server's peak memory grew by {grown_mb:.1f} MB, not flat")
