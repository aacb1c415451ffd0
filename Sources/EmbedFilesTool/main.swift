// Usage: EmbedFilesTool TYPE_NAME OUTPUT.swift FILE...
// Writes an enum TYPE_NAME with `static let files: [String: String]`, file name -> UTF-8 content,
// each content as a raw string literal (fast to compile, unlike byte arrays).
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: EmbedFilesTool TYPE_NAME OUTPUT.swift FILE...\n".utf8))
    exit(2)
}
let typeName = arguments[arguments.startIndex]
let outputPath = arguments[arguments.startIndex + 1]
let inputPaths = arguments.dropFirst(2)

/// A raw-string delimiter longer than any run of `#` in the text, so the text never closes it.
func delimiter(for text: String) -> String {
    var longest = 0
    var run = 0
    for character in text.utf8 {
        run = character == UInt8(ascii: "#") ? run + 1 : 0
        longest = max(longest, run)
    }
    return String(repeating: "#", count: longest + 1)
}

var source = "// Generated at build time by EmbedFilesTool; edit the files it names, not this one.\n"
source += "enum \(typeName) {\n    static let files: [String: String] = [\n"
for path in inputPaths {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    let hashes = delimiter(for: text)
    // A multi-line literal drops the newline before its closing quotes; add one to keep the text exact.
    source += "        \"\(url.lastPathComponent)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
source += "    ]\n}\n"
// Left alone when it already says this: SwiftPM relinks this tool on every release build, which
// reruns it, and a rewritten file (a new modification time) would recompile the whole of
// SlotSheetCore (a minute and a half of every `package.sh` after `make release`).
if (try? String(contentsOfFile: outputPath, encoding: .utf8)) != source {
    try source.write(toFile: outputPath, atomically: true, encoding: .utf8)
}
