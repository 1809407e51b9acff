@testable import EndpointGenSpec
import Foundation
import XCTest

/// The zone list `timeZone:` is checked against (TimeZones.swift, made by
/// Scripts/generate-time-zones.swift) and Foundation, which the generated code hands the name to
/// at run time, agree: a listed zone that Foundation refused would be a crash at run time, and a
/// zone Foundation knows but the list lacks an error at a valid spec. When this fails after a
/// toolchain or tz update, rerun the script.
final class TimeZoneListTests: XCTestCase {
    func testEveryListedZoneIsAcceptedByFoundation() {
        let refused = TimeZoneNames.all.filter { TimeZone(identifier: $0) == nil }
        XCTAssertEqual(refused, [], "listed zones TimeZone(identifier:) refuses; rerun swift Scripts/generate-time-zones.swift")
    }

    func testFoundationsZonesAreAllListed() {
        let missing = TimeZone.knownTimeZoneIdentifiers.filter { !TimeZoneNames.contains($0) }
        XCTAssertEqual(missing, [], "zones Foundation knows that the list lacks; rerun swift Scripts/generate-time-zones.swift")
    }

    /// The lookup is a binary search over UTF-8 order: the list must be in it, without repeats.
    func testTheListIsSortedByBytesAndEveryNameIsFound() {
        for (first, second) in zip(TimeZoneNames.all, TimeZoneNames.all.dropFirst()) {
            XCTAssertTrue(Array(first.utf8).lexicographicallyPrecedes(Array(second.utf8)), "\(first) before \(second)")
        }
        for name in TimeZoneNames.all { XCTAssertTrue(TimeZoneNames.contains(name), name) }
        for name in ["", "Asia", "asia/seoul", "Asia/Seoul ", "Zulu2", "~"] { XCTAssertFalse(TimeZoneNames.contains(name), name) }
        XCTAssertGreaterThan(TimeZoneNames.all.count, 400)
    }

    /// The schema offers the same names to editors (the script writes both).
    func testTheSchemaListsTheSameZones() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("schema/endpointgen-spec.schema.json"))
        let schema = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let zone = try XCTUnwrap((schema["properties"] as? [String: Any])?["timeZone"] as? [String: Any])
        XCTAssertEqual(zone["enum"] as? [String], TimeZoneNames.all)
    }
}
