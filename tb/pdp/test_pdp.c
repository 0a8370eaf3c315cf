/*
 * test_pdp.c - unit tests of the PDP-S predictor model (cmodel/pdp/pdp.c)
 * against doc/pdp.md and the hit-rate model of pdp-notes.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The PD choice is a pure function of (bins, N_t) and the parameters
 *    that enter E(d_p) (DMax, Sc, De, BinW, NtW). It is checked by driving
 *    the model's real pipeline (period end, NB+1 busy cycles, exact latency)
 *    from histograms loaded into the counter array, against E(d_p)
 *    evaluated here in double precision, for thousands of random histograms
 *    plus the corners the issue names: empty, single-bin, saturated (every
 *    counter and N_t at its maximum: the overflow proof's worst case) and
 *    tied (equal E for several candidates: the smallest PD must win), at
 *    the GPU default, the LLC setting, the widest legal datapath (Sc = 1,
 *    256 bins, 16/32-bit counters: 66-bit products) and narrow counters.
 *    Doubles decide exactly: E values are correctly rounded quotients, so
 *    equal rationals give equal doubles; a pair of different rationals
 *    closer than 1e-12 (relative) would be ambiguous and is counted and
 *    reported (expected 0).
 *  - The sampler's RD convention (RD = n*M + t, back-to-back = 0, the
 *    matched entry invalidated, insertion on t = M-1) and N_t's definition
 *    (insertions), the freeze and the busy-time rule are checked with
 *    hand-computed sequences.
 *  - A seeded soak with the block's own stimulus checks the invariants.
 * Output: "PASS <name>" / "FAIL <name>: <detail>" lines; exit 0 iff all pass.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/pdp/pdp.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"


static void params(long *P, const char *const *kv, unsigned n)
{
  kit_params_default(&pdp_block, P);
  char err[KIT_ERR_LEN];
  for (unsigned i = 0; i < n; i++)
    if (kit_params_set(&pdp_block, P, kv[i], err, sizeof err)) { printf("FAIL setup: %s\n", err); exit(1); }
  if (kit_params_check(&pdp_block, P, err, sizeof err)) { printf("FAIL setup: %s\n", err); exit(1); }
}

static pdp_out_t step(pdp_model_t *m, unsigned valid, uint64_t set, uint64_t tag)
{
  pdp_in_t in = {.rst_ni = 1, .acc_valid_i = valid, .acc_set_i = set, .acc_tag_i = tag};
  pdp_out_t o;
  pdp_step(m, &in, &o);
  return o;
}

/* Reference: smallest b maximising E(d_b) in double precision. */
static unsigned ref_choice(const pdp_model_t *m, const uint32_t *bin, uint64_t nt, unsigned *near)
{
  /* candidates below PdMin (bins b < cmin - 1) never win (doc "Paper readings") */
  double e[256], best = 0.0;
  double s = 0, v = 0;
  const unsigned b0 = m->cmin - 1u;
  for (unsigned b = 0; b < m->nb; b++) {
    s += bin[b];
    v += (double)bin[b] * (double)((b + 1u) * m->sc);
    double u = (double)nt > s ? (double)nt - s : 0.0;
    double a = v + u * (double)((b + 1u) * m->sc + m->de);
    e[b] = s == 0 || b < b0 ? 0.0 : s / a;
    if (e[b] > best) best = e[b];
  }
  unsigned pick = b0;
  for (unsigned b = b0; b < m->nb; b++) if (e[b] == best) { pick = b; break; }
  for (unsigned b = b0; b < m->nb; b++)
    if (e[b] != best && fabs(e[b] - best) <= 1e-12 * best) (*near)++;
  return pick;
}

/* Load a histogram, end a period, run the pipeline; return the PD (and
 * check the latency). */
static unsigned run_compute(pdp_model_t *m, const uint32_t *bin, uint64_t nt, int *lat_ok)
{
  pdp_reset(m);
  memcpy(m->bin, bin, m->nb * sizeof *bin);
  m->nt = nt;
  int atmax = nt == kit_mask(m->ntw);
  for (unsigned b = 0; b < m->nb; b++) atmax |= bin[b] == kit_mask(m->binw);
  m->frozen = (unsigned)atmax;
  m->per = m->period - 1u;
  /* an access to set 0 (sampled) with an empty FIFO and counter 0: no
   * match, no insertion; it ends the period (cycle t) */
  pdp_out_t o = step(m, 1, 0, 0);
  *lat_ok = o.busy_o == 1 && o.pd_valid_o == 0;
  for (unsigned i = 1; i <= m->nb + 1u; i++) {
    o = step(m, 0, 0, 0);
    /* steps t .. t+NB return busy (visible in cycles t+1 .. t+NB+1) */
    if (i <= m->nb && !(o.busy_o && !o.pd_valid_o)) *lat_ok = 0;
  }
  /* the step of cycle t+NB+1 returns the outputs visible in t+NB+2 */
  if (!(o.busy_o == 0 && o.pd_valid_o == 1)) *lat_ok = 0;
  return (unsigned)(o.pd_o >> m->lsc) - 1u;
}

