import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { theme } from '../src/app/theme';
import { cssVariablesResolver } from '../src/app/theme-contrast';

/** What the app imports to get the theme's CSS variables (src/app/providers.tsx). */
const MODULE_ID = 'virtual:theme-variables.css';
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * The theme's CSS variables as Mantine's provider writes them into the page at run time (its
 * `<style data-mantine-styles>`), contrast-safe colours included (app/theme-contrast.ts). The theme
 * is known at build time: computing them in the browser took about 120 ms of the phone's first
 * load (hundreds of colour conversions before the first render), for the same text every time.
 */
export function themeVariablesCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: 'light', withGlobalClasses: false }),
  );
  const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error('theme-variables: Mantine wrote no CSS variables (has its provider changed?)');
  return css;
}

/** Serves `virtual:theme-variables.css`, bundled with the app's other CSS. */
export function themeVariables(): Plugin {
  return {
    name: 'reseau-theme-variables',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? themeVariablesCss() : undefined),
  };
}
