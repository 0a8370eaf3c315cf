# cvkit: C golden models lock-stepped against Verilog RTL.
# `make` (= make help) lists the targets; README.md explains them.

# every block (one cmodel/<b>/<b>.def each): the registry and the library
# always hold them all; BLOCKS (the same by default) only narrows what
# bench and lint run, so `make bench BLOCKS=lm` cannot shrink build/kit
ALL_BLOCKS := $(sort $(basename $(notdir $(wildcard cmodel/*/*.def))))
# the blocks with a traffic adapter, tb/<b>/<b>_traffic.c (doc/traffic.md "Adapters")
TRAFFIC_BLOCKS := $(foreach b,$(ALL_BLOCKS),$(if $(wildcard tb/$(b)/$(b)_traffic.c),$(b)))
BLOCKS  := $(ALL_BLOCKS)
BLOCK   ?= hac
SEED    ?= 1
CYCLES  ?= 100000
PARAMS  ?=
RTL     ?=
TOP     ?=
WAVES   ?= 0
WAVES_FROM ?=
WAVES_TO ?=
WAVES_MAX_MB ?=
STIM    ?=
TRAFFIC ?=
TRACE   ?=
TRAFFIC_PARAMS ?=
FAULT   ?=
VEC_CYCLES ?= 20000
MUTANTS ?= 40

# vectors, replay and overhead default to every block unless BLOCK= is given.
SOME    := $(if $(filter command line environment,$(origin BLOCK)),$(BLOCK),$(BLOCKS))

CC      ?= cc
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -MMD -MP
CFLAGS  ?= -O2 -g
SAN     := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# Includes name their layer from the root: "cmodel/core/block.h",
# "vectors/vecio.h", "tb/stim/source.h" (doc/harness.md "Layers").
INC     := -I. -Ibuild/gen

# The kit's C library, layer by layer: core and block models (cmodel/),
# file formats (vectors/), stimulus (tb/stim/, tb/<block>/<block>_stim.c),
# the harness pieces other programs link (tb/harness/, but the two mains).
LIB_SRC := $(sort $(wildcard cmodel/*/*.c)) $(wildcard vectors/*.c) $(wildcard tb/stim/*.c) \
           $(foreach b,$(ALL_BLOCKS),tb/$(b)/$(b)_stim.c) $(foreach b,$(TRAFFIC_BLOCKS),tb/$(b)/$(b)_traffic.c) \
           $(filter-out tb/harness/cli.c tb/harness/lockstep.c,$(wildcard tb/harness/*.c))
LIB_OBJ := $(LIB_SRC:%.c=build/obj/%.o)
# (make -s lib-sources: the list, for the fuzz and ThreadSanitizer builds)
.PHONY: lib-sources
lib-sources:
	@echo $(LIB_SRC)
SAN_OBJ := $(LIB_SRC:%.c=build/san/%.o)

.DEFAULT_GOAL := help
.DELETE_ON_ERROR:
.PHONY: FORCE help deps tools check run test vectors replay overhead report formal equiv mutate readings bench fuzz lint synth clean

help:
	@echo "cvkit - C golden models lock-stepped against Verilog RTL"
	@echo ""
	@echo "  make run        build, every block's default check (all its cover events), directed files, vectors on Icarus, report"
	@echo "  make test       the whole test suite (ends with 'N passed, M failed')"
	@echo "  make check      lock-step one block:   BLOCK= SEED= CYCLES= PARAMS= STIM= RTL= TOP= WAVES= FAULT="
	@echo "                  on GPU traffic:        TRAFFIC=kernel | TRACE=file  TRAFFIC_PARAMS='N=.. L1Sets=..' (doc/traffic.md)"
	@echo "  make vectors    write vector files:    BLOCK= SEED= VEC_CYCLES= PARAMS= (to build/vectors/)"
	@echo "  make replay     replay vectors on Icarus Verilog (no Verilator, no C model)"
	@echo "  make overhead   storage report:        BLOCK= PARAMS='Sets=384 Ways=16 ...' (no BLOCK: every block + Linebacker summary)"
	@echo "                  SWEEP='Sets=16..512*2 Ways=2,4,8' with BLOCK=: CSV + SVG plot in build/overhead/BLOCK/"
	@echo "  make formal     SymbiYosys: k-induction proofs and covers of every formal/<block>.sby"
	@echo "  make equiv      BLOCK= RTL= TOP= [PARAMS=]: your RTL against ours at every equivalence configuration (simulation, then proofs)"
	@echo "  make mutate     mutation score of the default check: BLOCK= MUTANTS=40 SEED= (killed / non-equivalent)"
	@echo "  make readings   two readings of the paper on the same traffic: BLOCK= A='P=V' B='P=V' SEED= CYCLES="
	@echo "  make report     build/report/index.html: verdicts, coverage, storage, sweeps, bench, failures (doc/report.md)"
	@echo "  make traffic-report  build/traffic-report/index.html: each paper's claim shown (or not) on kernels, one SVG+CSV per claim"
	@echo "  make bench      speed of model, Verilator, lockstep and Icarus, with ratios"
	@echo "  make fuzz       libFuzzer on the vector, stimulus, argument and trace parsers and the C API (FUZZ_SECONDS=300 each)"
	@echo "  make lint       verilator --lint-only -Wall on the RTL;  make synth: Yosys, no latches"
	@echo "  make regress    GNU parallel over seeds: SEEDS=1-1000 BLOCK= CYCLES= JOBS= (summary, JUnit, Slurm script)"
	@echo "  make regress-slurm-selftest  that Slurm script on a local single-node Slurm, against the local run (SEEDS=1-20 BLOCK=pdp)"
	@echo "  make coverage   Verilator line+toggle coverage, lcov HTML + functional events: BLOCK= SEED= CYCLES= TRAFFIC="
	@echo "  make dpi        DPI-C SV testbench of a block under Verilator: BLOCK= SEED= CYCLES= PARAMS= STIM= RTL= TOP= (doc/dpi.md)"
	@echo "  make python     build/venv with the cvkit Python package (pip install ./python), and its wheel (make wheel: only that)"
	@echo "  make fusesoc-cores  regenerate rtl/<block>.core from the .def files"
	@echo ""
	@echo "Variables: BLOCK=$(ALL_BLOCKS) (default $(BLOCK))  SEED=$(SEED)  CYCLES=$(CYCLES)"
	@echo "  PARAMS='Name=Value ...' block parameters (doc/<block>.md)   STIM=file.stim directed stimulus"
	@echo "  RTL='files.v' TOP=module   lock-step your own RTL of BLOCK against the golden model"
	@echo "  WAVES=1 dump a VCD of the whole check run   FAULT=CYCLE[:PORT] corrupt one model output"
	@echo "  WAVES_FROM=C WAVES_TO=C only cycles C..C of it   WAVES_MAX_MB=4000 its size bound"
	@echo "  FORMAT=fst also write FST (whole run and failure windows; vcd2fst)"
	@echo "  VOPT=-O2 g++ level for the Verilator model (default -O2)"

deps:
	@tools/deps.sh cc c++ make verilator iverilog

tools: build/kit build/libkit.a build/lockstep.o

# Several makes may run in one checkout at once (two terminals, make test
# beside make check): every file below is written under a private name
# ($@.tmpPID) and renamed into place, so no make reads another's
# half-written object or library, and nothing is written when nothing
# changed (a read-only build/ with up-to-date tools still works).
MV_INTO_PLACE = && mv -f $@.tmp$$$$ $@ || { rm -f $@.tmp$$$$; exit 1; }
# Quiet builds: one short line per file made (`  CC  cmodel/hac/hac.c`);
# V=1 shows the commands.
ifeq ($(V),1)
Q    :=
say  :=
else
Q    := @
say   = @printf '  %-4s %s\n' '$(1)' '$(2)'
endif
# compile FLAGS: $< to $@ with its dependency file, both renamed into place
compile = $(CC) $(CSTD) $(1) $(INC) -MT $@ -MF $(@:.o=.d).tmp$$$$ -c $< -o $@.tmp$$$$ \
	  && mv -f $(@:.o=.d).tmp$$$$ $(@:.o=.d) $(MV_INTO_PLACE)

# The block registry list, regenerated when the set of .def files changes.
build/gen/kit_blocks.h: FORCE
	@new="$$(for b in $(ALL_BLOCKS); do echo "KIT_BLOCK_ENTRY($$b)"; done)"; \
	 if [ "$$new" != "$$(cat $@ 2>/dev/null)" ]; then \
	   mkdir -p $(dir $@) && echo "$$new" > $@.tmp$$$$ $(MV_INTO_PLACE); fi
# The same for the traffic adapters' list (tb/stim/tadapt.c).
build/gen/kit_traffic.h: FORCE
	@new="$$(for b in $(TRAFFIC_BLOCKS); do echo "KIT_TRAFFIC_ENTRY($$b)"; done)"; \
	 if [ "$$new" != "$$(cat $@ 2>/dev/null)" ]; then \
	   mkdir -p $(dir $@) && echo "$$new" > $@.tmp$$$$ $(MV_INTO_PLACE); fi
FORCE:
build/obj/cmodel/core/registry.o build/san/cmodel/core/registry.o \
build/obj/tb/stim/registry.o build/san/tb/stim/registry.o: build/gen/kit_blocks.h
build/obj/tb/stim/tadapt.o build/san/tb/stim/tadapt.o: build/gen/kit_traffic.h

# (the generated block list first: tb/stim/source.h includes it)
build/obj/%.o: %.c | build/gen/kit_blocks.h build/gen/kit_traffic.h
	@mkdir -p $(dir $@)
	$(call say,CC,$<)
	$(Q)$(call compile,$(CFLAGS))

build/san/%.o: %.c | build/gen/kit_blocks.h build/gen/kit_traffic.h
	@mkdir -p $(dir $@)
	$(call say,CC,$< (sanitizers))
	$(Q)$(call compile,-O1 -g $(SAN))

build/libkit.a: $(LIB_OBJ)
	$(call say,AR,$@)
	$(Q)ar rcs $@.tmp$$$$ $^ $(MV_INTO_PLACE)

build/lockstep.o: build/obj/tb/harness/lockstep.o
	$(Q)cp $< $@.tmp$$$$ $(MV_INTO_PLACE)

build/kit: build/obj/tb/harness/cli.o build/libkit.a
	$(call say,LD,$@)
	$(Q)$(CC) $(CFLAGS) $^ -o $@.tmp$$$$ $(MV_INTO_PLACE)

build/san/kit: build/san/tb/harness/cli.o $(SAN_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) $(SAN) $^ -o $@.tmp$$$$ $(MV_INTO_PLACE)

# Unit tests: tb/<block>/test_*.c (a block's) and tb/test/test_*.c (the
# shared layers'), each a program linked with the kit's C library (plain
# and sanitized): build/test_<name>, build/san/test_<name>.
UNIT_SRC := $(sort $(wildcard tb/*/test_*.c))
UNITS    := $(foreach u,$(UNIT_SRC),build/$(basename $(notdir $(u))) build/san/$(basename $(notdir $(u))))
define unit_rules
build/$(basename $(notdir $(1))): build/obj/$(1:.c=.o) build/libkit.a
	$$(call say,LD,$$@)
	$$(Q)$$(CC) $$(CFLAGS) $$^ -lm -o $$@.tmp$$$$$$$$ $$(MV_INTO_PLACE)
build/san/$(basename $(notdir $(1))): build/san/$(1:.c=.o) $$(SAN_OBJ)
	$$(call say,LD,$$@)
	$$(Q)$$(CC) $$(SAN) $$^ -lm -o $$@.tmp$$$$$$$$ $$(MV_INTO_PLACE)
endef
$(foreach u,$(UNIT_SRC),$(eval $(call unit_rules,$(u))))

-include $(LIB_OBJ:.o=.d) $(SAN_OBJ:.o=.d) build/obj/tb/harness/cli.d build/san/tb/harness/cli.d \
  build/obj/tb/harness/lockstep.d $(UNIT_SRC:%.c=build/obj/%.d) $(UNIT_SRC:%.c=build/san/%.d)

# The request of this make invocation for the job planner (kit plan,
# tb/harness/plan.c, decides what it means: the block's default test when
# no PARAMS, CYCLES, STIM, FAULT or WAVES is given, else one run) and its
# executor (tools/jobs.py: each model built once, jobs on every core,
# summaries from the runs' results). CHECK_CYCLES=N: every configuration of
# the default test for N cycles.
given   = $(filter command line environment,$(origin $(1)))
# WAVES=1, or a window WAVES_FROM= / WAVES_TO= (which imply it): a VCD of
# the run, bounded by WAVES_MAX_MB= (the lockstep's default 4000 MB).
WANT_WAVES = $(or $(filter 1,$(WAVES)),$(WAVES_FROM),$(WAVES_TO))
q       = '$(subst ','\'',$(1))'
REQUEST = --seed $(SEED) $(if $(call given,CYCLES),--cycles $(CYCLES)) \
          $(if $(CHECK_CYCLES),--each-cycles $(CHECK_CYCLES)) $(if $(PARAMS),--params $(call q,$(PARAMS))) \
          $(if $(STIM),--stim $(call q,$(STIM))) $(if $(FAULT),--fault $(call q,$(FAULT))) \
          $(if $(TRAFFIC),--traffic $(call q,$(TRAFFIC))) $(if $(TRACE),--trace $(call q,$(TRACE))) \
          $(if $(TRAFFIC_PARAMS),--traffic-params $(call q,$(TRAFFIC_PARAMS))) \
          $(if $(RTL),--rtl $(call q,$(RTL)) --top $(call q,$(TOP))) $(if $(filter 1,$(STRICT)),--strict) \
          $(if $(filter 0,$(DIRECTED)),--no-directed)
