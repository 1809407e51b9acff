/// Finds the models that contain themselves through direct fields (`parent: Node?`, or
/// `Node.next: Link?` → `Link.target: Node`). Arrays and dictionaries are stored out of line
/// already, so only plain and optional model fields count as edges. The code generator keeps
/// such fields in an `Indirect` box, whose `_name` storage the Namer keeps free.
public enum ModelCycles {
    /// Each model in a cycle (a strongly connected component with an edge inside it) mapped to
    /// its component's number; models in no cycle are absent.
    ///
    /// `models` in module order (the numbering follows it; only equality of numbers is used).
    /// The graph is kept as indices, not names: this runs once per run, before the files are
    /// generated in parallel, so it is on the critical path of every run.
    public static func find(in models: [Model], byName: [String: Int]) -> [String: Int] {
        var edges: [[Int]] = Array(repeating: [], count: models.count)
        var hasEdges = false
        for (source, model) in models.enumerated() {
            guard case .structure(let fields) = model.kind else { continue }
            for field in fields {
                guard case .model(let target) = field.type.unwrapped, let index = byName[target],
                    case .structure = models[index].kind
                else { continue }
                edges[source].append(index)
                hasEdges = true
            }
        }
        guard hasEdges else { return [:] }

        // Tarjan's algorithm, iterative so that long chains of models cannot exhaust the stack.
        let unvisited = -1
        var order = Array(repeating: unvisited, count: models.count)
        var lowLink = Array(repeating: 0, count: models.count)
        var onStack = Array(repeating: false, count: models.count)
        var stack: [Int] = []
        var next = 0
        var component = 0
        var result: [String: Int] = [:]

        for root in models.indices where order[root] == unvisited && !edges[root].isEmpty {
            // Each frame: a model and how many of its edges have been followed.
            var frames: [(model: Int, edge: Int)] = [(root, 0)]
            order[root] = next
            lowLink[root] = next
            next += 1
            stack.append(root)
            onStack[root] = true
            while var frame = frames.popLast() {
                let targets = edges[frame.model]
                if frame.edge < targets.count {
                    let target = targets[frame.edge]
                    frame.edge += 1
                    frames.append(frame)
                    if order[target] == unvisited {
                        order[target] = next
                        lowLink[target] = next
                        next += 1
                        stack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        lowLink[frame.model] = min(lowLink[frame.model], order[target])
                    }
                    continue
                }
                // All edges followed: pass the low link up, and pop a finished component.
                if let parent = frames.last {
                    lowLink[parent.model] = min(lowLink[parent.model], lowLink[frame.model])
                }
                guard lowLink[frame.model] == order[frame.model] else { continue }
                var members: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    members.append(member)
                    if member == frame.model { break }
                }
                if members.count > 1 || targets.contains(frame.model) {
                    for member in members { result[models[member].name] = component }
                    component += 1
                }
            }
        }
        return result
    }
}
