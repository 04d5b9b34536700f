/**
 * What @visx/text asks of the `reduce-css-calc` package: a `calc()` of lengths in one unit (its line
 * height and cap height, in em) reduced to one length, e.g. `calc(2 * -1em + (0.71em / 2))` gives
 * `-1.645em`. It takes that package's place in the build (vite.config.ts), whose general expression
 * evaluator weighs 5 KB gzipped on the dashboard. An expression it cannot reduce to one length (mixed
 * units, a division by zero, a typo) comes back as it was.
 */
export default function reduceCssCalc(value: string): string {
  const inner = /^calc\((.*)\)$/.exec(value.trim());
  if (!inner) return value;
  const tokens = inner[1].match(/\d*\.?\d+(?:e[+-]?\d+)?[a-z%]*|[-+*/()]/gi) ?? [];
  if (tokens.join('') !== inner[1].replace(/\s+/g, '')) return value;
  const result = new CalcParser(tokens).parse();
  if (!result) return value;
  return `${Math.round(result.amount * 1e5) / 1e5}${result.unit}`;
}

interface Length {
  amount: number;
  unit: string;
}

class CalcParser {
  private at = 0;

  constructor(private readonly tokens: string[]) {}

  parse(): Length | null {
    const result = this.sum();
    return result && this.at === this.tokens.length ? result : null;
  }

  private sum(): Length | null {
    let left = this.product();
    while (left && (this.peek() === '+' || this.peek() === '-')) {
      const sign = this.next() === '+' ? 1 : -1;
      const right = this.product();
      if (!right) return null;
      if (left.unit && right.unit && left.unit !== right.unit) return null;
      left = { amount: left.amount + sign * right.amount, unit: left.unit || right.unit };
    }
    return left;
  }

  private product(): Length | null {
    let left = this.factor();
    while (left && (this.peek() === '*' || this.peek() === '/')) {
      const operator = this.next();
      const right = this.factor();
      if (!right) return null;
      if (operator === '*') {
        if (left.unit && right.unit) return null;
        left = { amount: left.amount * right.amount, unit: left.unit || right.unit };
      } else {
        if (right.unit || right.amount === 0) return null;
        left = { amount: left.amount / right.amount, unit: left.unit };
      }
    }
    return left;
  }

  private factor(): Length | null {
    const token = this.next();
    if (token === '-') {
      const negated = this.factor();
      return negated && { amount: -negated.amount, unit: negated.unit };
    }
    if (token === '(') {
      const inside = this.sum();
      return inside && this.next() === ')' ? inside : null;
    }
    const length = token === undefined ? null : /^(\d*\.?\d+(?:e[+-]?\d+)?)([a-z%]*)$/i.exec(token);
    return length && { amount: Number(length[1]), unit: length[2] };
  }

  private peek(): string | undefined {
    return this.tokens[this.at];
  }

  private next(): string | undefined {
    return this.tokens[this.at++];
  }
}
