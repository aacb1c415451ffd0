import SMTPMail
import Testing
@testable import SlotSheetCore

/// libcurl is opened when notices are sent, not linked (Sources/CCurl): the real library is found
/// and usable, and one that is missing or is not libcurl is a typed error the office reads in
/// English and Dutch, before any notice is claimed.
@Suite struct NoticeMailLibraryTests {
    @Test func debiansLibcurlOpensWithEveryFunctionTheSenderCalls() throws {
        try MailLibrary.check(MailLibrary.name)
        try MailLibrary.load()
    }

    @Test func aLibraryThatIsNotInstalledIsNotFoundInBothLanguages() {
        #expect {
            try MailLibrary.check("libslotsheet-absent.so.4")
        } throws: { error in
            guard let error = error as? MailLibraryError, case let .notFound(library, loaderReason) = error else { return false }
            let message = NoticeSenderError.mailLibrary(error).message
            return library == "libslotsheet-absent.so.4" && loaderReason.contains("libslotsheet-absent.so.4: cannot open shared object file")
                && message.english.contains("could not be loaded") && message.english.contains("Install the package libcurl4")
                && message.dutch.contains("kon niet worden geladen") && message.dutch.contains("Installeer het pakket libcurl4")
        }
    }

    @Test func aLibraryThatIsNotLibcurlIsUnusableNamingWhatItLacks() {
        #expect {
            try MailLibrary.check("libz.so.1")
        } throws: { error in
            guard let error = error as? MailLibraryError, case let .lacksFunction(library, function) = error else { return false }
            let message = NoticeSenderError.mailLibrary(error).message
            return library == "libz.so.1" && function == "curl_global_init" && error.reason == "libz.so.1 has no function curl_global_init"
                && message.english.contains("libz.so.1 has no function curl_global_init")
                && message.dutch.contains("libz.so.1 mist de functie curl_global_init")
        }
    }
}
