/*
 * noc_sampler.c - bit-accurate, cycle-level golden model of the NoC
 * congestion sampler, exactly as doc/noc_sampler.md specifies it; every
 * rule names its decision (N1-N12) or its step of "A cycle, step by step".
 *
 * Design choice: state is held the way the RTL holds it (per slot valid,
 * gen, counter; LFSR; S and C; the divider's registers), so a mismatch can
 * be explained register by register. The step decides from the
 * start-of-cycle values, then commits.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/noc_sampler/noc_sampler.h"

noc_sampler_model_t *noc_sampler_new(const long *P)
{
  assert(P);
  if (P[noc_sampler_P_Slots] < 1 || P[noc_sampler_P_Slots] > (long)NOCS_MAX_SLOTS || P[noc_sampler_P_LatW] < 2 ||
      P[noc_sampler_P_LatW] > 16 || P[noc_sampler_P_CntW] < 1 || P[noc_sampler_P_CntW] > 16 ||
      P[noc_sampler_P_RateShift] < 0 || P[noc_sampler_P_RateShift] > 15 || P[noc_sampler_P_Seed] < 1 ||
      P[noc_sampler_P_Seed] > 65535)
    return NULL;
  noc_sampler_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->slots = (unsigned)P[noc_sampler_P_Slots];
  m->latw = (unsigned)P[noc_sampler_P_LatW];
  m->cntw = (unsigned)P[noc_sampler_P_CntW];
  m->slotw = NOCS_SLOTW(P);
  m->seed = (unsigned)P[noc_sampler_P_Seed];
  m->ratemask = (unsigned)kit_mask((unsigned)P[noc_sampler_P_RateShift]);
  m->latmax = (unsigned)kit_mask(m->latw);
  m->cntmax = (unsigned)kit_mask(m->cntw);
  for (unsigned b = 0; b < 256; b++) {   /* N2: the leap is linear */
    m->leap_lo[b] = (uint16_t)nocs_lfsr_leap(b);
    m->leap_hi[b] = (uint16_t)nocs_lfsr_leap(b << 8);
  }
  noc_sampler_reset(m);
  return m;
}

void noc_sampler_free(noc_sampler_model_t *m) { free(m); }

/* N8: mark_o / mark_id_o from a state (the next one, or the reset one). */
static void mark(const noc_sampler_model_t *m, noc_sampler_out_t *o)
{
  o->mark_o = 0;
  o->mark_id_o = 0;
  if (m->lfsr & m->ratemask) return;
  for (unsigned s = 0; s < m->slots; s++)
    if (!m->valid[s]) {
      o->mark_o = 1;
      o->mark_id_o = ((uint64_t)m->gen[s] << m->slotw) | s;
      return;
    }
}

/* doc "State and reset". */
void noc_sampler_reset(noc_sampler_model_t *m)
{
  memset(m->valid, 0, sizeof m->valid);
  memset(m->gen, 0, sizeof m->gen);
  memset(m->cnt, 0, sizeof m->cnt);
  m->lfsr = m->seed;
  m->sum = 0;
  m->c = 0;
  m->rem = m->quo = m->div = m->step = m->busy = 0;
  memset(&m->out, 0, sizeof m->out);
  mark(m, &m->out);
}

/* N6, N10: one completed sample into the window, while C < CntMax. */
static void add_sample(noc_sampler_model_t *m, unsigned lat)
{
  if (m->c < m->cntmax) {
    m->c++;
    m->sum += lat;
  }
}

