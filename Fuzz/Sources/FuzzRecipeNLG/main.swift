import FuzzDriver
import LarderCore

// Any bytes as a recipeNLG file: records or CorpusErrors, never a trap.
runFuzzer { bytes in readCorpus(bytes, format: .recipeNLG) }
