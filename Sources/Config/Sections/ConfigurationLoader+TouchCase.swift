import Gestures

/// The reader of `[devices.touch_case]`'s own settings: sides, touches per side, power saving.
extension ConfigurationLoader {
    func readTouchCaseSettings(_ t: TableReader?) -> TouchCaseSettings {
        var settings = TouchCaseSettings()
        guard let t else { return settings }
        if let names = t.strings("sides") {
            var sides: Set<CaseSide> = []
            for (i, name) in names.enumerated() {
                if let side = CaseSide(rawValue: name) { sides.insert(side) } else {
                    t.issues.report("\(t.keyPath("sides"))[\(i)]", "\"\(name)\" is not a side of the case; use top, bottom, left or right")
                }
            }
            if names.isEmpty { t.report("sides", "no side enabled; list at least one of top, bottom, left, right (or set enabled = false)") }
            settings.sides = sides
        }
        if let n = t.int("touches_per_side", in: 1...5) { settings.touchesPerSide = n }
        if let b = t.bool("power_saving") { settings.powerSaving = b }
        return settings
    }
}
