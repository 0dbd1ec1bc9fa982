import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

describe('/v1/openapi.json', () => {
  let api: TestApp;
  beforeAll(async () => {
    // The public origin the document names as its server (localhost would be a finding).
    api = await createTestApp({ settings: { publicOrigin: 'https://geosonde.ca' } });
  });
  afterAll(() => api.close());

  it('passes the Redocly linter', async () => {
    const response = await api.app.request('https://geosonde.ca/v1/openapi.json', { headers: { host: 'geosonde.ca' } });
    expect(response.status).toBe(200);
    const problems = await lintFromString({
      source: await response.text(),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`)).toEqual([]);
  });
});