LSARGS  = $(if $(WAVES_FROM),--waves-from $(WAVES_FROM)) $(if $(WAVES_TO),--waves-to $(WAVES_TO)) \
          $(if $(WAVES_MAX_MB),--waves-max-mb $(WAVES_MAX_MB))
check: deps tools
	@tools/jobs.py check --blocks $(call q,$(BLOCK)) $(REQUEST) \
	  $(if $(WANT_WAVES),--waves build/$(BLOCK)_seed$(SEED).vcd) $(if $(strip $(LSARGS)),--lockstep-args '$(strip $(LSARGS))') \
	  $(if $(SUMMARY),--summary $(call q,$(SUMMARY))) $(if $(RESULTS_DIR),--results-dir $(call q,$(RESULTS_DIR)))

vectors: deps tools
	@tools/jobs.py vectors --blocks $(call q,$(SOME)) --seed $(SEED) $(if $(call given,VEC_CYCLES),--vec-cycles $(VEC_CYCLES)) \
	  $(if $(VECDIR),--vec-dir $(call q,$(VECDIR))) \
	  $(if $(PARAMS),--params $(call q,$(PARAMS))) $(if $(filter 1,$(STRICT)),--strict)

replay: deps tools
	@tools/jobs.py replay --blocks $(call q,$(SOME)) --seed $(SEED) $(if $(call given,VEC_CYCLES),--vec-cycles $(VEC_CYCLES)) \
	  $(if $(PARAMS),--params $(call q,$(PARAMS))) $(if $(RTL),--rtl $(call q,$(RTL)) --top $(call q,$(TOP)))

