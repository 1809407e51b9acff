import Foundation

/// A model field stored out of line, so that a struct can contain itself (`parent: Comment?`) or
/// take part in a cycle of models (`Node.next: Link?`, `Link.target: Node`).
///
/// Generated code keeps exactly the fields that close such a cycle in an `Indirect` (a private
/// `_name` property behind a computed `name`); reading and writing them looks like any other
/// property. The value sits in an immutable box that is replaced on every write, so copies of
/// the struct stay independent (value semantics).
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    /// Stores `value`.
    public init(_ value: Value) {
        box = Box(value)
    }

    /// The stored value.
    public var value: Value {
        get { box.value }
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    /// Compares the stored values.
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool {
        lhs.value == rhs.value
    }
}

extension Indirect: Hashable where Value: Hashable {
    /// Hashes the stored value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(value)
    }
}
