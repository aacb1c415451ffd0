/// What `slotsheet user ...` and the web front say when a user cannot be added or changed.
extension UserError: OfficeMessage {
    public var english: String {
        switch self {
        case let .invalidName(name):
            return "'\(name)' cannot be a user name: use 1 to 64 letters, digits, dots, dashes, underscores or @."
        case let .passwordTooShort(minimum):
            return "The password is too short: use at least \(minimum) characters."
        case let .nameTaken(name):
            return "There is already a user named '\(name)'."
        case let .notFound(name):
            return "There is no user named '\(name)'; 'slotsheet user list' shows them."
        }
    }

    public var dutch: String {
        switch self {
        case let .invalidName(name):
            return "'\(name)' kan geen gebruikersnaam zijn: gebruik 1 tot 64 letters, cijfers, punten, streepjes, lage streepjes of @."
        case let .passwordTooShort(minimum):
            return "Het wachtwoord is te kort: gebruik minstens \(minimum) tekens."
        case let .nameTaken(name):
            return "Er is al een gebruiker met de naam '\(name)'."
        case let .notFound(name):
            return "Er is geen gebruiker met de naam '\(name)'; 'slotsheet user list' toont ze."
        }
    }
}
