/// The words Routino's router writes for an unnamed way: the English highway type names of its
/// `translations.xml` (Routino 3.3.3 and 3.4.3 agree), so that "path" is said "the path".
enum RoutinoWords {
    static let highwayTypes: Set<String> = [
        "motorway", "trunk road", "primary road", "secondary road", "tertiary road", "unclassified road",
        "residential road", "service road", "track", "cycleway", "path", "steps", "ferry",
    ]
}
