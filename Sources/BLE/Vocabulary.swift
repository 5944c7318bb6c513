// Every module that speaks BLE speaks the shared vocabulary (addresses, UUIDs) too.
@_exported import Vocabulary
