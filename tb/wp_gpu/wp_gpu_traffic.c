/*
 * wp_gpu_traffic.c - the whole dynamic scheme's traffic adapter
 * (doc/traffic.md "Adapters", doc/wp_gpu.md "Traffic"): wpctl + NumSm x
 * (tbbyp + waypart) take the GPU's L1 accesses, one a cycle with an SM
 * index (G2), which is what the hierarchy makes (one L1 access a cycle on
 * the whole GPU), in the hierarchy's time (block cycle n after the reset
 * = hierarchy cycle n). Hierarchy SM s is SM s mod NumSm (SMs = NumSm:
 * one to one).
 *
 * - Every L1 access (L1 event) is the cycle's access: acc_sm_i, acc_st_i,
 *   acc_k_i (the instruction's kernel; beyond the port the largest code),
 *   acc_set_i = line mod Sets, acc_tag_i = (line / Sets) mod 2^TagW,
 *   acc_slot_i = its CTA's slot in its SM's view (tb/stim/tsm.h, MaxTb
 *   slots; an access of a CTA without a slot is not shown), acc_ld_i =
 *   the index of its PC among the distinct PCs in order of first
 *   appearance (the j-th load of a profile, G4; from the NumLd-th on, the
 *   last entry); cfg_cls_i = 0 (no profile: every load decided per thread
 *   block).
 * - CTA launch / finish (CTA, CTA_END) are issues / retires of its SM
 *   (iss_*, ret_*: the retire is also waypart's TB finish), in event
 *   order, at most one retire and then one issue a cycle, later ones wait.
 * - ins_i field s*K+k: SM s's instructions of kernel k issued in the
 *   cycle (INST); stall_i bit s*K+k: SM s has a read miss of kernel k in
 *   flight (INJECT to RETURN, tbbyp's doc "Traffic"); warps_i field k:
 *   the most warps of kernel k's resident CTAs that have issued on any SM
 *   (G3: one launch shape for every SM).
 * - wgt_i every weight 1, tb_i every quota 1, static_i 0 (the dynamic
 *   scheme); dbg_sm_i / dbg_set_i / dbg_way_i walk the SMs and lines.
 * Kernels >= K are not shown. The traffic is over when the hierarchy has
 * no more event and no issue or retire waits.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/wp_gpu/wp_gpu.h"
#include "tb/stim/tadapt.h"
#include "tb/stim/tsm.h"

#define WGA_Q 64u

typedef struct wg_op { uint8_t ret, k, slot, sm; } wg_op_t;

typedef struct wg_ta {
  unsigned n, k, kmax, sets, ways, numld, retw, warpw;
  uint64_t tagmask, wgt, tb;
  kit_tclock_t c;
  kit_tsm_t sm[WG_MAX_SM];
  wg_op_t q[WGA_Q];
  unsigned nq;
  uint64_t pcs[32];
  unsigned npcs;
} wg_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  wg_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->n = (unsigned)P[wp_gpu_P_NumSm];
  s->k = (unsigned)P[wp_gpu_P_Kernels];
  s->kmax = (unsigned)kit_mask(WG_KW(P));
  s->sets = (unsigned)P[wp_gpu_P_Sets];
  s->ways = (unsigned)P[wp_gpu_P_Ways];
  s->numld = (unsigned)P[wp_gpu_P_NumLd];
  s->retw = (unsigned)P[wp_gpu_P_RetW];
  s->warpw = (unsigned)P[wp_gpu_P_WarpW];
  s->tagmask = kit_mask((unsigned)P[wp_gpu_P_TagW]);
  for (unsigned k = 0; k < s->k; k++) {
    s->wgt |= (uint64_t)1 << (k * (unsigned)P[wp_gpu_P_WgtW]);
    s->tb |= (uint64_t)1 << (k * (unsigned)P[wp_gpu_P_TbW]);
  }
  for (unsigned j = 0; j < s->n; j++) kit_tsm_init(&s->sm[j], (unsigned)P[wp_gpu_P_MaxTb]);
  return s;
}

/* The class-table entry of a load at pc (see the header). */
static unsigned load_index(wg_ta_t *s, uint64_t pc)
{
  unsigned j = 0;
  while (j < s->npcs && s->pcs[j] != pc) j++;
  if (j == s->npcs && s->npcs < s->numld) s->pcs[s->npcs++] = pc;
  return j < s->numld ? j : s->numld - 1u;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  wg_ta_t *s = v;
  wp_gpu_in_t *i = (wp_gpu_in_t *)in;
  const unsigned kinds = KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) |
                         KIT_HEV_BIT(KIT_HEV_CTA_END) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN);
  const uint64_t retmax = kit_mask(s->retw), wmax = kit_mask(s->warpw);
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, kinds, &e, err, errlen)) == 1) {
    const unsigned sm = e.sm % s->n;
    const int slot = kit_tsm_event(&s->sm[sm], &e);
    if (e.kind == KIT_HEV_INST && e.kernel < s->k) {
      const unsigned f = sm * s->k + e.kernel;
      if (kit_field(i->ins_i, f, s->retw) < retmax) i->ins_i += (uint64_t)1 << (f * s->retw);
    }
    if (e.kernel >= s->k || slot < 0) continue;
    if ((e.kind == KIT_HEV_CTA || e.kind == KIT_HEV_CTA_END) && s->nq < WGA_Q)
      s->q[s->nq++] = (wg_op_t){(uint8_t)(e.kind == KIT_HEV_CTA_END), (uint8_t)e.kernel, (uint8_t)slot, (uint8_t)sm};
    if (e.kind == KIT_HEV_L1) {
      i->acc_valid_i = 1;
      i->acc_sm_i = sm;
      i->acc_st_i = e.store;
      i->acc_k_i = e.kernel < s->kmax ? e.kernel : s->kmax;
      i->acc_set_i = e.line % s->sets;
      i->acc_tag_i = e.line / s->sets & s->tagmask;
      i->acc_slot_i = (uint64_t)slot;
      i->acc_ld_i = load_index(s, e.pc);
    }
  }
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !s->nq && !i->acc_valid_i && !i->ins_i) return 0;
  /* the dispatcher's issues and retires, in order: a retire, then an issue */
  unsigned n = 0;
  if (n < s->nq && s->q[n].ret) {
    i->ret_valid_i = 1;
    i->ret_sm_i = s->q[n].sm;
    i->ret_k_i = s->q[n].k;
    i->ret_slot_i = s->q[n++].slot;
  }
  if (n < s->nq && !s->q[n].ret) {
    i->iss_valid_i = 1;
    i->iss_sm_i = s->q[n].sm;
    i->iss_k_i = s->q[n].k;
    i->iss_slot_i = s->q[n++].slot;
  }
  memmove(s->q, s->q + n, (s->nq -= n) * sizeof s->q[0]);
  for (unsigned k = 0; k < s->k; k++) {
    uint64_t w = 0;
    for (unsigned j = 0; j < s->n; j++) {
      const uint64_t x = kit_tsm_warps(&s->sm[j], k);
      if (x > w) w = x;
      if (k < KIT_TSM_KERNELS && s->sm[j].miss[k]) i->stall_i |= (uint64_t)1 << (j * s->k + k);
    }
    i->warps_i |= (w < wmax ? w : wmax) << (k * s->warpw);
  }
  i->wgt_i = s->wgt;
  i->tb_i = s->tb;
  const uint64_t t = s->c.now++;
  i->dbg_sm_i = t % s->n;
  i->dbg_set_i = t / s->n % s->sets;
  i->dbg_way_i = t / s->n / s->sets % s->ways;
  return 1;
}

const kit_tadapt_t wp_gpu_traffic = {
  "every L1 access with its SM (SM s mod NumSm) in hierarchy time, CTA launch / finish as issue / retire, "
  "instructions as ins_i, read misses in flight as stall_i, resident warps; weights and quotas 1, dynamic scheme",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) | KIT_HEV_BIT(KIT_HEV_CTA_END) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN),
  0 /* every SM */,
};
