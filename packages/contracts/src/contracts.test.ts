import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './constants/auth.js';
import { FILE_TYPES } from './constants/files.js';
import * as constants from './constants/index.js';
import { PERMISSION_CODES, ROLES } from './constants/permissions.js';
import * as contracts from './index.js';
import { emailSchema, passwordSchema } from './schemas/auth.js';
import * as schemas from './schemas/index.js';

describe('package layout', () => {
  const dir = join(import.meta.dirname, 'constants');
  it.each(readdirSync(dir))('constants/%s imports nothing but other constants (no zod)', (file) => {
    const source = readFileSync(join(dir, file), 'utf8');
    const imports = [...source.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(?\s*'([^']+)'/g)].map((m) => m[1] ?? m[2]);
    for (const path of imports) expect(path).toMatch(/^\.\/[\w-]+\.js$/);
  });

  it('the package root exports every constant and every schema, under one name each', () => {
    const names = [...Object.keys(constants), ...Object.keys(schemas)];
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(contracts).sort()).toEqual(names.sort());
  });
});

describe('password rule', () => {
  it('accepts 8+ characters with a lower-case letter, a capital and a digit', () => {
    expect(passwordSchema.safeParse('Demo2026!').success).toBe(true);
    expect(passwordSchema.safeParse('Abcdefg1').success).toBe(true);
  });

  it.each(['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', ''])('refuses %j with a French message', (pw) => {
    const res = passwordSchema.safeParse(pw);
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toMatch(/Veuillez remplir ce champ|8 caractères/);
  });
});

describe('common passwords', () => {
  it.each([
    'Azerty123',
    'pASSWORD1',
    'Motdepasse1',
    'Bonjour123',
    'Soleil123',
    'Qwerty123',
    'Azertyuiop1',
    'Marseille13',
    'Doudou123',
    'Chouchou1',
    'Nicolas1',
    'Julien123',
    'Celine123',
    'Paris2024',
    'France2026',
    'Bienvenue1',
  ])('refuses %j, which passes the shape rule, with its own message', (pw) => {
    const res = passwordSchema.safeParse(pw);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => i.message)).toEqual(['Ce mot de passe est trop courant : choisissez-en un autre.']);
  });

  it('keeps the demo password and uncommon ones; a weak password gets the shape message only', () => {
    expect(isCommonPassword('Demo2026!')).toBe(false);
    expect(passwordSchema.safeParse('Granules2027').success).toBe(true);
    expect(passwordSchema.safeParse('password').error?.issues.map((i) => i.message)).toEqual([
      'Le mot de passe doit contenir au moins 8 caractères, dont une minuscule, une majuscule et un chiffre.',
    ]);
  });
});

describe('email', () => {
  it('trims and refuses what is not an address', () => {
    expect(emailSchema.parse('  Jean.Dupont@Exemple.fr ')).toBe('Jean.Dupont@Exemple.fr');
    expect(emailSchema.safeParse('jean@').success).toBe(false);
  });
});

describe('roles table', () => {
  it('has the nine roles of ARCHITECTURE.md with their admin types', () => {
    expect(ROLES.map((r) => [r.id, r.adminTypeId])).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [5, 2],
      [6, 2],
      [7, 2],
      [8, 2],
      [9, 2],
    ]);
  });

  it('uses only known permission codes, each once per role', () => {
    for (const role of ROLES) {
      expect(new Set(role.permissions).size).toBe(role.permissions.length);
      for (const code of role.permissions) expect(PERMISSION_CODES).toContain(code);
    }
  });

  it('follows spec 00 §6: 6 has spare parts, 5 and 8 the administration forum, 8 no region bases', () => {
    const perms = (id: number) => ROLES.find((r) => r.id === id)!.permissions;
    expect(perms(6)).toContain('spare_part_announcement_administration');
    expect(perms(5)).toContain('forum_admin_administration');
    expect(perms(8)).toContain('forum_admin_administration');
    expect(perms(8)).not.toContain('document_base_region_reading');
    expect(perms(1)).toEqual(PERMISSION_CODES);
  });
});

describe('file types', () => {
  it('lists the 19 upload types with their limits', () => {
    expect(FILE_TYPES.map((t) => t.fileTypeId)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
    for (const t of FILE_TYPES) {
      expect(t.allowedMimeTypes.length).toBeGreaterThan(0);
      expect(t.maxSize).toBeGreaterThan(0);
    }
    expect(FILE_TYPES.find((t) => t.fileTypeId === 19)!.allowedMimeTypes).toEqual(['application/pdf']);
  });
});
