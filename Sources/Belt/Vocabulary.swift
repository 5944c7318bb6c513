// The shared vocabulary (the belt's buttons and press types among it) for whoever imports Belt.
@_exported import Vocabulary