# SWEEP='Sets=16..512*2 VpWays=2,4,8': the storage at every point, as
# build/overhead/BLOCK/sweep.csv and sweep.svg (doc/storage.md)
SWEEP   ?=
SWEEP_DIR = build/overhead/$(BLOCK)
overhead: tools
ifneq ($(strip $(SWEEP)),)
	@$(if $(call given,BLOCK),true,echo "make: error: SWEEP= needs BLOCK= (one block)" >&2; exit 1)
	@mkdir -p $(SWEEP_DIR)
	@build/kit overhead $(call q,$(BLOCK)) $(PARAMS) --sweep $(call q,$(SWEEP)) -o $(SWEEP_DIR)/sweep.csv
	@python3 tools/sweep_plot.py $(SWEEP_DIR)/sweep.csv $(SWEEP_DIR)/sweep.svg \
	  --title $(call q,$(BLOCK) storage: $(SWEEP)$(if $(PARAMS), at $(PARAMS)))
	@echo "wrote $(SWEEP_DIR)/sweep.svg"
else
	@for b in $(SOME); do build/kit overhead $$b $(PARAMS) || exit 1; done
	@$(if $(filter command line environment,$(origin BLOCK)),true,build/kit summary linebacker)
endif

# make regress-slurm-selftest: the array script of make regress (SEEDS=1-20
# BLOCK=pdp unless given) submitted to a real single-node Slurm started for
# it (tools/slurm_local.sh), its summary and JUnit against the local run's
# (tools/slurm_selftest.sh, doc/regress.md "A local Slurm").
.PHONY: regress-slurm-selftest
regress-slurm-selftest: deps tools
	@tools/slurm_selftest.sh $(call q,$(if $(call given,SEEDS),$(SEEDS),1-20)) \
	  $(call q,$(if $(call given,BLOCK),$(BLOCK),pdp)) $(CYCLES)

