import { describe, expect, it } from 'vitest';
import i18n, { t } from './index';

describe('t()', () => {
  it('finds nested keys and interpolates', () => {
    i18n.addResourceBundle('fr', 'translation', { test: { hello: 'Bonjour {{name}}, {{ name }} !' } });
    expect(t('test.hello', { name: 'Sophie' })).toBe('Bonjour Sophie, Sophie !');
  });

  it('picks the French plural form by count (0 and 1 are singular)', () => {
    i18n.addResourceBundle('fr', 'translation', { test: { calls_one: '{{count}} demande', calls_other: '{{count}} demandes' } });
    expect(t('test.calls', { count: 0 })).toBe('0 demande');
    expect(t('test.calls', { count: 1 })).toBe('1 demande');
    expect(t('test.calls', { count: 3 })).toBe('3 demandes');
  });

  it('answers the key for a missing text, or the given default', () => {
    expect(t('test.nothing.here')).toBe('test.nothing.here');
    expect(t('test.nothing.here', { defaultValue: 'Par défaut' })).toBe('Par défaut');
  });

  it('keeps an unknown placeholder as written', () => {
    i18n.addResourceBundle('fr', 'translation', { test: { partial: 'Bonjour {{who}}' } });
    expect(t('test.partial', {})).toBe('Bonjour {{who}}');
  });

  it('merges area sections without losing the shared ones', () => {
    i18n.addResourceBundle('fr', 'translation', { test: { area: 'Zone' } });
    expect(t('test.area')).toBe('Zone');
    expect(t('test.hello', { name: 'Luc' })).toBe('Bonjour Luc, Luc !');
  });

  it('never changes an added file when another one is merged into the same section', () => {
    const first = { merged: { a: 'Un', deep: { b: 'Deux' } } };
    const second = { merged: { c: 'Trois', deep: { d: 'Quatre' } } };
    i18n.addResourceBundle('fr', 'translation', first);
    i18n.addResourceBundle('fr', 'translation', second);
    expect([t('merged.a'), t('merged.c'), t('merged.deep.b'), t('merged.deep.d')]).toEqual(['Un', 'Trois', 'Deux', 'Quatre']);
    expect(first).toEqual({ merged: { a: 'Un', deep: { b: 'Deux' } } });
    expect(second).toEqual({ merged: { c: 'Trois', deep: { d: 'Quatre' } } });
  });
});
