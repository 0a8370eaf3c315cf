# Fuzzing smoke: each libFuzzer harness (tb/fuzz/, doc/errors.md "Fuzzing")
# runs 20,000 executions from seed 1 on the repository corpus under ASan +
# UBSan, with its round-trip oracle: a regression in a parser fails CI.
# Rationale: the corpus holds a valid input of every kind for every block,
# so each run starts from inputs that reach the whole parser and the writer
# behind it; make fuzz runs the long campaigns.
. "$(dirname "$0")/lib.sh"
tools/deps.sh clang-fuzzer || { bad "fuzz: clang with libFuzzer is not available"; exit 1; }
FUZZ_RUNS=${FUZZ_RUNS:-20000} tools/fuzz.sh smoke
