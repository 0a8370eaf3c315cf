/*
 * test_wp_gpu.c - unit tests of the wp_gpu composite model
 * (cmodel/wp_gpu/wp_gpu.c): the parameter plumbing, the wiring and the
 * integration invariants of doc/wp_gpu.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The parameter plumbing: every composite parameter reaches the
 *    sub-blocks that take it by name, the others keep their defaults, an
 *    illegal sub-block configuration is named with its sub-block, and the
 *    composite's own port-width rules refuse what would not fit 64 bits.
 *  - Soaks with the generator's traffic at the check list's three
 *    configurations (2 kernels, 3 kernels with every other mode value, one
 *    kernel): viol_o = 0 in every cycle, each sub-block's own invariant
 *    check holds in every cycle, and periods do end with both kinds of
 *    winner (the traffic reaches what the invariants are about; at K = 1
 *    a profiling SM wins with F itself, WP14's no-donor case).
 *  - The wiring of item 5 end to end by hand: a class-2 load (never cache,
 *    from the class table) bypasses waypart two cycles later; the same load
 *    with class 1 fills; its later hit reaches the monitor (Hits 1).
 *  - The checks can fail: each planted wiring fault (WG_FAULT_*) on the
 *    same traffic raises its viol_o bit, and hand-built states raise
 *    I-SUM and I-PROF.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/wp_gpu/wp_gpu.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static void config(long *P, const char *words)
{
  char buf[600], err[KIT_ERR_LEN];
  kit_params_default(&wp_gpu_block, P);
  snprintf(buf, sizeof buf, "%s", words);
  for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
    if (kit_params_set(&wp_gpu_block, P, w, err, sizeof err)) { printf("FAIL config: %s\n", err); exit(1); }
}

#define SMALL "Sets=4 Ways=4 TagW=4 TbW=2 IpcW=16 MaxTb=4 CntW=8 NumLd=4 PerMax=64"
#define OTHER "Sets=4 Ways=4 TagW=4 TbW=2 IpcW=16 MaxTb=4 CntW=8 NumLd=4 NumSm=5 Kernels=3 FolMean=1 Flush=1 IntFix=3"
#define ONE "NumSm=3 Kernels=1 Sets=2 Ways=2 TagW=2 TbW=1 IpcW=4 MaxTb=2 CntW=2 NumLd=3 PerMax=8"

static int refused(const char *words, const char *want)
{
  long P[KIT_MAX_PARAMS];
  char err[KIT_ERR_LEN] = "";
  config(P, words);
  return kit_params_check(&wp_gpu_block, P, err, sizeof err) != 0 && strstr(err, want) != NULL;
}

static void test_params(void)
{
  long P[KIT_MAX_PARAMS], S[KIT_MAX_PARAMS];
  char err[KIT_ERR_LEN];
  int ok = 1;
  config(P, OTHER " Seed=7 L2Lat=9 WgtW=5");
  ok &= kit_params_check(&wp_gpu_block, P, err, sizeof err) == 0;
  wgc_sub_params(&wpctl_block, P, S);
  ok &= S[wpctl_P_NumSm] == 5 && S[wpctl_P_Kernels] == 3 && S[wpctl_P_Ways] == 4 && S[wpctl_P_IpcW] == 16 &&
        S[wpctl_P_Seed] == 7 && S[wpctl_P_PerMax] == 1048576 && S[wpctl_P_FolMean] == 1;
  wgc_sub_params(&waypart_block, P, S);
  ok &= S[waypart_P_Sets] == 4 && S[waypart_P_Ways] == 4 && S[waypart_P_TagW] == 4 && S[waypart_P_Kernels] == 3 &&
        S[waypart_P_TbW] == 2 && S[waypart_P_WgtW] == 5 && S[waypart_P_Flush] == 1 && S[waypart_P_LineBytes] == 128;
  wgc_sub_params(&tbbyp_block, P, S);
  ok &= S[tbbyp_P_Kernels] == 3 && S[tbbyp_P_MaxTb] == 4 && S[tbbyp_P_CntW] == 8 && S[tbbyp_P_L2Lat] == 9 &&
        S[tbbyp_P_IntFix] == 3 && S[tbbyp_P_WarpW] == 6;
  verdict("parameters reach their sub-blocks by name, the others keep their defaults", ok, "a value did not arrive");
  verdict("NumSm = Kernels is refused by wpctl's rule, named", refused("NumSm=2 Kernels=2", "wpctl: "), "not refused");
  verdict("PerMax = 1 is refused by wpctl's rule, named", refused("PerMax=1", "wpctl: "), "not refused");
  verdict("part_o beyond 64 bits is refused", refused("NumSm=8 Kernels=4 Ways=16", "part_o"), "not refused");
  verdict("ins_i beyond 64 bits is refused", refused("NumSm=8 Kernels=2 RetW=5", "ins_i"), "not refused");
}

/* Run `cycles` of the generator's traffic through a model with `fault`;
 * returns the OR of every viol_o, and checks the sub-blocks' own
 * invariants every cycle when fault is 0. wins[0], wins[1]: followed and
 * profiling winners seen. */
