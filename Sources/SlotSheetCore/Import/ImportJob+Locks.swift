extension ParsedSheet {
    /// The slots an apply of this file may change, which it locks before it reads what it checks:
    /// in a template, the slots with a cell the office edited (a mark unlike the state the template
    /// was exported with; only those cells are ever applied); in a CSV, every slot it gives a mark
    /// for. Slots of dayparts the database does not know are left out: the file is refused.
    func slotsItMayChange(_ references: References) -> [SlotKey] {
        let snapshot = template?.snapshot
        return slots.enumerated().compactMap { index, slot in
            guard let daypart = references.dayparts[slot.daypartCode] else { return nil }
            let marks = slot.marks.enumerated().filter { $0.element == .available || $0.element == .unavailable }
            let mayChange: Bool
            if let snapshot, snapshot.indices.contains(index) {
                let exported = snapshot[index].available
                mayChange = marks.contains { !exported.indices.contains($0.offset) || exported[$0.offset] != ($0.element == .available) }
            } else {
                mayChange = !marks.isEmpty
            }
            return mayChange ? SlotKey(date: slot.date, daypartID: daypart.id) : nil
        }
    }
}
