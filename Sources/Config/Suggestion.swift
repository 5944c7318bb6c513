import Vocabulary

/// The "did you mean" of keys, values and command names, shared with the control socket's names
/// (which do not depend on the configuration): one spelling of it for the configuration's files.
package typealias Suggestion = Vocabulary.Suggestion
