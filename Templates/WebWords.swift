/// The words of the web front (`slotsheet serve`), in one language. Each language is one value of
/// this type (`WebEnglish.swift`, `WebDutch.swift`), so a missing translation is a compile error.
/// Sentences with values take them as typed, named closure parameters.
public struct WebWords: Sendable {
    // The frame of every page.
    public var appName: String
    public var skipToContent: String
    public var navHome: String
    public var navTemplate: String
    public var navUpload: String
    public var navUploads: String
    public var navHistory: String
    public var signOut: String
    public var signedInAs: @Sendable (_ name: String, _ role: String) -> String
    public var roleOffice: String
    public var roleAdmin: String
    /// The link to the other language, written in that language.
    public var otherLanguageName: String
    public var otherLanguageLabel: String

    // Signing in.
    public var signInTitle: String
    public var signInIntro: String
    public var nameLabel: String
    public var passwordLabel: String
    public var signInButton: String
    public var signInFailed: String
    public var signInThrottled: @Sendable (_ seconds: Int) -> String
    /// Too many password checks under way at once (429).
    public var signInBusy: String
    /// A form or JSON body that broke off or could not be read (400).
    public var requestBroken: String
    /// An upload whose preview is not in memory (the server restarted): it is read again.
    public var previewBeingRead: String
    public var signedOut: String

    // Home: the next weeks at a glance.
    public var homeTitle: String
    public var homeIntro: @Sendable (_ from: String, _ to: String) -> String
    public var dateColumn: String
    public var daypartColumn: String
    /// Shown beside a slot with fewer staff than booked requests (also marked by a symbol, not colour alone).
    public var shortBy: @Sendable (_ missing: Int) -> String
    public var shortLegend: String
    /// How to read a cell of the overview: free places large, then booked of capacity.
    public var cellLegend: String
    public var freeOf: @Sendable (_ free: Int) -> String
    public var bookedOf: @Sendable (_ booked: Int, _ capacity: Int) -> String
    public var noDayparts: String
    public var downloadAction: String
    public var uploadAction: String
    public var weekdays: [String]
    public var months: [String]

    // Download a template.
    public var templateTitle: String
    public var templateIntro: String
    public var fromLabel: String
    public var toLabel: String
    public var nextFourWeeks: String
    public var nextMonth: String
    public var staffLegend: String
    public var allStaff: String
    public var chosenStaff: String
    public var inactiveStaff: String
    public var languageLabel: String
    public var languageNames: (english: String, dutch: String)
    public var downloadButton: String
    public var noStaffChosen: String

    // Upload.
    public var uploadTitle: String
    public var uploadIntro: String
    public var dropHere: String
    public var fileLabel: String
    public var uploadButton: String
    public var uploadLimit: @Sendable (_ megabytes: Int) -> String
    public var noFileChosen: String
    public var fileTooLarge: @Sendable (_ megabytes: Int) -> String
    public var notAnUploadForm: String
    public var emptyFile: String
    /// A multipart body whose parts cannot be read (broken boundaries or part headers).
    public var malformedUpload: String

    // The upload list and one upload.
    public var uploadsTitle: String
    public var allUploadsTitle: String
    public var uploadsIntro: @Sendable (_ hours: Int, _ refusedHours: Int) -> String
    public var noUploads: String
    public var fileColumn: String
    public var uploadedColumn: String
    public var byColumn: String
    public var stateColumn: String
    public var resultColumn: String
    public var stateReading: String
    public var stateReady: String
    public var stateRefused: String
    public var stateApplied: String
    public var stateDiscarded: String
    public var stateExpired: String
    public var rowsRead: @Sendable (_ rows: Int) -> String
    public var readingNote: String
    public var changesSummary: @Sendable (_ added: Int, _ removed: Int) -> String
    public var unchangedSummary: @Sendable (_ unchanged: Int) -> String
    public var problemsSummary: @Sendable (_ problems: Int) -> String
    public var unreadableFile: String
    public var nothingToChange: String
    public var staleSummary: @Sendable (_ changes: Int) -> String
    public var appliedAsBatch: @Sendable (_ batch: Int64) -> String
    public var uploadTitleFor: @Sendable (_ file: String) -> String
    public var perDateTitle: String
    public var perStaffTitle: String
    public var problemsTitle: String
    public var placeColumn: String
    public var problemColumn: String
    public var fixColumn: String
    public var staleTitle: String
    /// Under a plan that can be applied: what applying does.
    public var applyNote: String
    public var applyButton: String
    /// Shown when the plan changed between the preview and the click (with what changed).
    public var planChangedTitle: String
    public var planChangedCells: @Sendable (_ newlyChanged: Int, _ noLongerChanged: Int) -> String
    public var planChangedNowRefused: String
    public var alreadyApplied: @Sendable (_ batch: Int64) -> String
    public var cannotApply: @Sendable (_ state: String) -> String
    /// A user with this many uploads waiting (being read, ready or refused) uploads another (429).
    public var tooManyUploadsWaiting: @Sendable (_ limit: Int) -> String
    /// Too many applies of this user were refused in a short time (429).
    public var tooManyRefusedApplies: @Sendable (_ seconds: Int) -> String
    public var historyLink: String
    public var noPlanGiven: String
    public var discardButton: String
    // The preview's grid: one row a date and daypart, one column a person, + and - in the cells.
    public var gridTitle: String
    public var gridLegend: String
    public var gridLimited: @Sendable (_ shown: Int, _ total: Int) -> String
    // The error workbook of a file with problems.
    public var errorWorkbookNote: String
    public var errorWorkbookButton: String
    public var errorWorkbookUnavailable: String
    // A stale template: applying the office's edits on top of the database as it is now.
    public var onTopTitle: String
    public var onTopNote: String
    public var onTopButton: String
    public var onTopNothing: String
    public var onTopRefused: String
    /// The same, when the file's problems are listed above already (a stale file with problems).
    public var onTopRefusedAbove: String
    /// What applying a stale list workbook's edits on top does (the command line's `--force`).
    public var listOnTopNote: String
    public var discarded: String
    public var backToUploads: String

