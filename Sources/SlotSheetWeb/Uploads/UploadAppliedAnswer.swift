import SlotSheetCore
import SlotSheetTemplates

extension UploadApplied {
    /// How a page answers the apply of an upload whose job reads its bytes again (a list, a
    /// requests workbook): nil once applied or found with nothing to change (303 to the upload's
    /// page), else the notice its page shows with 409 (applied already, not ready, the plan
    /// changed); 429 thrown after too many refused applies.
    func refusalNotice(_ context: WebContext) throws -> (String, String)? {
        let w = context.words
        switch self {
        case .applied, .nothingToChange:
            return nil
        case let .alreadyApplied(batch):
            return ("error", w.alreadyApplied(batch ?? 0))
        case let .notReady(state):
            return ("error", w.cannotApply(UploadWords.stateText(state, w)))
        case .notApplied:
            return ("error", "\(w.planChangedTitle): \(ImportReportLine.planChanged.text(context.language))")
        case let .tooManyRefused(wait):
            throw WebError.tooMany(code: "too_many_refused_applies", message: w.tooManyRefusedApplies(wait.wholeSecondsUp),
                                   retryAfterSeconds: wait.wholeSecondsUp)
        }
    }
}
