// The run-time cost of a model's storage class: `Entry` (specs/wide.yaml, 20 fields) keeps its
// fields in a private final class, `EntryInline` (specs-inline/wide.yaml, generated with
// --mutable-models) the same fields inline. Each operation runs on 1,000 values.
import EndpointRuntime
import Foundation

/// 1,000 entries as a server would send them (every optional present in every other one).
let wideJSON: Data = {
    let kinds = ["debit", "credit", "transfer", "fee"]
    var items: [String] = []
    for index in 0..<1000 {
        let even = index % 2 == 0
        var fields = [
            "\"id\":\(900_000 + index)", "\"account_id\":\(index % 37)", "\"kind\":\"\(kinds[index % 4])\"",
            "\"amount\":\(Double(index) * 1.25 + 0.5)", "\"currency\":\"EUR\"",
            "\"description\":\"Payment \(index) for services rendered\"", "\"reference\":\"REF-\(index)-2026\"",
            "\"category\":\"category-\(index % 12)\"", "\"tags\":[\"monthly\",\"team-\(index % 5)\"]",
            "\"created_at\":\"2026-11-\(10 + index % 18)T09:30:00Z\"", "\"balance_after\":\(10_000.0 - Double(index))",
            "\"is_pending\":\(even)", "\"is_recurring\":\(!even)", "\"sequence\":\(index)",
            "\"checksum\":\"\(String(index * 7919, radix: 16))\"",
        ]
        if even {
            fields += ["\"memo\":\"note \(index)\"", "\"counterparty\":\"Shop \(index % 40)\"",
                       "\"posted_at\":\"2026-11-\(11 + index % 17)T10:00:00Z\"", "\"batch\":\(index / 50)",
                       "\"source_url\":\"https://bank.example.com/e/\(index)\""]
        }
        items.append("{" + fields.joined(separator: ",") + "}")
    }
    return Data(("[" + items.joined(separator: ",") + "]").utf8)
}()

/// What reading every field of a value sums to (so that no read can be optimized away). Written
/// once per variant on purpose: a protocol or generic shared by both would, behind
/// `@inline(never)`, time witness calls instead of the field reads being compared.
@inline(never)
func readAll(_ values: [Entry]) -> Int {
    var sum = 0
    for v in values {
        sum &+= Int(v.id) &+ Int(v.accountId) &+ v.kind.rawValue.utf8.count &+ Int(v.amount) &+ v.currency.utf8.count
        sum &+= v.description.utf8.count &+ (v.memo?.utf8.count ?? 0) &+ v.reference.utf8.count &+ (v.counterparty?.utf8.count ?? 0)
        sum &+= v.category.utf8.count &+ v.tags.count &+ Int(v.createdAt.timeIntervalSince1970) &+ (v.postedAt == nil ? 0 : 1)
        sum &+= Int(v.balanceAfter) &+ (v.isPending ? 1 : 0) &+ (v.isRecurring ? 1 : 0) &+ v.sequence &+ (v.batch ?? 0)
        sum &+= (v.sourceUrl == nil ? 0 : 1) &+ v.checksum.utf8.count
    }
    return sum
}

@inline(never)
func readAll(_ values: [EntryInline]) -> Int {
    var sum = 0
    for v in values {
        sum &+= Int(v.id) &+ Int(v.accountId) &+ v.kind.rawValue.utf8.count &+ Int(v.amount) &+ v.currency.utf8.count
        sum &+= v.description.utf8.count &+ (v.memo?.utf8.count ?? 0) &+ v.reference.utf8.count &+ (v.counterparty?.utf8.count ?? 0)
        sum &+= v.category.utf8.count &+ v.tags.count &+ Int(v.createdAt.timeIntervalSince1970) &+ (v.postedAt == nil ? 0 : 1)
        sum &+= Int(v.balanceAfter) &+ (v.isPending ? 1 : 0) &+ (v.isRecurring ? 1 : 0) &+ v.sequence &+ (v.batch ?? 0)
        sum &+= (v.sourceUrl == nil ? 0 : 1) &+ v.checksum.utf8.count
    }
    return sum
}

