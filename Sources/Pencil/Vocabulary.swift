// The touch vocabulary (sides, phases) and every other shared plain type, for whoever imports Pencil.
@_exported import Vocabulary
