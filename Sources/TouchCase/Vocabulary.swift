// The touch vocabulary (sides, phases) and every other shared plain type, for whoever imports TouchCase.
@_exported import Vocabulary
