// Sensors' parsers return `Fix`, `Coordinate` and `Heading` and read through `I2CTransport`; those
// live in Vocabulary, re-exported so that importing Sensors is enough to use them.
@_exported import Vocabulary