static void test_choice(const char *name, const char *const *kv, unsigned nkv, unsigned ntests)
{
  long P[KIT_MAX_PARAMS];
  params(P, kv, nkv);
  P[pdp_P_NtAll] = 0;   /* N_t is loaded directly; the access that ends the period must not add to it */
  pdp_model_t *m = pdp_new(P);
  kit_rng_t r;
  kit_rng_seed(&r, 12345);
  uint32_t bin[256];
  const uint32_t bmax = (uint32_t)kit_mask(m->binw);
  const uint64_t nmax = kit_mask(m->ntw);
  unsigned bad = 0, near = 0, latbad = 0, kinds[6] = {0};
  char detail[256] = "";
  for (unsigned i = 0; i < ntests; i++) {
    unsigned kind = i < 6 ? i : (unsigned)kit_rng_below(&r, 6);
    uint64_t nt = 0, s = 0;
    memset(bin, 0, sizeof bin);
    switch (kind) {
    case 0: break;                                              /* empty */
    case 1: bin[kit_rng_below(&r, m->nb)] = 1 + (uint32_t)kit_rng_below(&r, bmax);  /* single bin */
            nt = kit_rng_below(&r, 2) ? kit_rng_below(&r, nmax + 1) : 0; break;
    case 2: for (unsigned b = 0; b < m->nb; b++) bin[b] = bmax;   /* saturated */
            nt = kit_rng_below(&r, 2) ? nmax : kit_rng_below(&r, nmax + 1); break;
    case 3: {                                                   /* tied tail */
      unsigned j = (unsigned)kit_rng_below(&r, m->nb);
      for (unsigned b = 0; b <= j; b++) { bin[b] = (uint32_t)kit_rng_below(&r, bmax + 1); s += bin[b]; }
      nt = s ? kit_rng_below(&r, s + 1) : 0; break;
    }
    case 4: for (unsigned b = 0; b < m->nb; b++)                 /* sparse */
              bin[b] = kit_rng_chance(&r, 150) ? (uint32_t)kit_rng_below(&r, bmax + 1) : 0;
            nt = kit_rng_below(&r, nmax + 1) >> kit_rng_below(&r, m->ntw); break;
    default: for (unsigned b = 0; b < m->nb; b++) { bin[b] = (uint32_t)kit_rng_below(&r, bmax + 1); s += bin[b]; }
             nt = kit_rng_below(&r, 2) ? (s < nmax ? s + kit_rng_below(&r, nmax - s + 1) : nmax)
                                       : kit_rng_below(&r, nmax + 1); break;
    }
    kinds[kind]++;
    int lat_ok;
    unsigned want = ref_choice(m, bin, nt, &near);
    unsigned got = run_compute(m, bin, nt, &lat_ok);
    if (!lat_ok) latbad++;
    if (got != want) {
      if (!bad) snprintf(detail, sizeof detail, "case %u (kind %u, N_t %llu): model PD %u, double-precision best %u",
                         i, kind, (unsigned long long)nt, (got + 1) * m->sc, (want + 1) * m->sc);
      bad++;
    }
  }
  char msg[512];
  snprintf(msg, sizeof msg, "%u of %u choices differ (%s); %u latency errors; %u near ties",
           bad, ntests, detail, latbad, near);
  char full[256];
  snprintf(full, sizeof full, "choice = double-precision best, latency NB+1 busy cycles: %s "
           "(%u empty/%u single/%u saturated/%u tied/%u sparse/%u random)", name,
           kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], kinds[5]);
  verdict(full, bad == 0 && latbad == 0 && near == 0, msg);
  pdp_free(m);
}

