import EndpointGenSpec

/// Finds the models that contain themselves through direct fields (`parent: Node?`, or
/// `Node.next: Link?` → `Link.target: Node`). Arrays and dictionaries are stored out of line
/// already, so only plain and optional model fields count as edges.
enum ModelCycles {
    /// Each model in a cycle (a strongly connected component with an edge inside it) mapped to
    /// its component's number; models in no cycle are absent.
    static func find(in models: [String: Model]) -> [String: Int] {
        // Names sorted: the numbering does not depend on dictionary order (only equality of
        // numbers is used, but stable is easier to debug).
        let names = models.keys.sorted()
        var edges: [String: [String]] = [:]
        for name in names {
            guard case .structure(let fields)? = models[name]?.kind else { continue }
            var targets: [String] = []
            for field in fields {
                if case .model(let target) = field.type.unwrapped, case .structure? = models[target]?.kind {
                    targets.append(target)
                }
            }
            if !targets.isEmpty { edges[name] = targets }
        }
        guard !edges.isEmpty else { return [:] }

        // Tarjan's algorithm, iterative so that long chains of models cannot exhaust the stack.
        var index: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var next = 0
        var component = 0
        var result: [String: Int] = [:]

        for root in names where index[root] == nil && edges[root] != nil {
            // Each frame: a model and how many of its edges have been followed.
            var frames: [(name: String, edge: Int)] = [(root, 0)]
            index[root] = next
            lowLink[root] = next
            next += 1
            stack.append(root)
            onStack.insert(root)
            while var frame = frames.popLast() {
                let targets = edges[frame.name] ?? []
                if frame.edge < targets.count {
                    let target = targets[frame.edge]
                    frame.edge += 1
                    frames.append(frame)
                    if index[target] == nil {
                        index[target] = next
                        lowLink[target] = next
                        next += 1
                        stack.append(target)
                        onStack.insert(target)
                        frames.append((target, 0))
                    } else if onStack.contains(target) {
                        lowLink[frame.name] = min(lowLink[frame.name]!, index[target]!)
                    }
                    continue
                }
                // All edges followed: pass the low link up, and pop a finished component.
                if let parent = frames.last {
                    lowLink[parent.name] = min(lowLink[parent.name]!, lowLink[frame.name]!)
                }
                guard lowLink[frame.name] == index[frame.name] else { continue }
                var members: [String] = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    members.append(member)
                    if member == frame.name { break }
                }
                let selfLoop = targets.contains(frame.name)
                if members.count > 1 || selfLoop {
                    for member in members { result[member] = component }
                    component += 1
                }
            }
        }
        return result
    }
}
