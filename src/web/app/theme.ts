import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// The blue of the product mark (shade 7 = #1d4ed8), which keeps 4.5:1 against white for links and buttons.
const brand: MantineColorsTuple = [
  '#eff6ff',
  '#dbeafe',
  '#bfdbfe',
  '#93c5fd',
  '#60a5fa',
  '#3b82f6',
  '#2563eb',
  '#1d4ed8',
  '#1e40af',
  '#1e3a8a',
];

/**
 * The portal's own colours beyond Mantine's palette (the navy of the header and footer, the pale blues of
 * surfaces and borders, the amber of the banner, the green of 'available'), as CSS variables
 * `--portal-color-<name>` set by {@link cssVariablesResolver}: CSS modules use these, never a raw hex value.
 */
export const portalColors = {
  'amber-200': '#f5e4b0',
  'amber-300': '#f0d68a',
  'amber-50': '#fff7e0',
  'amber-800': '#8a6100',
  'amber-900': '#4a3500',
  'blue-100': '#e9eff8',
  'blue-150': '#dbe6f7',
  'blue-200': '#dbe5f5',
  'blue-250': '#d3ddeb',
  'blue-300': '#c7d7f0',
  'blue-50': '#eef3fa',
  'green-100': '#dcfce7',
  'green-700': '#15803d',
  'green-900': '#14532d',
  ink: '#172033',
  'ink-muted': '#3a4352',
  'navy-700': '#24487f',
  'navy-750': '#27406a',
  'navy-800': '#173f7a',
  'navy-850': '#16305a',
  'navy-900': '#0f2a52',
  'navy-950': '#0b1f3a',
  'slate-100': '#eceff3',
  'slate-200': '#dce3ed',
  'slate-25': '#f7f9fc',
  'slate-50': '#f4f6fa',
  'slate-600': '#475467',
} as const;

/**
 * The portal's spacing scale for CSS modules, as `--portal-space-<step>` (step n = n × 0.25rem, `-5` a half
 * step): paddings, margins and gaps use these, never a raw length, so the rhythm of the pages is set here.
 * Mantine's own `spacing` (xs…xl) is left as it is: its components are laid out with it.
 */
export const portalSpacing = {
  '0-5': '0.125rem',
  '1': '0.25rem',
  '1-5': '0.375rem',
  '2': '0.5rem',
  '2-5': '0.625rem',
  '3': '0.75rem',
  '3-5': '0.875rem',
  '4': '1rem',
  '5': '1.25rem',
  '6': '1.5rem',
  '7': '1.75rem',
  '8': '2rem',
  '10': '2.5rem',
  '16': '4rem',
} as const;

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});

// Mantine's default "dimmed" grey (gray-6) is below 4.5:1 on white; gray-7 passes. Same for the error red.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: Object.fromEntries([
    ...Object.entries(portalColors).map(([name, value]) => [`--portal-color-${name}`, value]),
    ...Object.entries(portalSpacing).map(([step, value]) => [`--portal-space-${step}`, value]),
  ]),
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // The error red of fields and their messages: Mantine's red-6 is 3.3:1 on white, red-9 passes 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
