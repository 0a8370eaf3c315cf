# designer.mk - included by the Makefile: the kit where designers work
# (doc/python.md, doc/regress.md, doc/coverage.md). Python package over the
# kit's C library, cocotb scoreboard, coverage report, FuseSoC cores,
# sharded regressions. Kept in its own file so the main Makefile stays small.

# The kit's C library as a shared object for ctypes (python/cvkit): the
# same sources as libkit.a, compiled position-independent.
PIC_OBJ := $(LIB_SRC:%.c=build/pic/%.o)
build/pic/%.o: %.c | build/gen/kit_blocks.h build/gen/kit_traffic.h
	@mkdir -p $(dir $@)
	$(call say,CC,$< (PIC))
	$(Q)$(CC) $(CSTD) $(CFLAGS) -fPIC $(INC) -c $< -o $@
build/pic/cmodel/core/registry.o build/pic/tb/stim/registry.o: build/gen/kit_blocks.h
build/pic/tb/stim/tadapt.o: build/gen/kit_traffic.h
build/libcvkit.so: $(PIC_OBJ)
	$(call say,LD,$@)
	$(Q)$(CC) -shared $(CFLAGS) $^ -o $@
-include $(PIC_OBJ:.o=.d)

# make python: build/venv with the pinned test tools and cvkit installed
# (pip install ./python, which builds build/libcvkit.so through this
# Makefile); reinstalled when the library or the package changed; and the
# wheel (make wheel alone: the wheel only).
PY_SRC := $(wildcard python/cvkit/*.py) python/setup.py python/pyproject.toml
build/venv/.cvkit-installed: build/libcvkit.so $(PY_SRC) tools/requirements/python.txt
	@tools/venv.sh python
	@build/venv/bin/python -m pip install -q --disable-pip-version-check --no-build-isolation \
	  --no-deps --force-reinstall ./python >build/pip-cvkit.log 2>&1 || \
	  { echo "python: error: pip install ./python failed (log: build/pip-cvkit.log)" >&2; exit 1; }
	@touch $@
# The same package as a wheel, build/wheel/cvkit-VERSION-*.whl (libcvkit.so
# inside, tagged for this platform), for `pip install` elsewhere; built by
# pip without touching any environment.
build/wheel/.built: build/libcvkit.so $(PY_SRC) tools/requirements/python.txt
	@tools/venv.sh python
	@rm -rf build/wheel && mkdir -p build/wheel
	@build/venv/bin/python -m pip wheel -q --disable-pip-version-check --no-build-isolation --no-deps \
	  -w build/wheel ./python >build/pip-wheel.log 2>&1 || \
	  { echo "python: error: pip wheel ./python failed (log: build/pip-wheel.log)" >&2; exit 1; }
	@ls build/wheel/cvkit-*.whl
	@touch $@
.PHONY: python wheel
python: tools build/venv/.cvkit-installed build/wheel/.built
wheel: tools build/wheel/.built

# FST waveforms: WAVES=1 FORMAT=fst (whole run) and every failure window
# are written as VCD and converted by gtkwave's vcd2fst (the lockstep reads
# KIT_WAVE_FORMAT; Verilator 5.006 builds one trace format per model).
FORMAT ?= vcd
export KIT_WAVE_FORMAT := $(FORMAT)
.PHONY: wavedeps
wavedeps:
	@case "$(FORMAT)" in vcd) ;; fst) tools/deps.sh vcd2fst ;; \
	  *) echo "make: error: FORMAT=$(FORMAT): expected vcd or fst" >&2; exit 1 ;; esac
check run regress: wavedeps

# Regressions: every seed of SEEDS for the default test of every block
# (BLOCK= for one), CYCLES per configuration, on the local cores (JOBS=),
# one summary, one JUnit file, and a Slurm array script for the same jobs
# (doc/regress.md).
SEEDS ?= 1-100
.PHONY: regress
regress: deps tools
	@tools/jobs.py regress --blocks $(call q,$(SOME)) --seeds $(call q,$(SEEDS)) --each-cycles $(CYCLES) \
	  $(if $(FAULT),--fault $(call q,$(FAULT))) $(if $(filter 0,$(DIRECTED)),--no-directed) \
	  --results-dir build/regress --junit build/junit/regress.xml --slurm build/regress/regress.sbatch

# FuseSoC: build/fusesoc/<block>.core (+ build/fusesoc/fusesoc/ replay bench and smoke vectors)
# generated from the .def files; regenerate after changing a block's
# parameters, ports or RTL file list (tb/test/85_fusesoc.sh checks).
.PHONY: fusesoc-cores
fusesoc-cores: tools build/libcvkit.so
	@PYTHONPATH=python python3 tools/fusesoc_cores.py

# Coverage: Verilator line + toggle coverage builds (directories *-cov),
# the lockstep (random + directed, or TRAFFIC= / TRACE= alone), merged, lcov/genhtml HTML with the
# kit's functional events beside it, in build/coverage/<block>/ (every
# block unless BLOCK=; doc/coverage.md).
.PHONY: coverage
coverage: deps tools
	@tools/deps.sh lcov genhtml python3
	@for b in $(SOME); do tools/coverage.sh $$b $(SEED) "$(if $(call given,CYCLES),$(CYCLES))" "$(FAULT)" "$(PARAMS)" \
	  "$(TRAFFIC)" "$(TRACE)" "$(TRAFFIC_PARAMS)" || exit 1; done

# DPI-C: the block's SV package and testbench (kit dpigen) built with its
# RTL (ours, or RTL= TOP=) by Verilator and run: seeded random stimulus
# for CYCLES cycles or STIM= (a .stim directed file or a vector file); the
# first mismatch is reported as the lockstep reports it; the verdict as
# JSON in the build directory's BLOCK.json (doc/dpi.md).
DPI_DIR = build/dpi/$(BLOCK)/$$(build/kit cfgid $(BLOCK) $(PARAMS))$(if $(RTL),-byo$$(printf '%s\n%s\n' $(call q,$(RTL)) $(call q,$(TOP)) | sha1sum | cut -c1-8))
.PHONY: dpi
dpi: tools
	@tools/deps.sh verilator
	@d=$(DPI_DIR) && \
	  bin=$$(DPI_PARAMS=$(call q,$(PARAMS)) DPI_RTL=$(call q,$(RTL)) DPI_TOP=$(call q,$(TOP)) \
	    VOPT=$(or $(VOPT),-O2) tools/dpi_build.sh "$$d" $(call q,$(BLOCK))) && \
	  "$$bin" +seed=$(SEED) +cycles=$(CYCLES) $(if $(STIM),+$(BLOCK)_stim=$(call q,$(STIM))) +results="$$d"
