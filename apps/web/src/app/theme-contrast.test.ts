import { DEFAULT_THEME, keys, type MantineTheme, mergeThemeOverrides } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { contrastRatio, contrastSafeVariables, PAGE_BACKGROUND } from './theme-contrast';

const merged = mergeThemeOverrides(DEFAULT_THEME, theme) as MantineTheme;
const vars = contrastSafeVariables(merged);

describe('contrast-safe theme tokens (WCAG AA, issue 12 §3)', () => {
  it('dimmed grey reads at 4.5:1 on the page, on white and on gray-0 (it was 3.09:1)', () => {
    expect(contrastRatio('#868e96', PAGE_BACKGROUND)).toBeLessThan(3.2);
    for (const background of [PAGE_BACKGROUND, '#ffffff', merged.colors.gray[0]])
      expect(contrastRatio(vars['--mantine-color-dimmed'] as string, background)).toBeGreaterThanOrEqual(4.5);
  });

  it('every colour: white on filled, text and outline on the page, a light pill on its tint', () => {
    for (const name of keys(merged.colors)) {
      const shades = merged.colors[name] as readonly string[];
      expect(contrastRatio('#ffffff', vars[`--mantine-color-${name}-filled`] as string), `${name} filled`).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(
        contrastRatio(vars[`--mantine-color-${name}-text`] as string, PAGE_BACKGROUND),
        `${name} text`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrastRatio(vars[`--mantine-color-${name}-light-color`] as string, shades[2] as string),
        `${name} pill`,
      ).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour that already reads unchanged', () => {
    expect(vars['--mantine-color-ocean-filled']).toBe(merged.colors.ocean?.[7]);
  });
});
