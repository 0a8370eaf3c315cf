/*
 * accel.h - the importer of Accel-Sim kernel traces ("kernel-N.traceg",
 * the NVBit tracer's output after post-processing) into the kit's warp
 * records (vectors/trace.h); doc/traffic.md "Importing Accel-Sim traces"
 * says what maps to what and what is dropped.
 *
 * Usage profile: a .traceg holds every warp's every instruction, one
 * thread block (#BEGIN_TB .. #END_TB) after another, warp by warp; real
 * ones run to gigabytes. The importer streams: each of the `sms` SMs holds
 * up to `blocks` thread blocks' memory instructions at a time (its
 * residency: given, or from the header's registers and shared memory
 * against a Volta SM's limits); the SMs take turns handing out one
 * instruction each (an SM's resident blocks in turn, a block's warps
 * round-robin), and a block that is done is replaced by the file's next
 * block at its next turn (the file has no issue order: doc/traffic.md
 * "Importing Accel-Sim traces", Order). Non-memory instructions are skipped (counted); memory
 * instructions outside the L1 data path (shared, constant, texture, TMA)
 * are dropped (counted).
 *
 * Design choice: written from the format's public description (the
 * tracer's README and the simulator's trace parser, read, not copied);
 * the reader is strict where the simulator asserts or reads on silently:
 * every word is checked and bad input ends in "PATH:LINE: message".
 */
#ifndef KIT_ACCEL_H
#define KIT_ACCEL_H

#include <stddef.h>
#include <stdint.h>

#include "vectors/fileio.h"
#include "vectors/trace.h"

#define KIT_ACCEL_MAX_VERSION 5   /* newest tracer version understood */

/* Residency (doc/traffic.md "Importing Accel-Sim traces", Residency):
 * blocks = KIT_ACCEL_AUTO reads it off the header's -nregs and -shmem
 * against one Volta (sm_70, Accel-Sim's QV100) SM: these limits, registers
 * allocated per warp in units of KIT_ACCEL_REG_UNIT, shared memory in
 * units of KIT_ACCEL_SHMEM_UNIT bytes. */
#define KIT_ACCEL_AUTO        0u
#define KIT_ACCEL_MAX_BLOCKS  32u      /* resident blocks per SM */
#define KIT_ACCEL_SM_WARPS    64u      /* resident warps per SM */
#define KIT_ACCEL_SM_REGS     65536u   /* 32-bit registers per SM */
#define KIT_ACCEL_SM_SHMEM    98304u   /* shared memory bytes per SM */
#define KIT_ACCEL_REG_UNIT    256u
#define KIT_ACCEL_SHMEM_UNIT  256u

typedef struct kit_accel_info {
  char name[256];               /* -kernel name (truncated) */
  unsigned kernel_id;           /* -kernel id */
  unsigned grid[3], block[3];   /* -grid dim, -block dim */
  unsigned version;             /* -accelsim tracer version (0: absent, read as < 3) */
  unsigned lineinfo;            /* -enable lineinfo: a line number leads each instruction */
  unsigned nregs;               /* -nregs: registers per thread (0: absent) */
  unsigned shmem;               /* -shmem: shared memory bytes per block (0: absent) */
} kit_accel_info_t;

/* One resident thread block of an SM: its warps' memory records. */
typedef struct kit_accel_slot {
  kit_winst_t *w[KIT_WARP];     /* per warp of the block: its memory records */
  size_t n[KIT_WARP], cap[KIT_WARP];
  size_t round;                 /* hand-out cursor: round, then warp */
  unsigned next_warp;
  int ready;                    /* a complete block is being handed out */
} kit_accel_slot_t;

typedef struct kit_accel_reader {
  kit_lines_t L;
  kit_accel_info_t info;
  unsigned sms;                 /* SMs */
  unsigned blocks;              /* resident thread blocks per SM (1..KIT_ACCEL_MAX_BLOCKS) */
  kit_accel_slot_t *slot;       /* [sms * blocks]: SM k's blocks at k * blocks.. */
  unsigned *bturn;              /* [sms]: the block of each SM whose turn is next */
  unsigned fill;                /* the slot whose block is being read */
  unsigned turn;                /* the SM whose turn it is to hand out */
  int eof;                      /* every block of the file has been read */
  int in_tb;                    /* between #BEGIN_TB and #END_TB */
  int have_tb, warp;            /* "thread block =" seen; current warp (-1: none yet) */
  uint64_t insts, seen;         /* the warp's "insts =" and its instruction lines so far */
  unsigned insts_line;          /* line of that "insts =" */
  uint32_t cta;                 /* linear id of the current thread block */
  unsigned nwarps;              /* warps per thread block */
  uint32_t warps_seen;          /* bit w: "warp = w" seen in this block */
  uint64_t tbs, instructions, memory, dropped;  /* counts so far */
} kit_accel_reader_t;

/* Open a .traceg and read its header (up to the first #BEGIN_TB); -1 with
 * err set ("PATH:LINE: ..."). sms >= 1; blocks: resident blocks per SM,
 * 1..KIT_ACCEL_MAX_BLOCKS, or KIT_ACCEL_AUTO. */
int kit_accel_open(kit_accel_reader_t *r, const char *path, unsigned sms, unsigned blocks, char *err,
                   size_t errlen);
/* The same over an open stream, named `name` in messages. */
int kit_accel_attach(kit_accel_reader_t *r, FILE *f, const char *name, unsigned sms, unsigned blocks, char *err,
                     size_t errlen);
/* A residency as written by a user ("auto", or 1..KIT_ACCEL_MAX_BLOCKS)
 * into *blocks (KIT_ACCEL_AUTO for "auto"); -1 with a one-line err naming
 * `what` ("what=V out of range 1..32 (or auto)"). */
int kit_accel_blocks_parse(const char *what, const char *text, unsigned *blocks, char *err, size_t errlen);
/* The residency of a block of `warps` warps, `nregs` registers per thread
 * and `shmem` bytes of shared memory (0: not limited by it) on one Volta
 * SM: the fewest of the limits above, at least 1 (the block ran on a real
 * GPU, whose SM may be larger). */
unsigned kit_accel_residency(unsigned warps, unsigned nregs, unsigned shmem);
/* The next memory record: 1, 0 at the end, or -1 with err set. */
int kit_accel_next(kit_accel_reader_t *r, kit_winst_t *out, char *err, size_t errlen);
void kit_accel_close(kit_accel_reader_t *r);

#endif /* KIT_ACCEL_H */
