import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL server; the embedded PGlite database under DATA_DIR when unset. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL doit commencer par postgres:// ou postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Folder of the embedded database (and, later, uploaded files). */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Seed the demo data and accounts on a PostgreSQL server too. */
  GS_DEMO: flag,
  /** Folder of the built site served next to the API. */
  SITE_DIR: z.string().min(1).default('./dist'),
  /** One log line per request. */
  GS_LOG_REQUESTS: flag,
});

export type Env = z.infer<typeof envSchema>;

/**
 * Reads the settings from the environment once, at start-up; throws a readable error naming
 * each invalid variable.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
}
