// The shared vocabulary (coordinates, fixes, headings, navigation commands) for whoever imports Navigation.
@_exported import Vocabulary