void noc_sampler_step(noc_sampler_model_t *m, const noc_sampler_in_t *in, noc_sampler_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    noc_sampler_reset(m);
    *out = m->out;
    return;
  }
  noc_sampler_out_t o;
  memset(&o, 0, sizeof o);
  const unsigned S = m->slots;
  const int inj = (int)(in->inj_valid_i & 1u);

  /* step 1: sample or drop (N2, N3); the mark register is this decision */
  const int take = inj && m->out.mark_o;
  const unsigned tslot = (unsigned)(m->out.mark_id_o & kit_mask(m->slotw));
  o.drop_o = (uint64_t)(inj && !(m->lfsr & m->ratemask) && !m->out.mark_o);

  /* step 2: the stop (N4) */
  unsigned stop = S;
  if (in->ret_valid_i & 1u) {
    const unsigned s = (unsigned)(in->ret_id_i & kit_mask(m->slotw));
    const unsigned g = (unsigned)(in->ret_id_i >> m->slotw) & 1u;
    if (s < S && m->valid[s] && m->gen[s] == g) stop = s;
    else o.stale_o = 1;
  }
  /* step 3: the timeout (N5, N9): at most one valid counter is LatMax */
  unsigned tmo = S;
  for (unsigned s = 0; s < S; s++)
    if (m->valid[s] && m->cnt[s] == m->latmax && s != stop) tmo = s;
  o.tmo_o = tmo < S;

  /* step 4: the window (N6, N10), then the divider (N7) */
  if (stop < S) add_sample(m, m->cnt[stop]);
  if (tmo < S) add_sample(m, m->latmax);
  if (in->per_end_i & 1u) {
    m->rem = (unsigned)(m->sum >> m->latw);
    m->quo = (unsigned)(m->sum & m->latmax);
    m->div = m->c;
    m->step = m->latw;
    m->busy = 1;
    m->sum = 0;
    m->c = 0;
  } else if (m->busy) {
    const unsigned t = 2u * m->rem + ((m->quo >> (m->latw - 1u)) & 1u);
    const unsigned q = m->div != 0 && t >= m->div;
    m->rem = q ? t - m->div : t;
    m->quo = ((m->quo << 1) | q) & m->latmax;
    if (--m->step == 0) {
      m->busy = 0;
      o.avg_valid_o = 1;
      m->out.avg_o = m->quo;
    }
  }

  /* step 5: the slots */
  for (unsigned s = 0; s < S; s++) {
    if (s == stop || s == tmo) {
      m->valid[s] = 0;
      m->cnt[s] = 0;
      m->gen[s] ^= 1u;
    } else if (m->valid[s]) {
      m->cnt[s]++;                     /* < LatMax: the LatMax one timed out */
    }
  }
  if (take) {                          /* a free slot: neither stopped nor timed out */
    m->valid[tslot] = 1;
    m->cnt[tslot] = 1;
  }
  /* step 6: the LFSR (N2) */
  if (inj) m->lfsr = (unsigned)(m->leap_lo[m->lfsr & 0xffu] ^ m->leap_hi[m->lfsr >> 8]);

  /* step 7: the outputs */
  o.busy_o = m->busy;
  o.avg_o = m->out.avg_o;
  o.nsamp_o = m->div;
  mark(m, &o);
  m->out = o;
  *out = o;
}

int noc_sampler_check(const noc_sampler_model_t *m, char *err, size_t errlen)
{
  unsigned nfree = 0;
  for (unsigned s = 0; s < m->slots; s++) {
    if (m->valid[s] ? (m->cnt[s] < 1 || m->cnt[s] > m->latmax) : m->cnt[s] != 0) {
      snprintf(err, errlen, "invariant 1: slot %u valid %u cnt %u", s, m->valid[s], m->cnt[s]);
      return -1;
    }
    if (!m->valid[s]) nfree++;
    for (unsigned t = s + 1; t < m->slots; t++)
      if (m->valid[s] && m->valid[t] && m->cnt[s] == m->cnt[t]) {
        snprintf(err, errlen, "invariant 1: slots %u and %u both at %u", s, t, m->cnt[s]);
        return -1;
      }
  }
  if (m->c > m->cntmax || m->sum > (uint64_t)m->c * m->latmax) {
    snprintf(err, errlen, "invariant 2: C %u S %llu", m->c, (unsigned long long)m->sum);
    return -1;
  }
  if (m->out.avg_o > m->latmax || m->div > m->cntmax ||
      (m->busy && (m->div ? m->rem >= m->div : m->rem != 0))) {
    snprintf(err, errlen, "invariant 3: avg %llu div %u rem %u", (unsigned long long)m->out.avg_o, m->div,
             m->rem);
    return -1;
  }
  if (m->busy != (m->step != 0) || m->step > m->latw) {
    snprintf(err, errlen, "invariant 4: busy %u step %u", m->busy, m->step);
    return -1;
  }
  const int wanted = !(m->lfsr & m->ratemask);
  if (m->out.mark_o != (uint64_t)(wanted && nfree)) {
    snprintf(err, errlen, "invariant 5: mark %llu wanted %d free slots %u", (unsigned long long)m->out.mark_o,
             wanted, nfree);
    return -1;
  }
  if (m->out.mark_o) {
    const unsigned s = (unsigned)(m->out.mark_id_o & kit_mask(m->slotw));
    if (s >= m->slots || m->valid[s] || (unsigned)(m->out.mark_id_o >> m->slotw) != m->gen[s]) {
      snprintf(err, errlen, "invariant 5: mark_id %llu", (unsigned long long)m->out.mark_id_o);
      return -1;
    }
  }
  if (m->lfsr == 0 || m->lfsr > 0xffffu) {
    snprintf(err, errlen, "invariant 7: LFSR %#x", m->lfsr);
    return -1;
  }
  return 0;
}
