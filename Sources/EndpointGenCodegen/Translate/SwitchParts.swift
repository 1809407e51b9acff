/// A `switch` over more cases than swiftc checks for exhaustiveness, written in parts: the one
/// owner of that rule, used by the Router's properties (`RouterRenderer+Switches.swift`) and the
/// enum models' `encode(to:)` and `hasEqualFields` (`ModelRenderer+Enums.swift`).
///
/// Swift gives up checking that a switch over cases with associated values is exhaustive past
/// about 630 cases without `default:` ("the compiler is unable to check that this switch is
/// exhaustive in reasonable time"): the space engine's budget runs out at about n²/2. A service
/// of one tag has hundreds of endpoints (Stripe's: 468), a union as many types. A switch of more
/// than `limit` cases lists the first `limit` where it stands and the others in local functions
/// of as many each (`pathComponents2()`, `encode2()`, …), declared after it in the same body,
/// each switch's `default:` handing the cases it does not list to the next. The size of a part
/// hardly matters below the compiler's limit (at 1,210 endpoints, 64 to 512 type-check alike:
/// Benchmarks/NOTES.md, "big services"); 256 keeps a margin and few parts.
struct SwitchParts {
    /// The most cases one switch lists.
    static let limit = 256

    /// The declaration of part `n`'s local function (`n` from 2): `func pathComponents2() -> [String]`.
    var function: (Int) -> String
    /// The statement of a `default:` that hands the cases it does not list to part `n`:
    /// `return pathComponents2()`.
    var call: (Int) -> String
    /// The statements under the last part's `default:`: the answer for the cases no part lists,
    /// or `unreachable`.
    var last: (inout CodePrinter) -> Void

    /// `switch subject` over `items` (`arms` writes the `case`s of a run of them). Up to `limit`
    /// items one switch, which `tail` ends (its `default:` or last `case`; by default nothing); past it,
    /// in parts, the last one's `default:` written by `last`.
    func put<Item>(
        _ subject: String, _ items: [Item], into p: inout CodePrinter,
        arms: (ArraySlice<Item>, inout CodePrinter) -> Void, tail: (inout CodePrinter) -> Void = { _ in }
    ) {
        guard items.count > Self.limit else {
            p.switchBlock("\(subject)") { p in
                arms(items[...], &p)
                tail(&p)
            }
            return
        }
        let starts = Array(stride(from: items.startIndex, to: items.endIndex, by: Self.limit))
        for (part, start) in starts.enumerated() {
            let isLast = part == starts.count - 1
            let slice = items[start..<min(start + Self.limit, items.endIndex)]
            func putPart(_ p: inout CodePrinter) {
                p.switchBlock("\(subject)") { p in
                    arms(slice, &p)
                    p.line("default:")
                    p.indented { p in
                        if isLast { last(&p) } else { p.line(text: call(part + 2)) }
                    }
                }
            }
            guard part > 0 else {
                putPart(&p)
                continue
            }
            p.blank()
            if part == 1 {
                p.line("// The other cases, \(Self.limit) per switch: swiftc cannot check a switch of hundreds for exhaustiveness.")
            }
            p.block("\(function(part + 1))", putPart)
        }
    }

    /// The statement of a last `default:` that no case reaches, every case being listed
    /// (qualified: a case may be named `fatalError`).
    static func unreachable(_ p: inout CodePrinter) {
        p.line("Swift.fatalError(\"unreachable: the switches above list every case\")")
    }
}
