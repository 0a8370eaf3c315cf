/*
 * plan.h - `kit plan`, the kit's job planner (tb/harness/plan.c).
 */
#ifndef PLAN_H
#define PLAN_H

/* Where a block's directed stimulus files live (printf with the name). */
#define KIT_DIRECTED_DIR "tb/%s/directed"

/* argv[0] is the target; 0, or 1/2 with a one-line error on stderr. */
int kit_plan_main(int argc, char **argv);

#endif /* PLAN_H */
