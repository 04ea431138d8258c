import { DEFAULT_THEME, type MantineTheme, mergeThemeOverrides } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { themeVariablesCss } from '../../build/theme-variables';
import { AppProviders } from './providers';
import { theme } from './theme';
import { contrastSafeVariables } from './theme-contrast';

describe("the theme's CSS variables, written at build time", () => {
  it('carry the contrast-safe colours and the brand colour', () => {
    const css = themeVariablesCss();
    const safe = contrastSafeVariables(mergeThemeOverrides(DEFAULT_THEME, theme) as MantineTheme);
    expect(css).toContain(`--mantine-color-dimmed: ${safe['--mantine-color-dimmed']};`);
    expect(css).toContain(`--mantine-color-red-text: ${safe['--mantine-color-red-text']};`);
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-ocean-filled);');
  });

  it('are not written again by the app at run time', () => {
    render(<AppProviders env="test">contenu</AppProviders>);
    const written = [...document.querySelectorAll('style[data-mantine-styles]')].map((s) => s.textContent ?? '');
    expect(written.some((css) => css.includes('--mantine-color-dimmed'))).toBe(false);
  });
});
