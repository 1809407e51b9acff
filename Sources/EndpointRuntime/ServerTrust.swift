import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Certificate and public-key pinning for `URLSessionTransport`, per host, as apps coming from
/// Alamofire's `ServerTrustManager` (`PublicKeysTrustEvaluator`, `PinnedCertificatesTrustEvaluator`)
/// know it.
///
/// Pins never replace the system's trust evaluation; they narrow it. For a pinned host, the
/// server's chain must first pass the system's evaluation for that host name (a valid chain to a
/// trusted root, the name matched, not expired), and then one certificate of the chain (leaf,
/// intermediate or root) must match one pin. Otherwise the request fails with
/// `.transport(.other(code: URLError.serverCertificateUntrusted.rawValue, …))` and nothing is sent.
///
/// ```swift
/// let trust = ServerTrustPolicy(pins: [
///     "api.example.com": [.publicKeySHA256("r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="),   // current key
///                         .publicKeySHA256("YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=")],  // backup key
///     "*.cdn.example.com": [.certificate(cdnCertificateDER)],
/// ])
/// let transport = URLSessionTransport(policy: .init(serverTrust: trust))
/// ```
///
/// Pinning needs Apple's Security framework: on other platforms (FoundationNetworking, whose
/// libcurl checks certificates without asking the delegate) a transport with a policy refuses
/// every https request instead of sending it unpinned.
public struct ServerTrustPolicy: Sendable, Hashable {
    /// What a certificate of the server's chain may match.
    public enum Pin: Sendable, Hashable {
        /// The SHA-256 of a certificate's DER `SubjectPublicKeyInfo`, base64 (HPKP's `pin-sha256`,
        /// the value Alamofire-era tools and SSL Labs print). From a certificate:
        /// `openssl x509 -in cert.pem -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
        /// Survives a renewed certificate that keeps its key. A text that is not base64 of 32
        /// bytes matches nothing.
        case publicKeySHA256(String)
        /// A whole certificate, DER (a `.cer` file) or PEM; matches only that exact certificate.
        /// Data that is neither matches nothing.
        case certificate(Data)
    }

    /// What happens on a host no key of `pins` names.
    public enum UnlistedHosts: Sendable, Hashable {
        /// The system's trust evaluation alone, as without a policy.
        case systemEvaluation
        /// Refused: only the listed hosts are reached over https (Alamofire's `allHostsMustBeEvaluated`).
        case refused
    }

    /// Pins by host: `api.example.com` names that host only, `*.example.com` every host under
    /// `example.com` (not `example.com` itself). Compared without case; an exact name wins over
    /// a wildcard, a longer wildcard over a shorter one. A host with an empty set is refused.
    public var pins: [String: Set<Pin>]
    /// What happens on a host `pins` does not name.
    public var unlistedHosts: UnlistedHosts

    /// A policy pinning `pins` per host.
    public init(pins: [String: Set<Pin>], unlistedHosts: UnlistedHosts = .systemEvaluation) {
        self.pins = pins
        self.unlistedHosts = unlistedHosts
    }

    /// What the policy asks for one host's TLS connection.
    enum Decision: Equatable {
        /// The system's evaluation alone.
        case systemEvaluation
        /// The system's evaluation, then one of these pins.
        case pinned(Set<Pin>)
        /// Refused, with the reason.
        case refused(String)
    }

    func decision(forHost host: String) -> Decision {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let keyed = Dictionary(pins.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $0.union($1) })
        var found = keyed[name]
        if found == nil {
            // The longest wildcard whose domain `name` is under.
            var best: (length: Int, pins: Set<Pin>)?
            for (key, value) in keyed where key.hasPrefix("*.") {
                let domain = key.dropFirst(1)
                if name.hasSuffix(domain), name.count > domain.count, key.count > best?.length ?? 0 {
                    best = (key.count, value)
                }
            }
            found = best?.pins
        }
        guard let found else {
            return unlistedHosts == .refused
                ? .refused("The server trust policy lists no pins for \(host.debugEscaped), and unlisted hosts are refused.")
                : .systemEvaluation
        }
        guard !found.isEmpty else { return .refused("The server trust policy has an empty set of pins for \(host.debugEscaped).") }
        return .pinned(found)
    }

    /// Whether one certificate (DER) of `chain` matches one of `pins`; `sha256` hashes a
    /// `SubjectPublicKeyInfo`.
    static func chain(_ chain: [Data], matchesAnyOf pins: Set<Pin>, sha256: (Data) -> Data) -> Bool {
        var keyHashes: Set<Data> = []
        var certificates: Set<Data> = []
        for pin in pins {
            switch pin {
            case .publicKeySHA256(let text):
                if let hash = Data(base64Encoded: text.trimmingCharacters(in: .whitespaces)), hash.count == 32 {
                    keyHashes.insert(hash)
                }
            case .certificate(let data):
                if let der = X509.der(fromDEROrPEM: data) { certificates.insert(der) }
            }
        }
        return chain.contains { certificate in
            if certificates.contains(certificate) { return true }
            guard !keyHashes.isEmpty, let key = X509.subjectPublicKeyInfo(ofCertificate: certificate) else { return false }
            return keyHashes.contains(sha256(key))
        }
    }
}

