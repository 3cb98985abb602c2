import FuzzDriver
import LarderCore

// Any bytes as a corpus file of detected format: records or CorpusErrors, never a trap.
runFuzzer { bytes in readCorpus(bytes, format: nil) }
