import {
  type CSSVariablesResolver,
  darken,
  defaultCssVariablesResolver,
  isVirtualColor,
  keys,
  type MantineTheme,
  toRgba,
} from '@mantine/core';

/** WCAG AA for body text, with a little margin for anti-aliasing. */
const AA = 4.6;
/** The darkest background text sits on: the page (global.css), darker than white and gray-0. */
export const PAGE_BACKGROUND = '#f4f7fb';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function relativeLuminance(color: string): number {
  const { r, g, b } = toRgba(color);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two opaque colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened just enough to read at WCAG AA on `background`. */
export function readableOn(color: string, background: string): string {
  for (let amount = 0; amount < 1; amount += 0.04) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (contrastRatio(candidate, background) >= AA) return candidate;
  }
  return '#000';
}

/**
 * Mantine's light-scheme tokens, each text colour darkened until it reaches 4.5:1 where it is
 * used (issue 12 §3): dimmed grey on the page, a colour's text and outline on the page, white on
 * its filled shade, a light badge's text on its tint. Intranet and extranet share it.
 */
export function contrastSafeVariables(theme: MantineTheme): Record<string, string> {
  const primary = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const vars: Record<string, string> = {
    '--mantine-color-dimmed': readableOn(theme.colors.gray[6], PAGE_BACKGROUND),
  };
  for (const name of keys(theme.colors)) {
    const shades = theme.colors[name];
    if (!shades || isVirtualColor(shades)) continue;
    const filled = readableOn(shades[primary], '#fff');
    vars[`--mantine-color-${name}-filled`] = filled;
    vars[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.1);
    vars[`--mantine-color-${name}-text`] = readableOn(shades[primary], PAGE_BACKGROUND);
    vars[`--mantine-color-${name}-outline`] = readableOn(shades[primary], PAGE_BACKGROUND);
    vars[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[2]);
  }
  return vars;
}

/** Mantine's variables with the contrast-safe colours; written into the CSS at build time (build/theme-variables.ts). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const base = defaultCssVariablesResolver(theme);
  return { ...base, light: { ...base.light, ...contrastSafeVariables(theme) } };
};
