// Hand-written code next to build-time generated code: `Review` comes from specs/reviews.yaml.

extension Review {
    /// The rating as five stars, e.g. `★★★★☆` for 4.
    public var starsLabel: String {
        let filled = min(max(stars, 0), 5)
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
    }
}
