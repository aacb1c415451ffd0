extension WebWords {
    public static let english = WebWords(
        appName: "slotsheet",
        skipToContent: "Skip to the content",
        navHome: "Home",
        navTemplate: "Download a template",
        navUpload: "Upload",
        navUploads: "Uploads",
        navHistory: "History",
        signOut: "Sign out",
        signedInAs: { name, role in "Signed in as \(name) (\(role))" },
        roleOffice: "office",
        roleAdmin: "admin",
        otherLanguageName: "Nederlands",
        otherLanguageLabel: "Deze pagina's in het Nederlands",

        signInTitle: "Sign in",
        signInIntro: "Sign in with the name and password your administrator gave you.",
        nameLabel: "Name",
        passwordLabel: "Password",
        signInButton: "Sign in",
        signInFailed: "The name or the password is not right. Check both and try again.",
        signInThrottled: { seconds in
            "Too many failed sign-ins. Wait \(seconds) \(seconds == 1 ? "second" : "seconds") before you try again."
        },
        signInBusy: "Many sign-ins are being checked right now. Try again in a few seconds.",
        requestBroken: "The request broke off or could not be read; nothing was changed. Send it again.",
        previewBeingRead: "This upload is being read again; its preview shows here when that is done.",
        signedOut: "You are signed out.",

        homeTitle: "The next 4 weeks",
        homeIntro: { from, to in
            "Capacity (staff available), booked visits and free places per daypart, \(from) to \(to)."
        },
        dateColumn: "Date",
        daypartColumn: "Daypart",
        shortBy: { missing in "short by \(missing)" },
        shortLegend: "A slot marked ▲ has fewer staff available than visits booked: someone must be added.",
        cellLegend: "Each cell: the free places, then the visits booked of the staff available (the capacity).",
        freeOf: { free in "\(free) free" },
        bookedOf: { booked, capacity in "\(booked) of \(capacity) booked" },
        noDayparts: "There are no active dayparts in the database yet.",
        downloadAction: "Download a template",
        uploadAction: "Upload a filled-in template",
        weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],

        templateTitle: "Download a template",
        templateIntro: "Choose the dates and the staff. The workbook is filled in from the database; mark availability with x, save it and upload it here.",
        fromLabel: "From",
        toLabel: "To",
        nextFourWeeks: "Next 4 weeks",
        nextMonth: "Next month",
        staffLegend: "Staff",
        allStaff: "All active staff",
        chosenStaff: "Only the staff ticked below",
        inactiveStaff: "inactive",
        languageLabel: "Language of the workbook",
        languageNames: ("English", "Dutch"),
        downloadButton: "Download the template",
        noStaffChosen: "Tick at least one staff member, or choose all active staff.",

        uploadTitle: "Upload a file",
        uploadIntro: "Upload a filled-in template (.xlsx, .xlsm or .ods) or a CSV file. It is read and checked first; nothing changes until you apply it.",
        dropHere: "Drop the file here, or choose it:",
        fileLabel: "File (.xlsx, .xlsm, .ods or .csv)",
        uploadButton: "Upload",
        uploadLimit: { megabytes in "At most \(megabytes) MB." },
        noFileChosen: "Choose a file first.",
        fileTooLarge: { megabytes in "The file is larger than \(megabytes) MB, so it was not accepted. Split it into smaller date ranges." },
        notAnUploadForm: "The upload did not arrive as a file form. Use the form on this page.",
        emptyFile: "The file is empty.",
        malformedUpload: "The upload could not be read as a file form: its parts are broken. Send the file again from the form on this page, or as multipart/form-data with the field 'file'.",

        uploadsTitle: "Your uploads",
        allUploadsTitle: "All uploads",
        uploadsIntro: { hours, refusedHours in
            "Uploads that are not applied are removed after \(hours) hours; refused ones after \(refusedHours) \(refusedHours == 1 ? "hour" : "hours")."
        },
        noUploads: "No uploads yet.",
        fileColumn: "File",
        uploadedColumn: "Uploaded",
        byColumn: "By",
        stateColumn: "State",
        resultColumn: "Result",
        stateReading: "reading",
        stateReady: "ready for review",
        stateRefused: "refused",
        stateApplied: "applied",
        stateDiscarded: "discarded",
        stateExpired: "expired",
        rowsRead: { rows in "\(rows) \(rows == 1 ? "row" : "rows") read" },
        readingNote: "The file is being read. You may leave this page and come back later.",
        changesSummary: { added, removed in "\(added) added, \(removed) removed" },
        unchangedSummary: { unchanged in "\(unchanged) unchanged" },
        problemsSummary: { problems in "\(problems) \(problems == 1 ? "problem" : "problems")" },
        unreadableFile: "The file cannot be read",
        nothingToChange: "Nothing to change: the file matches the database.",
        staleSummary: { changes in "The database changed since this template was made (\(changes) \(changes == 1 ? "change" : "changes"))." },
        appliedAsBatch: { batch in "Applied as batch \(batch)." },
        uploadTitleFor: { file in "Upload: \(file)" },
        perDateTitle: "Changes per date",
        perStaffTitle: "Changes per staff member",
        problemsTitle: "Problems",
        placeColumn: "Where",
        problemColumn: "What is wrong",
        fixColumn: "How to fix it",
        staleTitle: "Changed in the database since the template was made",
        applyNote: "Applying writes all these changes in one go and records them in the history as one batch, which an administrator can undo.",
        applyButton: "Apply these changes",
        planChangedTitle: "The plan changed",
        planChangedCells: { newly, noLonger in
            let parts = (newly > 0 ? ["\(newly) \(newly == 1 ? "cell changes that did not" : "cells change that did not")"] : [])
                + (noLonger > 0 ? ["\(noLonger) \(noLonger == 1 ? "cell no longer changes" : "cells no longer change")"] : [])
            return parts.isEmpty ? "" : "Since the preview, " + parts.joined(separator: " and ") + "."
        },
        planChangedNowRefused: "The file can no longer be applied as it is: see below why.",
        alreadyApplied: { batch in "This upload was applied already, as batch \(batch); nothing was applied twice." },
        cannotApply: { state in "This upload cannot be applied: it is \(state)." },
        tooManyUploadsWaiting: { limit in
            "You have \(limit) uploads waiting to be applied or discarded. Apply or discard some of them on the Uploads page first."
        },
        tooManyRefusedApplies: { seconds in
            "Too many applies were refused in a short time. Wait \(seconds) \(seconds == 1 ? "second" : "seconds"), then open the upload again and try once more."
        },
        historyLink: "See the history",
        noPlanGiven: "The form did not say which plan to apply. Reload the upload's page and apply again.",
        discardButton: "Discard this upload",
        gridTitle: "The changes as a grid",
        gridLegend: "+ : becomes available. − : no longer available. An empty cell does not change.",
        gridLimited: { shown, total in "The grid shows the first \(shown) of \(total) slots with changes; the tables above count them all." },
        errorWorkbookNote: "The error workbook is a copy of your file with every cell that has a problem marked in red and a note saying how to fix it. Fix those cells and upload the file again.",
        errorWorkbookButton: "Download the error workbook",
        errorWorkbookUnavailable: "There is no error workbook for this upload: it has no problems in its cells, or its file is gone.",
        onTopTitle: "Apply your edits on top",
        onTopNote: "Only the cells you changed in the template are applied, on top of the database as it is now; the changes listed above stay as they are.",
        onTopButton: "Apply my edits on top",
        onTopNothing: "Your edits are in the database already: applying them on top changes nothing.",
        onTopRefused: "Your edits cannot be applied on top either: the file has problems, listed below.",
        discarded: "The upload was discarded.",
        backToUploads: "Back to the uploads",

        historyTitle: "History",
        historyIntro: "Every import batch, newest first.",
        allOutcomes: "all outcomes",
        anyone: "anyone",
        showButton: "Show",
        newerBatches: "Newer",
        olderBatches: "Older",
        noBatches: "No imports yet.",
        batchColumn: "Batch",
        whenColumn: "When",
        operatorColumn: "By",
        addedColumn: "Added",
        removedColumn: "Removed",
        unchangedColumn: "Unchanged",
        outcomeColumn: "Outcome",
        undoOf: { batch in "undo of batch \(batch)" },
        outcomeNames: { outcome in
            switch outcome {
            case "applied": return "applied"
            case "unchanged": return "nothing to change"
            case "rejected": return "refused"
            case "stale": return "stale template"
            case "dry_run": return "dry run"
            case "plan_changed": return "plan changed since the preview"
            default: return outcome
            }
        },
        undoButton: "Undo",
        undoneMark: { by in "undone by batch \(by)" },
        undoneAs: { batch, undo in "Batch \(batch) was undone as batch \(undo)." },
        undoNotFound: { batch in "There is no batch \(batch)." },
        undoNotApplied: { batch, outcome in "Batch \(batch) changed nothing (\(outcome)), so there is nothing to undo." },
        undoAlreadyUndone: { batch, by in "Batch \(batch) was already undone by batch \(by)." },
        undoLaterBatches: { batch, later in
            let list = later.map(String.init).joined(separator: ", ")
            return later.count == 1
                ? "Batch \(batch) cannot be undone: the later batch \(list) changed some of the same cells. Undo that one first."
                : "Batch \(batch) cannot be undone: the later batches \(list) changed some of the same cells. Undo those first, newest first."
        },
        undoBreaksRules: { batch, problems in
            "Batch \(batch) cannot be undone: \(problems) \(problems == 1 ? "change would break" : "changes would break") the planning rules (a past date, a slot left short or a booked visit). Nothing was changed."
        },

        forbiddenTitle: "Not allowed",
        forbiddenNeedsRole: { needed, name, role in
            "This page is for the \(needed) role. You are signed in as \(name), with the \(role) role. Ask an administrator if you need it."
        },
        csrfTitle: "The form could not be accepted",
        csrfMessage: "The form has expired or did not come from this site, so nothing was done. Go back, reload the page and send it again.",
        notFoundTitle: "Page not found",
        notFoundMessage: "There is nothing at this address.",
        badRequestTitle: "The request could not be understood",
        serverErrorTitle: "Something went wrong",
        serverErrorMessage: { reference in
            "The server could not finish this request. Nothing was changed. Tell your administrator the reference \(reference); the details are in the server's log."
        },
        unavailableTitle: "The database cannot be reached",
        unavailableMessage: "slotsheet cannot reach its database right now. Try again in a minute; if it keeps happening, tell your administrator.",
        goHome: "Go to the home page",

        navUsers: "Users",
        usersTitle: "Users",
        usersIntro: "Who signs in, with which role. Users are added and disabled with slotsheet user on the server.",
        roleColumn: "Role",
        activeColumn: "Active",
        tokenColumn: "API token",
        yes: "yes",
        no: "no",

        userNameInvalid: { name in
            "'\(name)' cannot be a user name: use 1 to 64 letters, digits, dots, dashes, underscores or @."
        },
        passwordTooShort: { minimum in "The password is too short: use at least \(minimum) characters." },
        userExists: { name in "There is already a user named '\(name)'." },
        noSuchUser: { name in "There is no user named '\(name)'; 'slotsheet user list' shows them." },
        passwordsDiffer: "The two passwords differ; nothing was changed.",
        noPasswordGiven: "No password given: type it when asked, or pass it on standard input with --password-stdin.",

        apiUnauthorized: "Send a valid API token as 'Authorization: Bearer TOKEN' ('slotsheet user token NAME' makes one).",
        apiForbidden: { needed in "This needs the \(needed) role." },
        apiNotFound: "There is no such resource.",
        apiBadRequest: "The server cannot understand this request; nothing was changed.",
        apiBodyNotJSON: "The body is not a JSON object. Send {\"planDigest\": \"...\"} with the planDigest of GET /api/imports/{id}.",
        apiPlanDigestMissing: "The body has no planDigest. Send the planDigest of GET /api/imports/{id} as text.",
        apiOnTopNotBoolean: "onTop must be true or false, or be left out.",
        requestTooLarge: { kilobytes in "The request is larger than \(kilobytes) KB, so it was not read; nothing was changed." },
        apiBadNumber: { parameter, value, minimum, maximum in
            "\(parameter): '\(value)' is not allowed; give a whole number from \(minimum) to \(maximum), or leave \(parameter) out."
        },
        apiBadChoice: { parameter, value, choices in
            "\(parameter): '\(value)' is not allowed; give one of \(choices), or leave \(parameter) out."
        },
        apiBadLanguage: { value in "lang: '\(value)' is not a language of slotsheet; use en or nl, or leave lang out." },
        methodNotAllowedTitle: "Not possible at this address",
        methodNotAllowed: { method, allowed in "This address does not take \(method) requests; it takes \(allowed)." },
        apiServerError: { reference in "The server could not finish this request; nothing was changed. Reference \(reference)." },
        concurrentChange: "Someone else changed the same availability at the same moment; nothing was changed. Please try again.",
        navLists: "Lists",
        listsTitle: "Lists",
        listsIntro: "The office's own lists: the staff, the dayparts and the defect catalogue. Download a list as a workbook, edit it in Excel or LibreOffice and upload it here: you see what would change before anything is written, and it goes in whole or not at all.",
        listsReadOnly: "You can download the lists; only an administrator can change them.",
        listRowCount: { rows, active in "\(rows) \(rows == 1 ? "row" : "rows"), \(active) active" },
        downloadListButton: "Download (.xlsx)",
        checkListButton: "Check this file",
        listPreviewTitle: { title, file in "List \(title): \(file)" },
        listRefused: "The file was not accepted and nothing was changed. Fix the problems below and upload it again.",
        addedRowsTitle: "Added",
        changedRowsTitle: "Changed",
        deactivatedRowsTitle: "Made inactive",
        columnColumn: "Column",
        beforeColumn: "Before",
        afterColumn: "After",
        backToLists: "Back to the lists",
        listRowsCut: { shown, total in "The first \(shown) of \(total) rows are shown; applying applies all \(total)." },
        listBatchMark: { title in "list \(title)" })
}