static unsigned run(const long *P, uint64_t seed, uint64_t cycles, unsigned fault, char *d, size_t dl,
                    unsigned *wins)
{
  void *st = wp_gpu_stim.create(P, seed);
  wgc_model_t *m = wgc_new(P);
  wp_gpu_in_t in;
  wp_gpu_out_t out, prev;
  unsigned viol = 0;
  if (!st || !m) { snprintf(d, dl, "out of memory"); wp_gpu_stim.destroy(st); wgc_free(m); return ~0u; }
  m->fault = fault;
  prev = m->out;
  for (uint64_t c = 0; c < cycles; c++) {
    wp_gpu_stim.next(st, (uint64_t *)&in);
    wgc_step(m, &in, &out);
    viol |= (unsigned)out.viol_o;
    if (wins && out.wr_all_o && prev.rd_valid_o) wins[out.win_o ? 1 : 0]++;
    prev = out;
    if (fault == WG_FAULT_NONE) {
      char e[KIT_ERR_LEN];
      const char *who = NULL;
      if (wpctl_check(m->ctl, e, sizeof e)) who = "wpctl";
      for (unsigned s = 0; !who && s < m->numsm; s++) {
        if (waypart_check(m->wp[s], e, sizeof e)) who = "waypart";
        else if (tbbyp_check(m->tb[s], e, sizeof e)) who = "tbbyp";
      }
      if (who) {
        snprintf(d, dl, "cycle %llu: %s invariant: %s", (unsigned long long)c, who, e);
        viol |= 0x100u;
        break;
      }
      if (out.viol_o && !d[0]) snprintf(d, dl, "cycle %llu: viol_o = %llu", (unsigned long long)c, (unsigned long long)out.viol_o);
    }
  }
  wp_gpu_stim.destroy(st);
  wgc_free(m);
  return viol;
}

static void test_soak(const char *words, uint64_t seed, uint64_t cycles)
{
  long P[KIT_MAX_PARAMS];
  char name[700], d[300] = "";
  unsigned wins[2] = {0, 0};
  config(P, words);
  const unsigned v = run(P, seed, cycles, WG_FAULT_NONE, d, sizeof d, wins);
  snprintf(name, sizeof name, "soak %s seed %llu: viol_o = 0 and every sub-block's invariants in every cycle",
           words, (unsigned long long)seed);
  verdict(name, v == 0, d);
  snprintf(name, sizeof name, "soak %s: followed wins %u, profiling wins %u", words, wins[0], wins[1]);
  verdict(name, wins[0] > 0 && wins[1] > 0, "a kind of winner never seen");
}

/* One cycle of an idle GPU at SMALL (quotas Tb_k = 1, so no period ends:
 * no thread block finishes; everything else idle). */
static void idle(wp_gpu_in_t *in)
{
  memset(in, 0, sizeof *in);
  in->rst_ni = 1;
  in->tb_i = 1u | 1u << 2;
}

