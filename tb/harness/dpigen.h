/*
 * dpigen.h - `kit dpigen` / `kit dpitop` (dpigen.c): the SystemVerilog
 * package and testbench of the DPI-C entry (dpi.h), and the Verilog
 * identifier and string-literal helpers the kit's generators share.
 */
#ifndef KIT_DPIGEN_H
#define KIT_DPIGEN_H

#include <stddef.h>

int kit_dpigen_main(int argc, char **argv);
int kit_dpitop_main(int argc, char **argv);

/* A plain Verilog identifier: a letter or _, then letters, digits, _ or $. */
int kit_verilog_ident(const char *s);
/* s as the body of a Verilog string literal into lit[n]: " and \ escaped;
 * -1 on a control character or when it does not fit. */
int kit_verilog_string(const char *s, char *lit, size_t n);

#endif /* KIT_DPIGEN_H */
