// The availability check's positive control (Tests/Scripts/test_availability.py): a file that
// uses declarations newer than the package's platforms, guarded and not. Each line the check must
// report ends in `expect-error:` and the platforms it must name; no other line may be reported.
import Foundation
import Synchronization

let counter = Mutex(0)  // expect-error: macOS iOS tvOS watchOS

func text(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)  // expect-error: macOS iOS tvOS watchOS
}

// A type in a signature, with no expression naming it.
func read(_ lock: borrowing Mutex<Int>) -> Int {  // expect-error: macOS iOS tvOS watchOS
    0
}

// A conformance the declaration states.
struct Ticket: AtomicRepresentable {  // expect-error: macOS iOS tvOS watchOS
    var raw: Int
    static func encodeAtomicRepresentation(_ value: consuming Ticket) -> Int.AtomicRepresentation {
        Int.encodeAtomicRepresentation(value.raw)  // expect-error: macOS iOS tvOS watchOS
    }
    static func decodeAtomicRepresentation(_ storage: consuming Int.AtomicRepresentation) -> Ticket {
        Ticket(raw: Int.decodeAtomicRepresentation(storage))  // expect-error: macOS iOS tvOS watchOS
    }
}

func guarded(_ bytes: [UInt8]) -> String? {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        let lock = Mutex(1)
        return lock.withLock { _ in String(validating: bytes, as: UTF8.self) }
    }
    return nil
}

// `*` leaves the other platforms at the package's versions.
func macOnlyGuard(_ bytes: [UInt8]) -> String? {
    guard #available(macOS 15, *) else { return nil }
    return String(validating: bytes, as: UTF8.self)  // expect-error: iOS tvOS watchOS
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class Box {
    let lock = Mutex(2)
    func value() -> Int { lock.withLock { $0 } }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
extension String {
    static func strict(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
}

// As old as the package's platforms (Duration, Clock: macOS 13 / iOS 16): fine.
func pause() async throws {
    try await Task.sleep(for: .milliseconds(1))
    _ = ContinuousClock().now
}

// `for await` calls next(isolation:) (macOS 15) on Linux; on older Apple systems the compiler
// calls next() instead, so the loop is fine.
func drain(_ stream: AsyncThrowingStream<Int, any Error>) async throws {
    for try await _ in stream {}
}

// FixedWidthInteger's `&*` requirement is macOS 15; the extension method of the same signature,
// which older systems call, is as old as the protocol.
func mix(_ hash: UInt64) -> UInt64 {
    hash &* 0x0000_0100_0000_01B3
}

#if os(Linux)
let linuxLock = Mutex(3)
#endif

#if canImport(FoundationNetworking)
func linuxText(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
#else
let darwinLock = Mutex(4)  // expect-unchecked expect-warning: Mutex
#endif