static void test_byp_wire(void)
{
  long P[KIT_MAX_PARAMS];
  wp_gpu_in_t in;
  wp_gpu_out_t o;
  config(P, SMALL);
  int ok = 1;
  char d[300] = "";
  for (unsigned cls = 1; cls <= 2; cls++) {
    wgc_model_t *m = wgc_new(P);
    idle(&in);
    wgc_step(m, &in, &o);                       /* the start cycle */
    idle(&in);
    in.acc_valid_i = 1;                         /* SM 2, kernel 0, load 1 of the table */
    in.acc_sm_i = 2;
    in.acc_set_i = 1;
    in.acc_tag_i = 5;
    in.acc_ld_i = 1;
    in.cfg_cls_i = (uint64_t)cls << 2;
    wgc_step(m, &in, &o);
    ok &= o.byp_o == (cls == 2) && !o.rsp_valid_o;
    idle(&in);
    wgc_step(m, &in, &o);
    ok &= o.rsp_valid_o && o.rsp_sm_o == 2 && o.rsp_byp_o == (cls == 2) && o.rsp_fill_o == (cls == 1);
    if (cls == 1) {                             /* the same load again hits; the hit reaches the monitor */
      idle(&in);
      in.acc_valid_i = 1;
      in.acc_sm_i = 2;
      in.acc_set_i = 1;
      in.acc_tag_i = 5;
      in.cfg_cls_i = 1u << 2;
      in.acc_ld_i = 1;
      wgc_step(m, &in, &o);
      idle(&in);
      wgc_step(m, &in, &o);
      ok &= o.rsp_hit_o && !o.rsp_foreign_o;
      idle(&in);
      wgc_step(m, &in, &o);                     /* hit_i at this edge */
      idle(&in);
      wgc_step(m, &in, &o);                     /* dbg_hits_o: read before write */
      /* Hits of kernel 0 at SM 2: read through tbbyp's debug port (dbg_k 0) */
      ok &= m->bo[2]->dbg_hits_o == 1;
    }
    ok &= o.viol_o == 0;
    if (!ok && !d[0]) snprintf(d, sizeof d, "class %u: byp %llu rsp_byp %llu fill %llu", cls,
                               (unsigned long long)o.byp_o, (unsigned long long)o.rsp_byp_o,
                               (unsigned long long)o.rsp_fill_o);
    wgc_free(m);
  }
  verdict("item 5's wire: class 2 bypasses waypart two cycles later, class 1 fills, its hit reaches tbbyp", ok, d);
}

static void test_faults(void)
{
  static const struct { unsigned fault, bit; const char *what; } f[] = {
    {WG_FAULT_BCAST_MISS, WG_VIOL_FOL, "the broadcast misses the last SM (I-FOL)"},
    {WG_FAULT_WR_LATE, WG_VIOL_CHG, "the last SM takes its writes one cycle late (I-CHG)"},
    {WG_FAULT_BYP_CUT, WG_VIOL_BYP, "acc_byp_i tied to 0 (I-BYP)"},
    {WG_FAULT_NO_CLR, WG_VIOL_CLR, "tbbyp's clr_i tied to 0 (I-CLR)"},
  };
  long P[KIT_MAX_PARAMS];
  config(P, SMALL);
  for (unsigned k = 0; k < sizeof f / sizeof f[0]; k++) {
    char d[300] = "";
    fault_verdict(f[k].what, run(P, 7, 20000, f[k].fault, d, sizeof d, NULL), f[k].bit);
  }
  /* I-SUM and I-PROF on hand-built states (K 2, CW 3: fields [2:0], [5:3]) */
  wgc_model_t *m = wgc_new(P);
  int ok = wgc_viol(m) == 0;
  m->wo[0]->part_o = 3u | 2u << 3;             /* (3,2): 5 ways of 4 */
  ok &= (wgc_viol(m) & WG_VIOL_SUM) != 0;
  m->wo[0]->part_o = 3u | 1u << 3;             /* (3,1): F (2,2) with +1 at 0, -1 at 1 */
  ok &= (wgc_viol(m) & (WG_VIOL_PROF | WG_VIOL_SUM)) == 0;
  m->wo[0]->part_o = 1u | 3u << 3;             /* (1,3): SM 0 moved the wrong way */
  ok &= (wgc_viol(m) & WG_VIOL_PROF) != 0;
  m->wo[1]->part_o = 0u | 4u << 3;             /* (0,4): two ways off F */
  m->wo[0]->part_o = 2u | 2u << 3;
  ok &= (wgc_viol(m) & WG_VIOL_PROF) != 0;
  wgc_free(m);
  verdict("hand-built states: a partition of 5 ways (I-SUM), profiling SMs off by a wrong move (I-PROF)", ok,
          "I-SUM or I-PROF wrong");
}

int main(void)
{
  test_params();
  test_soak(SMALL, 1, 100000);
  test_soak(OTHER, 2, 100000);
  test_soak(ONE, 3, 100000);
  test_byp_wire();
  test_faults();
  return unit_done();
}
