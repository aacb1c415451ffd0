public enum Language: String, CaseIterable, Sendable { case en, nl }
