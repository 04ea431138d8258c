import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { t } from '../i18n';

/** Deep "energy" blue, the brand colour; teal is the accent. */
const ocean: MantineColorsTuple = [
  '#e8f1fd',
  '#d0e0f7',
  '#a0bfeb',
  '#6c9ce0',
  '#437ed6',
  '#2a6bd0',
  '#1a60ce',
  '#0c4fb6',
  '#0b3d91',
  '#062f73',
];

export const theme = createTheme({
  primaryColor: 'ocean',
  primaryShade: { light: 7, dark: 5 },
  colors: { ocean },
  fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: {
    fontFamily: "Inter, 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    TextInput: { defaultProps: { size: 'md' } },
    // A toggle button: its name stays, aria-pressed says whether the password shows (Mantine's
    // default name is English). Reached by Tab, right after its field (issue 25).
    PasswordInput: {
      defaultProps: {
        size: 'md',
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': t('common.showPassword') },
      },
    },
    // A skeleton stands for content being loaded: a status, so that the name some give it
    // (« Chargement… ») is allowed on its div (axe: aria-prohibited-attr; issue 25).
    Skeleton: { defaultProps: { role: 'status' } },
    // Field errors are announced when they appear (they show on blur and after a server answer).
    InputWrapper: { defaultProps: { errorProps: { role: 'alert' } } },
  },
});
