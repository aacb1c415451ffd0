import SlotSheetTemplates
import XLSXWriter

extension DataValidation {
    /// The drop-down of a column of marks (`x`, or the cell left empty): the availability grid's
    /// staff cells and a list's `active` column. `inputTitle`/`inputMessage` say what the mark
    /// means there; anything else typed is refused with the words' "use x or leave the cell empty".
    static func marks(inputTitle: String, inputMessage: String, words: TemplateWords) -> DataValidation {
        .list(["x"], inputTitle: inputTitle, inputMessage: inputMessage, errorTitle: words.markErrorTitle, errorMessage: words.markErrorMessage)
    }
}
