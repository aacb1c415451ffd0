import Foundation
import PackagePlugin

/// Builds `packaging/debian/changelog` into the target that applies this plugin
/// (`EmbeddedChangelog.files["changelog"]`), so the binary reports the version written at the
/// top of the changelog: the one place it is written, read by the Debian package as well.
@main
struct EmbedVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let changelog = context.package.directoryURL.appending(path: "packaging/debian/changelog")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedChangelog.swift")
        return [
            .buildCommand(
                displayName: "Embedding the changelog's version",
                executable: try context.tool(named: "EmbedFilesTool").url,
                arguments: ["EmbeddedChangelog", output.path(), changelog.path()],
                inputFiles: [changelog],
                outputFiles: [output])
        ]
    }
}
