/*
 * traffic_cmd.h - `kit traffic` (traffic_cmd.c): write a kernel's warp
 * instructions, or an imported Accel-Sim trace, as a kit trace file
 * (doc/traffic.md).
 */
#ifndef KIT_TRAFFIC_CMD_H
#define KIT_TRAFFIC_CMD_H

int kit_traffic_main(int argc, char **argv);

#endif /* KIT_TRAFFIC_CMD_H */