/* Hand-computed sampler sequence, GPU default (M 4, F 16, Sc 4, stride 8). */
static void test_sampler(void)
{
  long P[KIT_MAX_PARAMS];
  static const char *const ins[] = {"NtAll=0"};   /* N_t = insertions here */
  params(P, ins, 1);
  pdp_model_t *m = pdp_new(P);
  int ok = 1;
  char d[200] = "";
  /* set 8 = sampled set 1. t = 0,1,2: tags 5,6,7 not inserted; t = 3:
   * tag 8 inserted. */
  for (unsigned g = 5; g <= 8; g++) { pdp_out_t o = step(m, 1, 8, g); ok &= o.samp_hit_o == 0; }
  ok &= m->nt == 1;                                    /* N_t counts the insertion */
  pdp_out_t o = step(m, 1, 8, 8);                      /* t = 0, p = 0: RD 0 */
  ok &= o.samp_hit_o == 1 && o.samp_rd_o == 0 && m->bin[0] == 1;
  if (!ok && !d[0]) snprintf(d, sizeof d, "back-to-back RD");
  o = step(m, 1, 8, 8);                                /* invalidated: no match */
  ok &= o.samp_hit_o == 0;
  o = step(m, 1, 9, 8);                                /* set 9: not sampled */
  ok &= o.samp_hit_o == 0 && m->cnt[1] == 2;
  /* t = 2 now; access t=2 tag 1, t=3 tag 2 (inserted), then 4 groups of
   * 4 accesses (tags 100+) inserting 4 more: tag 2 at position 4. */
  step(m, 1, 8, 1);
  step(m, 1, 8, 2);
  for (unsigned i = 0; i < 16; i++) step(m, 1, 8, 100 + i);
  step(m, 1, 8, 200);                                  /* t = 0 */
  o = step(m, 1, 8, 2);                                /* t = 1, p = 4: RD 17 */
  ok &= o.samp_hit_o == 1 && o.samp_rd_o == 17 && m->bin[4] == 1;
  if (!ok && !d[0]) snprintf(d, sizeof d, "RD = 4*4 + 1 = 17 expected, got hit %u rd %u",
                             (unsigned)o.samp_hit_o, (unsigned)o.samp_rd_o);
  verdict("sampler: RD = n*M + t, invalidation, N_t counts insertions, non-sampled sets ignored", ok, d);
  pdp_free(m);
}

/* Freeze: BinW 2 (max 3). Bin 0 reaches 3 -> frozen, nothing moves. */
static void test_freeze(void)
{
  static const char *const kv[] = {"BinW=2", "NtW=4", "DMax=8", "Sc=4", "SampM=2",
                                   "Sets=2", "SampledSets=2", "PeriodLen=1000"};
  long P[KIT_MAX_PARAMS];
  params(P, kv, 8);
  pdp_model_t *m = pdp_new(P);
  int ok = 1;
  /* M = 2: (t=0 tag a) (t=1 tag b: inserted) (t=0 tag b: RD 0) ... */
  pdp_out_t o;
  for (unsigned i = 0; i < 3; i++) {
    step(m, 1, 0, 1);
    step(m, 1, 0, 2);
    o = step(m, 1, 0, 2);
    ok &= o.samp_rd_o == 0 && o.samp_hit_o == 1;
    step(m, 1, 0, 3);                                   /* t=0 after the hit's t=0? */
  }
  ok &= m->bin[0] == 3 && m->frozen == 1 && o.frozen_o == 1;
  uint64_t nt = m->nt;
  step(m, 1, 0, 4);
  step(m, 1, 0, 4);
  ok &= m->bin[0] == 3 && m->nt == nt;
  verdict("freeze: a counter at its maximum freezes the whole array", ok,
          "bin 0 should stop at 3 with frozen set");
  pdp_free(m);
}

static void test_soak(void)
{
  static const char *const kv[] = {"PeriodLen=200", "BinW=5", "NtW=7"};
  long P[KIT_MAX_PARAMS];
  params(P, kv, 3);
  pdp_model_t *m = pdp_new(P);
  void *s = pdp_stim.create(P, 7);
  uint64_t in[pdp_NIN], out[pdp_NOUT];
  char err[256] = "";
  int ok = 1;
  for (unsigned i = 0; i < 200000 && ok; i++) {
    pdp_stim.next(s, in);
    pdp_step(m, (pdp_in_t *)in, (pdp_out_t *)out);
    if (i % 97 == 0 && pdp_check_invariants(m, err, sizeof err)) ok = 0;
  }
  verdict("soak: invariants hold over 200000 random steps", ok, err);
  pdp_stim.destroy(s);
  pdp_free(m);
}

int main(void)
{
  static const char *const llc[] = {"Sets=2048", "SampledSets=32", "DMax=256", "Sc=4", "SampM=8", "De=16"};
  static const char *const wide[] = {"DMax=256", "Sc=1", "SampM=2", "PeriodLen=300", "De=255"};
  static const char *const narrow[] = {"BinW=3", "NtW=4", "De=0"};
  static const char *const two[] = {"DMax=4", "Sc=2", "SampM=2", "BinW=2", "NtW=2", "PeriodLen=4"};
  test_choice("GPU default", NULL, 0, 3000);
  test_choice("LLC setting (DMax 256, Sc 4, M 8)", llc, 6, 1500);
  test_choice("widest datapath (Sc 1, 256 bins, De 255)", wide, 5, 500);
  test_choice("narrow counters (BinW 3, NtW 4, De 0)", narrow, 3, 3000);
  test_choice("two bins, 2-bit counters", two, 6, 2000);
  test_sampler();
  test_freeze();
  test_soak();
  return unit_done();
}