/// Just enough of X.509's DER to find a certificate's `SubjectPublicKeyInfo` as it is encoded
/// there: the bytes an HPKP-style pin hashes, for every key type (RSA of any size, EC, Ed25519),
/// with no per-key-type header to rebuild as `SecKeyCopyExternalRepresentation`'s raw key would need.
enum X509 {
    /// The DER of the `subjectPublicKeyInfo` field of a DER certificate, tag and length included.
    static func subjectPublicKeyInfo(ofCertificate der: Data) -> Data? {
        let bytes = [UInt8](der)
        // Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
        guard let certificate = element(in: bytes, at: 0), certificate.tag == 0x30, certificate.end == bytes.count,
              let tbs = element(in: bytes, at: certificate.contentStart), tbs.tag == 0x30, tbs.end <= certificate.end
        else { return nil }
        // TBSCertificate ::= SEQUENCE { [0] version OPTIONAL, serialNumber INTEGER, signature,
        //   issuer, validity, subject (all SEQUENCEs), subjectPublicKeyInfo SEQUENCE, … }
        var position = tbs.contentStart
        if let version = element(in: bytes, at: position, end: tbs.end), version.tag == 0xA0 {
            position = version.end
        }
        for expectedTag: UInt8 in [0x02, 0x30, 0x30, 0x30, 0x30] {
            guard let field = element(in: bytes, at: position, end: tbs.end), field.tag == expectedTag else { return nil }
            position = field.end
        }
        guard let key = element(in: bytes, at: position, end: tbs.end), key.tag == 0x30 else { return nil }
        return Data(bytes[position..<key.end])
    }

    /// DER as given, or the first `CERTIFICATE` block of PEM text decoded; nil when it is
    /// neither a certificate's DER nor such PEM.
    static func der(fromDEROrPEM data: Data) -> Data? {
        if subjectPublicKeyInfo(ofCertificate: data) != nil { return data }
        guard let text = String(data: data, encoding: .utf8),
              let begin = text.range(of: "-----BEGIN CERTIFICATE-----"),
              let end = text.range(of: "-----END CERTIFICATE-----", range: begin.upperBound..<text.endIndex),
              let der = Data(base64Encoded: text[begin.upperBound..<end.lowerBound].filter { !$0.isWhitespace }),
              subjectPublicKeyInfo(ofCertificate: der) != nil
        else { return nil }
        return der
    }

    /// One DER element at `start`: its tag, where its content starts and where it ends. Nil for
    /// what is not read here (a multi-byte tag, an indefinite length, a length of more than four
    /// bytes) or for an element running past `end`.
    private static func element(in bytes: [UInt8], at start: Int, end: Int? = nil) -> (tag: UInt8, contentStart: Int, end: Int)? {
        let limit = min(end ?? bytes.count, bytes.count)
        guard start + 2 <= limit, bytes[start] & 0x1F != 0x1F else { return nil }
        let first = Int(bytes[start + 1])
        var length = 0
        var contentStart = start + 2
        if first < 0x80 {
            length = first
        } else {
            let count = first & 0x7F
            guard (1...4).contains(count), contentStart + count <= limit else { return nil }
            for byte in bytes[contentStart..<(contentStart + count)] {
                length = length << 8 | Int(byte)
            }
            contentStart += count
        }
        guard length <= limit - contentStart else { return nil }
        return (bytes[start], contentStart, contentStart + length)
    }
}

#if canImport(Security) && canImport(CryptoKit)
import CryptoKit
import Security

extension ServerTrustPolicy {
    /// The outcome for one server-trust challenge.
    enum Outcome {
        case systemEvaluation
        case trusted
        case refused(String)
    }

    /// Evaluates `trust` for `host` (Apple platforms only; untested on Linux, reviewed line by
    /// line in docs/security.md).
    func evaluate(_ trust: SecTrust, host: String) -> Outcome {
        let pins: Set<Pin>
        switch decision(forHost: host) {
        case .systemEvaluation: return .systemEvaluation
        case .refused(let reason): return .refused(reason)
        case .pinned(let hostPins): pins = hostPins
        }
        // The system's evaluation first, for this host name whatever policy the trust came with.
        guard SecTrustSetPolicies(trust, SecPolicyCreateSSL(true, host as CFString)) == errSecSuccess else {
            return .refused("The certificate of \(host.debugEscaped) could not be evaluated.")
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else {
            let reason = error.map { CFErrorCopyDescription($0) as String } ?? "not trusted"
            return .refused("The system does not trust the certificate of \(host.debugEscaped): \(reason)")
        }
        // Leaf first; any certificate of the evaluated chain may carry the pinned key.
        let chain = ((SecTrustCopyCertificateChain(trust) as? [SecCertificate]) ?? []).map { SecCertificateCopyData($0) as Data }
        guard Self.chain(chain, matchesAnyOf: pins, sha256: { Data(SHA256.hash(data: $0)) }) else {
            return .refused("No certificate of \(host.debugEscaped) matches a pin of the server trust policy.")
        }
        return .trusted
    }
}
#endif
