/// What the product needs to know about a board: read from `boards/<id>.toml`.
package struct BoardDefinition: Sendable, Hashable {
    /// The file name without `.toml`, as written in `board = "…"`.
    package var id: String
    package var name: String
    /// The simulated board has no hardware: devices, sensors and inputs are simulated.
    package var isSimulated: Bool
    /// Labels of the 40-pin header's GPIO chip, tried in order. Never a chip number: numbers move (Pi 5).
    package var gpioChipLabels: [String]
    /// Lines on that chip (the header offset equals the BCM GPIO number).
    package var gpioLineCount: Int
    /// Header lines that are safe for buttons wired to ground with the internal pull-up.
    package var buttonLines: [Int]
    package var i2cBus: Int
    package var uartDevice: String
    package var bluetoothAdapter: String
    /// The controller's Bluetooth version, for diagnostics only.
    package var bluetoothVersion: String?

    package init(id: String, name: String, isSimulated: Bool, gpioChipLabels: [String], gpioLineCount: Int,
                buttonLines: [Int], i2cBus: Int, uartDevice: String, bluetoothAdapter: String,
                bluetoothVersion: String? = nil) {
        self.id = id
        self.name = name
        self.isSimulated = isSimulated
        self.gpioChipLabels = gpioChipLabels
        self.gpioLineCount = gpioLineCount
        self.buttonLines = buttonLines
        self.i2cBus = i2cBus
        self.uartDevice = uartDevice
        self.bluetoothAdapter = bluetoothAdapter
        self.bluetoothVersion = bluetoothVersion
    }
}
