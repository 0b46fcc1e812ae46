import { defineConfig } from 'vitest/config';

const projetoApi = (nome: string, env: Record<string, string>) => ({
  test: {
    name: nome,
    include: ['apps/api/src/**/*.test.ts'],
    globalSetup: ['apps/api/src/testing/modelo-pglite.ts'],
    env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      projetoApi('api-pglite', { TEST_DB: 'pglite' }),
      // The same suite against a PostgreSQL server, when one is named.
      ...(process.env.TEST_DATABASE_URL ? [projetoApi('api-postgres', { TEST_DB: 'postgres' })] : []),
    ],
  },
});
