// The socket actors run the BLE protocol module's state machines; importing BLESockets brings them along.
@_exported import BLE
