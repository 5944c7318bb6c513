// Platform's I2C buses and Bluetooth sockets speak the shared vocabulary (`I2CTransport`,
// `I2CError`, `BluetoothAddress`); re-exported so that importing Platform is enough to use them.
@_exported import Vocabulary
