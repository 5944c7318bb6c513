import ArgumentParser
import Config
import Vocabulary

/// A word where a subcommand belongs that names none: ArgumentParser calls it an unexpected argument;
/// this says it is not a command, lists the commands there are, and suggests the closest.
enum UnknownSubcommand {
    /// The message for the first such word in `arguments`, in ArgumentParser's form for usage errors,
    /// or nil when the words name commands or stop being candidates (an option, a command without
    /// subcommands or with a default one). Our commands with subcommands take no arguments themselves.
    static func message(for arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root._commandName]
        for word in arguments {
            let configuration = command.configuration
            let subcommands = configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty, configuration.defaultSubcommand == nil else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(next._commandName)
                continue
            }
            // ArgumentParser's own `help` subcommand, for `wayfinder help run`.
            if word == "help" { return nil }
            let shown = subcommands.filter { $0.configuration.shouldDisplay }.map { $0._commandName }
            let suggestion = Suggestion.closest(to: word, in: subcommands.flatMap(names(of:)))
            let name = path.joined(separator: " ")
            var text = "Error: '\(word)' is not a \(name) command."
            if let suggestion { text += " Did you mean '\(suggestion)'?" }
            return text + """

                Commands: \(shown.joined(separator: ", "))
                Usage: \(name) <subcommand>
                  See '\(name) --help' for more information.
                """
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
