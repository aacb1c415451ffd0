import Foundation
import PackagePlugin

/// Builds the files of `Samples/` into the target that applies this plugin, as Swift string
/// literals (`EmbeddedSamples.files`), so `slotsheet db seed --sample` works from any folder.
@main
struct EmbedSamples: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let samples = context.package.directoryURL.appending(path: "Samples")
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path())
            .filter { $0.hasSuffix(".csv") }
            .sorted()
        let inputs = names.map { samples.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSamples.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) sample files",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: ["EmbeddedSamples", output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
