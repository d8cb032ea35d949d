/**
 * How many times the race tests (input that lands before the app hydrates) repeat their attempt. `npm test`
 * runs a few, enough to catch a control that loses input most of the time; `npm run test:races` sets
 * E2E_RACES=many and runs the full count, to catch one that loses it rarely (README, "Tests").
 */
export function raceRepeats(inNpmTest: number, full: number): number {
  return process.env.E2E_RACES === 'many' ? full : inNpmTest;
}
