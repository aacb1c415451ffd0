"""A real SMTP server for the notices' tests and benchmark (aiosmtpd, from .venv-notices).

    smtp_server.py FOLDER [--answers 451,250] [--reject-rcpt unknown] [--delay SECONDS] [--plain | --implicit-tls]

Listens on a free loopback port and prints `port N` once it accepts connections. Unless --plain,
it makes a CA and a server certificate for 127.0.0.1 (Python's cryptography), writes the CA to
FOLDER/ca.pem, requires STARTTLS, and requires AUTH (PLAIN or LOGIN) as user `office` with the
password `secret-password` (--implicit-tls: TLS from the first byte instead of STARTTLS, as on
port 465). Each accepted message is written whole to FOLDER/messages/NNNNNN.eml
(written under a temporary name, then renamed, so a reader sees whole messages only).

--answers: the answers to the first messages' end of DATA, in turn (`451` a temporary refusal,
`550` a permanent one, `250` accepted); after the list, every message is accepted.
--reject-rcpt: a recipient containing this text is refused with 550 5.1.1.
--delay: seconds to wait before answering each message's end (a sender can be killed meanwhile).
"""
import argparse
import asyncio
import datetime
import ipaddress
import os
import socket
import ssl
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

USER, PASSWORD = b"office", b"secret-password"


def make_certificates(folder):
    """A CA and a server certificate for 127.0.0.1 and localhost; returns the server's files."""
    now = datetime.datetime.now(datetime.timezone.utc)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "slotsheet test mail CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name).public_key(ca_key.public_key())
          .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(hours=1))
          .not_valid_after(now + datetime.timedelta(days=2))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False, key_agreement=False,
                                       encipher_only=False, decipher_only=False), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (x509.CertificateBuilder().subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")]))
            .issuer_name(ca_name).public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(hours=1)).not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
                           critical=False)
            .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .sign(ca_key, hashes.SHA256()))
    with open(os.path.join(folder, "ca.pem"), "wb") as out:
        out.write(ca.public_bytes(serialization.Encoding.PEM))
    cert_file, key_file = os.path.join(folder, "server.pem"), os.path.join(folder, "server.key")
    with open(cert_file, "wb") as out:
        out.write(cert.public_bytes(serialization.Encoding.PEM))
    with open(key_file, "wb") as out:
        out.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return cert_file, key_file


class Recorder:
    def __init__(self, folder, answers, reject, delay):
        self.folder = os.path.join(folder, "messages")
        os.makedirs(self.folder, exist_ok=True)
        self.answers = list(answers)
        self.reject = reject
        self.delay = delay
        self.count = 0
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.reject and self.reject in address:
            return "550 5.1.1 <%s>: mailbox unknown here" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        with self.lock:
            answer = self.answers.pop(0) if self.answers else "250"
            if answer == "451":
                return "451 4.3.0 mailbox busy, try again later"
            if answer == "550":
                return "550 5.7.1 message refused by policy"
            self.count += 1
            number = self.count
        name = os.path.join(self.folder, "%06d.eml" % number)
        with open(name + ".part", "wb") as out:
            out.write(envelope.original_content)
        os.rename(name + ".part", name)
        return "250 2.0.0 OK queued as %06d" % number


def free_port():
    """A loopback port nobody listens on now (aiosmtpd's controller needs to know its port before it starts)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def authenticate(server, session, envelope, mechanism, auth_data):
    if isinstance(auth_data, LoginPassword) and auth_data.login == USER and auth_data.password == PASSWORD:
        return AuthResult(success=True)
    return AuthResult(success=False, handled=False)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--answers", default="")
    parser.add_argument("--reject-rcpt", default="")
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--plain", action="store_true")
    parser.add_argument("--implicit-tls", action="store_true")
    arguments = parser.parse_args()
    os.makedirs(arguments.folder, exist_ok=True)
    answers = [a for a in arguments.answers.split(",") if a]
    handler = Recorder(arguments.folder, answers, arguments.reject_rcpt, arguments.delay)
    options = dict(hostname="127.0.0.1", port=free_port(), data_size_limit=10 * 1024 * 1024)
    if not arguments.plain:
        cert_file, key_file = make_certificates(arguments.folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(cert_file, key_file)
        if arguments.implicit_tls:
            # The whole connection is TLS: aiosmtpd's STARTTLS check does not apply.
            options.update(ssl_context=context, auth_required=True, authenticator=authenticate, auth_require_tls=False)
        else:
            options.update(tls_context=context, require_starttls=True, auth_required=True, authenticator=authenticate,
                           auth_require_tls=True)
    controller = Controller(handler, **options)
    controller.start()
    print("port %d" % controller.port, flush=True)
    try:
        sys.stdin.read()  # runs until the test closes standard input or kills it
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
