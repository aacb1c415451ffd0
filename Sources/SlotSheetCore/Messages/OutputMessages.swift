/// Why an output file (an export, a report, an error workbook, the nightly's files) could not be
/// written, in the office's languages. Nothing partial is left behind in any case.
extension OutputError: OfficeMessage {
    public var english: String {
        switch self {
        case let .folderMissing(folder): return "The folder \(folder) does not exist."
        case let .cannotEnter(folder, user):
            return "The user \(user) may not enter the folder \(folder). Write to a folder \(user) can reach, or ask the administrator to let \(user) in. Nothing was written."
        case let .folderNotWritable(folder, user):
            return "The user \(user) may not write in the folder \(folder). Write to another folder, or ask the administrator to let \(user) write there. Nothing was written."
        case let .isAFolder(path): return "\(path) is a folder; give a file name."
        case let .cannotWrite(path, reason): return "\(path) could not be written: \(reason.english). \(reason.englishFix) Nothing was left behind."
        }
    }

    public var dutch: String {
        switch self {
        case let .folderMissing(folder): return "De map \(folder) bestaat niet."
        case let .cannotEnter(folder, user):
            return "De gebruiker \(user) mag de map \(folder) niet openen. Schrijf naar een map waar \(user) bij kan, of vraag de beheerder \(user) toegang te geven. Er is niets geschreven."
        case let .folderNotWritable(folder, user):
            return "De gebruiker \(user) mag niet schrijven in de map \(folder). Schrijf naar een andere map, of vraag de beheerder \(user) daar schrijfrechten te geven. Er is niets geschreven."
        case let .isAFolder(path): return "\(path) is een map; geef een bestandsnaam."
        case let .cannotWrite(path, reason): return "\(path) kon niet worden geschreven: \(reason.dutch). \(reason.dutchFix) Er is niets achtergebleven."
        }
    }
}

/// A file that could not be read (to take its digest): the import's file, or an export's own file
/// read back before it is published.
public struct FileReadError: Error, Equatable, Sendable, OfficeMessage {
    public let path: String
    public let reason: OutputReason

    public init(path: String, reason: OutputReason) {
        self.path = path
        self.reason = reason
    }

    public var english: String {
        switch reason {
        case .noPermission: return "\(path) could not be read: there is no permission to read it."
        default: return "\(path) could not be read: it does not exist or the device refused to read it."
        }
    }

    public var dutch: String {
        switch reason {
        case .noPermission: return "\(path) kon niet worden gelezen: er is geen toestemming om het te lezen."
        default: return "\(path) kon niet worden gelezen: het bestaat niet of het apparaat weigerde het te lezen."
        }
    }
}

/// Why a file could not be written, in the words of the person who has to fix it.
public enum OutputReason: Hashable, Sendable, OfficeMessage {
    case noSpace
    case readOnly
    case noPermission
    /// Anything else, in the system's (English) words.
    case other(String)

    public var english: String {
        switch self {
        case .noSpace: return "no space left on the device"
        case .readOnly: return "the folder is read-only"
        case .noPermission: return "no permission to write in the folder"
        case let .other(text): return text.hasSuffix(".") ? String(text.dropLast()) : text
        }
    }

    public var dutch: String {
        switch self {
        case .noSpace: return "er is geen ruimte meer op het apparaat"
        case .readOnly: return "de map is alleen-lezen"
        case .noPermission: return "er is geen toestemming om in de map te schrijven"
        // The system's words, which only the administrator needs, are left out of a Dutch sentence.
        case .other: return "het besturingssysteem weigerde het schrijven"
        }
    }

    var englishFix: String {
        switch self {
        case .noSpace: return "Free some space there, or write to another folder."
        case .readOnly, .noPermission: return "Write to another folder, or ask the administrator to make this one writable."
        case .other: return "Check the folder and the device, and run the command again."
        }
    }

    var dutchFix: String {
        switch self {
        case .noSpace: return "Maak daar ruimte vrij, of schrijf naar een andere map."
        case .readOnly, .noPermission: return "Schrijf naar een andere map, of vraag de beheerder deze map schrijfbaar te maken."
        case .other: return "Controleer de map en het apparaat, en voer de opdracht opnieuw uit."
        }
    }
}
