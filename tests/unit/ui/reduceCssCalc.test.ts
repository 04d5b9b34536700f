import { describe, expect, it } from 'vitest';
// The package the build replaces (vite.config.ts aliases the bare name only), as @visx/text depends on it.
import packageReduceCssCalc from 'reduce-css-calc/index.js';
import reduceCssCalc from '../../../src/ui/reduceCssCalc';

/** The expressions @visx/text's useText builds for a text of `lines` lines (hooks/useText.js). */
function visxExpressions(lines: number, lineHeight: string, capHeight: string): string[] {
  return [
    `calc(${capHeight})`,
    `calc(${(lines - 1) / 2} * -${lineHeight} + (${capHeight} / 2))`,
    `calc(${lines - 1} * -${lineHeight})`,
  ];
}

describe('reduceCssCalc, in place of the reduce-css-calc package', () => {
  const cases = [1, 2, 3, 5].flatMap((lines) =>
    [
      ['1em', '0.71em'],
      ['1.2em', '0.5em'],
      ['18px', '12px'],
    ].flatMap(([lineHeight, capHeight]) => visxExpressions(lines, lineHeight, capHeight)),
  );

  it.each(cases)('reduces %s as the package does', (expression) => {
    expect(reduceCssCalc(expression)).toBe(packageReduceCssCalc(expression));
  });

  it('reduces to one length with the units of its terms', () => {
    expect(reduceCssCalc('calc(2 * -1em + (0.71em / 2))')).toBe('-1.645em');
    expect(reduceCssCalc('calc(1em - -2em)')).toBe('3em');
    expect(reduceCssCalc('calc(3 * 4)')).toBe('12');
  });

  it.each(['calc(1em + 2px)', 'calc(1em / 0)', 'calc(1em * 2em)', 'calc((1em)', 'calc(1em +)', 'calc(1em ; 2em)', '5px'])(
    'gives %s back as it was when it cannot be one length',
    (expression) => {
      expect(reduceCssCalc(expression)).toBe(expression);
    },
  );
});