    // History.
    public var historyTitle: String
    public var historyIntro: String
    /// The history's filter: all outcomes, the operator field's hint, the button, the page links.
    public var allOutcomes: String
    public var anyone: String
    public var showButton: String
    public var newerBatches: String
    public var olderBatches: String
    public var noBatches: String
    public var batchColumn: String
    public var whenColumn: String
    public var operatorColumn: String
    public var addedColumn: String
    public var removedColumn: String
    public var unchangedColumn: String
    public var outcomeColumn: String
    public var undoOf: @Sendable (_ batch: Int64) -> String
    public var outcomeNames: @Sendable (_ outcome: String) -> String
    /// Undo (admins): the button, what it did, and why it could not.
    public var undoButton: String
    public var undoneMark: @Sendable (_ by: Int64) -> String
    public var undoneAs: @Sendable (_ batch: Int64, _ undo: Int64) -> String

    // Pages that say no.
    public var forbiddenTitle: String
    public var forbiddenNeedsRole: @Sendable (_ needed: String, _ name: String, _ role: String) -> String
    public var csrfTitle: String
    public var csrfMessage: String
    public var notFoundTitle: String
    public var notFoundMessage: String
    public var badRequestTitle: String
    public var serverErrorTitle: String
    public var serverErrorMessage: @Sendable (_ reference: String) -> String
    public var unavailableTitle: String
    public var unavailableMessage: String
    public var goHome: String

    // Users (admins).
    public var navUsers: String
    public var usersTitle: String
    public var usersIntro: String
    public var navExports: String
    public var exportsTitle: String
    /// The page's intro, naming the nightly's output folder.
    public var exportsIntro: @Sendable (_ folder: String) -> String
    public var exportsNone: String
    public var exportsFileColumn: String
    public var exportsSizeColumn: String
    public var roleColumn: String
    public var activeColumn: String
    public var tokenColumn: String
    public var yes: String
    public var no: String

    // Managing users (`slotsheet user ...`).
    public var passwordsDiffer: String
    public var noPasswordGiven: String

    // The JSON API's messages (the `code` is stable; the message is in the request's language).
    public var apiUnauthorized: String
    public var apiForbidden: @Sendable (_ needed: String) -> String
    public var apiNotFound: String
    /// A request the server cannot take that none of the messages below names (no library's text
    /// is passed on: it would be English inside a Dutch answer).
    public var apiBadRequest: String
    /// The body of `POST /api/imports/{id}/apply` is not a JSON object.
    public var apiBodyNotJSON: String
    /// ... or its `planDigest` is missing, empty or not text.
    public var apiPlanDigestMissing: String
    /// ... or its `onTop` is neither true nor false.
    public var apiOnTopNotBoolean: String
    /// A form or JSON body past the limit of everything but an upload's file.
    public var requestTooLarge: @Sendable (_ kilobytes: Int) -> String
    /// A query parameter outside its bounds or not a number (`limit` of `/api/batches`).
    public var apiBadNumber: @Sendable (_ parameter: String, _ value: String, _ minimum: Int, _ maximum: Int) -> String
    /// A query parameter that is not one of its choices.
    public var apiBadChoice: @Sendable (_ parameter: String, _ value: String, _ choices: String) -> String
    /// A query parameter whose name or value holds a control character (a NUL, a line break).
    public var apiControlCharacter: @Sendable (_ parameter: String) -> String
    /// A `lang` that is neither `en` nor `nl`.
    public var apiBadLanguage: @Sendable (_ value: String) -> String
    /// A method the address does not take (405); `allowed` lists the ones it does.
    public var methodNotAllowedTitle: String
    public var methodNotAllowed: @Sendable (_ method: String, _ allowed: String) -> String
    public var apiServerError: @Sendable (_ reference: String) -> String
    /// Another request changed the same availability at the same moment, again and again (409).
    public var concurrentChange: String

    // The Lists page: staff, dayparts and the defect catalogue as files (`title` is the list's own
    // title in the language, from `ListKind.title`).
    public var navLists: String
    public var listsTitle: String
    public var listsIntro: String
    /// An office user sees the lists but may not change them.
    public var listsReadOnly: String
    public var listRowCount: @Sendable (_ rows: Int, _ active: Int) -> String
    public var downloadListButton: String
    public var checkListButton: String
    public var listPreviewTitle: @Sendable (_ title: String, _ file: String) -> String
    /// The upload was checked and refused; nothing was kept.
    public var listRefused: String
    public var addedRowsTitle: String
    public var changedRowsTitle: String
    public var deactivatedRowsTitle: String
    public var columnColumn: String
    public var beforeColumn: String
    public var afterColumn: String
    public var backToLists: String
    /// Under a preview table that shows only its first rows.
    public var listRowsCut: @Sendable (_ shown: Int, _ total: Int) -> String
    /// The history's mark of a list batch: which list it changed.
    public var listBatchMark: @Sendable (_ title: String) -> String
    /// The history's mark of a batch of repair-request decisions (and of its undo).
    public var requestsBatchMark: String
    /// After undoing a batch of decisions: how many requests were put back.
    public var undoneRequestsAs: @Sendable (_ batch: Int64, _ undo: Int64, _ requests: Int) -> String
}

extension Language {
    /// The words of the web front in this language.
    public var web: WebWords {
        switch self {
        case .en: return .english
        case .nl: return .dutch
        }
    }
}
