/*
 * partition.h - `kit partition` (partition.c): Liang's Algorithm 1 on a
 * throughput table, checked by brute force.
 */
#ifndef KIT_PARTITION_H
#define KIT_PARTITION_H

int kit_partition_main(int argc, char **argv);

#endif /* KIT_PARTITION_H */
