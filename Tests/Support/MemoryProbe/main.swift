import EndpointRuntime
#if AsyncHTTPClient
import EndpointRuntimeAsyncHTTPClient
#endif
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Fetches one URL with the runtime's default transport (or `urlsession`, `curl`, `ahc`) and prints the
// outcome and this process's peak resident memory, for the memory tests and BENCHMARKS.md:
// `runtime-memory-probe <url> <maxResponseSize> <timeout> [default|urlsession|curl|ahc] [download-destination]`;
// with a destination, the body is downloaded to that file (`APIClient.download`) instead; with
// `upload=<file>`, the file is PUT as the request body (`RequestBody.file`); with `slow=<file>`, the
// body is downloaded to that file by a deliberately slow writer (1 ms after each chunk). For the
// bounded-work measurements: `events` reads the body as server-sent events (their count and
// bytes); `stopped=<seconds>` reads one event, then nothing for that long (a stopped reader);
// `cookies` stores the response's `Set-Cookie` in a fresh storage (the count kept); `pages` follows
// `Link: <…>; rel="next"` (the pages received). Each also prints the process's CPU seconds.

private struct Fetch: Endpoint {
    let path: String
    var upload: URL?
    var cookies = false
    var pathComponents: [PathComponent] { [.literal(path)] }
    var defaultBaseURL: URL? { nil }
    var method: HTTPMethod { upload == nil ? .get : .put }
    /// The URL's query, kept (the hostile-text server reads its sizes there).
    var query: [QueryItem] = []
    var queryItems: [QueryItem] { query }
    var headers: [HTTPHeader] { [] }
    var body: RequestBody { upload.map { .file($0, contentType: "application/octet-stream") } ?? .none }
    var auth: AuthRequirement { cookies ? .cookie : .none }
    var timeout: TimeInterval? { nil }
    var envelope: EnvelopeFormat? { nil }
    var errorFormat: ErrorBodyFormat { ErrorBodyFormat() }
    var sampleData: Data { Data() }
}

let arguments = CommandLine.arguments
guard (4...6).contains(arguments.count), let url = URL(string: arguments[1]), let limit = Int(arguments[2]), let timeout = Double(arguments[3]),
      let base = URL(string: "/", relativeTo: url)?.absoluteURL
else {
    FileHandle.standardError.write(Data("usage: runtime-memory-probe <url> <maxResponseSize> <timeout> [default|urlsession|curl|ahc] [download-destination]\n".utf8))
    exit(2)
}
let query = (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { QueryItem(name: $0.name, value: $0.value ?? "") }
let transport: any HTTPTransport
switch arguments.count >= 5 ? arguments[4] : "default" {
case "urlsession": transport = URLSessionTransport()
#if canImport(Darwin)
// Refused at init (URLSessionConfigurationTests): the process stops with the message.
case "urlsession-background": transport = URLSessionTransport(configuration: .background(withIdentifier: "endpointgen-probe"))
#endif
#if os(Linux)
case "curl": transport = CurlTransport()
#endif
#if AsyncHTTPClient
case "ahc": transport = AsyncHTTPClientTransport()
#else
case "ahc":
    FileHandle.standardError.write(Data("runtime-memory-probe: ahc needs the package trait AsyncHTTPClient\n".utf8))
    exit(2)
#endif
default: transport = APIClient.defaultTransport()
}
let storage = HTTPCookieStorage.sharedCookieStorage(forGroupContainerIdentifier: "runtime-memory-probe-\(UUID().uuidString)")
let client = APIClient(transport: transport, authentication: Authentication(cookies: .storage(storage)),
                       configuration: .init(timeout: timeout, maxResponseSize: limit))
let start = Date()
do {
    let mode = arguments.count == 6 ? arguments[5] : ""
    if mode == "events" {
        var count = 0
        var bytes = 0
        for try await event in client.events(Fetch(path: url.path, query: query), baseURL: base, as: String.self) {
            count += 1
            bytes += event.value.utf8.count
        }
        print("result: ok \(count) events, \(bytes) bytes")
    } else if mode.hasPrefix("stopped="), let seconds = Double(mode.dropFirst("stopped=".count)) {
        var iterator = client.events(Fetch(path: url.path, query: query), baseURL: base, as: String.self).makeAsyncIterator()
        _ = try await iterator.next()
        try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
        print("result: ok stopped \(seconds) s")
    } else if mode == "cookies" {
        try await client.send(Fetch(path: url.path, cookies: true, query: query), baseURL: base)
        print("result: ok \(storage.cookies?.count ?? 0) cookies kept")
    } else if mode == "pages" {
        let pages = APIPages<[Int], Int>(client: client, baseURL: base, first: Fetch(path: url.path, query: query), items: { $0 }) { page throws(APIError) in try page.nextLink() }
        var count = 0
        for try await _ in pages { count += 1 }
        print("result: ok \(count) pages")
    } else if arguments.count == 6, arguments[5].hasPrefix("upload=") {
        let file = URL(fileURLWithPath: String(arguments[5].dropFirst("upload=".count)))
        try await client.send(Fetch(path: url.path, upload: file, query: query), baseURL: base)
        print("result: ok uploaded")
    } else if arguments.count == 6 {
        let slow = arguments[5].hasPrefix("slow=")
        let file = URL(fileURLWithPath: slow ? String(arguments[5].dropFirst("slow=".count)) : arguments[5])
        var pause: TransferProgressHandler?
        if slow { pause = { _ in _ = usleep(1000) } }
        try await client.download(Fetch(path: url.path, query: query), baseURL: base, to: file, progress: pause)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? -1
        print("result: ok \(size) bytes")
    } else {
        let data = try await client.sendData(Fetch(path: url.path, query: query), baseURL: base)
        print("result: ok \(data.count) bytes")
    }
} catch {
    print("result: \(error)")
}
print("seconds: \(String(format: "%.2f", Date().timeIntervalSince(start)))")
#if AsyncHTTPClient
try? await (transport as? AsyncHTTPClientTransport)?.shutdown()
#endif
var usage = rusage()
#if canImport(Glibc)
getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
#else
getrusage(RUSAGE_SELF, &usage)
#endif
print("cpu_seconds: \(String(format: "%.2f", Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6))")
#if canImport(Darwin)
print("peak_rss_kib: \(usage.ru_maxrss / 1024)")
#else
// Linux's ru_maxrss keeps the spawning process's peak across exec (a test process of 150 MB gave
// every probe 150 MB, hiding what the probe itself took); VmHWM is this process's own peak.
let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
let hwm = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
print("peak_rss_kib: \(hwm ?? usage.ru_maxrss)")
#endif
