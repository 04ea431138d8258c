import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { agencies } from '../db/schema/index.js';
import { agencyScope, mayActForAgency } from './agency-scope.js';

const dialect = new PgDialect({ casing: 'snake_case' });
const render = (condition: ReturnType<typeof agencyScope>) =>
  condition === undefined ? undefined : (({ sql, params }) => ({ sql, params }))(dialect.sqlToQuery(condition));

const network = { agencyIds: null, adherentId: null };
const adherentStaff = { agencyIds: [3, 5], adherentId: 2 };
const noAgency = { agencyIds: [], adherentId: 2 };

describe('agency scope', () => {
  it('does not restrict network roles', () => {
    expect(agencyScope(network, agencies.id)).toBeUndefined();
    expect(agencyScope(network, agencies.id, agencies.adherentId)).toBeUndefined();
    expect(mayActForAgency(network, 99)).toBe(true);
  });

  it('restricts adherent-level staff to their agencies', () => {
    expect(render(agencyScope(adherentStaff, agencies.id))).toEqual({
      sql: '"agencies"."id" in ($1, $2)',
      params: [3, 5],
    });
    expect(mayActForAgency(adherentStaff, 5)).toBe(true);
    expect(mayActForAgency(adherentStaff, 4)).toBe(false);
  });

  it('adds the adherent column when asked', () => {
    expect(render(agencyScope(adherentStaff, agencies.id, agencies.adherentId))).toEqual({
      sql: '("agencies"."id" in ($1, $2) and "agencies"."adherent_id" = $3)',
      params: [3, 5, 2],
    });
    expect(render(agencyScope({ agencyIds: [3], adherentId: null }, agencies.id, agencies.adherentId))).toEqual({
      sql: 'false',
      params: [],
    });
  });

  it('fails closed on an empty agency list', () => {
    expect(render(agencyScope(noAgency, agencies.id))).toEqual({ sql: 'false', params: [] });
    expect(render(agencyScope(noAgency, agencies.id, agencies.adherentId))).toEqual({ sql: 'false', params: [] });
    expect(mayActForAgency(noAgency, 3)).toBe(false);
  });
});