# make report: build/report/index.html from the last runs' results
# (tools/report.py, doc/report.md); RESULTS='DIR ...' names run directories
# (newest first) instead of every build/results/*/run-* and build/regress.
RESULTS ?=
.PHONY: report
report: tools
	@python3 tools/report.py $(foreach d,$(RESULTS),--results $(call q,$(d)))

# make traffic-report: build/traffic-report/index.html, one plot per paper
# claim from kernels through each block's adapter and C model (kit tstudy,
# tools/traffic_report.py, doc/traffic-report.md)
.PHONY: traffic-report
traffic-report: tools
	@python3 tools/traffic_report.py --out build/traffic-report

run: deps tools
	@tools/jobs.py run --seed $(SEED) $(if $(call given,CYCLES),--each-cycles $(CYCLES)) \
	  $(if $(filter 0,$(STRICT)),,--strict) --junit build/junit/make-run.xml

test:
	@tools/deps.sh cc c++ make verilator iverilog yosys clang-fuzzer
	@$(MAKE) --no-print-directory tools build/san/kit $(UNITS)
	@python3 tools/test.py

# A designer's RTL against ours at every equivalence configuration of the
# block (or PARAMS): simulation first, then structural / PDR / k-induction
# proofs or a bounded BMC; a difference comes back as a .stim replayed by
# make check. tools/equiv.py exits 0 proved, 1 different, 2 error, 3 bounded.
equiv: tools
	@tools/deps.sh verilator iverilog vvp
	@python3 tools/equiv.py $(BLOCK) --rtl "$(RTL)" --top "$(TOP)" --seed $(SEED) $(if $(PARAMS),--params "$(PARAMS)")

