/**
 * V8 settings of the server process, set before anything compiles WebAssembly (PGlite's engine when the database
 * opens, HiGHS in the planner thread on the first plan), so imported first by server.ts. Flags are per process: they
 * hold for the planner thread too, and for any way the server is started (`npm start`, the Dockerfile, systemd).
 *
 * One background thread compiles WebAssembly instead of up to 128 (V8's default: as many as the platform lends).
 * Tiering HiGHS's hot functions up to the optimising compiler on several threads at once left each thread's
 * compilation memory in its own allocator arena. Measured (docs/benchmarks.md, session 29): 10 weekly plans in one
 * process 187–194 → 151–155 MB RSS at the same CPU per plan; the server right after `bench:load` on PostgreSQL
 * 235–252 → 226–244 MB alone, 208–223 MB with the smaller young generation of scripts/allocator-env.mjs. The
 * optimised code arrives a little later; plans took no more CPU.
 */
import { setFlagsFromString } from 'node:v8';

export const V8_FLAGS = ['--wasm-num-compilation-tasks=1'] as const;
for (const flag of V8_FLAGS) setFlagsFromString(flag);