/// Keeps a result alive without the optimizer seeing through it.
@inline(never)
func keep<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// This thread's CPU time in nanoseconds: on a machine shared with builds (load 10 and more),
/// wall time mostly measures the waits for a core; every operation here runs on one thread.
func threadCPUNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// CPU nanoseconds per value of `body` run `repeats` times on the 1,000 values.
func perValue(_ repeats: Int, _ body: () throws -> Void) rethrows -> Double {
    let start = threadCPUNanoseconds()
    for _ in 0..<repeats { try body() }
    return (threadCPUNanoseconds() - start) / Double(repeats * 1000)
}

/// The operations on one variant: decode, encode, copy (each value into a new array), compare
/// (with values decoded separately: no shared storage to short-cut), read every field.
struct WideOperations {
    var decode: () throws -> Void
    var encode: () throws -> Void
    var copy: () -> Void
    var compare: () -> Void
    var read: () -> Void

    static let names = ["decode", "encode", "copy", "compare", "read"]

    func run(_ name: String, _ repeats: Int) throws -> Double {
        switch name {
        case "decode": return try perValue(repeats, decode)
        case "encode": return try perValue(repeats, encode)
        case "copy": return perValue(repeats, copy)
        case "compare": return perValue(repeats, compare)
        default: return perValue(repeats, read)
        }
    }
}

func wideOperations<Value: Codable & Equatable>(_ type: Value.Type, read: @escaping ([Value]) -> Int) throws -> WideOperations {
    let decoder = APIClient.Configuration.defaultDecoder()
    let encoder = APIClient.Configuration.defaultEncoder()
    let values = try decoder.decode([Value].self, from: wideJSON)
    let twins = try decoder.decode([Value].self, from: wideJSON)
    precondition(values.count == 1000 && values == twins, "\(Value.self): the values decode alike")
    return WideOperations(
        decode: { keep(try decoder.decode([Value].self, from: wideJSON)) },
        encode: { keep(try encoder.encode(values)) },
        copy: { keep(values.map { $0 }) },
        compare: { precondition(values == twins) },
        read: { keep(read(values)) })
}

/// Runs every operation on both variants, interleaved, for `rounds` rounds; one JSON line per
/// variant and operation with ns per value.
func benchStorageClasses(rounds: Int, repeats: Int) throws {
    let decoder = APIClient.Configuration.defaultDecoder()
    let encoder = APIClient.Configuration.defaultEncoder()
    // Both variants must hold the same data, or their speeds compare nothing.
    let stored = try decoder.decode([Entry].self, from: wideJSON)
    let inline = try decoder.decode([EntryInline].self, from: wideJSON)
    let (storedJSON, inlineJSON) = (try encoder.encode(stored), try encoder.encode(inline))
    precondition(storedJSON == inlineJSON, "specs/wide.yaml and specs-inline/wide.yaml differ")
    precondition(readAll(stored) == readAll(inline), "the two variants read differently")
    let variants = [("storage", try wideOperations(Entry.self, read: readAll)),
                    ("inline", try wideOperations(EntryInline.self, read: readAll))]
    var times: [String: [Double]] = [:]
    for (_, operations) in variants {
        for name in WideOperations.names { _ = try operations.run(name, 1) }   // warm-up
    }
    for _ in 0..<rounds {
        for name in WideOperations.names {
            for (variant, operations) in variants {
                times[variant + " " + name, default: []].append(try operations.run(name, repeats))
            }
        }
    }
    for name in WideOperations.names {
        for (variant, _) in variants {
            print("{\"model\":\"\(variant)\",\"op\":\"\(name)\",\"ns\":\(times[variant + " " + name] ?? [])}")
        }
    }
}
