// The touch vocabulary (sides, phases) and every other shared plain type, for whoever imports Gestures.
@_exported import Vocabulary
