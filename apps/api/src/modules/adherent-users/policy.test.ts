import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { changedAgenciesAllowed, coveredAccounts } from './policy.js';

// Pure rules of the policy, without a database: the cases the mutation pass (npm run mutation)
// found no test for. The routes' tests cover the same rules through the database.
const rendered = (condition: ReturnType<typeof coveredAccounts>) =>
  condition === undefined ? undefined : new PgDialect().sqlToQuery(condition).sql;

describe('coveredAccounts', () => {
  it('gives a network caller every account, and fails closed for staff without agency or adherent', () => {
    expect(coveredAccounts({ agencyIds: null, adherentId: null })).toBeUndefined();
    expect(rendered(coveredAccounts({ agencyIds: [], adherentId: 4 }))).toBe('false');
    expect(rendered(coveredAccounts({ agencyIds: [7], adherentId: null }))).toBe('false');
    expect(rendered(coveredAccounts({ agencyIds: [], adherentId: null }))).toBe('false');
    expect(rendered(coveredAccounts({ agencyIds: [7], adherentId: 4 }))).toContain('not exists');
  });
});

describe('changedAgenciesAllowed', () => {
  const manager = { agencyIds: [1, 2] };

  it('lets a network caller give and take any agency', () => {
    expect(changedAgenciesAllowed({ agencyIds: null }, [1], [8, 9])).toBe(true);
  });

  it('lets an agency manager give and take its own agencies, keeping the others as they are', () => {
    expect(changedAgenciesAllowed(manager, [1, 5], [2, 5])).toBe(true);
    expect(changedAgenciesAllowed(manager, [5], [5])).toBe(true);
  });

  it('refuses an agency manager giving or taking away an agency it does not manage', () => {
    expect(changedAgenciesAllowed(manager, [1], [1, 5])).toBe(false);
    expect(changedAgenciesAllowed(manager, [1, 5], [1])).toBe(false);
    expect(changedAgenciesAllowed(manager, [5], [1])).toBe(false);
  });
});
