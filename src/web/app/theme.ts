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

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
});

// Mantine's default "dimmed" grey (gray-6) is below 4.5:1 on white; gray-7 passes. Same for the error red.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // The error red of fields and their messages: Mantine's red-6 is 3.3:1 on white, red-9 passes 4.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
