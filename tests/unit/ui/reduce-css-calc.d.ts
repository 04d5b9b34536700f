/** The package src/ui/reduceCssCalc.ts stands in for; its test compares the two. */
declare module 'reduce-css-calc/index.js' {
  export default function reduceCSSCalc(value: string, precision?: number): string;
}
