# Formal: k-induction with yosys-smtbmc (z3) on the RTL at a reduced
# configuration (formal/hac.ys): mc range, positions a permutation, no
# duplicate valid tags, invalid lines at the bottom; with covers showing the
# properties are not vacuous.
. "$(dirname "$0")/lib.sh"
formal/formal.sh hac
