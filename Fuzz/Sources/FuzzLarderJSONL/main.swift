import FuzzDriver
import LarderCore

// Any bytes as a larderJSONL file: records or CorpusErrors, never a trap.
runFuzzer { bytes in readCorpus(bytes, format: .larderJSONL) }