# Two readings of the paper side by side on the same random traffic
# (doc/<block>.md "Paper readings"): A='P=V ..' B='P=V ..' (tools/readings.sh).
readings: tools
	@tools/readings.sh $(BLOCK) "$(A)" "$(B)" $(SEED) $(CYCLES)

# Mutation testing of the default check (tools/mutate.py): MUTANTS source
# mutants of rtl/BLOCK.v drawn with SEED, each through the default check and
# the directed files, survivors classified by make equiv; RESUME=1 keeps
# the verdicts of an earlier run whose inputs did not change.
mutate: tools
	@tools/deps.sh verilator python3
	@python3 tools/mutate.py $(BLOCK) --mutants $(MUTANTS) --seed $(SEED) $(if $(RESUME),--resume)

# Every formal/<block>.sby, all its tasks (SymbiYosys from the project venv).
formal:
	@tools/deps.sh yosys
	@fails=0; for b in $(patsubst formal/%.sby,%,$(wildcard formal/*.sby)); do formal/formal.sh $$b || fails=1; done; exit $$fails

bench: deps tools
	@tools/bench.sh "$(BLOCKS)" "$(SEED)"

FUZZ_SECONDS ?= 300
fuzz: tools
	@tools/deps.sh clang-fuzzer
	@tools/fuzz.sh run $(FUZZ_SECONDS)

lint:
	@tools/deps.sh verilator
	@BLOCKS="$(BLOCKS)" tools/lint.sh

synth:
	@tools/deps.sh yosys
	@tools/synth.sh

clean:
	rm -rf build

# Python / cocotb, JUnit, coverage, FuseSoC, regressions: tools/designer.mk
include tools/designer.mk
