import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { agencies } from '../db/schema/index.js';
import { agencyScope, agencyScopeTemplate, mayActForAgency } from './agency-scope.js';

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

describe('agency scope template (prepared statements)', () => {
  it('is the same rule with the ids as placeholders', () => {
    expect(agencyScopeTemplate(network, agencies.id)).toEqual({ shape: 'all', condition: undefined, values: {} });
    const listed = agencyScopeTemplate(adherentStaff, agencies.id);
    expect(listed.shape).toBe('listed');
    expect(listed.values).toEqual({ agencyIds: [3, 5] });
    expect(render(listed.condition)).toEqual({ sql: '"agencies"."id" = any($1::integer[])', params: [{ name: 'agencyIds' }] });
    const withAdherent = agencyScopeTemplate(adherentStaff, agencies.id, agencies.adherentId);
    expect(withAdherent.values).toEqual({ agencyIds: [3, 5], adherentId: 2 });
    expect(render(withAdherent.condition)?.sql).toBe('("agencies"."id" = any($1::integer[]) and "agencies"."adherent_id" = $2)');
  });

  it('fails closed where agencyScope does', () => {
    for (const [caller, adherentColumn] of [
      [noAgency, undefined],
      [noAgency, agencies.adherentId],
      [{ agencyIds: [3], adherentId: null }, agencies.adherentId],
    ] as const) {
      const template = agencyScopeTemplate(caller, agencies.id, adherentColumn);
      expect(template.shape).toBe('none');
      expect(render(template.condition)).toEqual({ sql: 'false', params: [] });
      expect(template.values).toEqual({});
    }
  });
});
